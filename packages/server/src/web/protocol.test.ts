import { describe, expect, it } from 'vitest';
import { MAX_GRID_SIDE, parsePageMessage } from './protocol.js';

describe('parsePageMessage', () => {
  it('takes each kind of message the page sends', () => {
    expect(parsePageMessage({ t: 'watch', id: 'a' })).toEqual({ t: 'watch', id: 'a' });
    expect(parsePageMessage({ t: 'in', id: 'a', d: 'ls\r' })).toEqual({ t: 'in', id: 'a', d: 'ls\r' });
    expect(parsePageMessage({ t: 'size', id: 'a', cols: 132, rows: 43 })).toEqual({ t: 'size', id: 'a', cols: 132, rows: 43 });
    expect(parsePageMessage({ t: 'size', id: '', cols: 1, rows: MAX_GRID_SIDE })).toEqual({ t: 'size', id: '', cols: 1, rows: MAX_GRID_SIDE });
  });

  it('keeps only the fields of its kind', () => {
    expect(parsePageMessage({ t: 'watch', id: 'a', d: 'extra', cols: 3 })).toEqual({ t: 'watch', id: 'a' });
  });

  it('refuses a size that is not whole numbers of cells from 1 to MAX_GRID_SIDE, saying what it got', () => {
    for (const [cols, rows] of [
      [0, 24],
      [80, -1],
      [80.5, 24],
      ['80', 24],
      [80, null],
      [MAX_GRID_SIDE + 1, 24],
    ]) {
      const r = parsePageMessage({ t: 'size', id: 'a', cols, rows });
      expect(r, `${cols}x${rows}`).toHaveProperty('error');
      expect((r as { error: string }).error).toContain('whole numbers of cells');
    }
    expect(parsePageMessage({ t: 'size', id: 'a', cols: 80 })).toEqual({ error: 'a "size" message needs cols and rows as whole numbers of cells from 1 to 100000, not 80×nothing' });
  });

  it('refuses what is not an object, a message with no card id, and a kind it does not know', () => {
    for (const m of [null, 3, 'watch', [{ t: 'watch', id: 'a' }]]) expect(parsePageMessage(m)).toEqual({ error: 'a message from the page must be a JSON object' });
    expect(parsePageMessage({ t: 'size', cols: 80, rows: 24 })).toEqual({ error: 'a "size" message needs a card id as a string' });
    expect(parsePageMessage({ t: 'in', id: 'a', d: 5 })).toEqual({ error: 'an "in" message needs what was typed as a string' });
    expect(parsePageMessage({ t: 'resize', id: 'a' })).toEqual({ error: 'the page sent a message of a kind lich does not know: "resize"' });
  });

  it('quotes at most 40 characters of what it refuses', () => {
    const r = parsePageMessage({ t: 'x'.repeat(10_000), id: 'a' }) as { error: string };
    expect(r.error.length).toBeLessThan(120);
    expect(r.error.endsWith('…')).toBe(true);
  });
});
