/**
 * Claude Code's own measure of a session — its context window, rate limits and cost, as
 * `$.session.usage()` answers and `session.measure` pushes them — as the body of `POST
 * /mod/usage` (wire.md § 11.3; contracts/hooks/mod-usage.json). A reported cost is what
 * `lich cost` counts as `reported` for the session (spec/cli.md § lich cost).
 */
import type { SessionMeasureInput } from 'claude-code';
import type { ModUsageBody } from '@lich/generated/types';

/** What `$.session.usage()` and `session.measure` both carry. */
export type Measure = Pick<SessionMeasureInput, 'context' | 'rateLimits' | 'cost'>;

/**
 * The `/mod/usage` body (without `session_id`) for `conversationId` (`$.session.id()`), or
 * `null` before Claude Code knows its window (none yet, or not a positive number). The figures go
 * as Claude Code gives them — a whole percentage, ISO 8601 resets, dollars — and the contract's
 * check before the report leaves refuses any that is not (reporters.ts `postReport`).
 */
export function usageBody(m: Measure, conversationId: string): Omit<ModUsageBody, 'session_id'> | null {
  const { window, tokens, percent } = m.context;
  if (!(window > 0) || conversationId === '') return null;
  const body: Omit<ModUsageBody, 'session_id'> = {
    conversation_id: conversationId,
    context: { window, ...(tokens !== undefined ? { tokens } : {}), ...(percent !== undefined ? { percent } : {}) },
    rate_limits: m.rateLimits.map((r) => ({
      kind: r.kind,
      percent_used: r.percentUsed,
      ...(r.resetsAt !== undefined ? { resets_at: r.resetsAt } : {}),
    })),
  };
  if (m.cost !== undefined) body.cost_usd = m.cost.usd;
  return body;
}
