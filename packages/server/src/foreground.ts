/**
 * `lich --no-window` (spec/cli.md § Commands: "the backend with no window, which lich native
 * starts"): the backend in the foreground of this process until SIGINT, SIGTERM or `lich quit`.
 * It logs to stderr and to `<configDir>/lich.log` (log-file.ts: rotated past 8 MiB, the token
 * masked), the file `lich doctor` checks and `lich rage` collects.
 */
import { lichConfigDir, lichDataDir } from '@lich/core/dirs';
import { oneLine } from '@lich/core/errors';
import { nativeModuleFailure } from '@lich/core/native-module';
import { StartRefusal } from './errors.js';
import { LogFile, logPath } from './log-file.js';
import { startServer, type RunningServer } from './server.js';
import { StoreError } from './store/store.js';

export interface ForegroundOptions {
  /** Absolute path of the lich CLI (`LICH_BIN` in every session). */
  bin: string;
  version: string;
  env: NodeJS.ProcessEnv;
  stdout: NodeJS.WritableStream;
  stderr: NodeJS.WritableStream;
  /**
   * Lines for stderr once this backend has started, about how it was started (bare `lich` has no
   * window; flags after `--` are ignored): said only by a lich that runs, so a start refused
   * writes its one `lich: …` line and nothing else (spec/cli.md § Commands).
   */
  notices?: readonly string[];
}

/**
 * The lich config directory, by the rule the CLI finds the runtime file with (core's dirs.ts):
 * `$XDG_CONFIG_HOME/lich`, else `<home>/.config/lich`, `<home>` being `$HOME` or else the
 * account's home.
 * @throws LichError for a relative `$XDG_CONFIG_HOME`, or no home at all.
 */
export function configDir(env: NodeJS.ProcessEnv): string {
  return lichConfigDir(env);
}

/**
 * The lich data directory, by the same rule (core's dirs.ts): `$XDG_DATA_HOME/lich`, else
 * `<home>/.local/share/lich`.
 * @throws LichError for a relative `$XDG_DATA_HOME`, or no home at all.
 */
export function dataDir(env: NodeJS.ProcessEnv): string {
  return lichDataDir(env);
}

/**
 * The backend's log as `lich --no-window` writes it: every line to the log file (`file()`, when
 * it takes lines) and to stderr — but only the first line of an entry to stderr, with where the
 * rest went. An entry of more than one line is a stack or a program's own report (an RPC method
 * that failed unexpectedly, a listener that threw), which is for `lich rage` and a developer, not
 * for the terminal a person started lich in (spec/cli.md § Commands: a failure is one line).
 * Without a log file, stderr gets the whole entry: it has nowhere else to go.
 */
export function backendLog(stderr: NodeJS.WritableStream, file: () => LogFile | undefined): (line: string) => void {
  return (line: string) => {
    const log = file();
    const nl = line.indexOf('\n');
    if (nl === -1 || log === undefined) {
      stderr.write(`${line}\n`);
    } else {
      stderr.write(`${line.slice(0, nl).trimEnd()} (the rest is in ${log.path})\n`);
    }
    log?.write(line);
  };
}

/**
 * Runs the backend until SIGINT, SIGTERM or `system.Quit`. Prints one line saying where it
 * listens and that this lich has no window, and one with a one-time link to its page (the web
 * view); logs go to stderr and to `<configDir>/lich.log` (the link's code masked).
 * A log file that will not open, or stops taking lines, is said once on stderr — once the backend
 * has started: a start that fails says its one line alone — and the backend runs on stderr alone.
 *
 * @returns the exit code: 0 after a clean stop, 1 when it could not start (one `lich: …` line
 *   on stderr).
 */
export async function runForeground(o: ForegroundOptions): Promise<number> {
  let config: string;
  let data: string;
  try {
    config = configDir(o.env);
    data = dataDir(o.env);
  } catch (err) {
    o.stderr.write(`lich: ${oneLine(String((err as Error)?.message ?? err))}\n`);
    return 1;
  }
  // What the log file says of itself waits until the backend has started: a start that fails
  // says one `lich: …` line and nothing else, and a full or read-only config directory fails the
  // log and the start alike.
  let started = false;
  const held: string[] = [];
  const aboutLog = (line: string) => (started ? o.stderr.write(`${line}\n`) : held.push(line));
  let file: LogFile | undefined;
  try {
    file = LogFile.open(config, {
      onError: (error) => {
        file = undefined;
        aboutLog(`the log file ${logPath(config)} stopped taking lines (${oneLine(error.message)}): this lich logs to stderr only from now on`);
      },
    });
  } catch (error) {
    aboutLog(`the log file ${logPath(config)} will not open (${oneLine((error as Error).message)}): this lich logs to stderr only`);
  }
  const log = backendLog(o.stderr, () => file);
  let server: RunningServer;
  try {
    server = await startServer({
      configDir: config,
      dataDir: data,
      bin: o.bin,
      version: o.version,
      env: o.env,
      log,
    });
  } catch (err) {
    const message = String((err as Error)?.message ?? err);
    // One line a person can act on; Node's own words (a native module's five) stay in the log.
    o.stderr.write(`lich: ${nativeModuleFailure(err) ?? oneLine(message)}\n`);
    file?.write(`lich ${o.version} did not start: ${startFailure(err, message)}`);
    file?.close();
    return 1;
  }
  started = true;
  for (const notice of [...held.splice(0), ...(o.notices ?? [])]) o.stderr.write(`${notice}\n`);
  file?.mask(server.token);
  const listening = `lich ${o.version} listens on 127.0.0.1:${server.port} (pid ${server.pid}) with no window: its sessions run here, and "lich quit" or Ctrl-C ends it.`;
  o.stdout.write(`${listening}\n`);
  file?.write(listening);
  // The page's way in: a one-time link, for the person who started lich. The log keeps the line
  // with its code masked, since a log travels (lich rage) and the code works until it is used.
  const link = server.web.link('', Infinity);
  file?.mask(new URL(link).searchParams.get('code') ?? link);
  const page = `Its cards can be watched and typed into on its page, in a browser on this machine: ${link} (a one-time link; "lich focus <session>" prints another).`;
  o.stdout.write(`${page}\n`);
  file?.write(page);
  const stop = () => void server.close();
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  try {
    await server.closed;
  } finally {
    process.off('SIGINT', stop);
    process.off('SIGTERM', stop);
    file?.write(`lich ${o.version} (pid ${server.pid}) has stopped`);
    file?.close();
  }
  return 0;
}

/**
 * What lich.log keeps of a start that failed: a refusal the person acts on (StartRefusal) or a
 * store failure worded for them (StoreError) as its one line, since their message is the whole
 * story; anything else with its stack, for whoever reads `lich rage`.
 */
function startFailure(err: unknown, message: string): string {
  if (err instanceof StartRefusal || err instanceof StoreError) return oneLine(message);
  const stack = (err as Error | null | undefined)?.stack;
  return typeof stack === 'string' ? `${message}\n${stack}` : message;
}
