/**
 * `mkdir -p` that reports why it failed.
 *
 * node's recursive `mkdirSync` loses the cause: when a `mkdir` fails for a reason other than a
 * missing parent (EROFS on a read-only filesystem, EACCES in a directory this user cannot write,
 * EDQUOT, ENOSPC), it `stat`s the path to see whether it exists after all, and when it does not,
 * throws the `stat`'s ENOENT instead — `ENOENT: no such file or directory, mkdir '…/lich'` about
 * a parent that is right there. So a read-only `XDG_DATA_HOME` read as a missing one.
 */
import { mkdirSync, statSync } from 'node:fs';
import { dirname, resolve } from 'node:path';

/**
 * Creates `dir` and any missing parents, each with `mode` (less the umask); nothing when it is
 * there.
 *
 * @throws NodeJS.ErrnoException with the code of the `mkdir` that failed (EROFS, EACCES, ENOSPC,
 *   ENOTDIR, EEXIST for a file in the way …) and its path, never the ENOENT node's own recursive
 *   `mkdirSync` puts in place of those.
 */
export function makeDir(dir: string, mode?: number): void {
  try {
    mkdirSync(dir, { recursive: true, mode });
    return;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
  }
  // One level at a time from the deepest directory that exists: the mkdir that fails throws its own errno.
  const missing: string[] = [];
  for (let d = resolve(dir); ; d = dirname(d)) {
    if (isDir(d)) break;
    missing.unshift(d);
    if (dirname(d) === d) break;
  }
  for (const d of missing) {
    try {
      mkdirSync(d, { mode });
    } catch (err) {
      // Made meanwhile by someone else: as good as made here.
      if ((err as NodeJS.ErrnoException).code === 'EEXIST' && isDir(d)) continue;
      throw err;
    }
  }
}

function isDir(path: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}
