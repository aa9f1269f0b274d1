import { describe, expect, it } from 'vitest';
import { oneLine } from './errors.js';

describe('oneLine', () => {
  it("folds a parser's multi-line message onto one line", () => {
    expect(oneLine('Unexpected token \'g\', "garbage\n" is not valid JSON')).toBe('Unexpected token \'g\', "garbage " is not valid JSON');
    expect(oneLine('[\n  {\r\n    "code": "invalid_union"\n  }\n]\n')).toBe('[ { "code": "invalid_union" } ]');
  });

  it('leaves a one-line message as it is', () => {
    expect(oneLine('reach lich: connection refused')).toBe('reach lich: connection refused');
  });
});
