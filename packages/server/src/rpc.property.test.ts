// Properties of the RPC dispatcher (wire.md § 1.2) over arbitrary calls — any method name, any
// HTTP method, any body (bytes, JSON of every shape, deep nesting, an over-limit body) — and
// handlers that return or throw anything: nothing escapes the boundary; every answer is one of
// the statuses the wire has, one JSON line, and a refusal is `{"error": "<reason>"}` and nothing
// else; a handler runs only on options the contract accepts, zero-filled, with nothing it does
// not know.
import { describe, expect } from 'vitest';
import { fc, it } from '@fast-check/vitest';
import { RelayError } from './relay/errors.js';
import { RpcDispatcher, rpcMethods, type RpcHandlers } from './rpc.js';

/** The methods the CLI posts that this backend serves (wire.md § 5). */
const SERVED = Object.keys(rpcMethods).filter((m) => /^(relay|spawn)\./.test(m) || m === 'system.Diagnostics');

/** What a handler does this time: chosen per call by the property. */
type Behaviour = { kind: 'return'; value: unknown } | { kind: 'throw'; error: unknown } | { kind: 'reject'; error: unknown };
let behaviour: Behaviour = { kind: 'return', value: null };
let seen: { method: string; options: unknown } | undefined;
/** The call a handler last saw (read through a function: the handlers set it behind the compiler's back). */
const lastCall = (): { method: string; options: unknown } | undefined => seen;

// Handlers that return whatever the property picks, contract or not: the dispatcher is what is under test.
const handlers = Object.fromEntries(
  SERVED.map((m) => [
    m,
    (options: unknown) => {
      seen = { method: m, options };
      if (behaviour.kind === 'throw') throw behaviour.error;
      if (behaviour.kind === 'reject') return Promise.reject(behaviour.error);
      return behaviour.value;
    },
  ]),
) as unknown as Partial<RpcHandlers>;
const dispatcher = new RpcDispatcher({ handlers });
const never = new AbortController().signal;

const name = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...SERVED) },
  { weight: 1, arbitrary: fc.constantFrom('relay.Observe', 'store.Close', 'relay.Nope', 'nope.Peers', 'relay', '', '.', 'relay.peers', 'relay.Peers.X') },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 20 }) },
);
const httpMethod = fc.oneof({ weight: 6, arbitrary: fc.constant('POST') }, { weight: 1, arbitrary: fc.constantFrom('GET', 'PUT', 'OPTIONS', 'post', '') });

/** An options object near the contract: real field names with values of every JSON type, plus strangers. */
const fieldNames = fc.constantFrom('from', 'target', 'project', 'prompt', 'timeoutSeconds', 'ticket', 'answer', 'force', 'ultracode', 'kind', 'label', 'text', 'session', '__proto__', 'constructor', 'x');
const options = fc.dictionary(fieldNames, fc.oneof(fc.string({ maxLength: 8 }), fc.integer(), fc.double(), fc.boolean(), fc.constant(null), fc.jsonValue({ maxDepth: 2 })), { maxKeys: 6 });
const body = fc.oneof(
  { weight: 5, arbitrary: fc.array(options, { maxLength: 2 }).map((a) => JSON.stringify(a)) },
  { weight: 1, arbitrary: fc.constant('[]') },
  { weight: 1, arbitrary: fc.json({ maxDepth: 3 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.integer({ min: 1, max: 20_000 }).map((n) => `[${'['.repeat(n)}${']'.repeat(n)}]`) },
  { weight: 1, arbitrary: fc.integer({ min: 1, max: 20_000 }).map((n) => `[{"from":"","x":${'{"a":'.repeat(n)}1${'}'.repeat(n)}}]`) },
  { weight: 1, arbitrary: fc.constant(null) },
);
const thrown = fc.oneof(
  fc.string().map((m) => new RelayError(m || 'refused')),
  fc.string().map((m) => new Error(m)),
  fc.constantFrom(undefined, null, 'a string', 42, { message: 5 }, Object.create(null)),
);
const behaviourArb: fc.Arbitrary<Behaviour> = fc.oneof(
  fc.record({ kind: fc.constant('return' as const), value: fc.oneof(fc.jsonValue({ maxDepth: 2 }), fc.constantFrom(undefined, 10n, circular())) }),
  fc.record({ kind: fc.constant('throw' as const), error: thrown }),
  fc.record({ kind: fc.constant('reject' as const), error: thrown }),
);

/** An object that holds itself: a result JSON cannot carry. */
function circular(): unknown {
  const o: Record<string, unknown> = {};
  o.self = o;
  return o;
}

/** The option fields the method's contract declares, each with its JSON type. */
function declared(method: string): Record<string, string> | null {
  const o = rpcMethods[method]!.options as { properties?: Record<string, { type: string }> } | null;
  return o ? Object.fromEntries(Object.entries(o.properties ?? {}).map(([k, v]) => [k, v.type])) : null;
}

function jsonType(v: unknown): string {
  if (typeof v === 'number') return Number.isInteger(v) ? 'integer' : 'number';
  return typeof v;
}

describe('RpcDispatcher over arbitrary calls', () => {
  it.prop([name, httpMethod, body, behaviourArb], { numRuns: 400 })(
    'always answers a wire status with one JSON line, a refusal as {"error": …} alone',
    async (n, m, b, be) => {
      behaviour = be;
      seen = undefined;
      const answer = await dispatcher.dispatch(n, m, b === null ? null : Buffer.from(b, 'utf8'), never);
      expect([200, 400, 404, 405, 500]).toContain(answer.status);
      expect(answer.body.endsWith('\n')).toBe(true);
      expect(answer.body.indexOf('\n')).toBe(answer.body.length - 1);
      const parsed = JSON.parse(answer.body) as unknown;
      if (answer.status !== 200) {
        expect(Object.keys(parsed as object)).toEqual(['error']);
        expect(typeof (parsed as { error: unknown }).error).toBe('string');
      }
      // Only a call the contract accepts reaches a handler, and only its answer is 200 or 500.
      if (answer.status === 200 || answer.status === 500) expect(lastCall()?.method).toBe(n);
      else expect(lastCall()).toBeUndefined();
    },
  );

  it.prop([fc.constantFrom(...SERVED), fc.array(options, { minLength: 1, maxLength: 1 })], { numRuns: 400 })(
    'hands a handler every declared field, of its declared type, and nothing else',
    async (n, args) => {
      behaviour = { kind: 'return', value: null };
      seen = undefined;
      const answer = await dispatcher.dispatch(n, 'POST', Buffer.from(JSON.stringify(declared(n) ? args : []), 'utf8'), never);
      if (answer.status !== 200) {
        expect(answer.status).toBe(400);
        return;
      }
      const fields = declared(n);
      if (fields === null) return void expect(lastCall()?.options).toBeUndefined();
      const got = lastCall()!.options as Record<string, unknown>;
      expect(Object.keys(got).sort()).toEqual(Object.keys(fields).sort());
      for (const [k, type] of Object.entries(fields)) {
        expect(type === 'number' ? typeof got[k] === 'number' : jsonType(got[k]) === type).toBe(true);
        // A field the caller left out is its zero value.
        if (!Object.hasOwn(args[0]!, k)) expect(got[k]).toBe(type === 'string' ? '' : type === 'boolean' ? false : 0);
      }
    },
  );
});
