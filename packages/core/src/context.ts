import { readFile as fsReadFile } from 'node:fs';
import net from 'node:net';
import { type Env, type ReadFile, readRuntimeFile, resolveCoordinates } from './rpc.js';
import { abortError } from './errors.js';
import type { LichContext, Launcher, Machine } from './operation.js';
import type { RuntimeInfo } from './types.js';
import { createHttpRpcClient, type RpcClient } from './rpc.js';
import type { Surface } from './operation.js';

export type { LichContext } from './operation.js';

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
