/** Issue 12's acceptance for the real opencode (acceptance.ts), and what is opencode's own. */
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { acceptance } from './acceptance.js';
import { Tier, clientName, explained } from './tier.js';

acceptance('opencode');

describe(`a ${clientName('opencode')} session`, () => {
  let tier: Tier | undefined;
  afterEach(async () => {
    await tier?.close();
    tier = undefined;
  });

  it('unpacks its native libraries into a TMPDIR of its own, which is gone once the session is closed', async () => {
    const t = (tier = await Tier.start('opencode'));
    await explained(t, async () => {
      const s = await t.open();
      await (await t.screen(s.id)).waitFor('Ask anything', 'opencode’s prompt', 120_000);
      // opencode 1.18.33 (Bun) writes a `.<hash>.so` of ≈14 MB and an `opencode/` folder into
      // TMPDIR at every start, and removes neither.
      const own = join(t.backend.home, 'data', 'lich', 'tmp', s.id);
      const libraries = readdirSync(own).filter((f) => f.endsWith('.so'));
      expect(libraries.length, `what opencode left in ${own}: ${readdirSync(own).join(', ')}`).toBeGreaterThan(0);
      expect(statSync(join(own, libraries[0]!)).size).toBeGreaterThan(1 << 20);
      // Nothing went to the TMPDIR the session would otherwise have had (the offline home's own).
      expect(readdirSync(t.offline.env.TMPDIR!)).toEqual([]);
      const closed = await t.lich(['close', s.id]);
      expect(closed.code, closed.stderr).toBe(0);
      expect(existsSync(own)).toBe(false);
    });
  });
});
