import { describe, expect, it } from 'vitest';
import { OutputLog } from './output-log.js';

describe('OutputLog', () => {
  it('hands back everything while nothing was dropped', () => {
    const log = new OutputLog(100);
    log.append('abc');
    log.append('def\r\nghi');
    expect(log.text()).toBe('abcdef\r\nghi');
    expect(log.length).toBe(11);
  });

  it('never holds more than its bound, however much is written, in chunks of any size', () => {
    const log = new OutputLog(1000);
    for (let i = 0; i < 5000; i++) log.append(`line ${i}\n`.repeat((i % 7) + 1));
    expect(log.length).toBe(1000);
    log.append('x'.repeat(5000));
    expect(log.length).toBe(1000);
    expect(log.text()).toBe('x'.repeat(1000));
  });

  it('keeps the newest output and, once it dropped some, starts at a line', () => {
    const log = new OutputLog(20);
    log.append('first line\n');
    log.append('second line\n');
    log.append('third\n');
    // 'first line\nsecond line\nthird\n' cut to its last 20 is 'e\nsecond line\nthird\n'.
    expect(log.text()).toBe('second line\nthird\n');
  });

  it('hands out only the last characters asked for, from a line start', () => {
    const log = new OutputLog(1000);
    log.append('aaaa\nbbbb\ncccc\n');
    expect(log.text(7)).toBe('cccc\n');
    expect(log.text(1000)).toBe('aaaa\nbbbb\ncccc\n');
  });
});
