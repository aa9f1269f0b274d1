import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { HOOK_BODY_LIMIT, listen, newToken, RPC_BODY_LIMIT, tokenMatches, type HookPath, type Listener } from './listener.js';
import { http } from './testing.js';

let listener: Listener;
let token: string;
const seen: { rpc: { name: string; method: string; size: number | null }[]; hook: { path: HookPath; size: number | null }[] } = {
  rpc: [],
  hook: [],
};
let lastSignal: AbortSignal | undefined;
let rpcDelay = 0;

beforeEach(async () => {
  token = newToken();
  seen.rpc = [];
  seen.hook = [];
  rpcDelay = 0;
  listener = await listen(
    0,
    token,
    {
      rpc: async (name, method, body, signal) => {
        seen.rpc.push({ name, method, size: body && body.length });
        lastSignal = signal;
        if (rpcDelay) await new Promise((r) => setTimeout(r, rpcDelay));
        return { status: 200, body: 'null\n' };
      },
      hook: async (path, body) => {
        seen.hook.push({ path, size: body && body.length });
        return { status: 204 };
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
    await expect(listen(listener.port, token, { rpc: async () => ({ status: 200, body: '' }), hook: async () => ({ status: 204 }) }, () => {})).rejects.toThrow(
      `port ${listener.port} on 127.0.0.1 is taken by another program`,
    );
  });
});
