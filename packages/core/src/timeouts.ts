/**
 * Per-command client budgets (wire.md § 1.4). They bound the whole HTTP exchange, as Go's
 * `http.Client.Timeout` does; a wait's budget is the wait the server was asked for plus slack,
 * so the server's own answer ("still working", a ticket) always arrives before the client gives up.
 */

/** Every quick call: sessions, whoami, reply, `wait --no-wait`, quit's RPC. */
export const SHORT_CALL_MS = 10_000;
/** `spawn.Open` and `spawn.Close`: a worktree and a PTY are created or removed. */
export const OPEN_CALL_MS = 60_000;
/** `spawn.Control`: the longest wait a control makes (60 s, a slash command) plus the slack (controlCall). */
export const CONTROL_CALL_MS = 90_000;
/** `spawn.Ask`: the 90 s an ask waits for its answer plus the slack (askCall). */
export const ASK_CALL_MS = 120_000;
/** Added to every wait so the server's answer beats the client's deadline. */
export const CALL_SLACK_SECONDS = 30;
/** The server's default wait when `timeoutSeconds` ≤ 0 (relay.DefaultWait). */
export const DEFAULT_WAIT_SECONDS = 100;
/** The longest wait the server honours (relay.MaxWaitSeconds, 30 minutes). */
export const MAX_WAIT_SECONDS = 1800;
/** The fixed wait of the hand-off `open --prompt` makes (spec/cli.md § lich open, deliverWait). */
export const DELIVER_WAIT_SECONDS = 20;
/** `lich version` leaves out a lich that does not answer within this (spec/cli.md). */
export const VERSION_CALL_MS = 2_000;
/** `lich quit` gives up after this long with the port still listening. */
export const QUIT_WAIT_MS = 15_000;
/** How often `lich quit` probes the port. */
export const QUIT_POLL_MS = 100;

/** The prompt wait of `lich insert` when `timeoutSeconds` ≤ 0 (spec/cli.md § lich insert: default 10). */
export const INSERT_DEFAULT_WAIT_SECONDS = 10;

/**
 * The wait rule, written once (relay.DefaultWait, MaxWaitSeconds; wire.md § 9): how long the
 * server holds a call asked to wait `seconds` — ≤ 0, absent or not a number is `fallback` (the
 * 100 s default; an insert's is 10 s), above 1800 is 1800, anything else as asked (the wire's
 * `timeoutSeconds` is an integer). The relay holds the line this long, the insert waits this
 * long for a prompt, and a client's HTTP budget is this plus the slack ({@link waitBudgetMs}).
 */
export function waitSeconds(seconds: number | undefined, fallback = DEFAULT_WAIT_SECONDS): number {
  if (seconds === undefined || !Number.isFinite(seconds) || seconds <= 0) return fallback;
  return Math.min(seconds, MAX_WAIT_SECONDS);
}

/**
 * The HTTP budget of a call that waits `seconds` on the server (waitBudget, wire.md § 1.4),
 * in milliseconds: the server's wait ({@link waitSeconds}) plus 30 s — ≤ 0 → 100 s + 30 s;
 * above 1800 → 1800 s + 30 s; else `seconds` + 30 s.
 */
export function waitBudgetMs(seconds: number | undefined, fallback = DEFAULT_WAIT_SECONDS): number {
  return (waitSeconds(seconds, fallback) + CALL_SLACK_SECONDS) * 1000;
}
