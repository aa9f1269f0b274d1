// issue 14, item 7: base branches in a real clone. `develop` exists only as `origin/develop`, so
// `lich open --worktree feat-x --base develop` was refused (`no branch named "develop"`) though
// the name is unambiguous; `--base devlop` got no suggestion; and a branch both `origin` and
// `upstream` have was "no such branch" instead of the two candidates.

import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Backend, baseEnv, exampleProvider, makeRepo } from './harness.js';

let b: Backend;
let clone: string;

function git(cwd: string, ...args: string[]): string {
  const r = spawnSync('git', args, {
    cwd,
    env: { ...baseEnv(), GIT_AUTHOR_NAME: 'e2e', GIT_AUTHOR_EMAIL: 'e2e@example.invalid', GIT_COMMITTER_NAME: 'e2e', GIT_COMMITTER_EMAIL: 'e2e@example.invalid' },
    encoding: 'utf8',
  });
  if (r.status !== 0) throw new Error(`git ${args.join(' ')}: ${r.stderr}`);
  return r.stdout.trim();
}

beforeAll(async () => {
  b = await Backend.start({ providers: ({ log }) => ({ example: exampleProvider(log) }) });
  const origin = makeRepo(b.home, 'origin', 1);
  git(origin, 'checkout', '-q', '-b', 'develop');
  git(origin, 'commit', '-q', '--allow-empty', '-m', 'on develop');
  git(origin, 'checkout', '-q', '-b', 'x');
  git(origin, 'checkout', '-q', 'main');
  const upstream = makeRepo(b.home, 'upstream', 1);
  git(upstream, 'branch', 'x');
  git(b.home, 'clone', '-q', origin, 'clone');
  clone = join(b.home, 'clone');
  git(clone, 'remote', 'add', 'upstream', upstream);
  git(clone, 'fetch', '-q', 'upstream');
});

afterAll(async () => {
  await b?.close();
});

describe('lich open --worktree --base in a clone', () => {
  it('starts from origin/develop when develop is only a remote branch', async () => {
    expect(git(clone, 'branch', '--list', 'develop')).toBe('');
    const r = await b.lich(['open', '--json', '--project', clone, '--kind', 'example', '--worktree', 'feat-x', '--base', 'develop']);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    const path = JSON.parse(r.stdout).path as string;
    expect(git(path, 'log', '-1', '--format=%s')).toBe('on develop');
    expect(git(path, 'symbolic-ref', '--short', 'HEAD')).toBe('feat-x');
  });

  it('names the branch a typo was near', async () => {
    const r = await b.lich(['open', '--project', clone, '--kind', 'example', '--worktree', 'feat-y', '--base', 'devlop']);
    expect(r).toMatchObject({ code: 1, stdout: '', stderr: 'lich: no branch named "devlop" in clone — did you mean "develop"?\n' });
  });

  it('names both remotes of a name two remotes have', async () => {
    const r = await b.lich(['open', '--project', clone, '--kind', 'example', '--worktree', 'feat-z', '--base', 'x']);
    expect(r).toMatchObject({
      code: 1,
      stdout: '',
      stderr: 'lich: "x" names a branch on 2 remotes of clone: origin/x, upstream/x — name the one to start from, as in --base origin/x\n',
    });
    expect(git(clone, 'branch', '--list', 'feat-z')).toBe('');
  });
});
