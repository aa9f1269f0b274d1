/**
 * The wire, client side (docs/architecture.md § The RPC wire; wire.md §§ 1–3), in three parts:
 * where a command reaches lich (the coordinates: a session's `LICH_PORT` and `LICH_TOKEN`, else
 * the runtime file a running lich writes; spec/cli.md § Transport); how a value is encoded on it
 * ({@link jsonLine}: the bytes of Go's `json.Encoder`, which the backend's replies and every
 * `--json` line use too); and the HTTP client that posts `/rpc/<service>.<Method>?token=…` and
 * turns every failure into the line a user reads ({@link createHttpRpcClient}).
 *
 * Nothing here knows an operation: operations.ts builds the client into a context, and each
 * operation names its method and options (typed by the generated `RpcMethods`).
 */
import http from 'node:http';
import { lichConfigDir, type Env } from './dirs.js';
import { isLich, NO_LICH_RUNNING, pidAlive, writtenAt } from './lich-process.js';
import type { RpcMethodName, RpcMethods } from '@lich/generated/types';
import { abortError, LichError, LichTransportError, maskToken, oneLine } from './errors.js';
import type { RuntimeInfo } from './types.js';

// ---- Where lich is: the coordinates (spec/cli.md § Transport; wire.md § 3).

/**
 * Where a command reaches lich: the loopback port and the token of one running instance.
 * spec/cli.md § Transport.
 */
export interface Coordinates {
  port: number;
  token: string;
  /** `env`: LICH_PORT + LICH_TOKEN of a session; `runtime-file`: the running instance's record. */
  source: 'env' | 'runtime-file';
  /** The lich's process (`LICH_PID`, or the runtime file's `pid`), checked to hold the port; absent when the coordinates name none. */
  pid?: number;
}

export type { Env };

/** Reads a whole UTF-8 file; rejects with the node error (`code: 'ENOENT'` when missing). */
export type ReadFile = (path: string) => Promise<string>;

/** wire.md § 3: the exact refusal when neither the environment nor the runtime file names a lich. */
export { NO_LICH_RUNNING } from './lich-process.js';

/**
 * Why a command found no lich to reach, for `lich mcp`'s words ({@link mcpNoLichText}):
 * - `no-record`: no runtime file where it looked (or one naming no port or no token, which counts
 *   as none: wire.md § 3);
 * - `gone`: the runtime file names process `pid`, which is no longer the lich that wrote it (gone,
 *   a zombie, or a later process handed its pid: lich-process.ts `isLich`) — a lich that ended
 *   without removing its record;
 * - `silent`: the lich the runtime file names listens nowhere — nothing answers on its `port`;
 * - `session-gone`: the session's own lich, `LICH_PID` = `pid`, is no longer running.
 */
export type NoLichCause =
  | { kind: 'no-record' }
  | { kind: 'gone'; pid: number }
  | { kind: 'silent'; port: number }
  | { kind: 'session-gone'; pid: number };

/**
 * The "no lich" refusal as `lich mcp` words it: {@link NO_LICH_RUNNING}, then what it found and
 * what is true of it. An MCP client started the server, not a person at a shell, and clients
 * built on the MCP SDK's stdio transport hand a server only HOME, LOGNAME, PATH, SHELL, TERM and
 * USER (its `getDefaultEnvironment`): a lich running under another XDG_CONFIG_HOME, or a
 * session's LICH_PORT and LICH_TOKEN, never reach it, and "no lich is running" alone would send
 * the person to start a second one. So with no runtime file found, it says where it looked and
 * the likely cause; with one found whose lich has ended, it says that (the file was in the right
 * place: pointing elsewhere would mislead). The CLI keeps the exact sentence.
 *
 * @param cause why no lich was reached (default `no-record`).
 */
export function mcpNoLichText(env: Env, cause: NoLichCause = { kind: 'no-record' }): string {
  if (cause.kind === 'session-gone') {
    return `${NO_LICH_RUNNING}. The lich its LICH_PORT and LICH_TOKEN belong to (LICH_PID ${cause.pid}) is no longer running`;
  }
  const file = runtimeFilePath(env);
  if (cause.kind === 'gone') {
    return `${NO_LICH_RUNNING}. lich mcp found the runtime file ${file}, but the lich it records (pid ${cause.pid}) is no longer running: it ended without removing the file`;
  }
  if (cause.kind === 'silent') {
    return `${NO_LICH_RUNNING}. lich mcp found the runtime file ${file}, but nothing listens on the port it records (${cause.port}): the lich it names has ended, or is ending`;
  }
  if ((env.XDG_CONFIG_HOME ?? '') !== '') {
    return `${NO_LICH_RUNNING}. lich mcp looked for its runtime file at ${file}, under the XDG_CONFIG_HOME it was given: if lich runs under another one, pass that one in this server's "env"`;
  }
  return `${NO_LICH_RUNNING}. lich mcp looked for its runtime file at ${file}, the default place, and has no LICH_PORT or LICH_TOKEN: an MCP client that starts its servers with a short list of variables (the MCP SDK's stdio transport passes HOME, LOGNAME, PATH, SHELL, TERM and USER) hides a lich running under another XDG_CONFIG_HOME — if lich is running, pass its XDG_CONFIG_HOME (and LICH_DEV for a dev build) in this server's "env" in the client's configuration`;
}

/**
 * The path of the runtime file a running lich writes (wire.md § 3): `runtime.json` in the lich
 * config directory ({@link lichConfigDir}, dirs.ts — the one the backend writes it in), and
 * `runtime-dev.json` when `LICH_DEV` is non-empty, because a dev build records itself apart from
 * the installed one.
 *
 * @throws LichError `read runtime file: …` when the config directory cannot be located (a
 *   relative `$XDG_CONFIG_HOME`, no home at all).
 */
export function runtimeFilePath(env: Env): string {
  const name = env.LICH_DEV ? 'runtime-dev.json' : 'runtime.json';
  let dir: string;
  try {
    dir = lichConfigDir(env);
  } catch (error) {
    throw new LichError(`read runtime file: ${(error as Error).message}`, { cause: error });
  }
  return `${dir}/${name}`;
}

/**
 * Reads the runtime file (`{pid, port, token}`, wire.md § 3). A missing file is `null`: no lich
 * recorded itself, which is a normal state, not an error.
 *
 * @throws LichError `read runtime file: <err>` when it exists and cannot be read,
 *   `parse runtime file: <reason>` (one line) when it is not that JSON object: not JSON, not an
 *   object, `pid` not an integer, `port` not an integer in 0–65535 (0 and a `token` of `""` are
 *   "nothing recorded", the no-lich rule of wire.md § 3), `token` not a string.
 */
export async function readRuntimeFile(env: Env, readFile: ReadFile): Promise<RuntimeInfo | null> {
  const path = runtimeFilePath(env);
  let text: string;
  try {
    text = await readFile(path);
  } catch (error) {
    if (errnoCode(error) === 'ENOENT') return null;
    throw new LichError(`read runtime file: ${describeFsError(error, path)}`, { cause: error });
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    // Node's own text quotes the file back, newlines included; where it broke is what helps.
    throw new LichError(`parse runtime file: ${path} is not JSON (${oneLine((error as Error).message)})`, { cause: error });
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    throw new LichError(`parse runtime file: ${path} must hold one JSON object with pid, port and token`);
  }
  const record = value as Record<string, unknown>;
  const pid = record.pid ?? 0;
  const port = record.port ?? 0;
  const token = record.token ?? '';
  if (!Number.isInteger(pid)) {
    throw new LichError(`parse runtime file: pid must be an integer, not ${describeValue(pid)}`);
  }
  // 0 is a record without a port, which the "no lich" rule reads as no lich (wire.md § 3).
  if (!Number.isInteger(port) || (port as number) < 0 || (port as number) > 65535) {
    throw new LichError(`parse runtime file: port must be an integer from 1 to 65535, not ${describeValue(port)}`);
  }
  if (typeof token !== 'string') {
    throw new LichError(`parse runtime file: token must be a non-empty string, not ${describeValue(token)}`);
  }
  return { pid: pid as number, port: port as number, token };
}

/**
 * Finds the lich a command talks to (spec/cli.md § Transport). The environment wins when both
 * `LICH_PORT` and `LICH_TOKEN` are non-empty — a session belongs to the lich that spawned it,
 * and the runtime file names only one of the instances on a machine running two. Otherwise the
 * runtime file; a record with no port or no token counts as no lich.
 *
 * Either way, before the token goes anywhere, the process the coordinates name — the session's
 * `LICH_PID`, the runtime file's `pid` — must be alive and be the lich that recorded them
 * (lich-process.ts `isLich`): a lich killed without removing its record, whose port another
 * program took, is no lich running, and that program is sent nothing.
 *
 * @param lich whether process `pid` may be the lich that recorded the coordinates at `recordedAt`
 *   (default: the kernel's word, lich-process.ts `isLich`).
 * @throws LichError {@link NO_LICH_RUNNING} (on the `mcp` surface, {@link mcpNoLichText}), or
 *   the runtime file's read/parse failure.
 */
export async function resolveCoordinates(
  env: Env,
  readFile: ReadFile,
  surface: 'cli' | 'mcp' = 'cli',
  lich: (pid: number, recordedAt?: number, proc?: string) => boolean = isLich,
): Promise<Coordinates> {
  const none = (cause?: NoLichCause) => new LichError(surface === 'mcp' ? mcpNoLichText(env, cause) : NO_LICH_RUNNING);
  const envPort = env.LICH_PORT ?? '';
  const envToken = env.LICH_TOKEN ?? '';
  if (envPort !== '' && envToken !== '') {
    const port = parsePort(envPort);
    // As mod/link.ts's linkCoordinates reads them for the plugins (which cannot import this module).
    const pid = /^\d+$/.test(env.LICH_PID ?? '') ? Number(env.LICH_PID) : undefined;
    if (pid !== undefined && !lich(pid, undefined, env.LICH_PROC || undefined)) throw none({ kind: 'session-gone', pid });
    return { port, token: envToken, source: 'env', ...(pid !== undefined ? { pid } : {}) };
  }
  const info = await readRuntimeFile(env, readFile);
  if (!info || info.port === 0 || info.token === '') throw none();
  if (info.pid > 0 && !lich(info.pid, writtenAt(runtimeFilePath(env)))) throw none({ kind: 'gone', pid: info.pid });
  return { port: info.port, token: info.token, source: 'runtime-file', pid: info.pid };
}

/**
 * What a call says when its connection was refused — nothing listens at the coordinates, and
 * nothing was sent — in place of Go's dial error (`reach lich: Post …: dial tcp …: connection
 * refused`), which names a port and a cause but not what is true: spec/cli.md § Transport, "With
 * no lich running at all, every command exits 1 with lich: no lich is running — …".
 *
 * - Coordinates from the runtime file: the lich it records listens nowhere — it is gone (its
 *   record left behind: a kill -9, a pid handed to another process where `/proc` cannot tell),
 *   or is going. {@link NO_LICH_RUNNING} (on the `mcp` surface, {@link mcpNoLichText}).
 * - Coordinates from the environment (`LICH_PORT`): the runtime file is asked too. When it names
 *   a live lich on another port, that is the true statement — `no lich listens on port <p>,
 *   which LICH_PORT names; the lich running on this machine listens on port <q> — run this from
 *   one of its sessions, or without LICH_PORT and LICH_TOKEN`; otherwise no lich is running at all.
 *
 * Never throws: a runtime file that cannot be read is no lich recorded.
 */
export async function unreachableText(where: Coordinates, env: Env, readFile: ReadFile, surface: 'cli' | 'mcp' = 'cli', lich = isLich): Promise<string> {
  const none = surface === 'mcp' && where.source === 'runtime-file' ? mcpNoLichText(env, { kind: 'silent', port: where.port }) : NO_LICH_RUNNING;
  if (where.source === 'runtime-file') return none;
  let info: RuntimeInfo | null;
  try {
    info = await readRuntimeFile(env, readFile);
  } catch {
    return none;
  }
  if (!info || info.port === 0 || info.token === '' || info.port === where.port) return none;
  if (info.pid > 0 && !lich(info.pid, writtenAt(runtimeFilePath(env)))) return none;
  return `no lich listens on port ${where.port}, which LICH_PORT names; the lich running on this machine listens on port ${info.port} — run this from one of its sessions, or without LICH_PORT and LICH_TOKEN`;
}

function parsePort(value: string): number {
  const port = /^\d+$/.test(value) ? Number(value) : Number.NaN;
  if (!Number.isInteger(port) || port < 1 || port > 65535) {
    throw new LichError(`reach lich: LICH_PORT is not a port: "${value}"`);
  }
  return port;
}

/** A value from the runtime file as a reason names it: JSON, cut short. */
function describeValue(value: unknown): string {
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 40 ? `${text.slice(0, 39)}…` : text;
}

/** The `code` of a node system error, if it is one. */
export function errnoCode(error: unknown): string | undefined {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : undefined;
}

const goErrno: Record<string, string> = {
  EACCES: 'permission denied',
  EPERM: 'operation not permitted',
  EISDIR: 'is a directory',
  ENOTDIR: 'not a directory',
  ELOOP: 'too many levels of symbolic links',
  EIO: 'input/output error',
};

// Go's *PathError reads `open <path>: <strerror>`; node's own text repeats the code and quotes.
function describeFsError(error: unknown, path: string): string {
  const code = errnoCode(error);
  const text = code ? goErrno[code] : undefined;
  if (text) return `open ${path}: ${text}`;
  return oneLine(error instanceof Error ? error.message : String(error));
}

// ---- The encoding (wire.md § 1.2, § 6).

/**
 * One `--json` line exactly as Go's `json.Encoder` writes it (wire.md § 1.2, § 6): compact,
 * with `<`, `>`, `&`, U+2028 and U+2029 escaped. Those characters can only occur inside JSON
 * strings, so escaping them after `JSON.stringify` is safe; a reader parses the same value
 * either way, and a script comparing bytes with the original lich sees the same bytes.
 * No trailing newline: the surface adds it.
 */
export function jsonLine(value: unknown): string {
  return JSON.stringify(value ?? null).replace(/[<>&\u2028\u2029]/g, (c) => {
    return `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`;
  });
}

// ---- The client (wire.md § 1.3, § 1.4).

/**
 * The options object of RPC method `M`, as its contract has it (contracts/rpc/<M>.json, generated
 * `RpcMethods`): every field present (the G3 rule, wire.md § 1.2) — or `undefined` for a method
 * that takes none (`system.Diagnostics`), whose body is `[]`.
 *
 * For a call whose method is one of several (`relay.Send | relay.SendPrivate`, as a route picks
 * it at run time), the options must suit every one of them: each member's fields, all present. A
 * field only some of them take is typed as a sentence, so leaving it out fails to compile naming
 * it, and passing it does too — the others' contracts refuse it (`additionalProperties: false`):
 * such a call branches, each branch calling its own method with its own options.
 */
export type RpcOptions<M extends RpcMethodName> = [UnsharedKeys<OptionsOf<M>>] extends [never]
  ? Intersection<OptionsOf<M>>
  : Omit<Intersection<OptionsOf<M>>, UnsharedKeys<OptionsOf<M>>> & { [K in UnsharedKeys<OptionsOf<M>>]: OnlySomeTake<K> };

/** What a field `K` of {@link RpcOptions} only some of the call's methods take is typed as: a sentence naming it. */
type OnlySomeTake<K extends PropertyKey> = `${K & string}: an option only some of the methods this call may reach take; branch, each calling its own method`;

/** The options of each method of `M`, one member of a union per method. */
type OptionsOf<M extends RpcMethodName> = M extends RpcMethodName ? (RpcMethods[M]['options'] extends null ? undefined : RpcMethods[M]['options']) : never;

/** `A | B` as `A & B`: what suits every member (for one type, that type). */
type Intersection<U> = (U extends unknown ? (u: U) => void : never) extends (i: infer I) => void ? I : never;

/** The fields some members of `U` have and others lack (`keyof` a union is its common fields). */
type UnsharedKeys<U> = Exclude<U extends unknown ? keyof U : never, keyof U>;

/** The result of RPC method `M`, as its contract has it (contracts/rpc/<M>.json `result`). */
export type RpcResult<M extends RpcMethodName> = RpcMethods[M]['result'];

/** Options of one RPC call. */
export interface CallOptions {
  /** The budget of the whole exchange, in milliseconds (wire.md § 1.4). */
  timeoutMs: number;
  /** Cancels the call: it then rejects with an `AbortError` (see `isAbortError`). */
  signal?: AbortSignal;
}

/**
 * The loopback RPC wire as core sees it (docs/architecture.md § The RPC wire):
 * `POST /rpc/<service>.<Method>?token=…` with body `[options]`, or `[]` when `options` is
 * `undefined`. Resolves with the decoded result; rejects with a `LichError` whose message is
 * the line a user reads (wire.md § 1.3), or an `AbortError` when cancelled.
 *
 * Typed by the generated method map (`RpcMethods`, from contracts/rpc/): a method name the
 * contracts do not define, an options object missing a field its contract has (or carrying one
 * it lacks) — for a method that is one of several, any of theirs ({@link RpcOptions}) — and a
 * result read as anything but the contract's, do not compile. The reply is not
 * checked at run time (the server checks its results against the same contract under
 * `validateResults`); a list result may still arrive as `null` from a Go backend, which writes an
 * empty slice that way, so callers keep their `?? []`.
 */
export interface RpcClient {
  call<M extends RpcMethodName>(method: M, options: RpcOptions<M>, call: CallOptions): Promise<RpcResult<M>>;
  /**
   * Where the last call went, or — before any — where one would go (`lich quit` polls that port).
   * Rejects as `call` does when no lich is running.
   */
  coordinates(): Promise<Coordinates>;
  /** Drops idle keep-alive connections, so nothing of this client keeps a server busy. */
  close(): void;
}

/** What the HTTP client needs from its surroundings. */
export interface HttpRpcClientOptions {
  /**
   * Resolves the coordinates (environment, then runtime file), checking that the lich they name
   * runs; asked before every call and before a call is sent again, never kept between calls.
   */
  coordinates: () => Promise<Coordinates>;
  /**
   * Reads the running instance's record, for the retry after a refused token (wire.md § 1.3
   * step 3). Absent means the client has no way to ask, and a refusal says so.
   */
  readRuntime?: () => Promise<RuntimeInfo | null>;
  /**
   * The line a call fails with when its connection is refused (nothing listens at the
   * coordinates; nothing was sent): {@link unreachableText}, as {@link createContext} wires it.
   * Absent: {@link NO_LICH_RUNNING} for coordinates from the runtime file, and `no lich listens
   * on port <p>, which LICH_PORT names` for the environment's.
   */
  unreachable?: (where: Coordinates) => Promise<string>;
  /**
   * Defaults to a keep-alive agent of this client's own: a command that makes two calls
   * (open --prompt, quit) reuses its connection, and idle keep-alive sockets are unref'd, so
   * they never hold the process open.
   */
  agent?: http.Agent;
}

export { maskToken } from './errors.js';

// Go's http.StatusText where it differs from node's STATUS_CODES.
const goStatusText: Record<number, string> = {
  413: 'Request Entity Too Large',
  414: 'Request URI Too Long',
  416: 'Requested Range Not Satisfiable',
  418: "I'm a teapot",
};

function statusText(code: number): string {
  return goStatusText[code] ?? http.STATUS_CODES[code] ?? '';
}

interface RawReply {
  status: number;
  body: string;
}

/**
 * The RPC client on `node:http` (not undici, not fetch: measured on node 20, a short-lived
 * process making one request took 6.6× a `node -e 0` with fetch and 9.8× with undici 7 — module
 * load, WASM llhttp compilation, and ≈140 ms of CPU after the response). Implements wire.md § 1.3: the error mapping, `reach lich: …` with
 * the token masked, and the retry after a 401/403 — once, on the same port, with the token the
 * running instance recorded — with its exact refusals.
 */
export function createHttpRpcClient(options: HttpRpcClientOptions): RpcClient {
  const agent = options.agent ?? new http.Agent({ keepAlive: true });
  // Resolved anew for every call, never kept from one call to the next: a long-lived client
  // (`lich mcp`, a `@lich/core` client kept open) then follows a lich that started after it, or
  // restarted on another port, and never posts its token to a port whose lich is gone — the check
  // that the lich the coordinates name is alive (resolveCoordinates) holds for each call.
  let latest: Promise<Coordinates> | undefined;
  const resolve = () => (latest = options.coordinates());
  const coordinates = () => latest ?? resolve();

  const unreachable =
    options.unreachable ??
    ((where: Coordinates) =>
      Promise.resolve(where.source === 'runtime-file' ? NO_LICH_RUNNING : `no lich listens on port ${where.port}, which LICH_PORT names`));

  // One exchange; a refused connection (nothing listens there, nothing was sent) is said as what
  // it means, not as Go's dial error.
  async function exchange(where: Coordinates, token: string, method: string, body: string, opts: CallOptions): Promise<RawReply> {
    try {
      try {
        return await post(agent, where.port, token, method, body, opts);
      } catch (error) {
        // A kept-alive connection lich had closed (idle past its keep-alive timeout) before the
        // request reached it: sent again once, on a connection of its own — the pool may hold more
        // such sockets. Never after a reply began, never for a fresh connection's failure, and
        // only to the same lich, still running: one that died holding the call (its sessions'
        // programs may have had the task) resets the connection the same way, and its successor
        // must not be handed the call a second time.
        if (!(error instanceof StaleConnectionError) || !(await sameLich(where))) throw error;
        return await post(false, where.port, token, method, body, opts);
      }
    } catch (error) {
      if (!(error instanceof LichTransportError) || error.sent || errnoCode(error.cause) !== 'ECONNREFUSED') throw error;
      // Nothing of the token is in it: the line names ports and the running lich, never the URL.
      throw new LichTransportError(await unreachable(where), false, false, { cause: error });
    }
  }

  // Whether the coordinates resolved now name the lich `where` did (same port, same process).
  async function sameLich(where: Coordinates): Promise<boolean> {
    try {
      const now = await resolve();
      return now.port === where.port && now.pid === where.pid;
    } catch {
      return false;
    }
  }

  async function call<M extends RpcMethodName>(method: M, args: RpcOptions<M>, opts: CallOptions): Promise<RpcResult<M>> {
    const where = await resolve();
    const body = JSON.stringify(args === undefined ? [] : [args]);
    let reply = await exchange(where, where.token, method, body, opts);
    if (reply.status === 401 || reply.status === 403) {
      const token = await reissued(where.port, where.token, options.readRuntime);
      reply = await exchange(where, token, method, body, opts);
    }
    if (reply.status !== 200) throw new LichError(maskToken(errorText(reply), where.token));
    try {
      return JSON.parse(reply.body) as RpcResult<M>;
    } catch (error) {
      throw new LichError(`decode the reply: ${oneLine((error as Error).message)}`, { cause: error });
    }
  }

  return {
    call,
    coordinates,
    close() {
      if (!options.agent) agent.destroy();
    },
  };
}

// wire.md § 1.3 step 4: the `error` field of a JSON body, else "<code> <StatusText>".
function errorText(reply: RawReply): string {
  try {
    const parsed: unknown = JSON.parse(reply.body);
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) {
      const error = (parsed as { error?: unknown }).error;
      if (typeof error === 'string' && error !== '') return error;
    }
  } catch {
    // Not JSON (Go's http.Error writes `forbidden\n`): the status line says it.
  }
  return `${reply.status} ${statusText(reply.status)}`;
}

/**
 * The token to retry with after lich refused ours (wire.md § 1.3 step 3), or the refusal that
 * explains why there is none.
 */
async function reissued(
  port: number,
  token: string,
  readRuntime: (() => Promise<RuntimeInfo | null>) | undefined,
): Promise<string> {
  const stale = `lich refused this token on port ${port}: the coordinates in this environment were exported by an earlier lich, and the one running now cannot be reached with them`;
  if (!readRuntime) throw new LichError(`${stale}. Run this from a session of the running lich`);
  let info: RuntimeInfo | null;
  try {
    info = await readRuntime();
  } catch (error) {
    throw new LichError(`${stale}, and the running instance could not be read: ${(error as Error).message}`, { cause: error });
  }
  if (!info || info.port === 0 || info.token === '') {
    throw new LichError(`${stale}, and no running instance is recorded to ask instead`);
  }
  if (info.port !== port) {
    throw new LichError(
      `${stale}. The lich recorded on this machine listens on port ${info.port}, and a message sent there would land in a window this caller cannot see — start it again from a session of that lich`,
    );
  }
  if (info.token === token) {
    throw new LichError(
      `lich refused this token on port ${port}, and it is the token the running instance recorded — so something other than lich is answering there`,
    );
  }
  if (info.pid > 0 && !pidAlive(info.pid)) {
    throw new LichError(`${stale}, and the instance recorded on this machine is gone too`);
  }
  return info.token;
}

/**
 * A request that failed on a kept-alive socket before any reply came (ECONNRESET, EPIPE): the
 * server had closed that connection, so the request never reached it, and {@link post}'s caller
 * sends it again on a new one (node's http docs, `request.reusedSocket`). Its message is the
 * transport error's, for when the second try fails too.
 */
class StaleConnectionError extends LichTransportError {}

/**
 * One `POST /rpc/<method>` over `agent`'s pooled connections, or a connection of its own
 * (`false`). Rejects with a {@link LichTransportError} (a {@link StaleConnectionError} for a
 * pooled connection the server had closed), a {@link LichError} never.
 */
function post(
  agent: http.Agent | false,
  port: number,
  token: string,
  method: string,
  body: string,
  opts: CallOptions,
): Promise<RawReply> {
  const { signal } = opts;
  if (signal?.aborted) return Promise.reject(abortError(signal));
  const path = `/rpc/${method}?token=${encodeURIComponent(token)}`;
  // What a transport failure names: the Go url.Error shape, with the token already masked.
  const shown = `Post "http://127.0.0.1:${port}/rpc/${method}?token=…"`;

  return new Promise<RawReply>((resolve, reject) => {
    let settled = false;
    let sent = false;
    let headers = false;
    const finish = (error: Error | null, reply?: RawReply) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
      if (error) reject(error);
      else resolve(reply!);
    };

    const req = http.request({
      agent,
      host: '127.0.0.1',
      port,
      path,
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(body) },
    });

    const timer = setTimeout(() => {
      const cause = headers
        ? 'context deadline exceeded (Client.Timeout or context cancellation while reading body)'
        : 'context deadline exceeded (Client.Timeout exceeded while awaiting headers)';
      finish(
        new LichTransportError(headers ? `read the reply: ${cause}` : `reach lich: ${shown}: ${cause}`, true, true),
      );
      req.destroy();
    }, opts.timeoutMs);

    const onAbort = () => {
      finish(abortError(signal!));
      req.destroy();
    };
    signal?.addEventListener('abort', onAbort, { once: true });

    req.on('finish', () => {
      sent = true;
    });
    req.on('error', (error) => {
      const stale = req.reusedSocket && !headers && ['ECONNRESET', 'EPIPE'].includes(errnoCode(error) ?? '');
      const Failure = stale ? StaleConnectionError : LichTransportError;
      finish(
        new Failure(maskToken(`reach lich: ${shown}: ${describeNetError(error, port)}`, token), sent, false, {
          cause: error,
        }),
      );
    });
    req.on('response', (res) => {
      headers = true;
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('error', (error) => {
        finish(new LichTransportError(maskToken(`read the reply: ${oneLine(error.message)}`, token), true, false, { cause: error }));
      });
      res.on('aborted', () => {
        finish(new LichTransportError('read the reply: unexpected EOF', true, false));
      });
      res.on('end', () => {
        finish(null, { status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') });
      });
    });
    req.end(body);
  });
}

// The cause as Go's net package words it, so a script matching the original's line still matches.
function describeNetError(error: Error, port: number): string {
  const code = (error as { code?: string }).code;
  switch (code) {
    case 'ECONNREFUSED':
      return `dial tcp 127.0.0.1:${port}: connect: connection refused`;
    case 'ECONNRESET':
      return error.message === 'socket hang up' ? 'EOF' : `read tcp 127.0.0.1:${port}: connection reset by peer`;
    case 'ETIMEDOUT':
      return `dial tcp 127.0.0.1:${port}: connect: connection timed out`;
    default:
      return oneLine(error.message);
  }
}
