// issue 14, item 5: a kept worktree whose directory was deleted. `open --worktree w3`,
// `close --worktree keep w3`, `rm -rf <w3's path>`; then `lich worktrees --json` printed `[]`
// and `open --worktree w3` failed in git's raw words ("is a missing but already registered
// worktree"); with the entry also locked (`git worktree lock`), the reopen printed "Opened" and
// the session died at once in a directory that did not exist. Stale checkouts are now listed
// as such, made again by the open (resuming the session kept there), and a locked one is
// refused with the lich command that drops it — real git, real PTYs, the built CLI.

import { spawnSync } from 'node:child_process';
import { existsSync, rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Backend, baseEnv, exampleProvider, makeRepo, q, type Session } from './harness.js';

let b: Backend;
let repo: string;
/** The session kept in w3 before its directory was deleted. */
let w3: Session;

function git(cwd: string, ...args: string[]): string {
  const r = spawnSync('git', args, { cwd, env: baseEnv(), encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`git ${args.join(' ')}: ${r.stderr}`);
  return r.stdout.trim();
}

beforeAll(async () => {
  b = await Backend.start({ providers: ({ log }) => ({ example: exampleProvider(log) }) });
  repo = makeRepo(b.home, 'stale-repo', 1);
});

afterAll(async () => {
  await b?.close();
});

/** Opens a worktree session on `branch`, closes it with keep, and deletes its directory. */
async function keptThenDeleted(branch: string, lock = false): Promise<Session> {
  const opened = await b.open(repo, 'example', ['--worktree', branch]);
  await b.log.ready(opened.id);
  const closed = await b.lich(['close', '--worktree', 'keep', branch]);
  expect(closed.code).toBe(0);
  if (lock) git(repo, 'worktree', 'lock', '--reason', 'on a stick', opened.path);
  rmSync(opened.path, { recursive: true, force: true });
  return opened;
}

describe('a kept worktree whose directory was deleted', () => {
  it('is listed as missing, by lich worktrees and its --json', async () => {
    const w = (w3 = await keptThenDeleted('w3'));
    const json = await b.lich(['worktrees', '--project', repo, '--json']);
    expect(json.code).toBe(0);
    expect(JSON.parse(json.stdout)).toEqual([{ name: 'w3', path: w.path, dirty: false, sessions: [], missing: true }]);
    const text = await b.lich(['worktrees', '--project', repo]);
    expect(text.stdout).toBe('worktree\tstate\tsessions\nw3\tmissing\t-\n');
  });

  it('is made again by open --worktree, which resumes the session kept in it', async () => {
    const kept = (await b.lich(['sessions', '--json'])).stdout;
    expect(JSON.parse(kept)).toEqual([]);
    const r = await b.lich(['open', '--json', '--project', repo, '--kind', 'example', '--worktree', 'w3']);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    const again = JSON.parse(r.stdout) as Session;
    expect(again.id).toBe(w3.id);
    expect(again.label).toBe('w3');
    expect(again.path).toBe(w3.path);
    expect(existsSync(again.path)).toBe(true);
    expect(git(again.path, 'symbolic-ref', '--short', 'HEAD')).toBe('w3');
    await b.log.ready(again.id);
    const live = JSON.parse((await b.lich(['sessions', '--json'])).stdout) as Session[];
    expect(live.map((s) => [s.id, s.label])).toEqual([[again.id, 'w3']]);
    const listed = JSON.parse((await b.lich(['worktrees', '--project', repo, '--json'])).stdout);
    expect(listed).toEqual([{ name: 'w3', path: again.path, dirty: false, sessions: ['w3'], missing: false }]);
    expect((await b.lich(['close', '--worktree', 'remove', 'w3'])).code).toBe(0);
  });

  it('is made again where it was once git has forgotten it too, resuming the session kept there under its label', async () => {
    // rm -rf and git worktree prune: nothing on disk or in git says a checkout was there, but the
    // parked row still carries the branch's label (before: the new session was named "Session <n>").
    const w = await keptThenDeleted('w5');
    git(repo, 'worktree', 'prune');
    expect(JSON.parse((await b.lich(['worktrees', '--project', repo, '--json'])).stdout)).toEqual([]);
    const r = await b.lich(['open', '--json', '--project', repo, '--kind', 'example', '--worktree', 'w5']);
    expect(r.stderr).toBe('');
    const again = JSON.parse(r.stdout) as Session;
    expect([again.id, again.label, again.path]).toEqual([w.id, 'w5', w.path]);
    expect(git(again.path, 'symbolic-ref', '--short', 'HEAD')).toBe('w5');
    await b.log.ready(again.id);
    expect((await b.lich(['close', '--worktree', 'remove', 'w5'])).code).toBe(0);
  });

  it('is refused when git keeps it locked, naming the close that drops it, which then frees the branch', async () => {
    const w = await keptThenDeleted('w4', true);
    const refused = await b.lich(['open', '--project', repo, '--kind', 'example', '--worktree', 'w4']);
    expect(refused).toMatchObject({
      code: 1,
      stdout: '',
      stderr: `lich: the worktree ${w.path} of "w4" is gone from disk, and git keeps it locked (on a stick): if it is on a drive that is not mounted, mount it and open again; if it is gone for good, drop it with lich close --worktree remove --force "w4" and open again\n`,
    });
    expect(JSON.parse((await b.lich(['sessions', '--json'])).stdout)).toEqual([]);
    const plain = await b.lich(['close', '--worktree', 'remove', 'w4']);
    expect(plain).toMatchObject({
      code: 1,
      stderr: `lich: the worktree ${w.path} is locked (on a stick), so git keeps it though its directory is gone: unlock it with git worktree unlock ${w.path}, or say --force to remove it anyway\n`,
    });
    const forced = await b.lich(['close', '--worktree', 'remove', '--force', 'w4']);
    expect(forced).toMatchObject({ code: 0, stdout: `Closed ${q('w4')} and removed its worktree ${w.path}.\n` });
    const reopened = await b.lich(['open', '--json', '--project', repo, '--kind', 'example', '--worktree', 'w4']);
    expect(reopened.code).toBe(0);
    const fresh = JSON.parse(reopened.stdout) as Session;
    expect(fresh.id).not.toBe(w.id);
    expect(existsSync(fresh.path)).toBe(true);
    await b.log.ready(fresh.id);
  });
});

describe('a project whose directory was deleted', () => {
  it('is refused by open rather than opened into a session that dies at once', async () => {
    const gone = makeRepo(b.home, 'gone-repo', 1);
    await b.open(gone, 'example').then((s) => b.lich(['close', s.id]));
    rmSync(gone, { recursive: true, force: true });
    const r = await b.lich(['open', '--project', 'gone-repo', '--kind', 'example']);
    expect(r).toMatchObject({
      code: 1,
      stdout: '',
      stderr: `lich: the directory of project "gone-repo", ${gone}, is gone, so no session can run there — restore it, or open the project from where it is now with --project <its path>\n`,
    });
  });
});
