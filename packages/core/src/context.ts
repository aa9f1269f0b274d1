import { readFile as fsReadFile } from 'node:fs';
import net from 'node:net';
import { type Env, type ReadFile, readRuntimeFile, resolveCoordinates } from './coordinates.js';
import { abortError } from './errors.js';
import type { Machine } from './machine.js';
import type { Launcher } from './native.js';
import type { RuntimeInfo } from './types.js';
import { createHttpRpcClient, type RpcClient } from './rpc.js';
import type { Surface } from './wording.js';

/**
 * Everything an operation touches outside its own memory, injected so that no module of core
 * reads `process.env` or opens a socket on its own (shared/STYLE.md § What to follow, item 7).
 * Build one with {@link createContext}; tests override single seams.
 */
export interface LichContext {
  /** Whose words a refusal uses (`--no-wait` vs `no_wait`). */
  surface: Surface;
  /** The caller's environment. `LICH_SESSION_ID` is the sender (`""` outside a session). */
  env: Env;
  rpc: RpcClient;
  /** Whether something accepts a TCP connection on 127.0.0.1:`port` (`lich quit`'s probe). */
  portListens(port: number): Promise<boolean>;
  /** Resolves after `ms` milliseconds; rejects with an AbortError when `signal` fires first. */
  sleep(ms: number, signal?: AbortSignal): Promise<void>;
  /** Milliseconds, monotonic enough for a deadline. */
  now(): number;
  /**
   * Reads the caller's stdin, at most `limitBytes` of it, as UTF-8: `lich insert` without a text
   * argument. Resolves `null` when there is nothing to read from — no stdin, or a terminal;
   * rejects with the stream's error. Absent on a surface that has no stdin to give (MCP).
   */
  readStdin?(limitBytes: number): Promise<string | null>;
  /**
   * Loads what reads this machine for `lich doctor` and `lich rage` (the backend's own checks),
   * on first use only. Absent on a surface that cannot run them (MCP, opencode).
   */
  machine?(): Promise<Machine>;
  /**
   * Reads the running instance's record (the runtime file of `env`) afresh on every call; `null`
   * when none is recorded. Rejects as `readRuntimeFile` does.
   */
  readRuntime(): Promise<RuntimeInfo | null>;
  /** Starts programs that outlive the command (`lich native`). Absent on a surface that starts none (MCP, opencode). */
  launcher?: Launcher;
}

/** What {@link createContext} takes: the surface and environment, and any seam to replace. */
export interface ContextOptions {
  surface: Surface;
  env: Env;
  /** Defaults to the HTTP client over the coordinates of `env` (then the runtime file). */
  rpc?: RpcClient;
  /** Reads the runtime file; defaults to `fs.readFile(path, 'utf8')`. */
  readFile?: ReadFile;
  portListens?: (port: number) => Promise<boolean>;
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
  now?: () => number;
  /** See {@link LichContext.readStdin}; absent means there is no stdin. */
  readStdin?: (limitBytes: number) => Promise<string | null>;
  /** See {@link LichContext.machine}; absent means this surface cannot read the machine. */
  machine?: () => Promise<Machine>;
  /** See {@link LichContext.launcher}; absent means this surface starts no programs. */
  launcher?: Launcher;
}

/**
 * Builds the context a surface runs operations in. Nothing is resolved up front: a command
 * that never calls lich (a refusal, `version` with no lich running) never reads the runtime file.
 */
export function createContext(options: ContextOptions): LichContext {
  const env = options.env;
  // node:fs rather than node:fs/promises: the latter loads readline and the stream machinery,
  // a millisecond of every `lich` start for one small file.
  const readFile =
    options.readFile ??
    ((path: string) => new Promise<string>((resolve, reject) => fsReadFile(path, 'utf8', (error, text) => (error ? reject(error) : resolve(text)))));
  const rpc =
    options.rpc ??
    createHttpRpcClient({
      coordinates: () => resolveCoordinates(env, readFile, options.surface),
      readRuntime: () => readRuntimeFile(env, readFile),
    });
  return {
    surface: options.surface,
    env,
    rpc,
    portListens: options.portListens ?? portListens,
    sleep: options.sleep ?? sleep,
    now: options.now ?? (() => performance.now()),
    readStdin: options.readStdin,
    machine: options.machine,
    readRuntime: () => readRuntimeFile(env, readFile),
    launcher: options.launcher,
  };
}

/** Connects to 127.0.0.1:`port` and hangs up: true when something accepted, false when refused. */
export function portListens(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host: '127.0.0.1', port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => {
      socket.destroy();
      resolve(false);
    });
  });
}

function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(abortError(signal));
    const onAbort = () => {
      clearTimeout(timer);
      reject(abortError(signal!));
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
