import { describe, expect, it } from 'vitest';
import { alignPositionals, flagValue, UsageError } from './input.js';

const reply = [
  { field: 'ticket', required: false },
  { field: 'answer', required: true },
];
const replyUsage = 'lich reply [<ticket>] <answer>';

describe('alignPositionals', () => {
  it('reads a lone positional of reply as the answer', () => {
    expect(alignPositionals(['done'], reply, replyUsage)).toEqual({ ticket: '', answer: 'done' });
  });

  it('reads two positionals of reply as ticket and answer', () => {
    expect(alignPositionals(['a1b2c3d4', 'done'], reply, replyUsage)).toEqual({ ticket: 'a1b2c3d4', answer: 'done' });
  });

  it('fills the optional positionals after the required ones left to right (control)', () => {
    const control = [
      { field: 'target', required: true },
      { field: 'action', required: true },
      { field: 'value', required: false },
      { field: 'args', required: false },
    ];
    const usage = 'lich control <session> <action> [<value>] [<args>]';
    expect(alignPositionals(['docs', 'abort'], control, usage)).toEqual({ target: 'docs', action: 'abort', value: '', args: '' });
    expect(alignPositionals(['docs', 'model', 'opus'], control, usage)).toEqual({ target: 'docs', action: 'model', value: 'opus', args: '' });
    expect(alignPositionals(['docs', 'command', 'compact', 'keep it'], control, usage)).toEqual({
      target: 'docs',
      action: 'command',
      value: 'compact',
      args: 'keep it',
    });
    expect(() => alignPositionals(['docs', 'command', 'compact', 'a', 'b'], control, usage)).toThrow(new UsageError(`usage: ${usage}`));
  });

  it('joins every word left into a variadic last positional with single spaces (ask)', () => {
    const ask = [
      { field: 'target', required: true },
      { field: 'question', required: true, variadic: true },
    ];
    const usage = 'lich ask <session> <question...>';
    expect(alignPositionals(['docs', 'what', 'are', 'you', 'doing'], ask, usage)).toEqual({ target: 'docs', question: 'what are you doing' });
    expect(alignPositionals(['docs', 'what  now?'], ask, usage)).toEqual({ target: 'docs', question: 'what  now?' });
    expect(() => alignPositionals(['docs'], ask, usage)).toThrow(new UsageError(`usage: ${usage}`));
  });

  it('fills a trailing optional positional only when it is given', () => {
    const wait = [{ field: 'ticket', required: false }];
    expect(alignPositionals([], wait, 'lich wait [<ticket>]')).toEqual({ ticket: '' });
    expect(alignPositionals(['a1b2c3d4'], wait, 'lich wait [<ticket>]')).toEqual({ ticket: 'a1b2c3d4' });
  });

  it('refuses too few positionals with the one-line spelling', () => {
    expect(() => alignPositionals([], reply, replyUsage)).toThrow(new UsageError('usage: lich reply [<ticket>] <answer>'));
  });

  it('refuses too many positionals, joining a spelling that spans lines', () => {
    const usage = 'lich open [--project <name-or-path>]\n[--json]';
    expect(() => alignPositionals(['x'], [], usage)).toThrow('usage: lich open [--project <name-or-path>] [--json]');
  });

  it('keeps a positional that begins with a dash as it is', () => {
    expect(alignPositionals(['--json', '-x'], reply, replyUsage)).toEqual({ ticket: '--json', answer: '-x' });
  });
});

describe('flagValue', () => {
  it('reads a flag that was not given as its default', () => {
    expect([flagValue('string', undefined), flagValue('integer', undefined), flagValue('boolean', undefined)]).toEqual(['', 0, false]);
  });

  it('reads given flags as they are', () => {
    expect([flagValue('string', 'lich'), flagValue('integer', -5), flagValue('boolean', true)]).toEqual(['lich', -5, true]);
  });
});
