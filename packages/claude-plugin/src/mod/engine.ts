/**
 * The {@link ModEngine} core's mod client drives, over Claude Code's `$` (spec/mod-control.md,
 * the table of commands; real-agents.md § 3.6 for the calls and their argument shapes).
 */
import type { EngineInterface, ModelEffort, ModelForkResult } from 'claude-code';
import { ForkError, type ModEngine } from '@lich/core/mod/client';
import type { ModState } from './state.js';

/**
 * How long an abort waits for its turn's `turn.complete` once `$.turn.abort` resolved, in ms.
 * Measured on 2.1.328: the turn ends in the same moment; the bound only keeps a `turn.complete`
 * that never comes from holding every command behind the abort.
 */
export const ABORT_SETTLE_MS = 5000;

/**
 * The session as the mod client drives it:
 *
 * - `submit` → `$.prompt.submit({text})`, or `{text, asUser: true}` for a prompt with a
 *   notification; it resolves as its turn starts (Claude Code runs a plugin's prompt once the
 *   session is idle), and a prompt Claude Code drops is refused with its reason;
 * - `abort` → `$.turn.abort({turnId})` with the id the main loop's `turn.start` gave, resolving
 *   once that turn completed; refused when no turn runs;
 * - `setModel` / `setEffort` → the overrides every `turn.step` applies ({@link ModState});
 * - `runCommand` → `$.command.run({command, args})`, which resolves once the command ran;
 * - `fork` → `$.model.fork({prompt})`, its text, or a {@link ForkError} with the reason.
 *
 * @param $ the `$` of the `session.start` hook that built it (closed over, never stored).
 */
export function claudeEngine($: EngineInterface, state: ModState): ModEngine {
  return {
    async submit({ text, asUser }) {
      const r = await $.prompt.submit(asUser ? { text, asUser: true } : { text });
      if (r.drop !== undefined) throw new Error(r.drop === '' ? 'Claude Code dropped the prompt' : r.drop);
      // A task lich handed over: a worker's turn that works on it answers it (classic.Stop).
      state.owesAnswer = true;
    },
    async abort() {
      const turn = state.turn;
      if (!turn) throw new Error('no turn is running');
      await $.turn.abort({ turnId: turn.id });
      await new Promise<void>((resolve) => {
        const timer = $.clock.after(ABORT_SETTLE_MS, resolve);
        void turn.ended.then(() => {
          timer.cancel();
          resolve();
        });
      });
    },
    setModel(model) {
      state.model = model;
    },
    setEffort(effort) {
      // Core's client checked it is one of low, medium, high, xhigh and max.
      state.effort = effort as ModelEffort | undefined;
    },
    async runCommand(name, args) {
      await $.command.run(args !== undefined && args !== '' ? { command: name, args } : { command: name });
    },
    async fork(prompt) {
      const r = await $.model.fork({ prompt });
      if (r.isAnswered) return r.text;
      throw new ForkError(forkReason(r));
    },
  };
}

/** Why a fork gave no text, as the ask is acked (spec/mod-control.md § How it behaves). */
export function forkReason(r: Exclude<ModelForkResult, { isAnswered: true }>): string {
  if (r.reason === 'api-error') return `api-error ${r.status ?? 'none'} ${r.error}`;
  return r.reason;
}
