import { describe, expect, it } from 'vitest';
import { DraftWatch } from './draft.js';

describe('DraftWatch', () => {
  it('counts typed and pasted text as a draft until it is submitted, dropped, or left alone past the idle time', () => {
    const d = new DraftWatch(1000);
    expect(d.fresh(0)).toBe(false);
    d.input('\x1b[200~DRAFT\x1b[201~', 0);
    expect(d.fresh(999)).toBe(true);
    expect(d.fresh(1000)).toBe(false);
    d.input(' more', 1500);
    expect(d.fresh(2000)).toBe(true);
    d.input('\r', 2000);
    expect(d.fresh(2000)).toBe(false);
    d.input('xy', 2100);
    expect(d.fresh(2100)).toBe(true);
    d.input('\x15', 2100);
    expect(d.fresh(2100)).toBe(false);
  });

  // A person answering a program's own question (a trust prompt's "1") in the web view: the
  // send after it must go in, not wait a minute.
  it('leaves no draft for a single key on its own, and one once a second key joins it', () => {
    const d = new DraftWatch();
    d.input('1', 0);
    expect(d.fresh(1)).toBe(false);
    d.input('h', 2);
    expect(d.fresh(3)).toBe(true);
    d.input('\x7f', 4);
    expect(d.fresh(5)).toBe(false);
  });

  it('takes a newline inside a paste as text, and a paste split across writes as one', () => {
    const d = new DraftWatch();
    d.input('\x1b[200~line one\r\nline', 0);
    d.input(' two\x1b[201~', 1);
    expect(d.fresh(2)).toBe(true);
    d.input('\x1b[200~a\x1b[201~\r', 3);
    expect(d.fresh(4)).toBe(false);
  });

  it('leaves no draft for escape sequences alone, and a draft that the relay’s Enter submitted is gone', () => {
    const d = new DraftWatch();
    d.input('\x1b[A\x1b[1;5C\x1bOP', 0);
    expect(d.fresh(1)).toBe(false);
    d.input('typed', 1);
    expect(d.fresh(1)).toBe(true);
    d.submitted();
    expect(d.fresh(2)).toBe(false);
  });
});
