import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { rpcClient, type RpcClient } from './lib.mjs';

let server: Server | undefined;
let rpc: RpcClient | undefined;
afterEach(async () => {
  rpc?.close();
  rpc = undefined;
  if (server) {
    server.closeAllConnections();
    await new Promise((r) => server!.close(r));
  }
  server = undefined;
});

/** A server that holds every `/rpc/hold` request until `release()` and answers any other at once. */
async function holdingServer(): Promise<{ port: number; heldCount: (n: number) => Promise<void>; release: () => void; answered: () => number }> {
  const held: ServerResponse[] = [];
  const waiters: (() => void)[] = [];
  let answered = 0;
  server = createServer((req, res) => {
    req.resume();
    if (req.url?.startsWith('/rpc/hold')) {
      held.push(res);
      for (const w of waiters.splice(0)) w();
      return;
    }
    answered++;
    res.setHeader('Content-Type', 'application/json');
    res.end('{}');
  });
  await new Promise<void>((r) => server!.listen(0, '127.0.0.1', r));
  const heldCount = async (n: number) => {
    while (held.length < n) await new Promise<void>((r) => waiters.push(r));
  };
  const release = () => {
    for (const r of held.splice(0)) r.end('{"ok":true}');
  };
  return { port: (server.address() as AddressInfo).port, heldCount, release, answered: () => answered };
}

describe('the bench RPC client', () => {
  // The full bench's CLI section holds 66 sends (33 runs, the installed lich's half too) while it
  // blocks in spawnSync for minutes; the backend closes each connection 5 s after its answer, and
  // the client reads those closes only after it has handed 64 spawn.Close calls to the pooled
  // sockets. A retry on the pool took one of the 2 stale sockets left and failed: socket hang up.
  it('sends a call again on a new connection when the pooled socket it took and every one left were closed by the server unseen', async () => {
    const s = await holdingServer();
    rpc = rpcClient(s.port, 'token');
    const held = Array.from({ length: 66 }, () => rpc!.call('hold'));
    await s.heldCount(66);
    s.release();
    expect((await Promise.all(held)).map((r) => r.status)).toEqual(Array(66).fill(200));
    // As the server's keepAliveTimeout does to an idle connection: closed, in the same turn as the
    // calls below, so the client has read none of the closes when it picks sockets for them.
    server!.closeIdleConnections();
    const calls = await Promise.allSettled(Array.from({ length: 64 }, () => rpc!.call('spawn.Close', {})));
    expect(calls.filter((c) => c.status === 'rejected').map((c) => String((c as PromiseRejectedResult).reason))).toEqual([]);
    expect(calls.map((c) => (c as PromiseFulfilledResult<{ status: number }>).value.status)).toEqual(Array(64).fill(200));
    expect(s.answered()).toBe(64);
  });
});
