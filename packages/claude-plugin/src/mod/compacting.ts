/**
 * Compaction through the mod (lich-plugin-modules.md § 7): the card says `compacting` while
 * Claude Code compacts, then `done` after a manual `/compact` (it ran between turns) or `busy`
 * after an automatic one (its turn goes on). Hooked on `session.compact` rather than only
 * `PreCompact`/`PostCompact` (which the classic hooks also report): measured by the original on
 * 2.1.295, `PostCompact` never fires for a compaction that fails — Esc on `/compact`, an
 * automatic compaction the engine gives up on — which left the card on `compacting`.
 *
 * `compacting` is queued before the compaction runs and never awaited, so lich never holds it up;
 * the closing state is queued in a `finally`, so it goes whether the compaction worked or not.
 * The reports go one after another: lich keeps only the latest state, and a closing report that
 * landed first would leave the card stuck. A subagent's own compaction, and the `precompute` and
 * `plugin` triggers (never observed), report nothing.
 */
import type { EngineInterface, SessionCompactInput } from 'claude-code';
import { reportState } from '@lich/core/mod/reporters';
import type { ModState } from './state.js';

/** The state a compaction of `trigger` closes with, or `undefined` for one that reports nothing. */
export function closingState(e: Pick<SessionCompactInput, 'trigger' | 'agentId'>): 'done' | 'busy' | undefined {
  if (e.agentId !== undefined) return undefined;
  return e.trigger === 'manual' ? 'done' : e.trigger === 'auto' ? 'busy' : undefined;
}

/** Queues a state report after the ones before it; a failed one is dropped and the next still goes. */
function queueState($: EngineInterface, state: ModState, s: 'compacting' | 'done' | 'busy'): void {
  const link = state.link;
  if (!link) return;
  state.compactions = state.compactions.then(async () => {
    const conversation = await $.session.id();
    const r = await reportState(link, conversation ? { state: s, provider_session_id: conversation } : { state: s });
    if (!r.ok) $.ui.log(`lich: the ${s} report was dropped: ${r.reason}`, { to: 'debug' });
  });
}

/** Around one `session.compact`: `compacting` before it, the closing state after it, whatever happened. */
export async function aroundCompaction<R>($: EngineInterface, e: SessionCompactInput, next: (e: SessionCompactInput) => Promise<R>, state: ModState): Promise<R> {
  const closing = closingState(e);
  if (!closing || !state.link) return next(e);
  queueState($, state, 'compacting');
  try {
    return await next(e);
  } finally {
    queueState($, state, closing);
  }
}
