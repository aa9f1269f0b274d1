// The branch a subagent's report names (SubagentReport, wire.md § 8.4), read off a real git
// checkout's metadata the way `SessionHost.branch` reads it.
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkedOutBranch } from './session-host.js';
import { tempLich, type TempLich } from './testing.js';

let dirs: TempLich;
let repo: string;

const git = (cwd: string, ...args: string[]) =>
  execFileSync('git', args, {
    cwd,
    env: { ...process.env, GIT_AUTHOR_NAME: 't', GIT_AUTHOR_EMAIL: 't@t', GIT_COMMITTER_NAME: 't', GIT_COMMITTER_EMAIL: 't@t' },
    stdio: 'pipe',
  }).toString();

beforeAll(() => {
  dirs = tempLich('lich-branch-');
  repo = join(dirs.root, 'repo');
  mkdirSync(repo);
  git(repo, 'init', '-q', '-b', 'main');
  writeFileSync(join(repo, 'a.txt'), 'a');
  git(repo, 'add', '.');
  git(repo, 'commit', '-q', '-m', 'one');
});

afterAll(() => dirs.cleanup());

describe('checkedOutBranch', () => {
  it('reads the branch of a linked worktree through its .git file, slashes and all', () => {
    const wt = join(dirs.root, 'wt');
    git(repo, 'worktree', 'add', '-q', '-b', 'feature/x', wt);
    expect(checkedOutBranch(wt)).toBe('feature/x');
  });

  it('reads the branch of a plain checkout, and nothing for a detached one or a directory outside git', () => {
    expect(checkedOutBranch(repo)).toBe('main');
    const detached = join(dirs.root, 'detached');
    git(repo, 'worktree', 'add', '-q', '--detach', detached);
    expect(checkedOutBranch(detached)).toBe('');
    expect(checkedOutBranch(dirs.root)).toBe('');
  });
});
