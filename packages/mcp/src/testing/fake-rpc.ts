/**
 * A real loopback HTTP server speaking lich's RPC wire (docs/architecture.md § The RPC wire):
 * `POST /rpc/<service>.<Method>?token=<token>`, a JSON array body, a JSON result or
 * `{"error":"…"}` with a 4xx/5xx. It answers from canned handlers and records every call, so a
 * test drives the MCP server through the core client it really uses and only the backend is fake.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request the fake received. */
export interface RecordedCall {
  /** `relay.Send`, `spawn.Open`, … */
  method: string;
  /** The parsed JSON body: `[options]` or `[]`. */
  body: unknown;
  /** Whether the caller hung up before the fake answered. */
  aborted: boolean;
}

/** A canned answer: a status with a JSON body, or `hang` to never answer until the caller aborts. */
export type CannedReply = { status?: number; json: unknown } | 'hang';

export type CannedHandler = (options: unknown, call: RecordedCall) => CannedReply | Promise<CannedReply>;

export interface FakeRpc {
  port: number;
  token: string;
  calls: RecordedCall[];
  /** Resolves once a call to `method` has arrived (counting calls already recorded). */
  nextCall(method: string): Promise<RecordedCall>;
  /** Resolves once the given call's connection has closed without an answer. */
  abortedCall(call: RecordedCall): Promise<void>;
  close(): Promise<void>;
}

const TOKEN = '0123456789abcdef0123456789abcdef';

/** Starts the fake on an ephemeral loopback port. Methods without a handler answer 404. */
export async function startFakeRpc(handlers: Record<string, CannedHandler>): Promise<FakeRpc> {
  const calls: RecordedCall[] = [];
  const waiters: Array<{ method: string; resolve: (c: RecordedCall) => void }> = [];
  const abortWaiters = new Map<RecordedCall, () => void>();

  const server: Server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    if (url.searchParams.get('token') !== TOKEN) {
      res.writeHead(403, { 'content-type': 'text/plain' }).end('forbidden\n');
      return;
    }
    const method = url.pathname.replace(/^\/rpc\//, '');
    const body = JSON.parse((await readBody(req)) || 'null');
    const call: RecordedCall = { method, body, aborted: false };
    calls.push(call);
    res.on('close', () => {
      if (!res.writableFinished) {
        call.aborted = true;
        abortWaiters.get(call)?.();
      }
    });
    for (const w of [...waiters]) {
      if (w.method === method) {
        waiters.splice(waiters.indexOf(w), 1);
        w.resolve(call);
      }
    }
    const handler = handlers[method];
    if (!handler) {
      res.writeHead(404, { 'content-type': 'application/json' }).end(JSON.stringify({ error: `unknown method ${method}` }));
      return;
    }
    const reply = await handler(Array.isArray(body) ? body[0] : undefined, call);
    if (reply === 'hang') return;
    res.writeHead(reply.status ?? 200, { 'content-type': 'application/json' }).end(JSON.stringify(reply.json));
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    port,
    token: TOKEN,
    calls,
    nextCall(method) {
      const already = calls.find((c) => c.method === method);
      if (already) return Promise.resolve(already);
      return new Promise((resolve) => waiters.push({ method, resolve }));
    },
    abortedCall(call) {
      if (call.aborted) return Promise.resolve();
      return new Promise((resolve) => abortWaiters.set(call, resolve));
    },
    close() {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}
