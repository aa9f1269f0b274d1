// Properties of the sanitiser and the prompt and insert caps (wire.md § 8.2) over arbitrary text,
// the cap's neighbourhood included: what is typed never holds a control character but \n and \t
// (so no ESC, and no `ESC[201~` that could end lich's bracketed paste early), sanitising twice
// is sanitising once, and a text is refused exactly when it is blank or over its cap in UTF-8
// bytes after sanitising — in the relay's own words, with that byte count.
import { describe, expect } from 'vitest';
import { fc, it } from '@fast-check/vitest';
import { PROMPT_LIMIT, promptRefusal, sanitizeText } from './errands.js';
import { INSERT_LIMIT, insertRefusal } from './workspace-wording.js';

const CONTROL = /[\x00-\x08\x0b-\x1f\x7f]/;

/** Text an agent produces: any code point, lone surrogates included, and plenty of escapes. */
const text = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 64 }),
  fc.string({ unit: fc.constantFrom('\x1b', '[', '2', '0', '1', '~', '\x00', '\r', '\n', '\t', '\x7f', 'a', ' ', 'é', '😀'), maxLength: 64 }),
);

/**
 * Text near a cap: `n` copies of one character (1 to 4 UTF-8 bytes, or a control character that
 * sanitising drops), with some stray control characters mixed in, so that its size after
 * sanitising lands on either side of `limit`.
 */
function nearCap(limit: number) {
  return fc
    .record({
      ch: fc.constantFrom('a', 'é', '€', '😀', ' ', '\x1b', '\t'),
      extra: fc.integer({ min: -8, max: 8 }),
      noise: fc.array(fc.constantFrom('\x00', '\x1b[201~', '\r', '\x7f'), { maxLength: 4 }),
    })
    .map(({ ch, extra, noise }) => {
      const width = Math.max(1, Buffer.byteLength(ch, 'utf8'));
      return noise.join('') + ch.repeat(Math.max(0, Math.floor(limit / width) + extra));
    });
}

describe('sanitizeText', () => {
  it.prop([text], { numRuns: 500 })('leaves no control character but newline and tab, so no paste end marker', (s) => {
    const clean = sanitizeText(s);
    expect(CONTROL.test(clean)).toBe(false);
    expect(clean.includes('\x1b[201~')).toBe(false);
  });

  it.prop([text], { numRuns: 500 })('drops exactly the control characters and keeps everything else in order', (s) => {
    expect(sanitizeText(s)).toBe([...s].filter((c) => !CONTROL.test(c)).join(''));
    expect(sanitizeText(sanitizeText(s))).toBe(sanitizeText(s));
  });
});

describe('the prompt cap', () => {
  it.prop([fc.oneof(text, nearCap(PROMPT_LIMIT))], { numRuns: 300 })(
    'refuses exactly what is blank or over 8192 bytes once sanitised, naming the byte count',
    (s) => {
      const clean = sanitizeText(s);
      const bytes = Buffer.byteLength(clean, 'utf8');
      const refusal = promptRefusal(s);
      if (clean.trim() === '') expect(refusal).toBe('nothing to send: the prompt is empty');
      else if (bytes > PROMPT_LIMIT) {
        expect(refusal).toBe(`prompt is ${bytes} bytes, over the 8192 limit: name the paths to read instead of pasting their contents`);
      } else expect(refusal).toBeNull();
    },
  );

  it.prop([fc.constantFrom('a', 'é', '€', '😀'), fc.integer({ min: 1, max: 8200 })], { numRuns: 200 })(
    'takes every text of at most 8192 bytes and refuses every longer one',
    (ch, n) => {
      const s = ch.repeat(Math.ceil(n / Buffer.byteLength(ch)));
      expect(promptRefusal(s) === null).toBe(Buffer.byteLength(s) <= PROMPT_LIMIT);
    },
  );
});

describe('the insert cap', () => {
  it.prop([fc.oneof(text, nearCap(INSERT_LIMIT))], { numRuns: 100 })(
    'refuses exactly what is blank or over 65536 bytes once sanitised, naming the byte count',
    (s) => {
      const clean = sanitizeText(s);
      const bytes = Buffer.byteLength(clean, 'utf8');
      const refusal = insertRefusal(s);
      if (clean.trim() === '') expect(refusal).toBe('nothing to insert: the text is empty');
      else if (bytes > INSERT_LIMIT) {
        expect(refusal).toBe(`text is ${bytes} bytes, over the 65536 limit: insert the path of the file instead of its contents`);
      } else expect(refusal).toBeNull();
    },
  );
});
