import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { readFile as readFileAsync } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { isAbortError, LichError, LichTransportError } from './errors.js';
import {
  type Coordinates,
  createHttpRpcClient,
  jsonLine,
  maskToken,
  mcpNoLichText,
  NO_LICH_RUNNING,
  readRuntimeFile,
  resolveCoordinates,
  type RpcClient,
  runtimeFilePath,
  unreachableText,
} from './rpc.js';
import { errorBody, type FakeLich, startFakeLich } from './testing/fake-lich.js';
import type { RuntimeInfo } from './types.js';

const T1 = '1'.repeat(32);
const T2 = '2'.repeat(32);

let lich: FakeLich;
let clients: RpcClient[] = [];
/** Servers of the tests' own ({@link serve}), closed after each test. */
let servers: http.Server[] = [];

beforeEach(async () => {
  lich = await startFakeLich(T1);
});
afterEach(async () => {
  for (const c of clients) c.close();
  clients = [];
  await lich.close();
  for (const s of servers.splice(0)) {
    s.closeAllConnections();
    await new Promise((r) => s.close(r));
  }
});

/** A real HTTP server on 127.0.0.1:`port` (0: any) running `handler`, closed after the test. */
async function serve(handler: http.RequestListener, port = 0): Promise<{ server: http.Server; port: number }> {
  const server = http.createServer(handler);
  servers.push(server);
  await new Promise<void>((r) => server.listen(port, '127.0.0.1', r));
  return { server, port: (server.address() as AddressInfo).port };
}

/**
 * A server answering `null` to every call — but a call of method `o.holds`, which it holds
 * unanswered, as lich holds a send — recording each call's path (`/rpc/<method>`, no query) and
 * the connections they came on.
 */
async function listener(o: { port?: number; holds?: string } = {}): Promise<{ server: http.Server; port: number; seen: string[]; sockets: Set<unknown> }> {
  const seen: string[] = [];
  const sockets = new Set<unknown>();
  const s = await serve((req, res) => {
    seen.push((req.url ?? '').split('?')[0]!);
    sockets.add(req.socket);
    req.resume();
    if (o.holds === undefined || !req.url?.startsWith(`/rpc/${o.holds}?`)) req.on('end', () => res.end('null\n'));
  }, o.port);
  return { ...s, seen, sockets };
}

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

  it('says what a refused connection means, not Go\'s dial error: nothing listens where the coordinates point, and nothing was sent', async () => {
    const port = lich.port;
    await lich.close();
    lich = await startFakeLich(T1); // keep afterEach happy; the client points at the closed port
    // A runtime file whose lich is gone (its pid recycled, its port closed): no lich is running.
    const stale = await failure(client({ port, source: 'runtime-file' }).call('relay.Peers', anyOptions, quick));
    expect(stale).toBeInstanceOf(LichTransportError);
    expect(stale.message).toBe(NO_LICH_RUNNING);
    expect((stale as LichTransportError).sent).toBe(false);
    // LICH_PORT set to a closed port, with nothing more to go on: what is true of that port.
    const env = await failure(client({ port }).call('relay.Peers', anyOptions, quick));
    expect(env.message).toBe(`no lich listens on port ${port}, which LICH_PORT names`);
    expect(env.message).not.toContain(T1);
    expect(env.message).not.toContain('dial tcp');
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
    const l = await listener();
    const c = client({ port: l.port });
    await c.call('relay.Peers', anyOptions, quick);
    await c.call('relay.Peers', anyOptions, quick);
    expect(l.sockets.size).toBe(1);
  });

  it('sends a call again, once and on a new connection, when lich had closed the kept-alive connection it took', async () => {
    // What lich's listener does to a connection idle past its keep-alive timeout (5 s): closed
    // between two calls of a long-lived client (`lich mcp`, a `@lich/core` client kept open), unseen by the
    // client until it writes.
    const l = await listener();
    const c = client({ port: l.port });
    await c.call('relay.Peers', anyOptions, quick);
    l.server.closeIdleConnections();
    // Same turn of the loop: the client has not read the close yet and takes the pooled socket.
    await expect(c.call('relay.Self', anyOptions, quick)).resolves.toBeNull();
    expect(l.seen).toEqual(['/rpc/relay.Peers', '/rpc/relay.Self']);
    expect(l.sockets.size).toBe(2);
  });

  it('does not send a call again when its connection was fresh: a lich that hung up on it is the failure', async () => {
    let calls = 0;
    const { port } = await serve((req) => {
      calls++;
      req.socket.destroy();
    });
    const error = await failure(client({ port }).call('relay.Send', anyOptions, quick));
    expect(error.message).toMatch(/^reach lich: Post ".*token=…": EOF$/);
    expect(calls).toBe(1);
  });
});

describe('the retry after a refused token (wire.md § 1.3)', () => {
  const stale = (port: number) =>
    `lich refused this token on port ${port}: the coordinates in this environment were exported by an earlier lich, and the one running now cannot be reached with them`;

  it('retries once, on the same port, with the token the running instance recorded', async () => {
    lich.setToken(T2);
    lich.on('relay.Peers', { result: [] });
    const result = await client({ token: T1 }, async () => ({ pid: process.pid, port: lich.port, token: T2 })).call('relay.Peers', anyOptions, quick);
    expect(result).toEqual([]);
    expect(lich.calls.map((c) => c.token)).toEqual([T1, T2]);
    expect(lich.calls[1].body).toEqual(lich.calls[0].body);
  });

  it('retries only once: a second refusal is reported as the status', async () => {
    lich.setToken('3'.repeat(32));
    const error = await failure(client({}, async () => ({ pid: process.pid, port: lich.port, token: T2 })).call('relay.Peers', anyOptions, quick));
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
    const error = await failure(client({}, async () => ({ pid: process.pid, port: lich.port, token: T1 })).call('relay.Peers', anyOptions, quick));
    expect(error.message).toBe(
      `lich refused this token on port ${lich.port}, and it is the token the running instance recorded — so something other than lich is answering there`,
    );
  });

  it('treats 401 like 403', async () => {
    lich.on('relay.Peers', (call) => (call.token === T2 ? { result: [] } : { status: 401, body: 'invalid token\n' }));
    lich.setToken(null);
    const result = await client({}, async () => ({ pid: process.pid, port: lich.port, token: T2 })).call('relay.Peers', anyOptions, quick);
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

function files(map: Record<string, string | Error>) {
  const reads: string[] = [];
  const readFile = async (path: string) => {
    reads.push(path);
    const v = map[path];
    if (v === undefined) throw Object.assign(new Error(`ENOENT: no such file or directory, open '${path}'`), { code: 'ENOENT' });
    if (v instanceof Error) throw v;
    return v;
  };
  return { readFile, reads };
}

const runtime = (port: number, token: string) => JSON.stringify({ pid: process.pid, port, token });
/** Whether a process is the lich that recorded coordinates, answered yes: for the tests of which coordinates win, not of that check (lich-process.test.ts). */
const held = () => true;

describe('runtimeFilePath', () => {
  it('is under $XDG_CONFIG_HOME/lich when it is set', () => {
    expect(runtimeFilePath({ XDG_CONFIG_HOME: '/x', HOME: '/home/u' })).toBe('/x/lich/runtime.json');
  });

  it('falls back to ~/.config/lich', () => {
    expect(runtimeFilePath({ HOME: '/home/u' })).toBe('/home/u/.config/lich/runtime.json');
    expect(runtimeFilePath({ HOME: '/home/u', XDG_CONFIG_HOME: '' })).toBe('/home/u/.config/lich/runtime.json');
  });

  it('names the dev instance file when LICH_DEV is non-empty', () => {
    expect(runtimeFilePath({ HOME: '/home/u', LICH_DEV: '1' })).toBe('/home/u/.config/lich/runtime-dev.json');
    expect(runtimeFilePath({ HOME: '/home/u', LICH_DEV: '' })).toBe('/home/u/.config/lich/runtime.json');
  });

  it('refuses a relative XDG_CONFIG_HOME as Go does', () => {
    expect(() => runtimeFilePath({ XDG_CONFIG_HOME: 'rel', HOME: '/h' })).toThrow(LichError);
  });
});

describe('resolveCoordinates', () => {
  it('takes the environment when LICH_PORT and LICH_TOKEN are both set, without reading the file', async () => {
    const fs = files({ '/h/.config/lich/runtime.json': runtime(1, 'file') });
    const c = await resolveCoordinates({ HOME: '/h', LICH_PORT: '47821', LICH_TOKEN: 'env' }, fs.readFile);
    expect(c).toEqual({ port: 47821, token: 'env', source: 'env' });
    expect(fs.reads).toEqual([]);
  });

  it('falls back to the runtime file when either variable is empty', async () => {
    const fs = files({ '/h/.config/lich/runtime.json': runtime(5000, 'file') });
    expect(await resolveCoordinates({ HOME: '/h', LICH_PORT: '47821', LICH_TOKEN: '' }, fs.readFile, 'cli', held)).toEqual({
      port: 5000,
      token: 'file',
      source: 'runtime-file',
      pid: process.pid,
    });
    expect(await resolveCoordinates({ HOME: '/h', LICH_TOKEN: 'x' }, fs.readFile, 'cli', held)).toMatchObject({ port: 5000 });
  });

  it('reads the dev file under LICH_DEV', async () => {
    const fs = files({ '/h/.config/lich/runtime-dev.json': runtime(6000, 'dev') });
    expect(await resolveCoordinates({ HOME: '/h', LICH_DEV: 'yes' }, fs.readFile, 'cli', held)).toMatchObject({ port: 6000, token: 'dev' });
  });

  it("asks whether a session's LICH_PID is its lich — seen at LICH_PROC when confined — and refuses in the spec's words when not", async () => {
    const asked: unknown[][] = [];
    const check = (answer: boolean) => (...a: unknown[]) => (asked.push(a), answer);
    const none = files({}).readFile;
    const session = { LICH_PORT: '5000', LICH_TOKEN: 't', LICH_PID: '4242', LICH_PROC: '/tmp/.lich-backend' };
    expect(await resolveCoordinates(session, none, 'cli', check(true))).toEqual({ port: 5000, token: 't', source: 'env', pid: 4242 });
    await expect(resolveCoordinates({ ...session, LICH_PROC: undefined }, none, 'cli', check(false))).rejects.toThrow(
      'no lich is running — open lich, or run this inside one of its sessions',
    );
    expect(asked).toEqual([
      [4242, undefined, '/tmp/.lich-backend'],
      [4242, undefined, undefined],
    ]);
    // No pid named, as in the original lich's sessions: nothing to ask.
    expect(await resolveCoordinates({ LICH_PORT: '5000', LICH_TOKEN: 't', LICH_PID: 'x' }, none, 'cli', check(false))).toEqual({ port: 5000, token: 't', source: 'env' });
    expect(asked).toHaveLength(2);
  });

  it('says no lich is running when there is no file', async () => {
    await expect(resolveCoordinates({ HOME: '/h' }, files({}).readFile)).rejects.toThrow(
      'no lich is running — open lich, or run this inside one of its sessions',
    );
  });

  it('says no lich is running when the file records no port or no token', async () => {
    const path = '/h/.config/lich/runtime.json';
    await expect(resolveCoordinates({ HOME: '/h' }, files({ [path]: runtime(0, 't') }).readFile)).rejects.toThrow(NO_LICH_RUNNING);
    await expect(resolveCoordinates({ HOME: '/h' }, files({ [path]: runtime(1, '') }).readFile)).rejects.toThrow(NO_LICH_RUNNING);
  });

  it('says, on the mcp surface, what it found: a runtime file whose lich is gone, or a session whose lich is gone — not where it looked', async () => {
    const path = '/h/.config/lich/runtime.json';
    const stale = files({ [path]: JSON.stringify({ pid: 4242, port: 5000, token: 't' }) }).readFile;
    const gone = () => false;
    await expect(resolveCoordinates({ HOME: '/h' }, stale, 'cli', gone)).rejects.toThrow(new LichError(NO_LICH_RUNNING));
    await expect(resolveCoordinates({ HOME: '/h' }, stale, 'mcp', gone)).rejects.toThrow(
      new LichError(`${NO_LICH_RUNNING}. lich mcp found the runtime file ${path}, but the lich it records (pid 4242) is no longer running: it ended without removing the file`),
    );
    const session = { LICH_PORT: '5000', LICH_TOKEN: 't', LICH_PID: '4242' };
    await expect(resolveCoordinates(session, stale, 'mcp', gone)).rejects.toThrow(
      new LichError(`${NO_LICH_RUNNING}. The lich its LICH_PORT and LICH_TOKEN belong to (LICH_PID 4242) is no longer running`),
    );
    // No runtime file at all: where it looked, and the likely cause.
    await expect(resolveCoordinates({ HOME: '/h' }, files({}).readFile, 'mcp', gone)).rejects.toThrow(new LichError(mcpNoLichText({ HOME: '/h' })));
    expect(mcpNoLichText({ HOME: '/h' })).toContain('lich mcp looked for its runtime file at /h/.config/lich/runtime.json, the default place');
  });

  it('refuses a LICH_PORT that is not a port', async () => {
    await expect(resolveCoordinates({ LICH_PORT: 'x1', LICH_TOKEN: 't' }, files({}).readFile)).rejects.toThrow(
      'reach lich: LICH_PORT is not a port: "x1"',
    );
  });
});

describe('unreachableText', () => {
  const path = '/h/.config/lich/runtime.json';
  const gone = () => false;

  it('is no lich running for a runtime file\'s coordinates — the mcp surface says the file it found names a lich that listens nowhere', async () => {
    const where = { port: 5000, token: 't', source: 'runtime-file' as const, pid: 4242 };
    expect(await unreachableText(where, { HOME: '/h' }, files({}).readFile)).toBe(NO_LICH_RUNNING);
    expect(await unreachableText(where, { HOME: '/h' }, files({}).readFile, 'mcp')).toBe(
      `${NO_LICH_RUNNING}. lich mcp found the runtime file ${path}, but nothing listens on the port it records (5000): the lich it names has ended, or is ending`,
    );
  });

  it('is no lich running for LICH_PORT when the runtime file names no live lich either', async () => {
    const where = { port: 5000, token: 't', source: 'env' as const };
    expect(await unreachableText(where, { HOME: '/h' }, files({}).readFile)).toBe(NO_LICH_RUNNING);
    expect(await unreachableText(where, { HOME: '/h' }, files({ [path]: runtime(6000, 'u') }).readFile, 'cli', gone)).toBe(NO_LICH_RUNNING);
    expect(await unreachableText(where, { HOME: '/h' }, files({ [path]: '{oops' }).readFile)).toBe(NO_LICH_RUNNING);
    // The mcp surface too: it was not the runtime file it failed to find.
    expect(await unreachableText(where, { HOME: '/h' }, files({}).readFile, 'mcp')).toBe(NO_LICH_RUNNING);
  });

  it('names the port the running lich listens on when LICH_PORT points elsewhere', async () => {
    const where = { port: 5000, token: 't', source: 'env' as const };
    expect(await unreachableText(where, { HOME: '/h' }, files({ [path]: runtime(6000, 'u') }).readFile, 'cli', held)).toBe(
      'no lich listens on port 5000, which LICH_PORT names; the lich running on this machine listens on port 6000 — run this from one of its sessions, or without LICH_PORT and LICH_TOKEN',
    );
  });
});

describe('readRuntimeFile', () => {
  it('is null when the file does not exist', async () => {
    expect(await readRuntimeFile({ HOME: '/h' }, files({}).readFile)).toBeNull();
  });

  it('reports a file it cannot read as "read runtime file: …"', async () => {
    const denied = Object.assign(new Error('EACCES'), { code: 'EACCES' });
    await expect(readRuntimeFile({ HOME: '/h' }, files({ '/h/.config/lich/runtime.json': denied }).readFile)).rejects.toThrow(
      'read runtime file: open /h/.config/lich/runtime.json: permission denied',
    );
  });

  it('reports bad JSON as "parse runtime file: …"', async () => {
    await expect(readRuntimeFile({ HOME: '/h' }, files({ '/h/.config/lich/runtime.json': '{oops' }).readFile)).rejects.toThrow(
      /^parse runtime file: /,
    );
  });

  it('reports a file that is not JSON on one line, naming the file', async () => {
    const read = readRuntimeFile({ HOME: '/h' }, files({ '/h/.config/lich/runtime.json': 'garbage\n' }).readFile);
    await expect(read).rejects.toThrow(/^parse runtime file: \/h\/\.config\/lich\/runtime\.json is not JSON \([^\n]*\)$/);
  });

  it('refuses a port outside 0–65535, a pid that is not an integer and a token that is not a string, one line each', async () => {
    const read = (record: object) =>
      readRuntimeFile({ HOME: '/h' }, files({ '/h/.config/lich/runtime.json': JSON.stringify(record) }).readFile);
    await expect(read({ pid: 1, port: 99999, token: 't' })).rejects.toThrow(
      new LichError('parse runtime file: port must be an integer from 1 to 65535, not 99999'),
    );
    await expect(read({ pid: 1, port: -1, token: 't' })).rejects.toThrow('port must be an integer from 1 to 65535, not -1');
    await expect(read({ pid: 1, port: '47821', token: 't' })).rejects.toThrow('port must be an integer from 1 to 65535, not "47821"');
    await expect(read({ pid: 1.5, port: 1, token: 't' })).rejects.toThrow(new LichError('parse runtime file: pid must be an integer, not 1.5'));
    await expect(read({ pid: 1, port: 1, token: 7 })).rejects.toThrow(new LichError('parse runtime file: token must be a non-empty string, not 7'));
    await expect(read([1])).rejects.toThrow('parse runtime file: /h/.config/lich/runtime.json must hold one JSON object with pid, port and token');
  });

  it('reads pid, port and token', async () => {
    expect(await readRuntimeFile({ HOME: '/h' }, files({ '/h/.config/lich/runtime.json': runtime(47821, 'abc') }).readFile)).toEqual({
      pid: process.pid,
      port: 47821,
      token: 'abc',
    });
  });
});

describe('jsonLine', () => {
  it('prints one compact line without a trailing newline', () => {
    expect(jsonLine({ a: [1, 2], b: 'x' })).toBe('{"a":[1,2],"b":"x"}');
  });

  it('escapes <, > and & as Go json.Encoder does', () => {
    expect(jsonLine({ answer: '<b>a & b</b>' })).toBe('{"answer":"\\u003cb\\u003ea \\u0026 b\\u003c/b\\u003e"}');
    expect(JSON.parse(jsonLine({ answer: '<b>a & b</b>' }))).toEqual({ answer: '<b>a & b</b>' });
  });

  it('escapes the two line separators JavaScript reads as newlines', () => {
    expect(jsonLine('a\u2028b\u2029')).toBe('"a\\u2028b\\u2029"');
  });

  it('prints an empty list as [] and nothing as null', () => {
    expect(jsonLine([])).toBe('[]');
    expect(jsonLine(undefined)).toBe('null');
  });
});

// These hold at compile time: `npm run check` runs tsc over this file, and each `@ts-expect-error`
// fails the check the day the line under it starts to compile.
describe('a call whose method is one of several (a route picks it at run time)', () => {
  const sendTo = (privately: boolean): 'relay.Send' | 'relay.SendPrivate' => (privately ? 'relay.SendPrivate' : 'relay.Send');

  it('takes the options every one of them takes, and posts them to the one picked', async () => {
    lich.on('relay.SendPrivate', { result: { ticket: 'a1b2c3d4', target: 'docs', status: 'pending', answer: '', private: true } });
    const options = { from: 'abc', target: 'docs', project: '', prompt: 'p', timeoutSeconds: 0 };
    await client().call(sendTo(true), options, quick);
    expect(lich.calls).toEqual([expect.objectContaining({ method: 'relay.SendPrivate', body: [options] })]);
  });

  it('refuses options that suit only some of them, a field left out or a field the others lack', () => {
    const method = (peers: boolean): 'relay.Send' | 'relay.Peers' => (peers ? 'relay.Peers' : 'relay.Send');
    const refused = (c: RpcClient) => [
      // @ts-expect-error relay.Send would miss target, project, prompt and timeoutSeconds.
      c.call(method(true), { from: 'abc' }, quick),
      // @ts-expect-error relay.Peers takes `from` alone: target and the rest are relay.Send's only.
      c.call(method(false), { from: 'abc', target: 'docs', project: '', prompt: 'p', timeoutSeconds: 0 }, quick),
    ];
    expect(typeof refused).toBe('function');
  });
});

describe('a long-lived client (lich mcp, a @lich/core client kept open) across the lich it talks to', () => {
  // Real coordinates: a runtime file in a temp config dir, read by resolveCoordinates, naming a
  // real process as the lich (a `sleep` started before the file was written, as a backend is).
  let dir: string;
  let env: Record<string, string>;
  let procs: ChildProcess[] = [];
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'lich-rpc-'));
    env = { XDG_CONFIG_HOME: dir, HOME: dir };
    mkdirSync(join(dir, 'lich'));
  });
  afterEach(async () => {
    for (const p of procs) p.kill('SIGKILL');
    procs = [];
    rmSync(dir, { recursive: true, force: true });
  });

  /** A process standing for a lich; resolves once it runs. */
  async function lichProcess(): Promise<ChildProcess & { pid: number }> {
    const p = spawn('sleep', ['600'], { stdio: 'ignore' });
    procs.push(p);
    await once(p, 'spawn');
    return p as ChildProcess & { pid: number };
  }
  /** Ends `p` and waits until it is reaped (a zombie still reads as alive to kill(pid, 0)). */
  async function end(p: ChildProcess): Promise<void> {
    const exited = once(p, 'exit');
    p.kill('SIGKILL');
    await exited;
  }
  function record(pid: number, port: number) {
    writeFileSync(runtimeFilePath(env), JSON.stringify({ pid, port, token: T1 }));
  }
  function longLived(): RpcClient {
    const readFile = (path: string) => readFileAsync(path, 'utf8');
    const c = createHttpRpcClient({ coordinates: () => resolveCoordinates(env, readFile, 'mcp') });
    clients.push(c);
    return c;
  }

  it('reaches a lich that started after it, once the runtime file names one', async () => {
    const c = longLived();
    expect((await failure(c.call('relay.Peers', anyOptions, quick))).message).toContain('no lich is running');
    const l = await listener();
    record((await lichProcess()).pid, l.port);
    await expect(c.call('relay.Peers', anyOptions, quick)).resolves.toBeNull();
    expect(l.seen).toEqual(['/rpc/relay.Peers']);
  });

  it('follows a lich that restarted on another port', async () => {
    const c = longLived();
    const first = await lichProcess();
    const a = await listener();
    record(first.pid, a.port);
    await c.call('relay.Peers', anyOptions, quick);
    await end(first);
    const b = await listener();
    record((await lichProcess()).pid, b.port);
    await expect(c.call('relay.Self', anyOptions, quick)).resolves.toBeNull();
    expect([a.seen, b.seen]).toEqual([['/rpc/relay.Peers'], ['/rpc/relay.Self']]);
  });

  it('posts nothing — no token — to whatever took the port of a lich that died after its first call', async () => {
    const c = longLived();
    const gone = await lichProcess();
    const a = await listener();
    record(gone.pid, a.port);
    await c.call('relay.Peers', anyOptions, quick);
    await end(gone);
    a.server.closeAllConnections();
    await new Promise((r) => a.server.close(r));
    const impostor = await listener({ port: a.port });
    const error = await failure(c.call('relay.Send', anyOptions, quick));
    expect(error.message).toContain('no lich is running');
    expect(impostor.seen).toEqual([]);
  });

  it('does not send a call again that a lich died holding, on the kept-alive connection it had reused', async () => {
    const c = longLived();
    const dying = await lichProcess();
    // relay.Send held until its answer, as lich holds it.
    const l = await listener({ holds: 'relay.Send' });
    record(dying.pid, l.port);
    await c.call('relay.Peers', anyOptions, quick);
    const held = failure(c.call('relay.Send', anyOptions, quick));
    await until(() => l.seen.length === 2);
    // A kill -9 of lich mid-call: its process gone, its connections reset, nothing answered.
    await end(dying);
    l.server.closeAllConnections();
    const error = await held;
    expect(error).toBeInstanceOf(LichTransportError);
    expect(l.seen).toEqual(['/rpc/relay.Peers', '/rpc/relay.Send']);
  });
});

/** Resolves once `ok` holds, looking again on every turn of the event loop. */
async function until(ok: () => boolean): Promise<void> {
  while (!ok()) await new Promise((r) => setImmediate(r));
}
