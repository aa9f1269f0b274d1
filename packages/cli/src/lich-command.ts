/**
 * The base class every generated command extends (generated/cli/commands.ts): lich's one
 * adapter over oclif. oclif is the declaration layer and nothing more — a command class, its
 * `Args`/`Flags` declarations (the shapes help and the flag specs are read from), its
 * constructor — while its config is never loaded and its parser never runs: lich reads argv
 * itself, with Go `flag` semantics (go-flags.ts), and dispatches and prints help itself
 * (main.ts, help.ts). So (shared/STYLE.md § 4, § What to follow 9):
 *
 * - argv is read with Go `flag` semantics, never from stdin;
 * - `--json` prints exactly one line (`[]`, never `null`);
 * - every failure — an RPC error, a refusal, a parse or usage error — is exactly one `lich: …`
 *   line on stderr, exit 1, through the CLI's one exit funnel (funnel.ts);
 * - 0, 2 and 3 are outcomes: prose or JSON on stdout, nothing on stderr, the status from
 *   funnel.ts's `outcomeStatus` (the contract's outcome table);
 * - `--help` prints the command's own help on stdout, exit 0.
 *
 * spec/cli.md § Commands.
 */
import { Command } from '@oclif/core/command';
import { integer as integerFlag } from '@oclif/core/flags';
import type { Config } from '@oclif/core/config';
import {
  createContext,
  type Env,
  goQuote,
  type Launcher,
  LichError,
  type Machine,
  type OperationName,
  type RpcClient,
  renderJson,
  renderText,
  runOperation,
} from '@lich/core';
import { funnel, outcomeStatus, type Sink, SUCCESS } from './funnel.js';
import { FlagWordError, normalizeArgv, type FlagSpec } from './go-flags.js';
import { commandHelp, type ExtraEntry, generalHelp, type HelpFlag, spelling } from './help.js';
import { unknownCommandText } from './unknown-command.js';
import { readStdin, type StdinStream } from './stdin.js';

export type { Sink } from './funnel.js';

/** Everything a command run touches outside itself: only the bin entry builds it from `process`. */
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

/** The static side of a concrete generated command. */
export type LichCommandClass = typeof LichCommand & (new (argv: string[], config: Config) => LichCommand<any>);

/** The explicit command table: command word → class, in help order (generated/cli/commands.ts). */
export type CommandTable = Readonly<Record<string, LichCommandClass>>;

/** What a parse of argv produced, before the operation runs. */
export type ParsedArgv =
  | { help: true }
  | { help: false; args: Record<string, any>; flags: Record<string, any>; argv: string[] };

// oclif's Command constructor and debug logger read only these; its Config.load (plugins,
// package.json, hooks) is never run, because dispatch, help and parsing are lich's own.
const bareConfig = { bin: 'lich', name: 'lich', root: '', pjson: {}, runHook: async () => ({ successes: [], failures: [] }) } as unknown as Config;

const integerParse = integerFlag().parse;

/** A flag's value kind as Go's `flag.UnquoteUsage` names it in help: `int`, `string`, or `""` for a bool. */
export function flagKind(flag: HelpFlag): string {
  if (flag.type === 'boolean') return '';
  return flag.parse === integerParse ? 'int' : 'string';
}

/**
 * Base class of every `lich` command. A generated subclass declares the statics and implements
 * {@link LichCommand.toInput}; it runs through {@link LichCommand.execute}.
 *
 * @typeParam I - the operation's input (contracts/operations/<op>.json `input`).
 */
export abstract class LichCommand<I = unknown> extends Command {
  /** The core operation this command runs (`send`, `wait`, …), or `help`. */
  static operation: string;
  /** Whether the command takes `--json` (spec/cli.md § Commands: one JSON line instead of prose). */
  static json: boolean;

  private io?: CliIo;
  private status = 1;

  /**
   * Maps what {@link LichCommand.parseArgv} read (Go flag semantics) onto the operation's input.
   * `argv` is the positionals in order, for a
   * command whose first positional is optional (`reply [<ticket>] <answer>`); throw
   * {@link LichCommand.usageError} for a count the args cannot express.
   */
  protected abstract toInput(args: Record<string, any>, flags: Record<string, any>, argv: string[]): I;

  /** The `lich: usage: …` refusal of this command, to throw from `toInput`. */
  protected usageError(): LichError {
    const ctor = this.constructor as LichCommandClass;
    return new LichError(`usage: ${ctor.spelling()}`);
  }

  /** The command word: the table key main dispatched on, else the operation. */
  static commandName(this: LichCommandClass): string {
    return this.id ?? this.operation;
  }

  /** The one-line spelling of this command (`lich send [--project <name>] … <session> <prompt>`). */
  static spelling(this: LichCommandClass): string {
    return spelling(this, this.commandName());
  }

  /** This command's `--help` text (wire.md § 4.3), ending with a newline. */
  static helpText(this: LichCommandClass): string {
    return commandHelp(this, this.commandName(), flagKind);
  }

  /**
   * Parses argv (everything after the command word) with Go flag semantics (go-flags.ts), over
   * the flags the command declares, without running anything. oclif's parser is never called.
   *
   * @throws LichError — every parse or usage failure, worded for the `lich:` line.
   */
  static async parseArgv(this: LichCommandClass, argv: readonly string[]): Promise<ParsedArgv> {
    const flags = (this.flags ?? {}) as Record<string, any>;
    const specs: FlagSpec[] = Object.entries(flags).map(([name, flag]) => ({
      name,
      char: flag.char,
      takesValue: flag.type !== 'boolean',
      integer: flag.parse === integerParse,
    }));
    let normalized: ReturnType<typeof normalizeArgv>;
    try {
      normalized = normalizeArgv(argv, specs);
    } catch (error) {
      throw error instanceof FlagWordError ? this.textHint(error, argv) : error;
    }
    if (normalized.help) return { help: true };
    const argDefs = Object.entries((this.args ?? {}) as Record<string, any>);
    const min = argDefs.filter(([, arg]) => arg.required).length;
    const max = this.strict === false ? Number.POSITIVE_INFINITY : argDefs.length;
    const count = normalized.positionals.length;
    if (count < min || count > max) throw new LichError(`usage: ${this.spelling()}`);
    // The count is checked above, against the spelling; oclif would assign positionals to args in
    // order and refuse a leading optional one (`reply [<ticket>] <answer>`) — toInput aligns them
    // from argv instead. And oclif reads a missing argument from a piped stdin; lich never does.
    // The values are taken from the Go-semantics reading above, never from a second parse:
    // oclif refuses a value that spells one of the command's flags (`--project=--json`) and moves
    // a positional that is literally `--`, and either would hand the operation a different input
    // than the MCP tool and the opencode wrapper give for the same arguments.
    const out: Record<string, unknown> = {};
    for (const [name, flag] of Object.entries(flags)) {
      if (name in normalized.values) out[name] = normalized.values[name];
      else if (flag.type === 'boolean') out[name] = false;
    }
    return { help: false, args: {}, flags: out, argv: normalized.positionals };
  }

  /**
   * Go's refusal of a word that is no flag, with the retry that passes it as text when the word
   * reads as text (`lich reply "- a bullet"`: an answer, not a flag) and this command takes any:
   * the same argv with `--` before that word. A word spelled like a flag (`--bogus`, `-x=1`) is
   * a mistyped flag and keeps Go's line alone, as does a command that takes no positional.
   */
  static textHint(this: LichCommandClass, error: FlagWordError, argv: readonly string[]): LichError {
    if (Object.keys((this.args ?? {}) as object).length === 0) return error;
    const word = argv[error.at] ?? '';
    const name = word.replace(/^--?/, '').split('=', 1)[0]!;
    if (!error.message.startsWith('bad flag syntax') && /^[A-Za-z][A-Za-z0-9_-]*$/.test(name)) return error;
    const retry = ['lich', this.commandName(), ...argv.slice(0, error.at), '--', ...argv.slice(error.at)].map(shellWord).join(' ');
    return new LichError(`${error.message} — text that starts with a dash goes after --, as in: ${retry}`);
  }

  /**
   * Parses argv into the operation's input without running it: what the surface-parity
   * property test compares against the MCP mapping.
   *
   * @throws LichError for a parse or usage failure, and for `--help`.
   */
  static async parseInput<C extends LichCommandClass>(this: C, argv: readonly string[]): Promise<InputOf<C>> {
    const parsed = await this.parseArgv(argv);
    if (parsed.help) throw new LichError('--help asks for help, not for an operation');
    const cmd = instantiate(this, argv) as LichCommand<InputOf<C>>;
    return cmd.toInput(parsed.args, parsed.flags, parsed.argv);
  }

  /**
   * Runs this command with `argv` (everything after the command word) and returns its exit
   * status: 0, 2 or 3 with prose or one JSON line on stdout; 1 with one `lich: …` line on stderr.
   * Never throws.
   */
  static execute(this: LichCommandClass, argv: readonly string[], io: CliIo): Promise<number> {
    return funnel(io.stderr, async () => {
      const cmd = instantiate(this, argv);
      cmd.io = io;
      await cmd.run();
      return cmd.status;
    });
  }

  /**
   * Runs the command against `this.io` and returns the operation's output (plugin-org style:
   * `run()` returns the typed result, rendering is a separate step).
   */
  async run(): Promise<unknown> {
    const io = this.io;
    if (!io) throw new LichError('a lich command runs through LichCommand.execute');
    const ctor = this.constructor as LichCommandClass;
    const parsed = await ctor.parseArgv(this.argv);
    if (parsed.help) {
      io.stdout.write(ctor.helpText());
      this.status = SUCCESS;
      return undefined;
    }
    const input = this.toInput(parsed.args, parsed.flags, parsed.argv);
    if (ctor.operation === 'help') return this.runHelp(io, input as { command?: string });

    const op = ctor.operation as OperationName;
    const ctx = createContext({
      surface: 'cli',
      env: io.env,
      rpc: io.rpc,
      readStdin: (limitBytes) => readStdin(io.stdin?.(), limitBytes),
      machine: io.machine,
      launcher: io.launcher,
    });
    try {
      const outcome = await runOperation(ctx, op, input as never, { signal: io.signal });
      const json = ctor.json && parsed.flags.json === true;
      io.stdout.write(`${json ? renderJson(outcome) : renderText('cli', outcome)}\n`);
      // The output is printed and the run still failed (an open whose --prompt never arrived):
      // the funnel prints its line.
      if (outcome.failure) throw outcome.failure;
      this.status = outcomeStatus(op, outcome);
      return outcome.output;
    } finally {
      if (!io.rpc) ctx.rpc.close();
    }
  }

  private runHelp(io: CliIo, input: { command?: string }): string {
    const table = io.commands ?? {};
    const word = input.command ?? '';
    let text: string;
    if (word === '') {
      text = generalHelp(
        Object.entries(table).map(([name, source]) => ({ name, source })),
        io.extras ?? [],
      );
    } else {
      const Cmd = table[word];
      if (!Cmd) throw new LichError(unknownCommandText(word, [...Object.keys(table), ...(io.extras ?? []).map((e) => e.name)]));
      Cmd.id ??= word;
      text = Cmd.helpText();
    }
    io.stdout.write(text);
    this.status = SUCCESS;
    return text;
  }
}

/** The input type a command class's `toInput` returns. */
export type InputOf<C> = C extends abstract new (...args: any[]) => LichCommand<infer I> ? I : never;

function instantiate(Cmd: LichCommandClass, argv: readonly string[]): LichCommand<any> {
  const Concrete = Cmd as unknown as new (argv: string[], config: Config) => LichCommand<any>;
  return new Concrete([...argv], bareConfig);
}

/**
 * `word` as a POSIX shell reads it back: bare when nothing in it is special, double-quoted when
 * nothing in it is special inside double quotes either, single-quoted otherwise.
 */
function shellWord(word: string): string {
  if (/^[A-Za-z0-9_./:=@%+,-]+$/.test(word)) return word;
  // A control character would break the one line: Go's quoting spells it as an escape.
  if (/[\u0000-\u001f\u007f]/.test(word)) return goQuote(word);
  if (!/[\\"$`!]/.test(word)) return `"${word}"`;
  return `'${word.replace(/'/g, `'\\''`)}'`;
}
