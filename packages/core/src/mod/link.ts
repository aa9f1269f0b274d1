/**
 * The seam between the plugin-side clients (the reporters, the mod client) and the way a plugin
 * reaches lich's plugin endpoints (wire.md § 11).
 *
 * Everything here is portable: no Node module, no timer, no `Buffer`. A plugin running under
 * node gets its link from `pluginEndpoint` (`node:http`, contract checks through ajv); a Claude
 * Code hooks module — which runs with no Node, no timers and no network of its own, only its
 * host's `$` (packages/claude-plugin) — builds its link over `$.http.fetch` and `$.clock`, and
 * drives the same reporters and the same mod client through it.
 */
import { hookEndpoints } from '@lich/generated/contracts';
import type { HookPath } from '@lich/generated/types';
import { oneLine } from '../errors.js';

/** One answer of lich: its status and its body as text. */
export interface Reply {
  status: number;
  body: string;
}

/** One request to a plugin endpoint. */
export interface Exchange {
  method: 'GET' | 'POST';
  /** `/hook`, `/mod/commands`, …: the link adds the token (and, for a GET, `session_id`). */
  path: string;
  /** The JSON body of a POST. */
  body?: string;
  /** The budget of the whole exchange, in milliseconds. */
  timeoutMs: number;
  /** Ends the exchange at once; it then rejects with the reason `cancelled`. */
  signal?: AbortSignal;
}

/**
 * How one session's plugin reaches lich: its identity on every request (`session_id`,
 * `X-Lich-Plugin`), one request at a time, and the contract's check of a body before it leaves.
 */
export interface PluginLink {
  /** The session's lich id (`LICH_SESSION_ID`): every body's `session_id`. */
  readonly sessionId: string;
  /** The bare version sent as `X-Lich-Plugin` (`0.17.0`, not `v0.17.0`). */
  readonly pluginVersion: string;
  /**
   * Sends one request to `127.0.0.1:<LICH_PORT><path>?token=…` with `X-Lich-Plugin` and
   * resolves with lich's answer, whatever its status.
   *
   * @throws Error (a rejection, never a synchronous throw) whose message is one line: `reach
   *   lich: <cause>` when no whole answer came (refused, reset, over `timeoutMs`), `cancelled`
   *   when `signal` fired. The token never appears in it.
   */
  exchange(x: Exchange): Promise<Reply>;
  /**
   * Checks `body` against the contract of `path` (contracts/hooks).
   *
   * @returns `undefined` when the contract takes it, else the reason, one line, naming the field
   *   (`session_id is required`). Never rejects.
   */
  refusal(path: HookPath, body: unknown): Promise<string | undefined>;
  /** Lets go of what the link holds (idle sockets, a parked request). */
  close(): void;
}

/** The most bytes of body `path` reads (wire.md § 11: 4 KiB, 64 KiB for `/mod/acks` and `/mod/answer`). */
export function bodyLimit(path: HookPath): number {
  return hookEndpoints[path].bodyLimitBytes;
}

/** The UTF-8 length of `text` in bytes, without `Buffer`. */
export function utf8Length(text: string): number {
  return new TextEncoder().encode(text).length;
}

// The statuses lich answers a plugin with (wire.md § 11), as node's STATUS_CODES words them.
const STATUS_TEXT: Readonly<Record<number, string>> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  413: 'Payload Too Large',
  500: 'Internal Server Error',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
  504: 'Gateway Timeout',
};

/**
 * What a refusal of lich says: the `error` of a JSON body, else the body's text (lich's
 * `http.Error` lines end in a newline), else `<status> <StatusText>`.
 */
export function refusalText(reply: Reply): string {
  const text = reply.body.trim();
  try {
    const parsed: unknown = JSON.parse(text);
    const error = (parsed as { error?: unknown } | null)?.error;
    if (typeof error === 'string' && error !== '') return oneLine(error);
  } catch {
    // Plain text, as the hook endpoints answer.
  }
  if (text !== '') return oneLine(text);
  return `${reply.status} ${STATUS_TEXT[reply.status] ?? ''}`.trim();
}

/**
 * The coordinates of a session's plugin endpoints from its environment: `LICH_PORT`,
 * `LICH_TOKEN`, `LICH_SESSION_ID`, or `null` outside lich — when any of them is missing or
 * empty, or `LICH_PORT` is not a port (1–65535). Reporting from outside a lich session would
 * only reach some other lich, or nothing.
 */
export function linkCoordinates(env: {
  LICH_PORT?: string | undefined;
  LICH_TOKEN?: string | undefined;
  LICH_SESSION_ID?: string | undefined;
  LICH_PID?: string | undefined;
  LICH_PROC?: string | undefined;
}): { port: number; token: string; sessionId: string; pid?: number; proc?: string } | null {
  const portText = env.LICH_PORT ?? '';
  const token = env.LICH_TOKEN ?? '';
  const sessionId = env.LICH_SESSION_ID ?? '';
  if (portText === '' || token === '' || sessionId === '') return null;
  const port = /^\d+$/.test(portText) ? Number(portText) : Number.NaN;
  if (!Number.isInteger(port) || port < 1 || port > 65535) return null;
  return { port, token, sessionId, ...sessionLich(env) };
}

/**
 * The lich process a session's variables name: `LICH_PID` and, in a confined session, `LICH_PROC`
 * (where its `/proc` entry is bound); `{}` when `LICH_PID` is not a pid.
 */
export function sessionLich(env: { LICH_PID?: string | undefined; LICH_PROC?: string | undefined }): { pid?: number; proc?: string } {
  if (!/^\d+$/.test(env.LICH_PID ?? '')) return {};
  const pid = Number(env.LICH_PID);
  return env.LICH_PROC ? { pid, proc: env.LICH_PROC } : { pid };
}

/** The URL of `path` at `port` with the token (and, for a GET, `session_id`) in its query. */
export function linkUrl(c: { port: number; token: string; sessionId: string }, x: Pick<Exchange, 'method' | 'path'>): string {
  const query = new URLSearchParams({ token: c.token });
  if (x.method === 'GET') query.set('session_id', c.sessionId);
  return `http://127.0.0.1:${c.port}${x.path}?${query.toString()}`;
}
