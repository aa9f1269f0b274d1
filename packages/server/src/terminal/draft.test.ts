import { describe, expect, it } from 'vitest';
import { DraftWatch } from './draft.js';

describe('DraftWatch', () => {
  it('counts typed and pasted text as a draft until it is submitted or dropped, however long nobody touches it', () => {
    const d = new DraftWatch();
    expect(d.present()).toBe(false);
    d.input('\x1b[200~DRAFT\x1b[201~');
    expect(d.present()).toBe(true);
    d.input(' more');
    expect(d.present()).toBe(true);
    d.input('\r');
    expect(d.present()).toBe(false);
    d.input('xy');
    expect(d.present()).toBe(true);
    d.input('\x15');
    expect(d.present()).toBe(false);
  });

  // A person answering a program's own question (a trust prompt's "1") in the web view: the
  // send after it must go in, not wait a minute.
  it('leaves no draft for a single key on its own, and one once a second key joins it', () => {
    const d = new DraftWatch();
    d.input('1');
    expect(d.present()).toBe(false);
    d.input('h');
    expect(d.present()).toBe(true);
    d.input('\x7f');
    expect(d.present()).toBe(false);
  });

  it('takes a newline inside a paste as text, and a paste split across writes as one', () => {
    const d = new DraftWatch();
    d.input('\x1b[200~line one\r\nline');
    d.input(' two\x1b[201~');
    expect(d.present()).toBe(true);
    d.input('\x1b[200~a\x1b[201~\r');
    expect(d.present()).toBe(false);
  });

  it('leaves no draft for escape sequences alone, and a draft that the relay’s Enter submitted is gone', () => {
    const d = new DraftWatch();
    d.input('\x1b[A\x1b[1;5C\x1bOP');
    expect(d.present()).toBe(false);
    d.input('typed');
    expect(d.present()).toBe(true);
    d.submitted();
    expect(d.present()).toBe(false);
  });
});
