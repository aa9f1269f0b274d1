/** Issue 12's acceptance for the real codex (acceptance.ts), and what is Codex's own. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Turn, gate, replyScript } from '../../tools/fake-model/index.mjs';
import { makeRepo, ticketOf } from '../e2e/harness.js';
import { acceptance } from './acceptance.js';
import { Tier, clientName, explained } from './tier.js';

acceptance('codex');

describe(`a busy ${clientName('codex')} session`, () => {
  let tier: Tier | undefined;
  afterAll(async () => tier?.close());

  it('is sent a second task mid-turn that waits for the turn to end — Codex queues it — instead of cutting the first one short', async () => {
    const slow = gate();
    const reply = replyScript({ answer: (turn: Turn) => (turn.text.includes('FIRST') ? 'first answer' : 'second answer'), via: 'tool' });
    const t = (tier = await Tier.start('codex', {
      // The first task's first model answer is held open until the second task is queued.
      script: (turn: Turn) => {
        const a = reply(turn);
        return turn.text.includes('FIRST') && turn.ticket && !turn.toolResult && !turn.isTitle && !slow.released ? { ...(a as object), hold: slow.promise } : a;
      },
    }));
    await explained(t, async () => {
      const s = await t.open();
      const r1 = await t.send(s.label, 'FIRST task: take your time.', 1);
      expect(r1.code, r1.stdout + r1.stderr).toBe(2);
      const ticket1 = ticketOf(r1.stdout);
      await t.fake.waitForTurn((turn) => turn.ticket === ticket1 && !turn.toolResult && !turn.isTitle, { timeoutMs: 120_000, what: 'the first task reaching the model' });
      const second = t.send(s.label, 'SECOND task: answer with the lich tool.');
      const screen = await t.screen(s.id);
      await screen.waitFor('Queued follow-up inputs', 'the second task queued behind the turn');
      slow.release();
      expect(await second, 'the second send').toMatchObject({ code: 0, stdout: 'second answer\n' });
      expect(await t.lich(['wait', '--timeout', '120', ticket1]), 'the first errand').toMatchObject({ code: 0, stdout: 'first answer\n' });
      expect(t.fake.requests.filter((q) => q.cancelled), 'model requests cancelled').toEqual([]);
    });
  });
});

describe(`a ${clientName('codex')} session on its folder-trust menu`, () => {
  let tier: Tier;
  let untrusted: string;
  beforeAll(async () => {
    // The tier's wrapper would trust every folder a session starts in; this one must meet the menu.
    tier = await Tier.start('codex', { script: replyScript({ answer: 'read it', via: 'tool' }), trustStarts: false });
    untrusted = makeRepo(tier.backend.home, 'untrusted');
  });
  afterAll(async () => tier?.close());

  it('is sent a task that ends unread (exit 3), with nothing typed at the menu, whose Enter would trust the folder', async () => {
    await explained(tier, async () => {
      const config = join(tier.offline.env.CODEX_HOME, 'config.toml');
      const trusted = (): string[] => readFileSync(config, 'utf8').split('\n').filter((l) => l.startsWith('[projects.'));
      const before = trusted();
      const s = await tier.backend.open(untrusted, 'codex');
      const screen = await tier.screen(s.id);
      await screen.waitFor('Trust and continue', 'the folder-trust menu');
      const r = await tier.send(s.label, 'run the tests', 120, {});
      expect(r.code, r.stdout + r.stderr).toBe(3);
      expect(r.stdout).toContain('never picked the task up');
      expect(screen.exit).toBeNull();
      expect(screen.text()).toContain('Trust and continue');
      expect(trusted(), 'the folders Codex trusts').toEqual(before);
      expect(tier.fake.requests.filter((q) => q.turn && !q.turn.isTitle)).toEqual([]);
    });
  });
});
