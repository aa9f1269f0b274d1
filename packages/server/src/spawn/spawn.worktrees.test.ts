/**
 * spawn.Open --worktree, spawn.Close --worktree and spawn.Worktrees through a real backend, on
 * real git repositories in a temporary directory, with a stand-in agent in real PTYs
 * (spec/cli.md § lich open, § lich close, § lich worktrees; wire.md § 12.3).
 */
import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../server.js';
import { Store } from '../store/store.js';
import { preferredWorktreePort } from '../terminal/env.js';
import { http, rpc, tempLich, until, type TempLich } from '../testing.js';
import { canonical } from './worktrees.js';

/**
 * A stand-in agent: records its argv, cwd and lich environment under $REC (never in its
 * checkout, which must stay clean), takes its terminal raw and draws a prompt.
 */
const AGENT = `
const fs = require('node:fs');
const id = process.env.LICH_SESSION_ID;
const lich = Object.fromEntries(Object.entries(process.env).filter(([k]) => k.startsWith('LICH_')));
fs.appendFileSync(process.env.REC + '/' + id + '.jsonl', JSON.stringify({ argv: process.argv.slice(2), cwd: process.cwd(), env: lich }) + '\\n');
process.stdin.setRawMode(true);
process.stdin.on('data', () => {});
process.stdout.write('agent> ');
`;

const GIT_ENV = { GIT_AUTHOR_NAME: 't', GIT_AUTHOR_EMAIL: 't@example.invalid', GIT_COMMITTER_NAME: 't', GIT_COMMITTER_EMAIL: 't@example.invalid' };

let dirs: TempLich;
let server: RunningServer;
let repo: string;
let plain: string;
let rec: string;

function git(cwd: string, ...args: string[]): string {
  const r = spawnSync('git', args, { cwd, env: { ...process.env, ...GIT_ENV }, encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`git ${args.join(' ')}: ${r.stderr}`);
  return r.stdout.trim();
}

const open = (o: Partial<Record<string, unknown>>) =>
  rpc(server, 'spawn.Open', [
    { from: '', project: repo, kind: 'agent', worktree: '', base: '', model: '', effort: '', folder: '', ultracode: false, ...o },
  ]);
const close = (o: Partial<Record<string, unknown>>) =>
  rpc(server, 'spawn.Close', [{ from: '', target: '', project: '', worktree: '', force: false, ...o }]);
const worktrees = (o: Partial<Record<string, unknown>> = {}) => rpc(server, 'spawn.Worktrees', [{ from: '', project: repo, ...o }]);
const errorOf = async (p: Promise<{ status: number; json: any }>) => {
  const r = await p;
  expect(r.status).toBe(500);
  return r.json.error as string;
};
const ok = async (p: Promise<{ status: number; json: any }>) => {
  const r = await p;
  if (r.status !== 200) throw new Error(`status ${r.status}: ${JSON.stringify(r.json)}`);
  return r.json;
};
/** Every start recorded for session `id`, oldest first; a line still being written is not one yet. */
const starts = (id: string) =>
  existsSync(join(rec, `${id}.jsonl`))
    ? readFileSync(join(rec, `${id}.jsonl`), 'utf8').split('\n').slice(0, -1).map((l) => JSON.parse(l))
    : [];
const withStore = <T>(f: (s: Store) => T): T => {
  const s = new Store(join(dirs.dataDir, 'lich.db'));
  try {
    return f(s);
  } finally {
    s.close();
  }
};
const rows = () => withStore((s) => s.sessions());
const branches = () => git(repo, 'for-each-ref', '--format=%(refname:short)', 'refs/heads').split('\n').filter(Boolean).sort();
const linked = () =>
  git(repo, 'worktree', 'list', '--porcelain')
    .split('\n')
    .filter((l) => l.startsWith('worktree '))
    .map((l) => l.slice(9))
    .slice(1);

beforeAll(async () => {
  dirs = tempLich('lich-spawn-wt-');
  dirs.root = canonical(dirs.root);
  dirs.dataDir = join(dirs.root, 'data');
  dirs.configDir = join(dirs.root, 'config');
  repo = join(dirs.root, 'demo');
  plain = join(dirs.root, 'plain');
  rec = join(dirs.root, 'rec');
  for (const d of [repo, plain, rec, dirs.configDir]) mkdirSync(d, { recursive: true });
  git(repo, 'init', '-q', '-b', 'main');
  writeFileSync(join(repo, 'README'), 'demo\n');
  git(repo, 'add', '.');
  git(repo, 'commit', '-q', '-m', 'one');
  const agent = join(dirs.root, 'agent.cjs');
  writeFileSync(agent, AGENT);
  const fakeBin = join(dirs.root, 'bin');
  mkdirSync(fakeBin);
  writeFileSync(join(fakeBin, 'claude'), `#!${process.execPath}\n${AGENT}`);
  chmodSync(join(fakeBin, 'claude'), 0o755);
  writeFileSync(
    join(dirs.configDir, 'providers.json'),
    JSON.stringify({
      providers: { agent: { name: 'Test agent', command: process.execPath, args: [agent], env: { REC: rec }, reportsState: true, tools: false } },
    }),
  );
  server = await startServer({
    configDir: dirs.configDir,
    dataDir: dirs.dataDir,
    port: 0,
    bin: '/opt/lich/bin/lich',
    env: { PATH: `${fakeBin}:${process.env.PATH}`, HOME: dirs.root, REC: rec, ...GIT_ENV },
    validateResults: true,
    log: () => {},
  });
});

afterAll(async () => {
  await server.close();
  expect(server.violations).toEqual([]);
  dirs.cleanup();
});

describe('spawn.Open with a worktree', () => {
  let auth: any;

  it('creates the branch and its checkout under <dataDir>/worktrees/<project id>/<branch>, labelled after it, rooted there', async () => {
    const home = await ok(open({ worktree: '' }));
    expect(home).toMatchObject({ label: 'Session 1', nextSeq: 2, path: repo });
    auth = await ok(open({ worktree: 'auth-fix' }));
    const path = join(dirs.dataDir, 'worktrees', auth.projectId, 'auth-fix');
    expect(auth).toMatchObject({ label: 'auth-fix', path, nextSeq: 3, name: `auth-fix-${auth.id.slice(0, 4)}` });
    expect(branches()).toEqual(['auth-fix', 'main']);
    expect(linked()).toEqual([path]);
    await until(() => starts(auth.id).length === 1);
    const [s] = starts(auth.id);
    expect(s.cwd).toBe(path);
    expect(s.env).toMatchObject({ LICH_PROJECT_DIR: repo, LICH_SESSION_ID: auth.id });
    // The dev port follows the checkout, not the project.
    expect(Number(s.env.LICH_WORKTREE_PORT)).toBe(preferredWorktreePort(path));
  });

  it('labels a second session on a taken branch name from the counter, sharing the existing checkout', async () => {
    const again = await ok(open({ worktree: 'AUTH-FIX' }));
    expect(again).toMatchObject({ label: 'Session 3', path: auth.path, nextSeq: 4 });
    const [s] = (await until(() => starts(again.id).length === 1), starts(again.id));
    expect(s.env.LICH_WORKTREE_PORT).toBe(starts(auth.id)[0].env.LICH_WORKTREE_PORT);
    expect(await ok(close({ target: again.id }))).toEqual({
      id: again.id,
      projectId: auth.projectId,
      project: 'demo',
      label: 'Session 3',
      worktree: auth.path,
      kept: false,
      removed: false,
    });
  });

  it('checks an existing branch out as it stands, ignoring the base', async () => {
    git(repo, 'branch', 'prepared');
    git(repo, 'commit', '-q', '--allow-empty', '-m', 'two');
    const s = await ok(open({ worktree: 'prepared', base: 'no-such-branch' }));
    expect(s.label).toBe('prepared');
    expect(git(s.path, 'log', '--format=%s')).toBe('one');
  });

  it('creates off the base named, checked against the branches', async () => {
    const s = await ok(open({ worktree: 'off-prepared', base: 'PREPARED' }));
    expect(git(s.path, 'log', '--format=%s')).toBe('one');
  });

  const nothingLeft = async (o: Partial<Record<string, unknown>>, line: string) => {
    const before = { rows: rows().length, branches: branches(), linked: linked() };
    expect(await errorOf(open(o))).toBe(line);
    expect({ rows: rows().length, branches: branches(), linked: linked() }).toEqual(before);
  };

  it("refuses a branch checked out in the project's own directory in git's words, leaving nothing behind", async () => {
    const words = spawnSync('git', ['worktree', 'add', join(dirs.root, 'probe'), 'main'], { cwd: repo, encoding: 'utf8' }).stderr;
    await nothingLeft({ worktree: 'main' }, words.split('\n').find((l) => l.startsWith('fatal: '))!.slice('fatal: '.length));
    expect(words).toMatch(/'main' is already (checked out|used by worktree) at/);
  });

  it('refuses a base that is not a branch, a name that is not a branch name, and a project outside git, leaving nothing', async () => {
    await nothingLeft({ worktree: 'fresh', base: 'mian' }, 'no branch named "mian" in demo — did you mean "main"?');
    await nothingLeft({ worktree: 'a..b' }, "'a..b' is not a valid branch name");
    await nothingLeft({ worktree: 'new\nline' }, '"new\\nline" is not a valid branch name');
    await nothingLeft(
      { project: plain, worktree: 'x' },
      "plain is not a git repository, so there is no branch to open a worktree on — leave the worktree out to open the session in the project's own directory",
    );
    expect(withStore((s) => s.projects().map((p) => p.name))).not.toContain('plain');
  });

  it('still refuses a base without a worktree', async () => {
    expect(await errorOf(open({ base: 'main' }))).toBe(
      'a base is the branch a new worktree starts from, and no worktree was asked for, so "main" would be dropped in silence — name the worktree to create, or leave the base out',
    );
  });
});

describe('spawn.Close with a worktree', () => {
  it("refuses the checkout's last session without --worktree, naming the two answers", async () => {
    const s = await ok(open({ worktree: 'last-one' }));
    expect(await errorOf(close({ target: 'last-one' }))).toBe(
      `"last-one" is the last session in the worktree ${s.path}, so closing it decides that checkout's fate: say "keep" to leave it on disk (the session is parked and can be resumed) or "remove" to delete it`,
    );
    expect(await errorOf(close({ target: 'last-one', worktree: 'discard' }))).toBe(
      '"discard" is not something to do with a worktree — "keep" keeps the checkout, "remove" deletes it',
    );
    expect(withStore((st) => st.session(s.id)!.parked)).toBe(false);
  });

  it('keeps: the checkout stays, the row is parked, and opening the branch again resumes it, conversation included', async () => {
    const s = await ok(open({ worktree: 'kept-work', kind: 'claude' }));
    await until(() => starts(s.id).length === 1);
    const r = await http(
      server.port,
      'POST',
      `/session-start?token=${server.token}`,
      JSON.stringify({ session_id: s.id, provider_session_id: 'conv-123', provider: 'claude' }),
    );
    expect(r.status).toBe(204);
    expect(starts(s.id)[0].argv).not.toContain('--resume');
    const closed = await ok(close({ target: 'kept-work', worktree: 'keep' }));
    expect(closed).toMatchObject({ id: s.id, label: 'kept-work', worktree: s.path, kept: true, removed: false });
    expect(existsSync(s.path)).toBe(true);
    expect(withStore((st) => st.session(s.id)!.parked)).toBe(true);

    const resumed = await ok(open({ worktree: 'kept-work', kind: 'claude' }));
    expect(resumed).toMatchObject({ id: s.id, label: 'kept-work', path: s.path, name: s.name });
    await until(() => starts(s.id).length === 2);
    const argv = starts(s.id)[1].argv as string[];
    expect(argv.slice(argv.indexOf('--resume'), argv.indexOf('--resume') + 2)).toEqual(['--resume', 'conv-123']);
    expect(withStore((st) => st.session(s.id)!.parked)).toBe(false);
    await ok(close({ target: s.id, worktree: 'keep' }));
  });

  it('removes: refused for uncommitted work without force, then the checkout, its row and parked rows pointing at it go; the branch stays', async () => {
    const s = await ok(open({ worktree: 'scratch' }));
    // A second session in the same checkout, parked: removal takes its row too.
    const other = await ok(open({ worktree: 'scratch' }));
    await ok(close({ target: other.id }));
    writeFileSync(join(s.path, 'wip.txt'), 'not committed\n');
    expect(await errorOf(close({ target: 'scratch', worktree: 'remove' }))).toBe(
      `the worktree ${s.path} has uncommitted work, and removing it discards what is in no commit and on no remote. Force it only if that is what you mean`,
    );
    expect(existsSync(s.path)).toBe(true);
    expect(await ok(close({ target: 'scratch', worktree: 'remove', force: true }))).toEqual({
      id: s.id,
      projectId: s.projectId,
      project: 'demo',
      label: 'scratch',
      worktree: s.path,
      kept: false,
      removed: true,
    });
    expect(existsSync(s.path)).toBe(false);
    expect(linked()).not.toContain(s.path);
    expect(branches()).toContain('scratch');
    expect(rows().map((r) => r.id)).not.toEqual(expect.arrayContaining([s.id]));
    expect(rows().map((r) => r.id)).not.toContain(other.id);
  });

  it('refuses to remove a checkout lich did not create, and keeps it when told to', async () => {
    const mine = join(dirs.root, 'users-own');
    git(repo, 'worktree', 'add', '-q', '-b', 'users-branch', mine);
    const s = await ok(open({ worktree: 'users-branch' }));
    expect(s.path).toBe(mine);
    expect(await errorOf(close({ target: s.id, worktree: 'remove', force: true }))).toBe(
      `the worktree ${mine} was not created by lich, so closing this session cannot delete it: say "keep" instead, which parks the session and leaves the checkout where it is, or remove it from the window, which asks first`,
    );
    expect(await ok(close({ target: s.id, worktree: 'keep' }))).toMatchObject({ worktree: mine, kept: true, removed: false });
    expect(existsSync(mine)).toBe(true);
  });

  it("closes a session in the project's own directory on the spot, whatever --worktree says", async () => {
    const s = await ok(open({}));
    expect(await ok(close({ target: s.id, worktree: 'remove' }))).toMatchObject({ worktree: '', kept: false, removed: false });
    expect(existsSync(repo)).toBe(true);
  });

  it('refuses a session closing itself', async () => {
    const s = await ok(open({ worktree: 'selfish' }));
    expect(await errorOf(close({ from: s.id, target: 'selfish', worktree: 'remove' }))).toBe(
      '"selfish" is this session — closing it would take down the agent asking for it',
    );
  });
});

describe('spawn.Worktrees', () => {
  it("lists the project's worktrees with their state and open sessions, never the project's own directory", async () => {
    const list = await ok(worktrees());
    expect(list.map((c: any) => c.path)).not.toContain(repo);
    const byName = Object.fromEntries(list.map((c: any) => [c.name, c]));
    expect(byName['auth-fix']).toEqual({ name: 'auth-fix', path: join(dirs.dataDir, 'worktrees', byName['auth-fix'].path.split('/').at(-2), 'auth-fix'), dirty: false, sessions: ['auth-fix'], missing: false });
    expect(byName['kept-work'].sessions).toEqual([]);
    expect(byName['users-branch']).toMatchObject({ path: join(dirs.root, 'users-own'), sessions: [] });
    expect(byName.scratch).toBeUndefined();
  });

  it("defaults to the caller's project, narrows by name or path, and refuses one it does not hold", async () => {
    const caller = rows().find((r) => r.label === 'auth-fix')!;
    expect((await ok(worktrees({ from: caller.id, project: '' }))).length).toBeGreaterThan(0);
    expect((await ok(worktrees({ project: 'DEMO' }))).length).toBeGreaterThan(0);
    expect(await errorOf(worktrees({ project: '' }))).toBe(
      'no project was named, and this is not running in a lich session whose project it could default to — name one with --project: "demo"',
    );
    expect(await errorOf(worktrees({ project: plain }))).toBe(
      `no project is open at ${plain} — the open projects are "demo"; only lich open opens a directory as a project`,
    );
  });
});

describe('the setup script', () => {
  it('runs in a fresh worktree before the provider, and not in a checkout that is reused', async () => {
    mkdirSync(join(repo, '.lich'), { recursive: true });
    writeFileSync(join(repo, '.lich', 'setup-worktree.sh'), 'echo "$LICH_WORKTREE_PORT" >> "$REC/setup-ran.txt"\n');
    const s = await ok(open({ worktree: 'with-setup' }));
    await until(() => starts(s.id).length === 1);
    const ran = readFileSync(join(rec, 'setup-ran.txt'), 'utf8').trim().split('\n');
    expect(ran).toEqual([starts(s.id)[0].env.LICH_WORKTREE_PORT]);
    await ok(open({ worktree: 'with-setup' }));
    await new Promise((r) => setTimeout(r, 300));
    expect(readFileSync(join(rec, 'setup-ran.txt'), 'utf8').trim().split('\n')).toHaveLength(1);
  });

  it('parks the session when the script fails, never starting the provider, and keeps the checkout', async () => {
    writeFileSync(join(repo, '.lich', 'setup-worktree.sh'), 'exit 3\n');
    const s = await ok(open({ worktree: 'broken-setup' }));
    await until(() => withStore((st) => st.session(s.id)!.parked));
    expect(starts(s.id)).toEqual([]);
    expect(existsSync(s.path)).toBe(true);
    expect(readdirSync(s.path)).toContain('README');
  });
});

describe('opens and closes that must leave what others made alone', () => {
  // The failing setup script of the tests above would park these sessions as they start.
  beforeAll(() => rmSync(join(repo, '.lich'), { recursive: true, force: true }));
  const demoId = () => withStore((s) => s.projects().find((p) => p.name === 'demo')!.id);

  it('gives two concurrent opens of one new branch one checkout: the first creates it, the second reuses it', async () => {
    const [a, b] = await Promise.all([ok(open({ worktree: 'race2' })), ok(open({ worktree: 'race2' }))]);
    const path = join(dirs.dataDir, 'worktrees', demoId(), 'race2');
    expect([a.path, b.path]).toEqual([path, path]);
    expect([a.label, b.label].sort()).toEqual([expect.stringMatching(/^Session \d+$/), 'race2'].sort());
    expect(branches()).toContain('race2');
    expect(linked()).toContain(path);
    expect(existsSync(join(path, 'README'))).toBe(true);
    await until(() => starts(a.id).length === 1 && starts(b.id).length === 1);
    expect(withStore((st) => [st.session(a.id)!.parked, st.session(b.id)!.parked])).toEqual([false, false]);
  });

  it('refuses a worktree whose directory is already on disk without making its branch', async () => {
    const path = join(dirs.dataDir, 'worktrees', demoId(), 'leftover');
    mkdirSync(path, { recursive: true });
    writeFileSync(join(path, 'f'), 'x\n');
    const before = { rows: rows().length, linked: linked() };
    expect(await errorOf(open({ worktree: 'leftover' }))).toBe(
      `${path} already exists and is not a checkout of "leftover", so no worktree can be made there — move it out of the way, or name another branch`,
    );
    expect(branches()).not.toContain('leftover');
    expect({ rows: rows().length, linked: linked() }).toEqual(before);
    expect(readFileSync(join(path, 'f'), 'utf8')).toBe('x\n');
  });

  it("never removes a checkout opened as a project of its own: that project's session keeps it open, and without one removal is refused", async () => {
    const wtSession = await ok(open({ worktree: 'b7' }));
    const own = await ok(open({ project: wtSession.path }));
    expect(own).toMatchObject({ project: 'b7', path: wtSession.path });
    // The other project's session still runs there: this is not the checkout's last session.
    expect(await ok(close({ target: wtSession.id, worktree: 'remove' }))).toMatchObject({ removed: false, kept: false });
    expect(existsSync(wtSession.path)).toBe(true);
    await ok(close({ target: own.id }));
    const again = await ok(open({ worktree: 'b7' }));
    expect(again.id).toBe(wtSession.id);
    expect(await errorOf(close({ target: again.id, worktree: 'remove', force: true }))).toBe(
      `the worktree ${wtSession.path} is the directory of project "b7", so closing this session cannot delete it: say "keep" instead, which parks the session and leaves the checkout where it is`,
    );
    expect(existsSync(wtSession.path)).toBe(true);
    expect(withStore((st) => st.session(own.id))).toBeDefined();
    await ok(close({ target: again.id, worktree: 'keep' }));
  });

  it('lists no worktrees for a project that is not a git repository', async () => {
    const s = await ok(open({ project: plain }));
    expect(await ok(worktrees({ project: plain }))).toEqual([]);
    await ok(close({ target: s.id }));
  });
});
