/**
 * Files written whole or not at all leave nothing behind when the disk is full (issue 22): a
 * real tmpfs filled to its last byte, for writeWhole and for each of the backend's writes that
 * stage a temporary file or tree beside their target — the runtime file, a session's process
 * record, the copy of lich's Claude Code plugin. Root only: mounting is.
 */
import { execFileSync } from 'node:child_process';
import { closeSync, mkdirSync, mkdtempSync, openSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sessionClaudePlugin } from './providers/claude-plugin.js';
import { writeRuntimeFile } from './runtime-file.js';
import { ProcessRecords } from './terminal/leftovers.js';
import { writeWhole } from './write-whole.js';

const root = process.getuid?.() === 0;

let dir: string;
let disk: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'lich-write-whole-'));
  disk = join(dir, 'disk');
  mkdirSync(disk);
});
afterEach(() => {
  try {
    execFileSync('umount', ['-l', disk], { stdio: 'ignore' });
  } catch {
    // Not mounted (the case was skipped, or failed before its mount).
  }
  rmSync(dir, { recursive: true, force: true });
});

/** Mounts a 64 KiB tmpfs at `disk`, makes `dirs` in it, runs `before`, and fills it to its last byte. */
function fullDisk(dirs: string[] = [], before?: () => void): void {
  execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=64k', 'tmpfs', disk]);
  for (const d of dirs) mkdirSync(join(disk, d), { recursive: true });
  before?.();
  const fd = openSync(join(disk, 'filler'), 'w');
  try {
    for (const size of [4096, 1]) {
      try {
        for (;;) writeSync(fd, Buffer.alloc(size, 0x78));
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== 'ENOSPC') throw err;
      }
    }
  } finally {
    closeSync(fd);
  }
}

describe('writeWhole', () => {
  it('writes the file through a temporary one renamed into place, mode 0600', () => {
    const file = join(dir, 'f.json');
    writeWhole(file, '{"a":1}');
    expect(readFileSync(file, 'utf8')).toBe('{"a":1}');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(readdirSync(dir).sort()).toEqual(['disk', 'f.json']);
  });
});

describe.skipIf(!root)('the backend’s staged writes on a full disk', () => {
  it('writeWhole throws ENOSPC, keeps the file as it was, and leaves no temporary file', () => {
    const file = join(disk, 'f.json');
    fullDisk([], () => writeFileSync(file, 'before'));
    expect(() => writeWhole(file, 'x'.repeat(8192))).toThrow(expect.objectContaining({ code: 'ENOSPC' }));
    expect(readFileSync(file, 'utf8')).toBe('before');
    expect(readdirSync(disk).sort()).toEqual(['f.json', 'filler']);
  });

  it('the runtime file: the write fails, and no runtime.json.<pid>.tmp is left', () => {
    fullDisk(['lich']);
    const file = join(disk, 'lich', 'runtime.json');
    for (let attempt = 0; attempt < 2; attempt++) {
      expect(() => writeRuntimeFile(file, { pid: process.pid, port: 4242, token: 'f'.repeat(32) })).toThrow(expect.objectContaining({ code: 'ENOSPC' }));
    }
    expect(readdirSync(join(disk, 'lich'))).toEqual([]);
  });

  it('a session’s process record: the error is returned, and no temporary record is left', () => {
    fullDisk(['data/processes']);
    const records = new ProcessRecords(join(disk, 'data'));
    expect(records.starting('a'.repeat(32))).toMatchObject({ code: 'ENOSPC' });
    expect(readdirSync(join(disk, 'data', 'processes'))).toEqual([]);
  });

  it('the copy of lich’s Claude Code plugin: the copy fails, and no half-copied tree is left', () => {
    const shipped = join(dir, 'shipped');
    mkdirSync(join(shipped, '.claude-plugin'), { recursive: true });
    writeFileSync(join(shipped, '.claude-plugin', 'plugin.json'), JSON.stringify({ name: 'lich', version: '0.17.0' }));
    writeFileSync(join(shipped, 'big.js'), 'x'.repeat(256 << 10));
    fullDisk(['data/claude-plugin']);
    expect(() => sessionClaudePlugin(shipped, join(disk, 'data'))).toThrow(expect.objectContaining({ code: 'ENOSPC' }));
    expect(readdirSync(join(disk, 'data', 'claude-plugin'))).toEqual([]);
  });
});
