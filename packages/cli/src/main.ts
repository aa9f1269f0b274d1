/**
 * `lich`'s process entry and dispatch (wire.md § 4.1).
 *
 * {@link runProcess} is the bundle's entry (packages/cli/dist/lich.cjs, called by
 * packages/cli/bin/lich.js once the bundle is evaluated): the one function that reads `process`.
 * It hands the dispatcher the environment, the standard output and error as descriptors written to
 * directly, and the streams for what needs them (`lich mcp`, the backend), and keeps a failed write
 * to any of them to the rule every failure follows (spec/cli.md § Commands: one `lich: …` line on stderr,
 * exit 1):
 * - a reader that went away (EPIPE, `lich … | head -1`) ends the run quietly, with the status
 *   it had;
 * - any other failure to write stdout (`lich sessions > /dev/full`: ENOSPC) is
 *   `lich: write the output: <reason>` on stderr and exit 1, never a stack trace;
 * - a stderr that cannot be written either has nowhere to say so: exit 1.
 * Nothing runs when this module is imported (tests import it): only a call of runProcess does.
 *
 * {@link main} decides before anything heavy loads: help, version, `mcp` and the launch
 * arguments are answered here; a command word loads the generated command table (lazily: it
 * loads oclif's declaration builders and every command's declaration, which `lich mcp`,
 * `lich --no-window` and `lich version` never need); anything else is an unknown command, refused with a guess — a typo
 * does not start lich. Everything but runProcess comes through {@link MainIo}.
 */
import { accessSync, constants as fsConstants, readFileSync, statSync, writeSync } from 'node:fs';
import { dirname } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { getSystemErrorMap } from 'node:util';
import { constants as vmConstants, Script } from 'node:vm';
import { createContext, type Env, type Launcher, LichError, type Machine, nativeModuleFailure, oneLine, renderJson, renderText, runOperation, type Started, VERSION } from '@lich/core';
import { FAILURE, funnel, outcomeStatus, sayFailure, type Sink, SUCCESS } from './exit.js';
import { type FlagSpec, normalizeArgv } from './go-flags.js';
import type { CommandTable, ExtraEntry } from './help.js';
import { runCommand } from './lich-command.js';
import type { StdinStream } from './stdin.js';
import { unknownCommandText } from './unknown-command.js';

/** What packages/cli/bin/lich.js knows and hands {@link runProcess}. */
export interface ProcessEntry {
  /** The launcher's own path (packages/cli/bin/lich.js, absolute): the `LICH_BIN` of the sessions lich runs. */
  bin: string;
  /** The directory holding the bundles (packages/cli/dist), absolute. */
  distDir: string;
  /**
   * The launcher's own `import()`: the bundle runs from a vm.Script, where node 20 has no loader
   * for an `import()` (and the experimental one warns on stderr).
   */
  importModule: (url: string) => Promise<unknown>;
}

/** The reason a write failed, in the C library's words (`no space left on device`), as Go prints it. */
export function writeFailureReason(error: NodeJS.ErrnoException): string {
  const known = typeof error.errno === 'number' ? getSystemErrorMap().get(error.errno)?.[1] : undefined;
  return known ?? oneLine(error.message);
}

// Exits at once, so nothing after turns the failure into a stack trace; the line is out first
// (a write to a descriptor, or process.stderr, synchronous for files, pipes and terminals on Linux).
function onWriteError(stream: 'stdout' | 'stderr', error: NodeJS.ErrnoException): never {
  if (error.code === 'EPIPE') process.exit(process.exitCode ?? 0);
  if (stream === 'stdout') {
    try {
      sayFailure(descriptorSink(2, 'stderr'), `write the output: ${writeFailureReason(error)}`);
    } catch {
      // stderr is gone too: the exit status is all that is left to say it with.
    }
  }
  process.exit(FAILURE);
}

// A sleep for a write that would block: the thread waits on nothing that will ever be notified.
const napCell = new Int32Array(new SharedArrayBuffer(4));

/**
 * A {@link Sink} writing straight to file descriptor `fd` (1, 2), whole and synchronously. What
 * lich prints goes out this way rather than through process.stdout, whose stream costs every
 * command its start-up share (node builds a socket or a tty stream for it and loads the stream
 * modules: ~4 ms of CPU, measured, for a line or two). A descriptor left non-blocking by whoever
 * shares it (EAGAIN) is waited on, a millisecond at a time; any other failure is
 * {@link onWriteError}'s: a reader that went away ends the run quietly, the rest is one
 * `lich: write the output: …` line and exit 1.
 */
function descriptorSink(fd: number, stream: 'stdout' | 'stderr'): Sink {
  return {
    write(text: string): void {
      const bytes = Buffer.from(text);
      let done = 0;
      while (done < bytes.length) {
        try {
          done += writeSync(fd, bytes, done);
        } catch (error) {
          if ((error as NodeJS.ErrnoException).code !== 'EAGAIN') onWriteError(stream, error as NodeJS.ErrnoException);
          Atomics.wait(napCell, 0, 0, 1);
        }
      }
    },
  };
}

// The process's own streams, for what writes through streams of its own (`lich mcp`'s transport,
// the backend's log): their failures go where a failed write of lich's own goes.
function processStreams(): ProcessStreams {
  process.stdout.prependListener('error', (error: NodeJS.ErrnoException) => onWriteError('stdout', error));
  process.stderr.prependListener('error', (error: NodeJS.ErrnoException) => onWriteError('stderr', error));
  return { stdin: process.stdin, stdout: process.stdout, stderr: process.stderr };
}

/**
 * Runs `lich` as this process: {@link main} over `process.argv`, the environment and the standard
 * output and error (written to directly: {@link descriptorSink}); its status becomes
 * `process.exitCode`.
 */
export function runProcess(entry: ProcessEntry): void {
  // The bundle is CommonJS (tools/build.mjs: an ES module entry costs node its ESM loader, ~5 ms
  // of every start), so its paths come from the launcher and the exit status from a callback.
  void main({
    argv: process.argv.slice(2),
    env: process.env,
    stdout: descriptorSink(1, 'stdout'),
    stderr: descriptorSink(2, 'stderr'),
    // Touching process.stdin sets up a handle for it; only `lich insert` (text from stdin) and
    // `lich mcp` read it.
    stdin: () => process.stdin,
    streams: processStreams,
    bin: entry.bin,
    distDir: pathToFileURL(`${entry.distDir}/`),
    importModule: entry.importModule,
  }).then((code) => {
    process.exitCode = code;
  });
}

/** The standard streams themselves, for `lich mcp` and the backend. */
export interface ProcessStreams {
  stdin: NodeJS.ReadableStream;
  stdout: NodeJS.WritableStream;
  stderr: NodeJS.WritableStream;
}

/** What the dispatcher reads and writes; {@link runProcess} builds it from `process`. */
export interface MainIo {
  /** Arguments after the script. */
  argv: readonly string[];
  env: Env;
  /** Where lich prints its output: prose, one JSON line, help. */
  stdout: Sink;
  /** Where lich prints the one `lich: …` line of a failure, and its notices. */
  stderr: Sink;
  /** The caller's stdin, fetched only by what reads it: touching `process.stdin` sets up a handle. */
  stdin: () => NodeJS.ReadableStream;
  /** The standard streams, fetched only by what writes through streams of its own (`lich mcp`, the backend). */
  streams: () => ProcessStreams;
  /** This lich's executable (packages/cli/bin/lich.js): the `LICH_BIN` of the sessions it runs. */
  bin: string;
  /** The directory holding the bundles `lich mcp` and the backend load (packages/cli/dist/). */
  distDir: URL;
  /**
   * Imports an ES module bundle (`server.mjs`) by URL. The launcher hands its own
   * `import()` in: the CLI bundle runs from a vm.Script, where node 20 has no loader for
   * `import()` once a code cache is involved. Absent (tests, source): this module's own `import()`.
   */
  importModule?: (url: string) => Promise<unknown>;
  /** Loads the command table; defaults to the lazily imported generated table. */
  loadCommands?: () => Promise<CommandTable>;
}

/** `lich mcp` in the general help: it is a command, though not a generated one. */
export const MCP_ENTRY: ExtraEntry = {
  name: 'mcp',
  spelling: 'lich mcp',
  about: 'Serve the session commands as MCP tools over stdio; lich registers it for the providers that take one.',
  after: 'cost',
};

const HELP_FLAGS = ['--help', '-help', '-h'];

const LAUNCH_USAGE = 'lich [--no-window] [--shell <path>] [-- <browser flags>]';

/**
 * Runs `lich` with `io.argv` and resolves with the exit status. Never rejects: a failure is one
 * `lich: …` line on stderr and 1 (exit.ts's funnel, the one place either is decided).
 */
export function main(io: MainIo): Promise<number> {
  return funnel(io.stderr, () => dispatch(io));
}

async function dispatch(io: MainIo): Promise<number> {
  const [word, ...rest] = io.argv;
  const load = io.loadCommands ?? (() => loadCommandTable(io.distDir));

  if (word === 'help' || word === '--help' || word === '-h') {
    const commands = await load();
    // `lich help --help` asks for help's own help, as `lich help help` does.
    if (rest.length > 0) return commandHelp(io, commands, HELP_FLAGS.includes(rest[0]!) ? 'help' : rest[0]!);
    return run(io, commands, 'help', []);
  }
  if (word === 'version' || word === '--version' || word === '-v') {
    if (rest.length === 0 || (rest.length === 1 && ['--json', '-json'].includes(rest[0]))) {
      return quickVersion(io, rest.length === 1);
    }
    return run(io, await load(), 'version', rest);
  }
  if (word === 'mcp') return serveMcp(io, rest);
  if (word === undefined || word.startsWith('-')) return launch(io, io.argv);

  const commands = await load();
  if (Object.hasOwn(commands, word)) return run(io, commands, word, rest);
  throw new LichError(unknownCommandText(word, [...Object.keys(commands), MCP_ENTRY.name]));
}

/**
 * The file, relative to the dist directory, of the command table compiled as a CommonJS function
 * expression (`chunks/commands-<hash>.cjs`, beside its V8 code cache `….cache`); defined by
 * tools/build.mjs in the bundle, undefined when main.ts runs from source (vitest).
 */
declare const __LICH_COMMANDS_CJS__: string | undefined;

/**
 * The command table: command word → class, in help order (generated/cli/commands.ts). The bundle
 * loads it through a V8 code cache made at build time: compiling the table (oclif and every
 * command, ~400 KB) is most of what `lich sessions` costs over `lich version`. From source it is
 * a plain import (esbuild drops it from the bundle: the branch is dead there).
 */
async function loadCommandTable(distDir: URL): Promise<CommandTable> {
  if (typeof __LICH_COMMANDS_CJS__ !== 'string') return (await import('@lich/generated/cli/commands')).COMMANDS;
  return loadCached<CommandTable>(fileURLToPath(new URL(__LICH_COMMANDS_CJS__, distDir)), 'COMMANDS');
}

/**
 * The file, relative to the dist directory, of `lich mcp`'s server compiled as a CommonJS function
 * expression (`chunks/mcp-<hash>.cjs`, beside its V8 code cache); defined by tools/build.mjs in
 * the bundle, undefined when main.ts runs from source.
 */
declare const __LICH_MCP_CJS__: string | undefined;

/**
 * Evaluates `file`, a CommonJS module's source already wrapped as
 * `(function (exports, require, module, __filename, __dirname) {…})`, with the code cache
 * beside it (the same path ending `.cache`). A cache that is missing, or rejected by V8 (another
 * node, other V8 flags), only costs the compile it would have saved: V8 compiles the source.
 * The cache is named by the source's content hash, so it never belongs to other source.
 * Resolves with its export `exported`.
 *
 * @throws LichError — a file missing, damaged or without that export: the build to redo.
 */
function loadCached<T>(file: string, exported: string): T {
  let source: string;
  try {
    source = readFileSync(file, 'utf8');
  } catch (error) {
    throw new LichError(`this lich's build is incomplete (${oneLine((error as Error).message)}): run npm run build in a checkout, or reinstall @lich/cli`, { cause: error });
  }
  let cachedData: Buffer | undefined;
  try {
    cachedData = readFileSync(file.replace(/\.cjs$/, '.cache'));
  } catch {
    // No cache: compile from source.
  }
  const module: { exports: Record<string, unknown> } = { exports: {} };
  try {
    const script = new Script(source, {
      filename: file,
      cachedData,
      importModuleDynamically: vmConstants.USE_MAIN_CONTEXT_DEFAULT_LOADER,
    });
    const wrapper = script.runInThisContext() as (
      exports: object,
      require: NodeJS.Require,
      module: { exports: Record<string, unknown> },
      filename: string,
      dirname: string,
    ) => void;
    // The bundle's own require: the table needs node's builtins and oclif's package.json, and
    // node:module's createRequire would load the ES module loader for them.
    wrapper.call(module.exports, module.exports, require, module, file, dirname(file));
  } catch (error) {
    // A table cut short or damaged (an interrupted install or build) says what to do about it.
    throw new LichError(`this lich's build will not load (${oneLine((error as Error).message)}): run npm run build in a checkout, or reinstall @lich/cli`, { cause: error });
  }
  if (!module.exports[exported]) throw new LichError(`${file} does not export ${exported}: run npm run build`);
  return module.exports[exported] as T;
}

/** Runs the command `word` of `commands` with `argv` (lich-command.ts), over the process's io. */
function run(io: MainIo, commands: CommandTable, word: string, argv: readonly string[]): Promise<number> {
  const command = commands[word];
  if (!command) throw new LichError(unknownCommandText(word, [...Object.keys(commands), MCP_ENTRY.name]));
  return runCommand(command, argv, {
    env: io.env,
    stdout: io.stdout,
    stderr: io.stderr,
    commands,
    extras: [MCP_ENTRY],
    stdin: () => io.stdin() as StdinStream,
    machine: () => loadMachine(io),
    launcher: processLauncher(io.bin),
  });
}

/**
 * What `lich doctor` and `lich rage` read the machine with: the backend's own code in
 * dist/server.mjs, loaded only when one of them runs. A bundle that will not load (a native
 * module built for another node) is itself the finding: `lich --no-window` would fail the same way.
 */
async function loadMachine(io: MainIo): Promise<Machine> {
  let mod: Machine;
  try {
    mod = await loadBundle<Machine>(io, 'server.mjs', 'doctor');
  } catch (error) {
    if (error instanceof LichError) throw error;
    throw new LichError(`the backend will not load here, so lich would not start either: ${nativeModuleFailure(error) ?? oneLine((error as Error).message)}`, { cause: error });
  }
  if (typeof mod.rage !== 'function') throw new LichError('server.mjs does not export rage: run npm run build');
  return mod;
}

// How the CLI starts programs that outlive it — what `lich native` runs (core's Launcher): the
// native window, and a backend when none runs. node:child_process is loaded only when a program is
// actually started, so no other command pays for it.

/**
 * A launcher for the lich at `bin` (packages/cli/bin/lich.js, absolute). `start` runs the program
 * in a session of its own (`detached`), with stdin, stdout and stderr on /dev/null and nothing
 * holding this process open, so closing the terminal `lich native` ran in ends neither it nor
 * the window.
 */
function processLauncher(bin: string): Launcher {
  return {
    bin,
    async executable(path: string): Promise<boolean> {
      try {
        if (!statSync(path).isFile()) return false;
        accessSync(path, fsConstants.X_OK);
        return true;
      } catch {
        return false;
      }
    },
    async start(command: string, args: readonly string[], env: Env): Promise<Started> {
      // Loaded here, not at the top: only `lich native` starts anything, and child_process is a
      // millisecond of every start. getBuiltinModule rather than import(): the CLI bundle runs
      // from a vm.Script, where node 20 has no loader for a dynamic import.
      const { spawn } = process.getBuiltinModule('node:child_process');
      const clean: Record<string, string> = {};
      for (const [k, v] of Object.entries(env)) if (v !== undefined) clean[k] = v;
      const child = spawn(command, [...args], { detached: true, stdio: 'ignore', env: clean });
      await new Promise<void>((resolve, reject) => {
        child.once('spawn', resolve);
        child.once('error', reject);
      });
      const exited = new Promise<string>((resolve) =>
        child.once('exit', (code, signal) => resolve(signal ? `signal ${signal}` : `status ${code ?? 0}`)),
      );
      child.unref();
      return { pid: child.pid!, exited };
    },
  };
}

// `lich help <word>` is `lich <word> --help` (wire.md § 4.1).
function commandHelp(io: MainIo, commands: CommandTable, word: string): Promise<number> {
  if (word === MCP_ENTRY.name) {
    io.stdout.write(`${MCP_ENTRY.about}\n\nusage: ${MCP_ENTRY.spelling}\n`);
    return Promise.resolve(SUCCESS);
  }
  return run(io, commands, word, ['--help']);
}

// `lich version [--json]` without loading oclif: the same operation and renderer the version
// command runs; anything else after the word (`--help`, a bad flag) goes through the command.
async function quickVersion(io: MainIo, json: boolean): Promise<number> {
  const ctx = createContext({ surface: 'cli', env: io.env });
  try {
    const outcome = await runOperation(ctx, 'version', {});
    io.stdout.write(`${json ? renderJson(outcome) : renderText('cli', outcome)}\n`);
    return outcomeStatus('version', outcome);
  } finally {
    ctx.rpc.close();
  }
}

async function serveMcp(io: MainIo, rest: readonly string[]): Promise<number> {
  if (rest.length === 1 && ['--help', '-help', '-h'].includes(rest[0])) return commandHelp(io, {}, MCP_ENTRY.name);
  if (rest.length > 0) throw new LichError(`usage: ${MCP_ENTRY.spelling}`);
  if (typeof __LICH_MCP_CJS__ !== 'string') throw new LichError('lich mcp runs from the build: run npm run build');
  const serve = loadCached<(o: object) => Promise<number>>(fileURLToPath(new URL(__LICH_MCP_CJS__, io.distDir)), 'serveMcp');
  return serve({ ...io.streams(), env: io.env });
}

const launchFlags: FlagSpec[] = [
  { name: 'no-window', takesValue: false, integer: false },
  { name: 'shell', takesValue: true, integer: false },
];

/**
 * The app's own arguments (spec/cli.md § Commands): bare `lich`, `--no-window`, `--shell <path>`
 * (the flag wins over LICH_SHELL), `-- <browser flags>`. This build is headless, so each runs
 * the backend in the foreground; without `--no-window` it says that there is no window, and
 * flags after `--` are taken and ignored with a line saying so (stderr) — both once the backend
 * has started, so a refused start (another lich running) is its one `lich: …` line.
 */
async function launch(io: MainIo, args: readonly string[]): Promise<number> {
  const dashdash = args.indexOf('--');
  const own = dashdash === -1 ? args : args.slice(0, dashdash);
  const browserFlags = dashdash === -1 ? [] : args.slice(dashdash + 1);
  const parsed = normalizeArgv(own, launchFlags);
  if (parsed.help) {
    return run(io, await (io.loadCommands ?? (() => loadCommandTable(io.distDir)))(), 'help', []);
  }
  if (parsed.positionals.length > 0) throw new LichError(`usage: ${LAUNCH_USAGE}`);
  const noWindow = parsed.argv.includes('--no-window');
  const shell = parsed.argv.find((a) => a.startsWith('--shell='))?.slice('--shell='.length);
  const env: Record<string, string | undefined> = { ...io.env };
  if (shell !== undefined) env.LICH_SHELL = shell;
  const mod = await loadBundle<{ runForeground: (o: object) => Promise<number> }>(io, 'server.mjs', 'runForeground');
  // Said by the backend once it runs: a start refused (another lich running) is one lich: line.
  const notices: string[] = [];
  if (!noWindow) notices.push('This lich has no window: it runs the backend in the foreground, as lich --no-window does, until lich quit.');
  if (browserFlags.length > 0) notices.push(`This lich has no browser window, so the flags after -- are ignored: ${browserFlags.join(' ')}`);
  const { stdout, stderr } = io.streams();
  return mod.runForeground({ bin: io.bin, version: VERSION, env, stdout, stderr, notices });
}

async function loadBundle<T>(io: MainIo, file: string, entry: string): Promise<T> {
  const url = new URL(file, io.distDir).href;
  let mod: Record<string, unknown>;
  try {
    mod = (await (io.importModule ?? ((u: string) => import(/* @vite-ignore */ u)))(url)) as Record<string, unknown>;
  } catch (error) {
    if ((error as { code?: string }).code === 'ERR_MODULE_NOT_FOUND' && String((error as Error).message).includes(file)) {
      throw new LichError(`this lich was built without ${file}: run npm run build`, { cause: error });
    }
    throw error;
  }
  if (typeof mod[entry] !== 'function') throw new LichError(`${file} does not export ${entry}: run npm run build`);
  return mod as T;
}
