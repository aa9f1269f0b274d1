// Fan-out on real git: worktree workers running the example agent, each committing on its own
// branch; `lich worktrees`; closing with --worktree keep (parked, resumed by opening the branch
// again) and remove (refused for uncommitted work without --force); the project's own checkout
// never listed and never removed; the setup script holding a task until the agent is up, and
// one that never ends turning it undelivered; every open and close refusal with its exact line,
// exit 1 and nothing left behind. spec/cli.md § lich open, § lich close, § lich worktrees,
// § Known ceilings; wire.md §§ 7.5, 9, 12.3.
//
// Time is shortened, never faked away: the delivery limit is 9 s instead of 5 min.

import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pageLine, Backend, baseEnv, exampleProvider, makeRepo, pendingText, q, ticketOf, until, type Session } from './harness.js';

const DELIVERY_LIMIT_MS = 9_000;
/** How long the "slow-…" branches' setup script sleeps: longer than the sender's --timeout, shorter than the delivery limit. */
const SLOW_SETUP_S = 4;

/**
 * The project's setup script, committed to the repository so every checkout carries it: it
 * records that it ran, then sleeps on a "slow-…" branch, never ends on a "stuck-…" one, and on a
 * "gated-…" one waits for the test to create `<SETUP_LOG>.<branch>`.
 */
const SETUP = `#!/bin/sh
echo "setup ran in $(pwd) with port $LICH_WORKTREE_PORT" >> "$SETUP_LOG"
case "$(git branch --show-current)" in
  slow-*) sleep ${SLOW_SETUP_S} ;;
  stuck-*) while :; do sleep 1; done ;;
  gated-*) while [ ! -e "$SETUP_LOG.$(git branch --show-current)" ]; do sleep 0.1; done ;;
esac
`;

let b: Backend;
let repo: string;
let dataDir: string;
let projectId: string;
const workers: Record<string, Session> = {};

function git(cwd: string, ...args: string[]): string {
  const r = spawnSync('git', args, {
    cwd,
    env: { ...baseEnv(), GIT_AUTHOR_NAME: 'e2e', GIT_AUTHOR_EMAIL: 'e2e@example.invalid', GIT_COMMITTER_NAME: 'e2e', GIT_COMMITTER_EMAIL: 'e2e@example.invalid' },
    encoding: 'utf8',
  });
  if (r.status !== 0) throw new Error(`git ${args.join(' ')}: ${r.stderr}`);
  return r.stdout.trim();
}

/** The task a worker runs: commit one file on its own branch and say what it committed. */
function commitTask(file: string): string {
  return `echo ${file} > ${file}.txt && git add ${file}.txt && git -c user.name=e2e -c user.email=e2e@example.invalid commit -q -m "add ${file}" && git log -1 --format=%s`;
}

/** Every session row, straight from the store (read-only, beside the running backend). */
function rows(): { id: string; label: string; path: string; parked: number }[] {
  const db = new Database(join(dataDir, 'lich.db'), { readonly: true, fileMustExist: true });
  try {
    return db.prepare('SELECT id, label, path, parked FROM sessions ORDER BY created_at, rowid').all() as never;
  } finally {
    db.close();
  }
}

function projects(): string[] {
  const db = new Database(join(dataDir, 'lich.db'), { readonly: true, fileMustExist: true });
  try {
    return (db.prepare('SELECT path FROM projects').all() as { path: string }[]).map((p) => p.path);
  } finally {
    db.close();
  }
}

const checkouts = () =>
  git(repo, 'worktree', 'list', '--porcelain')
    .split('\n')
    .filter((l) => l.startsWith('worktree '))
    .map((l) => l.slice('worktree '.length));
const branches = () => git(repo, 'for-each-ref', '--format=%(refname:short)', 'refs/heads').split('\n').sort();
const worktreeDir = (branch: string) => join(dataDir, 'worktrees', projectId, branch);

/** What a failed command leaves: the rows, the checkouts, the branches and lich's worktree directories. */
function world() {
  const dir = join(dataDir, 'worktrees');
  return { rows: rows(), checkouts: checkouts(), branches: branches(), dirs: existsSync(dir) ? readdirSync(dir, { recursive: true }).sort() : [] };
}

/** Runs `lich …args` expecting the refusal `line`: exit 1, that one line on stderr, nothing on stdout, nothing changed. */
async function refused(args: string[], line: string, o: { session?: string } = {}): Promise<void> {
  const before = world();
  const r = await b.lich(args, o);
  expect(r).toEqual({ code: 1, stdout: '', stderr: `lich: ${line}\n` });
  expect(world()).toEqual(before);
}

beforeAll(async () => {
  b = await Backend.start({
    providers: ({ log, home }) => ({
      example: { ...exampleProvider(log), env: { ...exampleProvider(log).env, SETUP_LOG: join(home, 'setup.log') } },
    }),
    timings: { deliveryLimitMs: DELIVERY_LIMIT_MS },
  });
  dataDir = join(b.home, 'data', 'lich');
  repo = makeRepo(b.home, 'proj', 2);
  mkdirSync(join(repo, '.lich'));
  writeFileSync(join(repo, '.lich', 'setup-worktree.sh'), SETUP);
  git(repo, 'add', '.');
  git(repo, 'commit', '-q', '-m', 'setup script');
}, 30_000);

afterAll(async () => {
  if (!b) return;
  const violations = b.violations;
  await b.close();
  expect(violations).toEqual([]);
});

describe('three worktree workers', () => {
  it('opens each on a fresh branch under the data dir, labelled after it, and says where', async () => {
    const r = await b.lich(['open', '--project', repo, '--kind', 'example', '--worktree', 'feat-a']);
    expect(r.code).toBe(0);
    expect(r.stderr).toBe('');
    const [listed] = JSON.parse((await b.lich(['sessions', '--json'])).stdout) as Session[];
    projectId = rows()[0]!.path.split('/').at(-2)!;
    workers['feat-a'] = { ...listed!, projectId } as Session;
    expect(listed).toMatchObject({ label: 'feat-a', project: 'proj', kind: 'example', path: worktreeDir('feat-a'), projectPath: repo });
    expect(r.stdout).toBe(
      `Opened session "feat-a" (example) in project "proj", in worktree ${worktreeDir('feat-a')}.\n` +
        `It answers to "feat-a" and to ${q(listed!.name)}. Its agent may still be starting — a fresh worktree runs the project's setup script first — so a task you send it is held until the agent is up rather than lost.\n` +
        pageLine(b.port, listed!.id),
    );
    for (const branch of ['feat-b', 'feat-c']) {
      workers[branch] = await b.open(repo, 'example', ['--worktree', branch]);
      expect(workers[branch]).toMatchObject({ label: branch, path: worktreeDir(branch), projectId, name: `${branch}-${workers[branch]!.id.slice(0, 4)}` });
    }
    expect(checkouts()).toEqual([repo, worktreeDir('feat-a'), worktreeDir('feat-b'), worktreeDir('feat-c')]);
    await Promise.all(Object.values(workers).map((w) => b.log.ready(w.id)));
  });

  it('runs each task in its own checkout: every worker commits on its branch and answers', async () => {
    const answers = await Promise.all(
      ['feat-a', 'feat-b', 'feat-c'].map((branch) => b.lich(['send', '--timeout', '60', branch, commitTask(branch)])),
    );
    for (const [i, branch] of ['feat-a', 'feat-b', 'feat-c'].entries()) {
      expect(answers[i]).toEqual({ code: 0, stdout: `add ${branch}\n`, stderr: '' });
      expect(git(repo, 'log', '-1', '--format=%s', branch)).toBe(`add ${branch}`);
      expect(existsSync(join(worktreeDir(branch), `${branch}.txt`))).toBe(true);
      expect(existsSync(join(repo, `${branch}.txt`))).toBe(false);
    }
    expect(git(repo, 'log', '-1', '--format=%s', 'main')).toBe('setup script');
  });

  it('lists them with their sessions, never the project’s own checkout', async () => {
    const r = await b.lich(['worktrees', '--json', '--project', repo]);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual(
      ['feat-a', 'feat-b', 'feat-c'].map((name) => ({ name, path: worktreeDir(name), dirty: false, sessions: [name], missing: false })),
    );
    // Inside a session the project is its own; the prose is the table.
    const prose = await b.lich(['worktrees'], { session: workers['feat-a']!.id });
    expect(prose).toEqual({
      code: 0,
      stdout: 'worktree\tstate\tsessions\nfeat-a\tclean\tfeat-a\nfeat-b\tclean\tfeat-b\nfeat-c\tclean\tfeat-c\n',
      stderr: '',
    });
  });

  it('keeps: the checkout stays, the session is parked, and opening its branch again resumes the same session', async () => {
    const w = workers['feat-a']!;
    const r = await b.lich(['close', '--worktree', 'keep', 'feat-a']);
    expect(r).toEqual({
      code: 0,
      stdout: `Closed "feat-a". Its worktree ${w.path} is still there, and the session is parked: opening a session on that branch again picks its conversation back up.\n`,
      stderr: '',
    });
    expect(existsSync(join(w.path, 'feat-a.txt'))).toBe(true);
    expect(rows().find((s) => s.id === w.id)).toMatchObject({ parked: 1 });
    expect(JSON.parse((await b.lich(['sessions', '--json'])).stdout).map((p: Session) => p.label)).not.toContain('feat-a');
    expect(JSON.parse((await b.lich(['worktrees', '--json', '--project', 'proj'])).stdout)[0]).toEqual({
      name: 'feat-a',
      path: w.path,
      dirty: false,
      sessions: [],
      missing: false,
    });

    const resumed = await b.open(repo, 'example', ['--worktree', 'FEAT-A']);
    expect(resumed).toMatchObject({ id: w.id, label: 'feat-a', path: w.path, name: w.name });
    await until(() => b.log.entries(w.id).filter((e) => e.event === 'start').length === 2, 'the agent starting again');
    expect(rows().find((s) => s.id === w.id)).toMatchObject({ parked: 0 });
    // Nothing ran the setup script again: the checkout is not fresh.
    const setups = readFileLines(join(b.home, 'setup.log')).filter((l) => l.includes(`in ${w.path} `));
    expect(setups).toHaveLength(1);
    expect(await b.lich(['send', '--timeout', '60', 'feat-a', 'git log -1 --format=%s'])).toEqual({ code: 0, stdout: 'add feat-a\n', stderr: '' });
  });

  it('removes a dirty checkout only with --force: refused without it, then the checkout and its session go, the branch stays', async () => {
    const w = workers['feat-b']!;
    writeFileSync(join(w.path, 'wip.txt'), 'uncommitted\n');
    await refused(
      ['close', '--worktree', 'remove', 'feat-b'],
      `the worktree ${w.path} has uncommitted work, and removing it discards what is in no commit and on no remote. Force it only if that is what you mean`,
    );
    expect(JSON.parse((await b.lich(['worktrees', '--json', '--project', repo])).stdout).find((c: { name: string }) => c.name === 'feat-b')).toMatchObject({
      dirty: true,
    });
    expect(JSON.parse((await b.lich(['sessions', '--json'])).stdout).map((p: Session) => p.label)).toContain('feat-b');
    const r = await b.lich(['close', '--json', '--worktree', 'remove', '--force', 'feat-b']);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual({ id: w.id, projectId, project: 'proj', label: 'feat-b', worktree: w.path, kept: false, removed: true });
    expect(existsSync(w.path)).toBe(false);
    expect(checkouts()).not.toContain(w.path);
    expect(rows().map((s) => s.id)).not.toContain(w.id);
    expect(branches()).toContain('feat-b');
    expect(git(repo, 'log', '-1', '--format=%s', 'feat-b')).toBe('add feat-b');
    expect(await b.lich(['close', 'feat-b'])).toEqual({ code: 1, stdout: '', stderr: 'lich: no session named "feat-b"\n' });
  });

  it('removes a clean checkout without --force, with the prose of wire.md § 7.5', async () => {
    const w = workers['feat-c']!;
    expect(await b.lich(['close', '--worktree', 'remove', 'feat-c'])).toEqual({
      code: 0,
      stdout: `Closed "feat-c" and removed its worktree ${w.path}.\n`,
      stderr: '',
    });
    expect(existsSync(w.path)).toBe(false);
  });

  it('never lists or removes the project’s own checkout: a session there closes on the spot', async () => {
    const home = await b.open(repo, 'example');
    expect(home.path).toBe(repo);
    const r = await b.lich(['close', '--worktree', 'remove', '--force', home.label]);
    expect(r).toEqual({ code: 0, stdout: `Closed ${q(home.label)}.\n`, stderr: '' });
    expect(existsSync(join(repo, '.git'))).toBe(true);
    expect(checkouts()[0]).toBe(repo);
    const list = JSON.parse((await b.lich(['worktrees', '--json', '--project', repo])).stdout) as { path: string }[];
    expect(list.map((c) => c.path)).not.toContain(repo);
  });

  it('closes a session sharing its checkout with another on the spot, parked, the checkout untouched', async () => {
    const second = await b.open(repo, 'example', ['--worktree', 'feat-a']);
    expect(second).toMatchObject({ label: expect.stringMatching(/^Session \d+$/), path: workers['feat-a']!.path });
    const r = await b.lich(['close', '--json', second.label]);
    expect(JSON.parse(r.stdout)).toEqual({
      id: second.id,
      projectId,
      project: 'proj',
      label: second.label,
      worktree: workers['feat-a']!.path,
      kept: false,
      removed: false,
    });
    expect(existsSync(workers['feat-a']!.path)).toBe(true);
  });
});

function readFileLines(file: string): string[] {
  return readFileSync(file, 'utf8').split('\n').filter(Boolean);
}

describe('the setup script', () => {
  it('holds a task sent while it runs: the send comes back with a ticket, and the agent gets the task once the script ends', async () => {
    const w = await b.open(repo, 'example', ['--worktree', 'slow-1']);
    const sent = Date.now();
    const r = await b.lich(['send', '--timeout', '1', 'slow-1', 'echo got it']);
    expect(r.code).toBe(2);
    const ticket = ticketOf(r.stdout);
    expect(r.stdout).toBe(pendingText('slow-1', ticket, 'outside'));
    // Still in setup: the agent has not even started, so nothing was typed at anyone.
    expect(b.log.entries(w.id)).toEqual([]);
    const answer = await b.lich(['wait', ticket]);
    expect(answer).toEqual({ code: 0, stdout: 'got it\n', stderr: '' });
    const start = b.log.entries(w.id).find((e) => e.event === 'start')!;
    expect(Date.parse(start.t) - sent).toBeGreaterThanOrEqual((SLOW_SETUP_S - 1) * 1000);
    expect(b.log.entries(w.id).filter((e) => e.event === 'task')).toHaveLength(1);
  }, 60_000);

  it("hands the tasks held for it over in the order they were sent, the open's own first, each answered on its own ticket", async () => {
    const opened = await b.lich(['open', '--json', '--project', repo, '--kind', 'example', '--worktree', 'gated-1', '--prompt', 'echo first']);
    expect(opened.code).toBe(0);
    const { id, delivery } = JSON.parse(opened.stdout) as { id: string; delivery: { ticket: string; status: string } };
    expect(delivery.status).toBe('pending');
    const tickets = [delivery.ticket];
    for (const word of ['second', 'third', 'fourth']) {
      const r = await b.lich(['send', '--timeout', '2', 'gated-1', `echo ${word}`]);
      expect(r.code).toBe(2);
      tickets.push(ticketOf(r.stdout));
    }
    writeFileSync(join(b.home, 'setup.log.gated-1'), '');
    const answers = await Promise.all(tickets.map((t) => b.lich(['wait', t])));
    expect(answers.map((a) => a.stdout)).toEqual(['first\n', 'second\n', 'third\n', 'fourth\n']);
    const tasks = b.log.entries(id).filter((e) => e.event === 'task');
    expect(tasks.map((e) => e.prompt)).toEqual(['echo first', 'echo second', 'echo third', 'echo fourth']);
  }, 60_000);

  it('hands the ticket back at once, and turns the task undelivered when the script never ends', async () => {
    await b.open(repo, 'example', ['--worktree', 'stuck-1']);
    const started = Date.now();
    // spec/cli.md § lich send: "A target still running its setup script is queued for, not
    // written to. The ticket comes back at once".
    const sent = await b.lich(['send', '--json', '--timeout', '60', 'stuck-1', 'echo never']);
    expect(sent.code).toBe(2);
    const { ticket } = JSON.parse(sent.stdout);
    expect(JSON.parse(sent.stdout)).toEqual({ ticket: expect.stringMatching(/^[0-9a-f]{8}$/), target: 'stuck-1', status: 'pending', answer: '' });
    expect(Date.now() - started).toBeLessThan(DELIVERY_LIMIT_MS - 500);
    const r = await b.lich(['wait', '--json', '--timeout', '60', ticket]);
    expect(r.code).toBe(3);
    expect(JSON.parse(r.stdout)).toEqual({ ticket, target: 'stuck-1', status: 'undelivered', answer: '' });
    expect(Date.now() - started).toBeGreaterThanOrEqual(DELIVERY_LIMIT_MS - 500);
    expect(Date.now() - started).toBeLessThan(DELIVERY_LIMIT_MS + 15_000);
  }, 60_000);

  it('turns a held task undelivered as soon as the session ends', async () => {
    await b.open(repo, 'example', ['--worktree', 'stuck-2']);
    const r = await b.lich(['send', '--timeout', '1', 'stuck-2', 'echo never']);
    expect(r.code).toBe(2);
    const ticket = ticketOf(r.stdout);
    expect((await b.lich(['close', '--worktree', 'remove', 'stuck-2'])).code).toBe(0);
    const started = Date.now();
    const wait = await b.lich(['wait', '--json', ticket]);
    expect(wait.code).toBe(3);
    expect(JSON.parse(wait.stdout)).toMatchObject({ ticket, status: 'undelivered' });
    expect(Date.now() - started).toBeLessThan(DELIVERY_LIMIT_MS);
  }, 60_000);
});

describe('refusals leave nothing behind', () => {
  it('refuses a base without a worktree', async () => {
    await refused(
      ['open', '--project', repo, '--kind', 'example', '--base', 'main'],
      'a base is the branch a new worktree starts from, and no worktree was asked for, so "main" would be dropped in silence — name the worktree to create, or leave the base out',
    );
  });

  it("refuses a branch checked out somewhere else, in git's own words", async () => {
    // git's words differ between versions ("is already checked out at", "is already used by
    // worktree at"): the expected line is whatever this git says to the same request.
    const probe = spawnSync('git', ['worktree', 'add', join(b.home, 'probe'), 'main'], { cwd: repo, encoding: 'utf8' });
    const words = probe.stderr.split('\n').find((l) => l.startsWith('fatal: '))!.slice('fatal: '.length);
    expect(words).toMatch(new RegExp(`^'main' is already (checked out|used by worktree) at '${repo}'$`));
    await refused(['open', '--project', repo, '--kind', 'example', '--worktree', 'main'], words);
  });

  it('refuses a base that is not a branch, and a name that is not a branch name', async () => {
    await refused(['open', '--project', repo, '--kind', 'example', '--worktree', 'fresh', '--base', 'mian'], 'no branch named "mian" in proj — did you mean "main"?');
    await refused(['open', '--project', repo, '--kind', 'example', '--worktree', 'fresh', '--base', 'HEAD~1'], 'no branch named "HEAD~1" in proj');
    await refused(['open', '--project', repo, '--kind', 'example', '--worktree', 'a..b'], "'a..b' is not a valid branch name");
  });

  it('refuses a detached HEAD with no base, and a directory outside git, without opening the project', async () => {
    const detached = makeRepo(b.home, 'detached', 1);
    git(detached, 'checkout', '-q', '--detach');
    await refused(
      ['open', '--project', detached, '--kind', 'example', '--worktree', 'x'],
      'detached has no current branch to start from (detached HEAD) — name one with the base',
    );
    const plain = join(b.home, 'plain');
    mkdirSync(plain);
    await refused(
      ['open', '--project', plain, '--kind', 'example', '--worktree', 'x'],
      "plain is not a git repository, so there is no branch to open a worktree on — leave the worktree out to open the session in the project's own directory",
    );
    expect(projects()).toEqual([repo]);
  });

  it('refuses the last session of a checkout without --worktree, and a value that is neither keep nor remove', async () => {
    const w = workers['feat-a']!;
    await refused(
      ['close', 'feat-a'],
      `"feat-a" is the last session in the worktree ${w.path}, so closing it decides that checkout's fate: say "keep" to leave it on disk (the session is parked and can be resumed) or "remove" to delete it`,
    );
    await refused(['close', '--worktree', 'toss', 'feat-a'], '"toss" is not something to do with a worktree — "keep" keeps the checkout, "remove" deletes it');
  });

  it('refuses a session closing itself', async () => {
    const w = workers['feat-a']!;
    await refused(['close', '--worktree', 'keep', 'feat-a'], '"feat-a" is this session — closing it would take down the agent asking for it', { session: w.id });
  });

  it('refuses to remove a checkout lich did not create', async () => {
    const own = join(b.home, 'users-own');
    git(repo, 'worktree', 'add', '-q', '-b', 'users-branch', own);
    const s = await b.open(repo, 'example', ['--worktree', 'users-branch']);
    expect(s.path).toBe(own);
    await refused(
      ['close', '--worktree', 'remove', '--force', 'users-branch'],
      `the worktree ${own} was not created by lich, so closing this session cannot delete it: say "keep" instead, which parks the session and leaves the checkout where it is, or remove it from the window, which asks first`,
    );
    expect((await b.lich(['close', '--worktree', 'keep', 'users-branch'])).code).toBe(0);
    expect(existsSync(own)).toBe(true);
  });
});
