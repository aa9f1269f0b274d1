import { describe, expect, it } from 'vitest';
import { MarkerWatch } from './marker.js';

const MARK = '\x1b]6969;lich-setup-done\x07';

describe('MarkerWatch', () => {
  it('sees a marker inside one chunk', () => {
    const w = new MarkerWatch(MARK);
    expect(w.feed('setup…')).toBe(false);
    expect(w.feed(`done${MARK}agent> `)).toBe(true);
    expect(w.done).toBe(true);
  });

  it('sees a marker split across chunks, at every split point', () => {
    for (let i = 1; i < MARK.length; i++) {
      const w = new MarkerWatch(MARK);
      expect(w.feed(`x${MARK.slice(0, i)}`)).toBe(false);
      expect(w.feed(`${MARK.slice(i)}y`)).toBe(true);
    }
  });

  it('is not fooled by a prefix of the marker that never completes', () => {
    const w = new MarkerWatch(MARK);
    w.feed(MARK.slice(0, -1));
    expect(w.feed('not the end')).toBe(false);
    expect(w.done).toBe(false);
  });

  it('stays seen', () => {
    const w = new MarkerWatch(MARK);
    w.feed(MARK);
    expect(w.feed('anything')).toBe(true);
  });
});
