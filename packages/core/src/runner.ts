import { spawn } from 'node:child_process';
import { isAbortError, LichError, oneLine } from './errors.js';
import type { Env } from './rpc.js';

/**
 * The kind of ending a `lich` exit status stands for (spec/cli.md § Commands): 0 done, 2 a
 * ticket came back (`pending`), 3 no answer is coming (`no-answer`), anything else failed.
 * {@link LichRun.outcome} carries it; {@link outcomeOf} reads it off a status.
 */
export type LichExitKind = 'done' | 'failed' | 'pending' | 'no-answer';

/** @deprecated The old name of {@link LichExitKind}; use that. */
export type LichOutcome = LichExitKind;

/** One `lich` run for {@link runLich}. */
export interface RunLichOptions {
  /** The lich to run: `"$LICH_BIN"`, the lich the calling session belongs to (spec/cli.md § Transport). */
  bin: string;
  /** Arguments after the binary, e.g. `['send', '--json', 'docs', 'run the tests']`. */
  argv: readonly string[];
  /** The child's environment; the caller's own when absent. */
  env?: Env;
  /** Kills the run (SIGTERM): a `lich wait` killed mid-wait takes nothing with it (spec/cli.md § lich wait). */
  signal?: AbortSignal;
  /** Written to the child's stdin, which is then closed; stdin is empty when absent. */
  stdin?: string;
}

/** How a `lich` run ended. */
export interface LichRun {
  /** The exit status; 128 + the signal number when the child was killed. */
  exit: number;
  stdout: string;
  stderr: string;
  /** What kind of ending {@link LichRun.exit} stands for. */
  outcome: LichExitKind;
}

const signalNumbers: Record<string, number> = { SIGHUP: 1, SIGINT: 2, SIGKILL: 9, SIGPIPE: 13, SIGTERM: 15 };

/** The kind of ending an exit status stands for (spec/cli.md § Commands). */
export function outcomeOf(exit: number): LichExitKind {
  switch (exit) {
    case 0:
      return 'done';
    case 2:
      return 'pending';
    case 3:
      return 'no-answer';
    default:
      return 'failed';
  }
}

/**
 * Runs `lich` as a child process — no shell, so no argument is ever re-split or expanded — and
 * collects what it printed. The typed runner for plugin authors: the opencode plugin and any
 * script drive lich exactly as an agent's shell would, and read the outcome from the exit code
 * rather than from the prose.
 *
 * Resolves for every exit status (a failure is `outcome: 'failed'` with the `lich: …` line in
 * `stderr`). Rejects with a `LichError` when the binary cannot be started at all, and with an
 * AbortError when `signal` fired (after the child is killed).
 */
export function runLich(options: RunLichOptions): Promise<LichRun> {
  const { bin, argv, env, signal, stdin } = options;
  if (bin === '') {
    return Promise.reject(new LichError('LICH_BIN is not set: run this inside a lich session, or name the lich binary'));
  }
  return new Promise<LichRun>((resolve, reject) => {
    const child = spawn(bin, [...argv], {
      env: env as NodeJS.ProcessEnv | undefined,
      stdio: ['pipe', 'pipe', 'pipe'],
      signal,
      killSignal: 'SIGTERM',
    });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => out.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => err.push(chunk));
    let failed = false;
    child.once('error', (error: NodeJS.ErrnoException) => {
      failed = true;
      if (isAbortError(error)) return reject(error);
      reject(new LichError(`run ${bin}: ${oneLine(error.message)}`, { cause: error }));
    });
    child.once('close', (code, sig) => {
      if (failed) return;
      const exit = code ?? 128 + (sig ? (signalNumbers[sig] ?? 0) : 0);
      resolve({
        exit,
        stdout: Buffer.concat(out).toString('utf8'),
        stderr: Buffer.concat(err).toString('utf8'),
        outcome: outcomeOf(exit),
      });
    });
    // A child that exits before reading its stdin closes the pipe under us; that is its business.
    child.stdin.on('error', () => {});
    child.stdin.end(stdin ?? '');
  });
}

/** The exit codes whose stdout is a result when a tool names none (spec/cli.md § Commands): a ticket and an errand that ended unanswered are outcomes, not failures. */
export const RESULT_EXIT_CODES: readonly number[] = [0, 2, 3];

/**
 * What a tool that shells out to lich runs (the opencode and oh-my-pi tables of
 * generated/opencode/tools.ts): `argv` after the binary, killed when `abort` fires.
 * `options.resultExitCodes` are the exits whose stdout is the result (default
 * {@link RESULT_EXIT_CODES}).
 */
export type ToolRun = (argv: string[], abort?: AbortSignal, options?: { readonly resultExitCodes: readonly number[] }) => Promise<string>;

/**
 * The {@link ToolRun} of a plugin's tools: `"$LICH_BIN" <argv>` through {@link runLich}, in
 * `env` — never `lich` off PATH, which on a machine with two lich installs may be the other one.
 *
 * @returns lich's stdout when the exit code is one of `options.resultExitCodes`.
 * @throws Error whose message is lich's stderr, unedited, for any other exit, so every refusal
 *   keeps the words the CLI gives it; the runner's LichError when the binary cannot be started
 *   (`LICH_BIN` unset included); an AbortError when `abort` fired.
 */
export function toolRunner(env: Env): ToolRun {
  return async (argv, abort, options) => {
    const run = await runLich({ bin: env.LICH_BIN ?? '', argv, env, signal: abort });
    if ((options?.resultExitCodes ?? RESULT_EXIT_CODES).includes(run.exit)) return run.stdout;
    // A lich killed before it printed its `lich:` line still has to say something.
    throw new Error(run.stderr !== '' ? run.stderr : `lich exited with status ${run.exit} and printed no reason`);
  };
}
