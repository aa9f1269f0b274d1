/**
 * A session's row and its process on a full data disk (issue 22): a real backend whose data
 * directory — the store and the worktrees under it — is a small tmpfs filled to its last byte,
 * real PTYs (the shell), real git. A close the database refuses ends nothing; a session whose
 * process ended while the database refused its park is read as ended by everything that decides
 * whether it runs, and its park is made once the disk takes writes again.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../server.js';
import { Store } from '../store/store.js';
import { canMount, fillDisk, mountTmpfs, rpc, tempLich, until, type TempLich } from '../testing.js';

const GIT_ENV = { GIT_AUTHOR_NAME: 't', GIT_AUTHOR_EMAIL: 't@example.invalid', GIT_COMMITTER_NAME: 't', GIT_COMMITTER_EMAIL: 't@example.invalid' };

function git(cwd: string, ...args: string[]): string {
  const r = spawnSync('git', args, { cwd, env: { ...process.env, ...GIT_ENV }, encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`git ${args.join(' ')}: ${r.stderr}`);
  return r.stdout.trim();
}

let dirs: TempLich;
let unmount: () => void;
let server: RunningServer | undefined;
let repo: string;
let logged: string[];

/** The store's refusal on a full disk (store/store.ts storeFailure). */
const full = () => `the disk holding the workspace database ${join(dirs.dataDir, 'lich.db')} is full, so nothing was written — free some space, then try again`;

const start = async (timings: { parkRetryMs?: number } = {}) => {
  server = await startServer({
    configDir: dirs.configDir,
    dataDir: dirs.dataDir,
    port: 0,
    bin: '/opt/lich/bin/lich',
    env: { PATH: process.env.PATH, HOME: dirs.root, SHELL: '/bin/sh', LICH_SHELL: '/bin/sh' },
    validateResults: true,
    timings,
    log: (l) => logged.push(l),
  });
  return server;
};
const call = async (method: string, o: Record<string, unknown>) => {
  const r = await rpc(server!, method, [o]);
  return r.status === 200 ? { ok: r.json } : { error: r.json.error as string };
};
const open = (o: Record<string, unknown>) =>
  call('spawn.Open', { from: '', project: repo, kind: 'shell', worktree: '', base: '', model: '', effort: '', folder: '', ultracode: false, resume: '', ...o });
const close = (o: Record<string, unknown>) => call('spawn.Close', { from: '', target: '', project: '', worktree: '', force: false, ...o });
const live = async () => ((await rpc(server!, 'relay.Peers', [{ from: '' }])).json as Array<{ label: string }>).map((p) => p.label);
/** The session rows as the database holds them: [label, parked, path]. */
const rows = () => {
  const store = new Store(join(dirs.dataDir, 'lich.db'));
  try {
    return store.sessions().map((s) => [s.label, s.parked, s.path] as const);
  } finally {
    store.close();
  }
};

beforeEach(() => {
  dirs = tempLich('lich-full-disk-');
  mkdirSync(dirs.configDir, { recursive: true });
  unmount = mountTmpfs(dirs.dataDir, '2m');
  logged = [];
  repo = join(dirs.root, 'repo');
  mkdirSync(join(repo, '.lich'), { recursive: true });
  git(repo, 'init', '-q', '-b', 'main');
  writeFileSync(join(repo, 'README'), 'hello\n');
  git(repo, 'add', '.');
  git(repo, 'commit', '-q', '-m', 'first');
});

afterEach(async () => {
  await server?.close();
  server = undefined;
  unmount();
  dirs.cleanup();
});

describe.skipIf(!canMount)('a session on a full data disk', () => {
  it('is not ended by a close the database refuses, and is closed by the same close once space is freed', async () => {
    await start();
    expect((await open({})).ok).toMatchObject({ label: 'Session 1' });
    expect((await open({})).ok).toMatchObject({ label: 'Session 2' });
    const filler = fillDisk(dirs.dataDir);

    expect(await close({ target: 'Session 2' })).toEqual({ error: full() });
    // Nothing changed: the session runs, its row is open, a task can still reach it.
    expect(await live()).toEqual(['Session 1', 'Session 2']);
    rmSync(filler);
    expect(rows().map(([label, parked]) => [label, parked])).toEqual([
      ['Session 1', false],
      ['Session 2', false],
    ]);

    expect((await close({ target: 'Session 2' })).ok).toMatchObject({ label: 'Session 2' });
    expect(await live()).toEqual(['Session 1']);
    expect(rows().map(([label, parked]) => [label, parked])).toEqual([
      ['Session 1', false],
      ['Session 2', true],
    ]);
    // Parked by the close, the row is not written again when the process ends.
    await until(() => logged.some((l) => /^session \w+ ended .*; its row is parked$/.test(l)));
    expect(logged.filter((l) => l.includes('could not be parked'))).toEqual([]);
  });

  it('that ended while the database refused its park is read as ended: worktrees, resume and open --worktree agree with its terminal', async () => {
    // An owed park is not tried again during the test: what is checked is each reader, not the retry.
    await start({ parkRetryMs: 3_600_000 });
    // The setup script fills the disk the checkout (under the data directory) and the store share, and fails.
    writeFileSync(join(repo, '.lich', 'setup-worktree.sh'), 'head -c 3000000 /dev/zero > fill.bin\n');
    git(repo, 'add', '.');
    git(repo, 'commit', '-q', '-m', 'setup');

    const s1 = (await open({ worktree: 's1' })).ok as { id: string; label: string; path: string };
    expect(s1.label).toBe('s1');
    await until(() => logged.some((l) => l.startsWith(`session ${s1.id} ended`)), 30_000);
    expect(logged.find((l) => l.startsWith(`session ${s1.id} ended`))).toMatch(/its row could not be parked yet .*is full/);
    expect(rows()).toEqual([['s1', false, s1.path]]);

    // Its row still reads open; the terminal says it ended, and that is what is told.
    expect(await live()).toEqual([]);
    const listed = (await call('spawn.Worktrees', { from: '', project: repo })).ok as Array<{ name: string; sessions: string[] }>;
        expect(listed.map((c) => [c.name, c.sessions])).toEqual([['s1', []]]);

    rmSync(join(s1.path, 'fill.bin'));
    // open --worktree picks the ended session back up, under its own label, in its checkout.
    const again = (await open({ worktree: 's1' })).ok as { id: string; label: string };
    expect(again).toMatchObject({ id: s1.id, label: 's1' });
    expect(await live()).toEqual(['s1']);
    expect(rows()).toEqual([['s1', false, s1.path]]);
  });

  it('killed while the database refused its park is resumed by name, and is no longer a card of its folder', async () => {
    await start({ parkRetryMs: 3_600_000 });
    const s = (await open({ folder: 'f' })).ok as { id: string; label: string };
    expect((await open({ folder: 'f' })).ok).toMatchObject({ label: 'Session 2' });
    const filler = fillDisk(dirs.dataDir);
    process.kill(await sessionPid(s.id), 'SIGKILL');
    await until(() => logged.some((l) => l.startsWith(`session ${s.id} ended`)));
    expect(logged.find((l) => l.startsWith(`session ${s.id} ended`))).toMatch(/its row could not be parked yet .*is full/);
    rmSync(filler);
    expect(rows().map(([label, parked]) => [label, parked])).toEqual([
      ['Session 1', false],
      ['Session 2', false],
    ]);
    const folders = (await call('spawn.Folders', { from: '', project: repo })).ok as Array<{ name: string; sessions: string[] }>;
        expect(folders).toEqual([{ name: 'f', sessions: ['Session 2'] }]);

    expect((await open({ resume: 'Session 1' })).ok).toMatchObject({ id: s.id, label: 'Session 1' });
    expect(await live()).toEqual(['Session 1', 'Session 2']);
  });

  it('owes its park while the disk is full, and the park is made once it is not', async () => {
    await start({ parkRetryMs: 50 });
    const s = (await open({})).ok as { id: string };
    const filler = fillDisk(dirs.dataDir);
    process.kill(await sessionPid(s.id), 'SIGKILL');
    await until(() => logged.some((l) => l.startsWith(`session ${s.id} ended`)));
    expect(rows().map(([, parked]) => parked)).toEqual([false]);
    rmSync(filler);
    await until(() => logged.includes(`session ${s.id}: its row is parked now that the workspace database takes writes again`));
    expect(rows().map(([, parked]) => parked)).toEqual([true]);
  });
});

/**
 * The pid of the process a session's PTY runs: the one whose environment carries its
 * LICH_SESSION_ID and whose parent is this backend, once it has one (the fork execs it).
 */
async function sessionPid(id: string): Promise<number> {
  let pid: number | undefined;
  await until(() => (pid = findSessionPid(id)) !== undefined);
  return pid!;
}

function findSessionPid(id: string): number | undefined {
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const env = readFileSync(`/proc/${name}/environ`, 'utf8').split('\0');
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (env.includes(`LICH_SESSION_ID=${id}`) && ppid === process.pid) return Number(name);
    } catch {
      // Gone since the listing.
    }
  }
  return undefined;
}
