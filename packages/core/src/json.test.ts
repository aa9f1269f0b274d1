import { describe, expect, it } from 'vitest';
import { jsonLine } from './json.js';

describe('jsonLine', () => {
  it('prints one compact line without a trailing newline', () => {
    expect(jsonLine({ a: [1, 2], b: 'x' })).toBe('{"a":[1,2],"b":"x"}');
  });

  it('escapes <, > and & as Go json.Encoder does', () => {
    expect(jsonLine({ answer: '<b>a & b</b>' })).toBe('{"answer":"\\u003cb\\u003ea \\u0026 b\\u003c/b\\u003e"}');
    expect(JSON.parse(jsonLine({ answer: '<b>a & b</b>' }))).toEqual({ answer: '<b>a & b</b>' });
  });

  it('escapes the two line separators JavaScript reads as newlines', () => {
    expect(jsonLine('a\u2028b\u2029')).toBe('"a\\u2028b\\u2029"');
  });

  it('prints an empty list as [] and nothing as null', () => {
    expect(jsonLine([])).toBe('[]');
    expect(jsonLine(undefined)).toBe('null');
  });
});
