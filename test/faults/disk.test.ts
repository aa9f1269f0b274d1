/**
 * The data directory on a full filesystem and read-only (issue 22, the fault suite): a small tmpfs
 * mounted as `XDG_DATA_HOME` (root, or sudo without a password), filled to its last byte or
 * remounted read-only, under a real `lich --no-window`. What cannot be written is refused in one
 * line naming why; what is in memory (the relay) goes on; nothing half-written is left, in the
 * store or on the disk.
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { AgentLog, exampleProvider, makeRepo, runLich, type Session } from '../e2e/harness.js';
import { fillDisk } from '../../packages/server/src/testing.js';
import { Backends, mountTmpfs, remountReadOnly, unmountAll } from './backends.js';
import { CASES } from './cases.js';
import { fault, git, newMark, storeAgainstDisk } from './kit.js';

const backends = new Backends();
afterEach(() => backends.cleanup());

/** A mark no process carries: a case that starts no backend of its own. */
const MARK_NONE = newMark();

/** `s` as a regular expression matching it literally. */
const literal = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The store's own refusal when its disk is full (store/store.ts). */
const full = (db: string) => `lich: the disk holding the workspace database ${db} is full, so nothing was written — free some space, then try again\n`;

describe('the data directory', () => {
  it(
    CASES.diskFull.fault,
    fault(CASES.diskFull, async (k) => {
      const home = backends.home();
      mountTmpfs(join(home, 'data'), '8m');
      const log = join(home, 'agents.jsonl');
      const providers = { example: exampleProvider(log) };
      const { b, scope } = await backends.child(home, { providers });
      k.within(scope);
      const agents = new AgentLog(log);
      k.errands.watch(agents);
      const repo = makeRepo(home, 'full-repo', 1);
      scope.repos.push(repo);
      const db = join(b.dataDir, 'lich.db');
      const open = async (args: string[]) => {
        const r = await b.lich(['open', '--json', '--project', repo, '--kind', 'example', ...args]);
        expect(r.stderr).toBe('');
        const s = JSON.parse(r.stdout) as Session;
        await agents.ready(s.id);
        return s;
      };
      const s = await open([]);
      const ask = async (target: string, name: string) => {
        const e = k.errands.errand(name);
        return k.errands.read(e, await b.lich(['send', '--timeout', '60', target, e.prompt]), target);
      };
      expect((await ask(s.label, 'before'))?.status).toBe('answered');

      const filler = fillDisk(join(home, 'data'));
      // What writes a row is refused in the store's one line; nothing is half written.
      expect(await b.lich(['open', '--project', repo, '--kind', 'example'])).toEqual({ code: 1, stdout: '', stderr: full(db) });
      expect(await b.lich(['rename', s.label, 'renamed'])).toEqual({ code: 1, stdout: '', stderr: full(db) });
      // A close that cannot park the row ends nothing: the session answers below.
      expect(await b.lich(['close', s.label])).toEqual({ code: 1, stdout: '', stderr: full(db) });
      // A worktree open fails in the store's words, or git's when it is git that cannot write, and
      // leaves no checkout, entry or branch behind.
      const wt = await b.lich(['open', '--project', repo, '--kind', 'example', '--worktree', 'w1']);
      expect({ code: wt.code, stdout: wt.stdout }).toEqual({ code: 1, stdout: '' });
      expect([full(db), expect.stringMatching(/^lich: [^\n]*No space left on device\n$/)]).toContainEqual(wt.stderr);
      expect(git(repo, 'branch', '--list', 'w1')).toBe('');
      expect(storeAgainstDisk(b.dataDir, [repo])).toEqual([]);
      // The relay lives in memory: a running session — the one the close named — still takes a task and answers it.
      expect((await ask(s.label, 'while-full'))?.status).toBe('answered');

      // Space freed: every refused write works.
      rmSync(filler);
      const w1 = await open(['--worktree', 'w1']);
      expect(w1.label).toBe('w1');
      expect((await ask('w1', 'after'))?.status).toBe('answered');
      expect((await b.lich(['rename', s.label, 'renamed'])).code).toBe(0);
      expect((await b.lich(['close', '--worktree', 'remove', 'w1'])).code).toBe(0);
      await b.quit();
      await k.settleLeftovers();
    }),
  );

  it(
    CASES.diskReadOnly.fault,
    fault(CASES.diskReadOnly, async (k) => {
      const home = backends.home();
      const data = join(home, 'data');
      mountTmpfs(data, '8m');
      const log = join(home, 'agents.jsonl');
      const { b, scope } = await backends.child(home, { providers: { example: exampleProvider(log) } });
      k.within(scope);
      const repo = makeRepo(home, 'ro-repo', 1);
      scope.repos.push(repo);
      const s = JSON.parse((await b.lich(['open', '--json', '--project', repo, '--kind', 'example', '--worktree', 'kept'])).stdout) as Session;
      await new AgentLog(log).ready(s.id);
      expect((await b.lich(['close', '--worktree', 'keep', 'kept'])).code).toBe(0);
      await b.quit();
      const db = join(b.dataDir, 'lich.db');
      const digest = () => createHash('sha256').update(readFileSync(db)).digest('hex');
      const before = digest();

      remountReadOnly(data);
      const start = await b.lich(['--no-window'], { env: { LICH_LISTEN_PORT: '0' }, timeoutMs: 20_000 });
      expect(start.code).toBe(1);
      expect(start.stdout).toBe('');
      expect(start.stderr).toMatch(new RegExp(`^lich: [^\\n]*${literal(b.dataDir)}[^\\n]*read-only[^\\n]*\\n$`));
      // Untouched: the same bytes, a store that opens clean, the kept worktree and its parked row.
      expect(digest()).toBe(before);
      expect(existsSync(join(b.dataDir, 'lich.lock'))).toBe(false);
      expect(storeAgainstDisk(b.dataDir, [repo])).toEqual([]);
      await k.settleLeftovers();
    }),
  );

  it(
    CASES.startRefused.fault,
    fault(CASES.startRefused, async (k) => {
      const home = backends.home();
      const data = join(home, 'data');
      k.within({ mark: MARK_NONE, tmp: join(home, 'tmp'), dataDir: join(data, 'lich'), repos: [] });
      const env = { HOME: home, XDG_CONFIG_HOME: join(home, 'config'), XDG_DATA_HOME: data, LICH_LISTEN_PORT: '0' };
      const start = () => runLich(['--no-window'], { env, timeoutMs: 20_000 });
      const oneLine = (words: string) => new RegExp(`^lich: [^\\n]*${literal(data)}[^\\n]*${words}[^\\n]*\\n$`);

      // Full before lich ever wrote there: the line names the directory and says it is full.
      mountTmpfs(data, '1m');
      const filler = fillDisk(data);
      const onFull = await start();
      expect({ code: onFull.code, stdout: onFull.stdout }).toEqual({ code: 1, stdout: '' });
      expect(onFull.stderr).toMatch(oneLine('(full|no space left on device)'));
      expect(existsSync(join(data, 'lich', 'lich.lock'))).toBe(false);
      // Space freed, the next start is not stopped by anything the refused one left.
      rmSync(filler);
      const { b } = await backends.child(home, { mark: MARK_NONE });
      await b.quit();
      unmountAll();

      // Read-only and empty: the line says read-only (the cause), not ENOENT; and so does lich doctor.
      mountTmpfs(data, '1m');
      remountReadOnly(data);
      const onReadOnly = await start();
      expect({ code: onReadOnly.code, stdout: onReadOnly.stdout }).toEqual({ code: 1, stdout: '' });
      expect(onReadOnly.stderr).toMatch(oneLine('read-only'));
      const doctor = await runLich(['doctor'], { env, timeoutMs: 30_000 });
      expect(doctor.stdout).toMatch(/\n {2}fail {2}store +\S+ {2}[^\n]*read-only[^\n]*\n/);
      expect(doctor.stdout).not.toContain('ENOENT');
    }),
  );
});
