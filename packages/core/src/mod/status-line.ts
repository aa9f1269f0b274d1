/**
 * The session's errands as one line (lich-plugin-modules.md § 5): what `GET /mod/status` says of
 * them — owed, open, ready — for the footer of a Claude Code session (`lich: owes "docs" an answer,
 * 2 tasks out (1 waiting), 1 answer to collect`). Reading never collects: an answer listed as
 * ready stays in the inbox for the agent's `wait_for_answer`. English: a person reads it.
 */
import type { RelayStatus } from '@lich/generated/types';

/** How often a session reads its status, in ms: lich pushes nothing, so the line is up to this late. */
export const STATUS_POLL_MS = 5000;

const n = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/**
 * The pieces, each only when its list is not empty, joined by `, `:
 *
 * - owed: exactly one errand from a session → `owes "<from>" an answer`; otherwise `owes N answers`
 *   (an errand from the command line has an empty `from`);
 * - open: `N tasks out`, with ` (M waiting)` when M of them wait on a person (`waiting`);
 * - ready: `N answers to collect` (answered and unanswered alike).
 *
 * @returns the line, or `undefined` when all three lists are empty.
 */
export function statusLine(s: RelayStatus): string | undefined {
  const pieces: string[] = [];
  if (s.owed.length > 0) {
    const from = s.owed.length === 1 ? (s.owed[0]?.from ?? '') : '';
    pieces.push(from !== '' ? `owes "${from}" an answer` : `owes ${n(s.owed.length, 'answer', 'answers')}`);
  }
  if (s.open.length > 0) {
    const waiting = s.open.filter((o) => o.state === 'waiting').length;
    pieces.push(`${n(s.open.length, 'task', 'tasks')} out${waiting > 0 ? ` (${waiting} waiting)` : ''}`);
  }
  if (s.ready.length > 0) pieces.push(`${n(s.ready.length, 'answer', 'answers')} to collect`);
  return pieces.length > 0 ? pieces.join(', ') : undefined;
}
