// A task sent to a Claude Code session sitting on its folder-trust dialog (issue 13; spec/cli.md
// § lich send, Never read; § Known ceilings, "A provider may open on a question of its own"):
// the built-in `claude` is the stand-in Claude Code (examples/claude) with
// EXAMPLE_CLAUDE_TRUST=ask, which — as Claude Code 2.1.328 was measured to — runs nothing of
// lich's plugin before the dialog is answered, and quits on anything typed there. lich types
// nothing at it, and the task ends `unread` two receipt windows after it would have been typed.
//
// Time is shortened, never faked away: a receipt window of 2.5 s instead of 15 s.

import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Backend, q, standInClaude, type Session } from './harness.js';

let b: Backend;

beforeAll(async () => {
  b = await Backend.start({ env: ({ log }) => standInClaude(log), timings: { receiptWindowMs: 2500 } });
});

afterAll(async () => {
  if (!b) return;
  const violations = b.violations;
  await b.close();
  expect(violations).toEqual([]);
});

const unreadText = (t: string) =>
  `The ${q(t)} session never picked the task up: it was typed at that prompt and nothing read it, so something else has that terminal — a provider still starting, or a question of its own on screen (Claude Code asks whether a directory is trusted the first time it runs in one). Nothing is queued and nothing was answered. Tell the user to open the ${q(t)} card and clear what is on it; the task has to be sent again after that.\n`;

/** Opens a stand-in Claude Code session in a folder it does not trust; resolves once its dialog is drawn. */
async function openOnTrustDialog(name: string): Promise<Session> {
  const dir = join(b.home, name);
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, '.example-claude.env'), 'EXAMPLE_CLAUDE_TRUST=ask\n');
  const s = await b.open(dir, 'claude');
  await b.log.waitFor(s.id, (e) => e.event === 'trust-dialog', 'the stand-in drawing its trust dialog');
  return s;
}

async function live(id: string): Promise<boolean> {
  const r = await b.lich(['sessions', '--json']);
  return (JSON.parse(r.stdout) as Array<{ id: string }>).some((s) => s.id === id);
}

describe('a Claude Code session on its folder-trust dialog', () => {
  it('is sent a task that ends unread (exit 3) within the wait, with nothing typed at the dialog', async () => {
    const s = await openOnTrustDialog('untrusted');
    const r = await b.lich(['send', '--timeout', '60', s.id, 'echo run the tests']);
    // Unread, well within the 60 s wait: held for it, the task would have come back pending (exit 2).
    expect(r).toEqual({ code: 3, stdout: unreadText(s.label), stderr: '' });
    // Nothing answered the dialog: the session still sits on it, for a person to answer.
    expect(b.log.entries(s.id).map((e) => e.event)).not.toContain('trust-refused');
    expect(await live(s.id)).toBe(true);
  });

  it('refuses an insert there as not at its prompt, rather than pasting where the text lands nowhere', async () => {
    const s = await openOnTrustDialog('untrusted-insert');
    const r = await b.lich(['insert', '--session', s.id, '--timeout', '2', 'a selection']);
    expect(r).toEqual({
      code: 1,
      stdout: '',
      stderr: `lich: ${q(s.label)} was still not at its prompt after 2s: its agent may still be starting — nothing was inserted; insert it again once its card shows a prompt\n`,
    });
    expect(await live(s.id)).toBe(true);
  });

  it('answers unread on its ticket to a caller that stopped waiting', async () => {
    const s = await openOnTrustDialog('untrusted-too');
    const sent = await b.lich(['send', '--json', '--timeout', '1', s.id, 'echo run the tests']);
    expect(sent.code).toBe(2);
    const { ticket } = JSON.parse(sent.stdout) as { ticket: string };
    const r = await b.lich(['wait', '--json', '--timeout', '60', ticket]);
    expect(r.code).toBe(3);
    expect(JSON.parse(r.stdout)).toEqual({ ticket, target: s.label, status: 'unread', answer: '' });
    expect(await live(s.id)).toBe(true);
  });
});
