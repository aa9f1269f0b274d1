// A backend killed (kill -9) in the middle of a worktree change, then started again on the same
// directories (issue 22, item 3). Before: a forced remove cut off while git deleted 20,000 files
// left a parked row pointing at a directory half gone or missing, and `open --worktree w4` then
// opened a session named "Session 2" beside it; a kill mid `git worktree add` or mid setup script
// left a half-made checkout that the next open reused as it stood, its setup script never run.
// Now every such change is recorded before git starts and settled at the next start
// (packages/server/src/spawn/recover.ts): a removal finished, a creation taken back. Real git,
// a real backend process, a real kill -9, the real files going; the moment of the kill is found
// by watching the disk.

import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import WebSocket from 'ws';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { argvOf, descendants, killAll, startChildBackend, type ChildBackend } from './child-backend.js';
import { AgentLog, alive, baseEnv, exampleProvider, makeRepo, until, type Session } from './harness.js';

let home: string;
const cbs: ChildBackend[] = [];
const pidsToKill: number[] = [];

beforeEach(() => {
  home = mkdtempSync(join(tmpdir(), 'lich-recovery-e2e-'));
});
afterEach(async () => {
  for (const cb of cbs.splice(0)) {
    const left = descendants(cb.pid);
    await cb.quit();
    killAll(left);
  }
  const left = pidsToKill.splice(0);
  killAll(left);
  await until(() => left.every((p) => !alive(p)), 'what the test left running to end');
  rmSync(home, { recursive: true, force: true, maxRetries: 3 });
});

function git(cwd: string, ...args: string[]): string {
  const r = spawnSync('git', args, {
    cwd,
    env: { ...baseEnv(), GIT_AUTHOR_NAME: 'e2e', GIT_AUTHOR_EMAIL: 'e2e@example.invalid', GIT_COMMITTER_NAME: 'e2e', GIT_COMMITTER_EMAIL: 'e2e@example.invalid' },
    encoding: 'utf8',
    maxBuffer: 64 << 20,
  });
  if (r.status !== 0) throw new Error(`git ${args.join(' ')}: ${r.stderr}`);
  return r.stdout.trim();
}

/** The git processes among `pids` whose argv holds every word of `words`. */
function gitRunning(pids: number[], ...words: string[]): number[] {
  return pids.filter((p) => {
    const argv = argvOf(p);
    return argv !== null && /(^|\/)git$/.test(argv[0] ?? '') && words.every((w) => argv.includes(w));
  });
}

/** Whether `pid` is a process that has not ended (a zombie has). */
function running(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return !/^[ZX]$/.test(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[0]!);
  } catch {
    return false;
  }
}

/** The live (not zombie) processes of the process group `pgid`, read from /proc. */
function groupMembers(pgid: number): number[] {
  const out: number[] = [];
  for (const d of readdirSync('/proc')) {
    if (!/^\d+$/.test(d)) continue;
    try {
      const stat = readFileSync(`/proc/${d}/stat`, 'utf8');
      const [state, , pgrp] = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (Number(pgrp) === pgid && state !== 'Z' && state !== 'X') out.push(Number(d));
    } catch {
      // gone while we looked
    }
  }
  return out;
}

/**
 * Holds git where it is (SIGSTOP): its whole process group — git runs as its group's leader, and
 * `git worktree add` checks out in a child git — or, where git shares its backend's group (as it
 * did before), git and every process below it.
 */
function hold(gitPid: number): void {
  try {
    process.kill(-gitPid, 'SIGSTOP');
  } catch {
    for (const p of [gitPid, ...descendants(gitPid)]) process.kill(p, 'SIGSTOP');
  }
}

/** kill -9 of the backend alone (its children live on, as they do after a real crash); resolves once it is gone. */
async function crash(cb: ChildBackend): Promise<number[]> {
  const children = descendants(cb.pid);
  pidsToKill.push(...children);
  cb.child.kill('SIGKILL');
  expect(await cb.exited).toBe(null);
  return children;
}

/** What the store holds once the backend is gone: every row's label and path, the worktree changes left open, and its integrity. */
function storeRows(dataDir: string): { sessions: Array<{ label: string; path: string; parked: number }>; intents: unknown[]; ok: unknown } {
  const db = new Database(join(dataDir, 'lich.db'), { readonly: true, fileMustExist: true });
  try {
    return {
      ok: db.pragma('integrity_check', { simple: true }),
      sessions: db.prepare('SELECT label, path, parked FROM sessions ORDER BY created_at, rowid').all() as Array<{ label: string; path: string; parked: number }>,
      intents: db.prepare("SELECT * FROM sqlite_master WHERE name = 'checkout_intents'").all().length
        ? db.prepare('SELECT path, op FROM checkout_intents').all()
        : [],
    };
  } finally {
    db.close();
  }
}

/** The checkouts git registers for `repo`, its own directory left out. */
function registered(repo: string): string[] {
  return git(repo, 'worktree', 'list', '--porcelain')
    .split('\n')
    .filter((l) => l.startsWith('worktree '))
    .map((l) => l.slice('worktree '.length))
    .slice(1);
}

/** Opens a worktree session on `branch` with the example agent and waits for it to run. */
async function openOn(cb: ChildBackend, repo: string, log: AgentLog, branch: string): Promise<Session> {
  const r = await cb.lich(['open', '--json', '--project', repo, '--kind', 'example', '--worktree', branch]);
  expect(r.stderr).toBe('');
  expect(r.code).toBe(0);
  const s = JSON.parse(r.stdout) as Session;
  await log.ready(s.id);
  return s;
}

/** After the restart: the branch opens again as a working session labelled after it, and lich worktrees lists it with that session. */
async function reopensClean(cb: ChildBackend, repo: string, log: AgentLog, branch: string, dirty = false): Promise<Session> {
  const again = await openOn(cb, repo, log, branch);
  expect(again.label).toBe(branch);
  expect(git(again.path, 'symbolic-ref', '--short', 'HEAD')).toBe(branch);
  const live = JSON.parse((await cb.lich(['sessions', '--json'])).stdout) as Session[];
  expect(live.map((s) => s.label)).toEqual([branch]);
  const listed = JSON.parse((await cb.lich(['worktrees', '--project', repo, '--json'])).stdout);
  expect(listed).toEqual([{ name: branch, path: again.path, dirty, sessions: [branch], missing: false }]);
  return again;
}

/**
 * Opens w4, fills it with 20,000 files (untracked, or ignored when the repository ignores junk/), starts the remove (forced unless `force` is false) and kills the
 * backend once the files have started going (the directory shrinking); returns the session
 * and git's process, still deleting.
 */
async function killMidRemove(cb: ChildBackend, repo: string, log: AgentLog, force = true): Promise<{ w4: Session; gitPid: number }> {
  const w4 = await openOn(cb, repo, log, 'w4');
  const junk = join(w4.path, 'junk');
  mkdirSync(junk);
  for (let i = 0; i < 20_000; i++) writeFileSync(join(junk, `f${i}`), 'x');
  const closing = cb.lich(['close', '--worktree', 'remove', ...(force ? ['--force'] : []), 'w4']);
  let left = 20_000;
  await until(() => {
    try {
      left = readdirSync(junk).length;
    } catch {
      left = 0;
    }
    return left < 20_000;
  }, 'the files to start going', 30_000);
  expect(left).toBeGreaterThan(0);
  const children = await crash(cb);
  const [gitPid] = gitRunning(children, 'worktree', 'remove');
  expect(gitPid, 'git still deleting when the backend died').toBeDefined();
  expect((await closing).code).toBe(1);
  return { w4, gitPid: gitPid! };
}

describe('kill -9 of the backend while close --worktree remove --force deletes the checkout', () => {
  it('finishes the removal at the next start when git finished deleting on its own: no row is left, and w4 reopens as "w4"', async () => {
    const log = new AgentLog(join(home, 'agents.jsonl'));
    const providers = { example: exampleProvider(log.path) };
    const first = await startChildBackend(home, { providers });
    cbs.push(first);
    const repo = makeRepo(home, 'rm-repo', 1);
    const { w4, gitPid } = await killMidRemove(first, repo, log);
    // The orphaned git deletes the rest and drops its registration; the store still has the row.
    await until(() => !alive(gitPid), 'the orphaned git to finish');
    expect(existsSync(w4.path)).toBe(false);

    const second = await startChildBackend(home, { providers });
    cbs.push(second);
    expect(JSON.parse((await second.lich(['worktrees', '--project', repo, '--json'])).stdout)).toEqual([]);
    const again = await reopensClean(second, repo, log, 'w4');
    expect(again.id).not.toBe(w4.id);
    expect(second.stderr()).toContain(`finished removing the worktree ${w4.path}, which an earlier run was removing when it stopped (1 session deleted with it)\n`);
    await second.quit();
    const after = storeRows(second.dataDir);
    expect(after.ok).toBe('ok');
    expect(after.intents).toEqual([]);
    expect(after.sessions).toEqual([{ label: 'w4', path: again.path, parked: 1 }]);
  }, 120_000);

  it('finishes the removal when git is still at it as lich starts again: git is stopped, the half-gone directory and its registration go', async () => {
    const log = new AgentLog(join(home, 'agents.jsonl'));
    const providers = { example: exampleProvider(log.path) };
    const first = await startChildBackend(home, { providers });
    cbs.push(first);
    const repo = makeRepo(home, 'rm-repo', 1);
    const { w4, gitPid } = await killMidRemove(first, repo, log);
    // The orphaned git is held mid-deletion: the directory is half gone, git still registers it.
    hold(gitPid);
    expect(existsSync(w4.path)).toBe(true);
    expect(registered(repo)).toEqual([w4.path]);

    const second = await startChildBackend(home, { providers });
    cbs.push(second);
    expect(running(gitPid)).toBe(false);
    expect(groupMembers(gitPid)).toEqual([]);
    expect(existsSync(w4.path)).toBe(false);
    expect(registered(repo)).toEqual([]);
    expect(existsSync(join(repo, '.git', 'worktrees', 'w4'))).toBe(false);
    expect(JSON.parse((await second.lich(['worktrees', '--project', repo, '--json'])).stdout)).toEqual([]);
    await reopensClean(second, repo, log, 'w4');
  }, 120_000);
});

describe('kill -9 of the backend while close --worktree remove (no --force) deletes a clean checkout', () => {
  it('finishes the removal at the next start, though git would refuse the half-gone directory', async () => {
    const log = new AgentLog(join(home, 'agents.jsonl'));
    const providers = { example: exampleProvider(log.path) };
    const first = await startChildBackend(home, { providers });
    cbs.push(first);
    const repo = makeRepo(home, 'rm-clean-repo', 1);
    // Ignored files: the checkout is clean, and git deletes them with it.
    writeFileSync(join(repo, '.gitignore'), 'junk/\n');
    git(repo, 'add', '.gitignore');
    git(repo, 'commit', '-q', '-m', 'ignore junk');
    const { w4, gitPid } = await killMidRemove(first, repo, log, false);
    hold(gitPid);
    expect(registered(repo)).toEqual([w4.path]);

    const second = await startChildBackend(home, { providers });
    cbs.push(second);
    expect(existsSync(w4.path)).toBe(false);
    expect(registered(repo)).toEqual([]);
    await reopensClean(second, repo, log, 'w4');
  }, 120_000);
});

describe('kill -9 of the backend while open --worktree makes the checkout', () => {
  it('takes back a checkout whose setup script was cut off, so the reopen runs the script in a fresh one', async () => {
    const log = new AgentLog(join(home, 'agents.jsonl'));
    const providers = { example: exampleProvider(log.path) };
    const first = await startChildBackend(home, { providers });
    cbs.push(first);
    const repo = makeRepo(home, 'setup-repo', 1);
    const runs = join(home, 'setup-runs');
    const gate = join(home, 'setup-gate');
    mkdirSync(join(repo, '.lich'));
    // Records each run; the first waits (for the kill), a later one finishes and marks the checkout.
    writeFileSync(join(repo, '.lich', 'setup-worktree.sh'), `echo run >> '${runs}'\n[ -f '${gate}' ] || sleep 60\ntouch .set-up\n`);

    const opened = await first.lich(['open', '--json', '--project', repo, '--kind', 'example', '--worktree', 'q1']);
    expect(opened.code).toBe(0);
    const q1 = JSON.parse(opened.stdout) as Session;
    await until(() => existsSync(runs), 'the setup script to start');
    await crash(first);

    writeFileSync(gate, '');
    const second = await startChildBackend(home, { providers });
    cbs.push(second);
    expect(existsSync(q1.path)).toBe(false);
    expect(registered(repo)).toEqual([]);
    expect(git(repo, 'branch', '--list', 'q1')).toBe('');
    expect(second.stderr()).toContain(`took back the worktree ${q1.path} of "q1", which an earlier run was making when it stopped, and the branch it made (its session never started and went with it)\n`);

    // The script's mark is the checkout's one untracked file.
    const again = await reopensClean(second, repo, log, 'q1', true);
    expect(readFileSync(runs, 'utf8')).toBe('run\nrun\n');
    expect(existsSync(join(again.path, '.set-up'))).toBe(true);
  }, 120_000);

  it('takes back a checkout git was still writing, with the branch the open made and git stopped', async () => {
    const log = new AgentLog(join(home, 'agents.jsonl'));
    const providers = { example: exampleProvider(log.path) };
    const first = await startChildBackend(home, { providers });
    cbs.push(first);
    const repo = makeRepo(home, 'add-repo', 1);
    // Enough tracked files that checking them out takes a while.
    mkdirSync(join(repo, 'many'));
    for (let i = 0; i < 20_000; i++) writeFileSync(join(repo, 'many', `f${i}`), `${i}\n`);
    git(repo, 'add', '.');
    git(repo, 'commit', '-q', '-m', 'many files');

    const opening = first.lich(['open', '--json', '--project', repo, '--kind', 'example', '--worktree', 'a1']);
    // git writes the checkout's admin entry, locked "initializing", before the files.
    const admin = join(repo, '.git', 'worktrees', 'a1');
    await until(() => existsSync(join(admin, 'locked')), 'git worktree add to start', 30_000);
    const children = await crash(first);
    const [gitPid] = gitRunning(children, 'worktree', 'add');
    expect(gitPid, 'git still checking out when the backend died').toBeDefined();
    // Held mid-way, with the child git that writes the files (git runs as its group's leader).
    hold(gitPid!);
    expect((await opening).code).toBe(1);
    expect(git(repo, 'branch', '--list', 'a1')).not.toBe('');

    expect(running(gitPid!)).toBe(true);

    const second = await startChildBackend(home, { providers });
    cbs.push(second);
    // git and the child git checking the files out are gone, before anything was taken back.
    expect(running(gitPid!)).toBe(false);
    expect(groupMembers(gitPid!)).toEqual([]);
    expect(registered(repo)).toEqual([]);
    expect(existsSync(admin)).toBe(false);
    expect(git(repo, 'branch', '--list', 'a1')).toBe('');
    expect(second.stderr()).toMatch(/took back the worktree \S+\/a1 of "a1", which an earlier run was making when it stopped, and the branch it made\n/);
    const again = await reopensClean(second, repo, log, 'a1');
    expect(existsSync(join(again.path, 'many', 'f19999'))).toBe(true);
  }, 180_000);
});

// Issue 22, item 6: after a crash every session is parked (no terminal survives a restart), and
// one outside any worktree had no way back — `open --worktree` resumes only a checkout's session,
// `focus` and `send` reach live ones. `lich open --resume <session>` and the page's Resume start it
// again where it stood: same id, label and directory.
describe('after a kill -9 of the backend, a session parked outside any worktree', () => {
  /** A backend with one session in the project's own directory, killed; and the backend started after it. */
  async function crashedWithOne(): Promise<{ second: ChildBackend; log: AgentLog; repo: string; s: Session }> {
    const log = new AgentLog(join(home, 'agents.jsonl'));
    const providers = { example: exampleProvider(log.path) };
    const first = await startChildBackend(home, { providers });
    cbs.push(first);
    const repo = makeRepo(home, 'plain-repo', 1);
    const r = await first.lich(['open', '--json', '--project', repo, '--kind', 'example']);
    expect(r.code).toBe(0);
    const s = JSON.parse(r.stdout) as Session;
    const agent = await log.ready(s.id);
    await crash(first);
    await until(() => !alive(agent.pid), 'the agent to end with its terminal');
    const second = await startChildBackend(home, { providers });
    cbs.push(second);
    expect(JSON.parse((await second.lich(['sessions', '--json'])).stdout)).toEqual([]);
    return { second, log, repo, s };
  }

  /** Resolves once `id`'s agent has started `n` times. */
  const started = (log: AgentLog, id: string, n: number) => until(() => log.entries(id).filter((e) => e.event === 'start').length >= n, `start ${n} of ${id}`);

  it('is started again by lich open --resume, under its id and label, and takes a task', async () => {
    const { second, log, repo, s } = await crashedWithOne();
    const r = await second.lich(['open', '--json', '--project', repo, '--resume', s.label]);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    const again = JSON.parse(r.stdout) as Session;
    expect([again.id, again.label, again.path, again.kind]).toEqual([s.id, s.label, repo, 'example']);
    await started(log, s.id, 2);
    expect(await second.lich(['send', '--timeout', '60', s.label, 'echo back again'])).toEqual({ code: 0, stdout: 'back again\n', stderr: '' });
    // Running, it is not resumed twice; a name that is nobody's is refused in one line.
    expect(await second.lich(['open', '--resume', s.label])).toEqual({
      code: 1,
      stdout: '',
      stderr: `lich: "${s.label}" is running, so there is nothing to resume — hand it a task with lich send "${s.label}"\n`,
    });
    expect(await second.lich(['open', '--resume', 'nosuch'])).toEqual({ code: 1, stdout: '', stderr: 'lich: no session named "nosuch"\n' });
  }, 120_000);

  it("is started again by the page's Resume, whose page then shows it live", async () => {
    const { second, log, s } = await crashedWithOne();
    const link = /http:\/\/127\.0\.0\.1:\d+(\/web\/in\?code=[0-9a-f]+)/.exec(second.stdout() + second.stderr());
    expect(link, 'the start line\'s one-time link').not.toBe(null);
    const origin = `http://127.0.0.1:${second.port}`;
    const signedIn = await fetch(`${origin}${link![1]}`, { redirect: 'manual' });
    expect(signedIn.status).toBe(303);
    const cookie = String(signedIn.headers.get('set-cookie')).split(';')[0]!;
    const messages: any[] = [];
    const ws = new WebSocket(`ws://127.0.0.1:${second.port}/web/live`, { headers: { Cookie: cookie, Origin: origin } });
    ws.on('message', (d) => messages.push(JSON.parse(String(d))));
    await new Promise<void>((resolve, reject) => (ws.once('open', () => resolve()), ws.once('error', reject)));
    try {
      const card = () => {
        const view = [...messages].reverse().find((m) => m.t === 'view')?.view;
        return view?.projects.flatMap((p: any) => [...p.parked, ...p.entries.flatMap((e: any) => ('folder' in e ? e.folder.cards : [e.card]))]).find((c: any) => c.id === s.id);
      };
      await until(() => card() !== undefined, 'the parked card in the view');
      expect(card()).toMatchObject({ live: false, parked: true });
      ws.send(JSON.stringify({ t: 'watch', id: s.id }));
      ws.send(JSON.stringify({ t: 'resume', id: s.id }));
      await until(() => card()?.live === true, 'the card to run again');
      expect(card()).toMatchObject({ parked: false, gone: false });
      await started(log, s.id, 2);
      await until(() => messages.some((m) => m.t === 'screen' && m.id === s.id && m.live), 'its live screen');
      expect(messages.filter((m) => m.t === 'note')).toEqual([]);
      expect(await second.lich(['send', '--timeout', '60', s.label, 'echo from the page'])).toEqual({ code: 0, stdout: 'from the page\n', stderr: '' });
    } finally {
      ws.close();
    }
  }, 120_000);
});
