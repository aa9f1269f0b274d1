/**
 * Delivery timing marks, for the bench only (tools/bench/delivery.mjs): with
 * `LICH_TRACE_DELIVERY=1` in the backend's environment, the listener, the relay and the terminal
 * service log one line per step a `lich send` takes on its way into a session —
 *
 *     lich-trace <event> <key> at=<ms>
 *
 * — `<ms>` read off `process.hrtime` (CLOCK_MONOTONIC: the same clock in every process of the
 * machine, so the bench lays these beside its own spawn of the CLI and the fake model's receipt
 * of the request). Off (the default), nothing is built: every mark is a call through an
 * `undefined` function, skipped.
 *
 * The events, in the order a typed send meets them (`<key>` in brackets):
 * - `rpc-connect` [client port]: the listener accepted a connection (listener.ts);
 * - `rpc-request` [`<method>:<client port>`]: its request's headers arrived (listener.ts `handle`);
 * - `send-accepted` [ticket]: relay.Send resolved the target and filed the errand, about to deliver it (relay.ts `send`);
 * - `held` [ticket]: the target was not at a free prompt, the errand waits for one (delivery.ts `queue`);
 * - `offered` [ticket] / `collected` [ticket] / `acked` [ticket]: handed to the target's mod as a
 *   `prompt` command / a poll took it / the mod acked it, its turn started (mod-route.ts) — the mod
 *   route, instead of the typing below;
 * - `typing` [ticket]: the wait for a free prompt is over, typing starts (delivery.ts `typeIn`);
 * - `pasted` [session id]: the paste was written to the PTY (terminal.ts `type`);
 * - `output-first`, `output-last` [session id]: the first and the last output after the paste, before the Enter;
 * - `enter` [session id]: the Enter (submit key) was written, the PTY having been quiet 150 ms (wire.md § 8.2);
 * - `report` [`<path>:<session id>[:<state>]`]: a plugin report arrived (`/hook`, `/session-start`, …;
 *   server.ts) — a Claude Code's UserPromptSubmit `busy` among them, which its classic hook's
 *   process sends before the client goes on to the model ({@link reportKey}).
 */

/** Records one mark; `at` defaults to now ({@link hrMs}). */
export type Trace = (event: TraceEvent, key: string, at?: number) => void;

export type TraceEvent =
  | 'rpc-connect'
  | 'rpc-request'
  | 'send-accepted'
  | 'held'
  | 'offered'
  | 'collected'
  | 'acked'
  | 'typing'
  | 'pasted'
  | 'output-first'
  | 'output-last'
  | 'enter'
  | 'report';

/** Milliseconds on `process.hrtime`'s monotonic clock, fractional. */
export function hrMs(): number {
  return Number(process.hrtime.bigint()) / 1e6;
}

/**
 * The delivery trace `env` asks for: writing {@link Trace} lines to `log` when
 * `LICH_TRACE_DELIVERY` is `1`, `undefined` otherwise (the default: no marks, no cost).
 */
export function deliveryTrace(env: Record<string, string | undefined>, log: (line: string) => void): Trace | undefined {
  if (env.LICH_TRACE_DELIVERY !== '1') return undefined;
  return (event, key, at = hrMs()) => log(`lich-trace ${event} ${key} at=${at.toFixed(3)}`);
}

/**
 * The key of a `report` mark: the plugin endpoint's path, the session the report names and, for a
 * state report, its state — `/hook:<id>:busy`, `/session-start:<id>`; what cannot be read of the
 * body is left empty.
 */
export function reportKey(path: string, body: Buffer | null): string {
  let id = '';
  let state = '';
  try {
    const b = JSON.parse(body?.toString('utf8') ?? '') as { session_id?: unknown; state?: unknown };
    if (typeof b.session_id === 'string') id = b.session_id;
    if (typeof b.state === 'string') state = b.state;
  } catch {
    // Not JSON: the handler answers it; the mark names the path alone.
  }
  return state === '' ? `${path}:${id}` : `${path}:${id}:${state}`;
}
