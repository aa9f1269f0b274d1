/**
 * Per-command client budgets (wire.md § 1.4). They bound the whole HTTP exchange, as Go's
 * `http.Client.Timeout` does. A call that waits on the server (send, wait, the hand-off of
 * `open --prompt`, insert) has the budget of the wait rule instead — the wait plus slack, so the
 * server's own answer always arrives first: errands.ts `waitBudgetMs`, with the rule itself.
 */

/** Every quick call: sessions, whoami, reply, `wait --no-wait`, quit's RPC. */
export const SHORT_CALL_MS = 10_000;
/** `spawn.Open` and `spawn.Close`: a worktree and a PTY are created or removed. */
export const OPEN_CALL_MS = 60_000;
/** `spawn.Control`: the longest wait a control makes (60 s, a slash command) plus the slack (controlCall). */
export const CONTROL_CALL_MS = 90_000;
/** `spawn.Ask`: the 90 s an ask waits for its answer plus the slack (askCall). */
export const ASK_CALL_MS = 120_000;
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
