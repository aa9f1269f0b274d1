/**
 * One `lich` command, run from its declaration (generated/cli/commands.ts): the one place a
 * command's steps follow each other — {@link runCommand}:
 *
 * 1. parse and input: the command line, read with Go `flag` semantics, becomes the operation's
 *    input through the declaration's `input` mapping (input.ts `readCommandLine`, over
 *    go-flags.ts `normalizeArgv`); `--help` prints the command's help instead (help.ts);
 * 2. run: core's `runOperation`, over an RPC client built from the environment;
 * 3. render: core's `renderText` (prose) or `renderJson` (`--json`: exactly one line, `[]` never
 *    `null`), on stdout;
 * 4. status: the outcome's exit status, 0, 2 or 3 (exit.ts `outcomeStatus`).
 *
 * Every failure on the way — a parse or usage error, a refusal, an RPC error, a bug — is thrown,
 * and main.ts's one exit funnel (exit.ts) turns it into one `lich: …` line and exit 1. oclif is
 * the declaration layer and nothing more: its `Args`/`Flags` builders declare the arguments and
 * flags help reads; its parser, config and Command class never run.
 *
 * spec/cli.md § Commands.
 */
import { createContext, type Env, type Launcher, type Machine, type OperationName, type RpcClient, renderJson, renderText, runOperation } from '@lich/core';
import type { CommandDeclaration } from '@lich/generated/cli/commands';
import { outcomeStatus, type Sink, SUCCESS } from './exit.js';
import { type CommandTable, commandHelp, type ExtraEntry, helpFor } from './help.js';
import { readCommandLine } from './input.js';
import { readStdin, type StdinStream } from './stdin.js';

/** Everything a command run touches outside itself: only main.ts builds it (from `process`, in runProcess). */
export interface CliIo {
  env: Env;
  stdout: Sink;
  stderr: Sink;
  /** Replaces the HTTP client (tests); by default one is built over the coordinates of `env`. */
  rpc?: RpcClient;
  /** Cancels the operation (tests; the bin lets a signal kill the process instead). */
  signal?: AbortSignal;
  /** The command table, for the `help` command. */
  commands?: CommandTable;
  /** General-help entries that are not generated commands (`lich mcp`). */
  extras?: readonly ExtraEntry[];
  /**
   * The caller's stdin, fetched only by a command that reads it (`lich insert` without a text
   * argument): touching `process.stdin` sets up a handle. Absent: there is none.
   */
  stdin?: () => StdinStream | undefined;
  /** Loads what `lich doctor` and `lich rage` read the machine with (main.ts: the server bundle, lazily). */
  machine?: () => Promise<Machine>;
  /** Starts programs that outlive the command: `lich native`'s window and backend (main.ts). */
  launcher?: Launcher;
}

/**
 * Runs `command` with `argv` (everything after the command word) and resolves with its exit
 * status: 0 (help, or an outcome of status 0), 2 or 3, with prose or one JSON line on stdout.
 *
 * @throws every failure (a LichError for lich's own: a parse or usage error, a refusal, an
 *   RPC error; an open whose hand-off failed after its output printed), for main.ts's funnel.
 */
export async function runCommand(command: CommandDeclaration<any>, argv: readonly string[], io: CliIo): Promise<number> {
  const line = readCommandLine(command, argv);
  if (line.help) {
    io.stdout.write(commandHelp(command));
    return SUCCESS;
  }
  if (command.operation === 'help') {
    io.stdout.write(helpFor(io.commands ?? {}, io.extras ?? [], String(line.input.command ?? '')));
    return SUCCESS;
  }
  const op = command.operation as OperationName;
  const ctx = createContext({
    surface: 'cli',
    env: io.env,
    rpc: io.rpc,
    readStdin: (limitBytes) => readStdin(io.stdin?.(), limitBytes),
    machine: io.machine,
    launcher: io.launcher,
  });
  try {
    const outcome = await runOperation(ctx, op, line.input as never, { signal: io.signal });
    io.stdout.write(`${line.json ? renderJson(outcome) : renderText('cli', outcome)}\n`);
    // The output is printed and the run still failed (an open whose --prompt never arrived).
    if (outcome.failure) throw outcome.failure;
    return outcomeStatus(op, outcome);
  } finally {
    if (!io.rpc) ctx.rpc.close();
  }
}
