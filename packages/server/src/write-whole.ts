/**
 * Files written whole or not at all: to a temporary name beside the file, then renamed into
 * place, so a reader never sees half of one — and, when any step fails, the temporary file is
 * removed. A full filesystem takes a file's name (an inode) but not its bytes: without the
 * removal every failed attempt left an empty `<file>.<pid>.tmp` behind (issue 22, a start on a
 * full config directory).
 */
import { renameSync, rmSync, writeFileSync } from 'node:fs';

/**
 * Writes `text` to `file` through the temporary `temp` (default `<file>.<pid>.tmp`), created with
 * `mode` (default 0600, less the umask).
 * @throws the node error of the write or the rename (ENOSPC, EROFS, EACCES …); `temp` is gone
 *   then, and `file` is as it was.
 */
export function writeWhole(file: string, text: string, o: { mode?: number; temp?: string } = {}): void {
  const temp = o.temp ?? `${file}.${process.pid}.tmp`;
  try {
    writeFileSync(temp, text, { mode: o.mode ?? 0o600 });
    renameSync(temp, file);
  } catch (err) {
    rmSync(temp, { force: true });
    throw err;
  }
}
