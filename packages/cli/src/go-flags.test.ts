import { describe, expect, it } from 'vitest';
import { FlagWordError, type FlagSpec, normalizeArgv } from './go-flags.js';

const specs: FlagSpec[] = [
  { name: 'project', takesValue: true, integer: false },
  { name: 'timeout', takesValue: true, integer: true },
  { name: 'json', takesValue: false, integer: false },
  { name: 'no-wait', takesValue: false, integer: false },
];

const norm = (...argv: string[]) => normalizeArgv(argv, specs);

describe('normalizeArgv (Go flag semantics, wire.md § 4.2)', () => {
  it('accepts -x and --x, --x=v and --x v', () => {
    expect(norm('-json', '--project', 'lich', '-timeout=5', 'docs')).toEqual({
      help: false,
      argv: ['--json', '--project=lich', '--timeout=5', '--', 'docs'],
      positionals: ['docs'],
      values: { json: true, project: 'lich', timeout: 5 },
    });
  });

  it('stops at the first positional: later flags are positionals', () => {
    expect(norm('docs', '--json', 'is broken')).toMatchObject({ argv: ['--', 'docs', '--json', 'is broken'], positionals: ['docs', '--json', 'is broken'] });
  });

  it('stops at -- and drops it', () => {
    expect(norm('--json', '--', '-x', 'y')).toMatchObject({ argv: ['--json', '--', '-x', 'y'], positionals: ['-x', 'y'] });
  });

  // issue 14, item 6: `lich send docs -- "--help me read this"` was a usage error, the `--`
  // after the session counted as a third positional.
  it('takes the first -- after a positional as the end of the flags too, and drops it', () => {
    expect(norm('docs', '--', '--help me read this')).toMatchObject({ argv: ['--', 'docs', '--help me read this'], positionals: ['docs', '--help me read this'] });
    expect(norm('--json', 'docs', '--', '-x')).toMatchObject({ positionals: ['docs', '-x'] });
  });

  // A trailing `--` was dropped: `lich reply 3acb546a --` answered ticketless with the text
  // `3acb546a`, and `lich send docs --` became a usage error.
  it('keeps a -- after a positional with nothing after it as text, since it ends nothing', () => {
    expect(norm('3acb546a', '--')).toMatchObject({ argv: ['--', '3acb546a', '--'], positionals: ['3acb546a', '--'] });
    expect(norm('--json', 'docs', '--')).toMatchObject({ positionals: ['docs', '--'] });
    expect(norm('--json', '--')).toMatchObject({ positionals: [] });
  });

  it('keeps every -- after the first one as text', () => {
    expect(norm('1a2b', '--', '--')).toMatchObject({ positionals: ['1a2b', '--'] });
    expect(norm('--', 'docs', '--', 'x')).toMatchObject({ positionals: ['docs', '--', 'x'] });
    expect(norm('docs', '--', 'a', '--', 'b')).toMatchObject({ positionals: ['docs', 'a', '--', 'b'] });
  });

  it('says at which word a flag that is none was found', () => {
    for (const [argv, at] of [[['- a bullet'], 0], [['--json', '-42'], 1], [['---x'], 0]] as const) {
      let thrown: unknown;
      try {
        norm(...argv);
      } catch (err) {
        thrown = err;
      }
      expect(thrown).toBeInstanceOf(FlagWordError);
      expect((thrown as FlagWordError).at).toBe(at);
    }
  });

  it('reads a lone - as a positional', () => {
    expect(norm('-')).toMatchObject({ positionals: ['-'] });
  });

  it('lets a value start with a dash', () => {
    expect(norm('--project', '--json')).toMatchObject({ argv: ['--project=--json', '--'], positionals: [] });
  });

  it('keeps the last of repeated flags', () => {
    expect(norm('--project', 'a', '--project', 'b')).toMatchObject({ argv: ['--project=b', '--'] });
  });

  it('reads bool flags as --x or --x=<bool>', () => {
    expect(norm('--json=true')).toMatchObject({ argv: ['--json', '--'] });
    expect(norm('--json=0')).toMatchObject({ argv: ['--'] });
    expect(() => norm('--json=yes')).toThrow('invalid boolean value "yes" for -json: parse error');
  });

  it('parses integers as Go does, base prefixes included', () => {
    expect(norm('--timeout', '0x10')).toMatchObject({ argv: ['--timeout=16', '--'] });
    expect(norm('--timeout=-3')).toMatchObject({ argv: ['--timeout=-3', '--'] });
    expect(() => norm('--timeout', '5s')).toThrow('invalid value "5s" for flag -timeout: parse error');
    expect(() => norm('--timeout', '99999999999999999999')).toThrow('invalid value "99999999999999999999" for flag -timeout: value out of range');
  });

  it('quotes a value or a flag of 100,000 characters cut to the bound a name has (issue 22): one short line', () => {
    const x = 'x'.repeat(100_000);
    const message = (f: () => unknown) => {
      try {
        f();
      } catch (e) {
        return (e as Error).message;
      }
      return 'no refusal';
    };
    expect(message(() => norm('--timeout', x))).toBe(`invalid value "${'x'.repeat(99)}…" for flag -timeout: parse error`);
    expect(message(() => norm(`--json=${x}`))).toBe(`invalid boolean value "${'x'.repeat(99)}…" for -json: parse error`);
    expect(message(() => norm(`--${x}`))).toBe(`flag provided but not defined: -${'x'.repeat(99)}…`);
  });

  it('keeps an empty value', () => {
    expect(norm('--project', '')).toMatchObject({ argv: ['--project=', '--'] });
  });

  it('refuses an unknown flag, naming it the way Go does', () => {
    expect(() => norm('--bogus')).toThrow('flag provided but not defined: -bogus');
    expect(() => norm('-x=1')).toThrow('flag provided but not defined: -x');
  });

  it('refuses a value flag with nothing after it', () => {
    expect(() => norm('--project')).toThrow('flag needs an argument: -project');
  });

  it('refuses bad flag syntax', () => {
    expect(() => norm('---json')).toThrow('bad flag syntax: ---json');
    expect(() => norm('-=x')).toThrow('bad flag syntax: -=x');
  });

  it('asks for help on -h, -help and --help before the first positional only', () => {
    expect(norm('-h')).toEqual({ help: true });
    expect(norm('--json', '--help')).toEqual({ help: true });
    expect(norm('docs', '--help')).toMatchObject({ help: false, positionals: ['docs', '--help'] });
  });
});
