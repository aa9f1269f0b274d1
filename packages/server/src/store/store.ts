/**
 * The backend's SQLite store: projects and sessions (docs/architecture.md § The backend, Store).
 *
 * One file, `<dataDir>/lich.db`, in WAL mode so the readers the relay makes on every lookup
 * never wait on a hook's write. The schema moves only through the numbered migrations below,
 * recorded in `PRAGMA user_version`; every multi-row change runs in one transaction so a crash
 * leaves either the old rows or the new ones, never half of each.
 */
import { existsSync, rmSync, statfsSync } from 'node:fs';
import { dirname, isAbsolute, join } from 'node:path';
import type { ModUsageBody } from '@lich/generated/types';
import Database from 'better-sqlite3';
import { systemClock, type Clock, type Timer } from '../clock.js';
import { makeDir } from '../make-dir.js';

/** A project row. `nextSeq` is the counter `Session <n>` labels are taken from. */
export interface ProjectRow {
  id: string;
  name: string;
  /** Absolute, cleaned directory path; unique. */
  path: string;
  nextSeq: number;
  activeSessionId: string;
}

/** A session row. Strings are `""` where there is none; times are milliseconds since the epoch. */
export interface SessionRow {
  id: string;
  projectId: string;
  label: string;
  /** True while the label is lich's own (or the provider's auto-title); a user rename clears it. */
  labelAuto: boolean;
  /** Provider id (`claude`, …, `shell`, or a user-defined id). */
  kind: string;
  /** Directory the session runs in. */
  path: string;
  folder: string;
  /** The card's color, written by a folder's color (`lich color-folder`): a palette name, or `""` for the theme's. */
  color: string;
  /** The model its provider was started on at birth (`--model`); passed again whenever a new conversation starts, never on a resume. */
  model: string;
  /** The reasoning effort (`--effort`), recorded and repeated like `model`: birth only. */
  effort: string;
  /** Claude Code's ultracode (`--ultracode`): passed on every start, a resume included. */
  ultracode: boolean;
  /** A parked session has no process; its row waits to be resumed. */
  parked: boolean;
  /** Last state reported through `/hook` (busy, done, waiting, idle, compacting) or `""`. */
  state: string;
  /** Tool / detail / reason of the last `/hook` report, normalised (wire.md § 11.1). */
  stateTool: string;
  stateDetail: string;
  stateReason: string;
  originSessionId: string;
  originLabel: string;
  /**
   * How many levels below its caller a `lich open --subagent` worker runs (its caller's depth
   * + 1); 0 for every other session. Handed to each start as `LICH_SUBAGENT_DEPTH`.
   */
  subagentDepth: number;
  confined: boolean;
  /** Provider that reported `providerSessionId` through `/session-start`. */
  provider: string;
  providerSessionId: string;
  title: string;
  /** When `/session-touched` last reported activity; 0 for never. */
  touchedAt: number;
  createdAt: number;
  updatedAt: number;
}

/** A new session row: everything but what the store fills in itself. */
export type NewSession = Pick<
  SessionRow,
  'id' | 'projectId' | 'label' | 'kind' | 'path' | 'folder' | 'model' | 'originSessionId' | 'originLabel' | 'confined'
> & { labelAuto?: boolean; parked?: boolean; effort?: string; ultracode?: boolean; subagentDepth?: number };

/** The migrations, in order; `user_version` = how many have run. Append, never edit. */
export const MIGRATIONS: readonly string[] = [
  `
  CREATE TABLE projects (
    id TEXT PRIMARY KEY,
    name TEXT NOT NULL,
    path TEXT NOT NULL UNIQUE,
    next_seq INTEGER NOT NULL DEFAULT 1,
    active_session_id TEXT NOT NULL DEFAULT '',
    created_at INTEGER NOT NULL,
    updated_at INTEGER NOT NULL
  );
  CREATE TABLE sessions (
    id TEXT PRIMARY KEY,
    project_id TEXT NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
    label TEXT NOT NULL,
    label_auto INTEGER NOT NULL DEFAULT 1,
    kind TEXT NOT NULL,
    path TEXT NOT NULL,
    folder TEXT NOT NULL DEFAULT '',
    model TEXT NOT NULL DEFAULT '',
    parked INTEGER NOT NULL DEFAULT 0,
    state TEXT NOT NULL DEFAULT '',
    state_tool TEXT NOT NULL DEFAULT '',
    state_detail TEXT NOT NULL DEFAULT '',
    state_reason TEXT NOT NULL DEFAULT '',
    origin_session_id TEXT NOT NULL DEFAULT '',
    origin_label TEXT NOT NULL DEFAULT '',
    confined INTEGER NOT NULL DEFAULT 0,
    provider TEXT NOT NULL DEFAULT '',
    provider_session_id TEXT NOT NULL DEFAULT '',
    title TEXT NOT NULL DEFAULT '',
    touched_at INTEGER NOT NULL DEFAULT 0,
    created_at INTEGER NOT NULL,
    updated_at INTEGER NOT NULL
  );
  CREATE INDEX sessions_project ON sessions(project_id);
  `,
  // 2: the effort and ultracode `lich open` records, so a new conversation repeats them (spec/cli.md § lich open).
  `
  ALTER TABLE sessions ADD COLUMN effort TEXT NOT NULL DEFAULT '';
  ALTER TABLE sessions ADD COLUMN ultracode INTEGER NOT NULL DEFAULT 0;
  `,
  // 3: the depth a --subagent worker runs at below its caller (spec/cli.md § lich open, --subagent).
  `
  ALTER TABLE sessions ADD COLUMN subagent_depth INTEGER NOT NULL DEFAULT 0;
  `,
  // 4: the color a folder's "Color" writes on each card in it (spec/cli.md § lich color-folder).
  `
  ALTER TABLE sessions ADD COLUMN color TEXT NOT NULL DEFAULT '';
  `,
  // 5: the latest /mod/usage report of each session (wire.md § 11.3), which lich cost reads.
  `
  CREATE TABLE usage (
    session_id TEXT PRIMARY KEY REFERENCES sessions(id) ON DELETE CASCADE,
    conversation_id TEXT NOT NULL,
    context_window INTEGER NOT NULL,
    context_tokens INTEGER,
    context_percent INTEGER,
    rate_limits TEXT,
    cost_usd REAL,
    reported_at INTEGER NOT NULL
  );
  `,
  // 6: the cost ledger lich cost sums (spec/cli.md § lich cost; packages/server/src/cost/ledger.ts):
  // one row per (session, transcript) that carries a price — lich's own (priced) or the
  // provider's (reported) — and when each session was last parked, which dates a session
  // with nothing counted.
  `
  CREATE TABLE cost_ledger (
    session_id TEXT NOT NULL REFERENCES sessions(id) ON DELETE CASCADE,
    transcript TEXT NOT NULL,
    source TEXT NOT NULL CHECK (source IN ('priced', 'reported')),
    cost_usd REAL NOT NULL,
    counted_at INTEGER NOT NULL,
    scanned_bytes INTEGER NOT NULL DEFAULT 0,
    updated_at INTEGER NOT NULL,
    PRIMARY KEY (session_id, transcript)
  );
  CREATE TABLE cost_parked (
    session_id TEXT PRIMARY KEY REFERENCES sessions(id) ON DELETE CASCADE,
    parked_at INTEGER NOT NULL
  );
  CREATE TRIGGER cost_parked_at AFTER UPDATE OF parked ON sessions
    WHEN NEW.parked = 1 AND OLD.parked = 0
  BEGIN
    INSERT OR REPLACE INTO cost_parked (session_id, parked_at) VALUES (NEW.id, NEW.updated_at);
  END;
  `,
  // 7: a worktree change lich has begun and not finished (spawn/recover.ts): written before git
  // is run to make or remove a checkout and deleted once the rows say what became of it, so a
  // backend killed in between is finished or taken back at the next start. `pid` / `pid_start`
  // name the git process last run for it (start in clock ticks since boot; 0: unknown).
  `
  CREATE TABLE checkout_intents (
    path TEXT PRIMARY KEY,
    project_dir TEXT NOT NULL,
    branch TEXT NOT NULL,
    op TEXT NOT NULL CHECK (op IN ('create', 'remove')),
    made_branch INTEGER NOT NULL DEFAULT 0,
    pid INTEGER NOT NULL DEFAULT 0,
    pid_start INTEGER NOT NULL DEFAULT 0,
    created_at INTEGER NOT NULL
  );
  `,
];

/**
 * A worktree change begun and not finished (store migration 7; spawn/recover.ts):
 * - `create`: `lich open --worktree` is making the checkout at `path` — from before git runs
 *   until the session's setup script has finished (or, without one, its row is written);
 * - `remove`: `lich close --worktree remove` is deleting it — from before its session is ended
 *   until its rows are deleted.
 */
export interface CheckoutIntent {
  /** The checkout's directory (always one under `<dataDir>/worktrees/`). */
  path: string;
  /** The project directory git is run from. */
  projectDir: string;
  branch: string;
  op: 'create' | 'remove';
  /** The open created the branch (a `create` taken back deletes it). */
  madeBranch: boolean;
  /** The git process last run for it, and its start in clock ticks since boot; 0 when none or unknown. */
  pid: number;
  pidStart: number;
  /** ms since the epoch. */
  createdAt: number;
}

interface RawIntent {
  path: string;
  project_dir: string;
  branch: string;
  op: 'create' | 'remove';
  made_branch: number;
  pid: number;
  pid_start: number;
  created_at: number;
}

const intent = (r: RawIntent): CheckoutIntent => ({
  path: r.path,
  projectDir: r.project_dir,
  branch: r.branch,
  op: r.op,
  madeBranch: r.made_branch !== 0,
  pid: r.pid,
  pidStart: r.pid_start,
  createdAt: r.created_at,
});

/**
 * A session's latest `/mod/usage` report, in the wire's shape (wire.md § 11.3): optional fields
 * the report left out are absent here too. `reported_at` is when lich took it, in ms.
 */
export type UsageRecord = ModUsageBody & { reported_at: number };

interface RawUsage {
  session_id: string;
  conversation_id: string;
  context_window: number;
  context_tokens: number | null;
  context_percent: number | null;
  rate_limits: string | null;
  cost_usd: number | null;
  reported_at: number;
}

const usage = (r: RawUsage): UsageRecord => ({
  session_id: r.session_id,
  conversation_id: r.conversation_id,
  context: {
    window: r.context_window,
    ...(r.context_tokens !== null ? { tokens: r.context_tokens } : {}),
    ...(r.context_percent !== null ? { percent: r.context_percent } : {}),
  },
  ...(r.rate_limits !== null ? { rate_limits: JSON.parse(r.rate_limits) as NonNullable<ModUsageBody['rate_limits']> } : {}),
  ...(r.cost_usd !== null ? { cost_usd: r.cost_usd } : {}),
  reported_at: r.reported_at,
});

interface RawProject {
  id: string;
  name: string;
  path: string;
  next_seq: number;
  active_session_id: string;
}

interface RawSession {
  id: string;
  project_id: string;
  label: string;
  label_auto: number;
  kind: string;
  path: string;
  folder: string;
  color: string;
  model: string;
  effort: string;
  ultracode: number;
  parked: number;
  state: string;
  state_tool: string;
  state_detail: string;
  state_reason: string;
  origin_session_id: string;
  origin_label: string;
  subagent_depth: number;
  confined: number;
  provider: string;
  provider_session_id: string;
  title: string;
  touched_at: number;
  created_at: number;
  updated_at: number;
}

const project = (r: RawProject): ProjectRow => ({
  id: r.id,
  name: r.name,
  path: r.path,
  nextSeq: r.next_seq,
  activeSessionId: r.active_session_id,
});

const session = (r: RawSession): SessionRow => ({
  id: r.id,
  projectId: r.project_id,
  label: r.label,
  labelAuto: r.label_auto !== 0,
  kind: r.kind,
  path: r.path,
  folder: r.folder,
  color: r.color,
  model: r.model,
  effort: r.effort,
  ultracode: r.ultracode !== 0,
  parked: r.parked !== 0,
  state: r.state,
  stateTool: r.state_tool,
  stateDetail: r.state_detail,
  stateReason: r.state_reason,
  originSessionId: r.origin_session_id,
  originLabel: r.origin_label,
  subagentDepth: r.subagent_depth,
  confined: r.confined !== 0,
  provider: r.provider,
  providerSessionId: r.provider_session_id,
  title: r.title,
  touchedAt: r.touched_at,
  createdAt: r.created_at,
  updatedAt: r.updated_at,
});

/**
 * How long a write waits, in all, for another program's write lock on the database before it is
 * refused, in ms: longer than any write lich itself holds (a few ms), and short enough that a
 * person who left an `sqlite3` shell mid-transaction hears about it while the command that hit it
 * still runs. The wait is on the backend's clock ({@link Store.write}), never inside SQLite.
 */
export const STORE_BUSY_MS = 5_000;

/** How often a write that met another program's lock tries it again, in ms. */
export const STORE_RETRY_MS = 25;

/**
 * How often the rows of ended sessions the database refused to park ({@link Store.parkEnded}: a
 * full or read-only disk, a lock held past the wait) are tried again while any is owed, in ms.
 */
export const STORE_PARK_RETRY_MS = 1_000;

/**
 * How long a read may wait inside SQLite for a lock, in ms. In WAL mode a read never waits for a
 * writer; what can hold one up is another program that holds the file exclusively (its
 * `locking_mode=EXCLUSIVE`) or is recovering it after a crash — rare, and short — so a read waits
 * this long, on the event loop, and then fails.
 */
export const STORE_READ_WAIT_MS = 100;

/**
 * A failure of the workspace database worded for the person who has to act on it: one sentence
 * naming the file and what to do (a lock held past {@link STORE_BUSY_MS}, a read-only file, a
 * full disk, a damaged file). The SQLite error it replaces is its `cause`.
 */
export class StoreError extends Error {
  override name = 'StoreError';
}

/**
 * `err` as a {@link StoreError} when it is one of SQLite's own failures a person can act on, else
 * `err` itself (a constraint, a bug: the caller's to word). SQLite's words (`database is locked`)
 * name neither the file nor a way out.
 *
 * @param file the database file; `waitMs` how long a write waited for another program's lock;
 *   `read` whether it was a read (which waits {@link STORE_READ_WAIT_MS} at most, and writes nothing).
 */
export function storeFailure(err: unknown, file: string, waitMs: number, read = false): unknown {
  if (err instanceof StoreError) return err;
  if (lockedOut(err)) return read ? readLocked(file, err) : writeLocked(file, waitMs, err);
  const code = (err as { code?: unknown } | null)?.code;
  if (typeof code !== 'string' || !code.startsWith('SQLITE_')) return err;
  const raw = String((err as Error).message ?? '').split('\n')[0];
  const base = code.replace(/^(SQLITE_[A-Z]+).*$/, '$1');
  let text: string | undefined;
  switch (base) {
    case 'SQLITE_READONLY':
      text = `the workspace database ${file} cannot be written (${raw}) — give this user write access to the file and its directory, then try again`;
      break;
    case 'SQLITE_FULL':
      text = `the disk holding the workspace database ${file} is full, so nothing was written — free some space, then try again`;
      break;
    case 'SQLITE_IOERR':
    case 'SQLITE_CANTOPEN':
      // SQLite says "disk I/O error" when the disk fills while it grows its shared-memory file
      // or the WAL (SQLITE_IOERR_SHMSIZE, _WRITE): the full disk is the cause to name.
      text = nearlyFull(file)
        ? `the disk holding the workspace database ${file} is full (${raw}), so nothing was written — free some space, then try again`
        : `the workspace database ${file} cannot be read or written (${raw}) — check the disk and the directory it is in, then try again`;
      break;
    case 'SQLITE_CORRUPT':
    case 'SQLITE_NOTADB':
      text = `the workspace database ${file} is damaged (${raw}) — stop lich, move the file aside (lich starts a new one, without the sessions it held) and start lich again`;
      break;
  }
  return text === undefined ? err : new StoreError(text, { cause: err });
}

/** Below this many bytes free, a failure to grow the database's files is the disk being full. */
const NEARLY_FULL_BYTES = 1 << 20;

/** Whether the filesystem holding `file` has less than {@link NEARLY_FULL_BYTES} left for this user; false when it cannot be told. */
function nearlyFull(file: string): boolean {
  if (!isAbsolute(file)) return false;
  try {
    const fs = statfsSync(dirname(file));
    return fs.bavail * fs.bsize < NEARLY_FULL_BYTES;
  } catch {
    return false;
  }
}

/** Whether `err` (or the SQLite error a {@link StoreError} wraps) is SQLite's "another connection holds the lock". */
function lockedOut(err: unknown): boolean {
  const e = err instanceof StoreError ? err.cause : err;
  const code = (e as { code?: unknown } | null)?.code;
  return typeof code === 'string' && /^SQLITE_(BUSY|LOCKED)(_|$)/.test(code);
}

/** The refusal of a write that waited `waitMs` for another program's lock and did not get it. */
function writeLocked(file: string, waitMs: number, cause?: unknown): StoreError {
  return new StoreError(
    `the workspace database ${file} is locked by another program, and it did not let go within ${waitMs / 1000} s, so nothing was written — close whatever has it open in a transaction (an sqlite3 shell, a backup or sync tool) and try again`,
    cause === undefined ? undefined : { cause },
  );
}

/** The failure of a read another program's exclusive hold kept out past {@link STORE_READ_WAIT_MS}. */
function readLocked(file: string, cause: unknown): StoreError {
  return new StoreError(
    `the workspace database ${file} is held exclusively by another program, so it could not be read — close whatever has it open (an sqlite3 shell, a backup or sync tool) and try again`,
    { cause },
  );
}

/**
 * Opens (creating if needed) and migrates a lich database.
 *
 * **Writes never wait inside SQLite.** Another program may hold the database's write lock — a
 * person's `sqlite3` shell left mid-transaction, a backup or sync tool; never another lich, which
 * the workspace lock keeps out (workspace-lock.ts). better-sqlite3 is synchronous, so a busy
 * handler would sleep on the backend's one thread: every PTY, the relay and the page would stand
 * still for as long as the wait. So every write goes through {@link write}: a transaction begun
 * IMMEDIATE without waiting (`busy_timeout` 0 for the `BEGIN`), and, when the lock is taken,
 * queued and tried again every {@link STORE_RETRY_MS} on the backend's clock, in the order the
 * writes were asked for, until {@link STORE_BUSY_MS} has passed — then refused with a
 * {@link StoreError} saying so, nothing of it written. Reads are not queued: in WAL mode a read
 * never waits for a writer (see {@link STORE_READ_WAIT_MS} for what can still hold one up), and it
 * sees the rows as the writes made so far left them.
 *
 * IMMEDIATE because a deferred transaction that reads first and then writes could not take the
 * lock half-way (SQLite fails the upgrade at once, to avoid a deadlock); this one takes it before
 * its first read, so the body runs whole or not at all. A failure SQLite words for programmers is
 * thrown as a {@link StoreError} a person can act on.
 *
 * Opening (and migrating) is the one wait inside SQLite left, up to `busyMs`: it happens before
 * the backend serves anything (server.ts), and in `lich doctor`.
 *
 * @param file path of the database file, or `:memory:`.
 * @param now clock in milliseconds, for `created_at` / `updated_at` / `touched_at`.
 * @param o see {@link StoreOptions}.
 * @throws Error when the file was written by a newer lich (its `user_version` is past the
 *   migrations this build knows); StoreError when it cannot be opened, is locked past the wait,
 *   or is damaged.
 */
export class Store {
  readonly db: Database.Database;
  private readonly now: () => number;
  private readonly q: Statements;
  private readonly busyMs: number;
  private readonly parkRetryMs: number;
  private readonly clock: Clock;
  private readonly log: ((line: string) => void) | undefined;
  private written = 0;
  /** Who {@link onWrite} tells, and the revision they were last told. */
  private readonly writeListeners = new Set<(revision: number) => void>();
  private announced = 0;
  private announcing = false;
  /** Writes that met another program's lock, oldest first, and the timer that tries them again. */
  private readonly waiting: Waiting[] = [];
  private retry: Timer | undefined;
  /** When the writes now waiting started to (the backend's clock), for the line that says they are done; undefined while none waits. */
  private waitingSince: number | undefined;
  /** Who {@link settled} resolves once no write waits. */
  private readonly idle: Array<() => void> = [];
  private readonly busyNone: Database.Statement;
  private readonly busyRead: Database.Statement;
  /**
   * Sessions whose process has ended and whose row the database refused to park
   * ({@link parkEnded}), each with the token of the exit that owes it: tried again every
   * `parkRetryMs` until made, or until a new run unparks the row or the row goes.
   */
  private readonly owedParks = new Map<string, symbol>();
  private parkRetry: Timer | undefined;

  /**
   * A counter that moves on every write this store makes (a statement run through it, a
   * transaction included): what a reader that caches rows compares to know they are still the
   * rows. The workspace lock (workspace-lock.ts) means no other process writes this file.
   */
  get revision(): number {
    return this.written;
  }

  constructor(file: string, now: () => number = Date.now, o: StoreOptions = {}) {
    this.now = now;
    this.busyMs = o.busyMs ?? STORE_BUSY_MS;
    this.parkRetryMs = o.parkRetryMs ?? STORE_PARK_RETRY_MS;
    this.clock = o.clock ?? systemClock;
    this.log = o.log;
    try {
      this.db = new Database(file);
    } catch (err) {
      throw storeFailure(err, file, this.busyMs);
    }
    try {
      this.db.pragma(`busy_timeout = ${this.busyMs}`);
      this.db.pragma('journal_mode = WAL');
      this.db.pragma('foreign_keys = ON');
      migrate(this.db, file);
      this.db.pragma(`busy_timeout = ${STORE_READ_WAIT_MS}`);
    } catch (err) {
      this.db.close();
      throw storeFailure(err, file, this.busyMs);
    }
    this.busyNone = this.db.prepare('PRAGMA busy_timeout = 0');
    this.busyRead = this.db.prepare(`PRAGMA busy_timeout = ${STORE_READ_WAIT_MS}`);
    this.q = prepare(this.db);
    // Every write goes through a statement's run(), the ad hoc ones included (db.prepare below),
    // and every statement's failure through storeFailure. The migrations above ran before any
    // listener could subscribe.
    const prepareRaw = this.db.prepare.bind(this.db);
    const guarded = <S extends Database.Statement>(st: S): S => {
      for (const method of ['get', 'all', 'iterate'] as const) {
        const call = (st[method] as (...args: unknown[]) => unknown).bind(st);
        (st as Record<string, unknown>)[method] = (...args: unknown[]) => {
          try {
            return call(...args);
          } catch (err) {
            throw storeFailure(err, file, this.busyMs, !this.db.inTransaction);
          }
        };
      }
      if (st.reader) return st;
      const run = st.run.bind(st);
      st.run = ((...args: unknown[]) => {
        // Outside write() a statement would take the lock inside SQLite, on the event loop.
        if (!this.db.inTransaction) throw new Error(`a write to ${file} outside Store.write: ${st.source}`);
        this.written++;
        try {
          return run(...(args as []));
        } catch (err) {
          throw storeFailure(err, file, this.busyMs);
        }
      }) as S['run'];
      return st;
    };
    for (const st of Object.values(this.q)) guarded(st as Database.Statement);
    this.db.prepare = ((source: string) => guarded(prepareRaw(source))) as typeof this.db.prepare;
  }

  /**
   * Runs `fn` in one transaction begun IMMEDIATE, without waiting inside SQLite (see the class
   * comment): at once when no write waits and the lock is free, else after the writes asked for
   * before it, once another program lets the lock go. Every write of this store goes through here
   * (a statement's `run()` outside it throws); `fn` may run more than once — a try that met the
   * lock is rolled back and tried again — so it touches nothing but the database. Called inside
   * another write's `fn`, it is part of that transaction (a savepoint), run at once.
   *
   * @returns what `fn` returned, once its transaction has committed.
   * @throws (the promise rejects) StoreError when the lock was not let go within the wait
   *   (nothing written), when the store closed first, or for any other failure SQLite words
   *   ({@link storeFailure}: a read-only or full disk, a damaged file) — the transaction rolled
   *   back; whatever else `fn` threw, likewise rolled back.
   */
  write<T>(fn: () => T): Promise<T> {
    if (this.db.inTransaction) {
      try {
        return Promise.resolve(this.db.transaction(fn)());
      } catch (err) {
        return Promise.reject(storeFailure(err, this.db.name, this.busyMs));
      }
    }
    if (this.waiting.length === 0) {
      try {
        const done = this.attempt(fn);
        if (done !== LOCKED) return Promise.resolve(done.value);
      } catch (err) {
        return Promise.reject(err);
      }
    }
    if (this.waitingSince === undefined) {
      this.waitingSince = this.clock.now();
      this.log?.(
        `the workspace database ${this.db.name} is locked by another program: lich's writes wait for it (each up to ${this.busyMs / 1000} s) while the rest of lich goes on`,
      );
    }
    return new Promise<T>((resolve, reject) => {
      this.waiting.push({ fn, resolve: resolve as (v: unknown) => void, reject, deadline: this.clock.now() + this.busyMs });
      this.schedule();
    });
  }

  /**
   * Resolves once no write waits for another program's lock: each waiting one made or refused
   * (within {@link STORE_BUSY_MS} of being asked). At once when none waits. Never rejects.
   */
  settled(): Promise<void> {
    if (this.waiting.length === 0) return Promise.resolve();
    return new Promise((resolve) => this.idle.push(resolve));
  }

  /** One try at `fn`'s transaction without waiting: its value, or LOCKED when another connection holds the lock (nothing ran, or all of it rolled back). */
  private attempt<T>(fn: () => T): { value: T } | typeof LOCKED {
    this.busyNone.get();
    try {
      return { value: this.db.transaction(fn).immediate() };
    } catch (err) {
      if (lockedOut(err)) return LOCKED;
      throw storeFailure(err, this.db.name, this.busyMs);
    } finally {
      this.busyRead.get();
      // Committed (or rolled back): its writes are told once, now.
      if (this.writeListeners.size > 0) this.announce();
    }
  }

  private schedule(): void {
    if (this.retry !== undefined || this.waiting.length === 0) return;
    this.retry = this.clock.after(STORE_RETRY_MS, () => {
      this.retry = undefined;
      this.drain();
    });
  }

  /** Tries the waiting writes in order until one meets the lock; refuses those whose wait is over. */
  private drain(): void {
    while (this.waiting.length > 0) {
      const head = this.waiting[0];
      let done: { value: unknown } | typeof LOCKED;
      try {
        done = this.attempt(head.fn);
      } catch (err) {
        this.waiting.shift();
        head.reject(err);
        continue;
      }
      if (done !== LOCKED) {
        this.waiting.shift();
        head.resolve(done.value);
        continue;
      }
      // Asked for in order, each with the same wait: the ones whose wait is over are at the front.
      const now = this.clock.now();
      while (this.waiting.length > 0 && this.waiting[0].deadline <= now) this.waiting.shift()!.reject(writeLocked(this.db.name, this.busyMs));
      break;
    }
    if (this.waiting.length > 0) return this.schedule();
    // A listener's write queued during the round above may have been made by it already: the
    // timer it set then finds nothing, and the wait was over before.
    if (this.waitingSince !== undefined) {
      this.log?.(`the workspace database ${this.db.name} is free again after ${((this.clock.now() - this.waitingSince) / 1000).toFixed(1)} s: no write of lich's waits for it`);
      this.waitingSince = undefined;
    }
    for (const resolve of this.idle.splice(0)) resolve();
  }

  /**
   * Subscribes to the store's writes: `listener(revision)` runs, synchronously in the writer's
   * call, after each write that moved {@link revision}, once no transaction is open — the writes
   * of a transaction are told once, after it ends. A transaction that rolled back and a statement
   * that failed are told too: the revision moved, though the rows may be as they were, so a
   * listener takes the call as "may have changed". A listener that throws is logged (`o.log` of
   * the constructor) and the others are still told; the write stands. A listener that writes is
   * told of its own write after the current round, never inside it. With no listener a write
   * costs the counter alone.
   *
   * @returns unsubscribe (idempotent).
   */
  onWrite(listener: (revision: number) => void): () => void {
    // Writes made while nobody listened are nobody's news.
    if (this.writeListeners.size === 0) this.announced = this.written;
    this.writeListeners.add(listener);
    return () => void this.writeListeners.delete(listener);
  }

  /** Tells the write listeners of every write not yet told, unless a transaction is still open. */
  private announce(): void {
    if (this.announcing) return;
    this.announcing = true;
    try {
      while (this.announced !== this.written && !this.db.inTransaction) {
        const revision = (this.announced = this.written);
        for (const listener of [...this.writeListeners]) {
          try {
            listener(revision);
          } catch (err) {
            this.log?.(`a store write listener failed: ${(err as Error | undefined)?.message ?? String(err)}`);
          }
        }
      }
    } finally {
      this.announcing = false;
    }
  }

  /**
   * Closes the database. A write still waiting for another program's lock is refused (nothing of
   * it written): call {@link settled} first to give each its wait. Idempotent.
   */
  close(): void {
    this.retry?.cancel();
    this.retry = undefined;
    // What is still owed is parked by the next start's parkAll: no process survives a restart.
    this.parkRetry?.cancel();
    this.parkRetry = undefined;
    this.owedParks.clear();
    this.waitingSince = undefined;
    const left = this.waiting.splice(0);
    if (this.db.open) this.db.close();
    for (const w of left) {
      w.reject(new StoreError(`lich closed the workspace database ${this.db.name} while this write waited for another program's lock, so nothing was written`));
    }
    for (const resolve of this.idle.splice(0)) resolve();
  }

  project(id: string): ProjectRow | undefined {
    const r = this.q.projectById.get(id) as RawProject | undefined;
    return r && project(r);
  }

  projectByPath(path: string): ProjectRow | undefined {
    const r = this.q.projectByPath.get(path) as RawProject | undefined;
    return r && project(r);
  }

  /** Every project, oldest first. */
  projects(): ProjectRow[] {
    return (this.q.projects.all() as RawProject[]).map(project);
  }

  /** Inserts a project with its counter at 1. @throws (rejects) on a duplicate path. */
  insertProject(p: { id: string; name: string; path: string }): Promise<ProjectRow> {
    return this.write(() => this.putProject(p));
  }

  private putProject(p: { id: string; name: string; path: string }): ProjectRow {
    const t = this.now();
    this.q.insertProject.run(p.id, p.name, p.path, t, t);
    return this.project(p.id)!;
  }

  session(id: string): SessionRow | undefined {
    const r = this.q.sessionById.get(id) as RawSession | undefined;
    return r && session(r);
  }

  /** Every session, oldest first. */
  sessions(): SessionRow[] {
    return (this.q.sessions.all() as RawSession[]).map(session);
  }

  sessionsOfProject(projectId: string): SessionRow[] {
    return (this.q.sessionsOfProject.all(projectId) as RawSession[]).map(session);
  }

  /** Inserts a session row as it is. @throws (rejects) on a duplicate id or an unknown project. */
  insertSession(s: NewSession): Promise<SessionRow> {
    return this.write(() => this.putSession(s));
  }

  private putSession(s: NewSession): SessionRow {
    this.q.insertSession.run({
      ...s,
      labelAuto: s.labelAuto === false ? 0 : 1,
      parked: s.parked ? 1 : 0,
      confined: s.confined ? 1 : 0,
      effort: s.effort ?? '',
      ultracode: s.ultracode ? 1 : 0,
      subagentDepth: s.subagentDepth ?? 0,
      now: this.now(),
    });
    return this.session(s.id)!;
  }

  /**
   * Writes a spawned session the way the window writes one, in one transaction: the project
   * (when `newProject` is given, it is inserted first), the row with the label `pick` chooses
   * from the project's counter, the counter moved past it, and the project's active slot
   * (spec/cli.md § Known ceilings, "An opened session takes the project's active slot").
   *
   * @param pick receives the project's current counter and the labels already taken in the
   *   project (lower-cased); returns the label, the counter's new value, and whether the label
   *   is an auto one the provider's title may replace (`auto`, default true). It may be called
   *   more than once ({@link write}).
   * @returns the row and the project as they stand after the write.
   */
  openSession(
    newProject: { id: string; name: string; path: string } | undefined,
    projectId: string,
    s: Omit<NewSession, 'projectId' | 'label'>,
    pick: (nextSeq: number, taken: Set<string>) => { label: string; nextSeq: number; auto?: boolean },
  ): Promise<{ session: SessionRow; project: ProjectRow }> {
    return this.write(() => {
      if (newProject) this.putProject(newProject);
      const p = this.project(projectId);
      if (!p) throw new Error(`no project with id ${projectId}`);
      const taken = new Set(this.sessionsOfProject(projectId).map((r) => r.label.toLowerCase()));
      const { label, nextSeq, auto } = pick(p.nextSeq, taken);
      const t = this.now();
      this.putSession({ ...s, projectId, label, ...(auto === false ? { labelAuto: false } : {}) });
      this.q.bumpSeq.run(nextSeq, t, projectId);
      this.q.setActive.run(s.id, t, projectId);
      return { session: this.session(s.id)!, project: this.project(projectId)! };
    });
  }

  /**
   * Parks or unparks a session. Parking clears its reported state: a parked session has no
   * process to be in one. When the parked session held its project's active slot, the slot
   * moves to the newest unparked session left, or empties.
   */
  setParked(id: string, parked: boolean): Promise<void> {
    if (!parked) this.owedParks.delete(id);
    return this.write(() => {
      if (parked) return this.park(id);
      this.q.setParked.run(0, 0, this.now(), id);
    });
  }

  /**
   * Parks the row of a session whose process has ended — its exit, or a start that failed. The
   * process is gone whatever the database says, so a park it refuses (a full or read-only disk, a
   * lock held past the wait) is not dropped: it is owed, and tried again every `o.parkRetryMs`
   * ({@link STORE_PARK_RETRY_MS}) on the store's clock until it is made (the log then says so), a
   * new run of the session unparks the row ({@link resumeSession}), the row is deleted, or the
   * store closes (the next start's {@link parkAll} parks it). Whoever decides whether a session
   * runs reads the terminal meanwhile, not this row (spawn/spawn.ts `running`).
   *
   * A close parks with {@link setParked} instead, before it ends the process: a close the
   * database refuses changes nothing.
   *
   * @returns (resolves) once parked; rejects with the first try's refusal, the park then owed.
   */
  parkEnded(id: string): Promise<void> {
    const token = Symbol(id);
    this.owedParks.set(id, token);
    return this.write(() => {
      // Unparked since by a new run (resumeSession): this exit's park is no longer owed.
      if (this.owedParks.get(id) === token) this.park(id);
    }).then(
      () => {
        if (this.owedParks.get(id) === token) this.owedParks.delete(id);
      },
      (err: unknown) => {
        this.scheduleParks();
        throw err;
      },
    );
  }

  /** Sets the next try at the owed parks, unless one is set or none is owed. */
  private scheduleParks(): void {
    if (this.parkRetry !== undefined || this.owedParks.size === 0 || !this.db.open) return;
    this.parkRetry = this.clock.after(this.parkRetryMs, () => {
      this.parkRetry = undefined;
      this.retryParks();
    });
  }

  /** One try at every owed park, in one transaction; the ones made are logged, the rest tried again later. */
  private retryParks(): void {
    const owed = [...this.owedParks];
    if (owed.length === 0 || !this.db.open) return;
    this.write(() => {
      for (const [id, token] of owed) if (this.owedParks.get(id) === token) this.park(id);
    }).then(
      () => {
        for (const [id, token] of owed) {
          if (this.owedParks.get(id) !== token) continue;
          this.owedParks.delete(id);
          this.log?.(`session ${id}: its row is parked now that the workspace database takes writes again`);
        }
        this.scheduleParks();
      },
      () => this.scheduleParks(),
    );
  }

  /** Parks row `id` and moves its project's active slot off it (inside a write). */
  private park(id: string): void {
    const t = this.now();
    this.q.setParked.run(1, 1, t, id);
    const s = this.session(id);
    if (!s) return;
    const p = this.project(s.projectId);
    if (!p || p.activeSessionId !== id) return;
    const rest = this.sessionsOfProject(p.id).filter((r) => !r.parked);
    this.q.setActive.run(rest.length ? rest[rest.length - 1].id : '', t, p.id);
  }

  /** Parks every session still marked running: called at startup, when no PTY can have survived. Resolves with how many. */
  parkAll(): Promise<number> {
    return this.write(() => this.q.parkAll.run(this.now()).changes);
  }

  /** Records a normalised `/hook` report. Resolves false when no such session exists. */
  setState(id: string, r: { state: string; tool: string; detail: string; reason: string }): Promise<boolean> {
    return this.write(() => this.q.setState.run(r.state, r.tool, r.detail, r.reason, this.now(), id).changes > 0);
  }

  /** Records a `/session-start` report. Resolves false when no such session exists. */
  setProviderSession(id: string, provider: string, providerSessionId: string): Promise<boolean> {
    return this.write(() => this.q.setProviderSession.run(provider, providerSessionId, this.now(), id).changes > 0);
  }

  /**
   * Records the provider's auto-title as the session's title and label, unless the user renamed
   * the session (`label_auto = 0`; spec/cli.md § lich rename). The label stays as it was when
   * another session of the project already carries the title (case-insensitively), because two
   * sessions under one name is the one thing `lich send` cannot resolve.
   *
   * @returns (resolves) false when the session does not exist or its label is the user's.
   */
  setTitle(id: string, title: string): Promise<boolean> {
    return this.write(() => {
      const s = this.session(id);
      if (!s || !s.labelAuto) return false;
      const clash = this.sessionsOfProject(s.projectId).some(
        (r) => r.id !== id && r.label.toLowerCase() === title.toLowerCase(),
      );
      return this.q.setTitle.run(title, clash ? s.label : title, this.now(), id).changes > 0;
    });
  }

  /**
   * Sets a label; `auto` false marks it the user's, so auto-titles leave it alone from then on.
   * `check`, when given, is handed the session's project's rows as they stand inside the write
   * and may throw to refuse it (a label another session holds): nothing is then written.
   */
  setLabel(id: string, label: string, auto: boolean, check?: (siblings: SessionRow[]) => void): Promise<void> {
    return this.write(() => {
      if (check) {
        const s = this.session(id);
        check(s ? this.sessionsOfProject(s.projectId) : []);
      }
      this.q.setLabel.run(label, auto ? 1 : 0, this.now(), id);
    });
  }

  /**
   * Files a session under `folder` (`""` takes it out of any). The folder is a name sessions
   * share, so filing under a name nobody carries yet is what creates that folder.
   * Resolves false when no such session exists.
   */
  setFolder(id: string, folder: string): Promise<boolean> {
    return this.write(() => this.q.setFolder.run(folder, this.now(), id).changes > 0);
  }

  /** Records whether session `id` runs confined (a resumed row follows the rung of the open that resumes it). Resolves false when no such session exists. */
  setConfined(id: string, confined: boolean): Promise<boolean> {
    return this.write(() => this.q.setConfined.run(confined ? 1 : 0, this.now(), id).changes > 0);
  }

  /**
   * Writes what a resuming open asked for onto parked row `id` (spawn/reopen.ts): its origin and
   * subagent depth always; `model` / `effort` only when named (`""` keeps the recorded one);
   * `ultracode` only when asked for. Resolves whether the row exists.
   */
  placeReopened(
    id: string,
    r: { originSessionId: string; originLabel: string; subagentDepth: number; model: string; effort: string; ultracode: boolean },
  ): Promise<boolean> {
    return this.write(
      () =>
        this.q.placeReopened.run({
          originSessionId: r.originSessionId,
          originLabel: r.originLabel,
          subagentDepth: r.subagentDepth,
          model: r.model,
          effort: r.effort,
          ultracode: r.ultracode ? 1 : 0,
          now: this.now(),
          id,
        }).changes > 0,
    );
  }

  /**
   * Files every session of `ids` under `folder` and writes `color` on each card (either left as
   * it is when `undefined`), in one transaction: a folder rename or ungroup moves every card at
   * once, parked ones included (spec/cli.md § lich rename-folder, § lich color-folder).
   * Resolves how many rows changed.
   */
  refile(ids: readonly string[], change: { folder?: string; color?: string }): Promise<number> {
    return this.write(() => {
      const t = this.now();
      let n = 0;
      for (const id of ids) {
        if (change.folder !== undefined) n += this.q.setFolder.run(change.folder, t, id).changes;
        if (change.color !== undefined) n += this.q.setColor.run(change.color, t, id).changes;
      }
      return n;
    });
  }

  /** Gives `id` its project's active slot: the card the window opens on (`lich focus`). Resolves false when no such session exists. */
  setActiveSession(id: string): Promise<boolean> {
    return this.write(() => {
      const s = this.session(id);
      if (!s) return false;
      this.q.setActive.run(id, this.now(), s.projectId);
      return true;
    });
  }

  /** Records `/session-touched`. Resolves false when no such session exists. */
  touch(id: string): Promise<boolean> {
    return this.write(() => {
      const t = this.now();
      return this.q.touch.run(t, t, id).changes > 0;
    });
  }

  /**
   * Records a normalised `/mod/usage` report as the session's usage, replacing the one before:
   * the latest report wins. Resolves false when no such session exists (nothing is written).
   */
  setUsage(u: ModUsageBody): Promise<boolean> {
    return this.write(
      () =>
        this.q.setUsage.run({
          sessionId: u.session_id,
          conversationId: u.conversation_id,
          window: u.context.window,
          tokens: u.context.tokens ?? null,
          percent: u.context.percent ?? null,
          rateLimits: u.rate_limits ? JSON.stringify(u.rate_limits) : null,
          cost: u.cost_usd ?? null,
          now: this.now(),
        }).changes > 0,
    );
  }

  /** The session's latest `/mod/usage` report, or undefined when it made none. */
  usage(sessionId: string): UsageRecord | undefined {
    const r = this.q.usageById.get(sessionId) as RawUsage | undefined;
    return r && usage(r);
  }

  /**
   * Unparks a parked session to start it again (a kept worktree's session resumed by
   * `lich open --worktree`; spec/cli.md § lich close, keep), and gives it its project's active
   * slot the way a spawned session takes it. Resolves the row and project as they now stand,
   * or undefined when no such session exists.
   */
  resumeSession(id: string): Promise<{ session: SessionRow; project: ProjectRow } | undefined> {
    // A new run: a park the last one's exit still owes ({@link parkEnded}) is not made over it.
    this.owedParks.delete(id);
    return this.write(() => {
      const t = this.now();
      if (this.q.unpark.run(t, id).changes === 0) return undefined;
      const s = this.session(id)!;
      this.q.setActive.run(id, t, s.projectId);
      return { session: s, project: this.project(s.projectId)! };
    });
  }

  /**
   * Records that a worktree change has begun at `i.path` (spawn/recover.ts), replacing one
   * recorded there before (a `create` whose checkout is now being removed).
   */
  beginCheckout(i: Pick<CheckoutIntent, 'path' | 'projectDir' | 'branch' | 'op' | 'madeBranch'>): Promise<void> {
    return this.write(() => {
      this.q.beginCheckout.run(i.path, i.projectDir, i.branch, i.op, i.madeBranch ? 1 : 0, this.now());
    });
  }

  /** Records the git process now run for the change at `path` (nothing when none is recorded there). */
  checkoutRunning(path: string, pid: number, pidStart: number): Promise<void> {
    return this.write(() => {
      this.q.checkoutRunning.run(pid, pidStart, path);
    });
  }

  /** The change at `path` is over, one way or the other. */
  endCheckout(path: string): Promise<void> {
    return this.write(() => {
      this.q.endCheckout.run(path);
    });
  }

  /** Every worktree change begun and not finished, oldest first. */
  checkoutIntents(): CheckoutIntent[] {
    return (this.q.checkoutIntents.all() as RawIntent[]).map(intent);
  }

  /** The worktree change begun at `path` and not finished, if any. */
  checkoutIntent(path: string): CheckoutIntent | undefined {
    const r = this.q.checkoutIntent.get(path) as RawIntent | undefined;
    return r && intent(r);
  }

  /**
   * Deletes session rows for good (a removed worktree's session and the parked rows pointing at
   * it; spec/cli.md § lich close, remove), in one transaction; a project whose active slot one of
   * them held gets its newest unparked session left, or none. With `o.endCheckout`, the worktree
   * change recorded at that path ends in the same transaction (a removal is over exactly when
   * its rows are gone). Resolves how many rows went.
   */
  deleteSessions(ids: string[], o: { endCheckout?: string } = {}): Promise<number> {
    if (ids.length === 0 && o.endCheckout === undefined) return Promise.resolve(0);
    return this.write(() => {
      if (o.endCheckout !== undefined) this.q.endCheckout.run(o.endCheckout);
      const t = this.now();
      const projects = new Set<string>();
      let n = 0;
      for (const id of ids) {
        const s = this.session(id);
        if (!s) continue;
        projects.add(s.projectId);
        n += this.q.deleteSession.run(id).changes;
      }
      for (const pid of projects) {
        const p = this.project(pid);
        if (!p || (p.activeSessionId !== '' && this.session(p.activeSessionId))) continue;
        const rest = this.sessionsOfProject(pid).filter((r) => !r.parked);
        this.q.setActive.run(rest.length ? rest[rest.length - 1].id : '', t, pid);
      }
      return n;
    }).then((n) => {
      // Gone for good, the rows owe no park (a refused delete leaves the parks owed as they were).
      for (const id of ids) this.owedParks.delete(id);
      return n;
    });
  }
}

/** What {@link Store}'s constructor and {@link openStore} take besides the file and the clock of row times. */
export interface StoreOptions {
  /** How long a write waits for another program's lock, ms (default {@link STORE_BUSY_MS}). */
  busyMs?: number;
  /** How often owed parks are tried again, ms (default {@link STORE_PARK_RETRY_MS}; {@link Store.parkEnded}). */
  parkRetryMs?: number;
  /** The clock a waiting write and an owed park are timed on (default the wall clock). */
  clock?: Clock;
  /** Where the store says a write waits for another program's lock, an owed park made, and a write listener's failure (one line each; default: nowhere). */
  log?: (line: string) => void;
}

/** A write {@link Store.write} queued behind another program's lock. */
interface Waiting {
  fn: () => unknown;
  resolve: (value: unknown) => void;
  reject: (err: unknown) => void;
  /** When its wait is over, by the store's clock (ms). */
  deadline: number;
}

/** What a try at a write returns when another connection holds the lock. */
const LOCKED = Symbol('locked');

/**
 * Opens `<dataDir>/lich.db`, creating the directory (0700) first. A database this call created
 * and could not make whole (a disk that filled while SQLite wrote its header, WAL or
 * shared-memory file) is removed with its `-wal` and `-shm`: nothing half-made is left for the
 * next start, or a `lich doctor` that only looked, to find.
 *
 * @throws as {@link Store}'s constructor; an Error with the system's own reason (EROFS, EACCES …)
 *   when the directory cannot be made (make-dir.ts).
 */
export function openStore(dataDir: string, now?: () => number, o: StoreOptions = {}): Store {
  makeDir(dataDir, 0o700);
  const file = join(dataDir, 'lich.db');
  const existed = existsSync(file);
  try {
    return new Store(file, now, o);
  } catch (err) {
    if (!existed) for (const f of [file, `${file}-wal`, `${file}-shm`]) rmSync(f, { force: true });
    throw err;
  }
}

function prepare(db: Database.Database) {
  return {
    projectById: db.prepare('SELECT * FROM projects WHERE id = ?'),
    projectByPath: db.prepare('SELECT * FROM projects WHERE path = ?'),
    projects: db.prepare('SELECT * FROM projects ORDER BY created_at, rowid'),
    insertProject: db.prepare(
      'INSERT INTO projects (id, name, path, next_seq, active_session_id, created_at, updated_at) VALUES (?, ?, ?, 1, \'\', ?, ?)',
    ),
    bumpSeq: db.prepare('UPDATE projects SET next_seq = ?, updated_at = ? WHERE id = ?'),
    setActive: db.prepare('UPDATE projects SET active_session_id = ?, updated_at = ? WHERE id = ?'),
    sessionById: db.prepare('SELECT * FROM sessions WHERE id = ?'),
    sessions: db.prepare('SELECT * FROM sessions ORDER BY created_at, rowid'),
    sessionsOfProject: db.prepare('SELECT * FROM sessions WHERE project_id = ? ORDER BY created_at, rowid'),
    insertSession: db.prepare(`INSERT INTO sessions
      (id, project_id, label, label_auto, kind, path, folder, model, effort, ultracode, parked, origin_session_id, origin_label, subagent_depth, confined, created_at, updated_at)
      VALUES (@id, @projectId, @label, @labelAuto, @kind, @path, @folder, @model, @effort, @ultracode, @parked, @originSessionId, @originLabel, @subagentDepth, @confined, @now, @now)`),
    setParked: db.prepare('UPDATE sessions SET parked = ?, state = CASE WHEN ? THEN \'\' ELSE state END, updated_at = ? WHERE id = ?'),
    parkAll: db.prepare('UPDATE sessions SET parked = 1, state = \'\', updated_at = ? WHERE parked = 0'),
    setState: db.prepare(
      'UPDATE sessions SET state = ?, state_tool = ?, state_detail = ?, state_reason = ?, updated_at = ? WHERE id = ?',
    ),
    setProviderSession: db.prepare(
      'UPDATE sessions SET provider = ?, provider_session_id = ?, updated_at = ? WHERE id = ?',
    ),
    setTitle: db.prepare('UPDATE sessions SET title = ?, label = ?, updated_at = ? WHERE id = ? AND label_auto = 1'),
    setLabel: db.prepare('UPDATE sessions SET label = ?, label_auto = ?, updated_at = ? WHERE id = ?'),
    touch: db.prepare('UPDATE sessions SET touched_at = ?, updated_at = ? WHERE id = ?'),
    setFolder: db.prepare('UPDATE sessions SET folder = ?, updated_at = ? WHERE id = ?'),
    placeReopened: db.prepare(
      `UPDATE sessions SET origin_session_id = @originSessionId, origin_label = @originLabel, subagent_depth = @subagentDepth,
         model = CASE WHEN @model = '' THEN model ELSE @model END,
         effort = CASE WHEN @effort = '' THEN effort ELSE @effort END,
         ultracode = CASE WHEN @ultracode THEN 1 ELSE ultracode END,
         updated_at = @now
       WHERE id = @id`,
    ),
    setColor: db.prepare('UPDATE sessions SET color = ?, updated_at = ? WHERE id = ?'),
    setConfined: db.prepare('UPDATE sessions SET confined = ?, updated_at = ? WHERE id = ?'),
    unpark: db.prepare('UPDATE sessions SET parked = 0, updated_at = ? WHERE id = ?'),
    deleteSession: db.prepare('DELETE FROM sessions WHERE id = ?'),
    setUsage: db.prepare(`INSERT INTO usage
      (session_id, conversation_id, context_window, context_tokens, context_percent, rate_limits, cost_usd, reported_at)
      SELECT @sessionId, @conversationId, @window, @tokens, @percent, @rateLimits, @cost, @now
      WHERE EXISTS (SELECT 1 FROM sessions WHERE id = @sessionId)
      ON CONFLICT(session_id) DO UPDATE SET conversation_id = excluded.conversation_id,
        context_window = excluded.context_window, context_tokens = excluded.context_tokens,
        context_percent = excluded.context_percent, rate_limits = excluded.rate_limits,
        cost_usd = excluded.cost_usd, reported_at = excluded.reported_at`),
    usageById: db.prepare('SELECT * FROM usage WHERE session_id = ?'),
    beginCheckout: db.prepare(
      'INSERT OR REPLACE INTO checkout_intents (path, project_dir, branch, op, made_branch, created_at) VALUES (?, ?, ?, ?, ?, ?)',
    ),
    checkoutRunning: db.prepare('UPDATE checkout_intents SET pid = ?, pid_start = ? WHERE path = ?'),
    endCheckout: db.prepare('DELETE FROM checkout_intents WHERE path = ?'),
    checkoutIntents: db.prepare('SELECT * FROM checkout_intents ORDER BY created_at, rowid'),
    checkoutIntent: db.prepare('SELECT * FROM checkout_intents WHERE path = ?'),
  };
}

type Statements = ReturnType<typeof prepare>;

function migrate(db: Database.Database, file: string): void {
  const version = db.pragma('user_version', { simple: true }) as number;
  if (version > MIGRATIONS.length) {
    throw new Error(
      `the database ${file} is at schema version ${version}, written by a newer lich than this one (which knows ${MIGRATIONS.length}): run that lich, or move the file aside`,
    );
  }
  for (let v = version; v < MIGRATIONS.length; v++) {
    // IMMEDIATE, as every write here (Store): the version is read again under the write lock, so
    // a migration another connection ran meanwhile is not run twice.
    db.transaction(() => {
      if ((db.pragma('user_version', { simple: true }) as number) !== v) return;
      db.exec(MIGRATIONS[v]);
      db.pragma(`user_version = ${v + 1}`);
    }).immediate();
  }
}
