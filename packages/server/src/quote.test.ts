import { describe, expect, it } from 'vitest';
import { goQuote } from './quote.js';

describe('goQuote', () => {
  it('quotes plain text the way Go %q does', () => {
    expect(goQuote('auth-fix')).toBe('"auth-fix"');
    expect(goQuote('the login bug')).toBe('"the login bug"');
  });
  it('escapes quotes, backslashes and control characters', () => {
    expect(goQuote('a"b\\c\n\t\x01\x7f')).toBe('"a\\"b\\\\c\\n\\t\\x01\\x7f"');
  });
  it('keeps printable non-ASCII and escapes non-printable runes', () => {
    expect(goQuote('sessão 日本')).toBe('"sessão 日本"');
    expect(goQuote('a\u00a0b\u0085')).toBe('"a\\u00a0b\\u0085"');
  });
});
