import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { goQuote, shellQuote } from './quote.js';

describe('goQuote', () => {
  it('quotes plain text as Go %q does', () => {
    expect(goQuote('auth-fix')).toBe('"auth-fix"');
    expect(goQuote('')).toBe('""');
  });

  it('escapes quotes and backslashes', () => {
    expect(goQuote('say "hi" \\o/')).toBe('"say \\"hi\\" \\\\o/"');
  });

  it('uses the short escapes for the usual control characters', () => {
    expect(goQuote('a\nb\tc\rd\u0007\b\f\v')).toBe('"a\\nb\\tc\\rd\\a\\b\\f\\v"');
  });

  it('writes other control characters as \\x, lowercase, where JSON would write \\u00', () => {
    expect(goQuote('\u001b[31m')).toBe('"\\x1b[31m"');
    expect(goQuote('\u0000\u007f')).toBe('"\\x00\\x7f"');
  });

  it('keeps printable non-ASCII runes as they are', () => {
    expect(goQuote('café — 日本 🚀')).toBe('"café — 日本 🚀"');
  });

  it('escapes non-printable runes above ASCII as \\u or \\U', () => {
    expect(goQuote('\u00a0\u2028\ufeff')).toBe('"\\u00a0\\u2028\\ufeff"');
    expect(goQuote('\u{e0001}')).toBe('"\\U000e0001"');
  });

  it('reads a lone surrogate as the replacement character Go would have received', () => {
    expect(goQuote('a\ud800b')).toBe('"a\ufffdb"');
  });

  // Cases carried over from the relay's copy when the three goQuotes became this one.

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

describe('shellQuote', () => {
  it("single-quotes every word, a quote inside spelled '\\''", () => {
    expect(shellQuote('go')).toBe("'go'");
    expect(shellQuote("don't")).toBe("'don'\\''t'");
  });

  it('is read back by /bin/sh as exactly the text, whatever it holds', () => {
    for (const text of ['', "it's", '$HOME `id` "q" \\n !', 'two\nlines\ttab', "''"]) {
      expect(execFileSync('/bin/sh', ['-c', `printf %s ${shellQuote(text)}`], { encoding: 'utf8' })).toBe(text);
    }
  });
});
