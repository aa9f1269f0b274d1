import { LichError, oneLine } from './errors.js';
import type { RuntimeInfo } from './types.js';

/**
 * Where a command reaches lich: the loopback port and the token of one running instance.
 * spec/cli.md § Transport.
 */
export interface Coordinates {
  port: number;
  token: string;
  /** `env`: LICH_PORT + LICH_TOKEN of a session; `runtime-file`: the running instance's record. */
  source: 'env' | 'runtime-file';
}

/** The environment as the caller passes it: only bin entries read `process.env`. */
export type Env = Readonly<Record<string, string | undefined>>;

/** Reads a whole UTF-8 file; rejects with the node error (`code: 'ENOENT'` when missing). */
export type ReadFile = (path: string) => Promise<string>;

/** wire.md § 3: the exact refusal when neither the environment nor the runtime file names a lich. */
export const NO_LICH_RUNNING = 'no lich is running — open lich, or run this inside one of its sessions';

/**
 * The "no lich" refusal as `lich mcp` words it: {@link NO_LICH_RUNNING}, then where it looked and
 * the likely cause when it looked in the default place. An MCP client started the server, not a
 * person at a shell, and clients built on the MCP SDK's stdio transport hand a server only HOME,
 * LOGNAME, PATH, SHELL, TERM and USER (its `getDefaultEnvironment`): a lich running under another
 * XDG_CONFIG_HOME, or a session's LICH_PORT and LICH_TOKEN, never reach it, and "no lich is
 * running" alone would send the person to start a second one. The CLI keeps the exact sentence.
 */
export function mcpNoLichText(env: Env): string {
  const file = runtimeFilePath(env);
  if ((env.XDG_CONFIG_HOME ?? '') !== '') {
    return `${NO_LICH_RUNNING}. lich mcp looked for its runtime file at ${file}, under the XDG_CONFIG_HOME it was given: if lich runs under another one, pass that one in this server's "env"`;
  }
  return `${NO_LICH_RUNNING}. lich mcp looked for its runtime file at ${file}, the default place, and has no LICH_PORT or LICH_TOKEN: an MCP client that starts its servers with a short list of variables (the MCP SDK's stdio transport passes HOME, LOGNAME, PATH, SHELL, TERM and USER) hides a lich running under another XDG_CONFIG_HOME — if lich is running, pass its XDG_CONFIG_HOME (and LICH_DEV for a dev build) in this server's "env" in the client's configuration`;
}

/**
 * The path of the runtime file a running lich writes (wire.md § 3): Go's
 * `os.UserConfigDir()/lich/runtime.json` on Linux — `$XDG_CONFIG_HOME` when set (it must be
 * absolute), else `$HOME/.config` — and `runtime-dev.json` when `LICH_DEV` is non-empty,
 * because a dev build records itself apart from the installed one.
 *
 * @throws LichError `read runtime file: …` when neither variable locates a config directory.
 */
export function runtimeFilePath(env: Env): string {
  const name = env.LICH_DEV ? 'runtime-dev.json' : 'runtime.json';
  return `${lichConfigDir(env)}/${name}`;
}

/**
 * The lich config directory (`$XDG_CONFIG_HOME/lich`, else `$HOME/.config/lich`): what holds the
 * runtime file, and what `lich --no-window` hands the backend as `configDir`.
 */
export function lichConfigDir(env: Env): string {
  const xdg = env.XDG_CONFIG_HOME ?? '';
  if (xdg !== '') {
    if (!xdg.startsWith('/')) throw new LichError('read runtime file: path in $XDG_CONFIG_HOME is relative');
    return `${xdg}/lich`;
  }
  const home = env.HOME ?? '';
  if (home === '') throw new LichError('read runtime file: neither $XDG_CONFIG_HOME nor $HOME are defined');
  return `${home}/.config/lich`;
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
 * @throws LichError {@link NO_LICH_RUNNING} (on the `mcp` surface, {@link mcpNoLichText}), or
 *   the runtime file's read/parse failure.
 */
export async function resolveCoordinates(env: Env, readFile: ReadFile, surface: 'cli' | 'mcp' = 'cli'): Promise<Coordinates> {
  const envPort = env.LICH_PORT ?? '';
  const envToken = env.LICH_TOKEN ?? '';
  if (envPort !== '' && envToken !== '') {
    return { port: parsePort(envPort), token: envToken, source: 'env' };
  }
  const info = await readRuntimeFile(env, readFile);
  if (!info || info.port === 0 || info.token === '') throw new LichError(surface === 'mcp' ? mcpNoLichText(env) : NO_LICH_RUNNING);
  return { port: info.port, token: info.token, source: 'runtime-file' };
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
