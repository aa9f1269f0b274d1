// Confined sessions end to end (spec/cli.md § lich open, Confinement; docs/sandbox.md; issue 8):
// the example agent opened on a worktree under the "worktrees" rung runs inside bubblewrap and
// is handed tasks through `lich send` — a write inside its checkout and a commit on its branch
// work, a file planted in the real home is not there, a write outside its checkout is refused —
// and every answer comes back through `lich reply`, run from inside the sandbox over loopback.
// With the rung off the same session is unconfined and the open says nothing about confinement;
// on a backend whose PATH has no bubblewrap, a confined open fails with its line and leaves no
// row, checkout, branch or private home behind.

import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pageLine, Backend, exampleProvider, makeRepo, q } from './harness.js';

const CONFINED =
  " It runs confined: an empty home holding only its agent's own state, the machine read-only, and writes only inside its checkout.";
const SECRET = 'a credential the agent must never read';

function git(cwd: string, ...args: string[]): string {
  const r = spawnSync('git', args, { cwd, encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`git ${args.join(' ')}: ${r.stderr}`);
  return r.stdout.trim();
}

/** The lich config dir of `b`, where settings.json lives. */
const configDir = (b: Backend) => join(b.configHome, 'lich');
const setRung = (b: Backend, rung: string) => writeFileSync(join(configDir(b), 'settings.json'), JSON.stringify({ sandbox: rung }));
/** The home the backend (and so every unconfined session) runs with. */
const realHome = (home: string) => join(home, 'realhome');

/** The "Opened session" prose of spec/cli.md § lich open, for a session on a worktree. */
const openedText = (label: string, project: string, s: Listed, confined: boolean, port: number) =>
  `Opened session ${q(label)} (example) in project ${q(project)}, in worktree ${s.path}.${confined ? CONFINED : ''}\n` +
  `It answers to ${q(label)} and to ${q(s.name)}. Its agent may still be starting — a fresh worktree runs the project's setup script first — so a task you send it is held until the agent is up rather than lost.\n` +
  pageLine(port, s.id);

interface Listed {
  id: string;
  label: string;
  name: string;
  path: string;
}

describe('a confined session on a worktree', () => {
  let b: Backend;
  let repo: string;
  let s: Listed;

  const task = (cmd: string) => b.lich(['send', '--timeout', '60', s.label, cmd]);
  const listed = async (label: string): Promise<Listed> => {
    const r = await b.lich(['sessions', '--json']);
    return (JSON.parse(r.stdout) as Listed[]).find((p) => p.label === label)!;
  };

  beforeAll(async () => {
    b = await Backend.start({
      providers: ({ log }) => ({ example: exampleProvider(log) }),
      env: ({ home }) => {
        mkdirSync(realHome(home), { recursive: true });
        writeFileSync(join(realHome(home), 'planted.txt'), `${SECRET}\n`);
        return { HOME: realHome(home) };
      },
    });
    repo = makeRepo(b.home, 'proj', 1);
    setRung(b, 'worktrees');
  }, 30_000);

  afterAll(async () => {
    if (!b) return;
    const violations = b.violations;
    await b.close();
    expect(violations).toEqual([]);
  });

  it('opens confined and says so', async () => {
    const r = await b.lich(['open', '--project', repo, '--kind', 'example', '--worktree', 'sandboxed']);
    s = await listed('sandboxed');
    expect(r).toEqual({ code: 0, stdout: openedText('sandboxed', 'proj', s, true, b.port), stderr: '' });
  });

  it('writes inside its checkout, and the answer comes back through lich reply', async () => {
    expect(await task('echo written inside > inside.txt && cat inside.txt')).toEqual({ code: 0, stdout: 'written inside\n', stderr: '' });
    expect(readFileSync(join(s.path, 'inside.txt'), 'utf8')).toBe('written inside\n');
  });

  it('commits on its branch', async () => {
    const commit = 'git add inside.txt && git -c user.name=e2e -c user.email=e2e@example.invalid commit -q -m "from the sandbox" && git log -1 --format=%s';
    expect(await task(commit)).toEqual({ code: 0, stdout: 'from the sandbox\n', stderr: '' });
    expect(git(repo, 'log', '-1', '--format=%s', 'sandboxed')).toBe('from the sandbox');
  });

  it('does not find the file planted in the real home', async () => {
    const planted = join(realHome(b.home), 'planted.txt');
    const r = await task(`cat ${planted}`);
    expect(r.code).toBe(0);
    expect(r.stdout).toBe(`cat: ${planted}: No such file or directory\n(exit status 1)\n`);
  });

  it('is refused a write outside its checkout, and the machine is left as it was', async () => {
    // On the root filesystem and never under /tmp (which is private inside), wherever the checkout is.
    const escape = `/var/tmp/.lich-e2e-escape-${process.pid}`;
    try {
      const r = await task(`echo escaped > ${escape}`);
      expect(r.code).toBe(0);
      expect(r.stdout).toMatch(/cannot create .*\.lich-e2e-escape-\d+: Read-only file system\n\(exit status 2\)\n$/);
      expect(existsSync(escape)).toBe(false);
    } finally {
      rmSync(escape, { force: true });
    }
    // The project's own checkout is outside its checkout too: nothing written there reaches the disk.
    await task(`echo escaped > ${join(repo, 'escaped.txt')}`);
    expect(existsSync(join(repo, 'escaped.txt'))).toBe(false);
  });

  it('with the rung off, opens the same kind of session unconfined, saying nothing about confinement', async () => {
    setRung(b, 'off');
    const r = await b.lich(['open', '--project', repo, '--kind', 'example', '--worktree', 'unconfined']);
    const u = await listed('unconfined');
    expect(r).toEqual({ code: 0, stdout: openedText('unconfined', 'proj', u, false, b.port), stderr: '' });
    const planted = join(realHome(b.home), 'planted.txt');
    expect(await b.lich(['send', '--timeout', '60', 'unconfined', `cat ${planted}`])).toEqual({ code: 0, stdout: `${SECRET}\n`, stderr: '' });
  });
});

describe('a confined open where bubblewrap is not installed', () => {
  let b: Backend;
  let repo: string;
  let dataDir: string;

  /** What a failed open must leave as it found: rows, projects, branches, checkouts, lich's directories. */
  const world = () => {
    const db = new Database(join(dataDir, 'lich.db'), { readonly: true, fileMustExist: true });
    try {
      const list = (dir: string) => (existsSync(dir) ? readdirSync(dir, { recursive: true }).sort() : []);
      return {
        rows: db.prepare('SELECT id FROM sessions').all(),
        projects: db.prepare('SELECT path FROM projects').all(),
        branches: git(repo, 'for-each-ref', '--format=%(refname:short)', 'refs/heads'),
        checkouts: git(repo, 'worktree', 'list', '--porcelain'),
        worktrees: list(join(dataDir, 'worktrees')),
        homes: list(join(dataDir, 'sandbox')),
      };
    } finally {
      db.close();
    }
  };

  beforeAll(async () => {
    b = await Backend.start({
      providers: ({ log }) => ({ example: exampleProvider(log) }),
      // git and node, and no bubblewrap: the backend's PATH is where it is looked for.
      env: ({ home }) => {
        const bin = join(home, 'bin');
        mkdirSync(bin, { recursive: true });
        symlinkSync(spawnSync('sh', ['-c', 'command -v git'], { encoding: 'utf8' }).stdout.trim(), join(bin, 'git'));
        symlinkSync(process.execPath, join(bin, 'node'));
        return { PATH: bin };
      },
    });
    dataDir = join(b.home, 'data', 'lich');
    repo = makeRepo(b.home, 'proj', 1);
    setRung(b, 'worktrees');
  }, 30_000);

  afterAll(async () => {
    if (!b) return;
    const violations = b.violations;
    await b.close();
    expect(violations).toEqual([]);
  });

  it('fails with one line naming the cause and the setting, and leaves nothing behind', async () => {
    const before = world();
    const r = await b.lich(['open', '--project', repo, '--kind', 'example', '--worktree', 'needs-bwrap']);
    expect(r).toEqual({
      code: 1,
      stdout: '',
      stderr: `lich: "needs-bwrap" should run confined (sandbox setting "worktrees" in ${join(configDir(b), 'settings.json')}), and bubblewrap is not installed: install it (Debian: apt install bubblewrap) or turn the setting off\n`,
    });
    expect(world()).toEqual(before);
  });

  it('opens unconfined once the setting is off', async () => {
    rmSync(join(configDir(b), 'settings.json'));
    const r = await b.lich(['open', '--json', '--project', repo, '--kind', 'example', '--worktree', 'needs-bwrap']);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ label: 'needs-bwrap', confined: false });
  });
});
