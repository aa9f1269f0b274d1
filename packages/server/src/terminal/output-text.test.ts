import { describe, expect, it } from 'vitest';
import { LAST_LINE_LIMIT, lastLine } from './output-text.js';

describe('lastLine', () => {
  it('gives the last line a program printed, without its escapes', () => {
    // Claude Code 2.1.328 as root, asked to skip permissions without IS_SANDBOX=1.
    expect(lastLine('\x1b7\x1b[r\x1b8\x1b[?25h--dangerously-skip-permissions cannot be used with root/sudo privileges for security reasons\r\n')).toBe(
      '--dangerously-skip-permissions cannot be used with root/sudo privileges for security reasons',
    );
    expect(lastLine('\x1b]0;✳ Claude Code\x07\x1b[31mError:\x1b[0m nested session\r\n\r\n  \r\n')).toBe('Error: nested session');
  });

  it('takes a carriage return as a new line, and drops control characters', () => {
    expect(lastLine('loading 10%\rloading 90%\rfailed: \x07no model\n')).toBe('failed: no model');
  });

  it('is empty when nothing printable was written, and cut at its limit', () => {
    expect(lastLine('\x1b[?2004h\x1b[6n\x1b[?1049h')).toBe('');
    expect(lastLine('x'.repeat(500))).toHaveLength(LAST_LINE_LIMIT);
  });
});
