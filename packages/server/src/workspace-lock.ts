/**
 * The workspace lock: one backend per data directory.
 *
 * The runtime file (`runtime-file.ts`) keeps two backends apart only when they share a config
 * directory. Two that share the data directory but not the config directory would share one
 * store, and the second one's start-up parks every session the first one is running. So the
 * backend takes `<dataDir>/lich.lock` before it opens (or migrates) the store and lets it go on
 * close: a file created exclusively (`O_EXCL`) holding the holder's pid in decimal and a
 * newline. A lock whose pid is dead — gone, or a zombie — is stale (a backend that crashed) and is
 * replaced.
 */
import { closeSync, linkSync, openSync, readFileSync, renameSync, unlinkSync, writeSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pidAlive } from '@lich/core/lich-process';
import { goQuote } from '@lich/core/quote';
import { makeDir } from './make-dir.js';
import { StartRefusal } from './errors.js';

/** The lock's file name inside the data directory. */
export const LOCK_FILE = 'lich.lock';

/** Lock files this process holds, so a second backend in the same process is refused and the exit hook can let go. */
const held = new Set<string>();
let exitHook = false;

export interface WorkspaceLock {
  /** `<dataDir>/lich.lock`. */
  readonly path: string;
  /** Removes the lock file if it is still this process's. Idempotent. */
  release(): void;
}

/**
 * Takes the data directory's lock, creating the directory (0700) when missing.
 *
 * @throws StartRefusal `the data directory "<dir>" is in use by another lich (pid <pid>) …` when a
 *   live process holds it (this process included, for a second backend started in it), or when it
 *   keeps changing hands between other starting backends; an Error naming the directory or the
 *   file, with the system's own reason (EROFS, EACCES, ENOSPC …), when either cannot be created,
 *   written or read — a lock it could not write is not left behind.
 */
export function takeWorkspaceLock(dataDir: string): WorkspaceLock {
  try {
    makeDir(dataDir, 0o700);
  } catch (err) {
    throw new Error(`create the data directory ${goQuote(dataDir)}: ${(err as Error).message}`);
  }
  const path = join(resolve(dataDir), LOCK_FILE);
  // A few rounds: each either takes the lock, refuses, or clears one stale lock and looks again.
  for (let round = 0; round < 5; round++) {
    if (create(path)) return hold(path);
    const holder = readHolder(path);
    if (holder === undefined) continue; // gone between the create and the read
    if (alive(holder.pid, path)) {
      throw new StartRefusal(
        `the data directory ${goQuote(dataDir)} is in use by another lich (pid ${holder.pid}, holding ${LOCK_FILE} there): end that one with "lich quit" before starting this one, or give this one a data directory of its own (XDG_DATA_HOME)`,
      );
    }
    clearStale(path, holder.text);
  }
  throw new StartRefusal(`could not take the lock ${goQuote(path)}: it keeps changing hands — is another lich starting at the same time?`);
}

/** Creates the lock file exclusively with this pid; false when it exists. */
function create(path: string): boolean {
  let fd: number;
  try {
    fd = openSync(path, 'wx', 0o600);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw new Error(`create the lock ${goQuote(path)}: ${(err as Error).message}`);
  }
  try {
    writeSync(fd, `${process.pid}\n`);
  } catch (err) {
    // A full disk takes the file but not its pid: an empty lock left behind would be nobody's.
    closeSync(fd);
    unlinkSync(path);
    throw new Error(`write the lock ${goQuote(path)}: ${(err as Error).message}`);
  }
  closeSync(fd);
  return true;
}

/** The lock's pid and raw text; pid 0 when the text is not a pid (a torn or foreign file: stale). */
function readHolder(path: string): { pid: number; text: string } | undefined {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw new Error(`read the lock ${goQuote(path)}: ${(err as Error).message}`);
  }
  const m = /^(\d+)\n?$/.exec(text);
  return { pid: m ? Number(m[1]) : 0, text };
}

function alive(pid: number, path: string): boolean {
  if (!Number.isSafeInteger(pid) || pid <= 0) return false;
  // Our own pid is live only if this process took the lock: after a crash and a restart a
  // container often hands the new backend the very pid the old one had.
  if (pid === process.pid) return held.has(path);
  // Not a zombie either: a backend killed a moment ago is one until its parent reaps it (pid 1
  // takes a second or more here; a parent that never waits, for good), and holds nothing.
  return pidAlive(pid);
}

/**
 * Removes a stale lock — but only the one that was read: it is first moved aside and checked,
 * so a fresh lock another starting backend took in the meantime is put back, not deleted.
 */
function clearStale(path: string, staleText: string): void {
  const aside = `${path}.stale-${process.pid}-${Date.now()}`;
  try {
    renameSync(path, aside);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw new Error(`replace the stale lock ${goQuote(path)}: ${(err as Error).message}`);
  }
  let text = '';
  try {
    text = readFileSync(aside, 'utf8');
  } catch {
    // Unreadable: treat as the stale one.
  }
  if (text !== staleText) {
    try {
      linkSync(aside, path);
    } catch {
      // Someone took the lock again meanwhile; theirs stands.
    }
  }
  try {
    unlinkSync(aside);
  } catch {
    // Already gone.
  }
}

function hold(path: string): WorkspaceLock {
  held.add(path);
  if (!exitHook) {
    exitHook = true;
    // A backend that exits without closing (an uncaught error) should not leave its lock behind.
    process.once('exit', () => {
      for (const p of held) removeIfOurs(p);
    });
  }
  let released = false;
  return {
    path,
    release() {
      if (released) return;
      released = true;
      held.delete(path);
      removeIfOurs(path);
    },
  };
}

function removeIfOurs(path: string): void {
  try {
    if (readFileSync(path, 'utf8') === `${process.pid}\n`) unlinkSync(path);
  } catch {
    // Gone already, or unreadable: nothing of ours to remove.
  }
}
