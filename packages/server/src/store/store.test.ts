import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MIGRATIONS, openStore, Store } from './store.js';

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
  it('migrates a new database to the latest schema version, in WAL mode', () => {
    const store = openStore(join(dir, 'data'));
    expect(store.db.pragma('user_version', { simple: true })).toBe(MIGRATIONS.length);
    expect(store.db.pragma('journal_mode', { simple: true })).toBe('wal');
    store.close();
  });

  it('keeps its rows across a reopen without running a migration twice', () => {
    const file = join(dir, 'lich.db');
    const a = new Store(file);
    a.insertProject({ id: 'p1', name: 'lich', path: '/src/lich' });
    a.close();
    const b = new Store(file);
    expect(b.projects().map((p) => p.name)).toEqual(['lich']);
    b.close();
  });

  it('refuses a database written by a newer lich, naming the file', () => {
    const file = join(dir, 'lich.db');
    const raw = new Database(file);
    raw.pragma(`user_version = ${MIGRATIONS.length + 1}`);
    raw.close();
    expect(() => new Store(file)).toThrow(/lich\.db is at schema version \d+, written by a newer lich/);
  });

  it('opens a session in one transaction: row, counter and active slot together', () => {
    const store = new Store(':memory:');
    const { session, project } = store.openSession(
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

  it('leaves nothing behind when a session cannot be written', () => {
    const store = new Store(':memory:');
    store.insertProject({ id: 'p1', name: 'lich', path: '/src/lich' });
    store.insertSession({ ...base, id: 's1', projectId: 'p1', label: 'a', path: '/src/lich' });
    expect(() =>
      store.openSession(
        { id: 'p2', name: 'other', path: '/src/other' },
        'p2',
        { ...base, id: 's1', path: '/src/other' },
        (n) => ({ label: `Session ${n}`, nextSeq: n + 1 }),
      ),
    ).toThrow();
    expect(store.projectByPath('/src/other')).toBeUndefined();
    store.close();
  });

  it('parks every session an earlier run left running', () => {
    const file = join(dir, 'lich.db');
    const a = new Store(file);
    a.insertProject({ id: 'p1', name: 'lich', path: '/src/lich' });
    a.insertSession({ ...base, id: 's1', projectId: 'p1', label: 'a', path: '/src/lich' });
    a.setState('s1', { state: 'busy', tool: 'Bash', detail: '', reason: '' });
    a.close();
    const b = new Store(file);
    expect(b.parkAll()).toBe(1);
    expect(b.session('s1')).toMatchObject({ parked: true, state: '' });
    b.close();
  });

  it('takes an auto-title as the label, and leaves a label the user chose alone', () => {
    const store = new Store(':memory:');
    store.insertProject({ id: 'p1', name: 'lich', path: '/src/lich' });
    store.insertSession({ ...base, id: 's1', projectId: 'p1', label: 'Session 1', path: '/src/lich' });
    store.insertSession({ ...base, id: 's2', projectId: 'p1', label: 'mine', path: '/src/lich', labelAuto: false });
    expect(store.setTitle('s1', 'Fix the ring')).toBe(true);
    expect(store.session('s1')).toMatchObject({ title: 'Fix the ring', label: 'Fix the ring' });
    expect(store.setTitle('s2', 'Other')).toBe(false);
    expect(store.session('s2')).toMatchObject({ title: '', label: 'mine' });
    store.close();
  });

  it('keeps the label when the auto-title already names another session of the project', () => {
    const store = new Store(':memory:');
    store.insertProject({ id: 'p1', name: 'lich', path: '/src/lich' });
    store.insertSession({ ...base, id: 's1', projectId: 'p1', label: 'Session 1', path: '/src/lich' });
    store.insertSession({ ...base, id: 's2', projectId: 'p1', label: 'docs', path: '/src/lich' });
    store.setTitle('s1', 'DOCS');
    expect(store.session('s1')).toMatchObject({ title: 'DOCS', label: 'Session 1' });
    store.close();
  });

  it('moves the active slot off a session that is parked', () => {
    const store = new Store(':memory:');
    const pick = (n: number) => ({ label: `Session ${n}`, nextSeq: n + 1 });
    store.openSession({ id: 'p1', name: 'lich', path: '/l' }, 'p1', { ...base, id: 's1', path: '/l' }, pick);
    store.openSession(undefined, 'p1', { ...base, id: 's2', path: '/l' }, pick);
    store.setParked('s2', true);
    expect(store.project('p1')!.activeSessionId).toBe('s1');
    store.setParked('s1', true);
    expect(store.project('p1')!.activeSessionId).toBe('');
    store.close();
  });
});

describe('Store, worktree rows', () => {
  const pick = (n: number) => ({ label: `Session ${n}`, nextSeq: n + 1 });

  it('resumes a parked session: unparked, in the project’s active slot, its row otherwise as it was', () => {
    const store = new Store(':memory:');
    store.openSession({ id: 'p1', name: 'lich', path: '/l' }, 'p1', { ...base, id: 's1', path: '/wt/a' }, pick);
    store.openSession(undefined, 'p1', { ...base, id: 's2', path: '/l' }, pick);
    store.setProviderSession('s1', 'claude', 'conv-1');
    store.setParked('s1', true);
    const r = store.resumeSession('s1')!;
    expect(r.session).toMatchObject({ id: 's1', label: 'Session 1', parked: false, path: '/wt/a', providerSessionId: 'conv-1' });
    expect(r.project.activeSessionId).toBe('s1');
    expect(store.resumeSession('nope')).toBeUndefined();
    store.close();
  });

  it('deletes rows for good in one go, moving the active slot off them', () => {
    const store = new Store(':memory:');
    store.openSession({ id: 'p1', name: 'lich', path: '/l' }, 'p1', { ...base, id: 's1', path: '/l' }, pick);
    store.openSession(undefined, 'p1', { ...base, id: 's2', path: '/wt/a' }, pick);
    store.openSession(undefined, 'p1', { ...base, id: 's3', path: '/wt/a' }, pick);
    store.setParked('s2', true);
    expect(store.deleteSessions(['s2', 's3', 'missing'])).toBe(2);
    expect(store.sessions().map((s) => s.id)).toEqual(['s1']);
    expect(store.project('p1')!.activeSessionId).toBe('s1');
    expect(store.deleteSessions([])).toBe(0);
    store.close();
  });
});
