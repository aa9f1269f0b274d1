import { describe, expect, it } from 'vitest';
import { fc, test } from '@fast-check/vitest';
import {
  capSeconds,
  count,
  firstOutcome,
  flagArg,
  hasProp,
  isType,
  jsonEqual,
  prop,
  secondsArg,
  textArg,
  toArgv,
} from './contract-runtime';

describe('MCP argument leniency (wire.md § 10.1)', () => {
  it('spells out a non-string text argument', () => {
    expect([textArg(undefined), textArg(null), textArg(5), textArg(true), textArg('x')]).toEqual(['', '', '5', 'true', 'x']);
  });

  it('reads only true and the string "true" as a set flag', () => {
    expect([flagArg(true), flagArg('true'), flagArg('TRUE'), flagArg(1), flagArg(undefined)]).toEqual([
      true,
      true,
      false,
      false,
      false,
    ]);
  });

  const clamp = { max: 90, default: 90 };

  it('clamps seconds: missing, non-positive or above 90 becomes 90', () => {
    expect([secondsArg(undefined, clamp), secondsArg(0, clamp), secondsArg(-3, clamp), secondsArg(600, clamp)]).toEqual([
      90, 90, 90, 90,
    ]);
  });

  it('takes seconds as a number or a numeric string, in whole seconds', () => {
    expect([secondsArg(30, clamp), secondsArg('45', clamp), secondsArg(12.9, clamp), secondsArg('soon', clamp)]).toEqual([
      30, 45, 12, 90,
    ]);
  });

  test.prop([fc.anything()])('never returns seconds outside 1..max', (value) => {
    const seconds = secondsArg(value, clamp);
    expect(Number.isInteger(seconds) && seconds >= 1 && seconds <= 90).toBe(true);
  });
});

describe('capSeconds', () => {
  it('caps a long or default wait at the bound and keeps a short one', () => {
    const input = { ticket: '', timeoutSeconds: 0, noWait: false };
    expect(capSeconds(input, 'timeoutSeconds', 90)).toEqual({ ticket: '', timeoutSeconds: 90, noWait: false });
    expect(capSeconds({ ...input, timeoutSeconds: 1800 }, 'timeoutSeconds', 90).timeoutSeconds).toBe(90);
    expect(capSeconds({ ...input, timeoutSeconds: 20 }, 'timeoutSeconds', 90).timeoutSeconds).toBe(20);
    expect(input.timeoutSeconds).toBe(0);
  });
});

describe('toArgv', () => {
  it('keeps an empty optional positional only when a later optional one is written', () => {
    expect(toArgv('control', [], [['docs', true], ['command', true], ['', false], ['x', false]])).toEqual(['control', '--', 'docs', 'command', '', 'x']);
    expect(toArgv('control', [], [['docs', true], ['model', true], ['', false], ['', false]])).toEqual(['control', '--', 'docs', 'model']);
    expect(toArgv('reply', [], [['', false], ['done', true]])).toEqual(['reply', '--', 'done']);
  });

  it('writes flags first, then --, then positionals', () => {
    expect(
      toArgv(
        'send',
        [
          ['--project', 'lich'],
          ['--timeout', 30],
          ['--private', true],
          ['--json', false],
        ],
        [
          ['docs', true],
          ['-rf everything', true],
        ],
      ),
    ).toEqual(['send', '--project=lich', '--timeout=30', '--private', '--', 'docs', '-rf everything']);
  });

  it('omits default-valued flags and empty optional positionals, and the -- with them', () => {
    expect(toArgv('wait', [['--timeout', 0], ['--no-wait', false]], [['', false]])).toEqual(['wait']);
  });

  it('writes an empty required positional', () => {
    expect(toArgv('reply', [], [['', false], ['', true]])).toEqual(['reply', '--', '']);
  });

  it('keeps a flag value that begins with a dash attached to its flag', () => {
    expect(toArgv('open', [['--prompt', '-v please']], [])).toEqual(['open', '--prompt=-v please']);
  });
});

describe('outcome predicates', () => {
  it('picks the first outcome whose predicate holds', () => {
    const table = [
      { when: (o: unknown) => prop(o, 'status') === 'answered', exit: 0 as const },
      { when: () => true, exit: 3 as const },
    ];
    expect(firstOutcome(table, { status: 'answered' })).toBe(0);
    expect(firstOutcome(table, { status: 'expired' })).toBe(3);
  });

  it('fails loudly when a table has no case for the output', () => {
    expect(() => firstOutcome([], {})).toThrow(/unconditional/);
  });

  it('tests JSON Schema types the way JSON Schema does', () => {
    expect([isType({}, 'object'), isType([], 'object'), isType(null, 'object'), isType(2, 'integer'), isType(2.5, 'integer')]).toEqual([
      true,
      false,
      false,
      true,
      false,
    ]);
  });

  it('reads own properties only', () => {
    expect([hasProp({ a: 1 }, 'a'), hasProp({}, 'toString'), prop({ a: 1 }, 'a'), prop([1], '0')]).toEqual([true, false, 1, undefined]);
  });

  it('counts arrays and nothing else', () => {
    expect([count([1, 2]), count('ab'), count(undefined)]).toEqual([2, -1, -1]);
  });

  it('compares JSON values deeply', () => {
    expect(jsonEqual({ a: [1, { b: 2 }] }, { a: [1, { b: 2 }] })).toBe(true);
    expect(jsonEqual({ a: 1 }, { a: 1, b: 2 })).toBe(false);
    expect(jsonEqual([1], { 0: 1 })).toBe(false);
  });
});
