/** Issue 12's acceptance for the real omp (acceptance.ts), and what is oh-my-pi's own. */
import { afterEach, describe, expect, it } from 'vitest';
import { type Turn, gate, replyScript } from '../../tools/fake-model/index.mjs';
import { ticketOf } from '../e2e/harness.js';
import { acceptance } from './acceptance.js';
import { Tier, clientName, explained, row, untilLich } from './tier.js';

acceptance('omp');

describe(`a ${clientName('omp')} session`, () => {
  let tier: Tier | undefined;
  afterEach(async () => {
    await tier?.close();
    tier = undefined;
  });

  it('shows in lich sessions the state its extension reported, busy while a turn runs and done after it, with lich’s extension on its command line', async () => {
    const slow = gate();
    const reply = replyScript({ answer: 'state seen', via: 'tool' });
    const t = (tier = await Tier.start('omp', {
      // The turn's first model answer is held open until the test has looked at the card.
      script: (turn: Turn) => {
        const a = reply(turn);
        return turn.ticket && !turn.toolResult && !turn.isTitle && !slow.released ? { ...(a as object), hold: slow.promise } : a;
      },
    }));
    await explained(t, async () => {
      const s = await t.open();
      const sent = t.send(s.label, 'Report your state.');
      await t.fake.waitForTurn((turn) => turn.ticket !== null && !turn.toolResult && !turn.isTitle, { timeoutMs: 120_000, what: 'the task reaching the model' });
      expect(await row(t, s.id), 'the omp session mid-turn').toMatchObject({ kind: 'omp', state: 'busy' });
      slow.release();
      expect(await sent, 'lich send').toMatchObject({ code: 0, stdout: 'state seen\n' });
      await untilLich(() => row(t, s.id), (r) => r?.state === 'done', 'done after the turn');
      const screen = await t.screen(s.id);
      expect(screen.args, 'lich passed its extension on the command line').toContain('--extension');
      expect(screen.args[screen.args.indexOf('--extension') + 1]).toMatch(/\/dist\/omp-extension\.mjs$/);
    });
  });

  it('holds a task sent while omp shows its first-run setup wizard, types nothing into it, and delivers it once the user is through', async () => {
    const t = (tier = await Tier.start('omp', { script: replyScript({ answer: 'after the wizard', via: 'tool' }), firstRun: true }));
    await explained(t, async () => {
      const s = await t.open();
      const screen = await t.screen(s.id);
      await screen.waitFor('press enter to skip', 'the setup wizard’s splash');
      // The user is past the splash, on the wizard's first step, which sits still: a quiet screen.
      screen.keys('\r');
      await screen.waitFor('Setup step 1 of 5', "the wizard's step 1");
      const r = await t.send(s.label, 'Answer once you can read this.', 8);
      expect(r.code, `lich send: ${r.stdout}${r.stderr}`).toBe(2);
      const ticket = ticketOf(r.stdout);
      expect(t.fake.requests.filter((q) => q.turn && !q.turn.isTitle), 'nothing reached the model').toEqual([]);
      // Typed there, the paste lands nowhere and its Enter picks the first provider of the list,
      // starting a login the user never asked for.
      expect(screen.history(), 'nothing was typed into the wizard').not.toContain('Signing in to');
      expect(screen.text()).toContain('Select provider to login');
      // The user goes through the wizard, skipping every step with Esc (the first Esc on a step
      // may only close its open list: Esc again until the next step is drawn).
      for (let step = 1; step <= 5; step++) {
        await screen.waitFor(`Setup step ${step} of 5`, `the wizard's step ${step}`);
        const next = step < 5 ? `Setup step ${step + 1} of 5` : 'Setup saved';
        for (let tries = 0; ; tries++) {
          screen.keys('\x1b');
          try {
            await screen.waitFor(next, `the wizard past step ${step}`, 5_000);
            break;
          } catch (err) {
            if (tries >= 3) throw err;
          }
        }
      }
      const w = await t.lich(['wait', '--timeout', '120', ticket]);
      expect(w, 'lich wait, after the wizard').toMatchObject({ code: 0, stdout: 'after the wizard\n' });
    });
  });

  it('submits a task of 150 lines whole, which omp’s own large-paste menu would have answered', async () => {
    const t = (tier = await Tier.start('omp', { script: replyScript({ answer: 'read all of it', via: 'tool' }) }));
    await explained(t, async () => {
      const s = await t.open();
      const task = Array.from({ length: 150 }, (_, i) => `line ${i + 1} of the task`).join('\n');
      expect(await t.send(s.label, task), 'lich send').toMatchObject({ code: 0, stdout: 'read all of it\n' });
      const got = await t.fake.waitForTurn((turn) => turn.ticket !== null && !turn.isTitle, { what: 'the task' });
      expect(JSON.stringify(got.body)).toContain('line 150 of the task');
    });
  });

  it('ends a task omp never turned into a turn (no such model) unread, the card never left busy', async () => {
    const t = (tier = await Tier.start('omp', { script: replyScript({ answer: 'unreachable', via: 'tool' }) }));
    await explained(t, async () => {
      const s = await t.open(['--model', 'no-such-model']);
      const r = await t.send(s.label, 'Is anyone there?', 120);
      expect(r.code, `lich send: ${r.stdout}${r.stderr}`).toBe(3);
      expect(r.stdout).toContain('never picked the task up');
      expect((await row(t, s.id))?.state, 'the card').not.toBe('busy');
      expect(t.fake.requests.filter((q) => q.turn && !q.turn.isTitle), 'no model request').toEqual([]);
    });
  });

  it('keeps the card’s own conversation when the agent runs omp -p with lich’s extension as a tool inside it', async () => {
    const inner = 'INNER-PROBE';
    const script = (turn: Turn) => {
      if (turn.isTitle) return undefined;
      if (turn.text.includes(inner)) return { text: 'inner done' };
      if (turn.ticket && !turn.toolResult) {
        return { calls: [{ name: 'bash', input: { command: `omp -p --extension "$(dirname "$(readlink -f "$LICH_BIN")")/../dist/omp-extension.mjs" "${inner}" && "$LICH_BIN" reply ${turn.ticket} 'outer answer'` } }] };
      }
      return undefined;
    };
    const t = (tier = await Tier.start('omp', { script }));
    await explained(t, async () => {
      const s = await t.open();
      expect(await t.send(s.label, 'Run omp inside yourself, then answer.'), 'the send whose turn runs omp -p').toMatchObject({ code: 0, stdout: 'outer answer\n' });
      expect(t.fake.requests.some((q) => q.turn?.text.includes(inner)), 'the inner omp ran').toBe(true);
      // The card's reports still count: a turn it ends unanswered ends its errand at once.
      t.fake.setScript(replyScript({ answer: 'out loud', via: 'none' }));
      // By its id: omp's title has renamed the card meanwhile.
      const r = await t.send(s.id, 'Answer out loud only.', 60);
      expect(r.code, `lich send: ${r.stdout}${r.stderr}`).toBe(3);
    });
  });
});
