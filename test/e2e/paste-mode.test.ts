// issue 14, item 4: a provider whose program is `sh -c 'exec cat > out'` — it never turns on
// bracketed paste, and its terminal reads a line at a time — and `lich send --timeout 5 <it>
// "<5000 hex chars>"`: `out` held the first 4095 bytes plus literal ESC[200~ / ESC[201~, and
// send exited 2 with no error. The brackets now go only to a program that asked for them
// (mode 2004), and a line its terminal would cut is refused with the reason. Real PTYs.

import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Backend, makeRepo, until, type Session } from './harness.js';

const HEX = '0123456789abcdef'.repeat(312) + '01234567';

let b: Backend;
let cat: Session;
let out: string;

beforeAll(async () => {
  b = await Backend.start({
    providers: ({ home }) => ({
      cat: { name: 'Cat', command: '/bin/sh', args: ['-c', 'exec cat > "$0"', join(home, 'out')], env: {}, reportsState: false, tools: false },
    }),
  });
  out = join(b.home, 'out');
  cat = await b.open(makeRepo(b.home, 'paste-repo', 1), 'cat');
  await until(() => existsSync(out), 'the program starting');
});

afterAll(async () => {
  await b?.close();
});

const bytes = () => readFileSync(out, 'utf8');

describe('a program that never turned on bracketed paste, reading its terminal a line at a time', () => {
  it('is refused a line longer than its terminal holds, with the reason, and gets nothing — though it was not at its prompt yet', async () => {
    expect(HEX).toHaveLength(5000);
    const r = await b.lich(['send', '--timeout', '5', cat.label, HEX]);
    expect(r).toEqual({
      code: 1,
      stdout: '',
      stderr: `lich: "${cat.label}" cannot take this message whole: its program never turned on bracketed paste and reads its terminal a line at a time, and a terminal line holds at most 4095 bytes: line 3 is 5000 bytes — nothing was sent; split the task at that line, or put the text in a file and name its path\n`,
    });
    expect(bytes()).toBe('');
  });

  it('gets a message that fits whole, with no paste brackets in it', async () => {
    const r = await b.lich(['send', '--json', '--timeout', '1', cat.label, 'a short task']);
    expect(r.code).toBe(2);
    const ticket = JSON.parse(r.stdout).ticket as string;
    await until(() => bytes().includes(`"$LICH_BIN" reply ${ticket}`), 'the message');
    expect(bytes()).not.toContain('\x1b');
    expect(bytes()).toContain('\n\na short task\n\n');
  });

  it('is refused the long line again once it is at its prompt, before any ticket is handed out', async () => {
    const before = bytes();
    const r = await b.lich(['send', '--json', '--timeout', '5', cat.label, HEX]);
    expect(r).toMatchObject({ code: 1, stdout: '' });
    expect(r.stderr).toMatch(/^lich: "Session 1" cannot take this message whole: .* line 3 is 5000 bytes — nothing was sent;/);
    expect(bytes()).toBe(before);
  });

  it('is refused an insert with a newline in it: it would be Enter presses, and insert sends nothing', async () => {
    const before = bytes();
    const r = await b.lich(['insert', '--session', cat.label, 'two\nlines']);
    expect(r).toEqual({
      code: 1,
      stdout: '',
      stderr: `lich: "${cat.label}" cannot take this text whole: its program never turned on bracketed paste, so the newlines of the text would reach it as Enter presses — nothing was inserted; insert it a line at a time, or the path of a file holding it\n`,
    });
    expect(bytes()).toBe(before);
  });
});
