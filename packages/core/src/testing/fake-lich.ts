/**
 * A recording fake of lich's RPC listener on a real loopback port (node:http), for tests of
 * everything that talks to lich without being about the backend: it records each call's
 * method, token and body, and answers from a per-method handler — a value (200 + JSON), or a
 * status with a body, exactly as the wire carries them (wire.md § 1.2).
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** One recorded request. */
export interface RecordedCall {
  method: string;
  token: string | null;
  /** The decoded JSON body (`[options]` or `[]`). */
  body: unknown;
  /** The raw body text. */
  raw: string;
  contentType: string | undefined;
}

/** A handler's answer: a result (200 + JSON), or an explicit status and body. */
export type FakeReply =
  | { result: unknown }
  | { status: number; body: string; contentType?: string }
  /** Close the connection without answering (a lich that exited mid-call). */
  | { hangUp: true }
  /** Never answer (a hung lich). */
  | { hang: true };

export type FakeHandler = (call: RecordedCall) => FakeReply | Promise<FakeReply>;

export interface FakeLich {
  port: number;
  /** The token calls are accepted with; others get 403 `forbidden\n`. */
  token: string | null;
  calls: RecordedCall[];
  /** Sets the reply of one method (`relay.Send`); unknown methods get 404. */
  on(method: string, handler: FakeHandler | FakeReply): void;
  /** Accepts calls with another token from now on (a restarted lich); `null` lets handlers decide. */
  setToken(token: string | null): void;
  close(): Promise<void>;
}

/** Starts a fake on a free loopback port. */
export async function startFakeLich(token = 'a'.repeat(32)): Promise<FakeLich> {
  const handlers = new Map<string, FakeHandler>();
  const calls: RecordedCall[] = [];
  let accepted: string | null = token;
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', async () => {
      const url = new URL(req.url ?? '/', 'http://127.0.0.1');
      const method = url.pathname.replace(/^\/rpc\//, '');
      const raw = Buffer.concat(chunks).toString('utf8');
      let body: unknown;
      try {
        body = raw === '' ? [] : JSON.parse(raw);
      } catch {
        body = undefined;
      }
      const call: RecordedCall = { method, token: url.searchParams.get('token'), body, raw, contentType: req.headers['content-type'] };
      calls.push(call);
      if (accepted !== null && call.token !== accepted) {
        res.writeHead(403, { 'Content-Type': 'text/plain; charset=utf-8' });
        res.end('forbidden\n');
        return;
      }
      const handler = handlers.get(method);
      const reply: FakeReply = handler
        ? await handler(call)
        : { status: 404, body: `${JSON.stringify({ error: `unknown method "${method}"` })}\n` };
      if ('hang' in reply) return;
      if ('hangUp' in reply) {
        req.socket.destroy();
        return;
      }
      if ('result' in reply) {
        res.writeHead(200, { 'Content-Type': 'application/json' });
        res.end(`${JSON.stringify(reply.result)}\n`);
        return;
      }
      res.writeHead(reply.status, { 'Content-Type': reply.contentType ?? 'application/json' });
      res.end(reply.body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    port,
    get token() {
      return accepted;
    },
    calls,
    on(method, handler) {
      handlers.set(method, typeof handler === 'function' ? handler : () => handler);
    },
    setToken(next) {
      accepted = next;
    },
    close() {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}

/** An error body as lich writes it: `{"error":"…"}` + newline. */
export function errorBody(message: string): string {
  return `${JSON.stringify({ error: message })}\n`;
}
