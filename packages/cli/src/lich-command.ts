/**
 * The CLI's command layer, everything a command run goes through once main.ts has its word:
 *
 * - {@link LichCommand}, the base class every generated command extends
 *   (generated/cli/commands.ts): lich's one adapter over oclif. oclif is the declaration
 *   layer and nothing more — a command class, its `Args`/`Flags` declarations (the shapes help
 *   and the flag specs are read from), its constructor — while its config is never loaded and its
 *   parser never runs: lich reads argv itself, with Go `flag` semantics ({@link normalizeArgv}),
 *   and dispatches and prints help itself (main.ts, help.ts);
 * - {@link normalizeArgv}, Go's `flag` package semantics (wire.md § 4.2);
 * - the CLI's one exit funnel (spec/cli.md § Commands): where a run's exit status is decided and
 *   where the `lich: …` line of a failure is printed — nowhere else in the CLI's bundle (bin/lich.js
 *   has its own lines, for a bundle that is missing or will not load, before any of this exists). 0, 2 and 3 are
 *   outcomes: the operation's `exit` when it names one, else the contract's outcome table
 *   (core's `exitCode`, reading `outcomes` of generated/contracts.ts) — {@link outcomeStatus}; every failure — a refusal, an
 *   RPC error, a parse or usage error, a bug — is exactly one `lich: …` line on stderr and exit 1,
 *   never a stack trace — {@link funnel}, {@link sayFailure}. main.ts runs its dispatch through the
 *   same funnel, imported from here: this module imports nothing of main.ts.
 *
 * So every command (shared/STYLE.md § 4, § What to follow 9):
 *
 * - reads argv with Go `flag` semantics, never from stdin;
 * - prints exactly one line for `--json` (`[]`, never `null`);
 * - turns every failure — an RPC error, a refusal, a parse or usage error — into exactly one
 *   `lich: …` line on stderr, exit 1, through the exit funnel;
 * - prints an outcome (0, 2 or 3) as prose or JSON on stdout, nothing on stderr, the status from
 *   {@link outcomeStatus} (the contract's outcome table);
 * - prints its own help on stdout for `--help`, exit 0.
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
  isAbortError,
  type Launcher,
  LichError,
  type Machine,
  nativeModuleFailure,
  oneLine,
  type OperationName,
  type Outcome,
  type RpcClient,
  renderJson,
  renderText,
  runOperation,
} from '@lich/core';
import { exitCode } from '@lich/core/contract-tables';
import { shellQuote } from '@lich/core/quote';
import { cutName, quoteName } from '@lich/core/names';
import { commandHelp, type ExtraEntry, generalHelp, type HelpFlag, spelling } from './help.js';
import { unknownCommandText } from './unknown-command.js';
import { readStdin, type StdinStream } from './stdin.js';

/** Something text is written to (process.stdout in the process entry, a buffer in tests). */
export interface Sink {
  write(text: string): unknown;
}

/** The status of a run that printed what was asked (help, a version, an outcome of status 0). */
export const SUCCESS = 0;
/** The status of every failure. */
export const FAILURE = 1;

/**
 * The exit status of an operation's outcome: its own `exit` when it names one (an operation
 * whose status is not a function of its output alone), else the contract's outcome table.
 * A failed outcome is not asked here: its `failure` is thrown into {@link funnel}.
 */
export function outcomeStatus(op: string, outcome: Outcome<any>): number {
  return outcome.exit ?? exitCode(op as never, outcome.output as never);
}

/**
 * The message of the `lich:` line for `error`: lich's own prose as the spec words it; a usage
 * error from a generated command's `toInput` as it is; a cancelled run as `cancelled`; a native
 * module built for another node as what to do about it; anything else (a bug, a Node error)
 * folded onto one line.
 */
export function failureMessage(error: unknown): string {
  if (error instanceof LichError) return error.message;
  // contract-runtime's UsageError (`usage: <spelling>`), thrown by a generated toInput.
  if (error instanceof Error && error.name === 'UsageError') return error.message;
  if (isAbortError(error)) return 'cancelled';
  return nativeModuleFailure(error) ?? oneLine(error instanceof Error ? error.message : String(error));
}

/** Prints the one `lich: …` line of a failure on `stderr` and returns the failure status. */
export function sayFailure(stderr: Sink, message: string): number {
  stderr.write(`lich: ${message}\n`);
  return FAILURE;
}

/**
 * Runs `body` and resolves with its exit status; whatever it throws becomes the one `lich: …`
 * line and exit 1. Never rejects. A funnel inside another (a command run from the dispatcher)
 * prints the line once: the inner one has already turned the failure into a status.
 */
export async function funnel(stderr: Sink, body: () => Promise<number>): Promise<number> {
  try {
    return await body();
  } catch (error) {
    return sayFailure(stderr, failureMessage(error));
  }
}

/**
 * A word read as a flag that is none (Go's `flag provided but not defined`, `bad flag syntax`):
 * `at` is its index in the argv, so the caller can spell the retry that passes it as text.
 */
export class FlagWordError extends LichError {
  constructor(
    message: string,
    readonly at: number,
  ) {
    super(message);
  }
}

/** What the normalizer needs to know of one flag. */
export interface FlagSpec {
  name: string;
  /** A one-letter alias, when the command defines one. */
  char?: string;
  /** False for a boolean flag. */
  takesValue: boolean;
  /** Parsed as a Go `int` (base 0: `10`, `0x1f`, `0o17`, `0b101`). */
  integer: boolean;
}

/** The result of {@link normalizeArgv}. */
export type NormalizedArgv =
  /** `-h`, `-help` or `--help` came before the first positional. */
  | { help: true }
  | {
      help: false;
      /** `--name=value` / `--name` for every flag set, then `--` and the positionals. */
      argv: string[];
      positionals: string[];
      /** Every flag set, by its long name: `true`/`false` for a boolean, the value otherwise (an integer flag's already parsed). */
      values: Record<string, string | number | boolean>;
    };

/**
 * Normalizes `argv` the way Go's `flag.Parse` reads it (wire.md § 4.2), because the argv an agent
 * or the lich-plugin builds was written against the original: `-x` and `--x` alike, `--x=v` or
 * `--x v`, a value that may itself start with `-`, bool flags only as `--x` or `--x=<bool>`,
 * repeated flags where the last wins, and parsing that stops at the first positional — so
 * `lich reply 1a2b "--json is broken"` answers with that text instead of failing on a flag.
 * oclif's parser would parse flags anywhere and read a missing argument from stdin, which is why
 * it never runs; the result spells the flags as `[...flags, '--', ...positionals]`, which can
 * only be read one way.
 *
 * One departure from Go, for text that starts with a dash: the first `--` is the end of the
 * flags wherever it stands (POSIX's guideline 10, and what GNU tools do), so
 * `lich send docs -- "--help me"` hands `docs` the text `--help me`, where Go would have read
 * three positionals and refused the count. Only the first: after it every word is text, a later
 * `--` included, and a `--` the flags already ended at is that first one. A `--` after a
 * positional with no word after it is text, as in Go: it ends nothing.
 *
 * @throws LichError with Go's own wording: `flag provided but not defined: -x` and
 *   `bad flag syntax: …` (both a {@link FlagWordError}), `flag needs an argument: -x`, `invalid value "v" for flag -x: parse error`,
 *   `invalid boolean value "v" for -x: parse error`.
 */
export function normalizeArgv(argv: readonly string[], specs: readonly FlagSpec[]): NormalizedArgv {
  const byName = new Map<string, FlagSpec>();
  for (const spec of specs) {
    byName.set(spec.name, spec);
    if (spec.char) byName.set(spec.char, spec);
  }
  const values = new Map<string, string | number | boolean>();
  let i = 0;
  let ended = false;
  for (; i < argv.length; i++) {
    const s = argv[i];
    if (s.length < 2 || s[0] !== '-') break;
    let minuses = 1;
    if (s[1] === '-') {
      minuses = 2;
      if (s.length === 2) {
        i++;
        ended = true;
        break;
      }
    }
    let name = s.slice(minuses);
    if (name === '' || name[0] === '-' || name[0] === '=') throw new FlagWordError(`bad flag syntax: ${s}`, i);
    let value: string | undefined;
    const eq = name.indexOf('=', 1);
    if (eq !== -1) {
      value = name.slice(eq + 1);
      name = name.slice(0, eq);
    }
    const spec = byName.get(name);
    if (!spec) {
      if (name === 'help' || name === 'h') return { help: true };
      throw new FlagWordError(`flag provided but not defined: -${cutName(name)}`, i);
    }
    if (!spec.takesValue) {
      if (value === undefined) {
        values.set(spec.name, true);
      } else {
        const parsed = parseGoBool(value);
        if (parsed === undefined) throw new LichError(`invalid boolean value ${quoteName(value)} for -${name}: parse error`);
        values.set(spec.name, parsed);
      }
      continue;
    }
    if (value === undefined) {
      if (i + 1 >= argv.length) throw new LichError(`flag needs an argument: -${name}`);
      value = argv[++i];
    }
    if (spec.integer) {
      const parsed = parseGoInt(value);
      if (typeof parsed === 'string') throw new LichError(`invalid value ${quoteName(value)} for flag -${name}: ${parsed}`);
      values.set(spec.name, parsed);
      continue;
    }
    values.set(spec.name, value);
  }
  const out: string[] = [];
  for (const [name, value] of values) {
    if (value === true) out.push(`--${name}`);
    else if (value !== false) out.push(`--${name}=${value}`);
  }
  const positionals = argv.slice(i);
  // The flags ended at a positional, not at `--`: the first `--` after it is still the end of
  // the flags, and not a word of text (see the docstring) — unless it is the last word: a
  // `--` with nothing after it ends nothing, and dropping it would change what was said
  // (`lich reply 1a2b --` would answer ticketless with the text `1a2b`).
  const dashdash = ended ? -1 : positionals.indexOf('--');
  if (dashdash !== -1 && dashdash < positionals.length - 1) positionals.splice(dashdash, 1);
  out.push('--', ...positionals);
  return { help: false, argv: out, positionals, values: Object.fromEntries(values) };
}

// strconv.ParseBool.
function parseGoBool(value: string): boolean | undefined {
  if (['1', 't', 'T', 'TRUE', 'true', 'True'].includes(value)) return true;
  if (['0', 'f', 'F', 'FALSE', 'false', 'False'].includes(value)) return false;
  return undefined;
}

// strconv.ParseInt(s, 0, 64): the number, or Go's error text. An underscore may stand between
// two digits, or between a base prefix (`0x`, `0o`, `0b`, or the `0` of a legacy octal) and a
// digit (underscoreOK): `1_000`, `0x_1f`, `0_7`.
function parseGoInt(value: string): number | string {
  const m = /^([+-]?)(0[xX]_?[0-9a-fA-F](?:_?[0-9a-fA-F])*|0[oO]?_?[0-7](?:_?[0-7])*|0[bB]_?[01](?:_?[01])*|[1-9](?:_?[0-9])*|0)$/.exec(value);
  if (!m) return 'parse error';
  const digits = m[2].replace(/_/g, '');
  let n: bigint;
  if (/^0[xX]/.test(digits)) n = BigInt(digits);
  else if (/^0[bB]/.test(digits)) n = BigInt(digits);
  else if (/^0[oO]/.test(digits)) n = BigInt(`0o${digits.slice(2)}`);
  else if (digits.length > 1 && digits[0] === '0') n = BigInt(`0o${digits.slice(1)}`);
  else n = BigInt(digits);
  if (m[1] === '-') n = -n;
  // Go's int is 64 bits; past 2^53 the number is the nearest double, which no lich flag minds
  // (the one integer flag, --timeout, is capped at 1800).
  if (n > 2n ** 63n - 1n || n < -(2n ** 63n)) return 'value out of range';
  return Number(n);
}

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
 * The static side of a concrete generated command: LichCommand's statics (without its abstract,
 * generic constructor, which no subclass's fixed input type could match) and a constructor.
 */
export type LichCommandClass = Pick<typeof LichCommand, keyof typeof LichCommand> & (new (argv: string[], config: Config) => LichCommand<any>);

/** The explicit command table: command word → class, in help order (generated/cli/commands.ts). */
export type CommandTable = Readonly<Record<string, LichCommandClass>>;

/** What a parse of argv produced, before the operation runs. */
export type ParsedArgv =
  | { help: true }
  | { help: false; args: Record<string, any>; flags: Record<string, any>; argv: string[] };

// oclif's Command constructor and debug logger read only these; its Config.load (plugins,
// package.json, hooks) is never run, because dispatch, help and parsing are lich's own.
const bareConfig = { bin: 'lich', name: 'lich', root: '', pjson: {}, runHook: async () => ({ successes: [], failures: [] }) } as unknown as Config;

// oclif's integer flag's parse function, by which an integer flag is told from a string one. Taken
// on first use, not when this module loads: main.ts imports the exit funnel and the Go-flag reader
// from here, and the bundle of main.ts leaves oclif out only if nothing of it runs on import
// (tools/build.mjs, oclifOutOfTheEntry).
let integerParseOf: unknown;
function integerParse(): unknown {
  return (integerParseOf ??= integerFlag().parse);
}

/** A flag's value kind as Go's `flag.UnquoteUsage` names it in help: `int`, `string`, or `""` for a bool. */
export function flagKind(flag: HelpFlag): string {
  if (flag.type === 'boolean') return '';
  return flag.parse === integerParse() ? 'int' : 'string';
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
   * Parses argv (everything after the command word) with Go flag semantics ({@link normalizeArgv}), over
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
      integer: flag.parse === integerParse(),
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
  return shellQuote(word);
}
