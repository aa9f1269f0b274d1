import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { SpawnError } from './errors.js';
import { RelayError } from './relay/errors.js';
import { NEW_WORK, QUITTING, RpcDispatcher, rpcMethods, zeroOptions, type RpcHandler, type RpcHandlers } from './rpc.js';

const peer = { label: 'docs', name: 'lich-a1b2', project: 'lich', kind: 'codex', state: '', id: 'a1b2', path: '/l', projectPath: '/l' };

function dispatcher(handlers: Partial<RpcHandlers>, o: { validateResults?: boolean; violations?: string[] } = {}) {
  return new RpcDispatcher({ handlers, ...o });
}

const never = new AbortController().signal;
const call = (d: RpcDispatcher, name: string, body: string | null, method = 'POST') =>
  d.dispatch(name, method, body === null ? null : Buffer.from(body), never);

describe('RpcDispatcher', () => {
  const d = dispatcher({
    'relay.Peers': (o) => (o.from === 'boom' ? Promise.reject(new RelayError('no live session named "x"')) : [peer]),
    'spawn.Close': () => {
      throw new SpawnError('no session given to close');
    },
    'system.Diagnostics': () => ({ version: '1.2.3' }),
    'system.Quit': () => null,
  });

  it('answers a result 200 with its JSON and a newline', async () => {
    expect(await call(d, 'relay.Peers', '[{"from":""}]')).toEqual({ status: 200, body: `${JSON.stringify([peer])}\n` });
    expect(await call(d, 'system.Diagnostics', '')).toEqual({ status: 200, body: '{"version":"1.2.3"}\n' });
    expect(await call(d, 'system.Quit', '[{}]')).toEqual({ status: 200, body: 'null\n' });
  });

  it('escapes <, > and & the way Go does', async () => {
    const g = dispatcher({ 'system.Diagnostics': () => ({ version: '<a&b>' }) });
    expect((await call(g, 'system.Diagnostics', '[]')).body).toBe('{"version":"\\u003ca\\u0026b\\u003e"}\n');
  });

  it('answers anything but POST 405 POST only', async () => {
    expect(await call(d, 'relay.Peers', '[]', 'GET')).toEqual({ status: 405, body: '{"error":"POST only"}\n' });
  });

  it('words an unknown, malformed or denied method as wire.md § 1.2 does, with 404', async () => {
    expect(await call(d, 'relay', '[]')).toEqual({ status: 404, body: '{"error":"malformed method \\"relay\\""}\n' });
    expect(await call(d, 'relay.peers', '[]')).toEqual({ status: 404, body: '{"error":"malformed method \\"relay.peers\\""}\n' });
    expect(await call(d, 'store.CostTotals', '[]')).toEqual({ status: 404, body: '{"error":"unknown service \\"store\\""}\n' });
    expect(await call(d, 'relay.Insert', '[]')).toEqual({ status: 404, body: '{"error":"unknown method \\"relay.Insert\\""}\n' });
    expect(await call(d, 'relay.Observe', '[]')).toEqual({ status: 404, body: '{"error":"method \\"relay.Observe\\" not available"}\n' });
  });

  it('quotes a method name Go-style (%q) in its refusal, control characters and all', async () => {
    const error = async (name: string) => JSON.parse((await call(d, name, '[]')).body).error as string;
    expect(await error('rel\nay')).toBe('malformed method "rel\\nay"');
    expect(await error('relay\u2028')).toBe('malformed method "relay\\u2028"');
  });

  it('refuses a body that is not a JSON array, or holds the wrong count, with 400', async () => {
    const err = async (name: string, body: string | null) => JSON.parse((await call(d, name, body)).body).error as string;
    expect(await err('relay.Peers', '{"from":""}')).toBe('arguments must be a JSON array: got an object');
    expect(await err('relay.Peers', '[{')).toMatch(/^arguments must be a JSON array: /);
    expect(await err('relay.Peers', null)).toBe('arguments must be a JSON array: the body is over the 1 MiB limit');
    expect(await err('relay.Peers', '')).toBe('want 1 arguments, got 0');
    expect(await err('relay.Peers', '[{"from":""},{}]')).toBe('want 1 arguments, got 2');
    expect(await err('system.Diagnostics', '[{}]')).toBe('want 0 arguments, got 1');
    expect((await call(d, 'relay.Peers', '[{')).status).toBe(400);
  });

  it('gives a missing option its zero value, as an older CLI that does not send it expects', async () => {
    const seen: unknown[] = [];
    const g = dispatcher({
      'relay.Send': (o) => (seen.push(o), { ticket: 'a1b2c3d4', target: 'docs', status: 'pending', answer: '' }),
      'spawn.Close': (o) => (seen.push(o), { id: 'i', projectId: 'p', project: 'x', label: 'l', worktree: '', kept: false, removed: false }),
      'system.Quit': (o) => (seen.push(o), null),
    });
    expect((await call(g, 'relay.Send', '[{}]')).status).toBe(200);
    expect((await call(g, 'spawn.Close', '[{"target":"docs"}]')).status).toBe(200);
    expect((await call(g, 'system.Quit', '[{}]')).status).toBe(200);
    expect(seen).toEqual([
      { from: '', target: '', project: '', prompt: '', timeoutSeconds: 0 },
      { from: '', target: 'docs', project: '', worktree: '', force: false },
      {},
    ]);
  });

  it('drops an unknown option before the handler sees it, as an older backend does', async () => {
    const seen: unknown[] = [];
    const g = dispatcher({ 'relay.Peers': (o) => (seen.push(o), []), 'system.Quit': (o) => (seen.push(o), null) });
    expect(await call(g, 'relay.Peers', '[{"from":"a1","newer":{"x":[1]},"timeoutSeconds":"x"}]')).toEqual({ status: 200, body: '[]\n' });
    expect((await call(g, 'system.Quit', '[{"force":true}]')).status).toBe(200);
    expect(seen).toEqual([{ from: 'a1' }, {}]);
  });

  it('still refuses a present option of the wrong type, naming it', async () => {
    const err = async (name: string, body: unknown) => {
      const r = await call(d, name, JSON.stringify([body]));
      expect(r.status).toBe(400);
      return JSON.parse(r.body).error as string;
    };
    expect(await err('relay.Peers', { from: 3 })).toBe('argument 0: field "from" must be a string');
    expect(await err('relay.Peers', { from: null })).toBe('argument 0: field "from" must be a string');
    expect(await err('spawn.Close', { force: 'yes' })).toBe('argument 0: field "force" must be a boolean');
    expect(await err('relay.Peers', 'x')).toBe('argument 0: the value must be an object');
    expect(await err('relay.Peers', ['from'])).toBe('argument 0: the value must be an object');
    expect(await err('relay.Peers', null)).toBe('argument 0: the value must be an object');
  });

  it('refuses a bounded name holding a control character in the words core refuses it with, before the handler runs', async () => {
    let ran = 0;
    const g = dispatcher({
      'spawn.Rename': () => (ran++, { id: 'a1b2', project: 'lich', label: 'x', previous: 'y' }),
      'spawn.Open': () => {
        ran++;
        throw new SpawnError('not reached');
      },
    });
    const err = async (name: string, options: object) => {
      const r = await call(g, name, JSON.stringify([options]));
      return { status: r.status, error: JSON.parse(r.body).error as string };
    };
    expect(await err('spawn.Rename', { from: '', target: 'S', project: '', label: 'x\u001b[31mred' })).toEqual({
      status: 400,
      error: 'a label cannot hold control characters, and "x\\x1b[31mred" holds one: give it without them',
    });
    expect(await err('spawn.Open', { from: '', project: '/p', kind: 'shell', model: 'a\tb' })).toEqual({
      status: 400,
      error: 'a model cannot hold control characters, and "a\\tb" holds one: give it without them',
    });
    expect(ran).toBe(0);
    // What picks a session is not a name being given: it is looked up as it is.
    expect((await call(g, 'spawn.Rename', JSON.stringify([{ from: '', target: 'a\tb', project: '', label: 'x' }]))).status).toBe(200);
  });

  it('refuses a whole timeout that is not an integer', async () => {
    const g = dispatcher({ 'relay.Wait': () => ({ ticket: 't', target: 'x', status: 'pending', answer: '' }) });
    const r = await call(g, 'relay.Wait', '[{"ticket":"t","timeoutSeconds":1.5}]');
    expect(r.status).toBe(400);
    expect(JSON.parse(r.body).error).toBe('argument 0: field "timeoutSeconds" must be an integer');
  });

  it('derives the zero values from the contract, and refuses at startup a contract it could not zero-fill', () => {
    expect(zeroOptions('spawn.Open', rpcMethods['spawn.Open']!.options!)).toEqual({
      from: '',
      project: '',
      kind: '',
      worktree: '',
      base: '',
      model: '',
      effort: '',
      folder: '',
      ultracode: false,
      resume: '',
    });
    const odd = { 'x.Y': { options: { type: 'object', properties: { list: { type: 'array' } } }, result: {} } };
    // A method no contract of the wire defines, served against the schema given here.
    const handlers = { 'x.Y': () => null } as unknown as Partial<RpcHandlers>;
    expect(() => new RpcDispatcher({ handlers, schemas: odd })).toThrow(
      'RPC method x.Y: option "list" has no zero value (type "array")',
    );
  });

  it('answers a method error 500 with its message', async () => {
    expect(await call(d, 'relay.Peers', '[{"from":"boom"}]')).toEqual({
      status: 500,
      body: '{"error":"no live session named \\"x\\""}\n',
    });
    expect(await call(d, 'spawn.Close', JSON.stringify([{ from: '', target: '', project: '', worktree: '', force: false }]))).toEqual({
      status: 500,
      body: '{"error":"no session given to close"}\n',
    });
  });

  it('records a result that breaks its contract when asked to validate results', async () => {
    const violations: string[] = [];
    // The handler table's type refuses this at compile time (rpc.ts); the check at run
    // time is for what the types cannot see, so the test gets past them on purpose.
    const broken = (() => [{ ...peer, state: 7 }]) as unknown as RpcHandler<'relay.Peers'>;
    const g = dispatcher({ 'relay.Peers': broken }, { validateResults: true, violations });
    expect((await call(g, 'relay.Peers', '[{"from":""}]')).status).toBe(200);
    expect(violations).toEqual(['relay.Peers: result field "0.state" must be a string']);
  });

  it('knows a contract for every method of docs/architecture.md, and no other', () => {
    // The RPC table of the architecture page is what clients are written against: a method it
    // lists with no contract, or a contract it does not list, is drift.
    const doc = readFileSync(fileURLToPath(new URL('../../../docs/architecture.md', import.meta.url)), 'utf8');
    const documented = [...doc.matchAll(/^\| `([a-z]+\.[A-Za-z]+)`/gm)].map((m) => m[1]);
    expect(documented.length).toBeGreaterThan(20);
    expect(Object.keys(rpcMethods).sort()).toEqual([...new Set(documented)].sort());
  });
});

describe('RpcDispatcher around a call', () => {
  const send = JSON.stringify([{ from: '', target: 'docs', project: '', prompt: 'run the tests', timeoutSeconds: 0 }]);
  const pending = { ticket: 'a1b2c3d4', target: 'docs', status: 'pending' as const, answer: '' };

  it('refuses new work once the backend is quitting, after checking its options, and serves the rest', async () => {
    const ran: string[] = [];
    const g = dispatcher({ 'relay.Send': () => (ran.push('send'), pending), 'relay.Peers': () => (ran.push('peers'), []) });
    expect((await call(g, 'relay.Send', send)).status).toBe(200);
    g.quitting();
    expect(await call(g, 'relay.Send', send)).toEqual({ status: 500, body: `${JSON.stringify({ error: QUITTING })}\n` });
    expect(QUITTING).toMatch(/^lich is quitting: /);
    // A body its contract refuses is answered as before: the refusal names the field.
    expect(await call(g, 'relay.Send', '[{"target":3}]')).toEqual({ status: 400, body: '{"error":"argument 0: field \\"target\\" must be a string"}\n' });
    expect(await call(g, 'relay.Peers', '[{"from":""}]')).toEqual({ status: 200, body: '[]\n' });
    expect(ran).toEqual(['send', 'peers']);
  });

  it('counts as new work every method that starts an errand or a session, each one the contracts define', () => {
    expect([...NEW_WORK].sort()).toEqual(['relay.Send', 'relay.SendPrivate', 'relay.SendSubagent', 'spawn.Ask', 'spawn.Control', 'spawn.Open', 'spawn.OpenSubagent']);
    for (const m of NEW_WORK) expect(rpcMethods[m], m).toBeDefined();
  });

  it("hands system.Quit's answer the quit to run once it has left, and no other answer", async () => {
    const quit = () => {};
    const g = new RpcDispatcher({ handlers: { 'system.Quit': () => null, 'relay.Send': () => pending }, quit });
    const answer = await call(g, 'system.Quit', '[{}]');
    expect(answer).toEqual({ status: 200, body: 'null\n', after: quit });
    expect((await call(g, 'system.Quit', '"now"')).after).toBeUndefined();
    expect((await call(g, 'relay.Send', send)).after).toBeUndefined();
  });
});
