// Properties of the Go-flag normalizer (wire.md § 4.2) over arbitrary argv: it never throws
// anything but a one-line LichError in Go's own words, it stops at the first positional and
// hands the rest over verbatim, every value it keeps has its flag's type, and reading its own
// output again gives the same flags and positionals.
import { describe, expect } from 'vitest';
import { fc, it } from '@fast-check/vitest';
import { LichError } from '@lich/core';
import { normalizeArgv, type FlagSpec, type NormalizedArgv } from './go-flags.js';

const SPECS: FlagSpec[] = [
  { name: 'json', takesValue: false, integer: false },
  { name: 'private', char: 'p', takesValue: false, integer: false },
  { name: 'timeout', takesValue: true, integer: true },
  { name: 'project', takesValue: true, integer: false },
];
const byName = new Map(SPECS.flatMap((s) => [[s.name, s], ...(s.char ? [[s.char, s] as const] : [])]));

/** Go's flag-package refusals (wire.md § 4.2), each on one line. */
const GO_ERRORS = [
  /^flag provided but not defined: -.*$/s,
  /^flag needs an argument: -(timeout|project)$/,
  /^bad flag syntax: -.*$/s,
  /^invalid value ".*" for flag -timeout: (parse error|value out of range)$/s,
  /^invalid boolean value ".*" for -(json|private|p): parse error$/s,
];

/** Tokens an agent's argv is made of: flags of every spelling, near-misses, values and words. */
const token = fc.oneof(
  fc.constantFrom('--json', '-json', '--json=true', '-json=0', '--json=maybe', '--private', '-p', '-p=F', '--timeout', '-timeout', '--timeout=5',
    '--timeout=0x1f', '--timeout=-3', '--timeout=1.5', '--timeout=99999999999999999999', '--project', '--project=', '-project=a=b',
    '--', '-', '---x', '-=x', '--bogus', '-h', '--help', 'help', '5', '-5', 'sink', '', ' '),
  fc.string({ maxLength: 12 }),
  fc.string({ unit: 'grapheme', maxLength: 6 }).map((s) => `-${s}`),
  fc.string({ unit: 'grapheme', maxLength: 6 }).map((s) => `--${s}`),
);
const argvArb = fc.array(token, { maxLength: 10 });

const eq = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((x, k) => x === b[k]);

type Outcome = { err: unknown; ok?: undefined } | { err?: undefined; ok: NormalizedArgv };

function normalize(argv: string[]): Outcome {
  try {
    return { ok: normalizeArgv(argv, SPECS) };
  } catch (err) {
    return { err };
  }
}

/** The normalized argv when it is one (not a refusal, not a request for help). */
function flagsOf(argv: string[]): Extract<NormalizedArgv, { help: false }> | undefined {
  const r = normalize(argv);
  return r.ok && !r.ok.help ? r.ok : undefined;
}

describe('normalizeArgv over arbitrary argv', () => {
  it.prop([argvArb], { numRuns: 400 })('throws only a LichError, one line in one of Go flag’s wordings', (argv) => {
    const r = normalize(argv);
    if (r.ok === undefined) {
      expect(r.err).toBeInstanceOf(LichError);
      const message = (r.err as LichError).message;
      expect(GO_ERRORS.some((re) => re.test(message))).toBe(true);
    }
  });

  it.prop([argvArb], { numRuns: 400 })('stops at the first positional and hands the rest over verbatim, less the first -- that ends something', (argv) => {
    const r = flagsOf(argv);
    if (!r) return;
    const { positionals, argv: out } = r;
    expect(out.slice(out.length - positionals.length - 1)).toEqual(['--', ...positionals]);
    const n = positionals.length;
    const flagLike = (w: string | undefined) => w !== undefined && w.length >= 2 && w[0] === '-';
    const plain = argv.slice(argv.length - n);
    // The flags ended at `--`: everything after it, verbatim, a later `--` included.
    const atDashDash = argv[argv.length - n - 1] === '--' && eq(plain, positionals);
    // They ended at a positional, and the first `--` after it was the end of the flags too.
    const tail = argv.slice(argv.length - n - 1);
    const i = tail.indexOf('--');
    const atDelimiter = i > 0 && !flagLike(tail[0]) && eq([...tail.slice(0, i), ...tail.slice(i + 1)], positionals);
    // They ended at a positional, with no `--` after it but perhaps a last word `--`, which ends nothing.
    const dashdash = plain.indexOf('--');
    const atPositional = (dashdash === -1 || dashdash === plain.length - 1) && eq(plain, positionals) && !flagLike(plain[0]);
    expect(atDashDash || atDelimiter || atPositional).toBe(true);
  });

  it.prop([argvArb], { numRuns: 400 })('keeps every value in its flag’s type, under its long name', (argv) => {
    const r = flagsOf(argv);
    if (!r) return;
    for (const [name, v] of Object.entries(r.values)) {
      const spec = byName.get(name);
      expect(spec?.name).toBe(name);
      if (!spec!.takesValue) expect(typeof v).toBe('boolean');
      else if (spec!.integer) expect(Number.isInteger(v)).toBe(true);
      else expect(typeof v).toBe('string');
    }
  });

  it.prop([argvArb], { numRuns: 400 })('reads its own output back as the same flags and positionals', (argv) => {
    const r = flagsOf(argv);
    if (!r) return;
    const again = normalizeArgv(r.argv, SPECS);
    expect(again.help).toBe(false);
    if (again.help) return;
    const set = (v: Record<string, unknown>) => Object.fromEntries(Object.entries(v).filter(([, x]) => x !== false));
    expect(again.positionals).toEqual(r.positionals);
    expect(set(again.values)).toEqual(set(r.values));
    expect(again.argv).toEqual(r.argv);
  });

  it.prop([fc.bigInt({ min: -(2n ** 63n), max: 2n ** 63n - 1n }), fc.constantFrom(10, 16, 8, 2, 0), fc.array(fc.boolean(), { maxLength: 70 })], { numRuns: 300 })(
    'reads an int64 in every base Go reads, underscores between digits included, and nothing past int64',
    (n, base, unders) => {
      const abs = n < 0n ? -n : n;
      const prefix = { 10: '', 16: '0x', 8: '0o', 2: '0b', 0: '0' }[base]!;
      const digits = abs.toString(base === 0 ? 8 : base);
      // Go's underscoreOK: one underscore at most between a prefix or a digit and the next digit.
      const spelled = [...digits].map((d, i) => (unders[i] && (i > 0 || (prefix !== '' && !(base === 0 && digits === '0'))) ? `_${d}` : d)).join('');
      const value = `${n < 0n ? '-' : ''}${base === 0 && digits === '0' ? '0' : prefix}${spelled}`;
      const r = normalizeArgv([`--timeout=${value}`], SPECS);
      expect(r.help ? undefined : r.values.timeout).toBe(Number(n));
      expect(() => normalizeArgv([`--timeout=${abs + 2n ** 63n}`], SPECS)).toThrow('value out of range');
    },
  );

  it.prop([fc.array(fc.string().filter((s) => s.length < 2 || s[0] !== '-'), { maxLength: 6 })], { numRuns: 200 })(
    'takes argv with no flag in it as positionals alone',
    (argv) => {
      expect(normalizeArgv(argv, SPECS)).toEqual({ help: false, argv: ['--', ...argv], positionals: argv, values: {} });
    },
  );
});
