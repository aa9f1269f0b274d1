import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Tier, explained } from './tier.js';

describe('probe', () => {
  let tier: Tier;
  beforeAll(async () => {
    tier = await Tier.start('claude', {
      script: [{ when: () => true, then: (t) => ({ text: `ok: ${t.text.slice(0, 30)}` }) }],
    });
  });
  afterAll(async () => tier?.close());

  it('probes', async () => {
    await explained(tier, async () => {
      const s = await tier.open();
      const screen = await tier.screen(s.id);
      await screen.waitFor('❯', 'the prompt');
      console.log(JSON.stringify(screen.args.slice(-4)).slice(0, 600));
      const t0 = Date.now();
      for (let i = 0; i < 40; i++) { const r0 = await tier.lich(['control', s.label, 'model']); if (r0.code === 0) { console.log('polling after', Date.now() - t0, 'ms, try', i); break; } await new Promise((r) => setTimeout(r, 500)); }
      const mark = tier.fake.mark();
      const r = await tier.lich(['control', s.label, 'prompt', 'hello from control']);
      console.log('control', r.code, r.stdout, r.stderr);
      const req = await tier.fake.waitForTurn((t) => t.text.includes('hello from control'), { after: mark, what: 'the prompt' });
      console.log('got', req.turn?.text);
      await screen.waitFor('ok:', 'the answer');
      const ss = await tier.lich(['sessions', '--json']);
      console.log(ss.stdout);
      console.log(screen.text());
      console.log(tier.backend.backendLog.join('\n'));
    });
  });
});
