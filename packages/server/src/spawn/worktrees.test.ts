import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { SessionRow } from '../store/store.js';
import { canonical, parseWorktreeList, samePath, Worktrees, worktreesDir } from './worktrees.js';

const ENV = {
  ...process.env,
  GIT_AUTHOR_NAME: 't',
  GIT_AUTHOR_EMAIL: 't@example.invalid',
  GIT_COMMITTER_NAME: 't',
  GIT_COMMITTER_EMAIL: 't@example.invalid',
};

let root: string;
let repo: string;
let dataDir: string;
let wt: Worktrees;

function git(cwd: string, ...args: string[]): string {
  const r = spawnSync('git', args, { cwd, env: ENV, encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`git ${args.join(' ')}: ${r.stderr}`);
  return r.stdout.trim();
}

/** What git itself says, without its `fatal: `, to a command it refuses: the words vary between git versions. */
function gitsOwnWords(cwd: string, args: string[]): string {
  const r = spawnSync('git', args, { cwd, env: ENV, encoding: 'utf8' });
  if (r.status === 0) throw new Error(`git ${args.join(' ')} did not refuse`);
  return r.stderr.split('\n').find((l) => l.startsWith('fatal: '))!.slice('fatal: '.length);
}

function branches(): string[] {
  return git(repo, 'for-each-ref', '--format=%(refname:short)', 'refs/heads').split('\n').filter(Boolean).sort();
}

function linked(): string[] {
  return parseWorktreeList(git(repo, 'worktree', 'list', '--porcelain', '-z'))
    .filter((c) => !c.main)
    .map((c) => c.path);
}

const plan = (branch: string, base = '') => wt.plan({ projectDir: repo, project: 'demo', projectId: 'p1', branch, base });

beforeEach(() => {
  root = canonical(mkdtempSync(join(tmpdir(), 'lich-worktrees-')));
  repo = join(root, 'demo');
  dataDir = join(root, 'data');
  mkdirSync(repo);
  git(repo, 'init', '-q', '-b', 'main');
  writeFileSync(join(repo, 'a.txt'), 'a\n');
  git(repo, 'add', '.');
  git(repo, 'commit', '-q', '-m', 'one');
  wt = new Worktrees(dataDir, ENV);
});

afterEach(() => rmSync(root, { recursive: true, force: true }));

describe('parseWorktreeList', () => {
  it('reads the main worktree, a branch, a detached one and a prunable one', () => {
    const out = [
      'worktree /r', 'HEAD 1', 'branch refs/heads/main', '',
      'worktree /w/a', 'HEAD 2', 'branch refs/heads/feature/a', '',
      'worktree /w/d', 'HEAD 3', 'detached', '',
      'worktree /w/gone', 'HEAD 4', 'branch refs/heads/gone', 'prunable gitdir file points to non-existent location', '',
    ].join('\0');
    expect(parseWorktreeList(out)).toEqual([
      { path: '/r', branch: 'main', detached: false, bare: false, prunable: false, main: true },
      { path: '/w/a', branch: 'feature/a', detached: false, bare: false, prunable: false, main: false },
      { path: '/w/d', branch: '', detached: true, bare: false, prunable: false, main: false },
      { path: '/w/gone', branch: 'gone', detached: false, bare: false, prunable: true, main: false },
    ]);
  });
});

describe('Worktrees.plan', () => {
  it('puts a new branch under <dataDir>/worktrees/<project id>/<branch>, off the current branch', async () => {
    expect(await plan('auth-fix')).toEqual({
      kind: 'create',
      branch: 'auth-fix',
      path: join(dataDir, 'worktrees', 'p1', 'auth-fix'),
      newBranch: true,
      base: 'main',
      track: false,
    });
  });

  it('checks an existing branch out as it stands, in its own spelling, ignoring the base', async () => {
    git(repo, 'branch', 'Auth-Fix');
    expect(await plan('auth-fix', 'no-such-base')).toMatchObject({ kind: 'create', branch: 'Auth-Fix', newBranch: false, base: '' });
  });

  it('reuses a linked checkout that already holds the branch', async () => {
    const elsewhere = join(root, 'elsewhere');
    git(repo, 'worktree', 'add', '-q', '-b', 'held', elsewhere);
    expect(await plan('HELD')).toEqual({ kind: 'existing', branch: 'held', path: elsewhere });
  });

  it('takes a base from local, remote-tracking and worktree-held branches, case-insensitively', async () => {
    git(repo, 'branch', 'Develop');
    git(repo, 'update-ref', 'refs/remotes/origin/release', 'HEAD');
    expect(await plan('x', 'develop')).toMatchObject({ base: 'Develop', newBranch: true });
    expect(await plan('x', 'origin/release')).toMatchObject({ base: 'origin/release' });
  });

  it('makes a branch only a remote has into a local one tracking it', async () => {
    git(repo, 'update-ref', 'refs/remotes/origin/remote-only', 'HEAD');
    expect(await plan('remote-only')).toMatchObject({ kind: 'create', branch: 'remote-only', newBranch: true, base: 'origin/remote-only', track: true });
  });

  it('refuses a base that is not a branch', async () => {
    await expect(plan('x', 'mian')).rejects.toThrow('no branch named "mian" in demo');
    // A revision is not a branch, however happily git would branch off it.
    await expect(plan('x', 'HEAD~0')).rejects.toThrow('no branch named "HEAD~0" in demo');
  });

  it('refuses a detached HEAD with no base', async () => {
    git(repo, 'checkout', '-q', '--detach');
    await expect(plan('x')).rejects.toThrow('demo has no current branch to start from (detached HEAD) — name one with the base');
  });

  it("refuses a name that is not a valid branch name, in git's words", async () => {
    await expect(plan('a..b')).rejects.toThrow("'a..b' is not a valid branch name");
    await expect(plan('-x')).rejects.toThrow("'-x' is not a valid branch name");
    await expect(plan('@{-1}')).rejects.toThrow("'@{-1}' is not a valid branch name");
  });

  it('refuses a project that is not a git repository', async () => {
    const plain = join(root, 'plain');
    mkdirSync(plain);
    await expect(wt.plan({ projectDir: plain, project: 'plain', projectId: 'p2', branch: 'x', base: '' })).rejects.toThrow(
      "plain is not a git repository, so there is no branch to open a worktree on — leave the worktree out to open the session in the project's own directory",
    );
  });
});

describe('Worktrees.create and undo', () => {
  it('creates a new branch and its checkout, and undo takes both away again', async () => {
    const p = await plan('feature/x');
    if (p.kind !== 'create') throw new Error('expected a create plan');
    const made = await wt.create(repo, p);
    expect(existsSync(join(made.path, 'a.txt'))).toBe(true);
    expect(branches()).toEqual(['feature/x', 'main']);
    expect(linked()).toEqual([made.path]);
    await wt.undo(repo, made);
    expect(branches()).toEqual(['main']);
    expect(linked()).toEqual([]);
    expect(existsSync(worktreesDir(dataDir))).toBe(true);
    expect(readdirSync(worktreesDir(dataDir))).toEqual([]);
  });

  it('never deletes a branch it did not create', async () => {
    git(repo, 'branch', 'kept');
    const p = await plan('kept');
    if (p.kind !== 'create') throw new Error('expected a create plan');
    const made = await wt.create(repo, p);
    await wt.undo(repo, made);
    expect(branches()).toEqual(['kept', 'main']);
  });

  it("refuses the branch the project's own directory holds in git's words, leaving nothing", async () => {
    const p = await plan('main');
    if (p.kind !== 'create') throw new Error('expected a create plan');
    await expect(wt.create(repo, p)).rejects.toThrow(gitsOwnWords(repo, ['worktree', 'add', join(root, 'probe'), 'main']));
    expect(linked()).toEqual([]);
    expect(branches()).toEqual(['main']);
    expect(existsSync(join(dataDir, 'worktrees', 'p1'))).toBe(false);
  });
});

describe('Worktrees.list, dirty and remove', () => {
  const row = (label: string, path: string, parked = false) => ({ label, path, parked }) as SessionRow;

  it("lists every checkout but the project's own directory, with its state and open sessions", async () => {
    const a = join(root, 'wa');
    const b = join(root, 'wb');
    git(repo, 'worktree', 'add', '-q', '-b', 'a', a);
    git(repo, 'worktree', 'add', '-q', '-b', 'b', b);
    git(a, 'checkout', '-q', '--detach');
    writeFileSync(join(b, 'new.txt'), 'untracked\n');
    const list = await wt.list({ name: 'demo', path: repo }, [row('one', a), row('two', a), row('gone', a, true), row('home', repo)]);
    expect(list).toEqual([
      { name: 'wa', path: a, dirty: false, sessions: ['one', 'two'] },
      { name: 'b', path: b, dirty: true, sessions: [] },
    ]);
  });

  it('removes a clean checkout and keeps its branch; a dirty one only with force', async () => {
    const p = await plan('w');
    if (p.kind !== 'create') throw new Error('expected a create plan');
    const made = await wt.create(repo, p);
    expect(await wt.dirty(made.path)).toBe(false);
    writeFileSync(join(made.path, 'a.txt'), 'changed\n');
    expect(await wt.dirty(made.path)).toBe(true);
    await expect(wt.remove(repo, made.path, false)).rejects.toThrow(`the worktree ${made.path} could not be removed:`);
    await wt.remove(repo, made.path, true);
    expect(existsSync(made.path)).toBe(false);
    expect(linked()).toEqual([]);
    expect(branches()).toEqual(['main', 'w']);
  });

  it('tells a checkout lich made from one it did not', () => {
    expect(wt.createdByLich(join(dataDir, 'worktrees', 'p1', 'x'))).toBe(true);
    expect(wt.createdByLich(join(root, 'elsewhere'))).toBe(false);
    expect(wt.createdByLich(join(dataDir, 'worktrees-not'))).toBe(false);
  });

  it('compares directories however they are spelled', () => {
    expect(samePath(repo, `${repo}/`)).toBe(true);
    expect(samePath(repo, join(repo, '..', 'demo'))).toBe(true);
    expect(samePath(repo, root)).toBe(false);
  });
});

describe('Worktrees.setupScript', () => {
  it("prefers the checkout's own script, then the project directory's", () => {
    const checkout = join(root, 'co');
    mkdirSync(join(checkout, '.lich'), { recursive: true });
    expect(wt.setupScript(checkout, repo)).toBeUndefined();
    mkdirSync(join(repo, '.lich'));
    writeFileSync(join(repo, '.lich', 'setup-worktree.sh'), 'true\n');
    expect(wt.setupScript(checkout, repo)).toBe(join(repo, '.lich', 'setup-worktree.sh'));
    writeFileSync(join(checkout, '.lich', 'setup-worktree.sh'), 'true\n');
    expect(wt.setupScript(checkout, repo)).toBe(join('.lich', 'setup-worktree.sh'));
  });
});
