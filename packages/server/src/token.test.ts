/**
 * The launch token and the loopback boundary, on a whole backend (`startServer`), endpoint by
 * endpoint: wire.md § 1.1 (bind address, token, the status of a bad token on each mount) and the
 * DNS-rebinding rule of listener.ts (a `Host` that is not this listener's loopback name is 403).
 *
 * Every path is listed here by hand except the RPC methods, which come from the contract
 * (`rpcMethods`): a method added there is covered without touching this file.
 */
import { readFileSync } from 'node:fs';
import { networkInterfaces } from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHttpRpcClient, modStatus, pluginEndpoint, reportState } from '@lich/core';
import { rpcMethods } from '@lich/generated/contracts';
import { HOST_REFUSAL, hostAllowed } from './listener.js';
import { pingLich } from './runtime-file.js';
import { startServer, type RunningServer } from './server.js';
import { http, tempLich, type TempLich } from './testing.js';

let dirs: TempLich;
let server: RunningServer;

beforeAll(async () => {
  dirs = tempLich('lich-token-');
  server = await startServer({
    configDir: dirs.configDir,
    dataDir: dirs.dataDir,
    port: 0,
    bin: '/usr/local/bin/lich',
    env: { PATH: process.env.PATH, HOME: dirs.root },
    // A poll with nothing to take comes back at once rather than held for 25 s.
    timings: { modPollWaitMs: 10 },
    log: () => {},
  });
});
afterAll(async () => {
  await server?.close();
  dirs?.cleanup();
});

interface Endpoint {
  path: string;
  method: 'GET' | 'POST';
  /** wire.md § 1.1: 403 `forbidden\n` behind the /rpc/ mount, 401 `invalid token\n` elsewhere. */
  refusal: { status: number; body: string };
}

const forbidden = { status: 403, body: 'forbidden\n' };
const invalidToken = { status: 401, body: 'invalid token\n' };

const endpoints: Endpoint[] = [
  ...Object.keys(rpcMethods).map((m): Endpoint => ({ path: `/rpc/${m}`, method: 'POST', refusal: forbidden })),
  ...['/hook', '/session-start', '/session-title', '/session-touched'].map((path): Endpoint => ({ path, method: 'POST', refusal: invalidToken })),
  { path: '/mod/commands', method: 'GET', refusal: invalidToken },
  { path: '/mod/status', method: 'GET', refusal: invalidToken },
  ...['/mod/acks', '/mod/answer', '/mod/usage'].map((path): Endpoint => ({ path, method: 'POST', refusal: invalidToken })),
  { path: '/debug/goroutines', method: 'GET', refusal: invalidToken },
  { path: '/ping', method: 'GET', refusal: invalidToken },
];

/** The query of a request, `?session_id=…` first (what the mod paths read), then the token part. */
function query(tokenPart: string | null): string {
  return `?session_id=nobody${tokenPart === null ? '' : `&token=${tokenPart}`}`;
}

/** Tokens that are not the launch token, each named for the failure it would expose. */
function wrongTokens(token: string): Record<string, string> {
  const flip = (c: string) => (c === '0' ? '1' : '0');
  return {
    empty: '',
    'all zeros, same length': '0'.repeat(32),
    'first character changed': flip(token[0]!) + token.slice(1),
    'last character changed': token.slice(0, 31) + flip(token[31]!),
    'one character short': token.slice(0, 31),
    'one character more': `${token}0`,
    'upper case': token.toUpperCase(),
    // 32 characters but 33 bytes: a byte-length mismatch timingSafeEqual would throw on.
    'same length in characters, not in bytes': encodeURIComponent(`${token.slice(0, 31)}é`),
    'the token twice': token + token,
  };
}

describe('every endpoint refuses a request without the launch token', () => {
  it('covers every RPC method of the contract, the hooks, the mod paths, /debug/goroutines and /ping', () => {
    expect(endpoints.length).toBe(Object.keys(rpcMethods).length + 11);
    expect(endpoints.map((e) => e.path)).toContain('/rpc/system.Quit');
  });

  it('answers a missing token and every wrong one with the status and body of wire.md § 1.1, and does nothing', async () => {
    let tried = 0;
    for (const e of endpoints) {
      const body = e.method === 'POST' ? (e.path.startsWith('/rpc/') ? '[{}]' : '{}') : undefined;
      for (const [what, tokenPart] of [['missing', null], ...Object.entries(wrongTokens(server.token))] as [string, string | null][]) {
        const r = await http(server.port, e.method, `${e.path}${query(tokenPart)}`, body);
        expect({ path: e.path, token: what, status: r.status, body: r.body }).toEqual({ path: e.path, token: what, ...e.refusal });
        expect(r.headers['content-type']).toBe('text/plain; charset=utf-8');
        tried++;
      }
    }
    expect(tried).toBe(endpoints.length * 10);
    // system.Quit, spawn.Open and themes.Switch were among them: none of them ran.
    const peers = await http(server.port, 'POST', `/rpc/relay.Peers?token=${server.token}`, '[{"from":""}]');
    expect([peers.status, peers.body]).toEqual([200, '[]\n']);
    const folders = await http(server.port, 'POST', `/rpc/spawn.Worktrees?token=${server.token}`, '[{"from":"","project":""}]');
    expect(folders.status).not.toBe(403);
  });

  it('lets the same requests past the token check with the launch token', async () => {
    for (const e of endpoints) {
      // A body no RPC method accepts, so system.Quit and the rest are refused by the dispatcher, not run.
      const body = e.method === 'POST' ? (e.path.startsWith('/rpc/') ? '"not an array"' : '{}') : undefined;
      const r = await http(server.port, e.method, `${e.path}${query(server.token)}`, body);
      expect({ path: e.path, status: r.status }).not.toEqual({ path: e.path, status: e.refusal.status });
      if (e.path.startsWith('/rpc/')) expect(r.status, e.path).toBe(400);
    }
    const ping = await http(server.port, 'GET', `/ping?token=${server.token}`);
    expect(ping.status).toBe(204);
  });

  it('reads only the first token parameter', async () => {
    const wrongFirst = await http(server.port, 'GET', `/ping?token=${'0'.repeat(32)}&token=${server.token}`);
    expect([wrongFirst.status, wrongFirst.body]).toEqual([401, 'invalid token\n']);
    const rightFirst = await http(server.port, 'GET', `/ping?token=${server.token}&token=nope`);
    expect(rightFirst.status).toBe(204);
  });
});

describe('the loopback boundary', () => {
  it('listens on 127.0.0.1 only: one IPv4 listening socket bound to 127.0.0.1, none on IPv6', () => {
    const hexPort = server.port.toString(16).toUpperCase().padStart(4, '0');
    const listening = (file: string) =>
      readFileSync(file, 'utf8')
        .split('\n')
        .slice(1)
        .map((l) => l.trim().split(/\s+/))
        .filter((f) => f.length > 3 && f[1]!.endsWith(`:${hexPort}`) && f[3] === '0A')
        .map((f) => f[1]!);
    expect(listening('/proc/net/tcp')).toEqual([`0100007F:${hexPort}`]);
    let v6: string[] = [];
    try {
      v6 = listening('/proc/net/tcp6');
    } catch {
      // No IPv6 on this machine: nothing can listen there.
    }
    expect(v6).toEqual([]);
  });

  it('cannot be reached on any other address of this machine', async () => {
    const others = Object.values(networkInterfaces())
      .flat()
      .filter((a) => a && a.family === 'IPv4' && !a.internal)
      .map((a) => a!.address);
    for (const address of others) {
      const reached = await new Promise<string>((resolve) => {
        import('node:net').then(({ connect }) => {
          const s = connect({ host: address, port: server.port });
          s.once('connect', () => (s.destroy(), resolve('connected')));
          s.once('error', (err: NodeJS.ErrnoException) => resolve(err.code ?? 'error'));
        });
      });
      expect({ address, reached }).toEqual({ address, reached: 'ECONNREFUSED' });
    }
  });
});

describe('hostAllowed', () => {
  it('takes the three loopback names with the listener’s own port, and nothing else', () => {
    for (const h of ['127.0.0.1:47821', 'localhost:47821', 'LOCALHOST:47821', '[::1]:47821']) expect(hostAllowed(h, 47821), h).toBe(true);
    for (const h of [undefined, '', '127.0.0.1', 'localhost', '127.0.0.1:47822', '127.0.0.1:047821', ' 127.0.0.1:47821', 'lich.example:47821', '[::ffff:127.0.0.1]:47821']) {
      expect(hostAllowed(h, 47821), String(h)).toBe(false);
    }
  });

  it('takes a name without a port only on port 80, where HTTP leaves the port out', () => {
    expect(hostAllowed('127.0.0.1', 80)).toBe(true);
    expect(hostAllowed('localhost', 80)).toBe(true);
    expect(hostAllowed('evil.example', 80)).toBe(false);
  });
});

describe('a request whose Host is not this loopback listener (DNS rebinding)', () => {
  const foreign = (port: number) => [
    `evil.example:${port}`,
    `127.0.0.1.evil.example:${port}`,
    `localhost.evil.example:${port}`,
    `127.0.0.2:${port}`,
    `0.0.0.0:${port}`,
    `127.0.0.1:${port + 1}`,
    `localhost:${port}0`,
    `127.0.0.1`,
    `[::1]`,
    `127.0.0.1:${port}@evil.example`,
  ];

  it('is refused 403 with a plain reason on every endpoint, the launch token notwithstanding', async () => {
    let tried = 0;
    for (const e of endpoints) {
      const body = e.method === 'POST' ? '"not an array"' : undefined;
      for (const host of foreign(server.port)) {
        const r = await http(server.port, e.method, `${e.path}${query(server.token)}`, body, { headers: { Host: host } });
        expect({ path: e.path, host, status: r.status, body: r.body }).toEqual({ path: e.path, host, status: 403, body: `${HOST_REFUSAL}\n` });
        tried++;
      }
    }
    expect(tried).toBe(endpoints.length * 10);
  });

  it('is refused before the token is read, and a CORS preflight from it too', async () => {
    const noToken = await http(server.port, 'POST', '/rpc/relay.Peers', '[]', { headers: { Host: `evil.example:${server.port}` } });
    expect([noToken.status, noToken.body]).toEqual([403, `${HOST_REFUSAL}\n`]);
    const preflight = await http(server.port, 'OPTIONS', '/rpc/relay.Send', undefined, { headers: { Host: `evil.example:${server.port}` } });
    expect(preflight.status).toBe(403);
  });

  it('answers the loopback names this listener is reached by: 127.0.0.1, localhost in any case, [::1]', async () => {
    for (const host of [`127.0.0.1:${server.port}`, `localhost:${server.port}`, `LocalHost:${server.port}`, `[::1]:${server.port}`]) {
      const r = await http(server.port, 'GET', `/ping?token=${server.token}`, undefined, { headers: { Host: host } });
      expect({ host, status: r.status }).toEqual({ host, status: 204 });
    }
    // What node:http puts on the wire by itself for host 127.0.0.1 — every lich client's choice.
    const plain = await http(server.port, 'POST', `/rpc/relay.Peers?token=${server.token}`, '[{"from":""}]');
    expect(plain.status).toBe(200);
  });

  it('lets in every client lich ships, each addressing it as 127.0.0.1:<port>: the RPC client, the plugin reporters and mod status, the ping', async () => {
    const client = createHttpRpcClient({ coordinates: async () => ({ port: server.port, token: server.token, source: 'env' }) });
    try {
      expect(await client.call('relay.Peers', { from: '' }, { timeoutMs: 5_000 })).toEqual([]);
    } finally {
      client.close();
    }
    const ep = pluginEndpoint({ LICH_PORT: String(server.port), LICH_TOKEN: server.token, LICH_SESSION_ID: 'no-such-session' }, '0.19.0')!;
    expect(await reportState(ep, { state: 'busy' })).toEqual({ ok: true });
    expect(await modStatus(ep)).toEqual({ ok: true, status: { owed: [], open: [], ready: [] } });
    ep.agent.destroy();
    expect(await pingLich(server.port, server.token)).toBe(true);
  });
});
