import { describe, expect, it } from 'vitest';
import { goQuote } from './quote.js';

describe('goQuote', () => {
  it('wraps plain text in double quotes', () => {
    expect(goQuote('docs')).toBe('"docs"');
    expect(goQuote('')).toBe('""');
  });

  it('escapes a double quote and a backslash', () => {
    expect(goQuote('a"b\\c')).toBe('"a\\"b\\\\c"');
  });

  it('uses the short escapes Go uses for the named control characters', () => {
    expect(goQuote('\x07\b\f\n\r\t\v')).toBe('"\\a\\b\\f\\n\\r\\t\\v"');
  });

  it('writes other ASCII control characters and DEL as \\x escapes', () => {
    expect(goQuote('\x00\x1b\x7f')).toBe('"\\x00\\x1b\\x7f"');
  });

  it('keeps printable non-ASCII as it is', () => {
    expect(goQuote('café — ünïcode 日本 🙂')).toBe('"café — ünïcode 日本 🙂"');
  });

  it('escapes non-printable runes as \\u, and beyond the BMP as \\U', () => {
    expect(goQuote('\u00a0\u2028\u00ad')).toBe('"\\u00a0\\u2028\\u00ad"');
    expect(goQuote('\u{e0001}')).toBe('"\\U000e0001"');
  });

  it('keeps the ASCII space but escapes other spaces', () => {
    expect(goQuote('a b\u3000c')).toBe('"a b\\u3000c"');
  });
});
