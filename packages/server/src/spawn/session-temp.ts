/**
 * Each session's own temporary directory: its `TMPDIR`, made when its PTY starts and removed when
 * it ends (docs/architecture.md § The backend, Terminal, What a session leaves behind).
 *
 * Programs write into `TMPDIR` and leave it there: opencode 1.18.33 (a Bun binary) unpacks ≈14–19
 * MB of native libraries (`.<hash>.so`, and an `opencode/` folder) into it on every start and never
 * removes them — 3.3 GB had piled up in one machine's /tmp. No session's temporary files outlive
 * it when `TMPDIR` is a directory of its own that lich removes: when the session's process ends
 * (a close, its own exit, the backend's shutdown ending every session), and, for what a backend
 * killed with SIGKILL left, at the next start — before any session runs, under the workspace lock
 * that keeps every other backend out of this data directory (workspace-lock.ts).
 *
 * Where: `<dataDir>/tmp/<session id>`, mode 0700 — the data directory is this backend's alone, so
 * nothing another user or another backend made there is ever removed, and no name in a shared
 * /tmp can be taken first. A confined session gets none: bubblewrap gives it a private tmpfs on
 * /tmp, its `TMPDIR`, which goes with the sandbox (docs/sandbox.md).
 */
import { mkdirSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';

/** The folder of the data directory every session's temporary directory is made in. */
export const SESSION_TEMP_FOLDER = 'tmp';

/** What a session id must look like to name a folder: lich's are 32 lowercase hex (ids.ts). */
const SAFE_ID = /^[A-Za-z0-9_-]{1,128}$/;

export class SessionTemps {
  /** @param dataDir the backend's data directory (the store's, beside `lich.db`). */
  constructor(private readonly dataDir: string) {}

  /** `<dataDir>/tmp`. */
  get root(): string {
    return join(this.dataDir, SESSION_TEMP_FOLDER);
  }

  /**
   * Makes session `id`'s temporary directory, empty (what an earlier start of it left is removed
   * first), and returns its path; undefined when it cannot be made (a data directory that is not
   * writable, an id that cannot name a folder): the session then keeps the backend's own
   * `TMPDIR`, which is no reason to refuse it.
   */
  make(id: string): string | undefined {
    if (!SAFE_ID.test(id)) return undefined;
    const dir = join(this.root, id);
    try {
      rmSync(dir, { recursive: true, force: true });
      mkdirSync(this.root, { recursive: true, mode: 0o700 });
      mkdirSync(dir, { mode: 0o700 });
      return dir;
    } catch {
      return undefined;
    }
  }

  /** Removes session `id`'s temporary directory and everything in it; nothing when there is none. Never throws. */
  remove(id: string): void {
    if (!SAFE_ID.test(id)) return;
    try {
      rmSync(join(this.root, id), { recursive: true, force: true });
    } catch {
      // A file that cannot be removed now is removed by the next sweep.
    }
  }

  /**
   * Removes every session's temporary directory: at start, what sessions of a backend that did not
   * end cleanly left (their terminals went with it, which hung their programs up); at shutdown,
   * what is left once every session ended. Returns how many there were. Never throws.
   */
  sweep(): number {
    let names: string[];
    try {
      names = readdirSync(this.root);
    } catch {
      return 0;
    }
    for (const name of names) {
      try {
        rmSync(join(this.root, name), { recursive: true, force: true });
      } catch {
        // Left for the next sweep.
      }
    }
    return names.length;
  }
}
