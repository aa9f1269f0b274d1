/**
 * A {@link PluginLink} over `node:http` to lich's plugin endpoints (wire.md § 11), for a plugin
 * running under node. It checks bodies with whatever check it is handed, so a bundle that
 * compiled its contract checks ahead of time (lich's Claude Code hook scripts) never loads ajv;
 * `pluginEndpoint` (endpoint.ts) is the same link with ajv's checks.
 */
import http from 'node:http';
import { maskToken, oneLine } from '../errors.js';
import { listenerRefusal, NO_LICH_RUNNING } from '../lich-process.js';
import type { Exchange, PluginLink, Reply } from './link.js';

/** A link over `node:http`: the session's coordinates, its version and a keep-alive agent of its own. */
export interface HttpLink extends PluginLink {
  readonly port: number;
  readonly token: string;
  /** Keep-alive: idle sockets are unref'd by node, so they never hold the provider's process open. */
  readonly agent: http.Agent;
}

/**
 * The link of the session at `c` (`linkCoordinates` of its environment), sending `X-Lich-Plugin:
 * <pluginVersion>` on every request and checking bodies with `refusal`.
 */
export function httpLink(
  c: { port: number; token: string; sessionId: string; pid?: number },
  pluginVersion: string,
  refusal: PluginLink['refusal'],
): HttpLink {
  const agent = new http.Agent({ keepAlive: true });
  // The token goes only to the process the session's LICH_PID names (lich-process.ts).
  const seen: { ok?: boolean } = {};
  const link: HttpLink = {
    ...c,
    pluginVersion,
    agent,
    exchange: (x) => {
      const refused = listenerRefusal(c, seen);
      return refused ? Promise.reject(new Error(refused)) : exchange(link, x);
    },
    refusal,
    close: () => agent.destroy(),
  };
  return link;
}

/**
 * Sends one request to `127.0.0.1:<port>` with `X-Lich-Plugin` and resolves with lich's answer,
 * whatever its status.
 *
 * @throws Error (a rejection, never a synchronous throw) whose message is one line: `reach lich:
 *   <cause>` when no whole answer came (reset, over `timeoutMs`; refused is `reach lich: no lich
 *   is running — …`), `cancelled` when `signal` fired. The token never appears in it.
 */
export function exchange(ep: Pick<HttpLink, 'port' | 'token' | 'sessionId' | 'pluginVersion' | 'agent'>, x: Exchange): Promise<Reply> {
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
    // Refused: nothing listens at the session's port, and nothing was sent — the words
    // listenerRefusal and the CLI use for it, not Node's `connect ECONNREFUSED 127.0.0.1:<p>`.
    req.on('error', (error) => fail((error as NodeJS.ErrnoException).code === 'ECONNREFUSED' ? NO_LICH_RUNNING : error.message));
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
