// The data directory under faults (issue 22): lich.db on a full filesystem and on a read-only one,
// for real — a small tmpfs mounted over the backend's XDG_DATA_HOME, filled to the last block or
// remounted read-only; and the config directory (runtime.json, lich.log) the same way. What must hold: a write that fails is one `lich:` line (exit 1) or a
// JSON / hook error naming the real cause, the backend keeps running, the store is never left
// half-written (`PRAGMA integrity_check`), nothing of a failed start is left behind, and once
// space (or write access) is back lich works again.
//
// Root only: mounting is. The tmpfs is unmounted after each case.

import { execFileSync } from 'node:child_process';
import { closeSync, existsSync, mkdirSync, mkdtempSync, openSync, readdirSync, readFileSync, rmSync, statSync, truncateSync, unlinkSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startChildBackend, type ChildBackend } from './child-backend.js';
import { inertProvider, runLich, type Run } from './harness.js';

const root = process.getuid?.() === 0;

let home: string;
let data: string;
let cb: ChildBackend | undefined;
const mounts: string[] = [];

beforeEach(() => {
  home = mkdtempSync(join(tmpdir(), 'lich-datadir-e2e-'));
  data = join(home, 'data');
  mkdirSync(data);
});
afterEach(async () => {
  await cb?.quit();
  cb = undefined;
  for (const m of mounts.splice(0)) execFileSync('umount', ['-l', m]);
  rmSync(home, { recursive: true, force: true });
});

/** Mounts a tmpfs of `size` over `dir` (`ro` read-only). */
function tmpfs(dir: string, size: string, o: { ro?: boolean } = {}): void {
  execFileSync('mount', ['-t', 'tmpfs', '-o', `size=${size}${o.ro ? ',ro' : ''}`, 'tmpfs', dir]);
  mounts.push(dir);
}

/** Remounts the tmpfs at `dir` read-only or read-write. */
function remount(dir: string, mode: 'ro' | 'rw'): void {
  execFileSync('mount', ['-o', `remount,${mode}`, dir]);
}

/** Fills the filesystem holding `dir` to its last block; returns the filler's path (unlink it to free the space). */
function fill(dir: string): string {
  const file = join(dir, 'filler');
  const fd = openSync(file, 'w');
  const chunk = Buffer.alloc(64 << 10);
  try {
    for (;;) writeSync(fd, chunk);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOSPC') throw err;
  } finally {
    closeSync(fd);
  }
  // The last blocks a 64 KiB chunk did not fit into.
  const fd2 = openSync(file, 'a');
  try {
    for (;;) writeSync(fd2, Buffer.alloc(512));
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOSPC') throw err;
  } finally {
    closeSync(fd2);
  }
  return file;
}

/** `lich …args` outside any backend, on this test's directories. */
function lich(args: string[], env: Record<string, string> = {}): Promise<Run> {
  return runLich(args, { env: { HOME: home, XDG_CONFIG_HOME: join(home, 'config'), XDG_DATA_HOME: data, LICH_LISTEN_PORT: '0', ...env } });
}

/** `PRAGMA integrity_check` of the store, and its session rows' labels (parked ones included), read-only. */
function inspect(file: string): { integrity: string; labels: string[] } {
  const db = new Database(file, { readonly: true, fileMustExist: true });
  try {
    return {
      integrity: String(db.pragma('integrity_check', { simple: true })),
      labels: (db.prepare('SELECT label FROM sessions ORDER BY created_at, rowid').all() as Array<{ label: string }>).map((r) => r.label),
    };
  } finally {
    db.close();
  }
}

describe.skipIf(!root)('the data directory on a full filesystem', () => {
  it('refuses each write in one line saying the disk is full, keeps running with the store whole, and writes again once space is back', async () => {
    tmpfs(data, '4m');
    cb = await startChildBackend(home, { providers: { inert: inertProvider() } });
    const project = join(home, 'proj');
    mkdirSync(project);
    expect((await cb.lich(['open', '--project', project, '--kind', 'inert'])).code).toBe(0);
    const db = join(cb.dataDir, 'lich.db');
    const full = `the disk holding the workspace database ${db} is full, so nothing was written — free some space, then try again`;
    const filler = fill(data);

    const renamed = await cb.lich(['rename', 'Session 1', 'renamed']);
    expect(renamed).toEqual({ code: 1, stdout: '', stderr: `lich: ${full}\n` });
    const opened = await cb.lich(['open', '--project', project, '--kind', 'inert']);
    expect(opened).toEqual({ code: 1, stdout: '', stderr: `lich: ${full}\n` });
    // A plugin's report: the same sentence as its error, and one line in the log, no stack.
    const session = JSON.parse((await cb.lich(['sessions', '--json'])).stdout)[0].id as string;
    const hook = await fetch(`http://127.0.0.1:${cb.port}/session-touched?token=${cb.token}`, { method: 'POST', body: JSON.stringify({ session_id: session }) });
    expect(hook.status).toBe(500);
    expect(await hook.text()).toBe(`${full}\n`);
    // Still running, every read answered, nothing half-made: one session, the store whole.
    expect(inspect(db)).toEqual({ integrity: 'ok', labels: ['Session 1'] });
    const log = readFileSync(join(cb.configDir, 'lich.log'), 'utf8');
    expect(log).toContain(`/session-touched failed: ${full}\n`);
    expect(log).not.toMatch(/^\s+at /m);

    unlinkSync(filler);
    expect((await cb.lich(['rename', 'Session 1', 'renamed'])).code).toBe(0);
    expect((await cb.lich(['open', '--project', project, '--kind', 'inert'])).code).toBe(0);
    expect(inspect(db)).toEqual({ integrity: 'ok', labels: ['renamed', 'Session 2'] });
  }, 60_000);

  it('does not start on it, in one line naming the lock it could not write, leaves nothing of it behind, and starts once space is back', async () => {
    tmpfs(data, '1m');
    const filler = fill(data);
    const lock = join(data, 'lich', 'lich.lock');
    const started = await lich(['--no-window']);
    expect(started).toEqual({ code: 1, stdout: '', stderr: `lich: write the lock "${lock}": ENOSPC: no space left on device, write\n` });
    expect(existsSync(lock)).toBe(false);
    const doctor = await lich(['doctor']);
    expect(doctor.code).toBe(1);
    expect(doctor.stdout).toMatch(new RegExp(`fail\\s+store\\s+\\S+\\s+write the lock "${lock}": ENOSPC: no space left on device, write\\n`));
    expect(readdirSync(join(data, 'lich'))).toEqual([]);

    unlinkSync(filler);
    cb = await startChildBackend(home);
    expect(inspect(join(data, 'lich', 'lich.db'))).toEqual({ integrity: 'ok', labels: [] });
  }, 60_000);

  it.each([1, 3, 5])(
    'does not start with %i page(s) left, saying the disk is full, and leaves no half-made store behind',
    async (pages) => {
      tmpfs(data, '1m');
      const filler = fill(data);
      // Room for the lock, and for SQLite to start the database but not finish it.
      truncateSync(filler, statSync(filler).size - pages * 4096);
      const db = join(data, 'lich', 'lich.db');
      const full = new RegExp(`the disk holding the workspace database ${db} is full( \\(disk I/O error\\))?, so nothing was written — free some space, then try again`);
      const started = await lich(['--no-window']);
      expect(started.code).toBe(1);
      expect(started.stderr).toMatch(new RegExp(`^lich: ${full.source}\n$`));
      const doctor = await lich(['doctor']);
      expect(doctor.code).toBe(1);
      expect(doctor.stdout).toMatch(new RegExp(`fail\\s+store\\s+\\S+\\s+${db} will not open: ${full.source}\n`));
      expect(readdirSync(join(data, 'lich'))).toEqual([]);

      unlinkSync(filler);
      cb = await startChildBackend(home);
      expect(inspect(db)).toEqual({ integrity: 'ok', labels: [] });
    },
    60_000,
  );
});

describe.skipIf(!root)('the data directory read-only', () => {
  it('an empty one: lich and doctor both say the filesystem is read-only, in one line, not that a directory is missing', async () => {
    tmpfs(data, '1m', { ro: true });
    const dir = join(data, 'lich');
    const line = `create the data directory "${dir}": EROFS: read-only file system, mkdir '${dir}'`;
    expect(await lich(['--no-window'])).toEqual({ code: 1, stdout: '', stderr: `lich: ${line}\n` });
    const doctor = await lich(['doctor']);
    expect(doctor.code).toBe(1);
    expect(doctor.stdout).toMatch(new RegExp(`fail\\s+store\\s+\\S+\\s+${line.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\n`));
  }, 60_000);

  it('one that holds a store: lich does not start, in one line naming EROFS, and the store is as it was once it is writable again', async () => {
    tmpfs(data, '4m');
    cb = await startChildBackend(home, { providers: { inert: inertProvider() } });
    const project = join(home, 'proj');
    mkdirSync(project);
    expect((await cb.lich(['open', '--project', project, '--kind', 'inert'])).code).toBe(0);
    await cb.quit();
    cb = undefined;
    remount(data, 'ro');
    const lock = join(data, 'lich', 'lich.lock');
    expect(await lich(['--no-window'])).toEqual({
      code: 1,
      stdout: '',
      stderr: `lich: create the lock "${lock}": EROFS: read-only file system, open '${lock}'\n`,
    });
    expect((await lich(['doctor'])).stdout).toMatch(/fail\s+store\s+\S+\s+create the lock .*: EROFS: read-only file system/);

    remount(data, 'rw');
    expect(inspect(join(data, 'lich', 'lich.db'))).toEqual({ integrity: 'ok', labels: ['Session 1'] });
    cb = await startChildBackend(home, { providers: { inert: inertProvider() } });
    expect((await cb.lich(['open', '--project', project, '--kind', 'inert'])).code).toBe(0);
    expect(inspect(join(data, 'lich', 'lich.db'))).toEqual({ integrity: 'ok', labels: ['Session 1', 'Session 2'] });
  }, 60_000);
});

describe.skipIf(!root)('the config directory on a full filesystem, or read-only', () => {
  it('does not start on a full one, in one line, leaving no temporary file per attempt; doctor leaves no probe; it starts once space is back', async () => {
    const config = join(home, 'config');
    mkdirSync(config);
    tmpfs(config, '64k');
    const filler = fill(config);
    const file = join(config, 'lich', 'runtime.json');
    for (let attempt = 0; attempt < 2; attempt++) {
      // The log file will not take a line either: a failed start says its one line and nothing else.
      expect(await lich(['--no-window'])).toEqual({ code: 1, stdout: '', stderr: `lich: write the runtime file ${file}: ENOSPC: no space left on device, write\n` });
    }
    const doctor = await lich(['doctor']);
    expect(doctor.code).toBe(1);
    expect(doctor.stdout).toContain(`${join(config, 'lich')} cannot be written to: ENOSPC: no space left on device, write\n`);
    // Only the log file, which a start opens (empty: it took no line).
    expect(readdirSync(join(config, 'lich'))).toEqual(['lich.log']);
    expect(readdirSync(join(data, 'lich'))).not.toContain('lich.lock');

    unlinkSync(filler);
    cb = await startChildBackend(home);
    expect(readdirSync(join(config, 'lich')).sort()).toEqual(['lich.log', 'runtime.json']);
  }, 60_000);

  it('does not start on an empty read-only one, in one line saying it is read-only', async () => {
    const config = join(home, 'config');
    mkdirSync(config);
    tmpfs(config, '64k', { ro: true });
    const dir = join(config, 'lich');
    expect(await lich(['--no-window'])).toEqual({
      code: 1,
      stdout: '',
      stderr: `lich: write the runtime file ${join(dir, 'runtime.json')}: EROFS: read-only file system, mkdir '${dir}'\n`,
    });
  }, 60_000);
});
