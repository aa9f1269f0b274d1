import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { zombie } from '@lich/core/testing/zombie';
import { tempLich, type TempLich } from './testing.js';
import { LOCK_FILE, takeWorkspaceLock } from './workspace-lock.js';

let dirs: TempLich;
beforeEach(() => {
  dirs = tempLich('lich-lock-');
});
afterEach(() => dirs.cleanup());

const lockFile = () => join(dirs.dataDir, LOCK_FILE);

/** A pid that belonged to a process which has exited. */
async function deadPid(): Promise<number> {
  const child = spawn(process.execPath, ['-e', '']);
  await new Promise((r) => child.on('exit', r));
  return child.pid!;
}

describe('takeWorkspaceLock', () => {
  it('creates the data directory and lich.lock holding this pid, and removes it on release', () => {
    const lock = takeWorkspaceLock(dirs.dataDir);
    expect(readFileSync(lockFile(), 'utf8')).toBe(`${process.pid}\n`);
    lock.release();
    lock.release();
    expect(existsSync(lockFile())).toBe(false);
  });

  it('refuses while a live process holds it, naming the data directory and that pid', async () => {
    const holder = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60000)']);
    try {
      mkdirSync(dirs.dataDir, { recursive: true });
      writeFileSync(lockFile(), `${holder.pid}\n`);
      expect(() => takeWorkspaceLock(dirs.dataDir)).toThrow(
        `the data directory "${dirs.dataDir}" is in use by another lich (pid ${holder.pid}, holding lich.lock there): end that one with "lich quit" before starting this one, or give this one a data directory of its own (XDG_DATA_HOME)`,
      );
      expect(readFileSync(lockFile(), 'utf8')).toBe(`${holder.pid}\n`);
    } finally {
      holder.kill();
    }
  });

  it('refuses a second holder in the same process', () => {
    const lock = takeWorkspaceLock(dirs.dataDir);
    expect(() => takeWorkspaceLock(dirs.dataDir)).toThrow(`(pid ${process.pid}, holding lich.lock there)`);
    lock.release();
    takeWorkspaceLock(dirs.dataDir).release();
  });

  it('replaces a stale lock whose pid is dead, or whose text is not a pid, leaving nothing aside', async () => {
    mkdirSync(dirs.dataDir, { recursive: true });
    for (const stale of [`${await deadPid()}\n`, 'garbage', '']) {
      writeFileSync(lockFile(), stale);
      const lock = takeWorkspaceLock(dirs.dataDir);
      expect(readFileSync(lockFile(), 'utf8')).toBe(`${process.pid}\n`);
      lock.release();
    }
    expect(readdirSync(dirs.dataDir)).toEqual([]);
  });

  it('replaces the lock of a backend killed a moment ago that its parent has not reaped yet (a zombie holds nothing)', async () => {
    const z = await zombie();
    try {
      mkdirSync(dirs.dataDir, { recursive: true });
      writeFileSync(lockFile(), `${z.pid}\n`);
      const lock = takeWorkspaceLock(dirs.dataDir);
      expect(readFileSync(lockFile(), 'utf8')).toBe(`${process.pid}\n`);
      lock.release();
    } finally {
      z.release();
    }
  });

  it('treats its own pid left by an earlier process (a container reusing pids) as stale', () => {
    mkdirSync(dirs.dataDir, { recursive: true });
    writeFileSync(lockFile(), `${process.pid}\n`);
    const lock = takeWorkspaceLock(dirs.dataDir);
    expect(readFileSync(lockFile(), 'utf8')).toBe(`${process.pid}\n`);
    lock.release();
  });

  it('quotes a data directory with a newline, so the refusal stays one line', () => {
    const odd = join(dirs.root, 'da\nta');
    const lock = takeWorkspaceLock(odd);
    try {
      expect(() => takeWorkspaceLock(odd)).toThrow(`the data directory "${dirs.root}/da\\nta" is in use`);
    } finally {
      lock.release();
    }
  });
});
