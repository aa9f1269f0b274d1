/** Issue 12's acceptance for the real codex (acceptance.ts), and what is Codex's own. */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { replyScript } from '../../tools/fake-model/index.mjs';
import { makeRepo } from '../e2e/harness.js';
import { acceptance } from './acceptance.js';
import { Tier, clientName, explained } from './tier.js';

acceptance('codex');

describe(`a ${clientName('codex')} session on its folder-trust menu`, () => {
  let tier: Tier;
  let untrusted: string;
  beforeAll(async () => {
    tier = await Tier.start('codex', { script: replyScript({ answer: 'read it', via: 'tool' }) });
    // This tier's wrapper trusts every folder a session starts in; this one must meet the menu.
    writeFileSync(tier.offline.wrapper, readFileSync(tier.offline.wrapper, 'utf8').replace(/^.*trust\.mjs.*$/m, ''));
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
