/**
 * Where a plugin reaches lich's plugin endpoints (wire.md § 11), and the one `node:http`
 * exchange the reporters and the mod client share.
 *
 * A plugin runs inside a provider's own process (opencode, a Claude Code mod), so nothing here
 * ever throws into it: a failed exchange is a rejected promise with a one-line reason, and the
 * callers turn that into a result.
 */
import http from 'node:http';
import type { Env } from '../coordinates.js';
import { oneLine } from '../errors.js';
import { maskToken } from '../rpc.js';

/**
 * A session's coordinates for the plugin endpoints: `LICH_PORT`, `LICH_TOKEN` and
 * `LICH_SESSION_ID` of its environment, the plugin's version (sent as `X-Lich-Plugin` on every
 * request, wire.md § 11) and a keep-alive agent of its own.
 */
export interface PluginEndpoint {
  readonly port: number;
  readonly token: string;
  readonly sessionId: string;
  /** The bare version sent as `X-Lich-Plugin` (`0.17.0`, not `v0.17.0`). */
  readonly pluginVersion: string;
  /** Keep-alive: idle sockets are unref'd by node, so they never hold the provider's process open. */
  readonly agent: http.Agent;
}

/**
 * The session's endpoint, or `null` outside lich: when any of `LICH_PORT`, `LICH_TOKEN`,
 * `LICH_SESSION_ID` is missing or empty, or `LICH_PORT` is not a port (1–65535). Reporting from
 * outside a lich session would only reach some other lich, or nothing.
 *
 * @param env the environment the provider was started in (never read from `process.env` here).
 * @param pluginVersion sent as `X-Lich-Plugin` on every request.
 */
export function pluginEndpoint(env: Env, pluginVersion: string): PluginEndpoint | null {
  const portText = env.LICH_PORT ?? '';
  const token = env.LICH_TOKEN ?? '';
  const sessionId = env.LICH_SESSION_ID ?? '';
  if (portText === '' || token === '' || sessionId === '') return null;
  const port = /^\d+$/.test(portText) ? Number(portText) : Number.NaN;
  if (!Number.isInteger(port) || port < 1 || port > 65535) return null;
  return { port, token, sessionId, pluginVersion, agent: new http.Agent({ keepAlive: true }) };
}

/** One answer of lich: its status and its body as text. */
export interface Reply {
  status: number;
  body: string;
}

/** One request to a plugin endpoint. */
export interface Exchange {
  method: 'GET' | 'POST';
  /** `/hook`, `/mod/commands`, …: the token (and, for a GET, `session_id`) is added here. */
  path: string;
  /** The JSON body of a POST. */
  body?: string;
  /** The budget of the whole exchange, in milliseconds. */
  timeoutMs: number;
  /** Ends the exchange at once; it then rejects with the reason `cancelled`. */
  signal?: AbortSignal;
}

/**
 * Sends one request to `127.0.0.1:<port>` with `X-Lich-Plugin` and resolves with lich's answer,
 * whatever its status.
 *
 * @throws Error (a rejection, never a synchronous throw) whose message is one line: `reach lich:
 *   <cause>` when no whole answer came (refused, reset, over `timeoutMs`), `cancelled` when
 *   `signal` fired. The token never appears in it.
 */
export function exchange(ep: PluginEndpoint, x: Exchange): Promise<Reply> {
  const query = new URLSearchParams({ token: ep.token });
  if (x.method === 'GET') query.set('session_id', ep.sessionId);
  const headers: Record<string, string | number> = { 'X-Lich-Plugin': ep.pluginVersion };
  if (x.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    headers['Content-Length'] = Buffer.byteLength(x.body);
  }
  return new Promise<Reply>((resolve, reject) => {
    if (x.signal?.aborted) {
      reject(new Error('cancelled'));
      return;
    }
    let settled = false;
    const finish = (error: Error | null, reply?: Reply) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      x.signal?.removeEventListener('abort', onAbort);
      if (error) reject(error);
      else resolve(reply!);
    };
    const req = http.request({
      agent: ep.agent,
      host: '127.0.0.1',
      port: ep.port,
      method: x.method,
      path: `${x.path}?${query.toString()}`,
      headers,
    });
    const fail = (cause: string) => finish(new Error(maskToken(`reach lich: ${oneLine(cause)}`, ep.token)));
    const timer = setTimeout(() => {
      fail(`no answer from ${x.path} within ${x.timeoutMs} ms`);
      req.destroy();
    }, x.timeoutMs);
    const onAbort = () => {
      finish(new Error('cancelled'));
      req.destroy();
    };
    x.signal?.addEventListener('abort', onAbort, { once: true });
    req.on('error', (error) => fail(error.message));
    req.on('response', (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('error', (error) => fail(error.message));
      res.on('aborted', () => fail('the connection closed before the whole answer came'));
      res.on('end', () => finish(null, { status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }));
    });
    req.end(x.body);
  });
}

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
  return `${reply.status} ${http.STATUS_CODES[reply.status] ?? ''}`.trim();
}
