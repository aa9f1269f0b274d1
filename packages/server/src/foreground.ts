/**
 * `lich --no-window` (spec/cli.md § Commands: "the backend with no window, which lich native
 * starts"): the backend in the foreground of this process until SIGINT, SIGTERM or `lich quit`.
 * It logs to stderr and to `<configDir>/lich.log` (log-file.ts: rotated past 8 MiB, the token
 * masked), the file `lich doctor` checks and `lich rage` collects.
 */
import { homedir } from 'node:os';
import { join } from 'node:path';
import { LogFile, logPath } from './log-file.js';
import { startServer, type RunningServer } from './server.js';

export interface ForegroundOptions {
  /** Absolute path of the lich CLI (`LICH_BIN` in every session). */
  bin: string;
  version: string;
  env: NodeJS.ProcessEnv;
  stdout: NodeJS.WritableStream;
  stderr: NodeJS.WritableStream;
}

/** `$XDG_CONFIG_HOME/lich`, else `~/.config/lich` (Go's `os.UserConfigDir` on Linux, wire.md § 3). */
export function configDir(env: NodeJS.ProcessEnv): string {
  return env.XDG_CONFIG_HOME ? join(env.XDG_CONFIG_HOME, 'lich') : join(env.HOME || homedir(), '.config', 'lich');
}

/** `$XDG_DATA_HOME/lich`, else `~/.local/share/lich` (wire.md § 12.3). */
export function dataDir(env: NodeJS.ProcessEnv): string {
  return env.XDG_DATA_HOME ? join(env.XDG_DATA_HOME, 'lich') : join(env.HOME || homedir(), '.local', 'share', 'lich');
}

/**
 * Runs the backend until SIGINT, SIGTERM or `system.Quit`. Prints one line saying where it
 * listens and that this lich has no window, and one with a one-time link to its page (the web
 * view); logs go to stderr and to `<configDir>/lich.log` (the link's code masked).
 * A log file that will not open is said once on stderr, and the backend runs on stderr alone.
 *
 * @returns the exit code: 0 after a clean stop, 1 when it could not start (one `lich: …` line
 *   on stderr).
 */
export async function runForeground(o: ForegroundOptions): Promise<number> {
  const config = configDir(o.env);
  let file: LogFile | undefined;
  try {
    file = LogFile.open(config, {
      onError: (error) => o.stderr.write(`the log file ${logPath(config)} stopped taking lines (${error.message}): this lich logs to stderr only from now on\n`),
    });
  } catch (error) {
    o.stderr.write(`the log file ${logPath(config)} will not open (${(error as Error).message}): this lich logs to stderr only\n`);
  }
  const log = (line: string) => {
    o.stderr.write(`${line}\n`);
    file?.write(line);
  };
  let server: RunningServer;
  try {
    server = await startServer({
      configDir: config,
      dataDir: dataDir(o.env),
      bin: o.bin,
      version: o.version,
      env: o.env,
      log,
    });
  } catch (err) {
    o.stderr.write(`lich: ${(err as Error).message}\n`);
    file?.write(`lich ${o.version} did not start: ${(err as Error).message}`);
    file?.close();
    return 1;
  }
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
