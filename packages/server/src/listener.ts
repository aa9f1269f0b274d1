/**
 * The loopback listener (wire.md §§ 1.1, 1.2, 11): `127.0.0.1` only, one token per launch
 * checked in constant time, CORS on every answer, and the routes:
 *
 * | path | bad token | method | body limit |
 * |---|---|---|---|
 * | `/rpc/<service>.<Method>` | 403 `forbidden\n` | POST (405 JSON) | 1 MiB |
 * | `/hook`, `/session-start`, `/session-title`, `/session-touched` | 401 `invalid token\n` | POST (405 `method not allowed\n`) | 4 KiB |
 * | `/ping` | 401 `invalid token\n` | any → 204 | — |
 * | `/mod/commands`, `/mod/status` | 401 `invalid token\n` | GET (405 from the route) | — |
 * | `/mod/acks`, `/mod/answer` | 401 `invalid token\n` | POST (405 from the route) | 64 KiB |
 * | `/mod/usage` | 401 `invalid token\n` | POST (405 from the route) | 4 KiB |
 * | `/debug/goroutines` | 401 `invalid token\n` | any → 200 JSON (`ListenerRoutes.debug`) | — |
 *
 * `OPTIONS` on any path is answered 204 before the token is looked at: a preflight carries none.
 *
 * `/`, `/web` and everything under `/web/` — the web view's page and its live connection — go to
 * {@link WebRoutes} instead, with no CORS header and no token: the page has its own way in
 * (web/web.ts). So does every HTTP upgrade.
 *
 * Before anything else, every request — a preflight included — must be addressed to this
 * listener by a loopback name ({@link hostAllowed}); any other `Host` is 403
 * {@link HOST_REFUSAL}. A web page whose DNS name was rebound to 127.0.0.1 reaches this port
 * under its own name, and CORS stops it reading an answer but not making the call.
 */
import { randomBytes, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import type { Duplex } from 'node:stream';
import type { RpcDispatcher } from './rpc.js';
import { StartRefusal } from './errors.js';
import type { Trace } from './trace.js';

/** RPC bodies: `1 << 20` bytes (wire.md § 1.2). */
export const RPC_BODY_LIMIT = 1 << 20;
/** Hook bodies: 4 KiB (`hookBodyLimit`, wire.md § 11). */
export const HOOK_BODY_LIMIT = 4 << 10;

/** `/mod/acks` and `/mod/answer` bodies: 64 KiB (wire.md § 11). */
export const MOD_BODY_LIMIT = 64 << 10;

/** The mod paths (wire.md §§ 11.2, 11.3). */
export const MOD_PATHS = ['/mod/commands', '/mod/acks', '/mod/answer', '/mod/status', '/mod/usage'] as const;
export type ModPath = (typeof MOD_PATHS)[number];

/** The body limit of a mod path, in bytes: 64 KiB for an ack or an answer, else the hooks' 4 KiB. */
export function modBodyLimit(path: ModPath): number {
  return path === '/mod/acks' || path === '/mod/answer' ? MOD_BODY_LIMIT : HOOK_BODY_LIMIT;
}

/** A request to a mod path, as the listener hands it to its route. */
export interface ModRequest {
  method: string;
  path: ModPath;
  /** The URL's query (`token`, `session_id`). */
  query: URLSearchParams;
  /** The `X-Lich-Plugin` header, trimmed; `""` when absent. */
  plugin: string;
  /** A POST's body; null when it passed {@link modBodyLimit}; empty for any other method. */
  body: Buffer | null;
  /** Aborts when the client goes away before its answer is written (a held poll). */
  signal: AbortSignal;
}

/** A mod route's answer. */
export interface ModAnswer {
  status: number;
  /** The body as written; a non-JSON one is plain text without its trailing newline. Ignored for 204. */
  body?: string;
  /** `application/json` for a JSON body; absent: plain text. */
  contentType?: string;
  /**
   * Told, exactly once, whether the answer was written out in full (true) or the client went
   * away before it could be (false): a poll counts its commands collected only then.
   */
  settled?: (written: boolean) => void;
}

/** The session hook paths (wire.md § 11.1). */
export const HOOK_PATHS = ['/hook', '/session-start', '/session-title', '/session-touched'] as const;
export type HookPath = (typeof HOOK_PATHS)[number];

/** A hook's answer: 204 with no body, or a status and a plain-text reason. */
export interface HookAnswer {
  status: number;
  /** Plain text, without the trailing newline. Ignored for 204. */
  body?: string;
}

export interface ListenerRoutes {
  /**
   * `/rpc/<name>`: the RPC dispatcher (rpc.ts), handed every call with a good token — `body` null
   * when over the limit, `signal` aborted when the caller hangs up; an answer's `after` runs once
   * its connection has closed.
   */
  rpc: Pick<RpcDispatcher, 'dispatch'>;
  /** A hook POST: `body` is null when over the limit. */
  hook(path: HookPath, body: Buffer | null): Promise<HookAnswer>;
  /** A request to one of {@link MOD_PATHS} with a good token. */
  mod(req: ModRequest): Promise<ModAnswer>;
  /** `/debug/goroutines` with a good token: the process's stacks as JSON (`lich rage`); absent, 404. */
  debug?(): string;
  /** The web view (web/web.ts); absent, its paths are 404 and upgrades refused. */
  web?: WebRoutes;
}

/** The web view's side of the listener: its page's paths ({@link isWebPath}) and every upgrade. */
export interface WebRoutes {
  /** A request to one of its paths, any method, whose Host is allowed; no CORS header is set on it. */
  request(req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> | void;
  /** An HTTP upgrade (a WebSocket handshake) whose Host is allowed. */
  upgrade(req: IncomingMessage, socket: Duplex, head: Buffer): void;
}

/** Whether `path` is the web view's: `/`, `/web`, or under `/web/`. */
export function isWebPath(path: string): boolean {
  return path === '/' || path === '/web' || path.startsWith('/web/');
}

/** The 403 body (plus a newline) for a request whose `Host` is not a loopback name of this listener. */
export const HOST_REFUSAL = 'host not allowed: lich answers only requests addressed to 127.0.0.1, localhost or [::1]';

/**
 * Whether a request's `Host` header addresses this listener by a loopback name: `127.0.0.1`,
 * `localhost` (any case) or `[::1]`, with `:<port>` — or without it when `port` is 80, HTTP's
 * default. A missing header is refused like a foreign one. Every client lich ships builds its
 * requests with node:http on host `127.0.0.1`, which sends `127.0.0.1:<port>`.
 */
export function hostAllowed(host: string | undefined, port: number): boolean {
  if (host === undefined) return false;
  const h = host.toLowerCase();
  for (const name of ['127.0.0.1', 'localhost', '[::1]']) {
    if (h === `${name}:${port}` || (port === 80 && h === name)) return true;
  }
  return false;
}

/** A new launch token: 16 random bytes, lowercase hex (wire.md § 1.1). */
export function newToken(): string {
  return randomBytes(16).toString('hex');
}

/** Constant-time token comparison; a token of another length is refused without a shortcut on its content. */
export function tokenMatches(given: string, token: string): boolean {
  const a = Buffer.from(given, 'utf8');
  const b = Buffer.from(token, 'utf8');
  if (a.length !== b.length) {
    timingSafeEqual(b, b);
    return false;
  }
  return timingSafeEqual(a, b);
}

export interface Listener {
  server: Server;
  port: number;
  /**
   * Resolves once no request is being answered (every response written and closed), or after
   * `ms` milliseconds, whichever comes first: the backend's shutdown lets the held sends and
   * waits it has just settled carry their answers out before it closes anything.
   */
  settled(ms: number): Promise<void>;
  /** Stops listening and drops every open connection (a held wait included). */
  close(): Promise<void>;
}

/**
 * Binds the listener.
 * @param port 0 for a free port.
 * @param trace the delivery trace (trace.ts; bench only): `rpc-connect` of every connection and
 *   `rpc-request` of every `/rpc/` request; absent (the default), none.
 * @throws StartRefusal `port <p> on 127.0.0.1 is taken …` when another program holds the port;
 *   Error `listen on 127.0.0.1:<p>: …` when it cannot bind for another reason.
 */
export async function listen(port: number, token: string, routes: ListenerRoutes, log: (l: string) => void, trace?: Trace): Promise<Listener> {
  const inflight = new Set<ServerResponse>();
  const idleWaiters = new Set<() => void>();
  // Set once bound, before any request can arrive: the Host check needs the real port of port 0.
  let bound = 0;
  const server = createServer((req, res) => {
    if (trace && req.url?.startsWith('/rpc/')) trace('rpc-request', `${req.url.slice(5).split('?')[0]}:${req.socket.remotePort}`);
    inflight.add(res);
    res.once('close', () => {
      inflight.delete(res);
      if (inflight.size === 0) for (const w of [...idleWaiters]) w();
    });
    handle(req, res, token, bound, routes).catch((err) => {
      log(`request ${req.method} ${req.url?.split('?')[0]} failed: ${(err as Error)?.stack ?? String(err)}`);
      if (!res.headersSent) plain(res, 500, 'internal error');
      else res.destroy();
    });
  });
  if (trace) server.on('connection', (socket: Socket) => trace('rpc-connect', String(socket.remotePort)));
  // The web view's live connection, behind the same Host rule as every request.
  server.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    socket.on('error', () => socket.destroy());
    if (!hostAllowed(req.headers.host, bound)) return refuseUpgrade(socket, `403 Forbidden`, HOST_REFUSAL);
    if (!routes.web) return refuseUpgrade(socket, '404 Not Found', '404 page not found');
    try {
      routes.web.upgrade(req, socket, head);
    } catch (err) {
      log(`upgrade ${req.url?.split('?')[0]} failed: ${(err as Error)?.stack ?? String(err)}`);
      socket.destroy();
    }
  });
  // Waits are held for up to half an hour; the client sets its own budget.
  server.requestTimeout = 0;
  server.headersTimeout = 60_000;
  await new Promise<void>((resolve, reject) => {
    const onError = (err: NodeJS.ErrnoException) => {
      reject(
        err.code === 'EADDRINUSE'
          ? new StartRefusal(
              `port ${port} on 127.0.0.1 is taken by another program, so lich cannot listen there — end that program, or set LICH_LISTEN_PORT to a free port`,
            )
          : new Error(`listen on 127.0.0.1:${port}: ${err.message}`),
      );
    };
    server.once('error', onError);
    server.listen({ host: '127.0.0.1', port, exclusive: true }, () => {
      server.off('error', onError);
      bound = (server.address() as AddressInfo).port;
      resolve();
    });
  });
  return {
    server,
    port: bound,
    settled: (ms) =>
      new Promise<void>((resolve) => {
        if (inflight.size === 0) return resolve();
        const done = () => {
          clearTimeout(timer);
          idleWaiters.delete(done);
          resolve();
        };
        const timer = setTimeout(done, ms);
        idleWaiters.add(done);
      }),
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

function cors(res: ServerResponse): void {
  res.setHeader('Access-Control-Allow-Origin', '*');
  res.setHeader('Access-Control-Allow-Headers', 'Content-Type');
  res.setHeader('Access-Control-Allow-Methods', 'POST, OPTIONS');
}

/** Go's `http.Error`: plain text, nosniff, the message plus a newline. */
function plain(res: ServerResponse, status: number, text: string): void {
  res.statusCode = status;
  res.setHeader('Content-Type', 'text/plain; charset=utf-8');
  res.setHeader('X-Content-Type-Options', 'nosniff');
  res.end(`${text}\n`);
}

async function handle(req: IncomingMessage, res: ServerResponse, token: string, port: number, routes: ListenerRoutes): Promise<void> {
  const url = new URL(req.url ?? '/', 'http://127.0.0.1');
  const path = url.pathname;
  // The page's answers carry no CORS header: no other origin may read them.
  const web = routes.web !== undefined && isWebPath(path);
  if (!web) cors(res);
  if (!hostAllowed(req.headers.host, port)) return drain(req, () => plain(res, 403, HOST_REFUSAL));
  if (web) return routes.web!.request(req, res, url);
  const method = req.method ?? 'GET';
  if (method === 'OPTIONS') {
    res.statusCode = 204;
    res.end();
    req.resume();
    return;
  }
  const authorised = tokenMatches(url.searchParams.get('token') ?? '', token);

  if (path.startsWith('/rpc/')) {
    if (!authorised) return drain(req, () => plain(res, 403, 'forbidden'));
    const body = method === 'POST' ? await readBody(req, RPC_BODY_LIMIT) : (req.resume(), Buffer.alloc(0));
    const ac = new AbortController();
    res.on('close', () => {
      if (!res.writableFinished) ac.abort();
    });
    const raw = path.slice('/rpc/'.length);
    let name: string;
    try {
      name = decodeURIComponent(raw);
    } catch {
      name = raw;
    }
    const answer = await routes.rpc.dispatch(name, method, body, ac.signal);
    if (answer.after) res.once('close', answer.after);
    if (res.destroyed) return;
    res.statusCode = answer.status;
    res.setHeader('Content-Type', 'application/json');
    res.end(answer.body);
    return;
  }

  if (path === '/ping') {
    if (!authorised) return drain(req, () => plain(res, 401, 'invalid token'));
    return drain(req, () => {
      res.statusCode = 204;
      res.end();
    });
  }

  if ((HOOK_PATHS as readonly string[]).includes(path)) {
    if (!authorised) return drain(req, () => plain(res, 401, 'invalid token'));
    if (method !== 'POST') return drain(req, () => plain(res, 405, 'method not allowed'));
    const body = await readBody(req, HOOK_BODY_LIMIT);
    const answer = await routes.hook(path as HookPath, body);
    if (answer.status === 204) {
      res.statusCode = 204;
      res.end();
    } else {
      plain(res, answer.status, answer.body ?? '');
    }
    return;
  }

  if ((MOD_PATHS as readonly string[]).includes(path)) {
    if (!authorised) return drain(req, () => plain(res, 401, 'invalid token'));
    return mod(req, res, path as ModPath, method, url.searchParams, routes);
  }

  if (path === '/debug/goroutines' && routes.debug) {
    if (!authorised) return drain(req, () => plain(res, 401, 'invalid token'));
    const debug = routes.debug;
    return drain(req, () => {
      res.statusCode = 200;
      res.setHeader('Content-Type', 'application/json');
      res.end(debug());
    });
  }

  drain(req, () => plain(res, 404, '404 page not found'));
}

async function mod(
  req: IncomingMessage,
  res: ServerResponse,
  path: ModPath,
  method: string,
  query: URLSearchParams,
  routes: ListenerRoutes,
): Promise<void> {
  const body = method === 'POST' ? await readBody(req, modBodyLimit(path)) : (req.resume(), Buffer.alloc(0));
  const ac = new AbortController();
  res.on('close', () => {
    if (!res.writableFinished) ac.abort();
  });
  const header = req.headers['x-lich-plugin'];
  const plugin = (Array.isArray(header) ? header[0] : header ?? '').trim();
  const answer = await routes.mod({ method, path, query, plugin, body, signal: ac.signal });
  const settled = answer.settled;
  // A poll's commands count as collected once written, so give a hang-up already waiting in
  // the kernel one turn of the loop to be read first: its socket is then no longer writable,
  // and the commands go back to the queue instead of into a connection nobody reads.
  if (settled) await new Promise((r) => setImmediate(r));
  if (res.destroyed || !res.socket?.writable) return settled?.(false);
  if (settled) {
    let told = false;
    const tell = (written: boolean) => {
      if (told) return;
      told = true;
      settled(written);
    };
    res.once('finish', () => tell(true));
    res.once('close', () => tell(res.writableFinished));
  }
  if (answer.status === 204) {
    res.statusCode = 204;
    res.end();
  } else if (answer.contentType) {
    res.statusCode = answer.status;
    res.setHeader('Content-Type', answer.contentType);
    res.end(answer.body ?? '');
  } else {
    plain(res, answer.status, answer.body ?? '');
  }
}

/** Answers an upgrade with a plain-text refusal and closes the socket. */
function refuseUpgrade(socket: Duplex, status: string, text: string): void {
  const body = `${text}\n`;
  socket.end(`HTTP/1.1 ${status}\r\nConnection: close\r\nContent-Type: text/plain; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`);
}

/** Answers once the request body is consumed, so the connection can be reused. */
function drain(req: IncomingMessage, answer: () => void): void {
  req.resume();
  if (req.readableEnded) answer();
  else req.once('end', answer).once('error', answer);
}

/** The request body, or null when it passes `limit` bytes (the rest is read and dropped). */
function readBody(req: IncomingMessage, limit: number): Promise<Buffer | null> {
  return new Promise((resolve, reject) => {
    const parts: Buffer[] = [];
    let size = 0;
    let over = false;
    req.on('data', (chunk: Buffer) => {
      if (over) return;
      size += chunk.length;
      if (size > limit) {
        over = true;
        parts.length = 0;
        return;
      }
      parts.push(chunk);
    });
    req.on('end', () => resolve(over ? null : Buffer.concat(parts)));
    req.on('error', reject);
  });
}
