import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { readStdin, type StdinStream } from './stdin.js';

describe('readStdin', () => {
  it('reads a piped stdin to its end as UTF-8', async () => {
    const s = new PassThrough();
    const text = readStdin(s, 1024);
    s.write('line 1\n');
    s.end(Buffer.from('línea 2\n'));
    expect(await text).toBe('line 1\nlínea 2\n');
  });

  it('stops at the limit without splitting a character, and lets the stream go', async () => {
    const s = new PassThrough();
    const text = readStdin(s, 5);
    s.write('abcdé and more');
    expect(await text).toBe('abcd');
    expect(s.destroyed).toBe(true);
  });

  it('has nothing to read from a terminal, or from no stdin at all', async () => {
    const tty = Object.assign(new PassThrough(), { isTTY: true }) as StdinStream;
    expect(await readStdin(tty, 1024)).toBeNull();
    expect(await readStdin(undefined, 1024)).toBeNull();
  });

  it("rejects with the stream's own error", async () => {
    const s = new PassThrough();
    const text = readStdin(s, 1024);
    s.destroy(new Error('EIO: i/o error, read'));
    await expect(text).rejects.toThrow('EIO: i/o error, read');
  });
});
