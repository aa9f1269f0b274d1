/**
 * The plugin link of a plugin running under node (the opencode plugin, the stand-in Claude
 * Code, lich's Claude Code hook scripts): `node:http` to lich's plugin endpoints (wire.md § 11)
 * and the contract's checks through ajv.
 *
 * A plugin runs inside a provider's own process, so nothing here ever throws into it: a failed
 * exchange is a rejected promise with a one-line reason, and the callers turn that into a result.
 */
import http from 'node:http';
import type { Env } from '../coordinates.js';
import { maskToken, oneLine } from '../errors.js';
import { type Exchange, linkCoordinates, type PluginLink, type Reply } from './link.js';
import { bodyRefusal } from './validate.js';

export { type Exchange, type Reply, refusalText } from './link.js';

/**
 * A session's coordinates for the plugin endpoints — `LICH_PORT`, `LICH_TOKEN` and
 * `LICH_SESSION_ID` of its environment — and the plugin's version, sent as `X-Lich-Plugin` on
 * every request (wire.md § 11), over a keep-alive agent of its own.
 */
export interface PluginEndpoint extends PluginLink {
  readonly port: number;
  readonly token: string;
  /** Keep-alive: idle sockets are unref'd by node, so they never hold the provider's process open. */
  readonly agent: http.Agent;
}

/** How a node link checks a body before sending it; default: the contract's JSON Schema through ajv. */
export interface EndpointOptions {
  /** Replaces the contract check (a bundle with validators compiled ahead of time passes its own). */
  refusal?: PluginLink['refusal'];
}

/**
 * The session's endpoint, or `null` outside lich: when any of `LICH_PORT`, `LICH_TOKEN`,
 * `LICH_SESSION_ID` is missing or empty, or `LICH_PORT` is not a port (1–65535). Reporting from
 * outside a lich session would only reach some other lich, or nothing.
 *
 * @param env the environment the provider was started in (never read from `process.env` here).
 * @param pluginVersion sent as `X-Lich-Plugin` on every request.
 */
export function pluginEndpoint(env: Env, pluginVersion: string, options: EndpointOptions = {}): PluginEndpoint | null {
  const c = linkCoordinates(env);
  if (!c) return null;
  const agent = new http.Agent({ keepAlive: true });
  const ep: PluginEndpoint = {
    ...c,
    pluginVersion,
    agent,
    exchange: (x) => exchange(ep, x),
    refusal: options.refusal ?? ((path, body) => bodyRefusal(path, body)),
    close: () => agent.destroy(),
  };
  return ep;
}

/**
 * Sends one request to `127.0.0.1:<port>` with `X-Lich-Plugin` and resolves with lich's answer,
 * whatever its status.
 *
 * @throws Error (a rejection, never a synchronous throw) whose message is one line: `reach lich:
 *   <cause>` when no whole answer came (refused, reset, over `timeoutMs`), `cancelled` when
 *   `signal` fired. The token never appears in it.
 */
export function exchange(ep: Pick<PluginEndpoint, 'port' | 'token' | 'sessionId' | 'pluginVersion' | 'agent'>, x: Exchange): Promise<Reply> {
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
