// issue 14, item 1: `lich open` while another SQLite client holds the write lock on lich.db
// (`BEGIN IMMEDIATE; INSERT …` in an sqlite3 shell). It failed at once with SQLite's
// `database is locked` — Store.openSession's deferred transaction read, then could not upgrade —
// while rename and file, single statements, waited the lock out. Now every write waits, and a
// lock held past the wait ends in one sentence naming the file and what to do.

import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { holdWriteLock } from '../../packages/server/src/store/lock-holder.js';
import { STORE_BUSY_MS } from '../../packages/server/src/store/store.js';
import { Backend, exampleProvider } from './harness.js';

let b: Backend;
let project: string;
let db: string;

beforeAll(async () => {
  b = await Backend.start({ providers: ({ log }) => ({ example: exampleProvider(log) }) });
  project = join(b.home, 'proj');
  mkdirSync(project);
  db = join(b.home, 'data', 'lich', 'lich.db');
  // The project row exists, so the open below is the read-then-write of an existing project.
  await b.open(project, 'example');
});

afterAll(async () => {
  await b?.close();
});

describe('a write lock another program holds on lich.db', () => {
  it('is waited out by lich open when it is let go within the wait, as rename and file wait it out', async () => {
    const holder = await holdWriteLock(db, 2_000);
    const opened = await b.lich(['open', '--json', '--project', project, '--kind', 'example']);
    await holder.released;
    expect(opened.stderr).toBe('');
    expect(opened.code).toBe(0);
    expect(JSON.parse(opened.stdout).label).toBe('Session 2');
    const renamed = await b.lich(['rename', 'Session 2', 'after-the-lock']);
    expect(renamed.code).toBe(0);
  });

  it('ends lich open in one lich: line naming the file and what to do when it outlasts the wait', async () => {
    const holder = await holdWriteLock(db, STORE_BUSY_MS + 10_000);
    try {
      const opened = await b.lich(['open', '--project', project, '--kind', 'example']);
      expect(opened.code).toBe(1);
      expect(opened.stdout).toBe('');
      expect(opened.stderr).toBe(
        `lich: the workspace database ${db} is locked by another program, and it did not let go within ${STORE_BUSY_MS / 1000} s, so nothing was written — close whatever has it open in a transaction (an sqlite3 shell, a backup or sync tool) and try again\n`,
      );
    } finally {
      holder.kill();
      await holder.released;
    }
    const sessions = await b.lich(['sessions', '--json']);
    expect(JSON.parse(sessions.stdout).map((p: { label: string }) => p.label)).toEqual(['Session 1', 'after-the-lock']);
  }, 60_000);
});
