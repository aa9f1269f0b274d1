import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  HOOK_BODY_LIMIT,
  listen,
  MOD_BODY_LIMIT,
  MOD_PATHS,
  newToken,
  RPC_BODY_LIMIT,
  tokenMatches,
  type HookPath,
  type Listener,
  type ModAnswer,
  type ModRequest,
} from './listener.js';
import { http, until } from './testing.js';

let listener: Listener;
let token: string;
const seen: { rpc: { name: string; method: string; size: number | null }[]; hook: { path: HookPath; size: number | null }[] } = {
  rpc: [],
  hook: [],
};
let lastSignal: AbortSignal | undefined;
let rpcDelay = 0;
/** What the mod route saw, with its body's size (null: over the limit). */
let modSeen: (Omit<ModRequest, 'body' | 'query'> & { size: number | null; query: string })[] = [];
/** How the mod route answers; the default is 204. */
let modRoute: (req: ModRequest) => Promise<ModAnswer> = async () => ({ status: 204 });

beforeEach(async () => {
  token = newToken();
  seen.rpc = [];
  seen.hook = [];
  rpcDelay = 0;
  modSeen = [];
  modRoute = async () => ({ status: 204 });
  listener = await listen(
    0,
    token,
    {
      rpc: {
        dispatch: async (name, method, body, signal) => {
          seen.rpc.push({ name, method, size: body && body.length });
          lastSignal = signal;
          if (rpcDelay) await new Promise((r) => setTimeout(r, rpcDelay));
          return { status: 200, body: 'null\n' };
        },
      },
      hook: async (path, body) => {
        seen.hook.push({ path, size: body && body.length });
        return { status: 204 };
      },
      mod: (req) => {
        const { body, query, ...rest } = req;
        modSeen.push({ ...rest, query: query.toString(), size: body && body.length });
        return modRoute(req);
      },
    },
    () => {},
  );
});
afterEach(async () => {
  await listener.close();
});

describe('listener', () => {
  it('mints a token of 16 random bytes as 32 lowercase hex', () => {
    expect(token).toMatch(/^[0-9a-f]{32}$/);
    expect(newToken()).not.toBe(token);
  });

  it('compares tokens in full, refusing prefixes, extensions and other lengths', () => {
    expect(tokenMatches(token, token)).toBe(true);
    expect(tokenMatches(token.slice(0, 31), token)).toBe(false);
    expect(tokenMatches(`${token}0`, token)).toBe(false);
    expect(tokenMatches('', token)).toBe(false);
    expect(tokenMatches(token.toUpperCase(), token)).toBe(false);
  });

  it('listens on 127.0.0.1 only', () => {
    const addr = listener.server.address();
    expect(addr).toMatchObject({ address: '127.0.0.1' });
  });

  it('answers /rpc/ with a bad or missing token 403 forbidden, in plain text', async () => {
    for (const q of ['', '?token=', `?token=${'0'.repeat(32)}`]) {
      const r = await http(listener.port, 'POST', `/rpc/relay.Peers${q}`, '[]');
      expect(r.status).toBe(403);
      expect(r.body).toBe('forbidden\n');
      expect(r.headers['content-type']).toBe('text/plain; charset=utf-8');
    }
    expect(seen.rpc).toEqual([]);
  });

  it('answers /ping and the hooks with a bad token 401 invalid token', async () => {
    for (const path of ['/ping', '/hook', '/session-start', '/session-title', '/session-touched']) {
      const r = await http(listener.port, 'POST', `${path}?token=nope`, '{}');
      expect(r.status, path).toBe(401);
      expect(r.body).toBe('invalid token\n');
    }
    expect(seen.hook).toEqual([]);
  });

  it('answers /ping with any method 204', async () => {
    for (const m of ['GET', 'POST', 'HEAD']) {
      const r = await http(listener.port, m, `/ping?token=${token}`);
      expect(r.status).toBe(204);
    }
  });

  it('puts the CORS headers on every answer and answers OPTIONS 204 without a token', async () => {
    const pre = await http(listener.port, 'OPTIONS', '/rpc/relay.Peers');
    expect(pre.status).toBe(204);
    expect(pre.body).toBe('');
    for (const r of [pre, await http(listener.port, 'POST', '/rpc/relay.Peers', '[]'), await http(listener.port, 'GET', `/ping?token=${token}`)]) {
      expect(r.headers['access-control-allow-origin']).toBe('*');
      expect(r.headers['access-control-allow-headers']).toBe('Content-Type');
      expect(r.headers['access-control-allow-methods']).toBe('POST, OPTIONS');
    }
  });

  it('hands an RPC its method name, HTTP method and body, and answers its JSON', async () => {
    const r = await http(listener.port, 'POST', `/rpc/relay.Peers?token=${token}`, '[{"from":""}]');
    expect(r.status).toBe(200);
    expect(r.headers['content-type']).toBe('application/json');
    expect(r.body).toBe('null\n');
    expect(seen.rpc).toEqual([{ name: 'relay.Peers', method: 'POST', size: 13 }]);
  });

  it('reads an RPC body up to 1 MiB and reports a longer one as over the limit', async () => {
    await http(listener.port, 'POST', `/rpc/relay.Peers?token=${token}`, Buffer.alloc(RPC_BODY_LIMIT, 0x20));
    await http(listener.port, 'POST', `/rpc/relay.Peers?token=${token}`, Buffer.alloc(RPC_BODY_LIMIT + 1, 0x20));
    expect(seen.rpc.map((c) => c.size)).toEqual([RPC_BODY_LIMIT, null]);
  });

  it('reads a hook body up to 4 KiB and reports a longer one as over the limit', async () => {
    await http(listener.port, 'POST', `/hook?token=${token}`, Buffer.alloc(HOOK_BODY_LIMIT, 0x20));
    await http(listener.port, 'POST', `/hook?token=${token}`, Buffer.alloc(HOOK_BODY_LIMIT + 1, 0x20));
    expect(seen.hook.map((c) => c.size)).toEqual([HOOK_BODY_LIMIT, null]);
  });

  it('answers a hook asked with another method than POST 405', async () => {
    const r = await http(listener.port, 'GET', `/hook?token=${token}`);
    expect(r.status).toBe(405);
    expect(r.body).toBe('method not allowed\n');
  });

  it('answers an unknown path 404', async () => {
    const r = await http(listener.port, 'GET', `/nothing?token=${token}`);
    expect(r.status).toBe(404);
  });

  it('aborts the signal of an RPC whose caller hangs up', async () => {
    rpcDelay = 500;
    const ac = new AbortController();
    const call = http(listener.port, 'POST', `/rpc/relay.Wait?token=${token}`, '[]', { signal: ac.signal }).catch(() => 'hung up');
    await new Promise((r) => setTimeout(r, 100));
    expect(lastSignal?.aborted).toBe(false);
    ac.abort();
    expect(await call).toBe('hung up');
    await new Promise((r) => setTimeout(r, 50));
    expect(lastSignal?.aborted).toBe(true);
  });

  it('refuses a port something else holds with a sentence naming it', async () => {
    const routes = { rpc: { dispatch: async () => ({ status: 200, body: '' }) }, hook: async () => ({ status: 204 }), mod: async () => ({ status: 204 }) };
    await expect(listen(listener.port, token, routes, () => {})).rejects.toThrow(
      `port ${listener.port} on 127.0.0.1 is taken by another program`,
    );
  });
});

describe('listener: the mod paths', () => {
  it('answers every mod path with a bad or missing token 401 invalid token, without asking the route', async () => {
    for (const path of MOD_PATHS) {
      for (const q of ['?session_id=s1', '?token=nope&session_id=s1', `?token=${token.toUpperCase()}&session_id=s1`]) {
        const get = path === '/mod/commands' || path === '/mod/status';
        const r = await http(listener.port, get ? 'GET' : 'POST', `${path}${q}`, get ? undefined : '{}');
        expect(r.status, path).toBe(401);
        expect(r.body).toBe('invalid token\n');
      }
    }
    expect(modSeen).toEqual([]);
  });

  it('hands the route its method, path, query and X-Lich-Plugin header, trimmed', async () => {
    await http(listener.port, 'GET', `/mod/commands?token=${token}&session_id=s1`, undefined, { headers: { 'X-Lich-Plugin': ' 0.17.2 ' } });
    await http(listener.port, 'GET', `/mod/status?token=${token}&session_id=s2`);
    expect(modSeen).toMatchObject([
      { method: 'GET', path: '/mod/commands', query: `token=${token}&session_id=s1`, plugin: '0.17.2', size: 0 },
      { method: 'GET', path: '/mod/status', query: `token=${token}&session_id=s2`, plugin: '', size: 0 },
    ]);
  });

  it('reads ack and answer bodies up to 64 KiB and usage bodies up to 4 KiB, reporting a longer one as over the limit', async () => {
    for (const [path, limit] of [
      ['/mod/acks', MOD_BODY_LIMIT],
      ['/mod/answer', MOD_BODY_LIMIT],
      ['/mod/usage', HOOK_BODY_LIMIT],
    ] as const) {
      modSeen = [];
      await http(listener.port, 'POST', `${path}?token=${token}`, Buffer.alloc(limit, 0x20));
      await http(listener.port, 'POST', `${path}?token=${token}`, Buffer.alloc(limit + 1, 0x20));
      expect(modSeen.map((c) => c.size), path).toEqual([limit, null]);
    }
    expect(MOD_BODY_LIMIT).toBe(65536);
  });

  it('writes a JSON answer with its content type, a 204 empty and any other as plain text with a newline', async () => {
    modRoute = async (req) =>
      req.path === '/mod/status'
        ? { status: 200, body: '{"owed":[],"open":[],"ready":[]}\n', contentType: 'application/json' }
        : req.path === '/mod/acks'
          ? { status: 204 }
          : { status: 405, body: 'method not allowed' };
    const status = await http(listener.port, 'GET', `/mod/status?token=${token}&session_id=s1`);
    expect([status.status, status.headers['content-type'], status.body]).toEqual([200, 'application/json', '{"owed":[],"open":[],"ready":[]}\n']);
    const ack = await http(listener.port, 'POST', `/mod/acks?token=${token}`, '{}');
    expect([ack.status, ack.body]).toEqual([204, '']);
    const wrong = await http(listener.port, 'GET', `/mod/answer?token=${token}`);
    expect([wrong.status, wrong.headers['content-type'], wrong.body]).toEqual([405, 'text/plain; charset=utf-8', 'method not allowed\n']);
  });

  it('tells the route its answer was written once the client has it', async () => {
    const told: boolean[] = [];
    modRoute = async () => ({ status: 200, body: '[]\n', contentType: 'application/json', settled: (w) => told.push(w) });
    const r = await http(listener.port, 'GET', `/mod/commands?token=${token}&session_id=s1`);
    expect(r.body).toBe('[]\n');
    await until(() => told.length > 0);
    expect(told).toEqual([true]);
  });

  it('aborts a held poll’s signal when its client hangs up, and tells the route its answer was not written', async () => {
    const told: boolean[] = [];
    let signal: AbortSignal | undefined;
    modRoute = (req) =>
      new Promise((resolve) => {
        signal = req.signal;
        req.signal.addEventListener('abort', () =>
          resolve({ status: 200, body: '[{"id":"m1","kind":"abort"}]\n', contentType: 'application/json', settled: (w) => told.push(w) }),
        );
      });
    const ac = new AbortController();
    const call = http(listener.port, 'GET', `/mod/commands?token=${token}&session_id=s1`, undefined, { signal: ac.signal }).catch(() => 'hung up');
    await until(() => signal !== undefined);
    expect(signal!.aborted).toBe(false);
    ac.abort();
    expect(await call).toBe('hung up');
    await until(() => told.length > 0);
    expect(signal!.aborted).toBe(true);
    expect(told).toEqual([false]);
  });
});
