import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { holdWriteLock } from './lock-holder.js';
import { ManualClock } from '../testing/clock.js';
import { MIGRATIONS, openStore, Store, STORE_BUSY_MS, STORE_PARK_RETRY_MS, STORE_RETRY_MS, StoreError } from './store.js';
import { canMount, fillDisk, mountTmpfs } from '../testing.js';
import { sessionLabel, worktreeLabel } from '../spawn/names.js';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'lich-store-'));
});
afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
});

const base = {
  kind: 'claude',
  folder: '',
  model: '',
  originSessionId: '',
  originLabel: '',
  confined: false,
};

describe('Store', () => {
  it('moves its revision on every write, a transaction and an ad hoc statement included, and on no read', async () => {
    const store = new Store(join(dir, 'lich.db'));
    const r0 = store.revision;
    await store.insertProject({ id: 'p1', name: 'lich', path: '/src/lich' });
    const r1 = store.revision;
    expect(r1).toBeGreaterThan(r0);
    await store.insertSession({ ...base, id: 's1', projectId: 'p1', label: 'a', path: '/src/lich' });
    const r2 = store.revision;
    expect(r2).toBeGreaterThan(r1);
    store.sessions();
    store.session('s1');
    store.projects();
    expect(store.revision).toBe(r2);
    await store.setLabel('s1', 'b', false);
    const r3 = store.revision;
    expect(r3).toBeGreaterThan(r2);
    await store.setParked('s1', true);
    const r4 = store.revision;
    expect(r4).toBeGreaterThan(r3);
    await store.deleteSessions(['s1']);
    expect(store.revision).toBeGreaterThan(r4);
    store.close();
  });

  it('tells a write listener after each write, once the transaction it is in has committed', async () => {
    const store = new Store(':memory:');
    const told: Array<{ revision: number; inTransaction: boolean; sessions: string[] }> = [];
    store.onWrite((revision) => told.push({ revision, inTransaction: store.db.inTransaction, sessions: store.sessions().map((s) => s.label) }));
    await store.insertProject({ id: 'p1', name: 'lich', path: '/src/lich' });
    expect(told).toEqual([{ revision: store.revision, inTransaction: false, sessions: [] }]);
    // Three statements in one transaction (insert, counter, active slot): told once, after the commit, with the row readable.
    const before = store.revision;
    await store.openSession(undefined, 'p1', { ...base, id: 's1', path: '/src/lich' }, (n) => ({ label: `Session ${n}`, nextSeq: n + 1 }));
    expect(store.revision - before).toBe(3);
    expect(told.slice(1)).toEqual([{ revision: store.revision, inTransaction: false, sessions: ['Session 1'] }]);
    // An ad hoc statement (db.prepare) in a write counts as any other write.
    await store.write(() => store.db.prepare('UPDATE sessions SET confined = 1 WHERE id = ?').run('s1'));
    expect(told.at(-1)!.revision).toBe(store.revision);
    // Outside one, it would take the lock inside SQLite, on the event loop: refused.
    expect(() => store.db.prepare('UPDATE sessions SET confined = 0 WHERE id = ?').run('s1')).toThrow(/outside Store\.write/);
    // A read tells nobody.
    const n = told.length;
    store.sessions();
    store.project('p1');
    expect(told).toHaveLength(n);
    store.close();
  });

  it('tells a rolled-back transaction once too: the revision moved, the rows did not', async () => {
    const store = new Store(':memory:');
    await store.insertProject({ id: 'p1', name: 'lich', path: '/src/lich' });
    await store.insertSession({ ...base, id: 's1', projectId: 'p1', label: 'a', path: '/src/lich' });
    const told: number[] = [];
    store.onWrite((revision) => told.push(revision));
    await expect(
      store.openSession({ id: 'p2', name: 'other', path: '/src/other' }, 'p2', { ...base, id: 's1', path: '/src/other' }, (n) => ({ label: `Session ${n}`, nextSeq: n + 1 })),
    ).rejects.toThrow();
    expect(told).toEqual([store.revision]);
    expect(store.projectByPath('/src/other')).toBeUndefined();
    store.close();
  });

  it('keeps a write and the other listeners when a listener throws, and logs it', async () => {
    const logged: string[] = [];
    const store = new Store(':memory:', Date.now, { log: (line) => logged.push(line) });
    const told: number[] = [];
    store.onWrite(() => {
      throw new Error('the page went away');
    });
    store.onWrite((revision) => told.push(revision));
    await store.insertProject({ id: 'p1', name: 'lich', path: '/src/lich' });
    expect(store.project('p1')).toMatchObject({ name: 'lich' });
    expect(told).toEqual([store.revision]);
    expect(logged).toEqual(['a store write listener failed: the page went away']);
    store.close();
  });

  it('tells a listener that writes of its own write after the round, never inside it', async () => {
    const store = new Store(':memory:');
    await store.insertProject({ id: 'p1', name: 'lich', path: '/src/lich' });
    const told: string[] = [];
    store.onWrite((revision) => {
      told.push(`a${revision}`);
      if (told.length === 1) store.insertSession({ ...base, id: 's1', projectId: 'p1', label: 'a', path: '/src/lich' });
    });
    store.onWrite((revision) => told.push(`b${revision}`));
    const r = store.revision;
    await store.setLabel('none', 'x', false);
    expect(told).toEqual([`a${r + 1}`, `b${r + 1}`, `a${r + 2}`, `b${r + 2}`]);
    expect(store.session('s1')).toBeDefined();
    store.close();
  });

  it('tells nobody once unsubscribed, nor a new listener of the writes made before it came', async () => {
    const store = new Store(':memory:');
    const told: number[] = [];
    const off = store.onWrite((revision) => told.push(revision));
    await store.insertProject({ id: 'p1', name: 'lich', path: '/src/lich' });
    off();
    off();
    await store.insertProject({ id: 'p2', name: 'other', path: '/src/other' });
    expect(told).toHaveLength(1);
    // A transaction with nobody listening leaves nothing owed to whoever listens next.
    await store.setParked('none', true);
    store.onWrite((revision) => told.push(revision));
    expect(told).toHaveLength(1);
    await store.setLabel('none', 'x', false);
    expect(told).toEqual([told[0], store.revision]);
    store.close();
  });

  it('migrates a new database to the latest schema version, in WAL mode', async () => {
    const store = openStore(join(dir, 'data'));
    expect(store.db.pragma('user_version', { simple: true })).toBe(MIGRATIONS.length);
    expect(store.db.pragma('journal_mode', { simple: true })).toBe('wal');
    store.close();
  });

  it('keeps its rows across a reopen without running a migration twice', async () => {
    const file = join(dir, 'lich.db');
    const a = new Store(file);
    await a.insertProject({ id: 'p1', name: 'lich', path: '/src/lich' });
    a.close();
    const b = new Store(file);
    expect(b.projects().map((p) => p.name)).toEqual(['lich']);
    b.close();
  });

  it('refuses a database written by a newer lich, naming the file', async () => {
    const file = join(dir, 'lich.db');
    const raw = new Database(file);
    raw.pragma(`user_version = ${MIGRATIONS.length + 1}`);
    raw.close();
    expect(() => new Store(file)).toThrow(/lich\.db is at schema version \d+, written by a newer lich/);
  });

  it('opens a session in one transaction: row, counter and active slot together', async () => {
    const store = new Store(':memory:');
    const { session, project } = await store.openSession(
      { id: 'p1', name: 'lich', path: '/src/lich' },
      'p1',
      { ...base, id: 's1', path: '/src/lich' },
      (n) => ({ label: `Session ${n}`, nextSeq: n + 1 }),
    );
    expect(session.label).toBe('Session 1');
    expect(project.nextSeq).toBe(2);
    expect(project.activeSessionId).toBe('s1');
    store.close();
  });

  it('leaves nothing behind when a session cannot be written', async () => {
    const store = new Store(':memory:');
    await store.insertProject({ id: 'p1', name: 'lich', path: '/src/lich' });
    await store.insertSession({ ...base, id: 's1', projectId: 'p1', label: 'a', path: '/src/lich' });
    await expect(
      store.openSession(
        { id: 'p2', name: 'other', path: '/src/other' },
        'p2',
        { ...base, id: 's1', path: '/src/other' },
        (n) => ({ label: `Session ${n}`, nextSeq: n + 1 }),
      ),
    ).rejects.toThrow();
    expect(store.projectByPath('/src/other')).toBeUndefined();
    store.close();
  });

  it('parks every session an earlier run left running', async () => {
    const file = join(dir, 'lich.db');
    const a = new Store(file);
    await a.insertProject({ id: 'p1', name: 'lich', path: '/src/lich' });
    await a.insertSession({ ...base, id: 's1', projectId: 'p1', label: 'a', path: '/src/lich' });
    await a.setState('s1', { state: 'busy', tool: 'Bash', detail: '', reason: '' });
    a.close();
    const b = new Store(file);
    expect(await b.parkAll()).toBe(1);
    expect(b.session('s1')).toMatchObject({ parked: true, state: '' });
    b.close();
  });

  it('takes an auto-title as the label, and leaves a label the user chose alone', async () => {
    const store = new Store(':memory:');
    await store.insertProject({ id: 'p1', name: 'lich', path: '/src/lich' });
    await store.insertSession({ ...base, id: 's1', projectId: 'p1', label: 'Session 1', path: '/src/lich' });
    await store.insertSession({ ...base, id: 's2', projectId: 'p1', label: 'mine', path: '/src/lich', labelAuto: false });
    expect(await store.setTitle('s1', 'Fix the ring')).toBe(true);
    expect(store.session('s1')).toMatchObject({ title: 'Fix the ring', label: 'Fix the ring' });
    expect(await store.setTitle('s2', 'Other')).toBe(false);
    expect(store.session('s2')).toMatchObject({ title: '', label: 'mine' });
    store.close();
  });

  it('opens a worktree session under its branch name, which an auto-title leaves alone, and a Session <n> one the auto-title renames', async () => {
    const store = new Store(':memory:');
    await store.insertProject({ id: 'p1', name: 'lich', path: '/src/lich' });
    await store.openSession(undefined, 'p1', { ...base, id: 'w1', path: '/wt/fix-login' }, worktreeLabel('fix-login'));
    await store.openSession(undefined, 'p1', { ...base, id: 's2', path: '/src/lich' }, sessionLabel);
    await store.setTitle('w1', 'Fix the login form');
    await store.setTitle('s2', 'Update the docs');
    expect(store.session('w1')).toMatchObject({ label: 'fix-login', labelAuto: false });
    expect(store.session('s2')).toMatchObject({ label: 'Update the docs', labelAuto: true });
    store.close();
  });

  it('keeps the label when the auto-title already names another session of the project', async () => {
    const store = new Store(':memory:');
    await store.insertProject({ id: 'p1', name: 'lich', path: '/src/lich' });
    await store.insertSession({ ...base, id: 's1', projectId: 'p1', label: 'Session 1', path: '/src/lich' });
    await store.insertSession({ ...base, id: 's2', projectId: 'p1', label: 'docs', path: '/src/lich' });
    await store.setTitle('s1', 'DOCS');
    expect(store.session('s1')).toMatchObject({ title: 'DOCS', label: 'Session 1' });
    store.close();
  });

  it('moves the active slot off a session that is parked', async () => {
    const store = new Store(':memory:');
    const pick = (n: number) => ({ label: `Session ${n}`, nextSeq: n + 1 });
    await store.openSession({ id: 'p1', name: 'lich', path: '/l' }, 'p1', { ...base, id: 's1', path: '/l' }, pick);
    await store.openSession(undefined, 'p1', { ...base, id: 's2', path: '/l' }, pick);
    await store.setParked('s2', true);
    expect(store.project('p1')!.activeSessionId).toBe('s1');
    await store.setParked('s1', true);
    expect(store.project('p1')!.activeSessionId).toBe('');
    store.close();
  });
});

describe('Store, worktree rows', () => {
  const pick = (n: number) => ({ label: `Session ${n}`, nextSeq: n + 1 });

  it('resumes a parked session: unparked, in the project’s active slot, its row otherwise as it was', async () => {
    const store = new Store(':memory:');
    await store.openSession({ id: 'p1', name: 'lich', path: '/l' }, 'p1', { ...base, id: 's1', path: '/wt/a' }, pick);
    await store.openSession(undefined, 'p1', { ...base, id: 's2', path: '/l' }, pick);
    await store.setProviderSession('s1', 'claude', 'conv-1');
    await store.setParked('s1', true);
    const r = (await store.resumeSession('s1'))!;
    expect(r.session).toMatchObject({ id: 's1', label: 'Session 1', parked: false, path: '/wt/a', providerSessionId: 'conv-1' });
    expect(r.project.activeSessionId).toBe('s1');
    expect(await store.resumeSession('nope')).toBeUndefined();
    store.close();
  });

  it('deletes rows for good in one go, moving the active slot off them', async () => {
    const store = new Store(':memory:');
    await store.openSession({ id: 'p1', name: 'lich', path: '/l' }, 'p1', { ...base, id: 's1', path: '/l' }, pick);
    await store.openSession(undefined, 'p1', { ...base, id: 's2', path: '/wt/a' }, pick);
    await store.openSession(undefined, 'p1', { ...base, id: 's3', path: '/wt/a' }, pick);
    await store.setParked('s2', true);
    expect(await store.deleteSessions(['s2', 's3', 'missing'])).toBe(2);
    expect(store.sessions().map((s) => s.id)).toEqual(['s1']);
    expect(store.project('p1')!.activeSessionId).toBe('s1');
    expect(await store.deleteSessions([])).toBe(0);
    store.close();
  });
});

describe('Store, usage', () => {
  const pick = (n: number) => ({ label: `Session ${n}`, nextSeq: n + 1 });

  it('keeps the latest /mod/usage report of a session in the wire’s shape, leaving out what the report left out', async () => {
    let now = 5_000;
    const store = new Store(':memory:', () => now);
    await store.openSession({ id: 'p1', name: 'lich', path: '/l' }, 'p1', { ...base, id: 's1', path: '/l' }, pick);
    expect(store.usage('s1')).toBeUndefined();
    const first = {
      session_id: 's1',
      conversation_id: 'c1',
      context: { window: 200000, tokens: 43592, percent: 22 },
      rate_limits: [{ kind: 'five_hour', percent_used: 14, resets_at: '2026-10-05T00:30:00.000Z' }],
      cost_usd: 0.0977631,
    };
    expect(await store.setUsage(first)).toBe(true);
    expect(store.usage('s1')).toStrictEqual({ ...first, reported_at: 5_000 });
    now = 6_000;
    expect(await store.setUsage({ session_id: 's1', conversation_id: 'c2', context: { window: 1000000 }, rate_limits: [] })).toBe(true);
    expect(store.usage('s1')).toStrictEqual({ session_id: 's1', conversation_id: 'c2', context: { window: 1000000 }, rate_limits: [], reported_at: 6_000 });
    store.close();
  });

  it('records nothing for a session it does not hold, and drops the usage of a deleted session', async () => {
    const store = new Store(':memory:');
    await store.openSession({ id: 'p1', name: 'lich', path: '/l' }, 'p1', { ...base, id: 's1', path: '/l' }, pick);
    expect(await store.setUsage({ session_id: 'nope', conversation_id: 'c', context: { window: 1 } })).toBe(false);
    expect(store.usage('nope')).toBeUndefined();
    await store.setUsage({ session_id: 's1', conversation_id: 'c', context: { window: 1 }, cost_usd: 0 });
    expect(store.usage('s1')?.cost_usd).toBe(0);
    await store.deleteSessions(['s1']);
    expect(store.usage('s1')).toBeUndefined();
    store.close();
  });
});

// issue 14, item 1: another SQLite client holding the write lock (an sqlite3 shell after
// `BEGIN IMMEDIATE; INSERT …`). A deferred transaction that read first failed its upgrade at
// once with SQLite's `database is locked`; every multi-statement write now begins IMMEDIATE, and
// a lock held past the wait is one sentence to act on.
// issue 22, item 5a: that wait was SQLite's busy handler, asleep on the event loop for up to 5 s.
// A write now tries the lock without waiting and waits, queued in order, on the store's clock.
describe('Store under another connection’s write lock', () => {
  const pick = (n: number) => ({ label: `Session ${n}`, nextSeq: n + 1 });
  const writes: Array<[string, (s: Store) => Promise<unknown>]> = [
    ['openSession', (s) => s.openSession(undefined, 'p1', { ...base, id: 's2', path: '/l' }, pick)],
    ['setParked', (s) => s.setParked('s1', true)],
    ['setTitle', (s) => s.setTitle('s1', 'a title')],
    ['setLabel', (s) => s.setLabel('s1', 'x', false)],
    ['refile', (s) => s.refile(['s1'], { folder: 'f', color: 'teal' })],
    ['resumeSession', (s) => s.resumeSession('s1')],
    ['deleteSessions', (s) => s.deleteSessions(['s1'])],
  ];

  const seeded = async (file: string, o: { busyMs?: number; clock?: ManualClock } = {}) => {
    const store = new Store(file, Date.now, o);
    await store.openSession({ id: 'p1', name: 'lich', path: '/l' }, 'p1', { ...base, id: 's1', path: '/l' }, pick);
    // A read first, as every one of these does inside its transaction: the snapshot a deferred
    // transaction would then have to upgrade.
    store.sessions();
    return store;
  };
  /** Whether `p` has settled by the time the callbacks already queued have run. */
  const settledYet = async (p: Promise<unknown>) => {
    let settled = false;
    p.then(
      () => (settled = true),
      () => (settled = true),
    );
    await new Promise((r) => setImmediate(r));
    return settled;
  };

  it.each(writes)('%s waits out a lock the other program lets go of within the wait', async (_name, write) => {
    const file = join(dir, 'lich.db');
    const store = await seeded(file);
    const holder = await holdWriteLock(file, 300);
    await expect(write(store)).resolves.not.toThrow();
    await holder.released;
    store.close();
  });

  it('waits on its clock, not in SQLite: reads answer meanwhile, and the writes are made in the order asked once the lock goes', async () => {
    const file = join(dir, 'lich.db');
    const clock = new ManualClock();
    const store = await seeded(file, { clock });
    const holder = await holdWriteLock(file, 60_000);
    try {
      const first = store.setLabel('s1', 'first', false);
      const second = store.setLabel('s1', 'second', false);
      // Asked for while the other two wait: queued behind them even if the lock were free.
      expect(await settledYet(first)).toBe(false);
      expect(await settledYet(second)).toBe(false);
      expect(store.session('s1')?.label).toBe('Session 1');
      await clock.advance(STORE_BUSY_MS / 2);
      expect(await settledYet(first)).toBe(false);
      holder.kill();
      await holder.released;
      const third = store.setFolder('s1', 'f');
      await clock.advance(STORE_RETRY_MS);
      await Promise.all([first, second, third]);
      expect(store.session('s1')).toMatchObject({ label: 'second', folder: 'f' });
      await store.settled();
    } finally {
      holder.kill();
      await holder.released;
    }
    store.close();
  });

  it('says what to do, in one sentence, when the lock outlasts the wait, and writes nothing', async () => {
    const file = join(dir, 'lich.db');
    const clock = new ManualClock();
    const logged: string[] = [];
    const store = new Store(file, Date.now, { clock, busyMs: 200, log: (l) => logged.push(l) });
    await store.openSession({ id: 'p1', name: 'lich', path: '/l' }, 'p1', { ...base, id: 's1', path: '/l' }, pick);
    const holder = await holdWriteLock(file, 60_000);
    try {
      const opened = store.openSession(undefined, 'p1', { ...base, id: 's2', path: '/l' }, pick);
      const labelled = store.setLabel('s1', 'x', false);
      opened.catch(() => {});
      labelled.catch(() => {});
      await clock.advance(199);
      expect(await settledYet(opened)).toBe(false);
      await clock.advance(1);
      const thrown = await opened.catch((err: unknown) => err);
      expect(thrown).toBeInstanceOf(StoreError);
      expect((thrown as Error).message).toBe(
        `the workspace database ${file} is locked by another program, and it did not let go within 0.2 s, so nothing was written — close whatever has it open in a transaction (an sqlite3 shell, a backup or sync tool) and try again`,
      );
      // A single statement says the same.
      await expect(labelled).rejects.toThrow(StoreError);
      await store.settled();
      expect(logged).toEqual([
        `the workspace database ${file} is locked by another program: lich's writes wait for it (each up to 0.2 s) while the rest of lich goes on`,
        `the workspace database ${file} is free again after 0.2 s: no write of lich's waits for it`,
      ]);
    } finally {
      holder.kill();
      await holder.released;
    }
    expect(store.session('s2')).toBeUndefined();
    expect(store.session('s1')?.label).toBe('Session 1');
    store.close();
  });

  it('refuses a write still waiting when it closes, writing nothing of it', async () => {
    const file = join(dir, 'lich.db');
    const clock = new ManualClock();
    const store = await seeded(file, { clock });
    const holder = await holdWriteLock(file, 60_000);
    try {
      const waiting = store.setLabel('s1', 'never', false);
      waiting.catch(() => {});
      const settled = store.settled();
      store.close();
      await expect(waiting).rejects.toThrow(`lich closed the workspace database ${file} while this write waited for another program's lock, so nothing was written`);
      await settled;
    } finally {
      holder.kill();
      await holder.released;
    }
    const again = new Store(file);
    expect(again.session('s1')?.label).toBe('Session 1');
    again.close();
  });
});

describe.skipIf(!canMount)('the park of a session whose process ended, on a full disk', () => {
  const pick = (n: number) => ({ label: `Session ${n}`, nextSeq: n + 1 });

  it('is owed and tried again until the disk takes writes, never over a new run of the session', async () => {
    const data = join(dir, 'data');
    const unmount = mountTmpfs(data, '1m');
    const clock = new ManualClock();
    const logged: string[] = [];
    const store = new Store(join(data, 'lich.db'), () => clock.now(), { clock, log: (l) => logged.push(l) });
    try {
      await store.openSession({ id: 'p1', name: 'lich', path: '/l' }, 'p1', { ...base, id: 's1', path: '/l' }, pick);
      await store.openSession(undefined, 'p1', { ...base, id: 's2', path: '/l' }, pick);
      const filler = fillDisk(data);
      // Both processes ended; the database refuses both parks.
      await expect(store.parkEnded('s1')).rejects.toThrow(/is full, so nothing was written/);
      await expect(store.parkEnded('s2')).rejects.toThrow(StoreError);
      expect(store.sessions().map((r) => r.parked)).toEqual([false, false]);
      // Still full: tried, refused, tried again later.
      await clock.advance(STORE_PARK_RETRY_MS);
      await store.settled();
      expect(store.sessions().map((r) => r.parked)).toEqual([false, false]);
      expect(clock.pending).toBe(1);
      rmSync(filler);
      // s2 is started again before the next try: its new run is not parked by the old exit.
      await store.resumeSession('s2');
      await clock.advance(STORE_PARK_RETRY_MS);
      await store.settled();
      expect(store.sessions().map((r) => [r.id, r.parked])).toEqual([
        ['s1', true],
        ['s2', false],
      ]);
      expect(store.project('p1')?.activeSessionId).toBe('s2');
      expect(logged).toEqual(['session s1: its row is parked now that the workspace database takes writes again']);
      // Nothing left owed: no try is set.
      expect(clock.pending).toBe(0);
    } finally {
      store.close();
      unmount();
    }
  });
});
