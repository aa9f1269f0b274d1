import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Coordinates } from './coordinates.js';
import { isAbortError, LichError, LichTransportError } from './errors.js';
import { createHttpRpcClient, maskToken, type RpcClient } from './rpc.js';
import { errorBody, type FakeLich, startFakeLich } from './testing/fake-lich.js';
import type { RuntimeInfo } from './types.js';

const T1 = '1'.repeat(32);
const T2 = '2'.repeat(32);

let lich: FakeLich;
let clients: RpcClient[] = [];

beforeEach(async () => {
  lich = await startFakeLich(T1);
});
afterEach(async () => {
  for (const c of clients) c.close();
  clients = [];
  await lich.close();
});

function client(coords: Partial<Coordinates> = {}, readRuntime?: () => Promise<RuntimeInfo | null>): RpcClient {
  const c = createHttpRpcClient({
    coordinates: async () => ({ port: lich.port, token: T1, source: 'env', ...coords }),
    readRuntime,
  });
  clients.push(c);
  return c;
}

const quick = { timeoutMs: 5_000 };

/** The transport never reads the options object: most tests here send `{}`, whatever the method's contract holds. */
const anyOptions = {} as never;

async function failure(p: Promise<unknown>): Promise<Error> {
  try {
    await p;
  } catch (error) {
    return error as Error;
  }
  throw new Error('expected a failure');
}

describe('the RPC client', () => {
  it('posts [options] as JSON to /rpc/<method> with the token in the query', async () => {
    lich.on('relay.Peers', { result: [] });
    await client().call('relay.Peers', { from: 'abc' }, quick);
    expect(lich.calls).toEqual([
      expect.objectContaining({ method: 'relay.Peers', token: T1, body: [{ from: 'abc' }], contentType: 'application/json' }),
    ]);
  });

  it('posts [] for a method with no input', async () => {
    lich.on('system.Diagnostics', { result: { version: '1.2.3' } });
    expect(await client().call('system.Diagnostics', undefined, quick)).toEqual({ version: '1.2.3' });
    expect(lich.calls[0].raw).toBe('[]');
  });

  it('decodes a null result', async () => {
    lich.on('relay.Reply', { result: null });
    expect(await client().call('relay.Reply', anyOptions, quick)).toBeNull();
  });

  it('reports the error field of a JSON error body as the message', async () => {
    lich.on('relay.Send', { status: 500, body: errorBody('no live session is labelled "docs"') });
    const error = await failure(client().call('relay.Send', anyOptions, quick));
    expect(error).toBeInstanceOf(LichError);
    expect(error.message).toBe('no live session is labelled "docs"');
  });

  it('reports "<code> <StatusText>" when the body carries no error', async () => {
    lich.on('relay.Send', { status: 502, body: 'bad gateway', contentType: 'text/plain' });
    expect((await failure(client().call('relay.Send', anyOptions, quick))).message).toBe('502 Bad Gateway');
    lich.on('relay.Wait', { status: 500, body: errorBody('') });
    expect((await failure(client().call('relay.Wait', anyOptions, quick))).message).toBe('500 Internal Server Error');
  });

  it('uses Go status texts where they differ from node', async () => {
    lich.on('relay.Send', { status: 413, body: '' });
    expect((await failure(client().call('relay.Send', anyOptions, quick))).message).toBe('413 Request Entity Too Large');
  });

  it('reports an unreadable 200 as "decode the reply: …"', async () => {
    lich.on('relay.Self', { status: 200, body: '{not json' });
    expect((await failure(client().call('relay.Self', anyOptions, quick))).message).toMatch(/^decode the reply: /);
  });

  it('reports a refused connection as "reach lich: …" without the token', async () => {
    const port = lich.port;
    await lich.close();
    lich = await startFakeLich(T1); // keep afterEach happy; the client points at the closed port
    const error = await failure(client({ port }).call('relay.Peers', anyOptions, quick));
    expect(error).toBeInstanceOf(LichTransportError);
    expect(error.message).toBe(
      `reach lich: Post "http://127.0.0.1:${port}/rpc/relay.Peers?token=…": dial tcp 127.0.0.1:${port}: connect: connection refused`,
    );
    expect(error.message).not.toContain(T1);
    expect((error as LichTransportError).sent).toBe(false);
  });

  it('gives up when the budget runs out, naming the timeout and not the token', async () => {
    lich.on('relay.Wait', { hang: true });
    const error = await failure(client().call('relay.Wait', anyOptions, { timeoutMs: 200 }));
    expect(error.message).toBe(
      `reach lich: Post "http://127.0.0.1:${lich.port}/rpc/relay.Wait?token=…": context deadline exceeded (Client.Timeout exceeded while awaiting headers)`,
    );
    expect((error as LichTransportError).timedOut).toBe(true);
  });

  it('reports a lich that hung up mid-call as a transport failure after sending', async () => {
    lich.on('system.Quit', { hangUp: true });
    const error = await failure(client().call('system.Quit', anyOptions, quick));
    expect(error).toBeInstanceOf(LichTransportError);
    expect(error.message).toMatch(/^reach lich: Post ".*token=…": EOF$/);
    expect((error as LichTransportError).sent).toBe(true);
  });

  it('rejects with an AbortError when cancelled, and the server sees the connection go', async () => {
    lich.on('relay.Wait', { hang: true });
    const controller = new AbortController();
    const pending = client().call('relay.Wait', anyOptions, { timeoutMs: 5_000, signal: controller.signal });
    setTimeout(() => controller.abort(), 50);
    expect(isAbortError(await failure(pending))).toBe(true);
  });

  it('masks any token= in a message from the server', async () => {
    lich.on('relay.Send', { status: 500, body: errorBody(`bad url http://x/?token=${T1}&a=1`) });
    const error = await failure(client().call('relay.Send', anyOptions, quick));
    expect(error.message).toBe('bad url http://x/?token=…&a=1');
  });

  it('reuses one connection for consecutive calls (keep-alive)', async () => {
    const sockets = new Set<unknown>();
    const server = http.createServer((req, res) => {
      sockets.add(req.socket);
      req.resume();
      req.on('end', () => res.end('null\n'));
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const port = (server.address() as AddressInfo).port;
    const c = client({ port });
    await c.call('relay.Peers', anyOptions, quick);
    await c.call('relay.Peers', anyOptions, quick);
    c.close();
    server.closeAllConnections();
    await new Promise((r) => server.close(r));
    expect(sockets.size).toBe(1);
  });
});

describe('the retry after a refused token (wire.md § 1.3)', () => {
  const stale = (port: number) =>
    `lich refused this token on port ${port}: the coordinates in this environment were exported by an earlier lich, and the one running now cannot be reached with them`;

  it('retries once, on the same port, with the token the running instance recorded', async () => {
    lich.setToken(T2);
    lich.on('relay.Peers', { result: [] });
    const result = await client({ token: T1 }, async () => ({ pid: 1, port: lich.port, token: T2 })).call('relay.Peers', anyOptions, quick);
    expect(result).toEqual([]);
    expect(lich.calls.map((c) => c.token)).toEqual([T1, T2]);
    expect(lich.calls[1].body).toEqual(lich.calls[0].body);
  });

  it('retries only once: a second refusal is reported as the status', async () => {
    lich.setToken('3'.repeat(32));
    const error = await failure(client({}, async () => ({ pid: 1, port: lich.port, token: T2 })).call('relay.Peers', anyOptions, quick));
    expect(error.message).toBe('403 Forbidden');
    expect(lich.calls).toHaveLength(2);
  });

  it('refuses with nothing to read the running instance from', async () => {
    lich.setToken(T2);
    const error = await failure(client().call('relay.Peers', anyOptions, quick));
    expect(error.message).toBe(`${stale(lich.port)}. Run this from a session of the running lich`);
  });

  it('refuses when the runtime file cannot be read', async () => {
    lich.setToken(T2);
    const error = await failure(
      client({}, async () => {
        throw new LichError('read runtime file: open /x: permission denied');
      }).call('relay.Peers', anyOptions, quick),
    );
    expect(error.message).toBe(`${stale(lich.port)}, and the running instance could not be read: read runtime file: open /x: permission denied`);
  });

  it('refuses when no running instance is recorded', async () => {
    lich.setToken(T2);
    const error = await failure(client({}, async () => null).call('relay.Peers', anyOptions, quick));
    expect(error.message).toBe(`${stale(lich.port)}, and no running instance is recorded to ask instead`);
  });

  it('refuses to follow the record to another port', async () => {
    lich.setToken(T2);
    const error = await failure(client({}, async () => ({ pid: 1, port: 1234, token: T2 })).call('relay.Peers', anyOptions, quick));
    expect(error.message).toBe(
      `${stale(lich.port)}. The lich recorded on this machine listens on port 1234, and a message sent there would land in a window this caller cannot see — start it again from a session of that lich`,
    );
    expect(lich.calls).toHaveLength(1);
  });

  it('says something other than lich answers when the recorded token is the refused one', async () => {
    lich.setToken(T2);
    const error = await failure(client({}, async () => ({ pid: 1, port: lich.port, token: T1 })).call('relay.Peers', anyOptions, quick));
    expect(error.message).toBe(
      `lich refused this token on port ${lich.port}, and it is the token the running instance recorded — so something other than lich is answering there`,
    );
  });

  it('treats 401 like 403', async () => {
    lich.on('relay.Peers', (call) => (call.token === T2 ? { result: [] } : { status: 401, body: 'invalid token\n' }));
    lich.setToken(null);
    const result = await client({}, async () => ({ pid: 1, port: lich.port, token: T2 })).call('relay.Peers', anyOptions, quick);
    expect(result).toEqual([]);
  });
});

describe('maskToken', () => {
  const MINTED = '0123456789abcdef0123456789abcdef';

  it('masks token= values and a token that can only be the token, wherever it is', () => {
    expect(maskToken('a?token=abc&b token=xyz', MINTED)).toBe('a?token=…&b token=…');
    expect(maskToken(`the ${MINTED} is out`, MINTED)).toBe('the … is out');
  });

  // issue 14, item 9: `LICH_PORT=1 LICH_TOKEN=0 lich sessions` printed
  // `reach lich: Post "http://127.….….1:1/…"`: every 0 of the line was the "token".
  it('masks a short or uniform token by its shape only, leaving the text around it whole', () => {
    const line = 'reach lich: Post "http://127.0.0.1:1/rpc/relay.Peers?token=0": dial tcp 127.0.0.1:1: connect: connection refused';
    expect(maskToken(line, '0')).toBe('reach lich: Post "http://127.0.0.1:1/rpc/relay.Peers?token=…": dial tcp 127.0.0.1:1: connect: connection refused');
    expect(maskToken('port 4242 answered 404', '4')).toBe('port 4242 answered 404');
    expect(maskToken('sha 0000000000000000000000000000000000000000', '0000000000000000')).toBe('sha 0000000000000000000000000000000000000000');
    expect(maskToken('the word secret stays', 'secret')).toBe('the word secret stays');
  });
});
