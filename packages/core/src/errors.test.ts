import { describe, expect, it } from 'vitest';
import { abortError, isAbortError, oneLine } from './errors.js';

describe('oneLine', () => {
  it("folds a parser's multi-line message onto one line", () => {
    expect(oneLine('Unexpected token \'g\', "garbage\n" is not valid JSON')).toBe('Unexpected token \'g\', "garbage " is not valid JSON');
    expect(oneLine('[\n  {\r\n    "code": "invalid_union"\n  }\n]\n')).toBe('[ { "code": "invalid_union" } ]');
  });

  it('leaves a one-line message as it is', () => {
    expect(oneLine('reach lich: connection refused')).toBe('reach lich: connection refused');
  });
});

describe('isAbortError', () => {
  it('knows a cancellation by its kind: the reason of an aborted signal, Node’s ABORT_ERR, and what abortError makes', async () => {
    const c = new AbortController();
    c.abort();
    expect(isAbortError(c.signal.reason)).toBe(true);
    const timers = await import('node:timers/promises');
    const node = await timers.setTimeout(1, null, { signal: c.signal }).catch((e: unknown) => e);
    expect(isAbortError(node)).toBe(true);
    const why = new Error('the user pressed Esc');
    const made = abortError(AbortSignal.abort(why));
    expect(isAbortError(made)).toBe(true);
    expect(made).toMatchObject({ name: 'AbortError', message: 'the call was cancelled', cause: why });
    expect(abortError(c.signal)).toBe(c.signal.reason);
  });

  it('does not take an error that only calls itself AbortError, or a timeout, for a cancellation', () => {
    expect(isAbortError(Object.assign(new Error('x'), { name: 'AbortError' }))).toBe(false);
    expect(isAbortError(new DOMException('t', 'TimeoutError'))).toBe(false);
    expect(isAbortError('AbortError')).toBe(false);
  });
});
