/**
 * `lich native` (spec/cli.md § lich native; wire.md § 5: `system.CloseWindow` `[{}]`): opens the
 * native window on the running lich, starting one in the background first when none runs. The
 * window is another program (`lich-native`), so what this operation needs beyond the RPC — look a
 * program up, start one that outlives the command — comes through the context's
 * {@link Launcher}, which only the CLI gives: there is no MCP tool and no `--json`.
 */
import type { Launcher, LichContext, RunOptions, Started } from './operation.js';
import { type Env, errnoCode } from './rpc.js';
import { LichError, oneLine } from './errors.js';
import { QUIT_POLL_MS, QUIT_WAIT_MS, SHORT_CALL_MS } from './timeouts.js';
import type { NativeInput, NativeOutput } from './types.js';
import { rpcMethod } from './contract-tables.js';

export type { Launcher, Started } from './operation.js';

/** The program `lich native` runs, looked up beside the lich binary. */
export const NATIVE_PROGRAM = 'lich-native';

/** How long a backend `lich native` started gets to record itself and listen: `lich quit`'s 15 s. */
export const NATIVE_START_MS = QUIT_WAIT_MS;

/** The refusal on a surface that starts no programs (MCP, opencode: `lich native` is not a tool). */
export const NO_LAUNCHER = 'lich native opens a window for the person at the screen: run it from a shell';

/** What `lich native` prints once the window is on its way (spec/cli.md § lich native). */
export function nativeText(output: NativeOutput): string {
  return `Opening the native window on lich (port ${output.port}).`;
}

/** The directory of an absolute path, without node:path (core runs in the plugin too). */
function dirOf(path: string): string {
  const cut = path.lastIndexOf('/');
  return cut <= 0 ? '/' : path.slice(0, cut);
}

/**
 * The `lich-native` to run: the path `LICH_NATIVE` names when something executable is there,
 * else the one beside the lich binary.
 *
 * @throws LichError naming every place looked at, when neither holds an executable file.
 */
export async function findNative(env: Env, launcher: Launcher): Promise<string> {
  const named = env.LICH_NATIVE ?? '';
  const beside = `${dirOf(launcher.bin)}/${NATIVE_PROGRAM}`;
  if (named !== '' && (await launcher.executable(named))) return named;
  if (await launcher.executable(beside)) return beside;
  const where = named !== '' ? `at LICH_NATIVE (${named}) or beside lich (${beside})` : `beside lich (${beside}), and LICH_NATIVE is not set`;
  throw new LichError(`no native window to open: there is no executable ${NATIVE_PROGRAM} ${where}`);
}

/**
 * Whether a lich answers where this command would reach it: a session's own coordinates are
 * trusted as they are (the call says so if that lich is gone), the runtime file's only when its
 * port listens — a record a killed lich left behind names nothing running.
 */
async function lichRuns(ctx: LichContext): Promise<boolean> {
  if ((ctx.env.LICH_PORT ?? '') !== '' && (ctx.env.LICH_TOKEN ?? '') !== '') return true;
  const info = await ctx.readRuntime();
  return info !== null && info.port !== 0 && info.token !== '' && (await ctx.portListens(info.port));
}

/**
 * Starts `lich --no-window` detached and returns once it has recorded itself in the runtime file
 * and listens there.
 *
 * @throws LichError when it cannot be started, ends first, or does not listen within 15 s.
 */
async function startBackend(ctx: LichContext, launcher: Launcher, opts: RunOptions): Promise<void> {
  // Not a session of anybody's: no coordinates of another lich go with it.
  const { LICH_PORT: _port, LICH_TOKEN: _token, LICH_SESSION_ID: _session, ...env } = ctx.env;
  let started: Started;
  try {
    started = await launcher.start(launcher.bin, ['--no-window'], env);
  } catch (error) {
    throw new LichError(`start lich --no-window: ${spawnReason(error)}`, { cause: error });
  }
  let ended: string | undefined;
  void started.exited.then((how) => (ended = how));
  const deadline = ctx.now() + NATIVE_START_MS;
  for (;;) {
    const info = await ctx.readRuntime().catch(() => null);
    if (info?.pid === started.pid && info.port !== 0 && (await ctx.portListens(info.port))) return;
    if (ended !== undefined) {
      throw new LichError(`lich --no-window ended (${ended}) before it listened: run lich --no-window to see why`);
    }
    if (ctx.now() >= deadline) throw new LichError(`lich --no-window did not listen within ${NATIVE_START_MS / 1000}s`);
    await ctx.sleep(QUIT_POLL_MS, opts.signal);
  }
}

function spawnReason(error: unknown): string {
  const code = errnoCode(error);
  if (code === 'ENOENT') return 'no such file or directory';
  if (code === 'EACCES') return 'permission denied';
  return oneLine(error instanceof Error ? error.message : String(error));
}

/**
 * spec/cli.md § lich native. In order: finds `lich-native` (before anything starts or closes);
 * starts `lich --no-window` when no lich runs; `system.CloseWindow` `[{}]` (the web window goes,
 * lich and its sessions stay; this backend has none and answers null); starts `lich-native`
 * detached with `LICH_PORT` and `LICH_TOKEN` of that lich. Returns without waiting for the window.
 *
 * @throws LichError {@link NO_LAUNCHER} on a surface that starts no programs, `findNative`'s
 *   refusal, a backend that would not start, the RPC's failure, `start <path>: <reason>`.
 */
export async function native(ctx: LichContext, input: NativeInput, opts: RunOptions = {}): Promise<NativeOutput> {
  const launcher = ctx.launcher;
  if (!launcher) throw new LichError(NO_LAUNCHER);
  const window = await findNative(ctx.env, launcher);
  if (!(await lichRuns(ctx))) await startBackend(ctx, launcher, opts);
  await ctx.rpc.call(rpcMethod('native', 'call', input), {}, { timeoutMs: SHORT_CALL_MS, signal: opts.signal });
  const { port, token } = await ctx.rpc.coordinates();
  // The window keeps the backend's connection to itself; ours would only hold the backend busy.
  ctx.rpc.close();
  try {
    await launcher.start(window, [], { ...ctx.env, LICH_PORT: String(port), LICH_TOKEN: token });
  } catch (error) {
    throw new LichError(`start ${window}: ${spawnReason(error)}`, { cause: error });
  }
  return { port };
}
