/**
 * The parse step of every `lich` command: argv read the way Go's `flag` package reads it
 * (wire.md § 4.2), over the flags a command declares. oclif's parser never runs: lich's argv is
 * written against the original's flag semantics.
 */
import { LichError } from '@lich/core';
import { cutName, quoteName } from '@lich/core/names';

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
