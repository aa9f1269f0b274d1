import { describe, expect, it } from 'vitest';
import {
  ASK_WAIT_SECONDS,
  COMMAND_WAIT_SECONDS,
  CONTROL_ACTIONS,
  CONTROL_WAIT_SECONDS,
  EFFORT_LEVELS,
  QUESTION_LIMIT,
  askRefusal,
  commandName,
  controlRefusal,
  controlWaitSeconds,
  isControlAction,
} from './control.js';

const refusal = (action: string, value = '', args = '') => controlRefusal({ action, value, args });

describe('controlRefusal', () => {
  it('takes every action in the shape spec/cli.md gives it', () => {
    expect(refusal('prompt', 'run the tests again')).toBeUndefined();
    expect(refusal('abort')).toBeUndefined();
    expect(refusal('model')).toBeUndefined();
    expect(refusal('model', 'claude-opus-4-1')).toBeUndefined();
    expect(refusal('effort')).toBeUndefined();
    expect(refusal('effort', 'high')).toBeUndefined();
    expect(refusal('command', 'compact', 'keep the test plan')).toBeUndefined();
    expect(refusal('command', '/clear')).toBeUndefined();
  });

  it('refuses an unknown action in wire.md § 11.2 words, quoting it the Go way', () => {
    expect(refusal('type', 'x')).toBe('"type" is not something lich control does: the actions are prompt, abort, model, effort and command');
    expect(refusal('Prompt', 'x')).toBe('"Prompt" is not something lich control does: the actions are prompt, abort, model, effort and command');
    expect(refusal('a"b\x1b')).toBe('"a\\"b\\x1b" is not something lich control does: the actions are prompt, abort, model, effort and command');
    // Quoted no longer than a name may be (issue 22).
    expect(refusal('d'.repeat(100_000))).toBe(`"${'d'.repeat(99)}…" is not something lich control does: the actions are prompt, abort, model, effort and command`);
  });

  it('refuses a blank prompt', () => {
    expect(refusal('prompt')).toBe('a prompt needs its text, and none was given');
    expect(refusal('prompt', ' \n\t')).toBe('a prompt needs its text, and none was given');
  });

  it('refuses an abort carrying anything', () => {
    expect(refusal('abort', 'now')).toBe('an abort takes nothing after it');
    expect(refusal('abort', '', 'x')).toBe('an abort takes nothing after it');
  });

  it('refuses arguments on every action but command, naming the action', () => {
    expect(refusal('prompt', 'go', 'x')).toBe('only a command takes arguments, and prompt does not');
    expect(refusal('model', 'opus', 'x')).toBe('only a command takes arguments, and model does not');
    expect(refusal('effort', 'high', 'x')).toBe('only a command takes arguments, and effort does not');
  });

  it('refuses a command with no name, a lone slash included', () => {
    expect(refusal('command')).toBe('a command needs its name, and none was given');
    expect(refusal('command', '/')).toBe('a command needs its name, and none was given');
    expect(refusal('command', '  ', 'args')).toBe('a command needs its name, and none was given');
  });

  it('refuses /model and /effort as commands, with or without the slash', () => {
    const model =
      '/model is refused as a command: Claude Code saves what it sets as the default for every new session. The model action changes this session only';
    expect(refusal('command', '/model')).toBe(model);
    expect(refusal('command', 'model', 'opus')).toBe(model);
    expect(refusal('command', 'Model')).toBe(model);
    expect(refusal('command', 'effort')).toBe(
      '/effort is refused as a command: Claude Code saves what it sets as the default for every new session. The effort action changes this session only',
    );
    expect(refusal('command', 'models')).toBeUndefined();
  });

  it('leaves an effort level it does not know to the mod', () => {
    expect(refusal('effort', 'extreme')).toBeUndefined();
  });
});

describe('commandName', () => {
  it('strips one leading slash and the surrounding blanks', () => {
    expect(commandName('/compact')).toBe('compact');
    expect(commandName('compact')).toBe('compact');
    expect(commandName(' /compact ')).toBe('compact');
    expect(commandName('//x')).toBe('/x');
    expect(commandName('/')).toBe('');
  });
});

describe('askRefusal', () => {
  it('takes a question up to 8192 bytes', () => {
    expect(askRefusal('what are you working on')).toBeUndefined();
    expect(askRefusal('x'.repeat(QUESTION_LIMIT))).toBeUndefined();
  });

  it('refuses a blank question', () => {
    expect(askRefusal('')).toBe('a question needs its text, and none was given');
    expect(askRefusal(' \n')).toBe('a question needs its text, and none was given');
  });

  it('refuses a question over 8192 bytes, counting UTF-8 bytes', () => {
    expect(askRefusal('x'.repeat(8193))).toBe('question is 8193 bytes, over the 8192 limit: ask it in fewer words');
    expect(askRefusal('é'.repeat(4097))).toBe('question is 8194 bytes, over the 8192 limit: ask it in fewer words');
  });
});

describe('the constants', () => {
  it('are the spec values: five actions, five effort levels, waits of 10, 60 and 90 seconds', () => {
    expect(CONTROL_ACTIONS).toEqual(['prompt', 'abort', 'model', 'effort', 'command']);
    expect(EFFORT_LEVELS).toEqual(['low', 'medium', 'high', 'xhigh', 'max']);
    expect([CONTROL_WAIT_SECONDS, COMMAND_WAIT_SECONDS, ASK_WAIT_SECONDS]).toEqual([10, 60, 90]);
    expect(controlWaitSeconds('command')).toBe(60);
    expect(controlWaitSeconds('abort')).toBe(10);
    expect(isControlAction('ask')).toBe(false);
  });
});
