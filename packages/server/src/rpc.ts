/**
 * The backend's RPC, in one module (docs/architecture.md § The RPC wire; wire.md §§ 1.2, 5): the
 * contract as the dispatcher reads it, the one table of handlers typed by that contract, and the
 * dispatcher that answers `/rpc/<service>.<Method>` — the listener hands it every call
 * (listener.ts), and what it does around a call (`system.Quit` answered before the backend
 * goes, new work refused while quitting) is its own behaviour, configured once by server.ts. It
 * knows nothing of the web view, which hears of changes from their sources (web/web.ts).
 *
 * | outcome | answer |
 * |---|---|
 * | not POST | 405 `{"error":"POST only"}` |
 * | bad name / service / method / denied | 404 (the four wordings of wire.md § 1.2) |
 * | body not a JSON array, wrong count, options not an object, a field of the wrong type | 400 `{"error":"…"}` naming the field |
 * | a method of {@link NEW_WORK} once the backend is quitting | 500 `{"error":"lich is quitting: …"}` |
 * | method threw (RelayError, SpawnError, anything) | 500 `{"error":"<message>"}` |
 * | success | 200, the result as JSON + `\n` (`null` for none) |
 *
 * Options are read the way Go unmarshals into an options struct (wire.md § 1.2, G3 rule: "an
 * older backend silently drops fields it does not know and a newer one zero-fills fields an
 * older CLI does not send"): a missing field takes its zero value (`""`, `0`, `false`) and an
 * unknown one is dropped before the handler sees it. The zero values come from the contract's
 * option schemas, read once at construction.
 */
import { homedir } from 'node:os';
import Ajv2020, { type ErrorObject, type ValidateFunction } from 'ajv/dist/2020.js';
import { rpcMethods as generated } from '@lich/generated/contracts';
import type { RpcMethodName } from '@lich/generated/types';
import { oneLine } from '@lich/core/errors';
import { jsonLine } from '@lich/core/rpc';
import { nativeModuleFailure } from '@lich/core/native-module';
import type { RpcOptions, RpcResult } from '@lich/core/rpc';
import { goQuote } from '@lich/core/quote';
import { nameControlRefusal, nameLength, nameTooLongText } from '@lich/core/names';
import { Cost, type CostDeps } from './cost/cost.js';
import { SpawnError } from './errors.js';
import { focus } from './relay/focus.js';
import type { RelayHost } from './relay/host.js';
import { RelayError } from './relay/errors.js';
import type { Relay } from './relay/relay.js';
import type { Control } from './spawn/control.js';
import type { Spawn } from './spawn/spawn.js';
import { openSubagent } from './spawn/subagent.js';
import { Workspace } from './spawn/workspace.js';
import { StoreError, type Store } from './store/store.js';
import type { Terminal } from './terminal/terminal.js';
import { Themes } from './themes/themes.js';
import type { WebView } from './web/web.js';

// ——— the contract ———

export type JsonSchema = Record<string, unknown>;

/** A method's contract: options `null` = the body is `[]`. */
export interface RpcMethodSchemas {
  options: JsonSchema | null;
  result: JsonSchema;
}

/**
 * Every method the dispatcher serves, by `<service>.<Method>`: the JSON Schema of its options
 * object (`null` for a method that takes none) and of its result, as codegen emits them from
 * `contracts/rpc/` and `contracts/objects/` with every `$ref` inlined (docs/architecture.md
 * § What `generated/` exports). The one place the server reads the contract.
 */
export const rpcMethods: Readonly<Record<string, RpcMethodSchemas>> = generated as unknown as Record<string, RpcMethodSchemas>;

// ——— the handler table ———

/**
 * The body of RPC method `M`, typed by its contract (generated `RpcMethods`, from
 * contracts/rpc/<M>.json): it receives the options the dispatcher validated against that
 * contract — every field present, zero-filled — or `undefined` for a method that takes none, and
 * returns (or resolves with) the contract's result. A handler that reads a field its contract
 * lacks, or returns another shape, does not compile.
 */
export type RpcHandler<M extends RpcMethodName> = (options: RpcOptions<M>, signal: AbortSignal) => RpcResult<M> | Promise<RpcResult<M>>;

/** A handler for every method of the contracts: the backend's one table ({@link rpcHandlers}). */
export type RpcHandlers = { readonly [M in RpcMethodName]: RpcHandler<M> };

/**
 * The services the handler table calls. Those nothing but an RPC method uses — the workspace
 * commands, the cost report and the themes — are built by {@link rpcHandlers}; the rest are handed
 * in (the relay, spawn, mod control: server.ts wires them to the hooks and the shutdown as well).
 */
export interface RpcServices {
  store: Store;
  terminal: Terminal;
  /** The relay's view of the sessions (session-host.ts): live sessions, states, readiness. */
  host: RelayHost;
  relay: Relay;
  spawn: Spawn;
  control: Control;
  /**
   * The web view (web/web.ts): an opened session answers with its card's address on the page,
   * `relay.Focus` brings the card to the front of every open page and answers with a one-time
   * link to it, and `system.CloseWindow` lets the pages go.
   */
  web: Pick<WebView, 'address' | 'focus' | 'link' | 'dismiss'>;
  env: NodeJS.ProcessEnv;
  /** The lich config directory: settings.json and themes/. */
  configDir: string;
  /** What `system.Diagnostics` reports. */
  version: string;
  /** Milliseconds since the epoch (the backend's clock). */
  now: () => number;
  log: (line: string) => void;
}

export interface Rpc {
  /** Method name → handler: the dispatcher's table. */
  handlers: RpcHandlers;
  /** The pricing hooks: a state a plugin reported, a session that parked (cost/cost.ts). */
  cost: Pick<Cost, 'observe' | 'parked'>;
  /** Lets every insert still waiting for a prompt go (it fails saying lich is quitting). */
  close(): void;
}

/**
 * Builds the backend's one RPC table over its services: method name → the service call that
 * answers it. The table's type is the generated method map ({@link RpcHandlers}, from
 * contracts/rpc/), so a method the contracts define and nothing serves, a handler that reads an
 * option its contract lacks, and one that returns another shape than its contract's result, all
 * fail to compile. A method that would start work is refused while quitting by the dispatcher
 * ({@link NEW_WORK}), before its handler runs.
 */
export function rpcHandlers(s: RpcServices): Rpc {
  const home = s.env.HOME || homedir();
  const workspace = new Workspace({ store: s.store, env: s.env, running: (id) => s.spawn.running(id) });
  // lich cost; a session is priced at each `done` and when it parks (cost/cost.ts).
  const costDeps: CostDeps = { store: s.store, configDir: s.configDir, env: s.env, now: s.now, live: (id) => s.terminal.isLive(id), log: s.log };
  const cost = new Cost(costDeps);
  const themes = new Themes({ configDir: s.configDir, log: s.log });
  const { relay, spawn, control, web } = s;
  /** A session as `spawn.Open` answers it: with its card's address on the page. */
  const withPage = <S extends { id: string }>(session: S): S & { page: string } => ({ ...session, page: web.address(session.id) });

  const handlers: RpcHandlers = {
    // spec/cli.md § lich sessions … § lich reply; wire.md §§ 7–9.
    'relay.Peers': (o) => relay.peers(o),
    'relay.Self': (o) => relay.self(o),
    'relay.Send': (o, signal) => relay.send(o, {}, signal),
    'relay.SendPrivate': (o, signal) => relay.send(o, { private: true }, signal),
    'relay.SendSubagent': (o, signal) => relay.sendSubagent(o, signal),
    'relay.Wait': (o, signal) => relay.wait(o, signal),
    'relay.Collect': (o, signal) => relay.collect(o, signal),
    'relay.CollectNow': (o) => relay.collectNow(o),
    'relay.Reply': (o) => relay.reply(o),
    // spec/cli.md § lich insert, § lich focus.
    'relay.Insert': (o, signal) => relay.insert(o, signal),
    'relay.Focus': async (o) => {
      const focused = await focus({ liveSessions: () => s.host.liveSessions(), setActive: (id) => s.store.setActiveSession(id), home }, o);
      return { ...focused, page: web.link(focused.id), pages: web.focus(focused.id) };
    },
    // spec/cli.md § lich open, § lich close, § lich worktrees, § lich control, § lich ask.
    // Each opened card's address on the page (web/web.ts) rides along with the session.
    'spawn.Open': async (o) => withPage(await spawn.open(o)),
    'spawn.OpenSubagent': async (o) => withPage(await openSubagent(spawn, s.store, o)),
    'spawn.Close': (o) => spawn.close(o),
    'spawn.Worktrees': (o) => spawn.worktrees(o),
    'spawn.Control': (o) => control.control(o),
    'spawn.Ask': (o) => control.ask(o),
    // spec/cli.md § lich rename … § lich color-folder.
    'spawn.Rename': (o) => workspace.rename(o),
    'spawn.Folders': (o) => workspace.folders(o),
    'spawn.File': (o) => workspace.file(o),
    'spawn.RenameFolder': (o) => workspace.renameFolder(o),
    'spawn.ColorFolder': (o) => workspace.colorFolder(o),
    // spec/cli.md § lich cost, § lich theme.
    'store.CostTotals': (o) => cost.totals(o),
    'themes.List': () => themes.list(),
    'themes.Switch': (o) => themes.switch(o.theme),
    // spec/cli.md § Commands (lich version), § lich quit, § lich native.
    'system.Diagnostics': () => ({ version: s.version }),
    'system.Quit': () => null,
    // Closes the web window before the native one opens — here, the web view's pages, which the
    // native window's streams take over from.
    'system.CloseWindow': () => (web.dismiss('lich native opened the native window, which takes over from this page: its sessions go on there.'), null),
  };
  return { handlers, cost, close: () => relay.refuseInserts() };
}

// ——— the dispatcher ———

/**
 * A handler as the dispatcher holds it, its method forgotten: the options it is called with are
 * only known to fit once ajv has checked them against that method's contract, which the type
 * system cannot follow through a lookup by name.
 */
type ErasedHandler = (options: never, signal: AbortSignal) => unknown;

export interface RpcAnswer {
  status: number;
  /** JSON text ending in `\n`. */
  body: string;
  /**
   * Run once the answer's connection has closed (the listener): `system.Quit`'s answer carries
   * the backend's close, so the reply leaves before the listener does.
   */
  after?: () => void;
}

/** The method-name shape every CLI call has (wire.md § 1.2, G3 rule). */
export const METHOD_NAME = /^[a-z]+\.[A-Z][A-Za-z]*$/;

/** Methods the original listener refuses to serve even though their service exists (wire.md § 1.2). */
export const DENIED_METHODS: ReadonlySet<string> = new Set([
  'store.Close',
  'store.SetSessionGone',
  'drop.Upload',
  'drop.Save',
  'drop.Purge',
  'drop.SetPicker',
  'relay.Observe',
  'relay.SetPlugins',
  'project.SetAccounts',
  'project.SetProjects',
  'terminal.SetDropDir',
]);

/**
 * The methods that would start an errand or a session: once the backend is quitting
 * ({@link RpcDispatcher.quitting}) each is refused with {@link QUITTING} after its options are
 * validated and before its handler runs, as a SpawnError thrown by the handler would be.
 */
export const NEW_WORK: ReadonlySet<RpcMethodName> = new Set<RpcMethodName>([
  'relay.Send',
  'relay.SendPrivate',
  'relay.SendSubagent',
  'spawn.Open',
  'spawn.OpenSubagent',
  'spawn.Control',
  'spawn.Ask',
]);

/** The refusal of a method of {@link NEW_WORK} once the backend is quitting. */
export const QUITTING = 'lich is quitting: it is ending every session and takes no new work — start lich again, then retry';

export interface DispatcherOptions {
  /**
   * Handlers by method name; only methods with both a handler and a contract are served. The
   * backend passes all of them ({@link rpcHandlers}); a test may pass a few.
   */
  handlers: Partial<RpcHandlers>;
  /** Contract per method; defaults to {@link rpcMethods}. */
  schemas?: Record<string, RpcMethodSchemas>;
  /** Validate every result against its result schema, recording mismatches in `violations`. */
  validateResults?: boolean;
  /** Where result mismatches are recorded (`<method>: <where> <what>`). */
  violations?: string[];
  /** Logs unexpected method failures and contract violations (one line each). */
  log?: (line: string) => void;
  /** Ends the backend; run once the answer to `system.Quit` has left (server.ts `close`). */
  quit?: () => void;
}

interface Compiled {
  options: ValidateFunction | null;
  /** Every option field with its zero value; `null` for a method that takes none. */
  zero: Record<string, unknown> | null;
  /** Each bounded name option (`maxLength`) → the noun its refusal calls it by (`title`). */
  nouns: Record<string, string>;
  result: ValidateFunction;
  handler: ErasedHandler;
}

/** Answers RPC calls. One instance per listener; compiles every schema once, up front. */
export class RpcDispatcher {
  private readonly methods = new Map<string, Compiled>();
  private readonly services = new Set<string>();
  private readonly validateResults: boolean;
  private readonly violations: string[];
  private readonly log: (line: string) => void;
  private readonly quit: (() => void) | undefined;
  /** Set when the backend starts to close: from then on no new errand and no new session. */
  private closing = false;

  constructor(o: DispatcherOptions) {
    const schemas = o.schemas ?? rpcMethods;
    const ajv = new Ajv2020({ allErrors: false, strict: false });
    for (const [name, handler] of Object.entries(o.handlers) as Array<[string, ErasedHandler | undefined]>) {
      if (handler === undefined) continue;
      const s = schemas[name];
      if (!s) throw new Error(`no contract for RPC method ${name}`);
      this.methods.set(name, {
        options: s.options ? ajv.compile(s.options) : null,
        zero: s.options ? zeroOptions(name, s.options) : null,
        nouns: s.options ? boundedNouns(s.options) : {},
        result: ajv.compile(s.result),
        handler,
      });
      this.services.add(name.split('.')[0]);
    }
    this.validateResults = o.validateResults ?? false;
    this.violations = o.violations ?? [];
    this.log = o.log ?? (() => {});
    this.quit = o.quit;
  }

  /** The backend is quitting: every method of {@link NEW_WORK} is refused from now on. Idempotent. */
  quitting(): void {
    this.closing = true;
  }

  /**
   * Answers one call (the table of the module's header); a 200 to `system.Quit` carries the
   * quit as its `after`.
   * @param name the path after `/rpc/`.
   * @param httpMethod the request's HTTP method.
   * @param body the raw body, or `null` when it was over the 1 MiB limit.
   * @param signal aborted when the caller hangs up (handed to wait-type methods).
   */
  async dispatch(name: string, httpMethod: string, body: Buffer | null, signal: AbortSignal): Promise<RpcAnswer> {
    const answer = await this.answer(name, httpMethod, body, signal);
    // Quit answers first, then goes: the reply must leave before the listener does.
    if (name === 'system.Quit' && answer.status === 200 && this.quit) answer.after = this.quit;
    return answer;
  }

  /** The answer to one call, before anything around it. */
  private async answer(name: string, httpMethod: string, body: Buffer | null, signal: AbortSignal): Promise<RpcAnswer> {
    if (httpMethod !== 'POST') return fail(405, 'POST only');
    const dot = name.indexOf('.');
    if (dot <= 0 || dot === name.length - 1 || name.indexOf('.', dot + 1) !== -1 || !METHOD_NAME.test(name)) {
      return fail(404, `malformed method ${goQuote(name)}`);
    }
    if (DENIED_METHODS.has(name)) return fail(404, `method ${goQuote(name)} not available`);
    const service = name.slice(0, dot);
    if (!this.services.has(service)) return fail(404, `unknown service ${goQuote(service)}`);
    const m = this.methods.get(name);
    if (!m) return fail(404, `unknown method ${goQuote(name)}`);

    if (body === null) return fail(400, 'arguments must be a JSON array: the body is over the 1 MiB limit');
    const text = body.toString('utf8');
    let args: unknown;
    try {
      args = text.trim() === '' ? [] : JSON.parse(text);
    } catch (err) {
      return fail(400, `arguments must be a JSON array: ${(err as Error).message}`);
    }
    if (!Array.isArray(args)) return fail(400, `arguments must be a JSON array: got ${jsonKind(args)}`);
    const want = m.options ? 1 : 0;
    if (args.length !== want) return fail(400, `want ${want} arguments, got ${args.length}`);
    let options: unknown;
    if (m.options) {
      const given: unknown = args[0];
      if (typeof given !== 'object' || given === null || Array.isArray(given)) {
        return fail(400, 'argument 0: the value must be an object');
      }
      options = withZeroes(m.zero!, given as Record<string, unknown>);
      if (!m.options(options)) {
        // A name over its bound is refused in the words core refuses it in, on every surface.
        const tooLong = overBound(m.options.errors ?? [], options as Record<string, unknown>, m.nouns);
        return fail(400, tooLong ?? `argument 0: ${describe(m.options.errors ?? [])}`);
      }
      // … and so is one holding a control character (core/names.ts): never cleaned into another name.
      const controlled = withControls(options as Record<string, unknown>, m.nouns);
      if (controlled !== undefined) return fail(400, controlled);
    }
    if (this.closing && NEW_WORK.has(name as RpcMethodName)) return fail(500, QUITTING);

    let out: unknown;
    try {
      // Validated against this method's contract just above (and zero-filled): what its handler's type says it gets.
      out = await m.handler(options as never, signal);
    } catch (err) {
      const e = err as Error | null | undefined;
      // A refusal (RelayError, SpawnError) and a store failure worded for a person (StoreError)
      // are the answer. Anything else is unexpected: its stack goes to the log (whose stderr
      // half keeps one line of it, foreground.ts), and the caller reads one line of its message —
      // a native module's five lines as the one naming its rebuild.
      if (err instanceof RelayError || err instanceof SpawnError) return fail(500, thrownText(err));
      if (err instanceof StoreError) {
        this.log(`${name} failed: ${thrownText(err)}`);
        return fail(500, thrownText(err));
      }
      const text = nativeModuleFailure(err) ?? oneLine(thrownText(err));
      this.log(`${name} failed: ${text}${typeof e?.stack === 'string' ? `\n${e.stack}` : ''}`);
      return fail(500, text);
    }
    if (out === undefined) out = null;
    if (this.validateResults && !m.result(out)) {
      const v = `${name}: result ${describe(m.result.errors ?? [])}`;
      this.violations.push(v);
      this.log(`contract violation: ${v}`);
    }
    let line: string;
    try {
      line = jsonLine(out);
    } catch (err) {
      // A result JSON cannot hold (a cycle, a BigInt) is this backend's bug; the caller still gets one reason.
      this.log(`${name} failed: its result is not JSON: ${thrownText(err)}`);
      return fail(500, `${name} returned a result that is not JSON`);
    }
    return { status: 200, body: `${line}\n` };
  }
}

/**
 * The zero value of every field of an options schema, by its JSON type: string `""`, integer and
 * number `0`, boolean `false`.
 * @throws Error at construction for a schema that is not an object of such fields: a contract
 *   the dispatcher could not zero-fill is a codegen bug, not a request to refuse later.
 */
export function zeroOptions(method: string, schema: Record<string, unknown>): Record<string, unknown> {
  if (schema.type !== 'object') throw new Error(`RPC method ${method}: its options schema is not an object`);
  const zero: Record<string, unknown> = {};
  const props = (schema.properties ?? {}) as Record<string, { type?: unknown }>;
  for (const [field, p] of Object.entries(props)) {
    switch (p.type) {
      case 'string':
        zero[field] = '';
        break;
      case 'integer':
      case 'number':
        zero[field] = 0;
        break;
      case 'boolean':
        zero[field] = false;
        break;
      default:
        throw new Error(`RPC method ${method}: option ${JSON.stringify(field)} has no zero value (type ${JSON.stringify(p.type)})`);
    }
  }
  return zero;
}

/** Each option with a `maxLength` → its `title`, the noun of its refusal (contracts/rpc: a bounded name). */
function boundedNouns(schema: Record<string, unknown>): Record<string, string> {
  const nouns: Record<string, string> = {};
  const props = (schema.properties ?? {}) as Record<string, { maxLength?: unknown; title?: unknown }>;
  for (const [field, p] of Object.entries(props)) {
    if (typeof p.maxLength === 'number') nouns[field] = typeof p.title === 'string' ? p.title : field;
  }
  return nouns;
}

/**
 * The refusal of a name over its bound, when that is what ajv refused (issue 22): the sentence
 * core's runOperation refuses it with (`label is 100000 characters, over the 100 limit: …`), so
 * a caller that skipped core reads the same line.
 */
function overBound(errors: ErrorObject[], options: Record<string, unknown>, nouns: Record<string, string>): string | undefined {
  const e = errors[0];
  if (e?.keyword !== 'maxLength') return undefined;
  const field = e.instancePath.split('/')[1] ?? '';
  const value = options[field];
  if (!Object.hasOwn(nouns, field) || typeof value !== 'string') return undefined;
  return nameTooLongText(nouns[field]!, nameLength(value), (e.params as { limit: number }).limit);
}

/**
 * The refusal of the first bounded name (`nouns`) holding a control character, in the words core's
 * runOperation refuses it with (`a label cannot hold control characters, and "a\tb" holds one: …`);
 * undefined when none does.
 */
function withControls(options: Record<string, unknown>, nouns: Record<string, string>): string | undefined {
  for (const [field, noun] of Object.entries(nouns)) {
    const value = options[field];
    const refusal = typeof value === 'string' ? nameControlRefusal(noun, value) : undefined;
    if (refusal !== undefined) return refusal;
  }
  return undefined;
}

/** The contract's fields only, each as given or else its zero value. */
function withZeroes(zero: Record<string, unknown>, given: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [field, z] of Object.entries(zero)) out[field] = Object.hasOwn(given, field) ? given[field] : z;
  return out;
}

/**
 * What a method threw, as the `error` of its 500: an Error's message (a RelayError's or a
 * SpawnError's is the wire's wording), else the value as text — a string for anything thrown,
 * never a throw of its own (`String(Object.create(null))` would be one).
 */
function thrownText(err: unknown): string {
  const message = (err as { message?: unknown } | null | undefined)?.message;
  if (typeof message === 'string' && message !== '') return message;
  try {
    return String(err);
  } catch {
    return 'the method failed with a value that has no text';
  }
}

function fail(status: number, error: string): RpcAnswer {
  return { status, body: `${jsonLine({ error })}\n` };
}

function jsonKind(v: unknown): string {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'an array';
  return typeof v === 'object' ? 'an object' : `a ${typeof v}`;
}

/** One ajv error as a sentence naming the field. */
function describe(errors: ErrorObject[]): string {
  const e = errors[0];
  if (!e) return 'does not match the contract';
  const field = e.instancePath
    .split('/')
    .slice(1)
    .map((p) => p.replace(/~1/g, '/').replace(/~0/g, '~'))
    .join('.');
  const where = field ? `field ${goQuote(field)}` : 'the value';
  switch (e.keyword) {
    case 'additionalProperties':
      return `unknown field ${goQuote(join(field, (e.params as { additionalProperty: string }).additionalProperty))}`;
    case 'required':
      return `missing field ${goQuote(join(field, (e.params as { missingProperty: string }).missingProperty))}`;
    case 'type':
      return `${where} must be ${article((e.params as { type: string }).type)}`;
    default:
      return `${where} ${e.message ?? 'does not match the contract'}`;
  }
}

function join(parent: string, key: string): string {
  return parent ? `${parent}.${key}` : key;
}

function article(type: string): string {
  return /^[aeiou]/.test(type) ? `an ${type}` : `a ${type}`;
}
