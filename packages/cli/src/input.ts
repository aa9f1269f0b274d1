/**
 * The input step of every `lich` command: its command line, read with Go `flag` semantics
 * (go-flags.ts), becomes the operation's input through the command's declaration
 * (generated/cli/commands.ts, `input`): the positionals aligned to the fields they spell
 * ({@link alignPositionals}), each flag's value to its field, a flag not given as `""`, `0` or
 * `false`. Nothing here runs an operation; lich-command.ts does, with what {@link readCommandLine}
 * returns.
 */
import { goQuote, LichError } from '@lich/core';
import { shellQuote } from '@lich/core/quote';
import type { CommandDeclaration, FlagKind } from '@lich/generated/cli/commands';
import { type FlagSpec, FlagWordError, normalizeArgv } from './go-flags.js';

/**
 * A command line whose positionals do not fit the command's spelling. Its message is
 * `usage: <one-line spelling>`, which the CLI prints as `lich: usage: …` and exits 1 on
 * (wire.md § 4.2, "Wrong positional count").
 */
export class UsageError extends LichError {}

/** One positional of a command, in spelling order (the declaration's `input.positionals`). */
export interface PositionalSpec {
  /** The operation input field it fills. */
  readonly field: string;
  /** Whether the command line must carry it. */
  readonly required: boolean;
  /** The last positional takes every remaining word, joined by single spaces (`ask <session> <question...>`). */
  readonly variadic?: boolean;
}

/**
 * Assigns the positionals of a command line to the input fields they spell.
 *
 * Optional positionals are filled left to right with whatever the required ones leave over, so
 * `reply [<ticket>] <answer>` reads one word as the answer and two as ticket and answer, and
 * `wait [<ticket>]` reads none or one. An optional positional left unfilled is `""`. A variadic
 * last positional takes every word left, joined by single spaces (`ask <session> <question...>`).
 *
 * @param argv the positionals as the CLI read them with Go flag semantics (everything after `--` included), in order.
 * @param specs the command's positionals in spelling order.
 * @param usage the command's spelling (its declaration's `usage`); continuation lines are joined with spaces.
 * @returns field → value, one entry per spec.
 * @throws {UsageError} `usage: <spelling>` when there are fewer positionals than required ones,
 *   or more than the command spells.
 */
export function alignPositionals(argv: readonly unknown[], specs: readonly PositionalSpec[], usage: string): Record<string, string> {
  const required = specs.filter((spec) => spec.required).length;
  const variadic = specs.length > 0 && specs[specs.length - 1]!.variadic === true;
  if (argv.length < required || (!variadic && argv.length > specs.length)) {
    throw new UsageError(`usage: ${usage.replace(/\s+/g, ' ').trim()}`);
  }
  let spare = Math.min(argv.length, specs.length) - required;
  let next = 0;
  const fields: Record<string, string> = {};
  specs.forEach((spec, i) => {
    if (variadic && i === specs.length - 1) {
      fields[spec.field] = argv.slice(next).map(String).join(' ');
      return;
    }
    const taken = spec.required || spare > 0;
    if (!spec.required && taken) spare--;
    fields[spec.field] = taken ? String(argv[next++]) : '';
  });
  return fields;
}

/**
 * A flag's value as the operation input takes it, from what {@link normalizeArgv} read (`value`
 * is undefined for a flag not given): a string flag's text or `""`; an integer flag's number
 * (normalizeArgv refuses a non-integer) or `0`; a bool flag's `true` or `false`.
 */
export function flagValue(kind: FlagKind, value: unknown): string | number | boolean {
  switch (kind) {
    case 'string':
      return typeof value === 'string' ? value : '';
    case 'integer':
      return typeof value === 'number' && Number.isFinite(value) ? Math.trunc(value) : 0;
    case 'boolean':
      return value === true;
  }
}

/** What a command line asks for: the command's help, or its operation with this input. */
export type CommandLine =
  | { help: true }
  | {
      help: false;
      /** The operation input: every field of it, filled. */
      input: Record<string, unknown>;
      /** Whether the output prints as one JSON line (`--json`, for a command that takes it). */
      json: boolean;
    };

/**
 * Reads `argv` (everything after the command word) as `command`'s command line, with Go flag
 * semantics ({@link normalizeArgv}) over the flags the command declares, into the operation's
 * input. The values are taken from that one reading: oclif's parser would refuse a value that
 * spells one of the command's flags (`--project=--json`), move a positional that is literally
 * `--`, and read a missing argument from a piped stdin, and any of those would hand the
 * operation a different input than the MCP tool and the opencode wrapper give for the same
 * arguments.
 *
 * @throws LichError — every parse failure, worded for the `lich:` line (Go's own wording, see
 *   {@link normalizeArgv}); {@link UsageError} for a positional count the spelling refuses.
 */
export function readCommandLine(command: CommandDeclaration<any>, argv: readonly string[]): CommandLine {
  const flags = Object.entries(command.input.flags);
  const specs: FlagSpec[] = flags.map(([name, flag]) => ({ name, takesValue: flag.kind !== 'boolean', integer: flag.kind === 'integer' }));
  let read: ReturnType<typeof normalizeArgv>;
  try {
    read = normalizeArgv(argv, specs);
  } catch (error) {
    throw error instanceof FlagWordError ? textHint(command, error, argv) : error;
  }
  if (read.help) return { help: true };
  const input: Record<string, unknown> = alignPositionals(read.positionals, command.input.positionals, command.usage);
  for (const [name, flag] of flags) {
    if (flag.field !== undefined) input[flag.field] = flagValue(flag.kind, read.values[name]);
  }
  return { help: false, input, json: command.json && read.values.json === true };
}

/**
 * Parses `argv` into `command`'s operation input without running anything: what the
 * surface-parity property test compares against the MCP mapping.
 *
 * @throws LichError for a parse or usage failure, and for `--help`.
 */
export async function parseInput(command: CommandDeclaration<any>, argv: readonly string[]): Promise<Record<string, unknown>> {
  const line = readCommandLine(command, argv);
  if (line.help) throw new LichError('--help asks for help, not for an operation');
  return line.input;
}

/**
 * Go's refusal of a word that is no flag, with the retry that passes it as text when the word
 * reads as text (`lich reply "- a bullet"`: an answer, not a flag) and this command takes any:
 * the same argv with `--` before that word. A word spelled like a flag (`--bogus`, `-x=1`) is
 * a mistyped flag and keeps Go's line alone, as does a command that takes no positional.
 */
function textHint(command: CommandDeclaration<any>, error: FlagWordError, argv: readonly string[]): LichError {
  if (command.input.positionals.length === 0) return error;
  const word = argv[error.at] ?? '';
  const name = word.replace(/^--?/, '').split('=', 1)[0]!;
  if (!error.message.startsWith('bad flag syntax') && /^[A-Za-z][A-Za-z0-9_-]*$/.test(name)) return error;
  const retry = ['lich', command.command, ...argv.slice(0, error.at), '--', ...argv.slice(error.at)].map(shellWord).join(' ');
  return new LichError(`${error.message} — text that starts with a dash goes after --, as in: ${retry}`);
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
