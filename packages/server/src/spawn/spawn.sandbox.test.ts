/**
 * spawn.Open under each sandbox rung, through a real backend on the real bubblewrap, with a
 * stand-in Claude Code in real PTYs (spec/cli.md § lich open, Confinement; docs/sandbox.md):
 * which sessions run confined, what the row, the Session object and the provider's argv say,
 * what a confined session (and its setup script) sees, a resume following the rung of the open
 * that resumes it, and an open that cannot be confined failing with nothing left behind.
 */
import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../server.js';
import { Store } from '../store/store.js';
import { processesMentioning, rpc, until } from '../testing.js';
import { canonical } from './worktrees.js';

/**
 * The stand-in: records its argv, cwd, LICH_SESSION_ID, IS_SANDBOX and whether the real home's secret is
 * readable under $HOME/.rec — the private home when confined, the real one when not — touches
 * its provider state (~/.claude), and sits at a prompt.
 */
const AGENT = `
const fs = require('node:fs');
const home = process.env.HOME;
let secret = 'hidden';
try { secret = fs.readFileSync(process.env.SECRET, 'utf8').trim(); } catch {}
fs.mkdirSync(home + '/.rec', { recursive: true });
fs.appendFileSync(home + '/.rec/' + process.env.LICH_SESSION_ID + '.jsonl', JSON.stringify({ argv: process.argv.slice(2), cwd: process.cwd(), secret, sandbox: process.env.IS_SANDBOX ?? null }) + '\\n');
try { fs.writeFileSync(home + '/.claude/touched-' + process.env.LICH_SESSION_ID, 'yes'); } catch {}
process.stdin.setRawMode(true);
process.stdin.on('data', () => {});
process.stdout.write('agent> ');
`;

/** The project's setup script: what it sees of the home, written into the home it has. */
const SETUP = `#!/bin/sh
out="$HOME/setup-$LICH_SESSION_ID.txt"
cat "$SECRET" > "$out" 2>/dev/null || echo hidden > "$out"
`;

const GIT_ENV = { GIT_AUTHOR_NAME: 't', GIT_AUTHOR_EMAIL: 't@example.invalid', GIT_COMMITTER_NAME: 't', GIT_COMMITTER_EMAIL: 't@example.invalid' };
const SKIP = '--dangerously-skip-permissions';

let root: string;
let home: string;
let repo: string;
let fakes: string;
const backends: { server: RunningServer; configDir: string; dataDir: string }[] = [];

function git(cwd: string, ...args: string[]): string {
  const r = spawnSync('git', args, { cwd, env: { ...process.env, ...GIT_ENV }, encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`git ${args.join(' ')}: ${r.stderr}`);
  return r.stdout.trim();
}

async function backend(name: string, path: string) {
  const configDir = join(root, name, 'config');
  const dataDir = join(root, name, 'data');
  mkdirSync(configDir, { recursive: true });
  const server = await startServer({
    configDir,
    dataDir,
    port: 0,
    bin: '/opt/lich/bin/lich',
    env: { PATH: path, HOME: home, SECRET: join(home, 'secret.txt'), ...GIT_ENV },
    validateResults: true,
    log: () => {},
  });
  const b = { server, configDir, dataDir };
  backends.push(b);
  return b;
}
type Backend = Awaited<ReturnType<typeof backend>>;

const rung = (b: Backend, value: string | undefined) =>
  value === undefined ? rmSync(join(b.configDir, 'settings.json'), { force: true }) : writeFileSync(join(b.configDir, 'settings.json'), JSON.stringify({ sandbox: value }));
const open = (b: Backend, o: Partial<Record<string, unknown>>) =>
  rpc(b.server, 'spawn.Open', [{ from: '', project: repo, kind: 'claude', worktree: '', base: '', model: '', effort: '', folder: '', ultracode: false, ...o }]);
const close = (b: Backend, o: Partial<Record<string, unknown>>) => rpc(b.server, 'spawn.Close', [{ from: '', target: '', project: '', worktree: '', force: false, ...o }]);
const ok = async (p: Promise<{ status: number; json: any }>) => {
  const r = await p;
  if (r.status !== 200) throw new Error(`status ${r.status}: ${JSON.stringify(r.json)}`);
  return r.json;
};
const store = <T>(b: Backend, f: (s: Store) => T): T => {
  const s = new Store(join(b.dataDir, 'lich.db'));
  try {
    return f(s);
  } finally {
    s.close();
  }
};
const privateHome = (b: Backend, id: string) => join(b.dataDir, 'sandbox', 'homes', id);
/** Every start of session `id`, from the home it ran with. */
const starts = (dir: string, id: string) => {
  const f = join(dir, '.rec', `${id}.jsonl`);
  // Only whole lines: the file may be read while the stand-in writes it.
  return existsSync(f) ? readFileSync(f, 'utf8').split('\n').slice(0, -1).map((l) => JSON.parse(l)) : [];
};
const branches = () => git(repo, 'for-each-ref', '--format=%(refname:short)', 'refs/heads').split('\n').filter(Boolean).sort();
const linked = () => git(repo, 'worktree', 'list', '--porcelain').split('\n').filter((l) => l.startsWith('worktree ')).slice(1);

beforeAll(async () => {
  root = canonical(mkdtempSync(join(tmpdir(), 'lich-spawn-sandbox-')));
  home = join(root, 'home');
  repo = join(root, 'demo');
  const bin = join(root, 'tools', 'bin');
  fakes = join(root, 'fakes');
  for (const d of [home, repo, bin, fakes]) mkdirSync(d, { recursive: true });
  writeFileSync(join(home, 'secret.txt'), 'the real home\n');
  git(repo, 'init', '-q', '-b', 'main');
  mkdirSync(join(repo, '.lich'));
  writeFileSync(join(repo, '.lich', 'setup-worktree.sh'), SETUP);
  git(repo, 'add', '.');
  git(repo, 'commit', '-q', '-m', 'one');
  writeFileSync(join(bin, 'claude'), `#!${process.execPath}\n${AGENT}`);
  chmodSync(join(bin, 'claude'), 0o755);
  // A PATH with what a session here runs but no bubblewrap, unless the test puts a stand-in in `fakes`.
  for (const tool of ['git', 'sh', 'cat']) symlinkSync(spawnSync('sh', ['-c', `command -v ${tool}`], { encoding: 'utf8' }).stdout.trim(), join(bin, tool));
  symlinkSync(process.execPath, join(bin, 'node'));
});

afterAll(async () => {
  for (const b of backends) {
    await b.server.close();
    expect(b.server.violations).toEqual([]);
  }
  // Every session here was closed or went with its backend: none may keep a process (a
  // bubblewrap ended as it started used to leave the sandbox's first process behind for good).
  const left = processesMentioning(root);
  rmSync(root, { recursive: true, force: true });
  expect(left).toEqual([]);
});

describe('spawn.Open under each rung, on the real bubblewrap', () => {
  let b: Backend;
  beforeAll(async () => {
    b = await backend('real', `${join(root, 'tools', 'bin')}:${process.env.PATH}`);
  });

  it('confines nothing without a setting: the session sees the real home and keeps its permission prompts', async () => {
    rung(b, undefined);
    const s = await ok(open(b, { worktree: 'plain-wt' }));
    expect(s.confined).toBe(false);
    await until(() => starts(home, s.id).length === 1);
    const [start] = starts(home, s.id);
    expect(start).toMatchObject({ cwd: s.path, secret: 'the real home' });
    expect(start.argv).not.toContain(SKIP);
    expect(readFileSync(join(home, `setup-${s.id}.txt`), 'utf8')).toBe('the real home\n');
    expect(store(b, (st) => st.session(s.id)!.confined)).toBe(false);
    expect(existsSync(privateHome(b, s.id))).toBe(false);
  });

  it('under worktrees, confines a session on a worktree and not one in the project directory', async () => {
    rung(b, 'worktrees');
    const own = await ok(open(b, {}));
    expect(own.confined).toBe(false);
    const wt = await ok(open(b, { worktree: 'confined-wt' }));
    expect(wt.confined).toBe(true);
    expect(store(b, (st) => st.session(wt.id)!.confined)).toBe(true);
    await until(() => starts(privateHome(b, wt.id), wt.id).length === 1, 15_000);
    const [start] = starts(privateHome(b, wt.id), wt.id);
    expect(start).toMatchObject({ cwd: wt.path, secret: 'hidden' });
    expect(start.argv).toContain(SKIP);
    // Claude Code takes --dangerously-skip-permissions as root only with IS_SANDBOX=1.
    expect(start.sandbox).toBe('1');
    // Its provider's own state is the real one; its setup script ran inside the same confinement.
    // Written by the agent just after its start record: waited for, not raced.
    const touched = join(home, '.claude', `touched-${wt.id}`);
    await until(() => existsSync(touched) && readFileSync(touched, 'utf8') === 'yes', 15_000);
    expect(readFileSync(join(privateHome(b, wt.id), `setup-${wt.id}.txt`), 'utf8')).toBe('hidden\n');
    expect(existsSync(join(home, `setup-${wt.id}.txt`))).toBe(false);
    await until(() => starts(home, own.id).length === 1);
    expect(starts(home, own.id)[0].argv).not.toContain(SKIP);
    expect(starts(home, own.id)[0].sandbox).toBeNull();
  });

  it('under everywhere and under ask (nobody is here to answer), confines a session in the project directory too', async () => {
    for (const value of ['everywhere', 'ask']) {
      rung(b, value);
      const s = await ok(open(b, {}));
      expect(s.confined).toBe(true);
      await until(() => starts(privateHome(b, s.id), s.id).length === 1, 15_000);
      expect(starts(privateHome(b, s.id), s.id)[0]).toMatchObject({ cwd: repo, secret: 'hidden' });
      await ok(close(b, { target: s.id }));
    }
  });

  it('resumes a kept worktree under the rung of the open that resumes it, recording it on the row', async () => {
    rung(b, 'worktrees');
    const s = await ok(open(b, { worktree: 'resumed-wt' }));
    await until(() => starts(privateHome(b, s.id), s.id).length === 1, 15_000);
    await ok(close(b, { target: s.id, worktree: 'keep' }));
    rung(b, 'off');
    const again = await ok(open(b, { worktree: 'resumed-wt' }));
    expect(again).toMatchObject({ id: s.id, confined: false });
    expect(store(b, (st) => st.session(s.id)!.confined)).toBe(false);
    await until(() => starts(home, s.id).length === 1, 15_000);
    expect(starts(home, s.id)[0].secret).toBe('the real home');
    await ok(close(b, { target: s.id, worktree: 'keep' }));
    rung(b, 'worktrees');
    const third = await ok(open(b, { worktree: 'resumed-wt' }));
    expect(third).toMatchObject({ id: s.id, confined: true });
    // The same private home as its first start: what it kept there is still there.
    await until(() => starts(privateHome(b, s.id), s.id).length === 2, 15_000);
  });

  it('starts a parked session once when two resumes of it come at once (a double click on the page), while its confinement is proved', async () => {
    // issue 22, item 6: `lich open --resume` / the page's Resume. Confined, the start waits on the
    // proof run; a second resume then found the row still parked, started it twice, and its
    // failed start parked the row of the session that ran.
    rung(b, 'everywhere');
    const s = await ok(open(b, {}));
    await until(() => starts(privateHome(b, s.id), s.id).length === 1, 15_000);
    await ok(close(b, { target: s.id }));
    const both = await Promise.all([0, 1].map(() => open(b, { kind: '', resume: s.id })));
    expect(both.map((r) => r.status).sort()).toEqual([200, 500]);
    expect(both.find((r) => r.status !== 200)!.json.error).toBe(`"${s.label}" is running, so there is nothing to resume — hand it a task with lich send "${s.label}"`);
    await until(() => starts(privateHome(b, s.id), s.id).length === 2, 15_000);
    expect(store(b, (st) => st.session(s.id)!.parked)).toBe(false);
    await ok(close(b, { target: s.id }));
    expect(starts(privateHome(b, s.id), s.id)).toHaveLength(2);
  });

  it('resumes a kept worktree once when two opens of its branch come at once: the other opens a session beside it', async () => {
    rung(b, 'worktrees');
    const s = await ok(open(b, { worktree: 'kept-twice' }));
    await until(() => starts(privateHome(b, s.id), s.id).length === 1, 15_000);
    await ok(close(b, { target: s.id, worktree: 'keep' }));
    const both = await Promise.all([0, 1].map(() => ok(open(b, { worktree: 'kept-twice' }))));
    const resumed = both.filter((o) => o.id === s.id);
    const beside = both.filter((o) => o.id !== s.id);
    expect([resumed.length, beside.length]).toEqual([1, 1]);
    expect(beside[0]).toMatchObject({ path: s.path, confined: true });
    await until(() => starts(privateHome(b, s.id), s.id).length === 2, 15_000);
    expect(store(b, (st) => st.session(s.id)!.parked)).toBe(false);
    await ok(close(b, { target: beside[0].id }));
    expect(starts(privateHome(b, s.id), s.id)).toHaveLength(2);
    await ok(close(b, { target: s.id, worktree: 'remove', force: true }));
  });

  it("under worktrees, confines a --subagent worker opened in its caller's worktree, and not one in the project directory", async () => {
    rung(b, 'worktrees');
    const sub = (from: string) =>
      ok(rpc(b.server, 'spawn.OpenSubagent', [{ from, kind: 'claude', worktree: '', base: '', model: '', effort: '', ultracode: false }]));
    const caller = await ok(open(b, { worktree: 'caller-wt' }));
    const worker = await sub(caller.id);
    expect(worker).toMatchObject({ path: caller.path, confined: true });
    await until(() => starts(privateHome(b, worker.id), worker.id).length === 1, 15_000);
    const plain = await ok(open(b, {}));
    expect(await sub(plain.id)).toMatchObject({ path: repo, confined: false });
  });

  it('removes the private home with the worktree whose row goes for good', async () => {
    const s = await ok(open(b, { worktree: 'gone-wt' }));
    expect(existsSync(privateHome(b, s.id))).toBe(true);
    await ok(close(b, { target: s.id, worktree: 'remove', force: true }));
    expect(existsSync(privateHome(b, s.id))).toBe(false);
  });

  it('refuses to open when the settings file cannot be read, naming it', async () => {
    writeFileSync(join(b.configDir, 'settings.json'), '{"sandbox":"sometimes"}');
    const r = await open(b, { worktree: 'never' });
    expect(r).toEqual({
      status: 500,
      json: { error: `the sandbox setting in ${join(b.configDir, 'settings.json')} is "sometimes", which is not a rung — set it to one of "off", "worktrees", "everywhere", "ask"` },
    });
    expect(branches()).not.toContain('never');
  });
});

describe('spawn.Open when the session cannot be confined', () => {
  let b: Backend;
  /** Rows, project counters, branches, checkouts and private homes: what a failed open must leave as it found. */
  const world = () => ({
    rows: store(b, (st) => st.sessions().map((r) => r.id)),
    counters: store(b, (st) => st.projects().map((p) => p.nextSeq)),
    branches: branches(),
    linked: linked(),
    homes: existsSync(join(b.dataDir, 'sandbox', 'homes')) ? readdirSync(join(b.dataDir, 'sandbox', 'homes')).sort() : [],
  });
  const refused = async (o: Partial<Record<string, unknown>>, line: string) => {
    const before = world();
    expect(await open(b, o)).toEqual({ status: 500, json: { error: line } });
    expect(world()).toEqual(before);
  };

  beforeAll(async () => {
    b = await backend('broken', `${fakes}:${join(root, 'tools', 'bin')}`);
    rung(b, 'worktrees');
    // A row of the project first, so the counter that must not move exists.
    await ok(open(b, {}));
  });

  it('fails a confined open, naming the setting, when bubblewrap is not installed — no row, no checkout, no branch', async () => {
    rmSync(join(fakes, 'bwrap'), { force: true });
    const file = join(b.configDir, 'settings.json');
    await refused(
      { worktree: 'needs-bwrap' },
      `"needs-bwrap" should run confined (sandbox setting "worktrees" in ${file}), and bubblewrap is not installed: install it (Debian: apt install bubblewrap) or turn the setting off`,
    );
    rung(b, 'everywhere');
    await refused(
      {},
      `"Session 2" should run confined (sandbox setting "everywhere" in ${file}), and bubblewrap is not installed: install it (Debian: apt install bubblewrap) or turn the setting off`,
    );
    rung(b, 'worktrees');
  });

  it("fails a confined open in bubblewrap's words when the kernel refuses it, taking back the checkout and branch it made", async () => {
    writeFileSync(join(fakes, 'bwrap'), `#!/bin/sh\necho 'bwrap: setting up uid map: Permission denied' >&2\nexit 1\n`);
    chmodSync(join(fakes, 'bwrap'), 0o755);
    await refused(
      { worktree: 'denied' },
      `"denied" should run confined (sandbox setting "worktrees" in ${join(b.configDir, 'settings.json')}), and bubblewrap cannot confine it here (setting up uid map: Permission denied): allow unprivileged user namespaces (an AppArmor policy may deny them) or turn the setting off`,
    );
  });

  it('opens unconfined, as before, with the rung off', async () => {
    rung(b, 'off');
    const s = await ok(open(b, { worktree: 'no-sandbox' }));
    expect(s.confined).toBe(false);
    await until(() => starts(home, s.id).length === 1, 15_000);
  });
});
