import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { makeDir } from './make-dir.js';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'lich-make-dir-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('makeDir', () => {
  it('makes every missing level with the mode asked for, and takes one that is there', () => {
    makeDir(join(dir, 'a', 'b', 'c'), 0o700);
    expect(statSync(join(dir, 'a', 'b', 'c')).mode & 0o777).toBe(0o700);
    expect(statSync(join(dir, 'a')).mode & 0o777).toBe(0o700);
    expect(() => makeDir(join(dir, 'a', 'b'), 0o700)).not.toThrow();
  });

  it('names a file in the way as what it is', () => {
    writeFileSync(join(dir, 'f'), '');
    expect(() => makeDir(join(dir, 'f', 'x'))).toThrow(expect.objectContaining({ code: 'ENOTDIR' }));
  });

  // node's own recursive mkdirSync says ENOENT here: its stat of the path it could not make replaces the EROFS.
  it.skipIf(process.getuid?.() !== 0)('says a read-only filesystem is read-only, at the level it could not make', () => {
    const ro = join(dir, 'ro');
    mkdirSync(ro);
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=64k,ro', 'tmpfs', ro]);
    try {
      expect(() => makeDir(join(ro, 'lich', 'worktrees'), 0o700)).toThrow(
        expect.objectContaining({ code: 'EROFS', message: `EROFS: read-only file system, mkdir '${join(ro, 'lich')}'` }),
      );
    } finally {
      execFileSync('umount', ['-l', ro]);
    }
  });
});
