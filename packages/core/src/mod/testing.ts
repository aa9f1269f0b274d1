/**
 * A recording stand-in for lich's plugin endpoints on a real loopback port (node:http), for the
 * tests of the reporters, the mod client and the plugins that use them — tests not about the
 * backend's endpoints (packages/server has those). Not exported from `@lich/core`'s index.
 *
 * It records every request whole. A POST is answered 204 unless a handler says otherwise. A poll
 * (`GET /mod/commands`) is parked until the test hands it an answer with `answerPoll`, so a test
 * decides exactly what each poll returns and when.
 */
import { EventEmitter } from 'node:events';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request as lich would have read it. */
export interface RecordedRequest {
  method: string;
  /** `/hook`, `/mod/acks`, … */
  path: string;
  query: URLSearchParams;
  /** The `X-Lich-Plugin` header, `undefined` when absent. */
  plugin: string | undefined;
  contentType: string | undefined;
  /** The body bytes as text. */
  raw: string;
  /** The body decoded as JSON, `undefined` when empty or not JSON. */
  body: unknown;
}

/** How the stand-in answers one request. */
export type StandInAnswer =
  | { status: number; body?: string; contentType?: string }
  /** Closes the connection without answering (a lich that went away mid-request). */
  | { hangUp: true };

export type StandInHandler = (req: RecordedRequest) => StandInAnswer | Promise<StandInAnswer>;

export interface RecordingLich {
  port: number;
  token: string;
  sessionId: string;
  /** `LICH_PORT`, `LICH_TOKEN`, `LICH_SESSION_ID` of a session of this stand-in. */
  env: Record<string, string>;
  /** Every request, in the order their bodies were read. */
  requests: RecordedRequest[];
  /** The requests to `path` (and `method`, when given). */
  to(path: string, method?: string): RecordedRequest[];
  /** Answers the requests to `path` with `handler` from now on (POSTs default to 204). */
  on(path: string, handler: StandInHandler | StandInAnswer): void;
  /** Answers the oldest parked poll with `answer`, or the next poll when none is parked. */
  answerPoll(answer: StandInAnswer | unknown[]): void;
  /** Polls parked now, waiting for an answer. */
  parkedPolls(): number;
  /** Resolves once `predicate` holds over the requests; rejects after `timeoutMs` (default 10 s) saying what it waited for. */
  waitFor(what: string, predicate: (requests: RecordedRequest[]) => boolean, timeoutMs?: number): Promise<void>;
  close(): Promise<void>;
}

/** Starts a stand-in on a free loopback port. */
export async function startRecordingLich(options: { token?: string; sessionId?: string } = {}): Promise<RecordingLich> {
  const token = options.token ?? 'f'.repeat(32);
  const sessionId = options.sessionId ?? 'lich-s1';
  const requests: RecordedRequest[] = [];
  const handlers = new Map<string, StandInHandler>();
  const pollAnswers: StandInAnswer[] = [];
  const parked: Array<(answer: StandInAnswer) => void> = [];
  const events = new EventEmitter();

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://127.0.0.1');
      const raw = Buffer.concat(chunks).toString('utf8');
      let body: unknown;
      try {
        body = raw === '' ? undefined : JSON.parse(raw);
      } catch {
        body = undefined;
      }
      const plugin = req.headers['x-lich-plugin'];
      const recorded: RecordedRequest = {
        method: req.method ?? '',
        path: url.pathname,
        query: url.searchParams,
        plugin: Array.isArray(plugin) ? plugin.join(',') : plugin,
        contentType: req.headers['content-type'],
        raw,
        body,
      };
      requests.push(recorded);
      events.emit('request');
      void answer(recorded).then((a) => {
        if ('hangUp' in a) {
          req.socket.destroy();
          return;
        }
        if (res.destroyed) return;
        res.writeHead(a.status, a.body === undefined ? {} : { 'Content-Type': a.contentType ?? 'text/plain; charset=utf-8' });
        res.end(a.body);
      });
    });
  });

  async function answer(r: RecordedRequest): Promise<StandInAnswer> {
    if (r.query.get('token') !== token) return { status: 401, body: 'invalid token\n' };
    const handler = handlers.get(`${r.method} ${r.path}`) ?? handlers.get(r.path);
    if (handler) return handler(r);
    if (r.method === 'GET' && r.path === '/mod/commands') {
      const queued = pollAnswers.shift();
      if (queued) return queued;
      return new Promise<StandInAnswer>((resolve) => {
        parked.push(resolve);
        events.emit('parked');
      });
    }
    return r.method === 'POST' ? { status: 204 } : { status: 404, body: '404 page not found\n' };
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;

  return {
    port,
    token,
    sessionId,
    env: { LICH_PORT: String(port), LICH_TOKEN: token, LICH_SESSION_ID: sessionId },
    requests,
    to: (path, method) => requests.filter((r) => r.path === path && (method === undefined || r.method === method)),
    on(path, handler) {
      handlers.set(path, typeof handler === 'function' ? handler : () => handler);
    },
    answerPoll(a) {
      const reply: StandInAnswer = Array.isArray(a)
        ? { status: 200, body: JSON.stringify(a), contentType: 'application/json' }
        : (a as StandInAnswer);
      const waiting = parked.shift();
      if (waiting) waiting(reply);
      else pollAnswers.push(reply);
    },
    parkedPolls: () => parked.length,
    waitFor(what, predicate, timeoutMs = 10_000) {
      return new Promise<void>((resolve, reject) => {
        const check = () => {
          if (!predicate(requests)) return;
          done();
          resolve();
        };
        const timer = setTimeout(() => {
          done();
          reject(new Error(`the stand-in lich never saw ${what}; it got: ${requests.map((r) => `${r.method} ${r.path} ${r.raw}`).join(' | ')}`));
        }, timeoutMs);
        const done = () => {
          clearTimeout(timer);
          events.off('request', check);
          events.off('parked', check);
        };
        events.on('request', check);
        events.on('parked', check);
        check();
      });
    },
    close() {
      for (const waiting of parked.splice(0)) waiting({ status: 200, body: '[]' });
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
