import { describe, expect, it } from 'vitest';
import type { ErrandNews } from '../relay/relay.js';
import { ErrandLog, FIRST_LINE_CHARS, MAX_SETTLED, SETTLED_FOR_MS, firstLine, plainText } from './errands.js';

const news = (o: Partial<ErrandNews> & { ticket: string }): ErrandNews => ({
  from: '',
  targetId: 't1',
  target: 'docs',
  prompt: 'run the tests',
  private: false,
  subagent: false,
  phase: 'queued',
  status: 'pending',
  answer: '',
  ...o,
});

describe('ErrandLog', () => {
  it('lists an errand from its send, with who asked whom, and moves it to settled with its answer\'s first line', () => {
    let now = 1000;
    const log = new ErrandLog((id) => (id === 's1' ? 'planner' : ''), () => now);
    log.record(news({ ticket: 'aaaa0001', from: 's1' }));
    expect(log.list()).toMatchObject([{ ticket: 'aaaa0001', from: 'planner', fromId: 's1', to: 'docs', status: 'pending', sentAt: 1000, endedAt: 0 }]);
    now = 4000;
    log.record(news({ ticket: 'aaaa0001', from: 's1', phase: 'delivered', status: 'answered', answer: '\n  all 12 passed  \nand more' }));
    expect(log.list()).toMatchObject([{ ticket: 'aaaa0001', status: 'answered', answer: 'all 12 passed', sentAt: 1000, endedAt: 4000 }]);
  });

  it('shows the first line of an answer holding ANSI escapes as its text, as the relay hands it over and whole', () => {
    const log = new ErrandLog(() => '');
    // What reaches the relay's news: its sanitising dropped the ESC and left the rest.
    log.record(news({ ticket: 'a', status: 'answered', answer: '[38;2;255;100;0mtruecolour[0m\n' }));
    log.record(news({ ticket: 'b', status: 'answered', answer: '\x1b[1;32m✓\x1b[0m 12 passed\x1b[K\nmore' }));
    expect(log.list().map((e) => e.answer)).toEqual(['✓ 12 passed', 'truecolour']);
  });

  it('leaves the asked column as the prompt was written, escapes spelled out and all', () => {
    const log = new ErrandLog(() => '');
    log.record(news({ ticket: 'a', prompt: "printf '\\033[38;2;255;100;0mtruecolour\\033[0m\\n'" }));
    expect(log.list()[0]!.asked).toBe("printf '\\033[38;2;255;100;0mtruecolour\\033[0m\\n'");
  });

  it('lists errands in flight first, oldest first, then settled ones newest first', () => {
    let now = 0;
    const log = new ErrandLog(() => '', () => ++now);
    for (const t of ['a', 'b', 'c', 'd']) log.record(news({ ticket: t }));
    log.record(news({ ticket: 'b', status: 'unread' }));
    log.record(news({ ticket: 'd', status: 'answered' }));
    expect(log.list().map((e) => e.ticket)).toEqual(['a', 'c', 'd', 'b']);
  });

  it('lists a late answer once, where it now ended', () => {
    const log = new ErrandLog(() => '');
    log.record(news({ ticket: 'a' }));
    log.record(news({ ticket: 'a', status: 'unanswered' }));
    log.record(news({ ticket: 'a', status: 'answered', answer: 'late' }));
    expect(log.list()).toMatchObject([{ ticket: 'a', status: 'answered', answer: 'late' }]);
  });

  it('keeps at most MAX_SETTLED settled errands, and none older than an hour', () => {
    let now = 0;
    const log = new ErrandLog(() => '', () => now);
    for (let i = 0; i < MAX_SETTLED + 10; i++) {
      log.record(news({ ticket: `t${i}` }));
      log.record(news({ ticket: `t${i}`, status: 'answered' }));
    }
    expect(log.list()).toHaveLength(MAX_SETTLED);
    now += SETTLED_FOR_MS + 1;
    expect(log.list()).toHaveLength(0);
  });
});

describe('firstLine', () => {
  it('is the first line with something on it, trimmed and cut', () => {
    expect(firstLine('\n\n  hello  \nworld')).toBe('hello');
    expect(firstLine('')).toBe('');
    const long = firstLine('x'.repeat(500));
    expect(long).toHaveLength(FIRST_LINE_CHARS);
    expect(long.endsWith('…')).toBe(true);
  });
});

describe('plainText', () => {
  it('removes whole escape sequences: colours, cursor moves, private modes, titles and hyperlinks', () => {
    expect(plainText('\x1b[38;2;255;100;0mtruecolour\x1b[0m')).toBe('truecolour');
    expect(plainText('\x1b[2K\x1b[1Aup\x1b[?25h')).toBe('up');
    expect(plainText('\x1b]0;a title\x07after')).toBe('after');
    expect(plainText('\x1b]8;;https://example.com\x1b\\link\x1b]8;;\x1b\\')).toBe('link');
    expect(plainText('\x1b(Bplain\x1b7')).toBe('plain');
  });

  it('removes what is left of colours, modes and moves once the ESC was dropped', () => {
    expect(plainText('[38;2;255;100;0mtruecolour[0m')).toBe('truecolour');
    expect(plainText('[1;31mfailed[0m: [2Kx[?2004h')).toBe('failed: x');
  });

  it('leaves brackets that are text alone', () => {
    for (const t of ['[All] 3 passed', 'see [1] and [2]', 'a[i] = b[m]', '[x] done, [ ] todo', 'PR [#12]']) expect(plainText(t)).toBe(t);
  });

  it('makes tabs spaces, removes other control characters, and keeps newlines', () => {
    expect(plainText('a\tb\x07c\x7fd\x9be\r\nf')).toBe('a bcde\nf');
  });
});
