import { describe, expect, it } from 'vitest';
import { RelayError } from './errors.js';
import { answerLimit, asked, capAnswer, checkPrompt, cutBytes, sanitize } from './text.js';

describe('sanitize', () => {
  it('drops every control character but newline and tab, and DEL', () => {
    expect(sanitize('a\x1b[31mb\r\nc\td\x00e\x7ff')).toBe('a[31mb\nc\tdef');
  });
});

describe('checkPrompt', () => {
  it('returns the sanitised prompt', () => {
    expect(checkPrompt('run\x1b the tests\r')).toBe('run the tests');
  });

  it('refuses a blank prompt', () => {
    expect(() => checkPrompt(' \n\t\x1b ')).toThrow(new RelayError('nothing to send: the prompt is empty'));
  });

  it('accepts a prompt of exactly 8192 bytes', () => {
    expect(checkPrompt('x'.repeat(8192))).toHaveLength(8192);
  });

  it('refuses a prompt over 8192 bytes, counting bytes after sanitising', () => {
    expect(() => checkPrompt('é'.repeat(4097))).toThrow(
      'prompt is 8194 bytes, over the 8192 limit: name the paths to read instead of pasting their contents',
    );
    // Control characters do not count: they are gone before the limit is applied.
    expect(checkPrompt('x'.repeat(8192) + '\x1b\x1b')).toHaveLength(8192);
  });
});

describe('capAnswer', () => {
  it('cuts an answer over 64 KiB instead of refusing it', () => {
    expect(Buffer.byteLength(capAnswer('y'.repeat(answerLimit + 10)))).toBe(answerLimit);
  });

  it('never splits a UTF-8 sequence at the cut', () => {
    // 2 + 3k bytes: the 65536th byte falls inside a three-byte character, which is dropped whole.
    const cut = capAnswer('yy' + '日'.repeat(answerLimit));
    expect(Buffer.byteLength(cut)).toBe(answerLimit - 2);
    expect(cut.endsWith('日')).toBe(true);
    expect(cut).not.toContain('\ufffd');
  });

  it('sanitises before cutting', () => {
    expect(capAnswer('done\x1b\r')).toBe('done');
  });
});

describe('cutBytes', () => {
  it('leaves a short text alone', () => {
    expect(cutBytes('abc', 3)).toBe('abc');
  });
  it('backs off to the start of a four-byte character', () => {
    expect(cutBytes('a🙂', 4)).toBe('a');
  });
});

describe('asked', () => {
  it('collapses whitespace and keeps a short prompt whole', () => {
    expect(asked('  run the\n\ttests   and report ')).toBe('run the tests and report');
  });

  it('keeps the first 72 bytes and marks the cut', () => {
    const long = 'word '.repeat(40);
    const a = asked(long);
    expect(a.endsWith('…')).toBe(true);
    expect(Buffer.byteLength(a.slice(0, -1))).toBe(72);
  });

  it('does not mark a prompt of exactly 72 bytes', () => {
    expect(asked('z'.repeat(72))).toBe('z'.repeat(72));
  });
});
