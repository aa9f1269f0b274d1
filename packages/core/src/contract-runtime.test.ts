import { describe, expect, it } from 'vitest';
import { fc, test } from '@fast-check/vitest';
import {
  capSeconds,
  flagArg,
  secondsArg,
  textArg,
  toArgv,
  toInput,
  toolArgv,
} from './contract-runtime';
import { MCP_TOOLS } from '@lich/generated/mcp/tools';

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
  const control = (action: string, value: string, args: string) => ({ target: 'docs', project: '', action, value, args });

  it('keeps an empty optional positional only when a later optional one is written', () => {
    expect(toArgv('control', control('command', '', 'x'))).toEqual(['control', '--', 'docs', 'command', '', 'x']);
    expect(toArgv('control', control('model', '', ''))).toEqual(['control', '--', 'docs', 'model']);
    expect(toArgv('reply', { ticket: '', answer: 'done' })).toEqual(['reply', '--', 'done']);
  });

  it('writes flags first, then --, then positionals', () => {
    expect(toArgv('send', { project: 'lich', timeoutSeconds: 30, private: true, target: 'docs', prompt: '-rf everything' }, { json: false })).toEqual([
      'send',
      '--project=lich',
      '--timeout=30',
      '--private',
      '--',
      'docs',
      '-rf everything',
    ]);
  });

  it('omits default-valued flags and empty optional positionals, and the -- with them', () => {
    expect(toArgv('wait', { ticket: '', timeoutSeconds: 0, noWait: false })).toEqual(['wait']);
  });

  it('writes an empty required positional', () => {
    expect(toArgv('reply', { ticket: '', answer: '' })).toEqual(['reply', '--', '']);
  });

  it('keeps a flag value that begins with a dash attached to its flag', () => {
    const open = { project: '', kind: '', worktree: '', base: '', model: '', effort: '', ultracode: false, folder: '', prompt: '-v please', private: false, subagent: false, resume: '' };
    expect(toArgv('open', open)).toEqual(['open', '--prompt=-v please']);
  });

  it('writes --json from the options, and never for a command without it', () => {
    expect(toArgv('sessions', {}, { json: true })).toEqual(['sessions', '--json']);
    expect(toArgv('reply', { ticket: '', answer: 'done' }, { json: true })).toEqual(['reply', '--', 'done']);
  });
});

describe('toInput', () => {
  const tool = (name: string) => MCP_TOOLS.find((t) => t.name === name)!;

  it('reads every field of the input as its tool says: text, flag, clamped seconds, or its default', () => {
    expect(toInput(tool('open_session'), { project: 5, prompt: 'x', private: 'true', ultracode: 'yes' })).toEqual({
      project: '5',
      kind: '',
      worktree: '',
      base: '',
      model: '',
      effort: '',
      ultracode: false,
      folder: '',
      prompt: 'x',
      private: true,
      subagent: false,
      resume: '',
    });
    expect(toInput(tool('send_to_session'), { session: 'docs', prompt: 'p', timeout_seconds: '600' })).toMatchObject({ target: 'docs', timeoutSeconds: 90 });
  });

  it('reads arguments that are not an object as none', () => {
    expect(toInput(tool('wait_for_answer'), null)).toEqual({ ticket: '', timeoutSeconds: 90, noWait: false });
  });
});

describe('toolArgv', () => {
  const tool = (name: string) => MCP_TOOLS.find((t) => t.name === name)!;

  it('spells a tool call as the command line, its wait capped', () => {
    expect(toolArgv(tool('send_to_session'), { session: 'docs', prompt: '-x', timeout_seconds: 500 }, { json: false, capSeconds: { field: 'timeoutSeconds', max: 60 } })).toEqual([
      'send',
      '--timeout=60',
      '--',
      'docs',
      '-x',
    ]);
    expect(toolArgv(tool('list_sessions'), {}, { json: true })).toEqual(['sessions', '--json']);
  });

  it('refuses a required argument left out, in the words lich mcp uses', () => {
    expect(() => toolArgv(tool('send_to_session'), { session: 'docs' }, { json: false })).toThrow('invalid arguments for send_to_session: prompt is required');
    expect(() => toolArgv(tool('file_session'), {}, { json: false })).toThrow(/^name the folder to file the session under/);
  });
});
