import { describe, expect, it } from 'vitest';
import { CANONICAL_LINE_BYTES, longestLine, pasteProblem, PasteModeWatch } from './paste.js';

describe('PasteModeWatch', () => {
  it('is off until the program turns bracketed paste on, and off again when it turns it off', () => {
    const w = new PasteModeWatch();
    expect(w.bracketed).toBe(false);
    w.feed('prompt> \x1b[?2004h');
    expect(w.bracketed).toBe(true);
    w.feed('\x1b[?2004l');
    expect(w.bracketed).toBe(false);
  });

  it('reads 2004 among other modes of one sequence, and ignores modes that are not 2004', () => {
    const w = new PasteModeWatch();
    w.feed('\x1b[?1049;2004h\x1b[?25l');
    expect(w.bracketed).toBe(true);
    w.feed('\x1b[?1;20040l\x1b[?12004l');
    expect(w.bracketed).toBe(true);
    w.feed('\x1b[?1;2004l');
    expect(w.bracketed).toBe(false);
  });

  it('reads a sequence split across output chunks at any byte', () => {
    const seq = 'x\x1b[?2004hy';
    for (let cut = 1; cut < seq.length; cut++) {
      const w = new PasteModeWatch();
      w.feed(seq.slice(0, cut));
      w.feed(seq.slice(cut));
      expect(w.bracketed, `cut at ${cut}`).toBe(true);
    }
  });
});

describe('pasteProblem', () => {
  const long = 'x'.repeat(CANONICAL_LINE_BYTES + 1);
  const canonical = (v: boolean | undefined) => () => Promise.resolve(v);

  it('finds none for a program with bracketed paste on, whatever the text', async () => {
    expect(await pasteProblem(`${long}\nmore`, { bracketed: true, keepNewlines: true, canonical: canonical(true) })).toBeUndefined();
  });

  it('takes a line of 4095 bytes and refuses one of 4096 on a canonical terminal, naming it', async () => {
    const fits = 'é'.repeat(2047) + 'x';
    expect(Buffer.byteLength(fits)).toBe(CANONICAL_LINE_BYTES);
    expect(await pasteProblem(fits, { bracketed: false, keepNewlines: false, canonical: canonical(true) })).toBeUndefined();
    expect(await pasteProblem(`a\n${long}`, { bracketed: false, keepNewlines: false, canonical: canonical(true) })).toBe(
      'its program never turned on bracketed paste and reads its terminal a line at a time, and a terminal line holds at most 4095 bytes: line 2 is 4096 bytes',
    );
  });

  it('takes the long line at a raw terminal, and refuses it when the mode cannot be read, saying so', async () => {
    expect(await pasteProblem(long, { bracketed: false, keepNewlines: false, canonical: canonical(false) })).toBeUndefined();
    expect(await pasteProblem(long, { bracketed: false, keepNewlines: false, canonical: canonical(undefined) })).toContain('a line at a time (as far as lich can tell)');
  });

  it('refuses text left at the prompt with a newline in it', async () => {
    expect(await pasteProblem('a\nb', { bracketed: false, keepNewlines: true, canonical: canonical(false) })).toBe(
      'its program never turned on bracketed paste, so the newlines of the text would reach it as Enter presses',
    );
  });

  it('counts a line in UTF-8 bytes', () => {
    expect(longestLine('ab\néé\nc')).toEqual({ line: 2, bytes: 4 });
  });
});
