/** Issue 12's acceptance for the real codex (acceptance.ts), and what is Codex's own. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Turn, gate, replyScript } from '../../tools/fake-model/index.mjs';
import { makeRepo, ticketOf } from '../e2e/harness.js';
import { acceptance } from './acceptance.js';
import { codexHookTrust } from '../../packages/server/src/providers/codex-hooks.js';
import { Tier, clientName, explained, row, untilLich } from './tier.js';

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

describe(`a ${clientName('codex')} session before the user trusted lich's hooks`, () => {
  let tier: Tier | undefined;
  afterAll(async () => tier?.close());

  it('opens on Codex’s hook review, where a task is not typed and ends unread (exit 3); trusted there once, the next session opens with no review and its first send is answered', async () => {
    const t = (tier = await Tier.start('codex', { script: replyScript({ answer: 'read it', via: 'tool' }), hooksTrusted: false }));
    await explained(t, async () => {
      const config = join(t.offline.env.CODEX_HOME, 'config.toml');
      const trusted = (): Array<{ key: string; trustedHash: string }> =>
        [...readFileSync(config, 'utf8').matchAll(/^\[hooks\.state\."([^"]+)"\]\ntrusted_hash = "([^"]+)"$/gm)].map((m) => ({ key: m[1], trustedHash: m[2] }));
      const s = await t.open();
      const screen = await t.screen(s.id);
      // Outside a confined session lich leaves the decision to the user.
      expect(screen.args).not.toContain('--dangerously-bypass-hook-trust');
      await screen.waitFor('Review hooks', 'Codex’s hook review');
      expect(screen.text()).toContain('9 hooks are new or changed.');
      const r = await t.send(s.label, 'run the tests', 120, {});
      expect(r.code, r.stdout + r.stderr).toBe(3);
      expect(r.stdout).toContain('never picked the task up');
      expect(screen.exit).toBeNull();
      expect(screen.text()).toContain('Trust all and continue');
      expect(screen.typed, 'what was typed at the review').toBe('');
      expect(trusted(), 'hooks Codex trusts').toEqual([]);
      expect(t.fake.requests.filter((q) => q.turn && !q.turn.isTitle)).toEqual([]);

      // The person at the card picks "2. Trust all and continue".
      screen.keys('\x1b[B');
      await screen.waitFor((sc) => /› 2\. Trust all and continue/.test(sc.text()), 'the second option selected');
      screen.keys('\r');
      await screen.waitFor('Ask Codex to do anything', 'the chat screen');
      // What Codex recorded is what lich computes (and the tier writes for a user who trusted them).
      expect(trusted().sort((a, b) => a.key.localeCompare(b.key))).toEqual(codexHookTrust().sort((a, b) => a.key.localeCompare(b.key)));

      const s2 = await t.open();
      const r2 = await t.send(s2.label, 'run the tests again', 150);
      expect(r2, 'the next session’s first send').toMatchObject({ code: 0, stdout: 'read it\n' });
      const screen2 = await t.screen(s2.id);
      expect(screen2.history()).not.toContain('Review hooks');
      expect(screen2.raw).not.toContain('Review hooks');
      // Its hooks ran: the turn's end reached lich.
      await untilLich(() => row(t, s2.id), (x) => x?.state === 'done', 'done after the turn');
    });
  });
});
