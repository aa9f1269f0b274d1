import { maskableByValue } from './secret.js';

/**
 * The one error family a user reads. spec/cli.md § Commands: "Every command prints … its failure
 * as one `lich: …` line on stderr". The CLI adds the `lich: ` prefix and exits 1; MCP and the
 * opencode plugin turn the same message into an `isError` result. The message never carries
 * the prefix itself, so no surface has to strip it.
 */
export class LichError extends Error {
  override readonly name = 'LichError';

  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
  }
}

/**
 * `text` on one line: every run of whitespace holding a line break becomes one space. For
 * messages that come from a parser or from Node and end up inside a `lich: …` line (spec/cli.md
 * § Commands: a failure is one line); lich's own prose that is multi-line by the spec (the
 * reply refusal listing open tickets, wire.md § 9) never goes through it.
 */
export function oneLine(text: string): string {
  return text.replace(/\s*[\r\n]+\s*/g, ' ').trim();
}

/**
 * Replaces every `token=<value>` with `token=…`, and the token itself wherever it appears when it
 * is one that can only be the token (`maskableByValue`, secret.ts: a short or uniform value such
 * as `0` is masked by its shape alone, or every `0` of the line would go): the loopback token is
 * the key to every session's PTY, and an error line ends up in logs, transcripts and bug reports
 * (spec/cli.md § lich rage masks it the same way).
 */
export function maskToken(message: string, token?: string): string {
  let out = message.replace(/token=[^&\s"'`]*/g, 'token=…');
  if (token && maskableByValue(token)) out = out.split(token).join('…');
  return out;
}

/**
 * A failure to talk to lich at all (wire.md § 1.3 step 6: `reach lich: …`), as opposed to lich
 * answering with an error. `sent` is false when nothing reached lich (connection refused, a
 * bad port) and true when the request went out and no full reply came back (the connection
 * closed under it, or the budget ran out — then `timedOut` is true too): `lich quit` counts a
 * closed connection as a lich that exited before its reply left (spec/cli.md § lich quit).
 */
export class LichTransportError extends LichError {
  constructor(
    message: string,
    readonly sent: boolean,
    readonly timedOut: boolean,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

/**
 * The platform's `DOMException` (Node, Bun, a browser), as far as {@link isAbortError} reads it;
 * looked up on `globalThis` because this module also compiles with neither DOM nor Node types
 * (the Claude Code mod's tsconfig, packages/claude-plugin).
 */
const DomException = (globalThis as { DOMException?: { new (): Error & { readonly code: number }; readonly ABORT_ERR: number } }).DOMException;

/** Node's error code for an operation aborted through its `AbortSignal` (Node's errors doc, `ABORT_ERR`). */
const ABORT_ERR = 'ABORT_ERR';

/**
 * Whether `error` is the cancellation of a call through its `AbortSignal` (MCP
 * `notifications/cancelled`, an opencode tool abort). A cancelled call is never reported as a
 * failure: wire.md § 10.1 says it is not answered at all.
 *
 * Told apart by the two typed kinds a cancellation comes with, never by the writable `name`
 * string any error can carry: a `DOMException` whose `code` is `ABORT_ERR` (20) — what
 * `AbortSignal.abort()` gives as its reason and `fetch` rejects with — and an error whose `code`
 * is `'ABORT_ERR'`: Node's own (what `child_process.spawn`, `timers/promises` and `events.once`
 * reject with when their signal fires) and what {@link abortError} makes. A timeout's
 * `TimeoutError` (`AbortSignal.timeout`) is not a cancellation.
 */
export function isAbortError(error: unknown): boolean {
  if (DomException !== undefined && error instanceof DomException) return error.code === DomException.ABORT_ERR;
  return error instanceof Error && (error as { code?: unknown }).code === ABORT_ERR;
}

/** The error {@link abortError} makes: Node's abort error in shape (`name` `AbortError`, `code` `'ABORT_ERR'`). */
class CancelledError extends Error {
  override readonly name = 'AbortError';
  readonly code = ABORT_ERR;
}

/**
 * The error a cancelled call rejects with: the signal's own reason when it is a cancellation
 * ({@link isAbortError}), else an `AbortError` whose `code` is `'ABORT_ERR'` and whose `cause` is
 * that reason.
 */
export function abortError(signal: AbortSignal): Error {
  const reason: unknown = signal.reason;
  if (isAbortError(reason)) return reason as Error;
  return new CancelledError('the call was cancelled', { cause: reason });
}
