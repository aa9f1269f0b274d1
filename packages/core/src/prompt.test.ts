import { describe, expect, it } from 'vitest';
import { PROMPT_LIMIT, promptRefusal, sanitizeText } from './prompt.js';

describe('promptRefusal', () => {
  it('takes a prompt of exactly 8192 bytes', () => {
    expect(promptRefusal('x'.repeat(PROMPT_LIMIT))).toBeNull();
  });

  it('refuses a prompt over 8192 bytes, counting UTF-8 bytes, in the relay\'s words', () => {
    expect(promptRefusal('é'.repeat(4097))).toBe(
      'prompt is 8194 bytes, over the 8192 limit: name the paths to read instead of pasting their contents',
    );
  });

  it('counts the bytes after dropping control characters, DEL included, but not newlines and tabs', () => {
    expect(sanitizeText('a\x00b\x1b[31mc\x7fd\ne\tf\rg')).toBe('ab[31mcd\ne\tfg');
    expect(promptRefusal(`${'x'.repeat(PROMPT_LIMIT)}\x1b\x07\x7f`)).toBeNull();
    expect(promptRefusal(`${'x'.repeat(PROMPT_LIMIT - 1)}\n\n`)).toMatch(/^prompt is 8193 bytes/);
  });

  it('refuses a prompt that is blank once sanitised', () => {
    expect(promptRefusal(' \n\t\x1b')).toBe('nothing to send: the prompt is empty');
  });
});
