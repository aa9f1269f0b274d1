// The errands that end with no answer coming through lich, each exit 3 with its own prose:
// never read (unread), answered somewhere else (unanswered, and the late answer it still
// takes), never delivered (undelivered), and nobody answered within the hour (expired).
// spec/cli.md § lich send, § lich wait; wire.md §§ 7.1, 7.2, 9.
//
// Time is shortened, never faked away: the backend gets a receipt window of 2.5 s instead of
// 15 s, a delivery limit of 4 s instead of 5 min, and a clock this file moves past the hour.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  Backend,
  ManualClock,
  exampleProvider,
  inertProvider,
  makeRepo,
  q,
  ticketOf,
  type ProviderEntry,
  type Session,
} from './harness.js';

const clock = new ManualClock();
let b: Backend;
let repo: string;
let agent: Session;
let inert: Session;

/** A terminal that never goes quiet, so lich never finds it at a prompt. */
function noisyProvider(): ProviderEntry {
  return {
    name: 'Never at a prompt',
    command: '/bin/sh',
    args: ['-c', 'while :; do echo working; sleep 0.1; done'],
    env: {},
    reportsState: true,
    tools: false,
  };
}

beforeAll(async () => {
  b = await Backend.start({
    providers: ({ log }) => ({ example: exampleProvider(log), inert: inertProvider(), noisy: noisyProvider() }),
    clock,
    timings: { receiptWindowMs: 2500, deliveryLimitMs: 4000 },
  });
  repo = makeRepo(b.home, 'outcomes-repo', 1);
  agent = await b.open(repo, 'example');
  inert = await b.open(repo, 'inert');
  await b.log.ready(agent.id);
});

afterAll(async () => {
  if (!b) return;
  const violations = b.violations;
  await b.close();
  expect(violations).toEqual([]);
});

const unreadText = (t: string) =>
  `The ${q(t)} session never picked the task up: it was typed at that prompt and nothing read it, so something else has that terminal — a provider still starting, or a question of its own on screen (Claude Code asks whether a directory is trusted the first time it runs in one). Nothing is queued and nothing was answered. Tell the user to open the ${q(t)} card and clear what is on it; the task has to be sent again after that.\n`;
const unansweredText = (t: string) =>
  `The ${q(t)} session finished its turn without answering through lich. Whatever it produced is in that session — tell the user to open the ${q(t)} card to read it. If it is still working in the background, its answer can still arrive on this ticket for an hour.\n`;
const undeliveredText = (t: string) =>
  `The task never reached the ${q(t)} session: it was held back because that terminal was not at a prompt — a worktree setup script still running, a provider that never came up — and the session ended or stayed that way for too long. Nothing is queued anymore and nothing was answered. Tell the user to open the ${q(t)} card to see what happened there; the task has to be sent again after that.\n`;
const expiredText = (t: string) =>
  `The ${q(t)} session did not answer within the hour a task is kept open, so the task expired and no answer is coming. Open the ${q(t)} card to see where it stands.\n`;

describe('never read', () => {
  it('ends the wait with exit 3 when a state-reporting session never picks the task up, after one re-type', async () => {
    const started = Date.now();
    const r = await b.lich(['send', '--json', '--timeout', '30', agent.label, '#example: ignore\necho unread']);
    expect(r.code).toBe(3);
    expect(r.stderr).toBe('');
    const result = JSON.parse(r.stdout);
    expect(result).toEqual({ ticket: expect.stringMatching(/^[0-9a-f]{8}$/), target: agent.label, status: 'unread', answer: '' });
    // Well before the 30 s wait: the shortened window (twice, for the re-type) decided it.
    expect(Date.now() - started).toBeLessThan(15_000);
    const ignored = b.log.entries(agent.id).filter((e) => e.event === 'ignored' && e.ticket === result.ticket);
    expect(ignored).toHaveLength(2);
  });

  it('words it for a person to go and look at the card', async () => {
    const r = await b.lich(['send', '--timeout', '30', agent.label, '#example: ignore\necho unread again']);
    expect(r).toEqual({ code: 3, stdout: unreadText(agent.label), stderr: '' });
  });
});

describe('answered somewhere else', () => {
  it('ends the wait with exit 3 when the target ends its turn without replying', async () => {
    const r = await b.lich(['send', '--timeout', '30', agent.label, '#example: no-reply\necho worked']);
    expect(r).toEqual({ code: 3, stdout: unansweredText(agent.label), stderr: '' });
  });

  it('still takes a late answer on that ticket, and lich wait <ticket> hands it over', async () => {
    const r = await b.lich(['send', '--json', '--timeout', '30', agent.label, '#example: no-reply\necho background']);
    expect(r.code).toBe(3);
    const { ticket, status } = JSON.parse(r.stdout);
    expect(status).toBe('unanswered');
    expect(await b.lich(['reply', ticket, 'finished in the background'], { session: agent.id })).toEqual({
      code: 0,
      stdout: 'Answer sent.\n',
      stderr: '',
    });
    expect(await b.lich(['wait', ticket])).toEqual({ code: 0, stdout: 'finished in the background\n', stderr: '' });
  });
});

describe('never delivered', () => {
  it('ends the wait with exit 3 when the target never reaches a prompt within the delivery limit', async () => {
    const noisy = await b.open(repo, 'noisy');
    const r = await b.lich(['send', '--timeout', '30', noisy.id, 'echo never typed']);
    expect(r).toEqual({ code: 3, stdout: undeliveredText(noisy.label), stderr: '' });
  });
});

describe('expired', () => {
  it('says the errand expired, exit 3, once nobody answered within the hour, and for one more hour after', async () => {
    const sent = await b.lich(['send', '--timeout', '1', inert.id, 'nobody will answer this']);
    expect(sent.code).toBe(2);
    const ticket = ticketOf(sent.stdout);

    clock.advance(3601);
    expect(await b.lich(['wait', '--timeout', '1', ticket])).toEqual({ code: 3, stdout: expiredText(inert.label), stderr: '' });

    clock.advance(1800);
    const json = await b.lich(['wait', '--json', '--timeout', '1', ticket]);
    expect(json.code).toBe(3);
    expect(JSON.parse(json.stdout)).toEqual({ ticket, target: inert.label, status: 'expired', answer: '' });

    clock.advance(1801);
    expect(await b.lich(['wait', '--timeout', '1', ticket])).toEqual({
      code: 1,
      stdout: '',
      stderr: `lich: unknown ticket ${q(ticket)} — it was answered long ago, or expired\n`,
    });
  });
});
