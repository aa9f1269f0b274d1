/**
 * Turns an operation's outcome into what a surface prints: prose (per surface) or the one
 * `--json` line. The surfaces only choose between these; none writes its own sentences.
 */
import { jsonLine } from './rpc.js';
import type { Outcome } from './operation.js';
import { OPERATIONS } from './operations.js';
import type { OperationName } from './types.js';
import type { Surface } from './operation.js';

export { isCollected } from './errands.js';

/**
 * The prose of an outcome, without a trailing newline (the CLI prints `text + "\n"`): the
 * operation's own `text` in the registry (operations.ts `OPERATIONS`). Covers the output only: an
 * `open` hand-off failure (`outcome.failure`) is reported by the surface after it — see
 * {@link renderMcp} for the MCP form. An operation the registry does not know prints its output
 * as JSON.
 */
export function renderText<Op extends OperationName>(surface: Surface, outcome: Outcome<Op>): string {
  if (!Object.hasOwn(OPERATIONS, outcome.op)) return jsonLine(outcome.output);
  return OPERATIONS[outcome.op].text(surface, outcome as never);
}

/**
 * The `--json` line of an outcome (no trailing newline): the output object exactly as the wire
 * carried it — a list is `[]`, never `null`; `open` carries `delivery` only when the hand-off
 * reached the session (spec/cli.md § Commands, § lich open).
 */
export function renderJson(outcome: Outcome): string {
  return jsonLine(outcome.output ?? null);
}

/**
 * An MCP tool result for an outcome: the prose, and for an `open` whose hand-off failed, the
 * opened text, a newline, and the failure's sentence, flagged `isError` (wire.md § 10.2,
 * open_session).
 */
export function renderMcp(outcome: Outcome): { text: string; isError: boolean } {
  const text = renderText('mcp', outcome);
  if (outcome.failure) return { text: `${text}\n${outcome.failure.message}`, isError: true };
  return { text, isError: false };
}
