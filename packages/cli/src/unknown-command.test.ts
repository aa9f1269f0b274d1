import { describe, expect, it } from 'vitest';
import { unknownCommandText } from './unknown-command.js';

const names = ['sessions', 'whoami', 'send', 'wait', 'reply', 'open', 'close', 'quit', 'version', 'help', 'mcp'];

describe('unknownCommandText (wire.md § 4.1)', () => {
  it('guesses the command a typo resembles', () => {
    expect(unknownCommandText('sesions', names)).toBe('unknown command "sesions" — did you mean "sessions"?\nRun `lich help` for the list.');
  });

  it('takes the first name in table order among equally close ones', () => {
    expect(unknownCommandText('sand', names)).toContain('did you mean "send"?');
    expect(unknownCommandText('wxit', ['wait', 'wxis'])).toContain('did you mean "wait"?');
  });

  it('guesses within three edits and no further', () => {
    expect(unknownCommandText('opxxx', names)).toContain('did you mean "open"?');
    expect(unknownCommandText('zzzzzzzz', names)).toBe('unknown command "zzzzzzzz"\nRun `lich help` for the list.');
  });

  it('quotes the word as Go %q does', () => {
    expect(unknownCommandText('a"\u001b', [])).toBe('unknown command "a\\"\\x1b"\nRun `lich help` for the list.');
  });

  it('quotes a word of 100,000 characters cut to the bound a name has (issue 22)', () => {
    expect(unknownCommandText('x'.repeat(100_000), names)).toBe(`unknown command "${'x'.repeat(99)}…"\nRun \`lich help\` for the list.`);
  });
});
