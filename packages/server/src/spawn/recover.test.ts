/**
 * What the start does with a worktree change an earlier run recorded and never finished
 * (spawn/recover.ts): the rules a kill -9 cannot show one at a time. Real git, a real store on
 * disk; the records are written through the same journal `Worktrees` writes through.
 * test/e2e/recovery.test.ts kills a real backend at each of these moments.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openStore, type Store } from '../store/store.js';
import { recoverCheckouts, storeJournal } from './recover.js';
import { canonical, parseWorktreeList, Worktrees, worktreesDir } from './worktrees.js';

const ENV = { ...process.env, GIT_AUTHOR_NAME: 't', GIT_AUTHOR_EMAIL: 't@example.invalid', GIT_COMMITTER_NAME: 't', GIT_COMMITTER_EMAIL: 't@example.invalid' };

let root: string;
let repo: string;
let dataDir: string;
let store: Store;
let wt: Worktrees;
let clock: number;
const logged: string[] = [];

function git(cwd: string, ...args: string[]): string {
  const r = spawnSync('git', args, { cwd, env: ENV, encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`git ${args.join(' ')}: ${r.stderr}`);
  return r.stdout.trim();
}

const linked = () => parseWorktreeList(git(repo, 'worktree', 'list', '--porcelain', '-z')).filter((c) => !c.main).map((c) => c.path);
const recover = () => recoverCheckouts({ store, worktrees: wt, log: (l) => logged.push(l) });

/** A session row of the project at `path`, written at the store's clock now. */
async function row(label: string, path: string, o: { conversation?: string } = {}): Promise<string> {
  const id = `s-${label}`;
  await store.insertSession({ id, projectId: 'p1', label, kind: 'agent', path, folder: '', model: '', originSessionId: '', originLabel: '', confined: false, parked: true });
  if (o.conversation) await store.setProviderSession(id, 'agent', o.conversation);
  return id;
}

/** Makes the checkout of a new branch through `Worktrees.create`, as an open does: recorded, and left recorded (the open "was killed"). */
async function created(branch: string): Promise<string> {
  const p = await wt.plan({ projectDir: repo, project: 'demo', projectId: 'p1', branch, base: '' });
  if (p.kind !== 'create') throw new Error('expected a checkout to create');
  return (await wt.create(repo, p)).path;
}

beforeEach(async () => {
  root = canonical(mkdtempSync(join(tmpdir(), 'lich-recover-')));
  repo = join(root, 'demo');
  dataDir = join(root, 'data');
  mkdirSync(repo);
  git(repo, 'init', '-q', '-b', 'main');
  writeFileSync(join(repo, 'a.txt'), 'a\n');
  git(repo, 'add', '.');
  git(repo, 'commit', '-q', '-m', 'one');
  clock = 1_000;
  store = openStore(dataDir, () => clock);
  await store.insertProject({ id: 'p1', name: 'demo', path: repo });
  wt = new Worktrees(dataDir, ENV, storeJournal(store));
  logged.length = 0;
});

afterEach(() => {
  store.close();
  rmSync(root, { recursive: true, force: true });
});

describe('a creation cut short', () => {
  it('is recorded from before git runs until it is ended, with the branch once git made it and the git process it ran', async () => {
    const path = await created('c0');
    expect(store.checkoutIntents()).toMatchObject([{ path, projectDir: repo, branch: 'c0', op: 'create', madeBranch: true }]);
    expect(store.checkoutIntent(path)!.pid).toBeGreaterThan(0);
    await wt.undo(repo, { path, branch: 'c0', createdBranch: true });
    expect(store.checkoutIntents()).toEqual([]);
  });

  it('is taken back with the branch it made and the rows it wrote, leaving older rows parked there', async () => {
    clock = 500;
    const older = await row('older', join(worktreesDir(dataDir, 'p1'), 'c1'));
    clock = 1_000;
    const path = await created('c1');
    clock = 1_001;
    const own = await row('c1', path);
    expect(await recover()).toBe(1);
    expect(existsSync(path)).toBe(false);
    expect(linked()).toEqual([]);
    expect(git(repo, 'branch', '--list', 'c1')).toBe('');
    expect(store.session(own)).toBeUndefined();
    expect(store.session(older)).toMatchObject({ label: 'older', parked: true });
    expect(store.checkoutIntents()).toEqual([]);
    expect(logged).toEqual([`took back the worktree ${path} of "c1", which an earlier run was making when it stopped, and the branch it made (its session never started and went with it)`]);
  });

  it('keeps the branch it made when someone committed on it meanwhile', async () => {
    const path = await created('c4');
    writeFileSync(join(path, 'b.txt'), 'committed while lich was down\n');
    git(path, 'add', '.');
    git(path, 'commit', '-q', '-m', 'work');
    expect(await recover()).toBe(1);
    expect(existsSync(path)).toBe(false);
    expect(git(repo, 'log', '--format=%s', '-1', 'c4')).toBe('work');
    expect(logged).toEqual([`took back the worktree ${path} of "c4", which an earlier run was making when it stopped, keeping the branch it made, which holds commits nothing else has`]);
  });

  it('is left as it is once a session it wrote recorded a conversation: that checkout holds work', async () => {
    const path = await created('c2');
    const own = await row('c2', path, { conversation: 'conv-1' });
    writeFileSync(join(path, 'work.txt'), 'the agent wrote this\n');
    expect(await recover()).toBe(1);
    expect(existsSync(join(path, 'work.txt'))).toBe(true);
    expect(linked()).toEqual([path]);
    expect(store.session(own)).toBeDefined();
    expect(store.checkoutIntents()).toEqual([]);
    expect(logged).toEqual([]);
  });

  it('is still taken back when its project directory went with its repository', async () => {
    const path = await created('c3');
    await row('c3', path);
    rmSync(repo, { recursive: true, force: true });
    expect(await recover()).toBe(1);
    expect(existsSync(path)).toBe(false);
    expect(existsSync(worktreesDir(dataDir, 'p1'))).toBe(false);
    expect(store.sessions()).toEqual([]);
    expect(store.checkoutIntents()).toEqual([]);
  });
});

describe('a removal cut short', () => {
  it('is finished: what is left of the directory, a locked registration, and every row there go, the branch stays', async () => {
    const path = await created('r1');
    await store.endCheckout(path);
    const id = await row('r1', path);
    git(repo, 'worktree', 'lock', '--reason', 'held', path);
    await store.beginCheckout({ path, projectDir: repo, branch: '', op: 'remove', madeBranch: false });
    // Half gone: git deleted its .git file first, and some of the files.
    rmSync(join(path, '.git'));
    rmSync(join(path, 'a.txt'));
    writeFileSync(join(path, 'left.txt'), 'x');
    expect(await recover()).toBe(1);
    expect(existsSync(path)).toBe(false);
    expect(linked()).toEqual([]);
    expect(git(repo, 'branch', '--list', 'r1')).not.toBe('');
    expect(store.session(id)).toBeUndefined();
    expect(store.checkoutIntents()).toEqual([]);
    expect(logged).toEqual([`finished removing the worktree ${path}, which an earlier run was removing when it stopped (1 session deleted with it)`]);
  });

  it('that cannot be finished keeps its record and rows, and the line names the close that finishes it', async () => {
    const path = await created('r2');
    await store.endCheckout(path);
    await row('r2', path);
    await store.beginCheckout({ path, projectDir: repo, branch: '', op: 'remove', madeBranch: false });
    // The repository is no longer one: git cannot be asked to drop the registration.
    rmSync(join(repo, '.git'), { recursive: true, force: true });
    expect(await recover()).toBe(0);
    expect(store.checkoutIntents()).toMatchObject([{ path, op: 'remove' }]);
    expect(store.sessions().map((s) => s.label)).toEqual(['r2']);
    expect(logged).toHaveLength(1);
    expect(logged[0]).toMatch(new RegExp(`^the worktree ${path} was being removed when an earlier run stopped, and that could not be settled: .+ — lich close --worktree remove --force "r2" finishes it$`));
  });

  it('of a directory outside lich\'s own is dropped without touching it', async () => {
    const mine = join(root, 'mine');
    mkdirSync(mine);
    await store.beginCheckout({ path: mine, projectDir: repo, branch: '', op: 'remove', madeBranch: false });
    expect(await recover()).toBe(0);
    expect(existsSync(mine)).toBe(true);
    expect(store.checkoutIntents()).toEqual([]);
  });
});
