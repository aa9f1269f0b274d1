import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../server.js';
import { Store } from '../store/store.js';
import { http, rpc, tempLich, until, type TempLich } from '../testing.js';

/**
 * A stand-in agent: takes its terminal raw and turns bracketed paste on, as an agent's TUI does,
 * records its argv and lich environment, and logs every chunk it reads — all into files named
 * after its session id, in its working directory.
 */
const AGENT = `
const fs = require('node:fs');
const id = process.env.LICH_SESSION_ID;
const lich = Object.fromEntries(Object.entries(process.env).filter(([k]) => k.startsWith('LICH_') || k === 'AGENT_FLAVOUR'));
// Written whole under another name, then renamed: a test that sees the file reads all of it.
fs.writeFileSync(id + '.start.tmp', JSON.stringify({ argv: process.argv.slice(2), cwd: process.cwd(), env: lich }));
fs.renameSync(id + '.start.tmp', id + '.start.json');
process.stdin.setRawMode(true);
process.stdin.on('data', (d) => {
  fs.appendFileSync(id + '.in.txt', d.toString());
  if (d.toString().includes('exit-now')) process.exit(0);
});
process.stdout.write('\\x1b[?2004hagent> ');
`;

let dirs: TempLich;
let server: RunningServer;
let projectA: string;
let projectB: string;
const BIN = '/opt/lich/bin/lich';

const open = (o: Partial<Record<string, unknown>>) =>
  rpc(server, 'spawn.Open', [
    { from: '', project: '', kind: '', worktree: '', base: '', model: '', effort: '', folder: '', ultracode: false, ...o },
  ]);
const close = (o: Partial<Record<string, unknown>>) =>
  rpc(server, 'spawn.Close', [{ from: '', target: '', project: '', worktree: '', force: false, ...o }]);
const errorOf = async (p: Promise<{ status: number; json: any }>) => {
  const r = await p;
  expect(r.status).toBe(500);
  return r.json.error as string;
};
const started = (dir: string, id: string) => JSON.parse(readFileSync(join(dir, `${id}.start.json`), 'utf8'));

beforeAll(async () => {
  dirs = tempLich();
  projectA = join(dirs.root, 'alpha');
  projectB = join(dirs.root, 'beta');
  mkdirSync(projectA);
  mkdirSync(projectB);
  mkdirSync(dirs.configDir, { recursive: true });
  const agent = join(dirs.root, 'agent.cjs');
  writeFileSync(agent, AGENT);
  // A "claude" on PATH that is the stand-in agent, so the argv Claude Code is given can be read back.
  const fakeBin = join(dirs.root, 'bin');
  mkdirSync(fakeBin);
  writeFileSync(join(fakeBin, 'claude'), `#!${process.execPath}\n${AGENT}`);
  chmodSync(join(fakeBin, 'claude'), 0o755);
  writeFileSync(
    join(dirs.configDir, 'providers.json'),
    JSON.stringify({
      providers: {
        agent: { name: 'Test agent', command: process.execPath, args: [agent], env: { AGENT_FLAVOUR: 'plain' }, reportsState: true, tools: false, modelFlag: '--model' },
        fixed: { name: 'Fixed agent', command: process.execPath, args: [agent], env: {}, reportsState: true, tools: false },
      },
    }),
  );
  server = await startServer({
    configDir: dirs.configDir,
    dataDir: dirs.dataDir,
    port: 0,
    bin: BIN,
    env: { PATH: `${fakeBin}:${process.env.PATH}`, HOME: dirs.root, LICH_SESSION_ID: 'inherited-must-not-leak' },
    validateResults: true,
    timings: { receiptWindowMs: 30_000 },
    log: () => {},
  });
});

afterAll(async () => {
  await server.close();
  expect(server.violations).toEqual([]);
  dirs.cleanup();
});

describe('spawn.Open', () => {
  let first: any;

  it('opens a directory as a new project and starts the provider in a PTY rooted there', async () => {
    const r = await open({ project: projectA, kind: 'agent', model: 'big-model', folder: 'Workers' });
    expect(r.status).toBe(200);
    first = r.json;
    expect(first).toMatchObject({
      project: 'alpha',
      label: 'Session 1',
      kind: 'agent',
      path: projectA,
      nextSeq: 2,
      originSessionId: '',
      originLabel: '',
      confined: false,
      folder: 'Workers',
      run: true,
    });
    expect(first.id).toMatch(/^[0-9a-f]{32}$/);
    expect(first.name).toBe(`alpha-${first.id.slice(0, 4)}`);
    await until(() => existsSync(join(projectA, `${first.id}.start.json`)));
    const s = started(projectA, first.id);
    expect(s.argv).toEqual(['--model', 'big-model']);
    expect(s.cwd).toBe(projectA);
    expect(s.env).toMatchObject({
      LICH_PORT: String(server.port),
      LICH_TOKEN: server.token,
      LICH_SESSION_ID: first.id,
      LICH_BIN: BIN,
      LICH_PROJECT_DIR: projectA,
      LICH_PROMPT_LANG: 'en',
      AGENT_FLAVOUR: 'plain',
    });
    const port = Number(s.env.LICH_WORKTREE_PORT);
    expect(port).toBeGreaterThanOrEqual(24000);
    expect(port).toBeLessThan(25000);
  });

  it('lists the opened session as a live peer at once', async () => {
    const peers = await rpc(server, 'relay.Peers', [{ from: '' }]);
    expect(peers.json).toContainEqual(
      expect.objectContaining({ id: first.id, label: 'Session 1', name: first.name, project: 'alpha', kind: 'agent', path: projectA, projectPath: projectA }),
    );
  });

  it('opens from a session in its project and kind by default, continuing the numbering and naming its origin', async () => {
    const r = await open({ from: first.id });
    expect(r.status).toBe(200);
    expect(r.json).toMatchObject({
      projectId: first.projectId,
      project: 'alpha',
      label: 'Session 2',
      kind: 'agent',
      nextSeq: 3,
      originSessionId: first.id,
      originLabel: 'Session 1',
    });
  });

  it('finds a project by name case-insensitively, and matches a directory it holds by path', async () => {
    const byName = await open({ project: 'ALPHA', kind: 'fixed' });
    expect(byName.json).toMatchObject({ projectId: first.projectId, label: 'Session 3' });
    const byPath = await open({ project: `${projectA}/`, kind: 'fixed' });
    expect(byPath.json).toMatchObject({ projectId: first.projectId, label: 'Session 4' });
    const tilde = await open({ project: `~/${basename(projectB)}`, kind: 'fixed' });
    expect(tilde.json).toMatchObject({ project: 'beta', path: projectB, label: 'Session 1' });
  });

  it('moves the project’s active slot to the session it opened', async () => {
    const r = await open({ project: 'alpha', kind: 'fixed' });
    const store = new Store(join(dirs.dataDir, 'lich.db'));
    expect(store.project(r.json.projectId)!.activeSessionId).toBe(r.json.id);
    store.close();
  });

  it('refuses, outside a session with no project named, listing the open projects', async () => {
    expect(await errorOf(open({ kind: 'agent' }))).toBe(
      'no project was named, and this is not running in a lich session whose project it could default to — name one with --project: "alpha", "beta"',
    );
  });

  it('refuses a project it cannot resolve, writing nothing', async () => {
    expect(await errorOf(open({ project: 'gamma', kind: 'agent' }))).toBe(
      'no project named "gamma" is open — the open projects are "alpha", "beta"; give a directory\'s absolute path to open another',
    );
    expect(await errorOf(open({ project: 'rel/path', kind: 'agent' }))).toMatch(/^"rel\/path" is not an absolute path/);
    expect(await errorOf(open({ project: join(dirs.root, 'missing'), kind: 'agent' }))).toBe(
      `no directory at "${join(dirs.root, 'missing')}" to open as a project`,
    );
    expect(await errorOf(open({ project: join(dirs.root, 'agent.cjs'), kind: 'agent' }))).toBe(
      `"${join(dirs.root, 'agent.cjs')}" is not a directory, so it cannot be opened as a project`,
    );
  });

  it('quotes every value the caller gave in its refusals, Go-style, so a newline cannot split the line', async () => {
    // A name being given (kind, model, …) holding one is refused at the door (rpc.ts), 400; a branch is left to the branch check.
    const anyError = async (p: Promise<{ status: number; json: any }>) => (await p).json.error as string;
    const refusals = [
      await anyError(open({ project: 'alpha', kind: 'a\nb' })),
      await errorOf(open({ project: '/tmp/no\nsuch', kind: 'agent' })),
      await errorOf(open({ project: 'ga\nmma', kind: 'agent' })),
      await errorOf(open({ project: 're\nl/path', kind: 'agent' })),
      await anyError(open({ project: 'alpha', kind: 'agent', worktree: 'fe\nat' })),
      await anyError(open({ project: 'alpha', kind: 'agent', base: 'ma\nin' })),
      await errorOf(close({ target: 'no\tsuch' })),
    ];
    for (const r of refusals) expect(r).not.toMatch(/[\n\t]/);
    expect(refusals[0]).toBe('a kind cannot hold control characters, and "a\\nb" holds one: give it without them');
    expect(refusals[1]).toBe('no directory at "/tmp/no\\nsuch" to open as a project');
    expect(refusals[4]).toMatch(/^alpha is not a git repository/);
    expect(refusals[6]).toBe('no session named "no\\tsuch"');
  });

  it('refuses a base without a worktree, and an effort or ultracode its provider cannot take, before anything is opened', async () => {
    expect(await errorOf(open({ project: 'alpha', kind: 'agent', base: 'main' }))).toBe(
      'a base is the branch a new worktree starts from, and no worktree was asked for, so "main" would be dropped in silence — name the worktree to create, or leave the base out',
    );
    expect(await errorOf(open({ project: 'alpha', kind: 'agent', effort: 'high' }))).toBe(
      'Test agent cannot be told which effort to run at when lich starts it — open the session without an effort and set it inside it',
    );
    expect(await errorOf(open({ project: 'alpha', kind: 'agent', ultracode: true }))).toBe(
      "Test agent has no ultracode — it is Claude Code's alone: open the session without it, or open a Claude Code session instead",
    );
  });

  it('refuses an unknown kind, a model its provider cannot take, and a provider not on PATH', async () => {
    expect(await errorOf(open({ project: 'alpha', kind: 'aider' }))).toBe(
      '"aider" is not a provider lich runs. Known kinds: claude, codex, antigravity, opencode, omp, crush, cursor, kiro, shell, agent, fixed.',
    );
    expect(await errorOf(open({ project: 'alpha', kind: 'fixed', model: 'x' }))).toBe(
      'Fixed agent cannot be told which model to run when lich starts it — open the session without a model and pick one inside it',
    );
    expect(await errorOf(open({ project: 'alpha', kind: 'crush', model: 'x' }))).toMatch(/^Crush cannot be told which model/);
    const codex = await errorOf(open({ project: 'alpha', kind: 'codex' }));
    expect(codex).toMatch(/^Codex is not installed where lich can run it: no "codex" on PATH \(/);
  });

  it('types a relayed task into the session as a bracketed paste and hears its turn end through /hook', async () => {
    const target = (await open({ project: 'beta', kind: 'agent' })).json;
    await until(() => existsSync(join(projectB, `${target.id}.start.json`)));
    const sending = rpc(server, 'relay.Send', [{ from: '', target: target.label, project: 'beta', prompt: 'run the tests', timeoutSeconds: 20 }]);
    const inbox = join(projectB, `${target.id}.in.txt`);
    await until(() => existsSync(inbox) && readFileSync(inbox, 'utf8').endsWith('\r'), 10_000);
    const typed = readFileSync(inbox, 'utf8');
    expect(typed.startsWith('\x1b[200~[lich] Message relayed by the lich command line')).toBe(true);
    expect(typed).toContain('run the tests');
    expect(typed.endsWith('\x1b[201~\r')).toBe(true);
    const hook = (state: string) =>
      http(server.port, 'POST', `/hook?token=${server.token}`, JSON.stringify({ session_id: target.id, state }));
    expect((await hook('busy')).status).toBe(204);
    expect((await hook('done')).status).toBe(204);
    const r = await sending;
    expect(r.status).toBe(200);
    expect(r.json).toMatchObject({ target: target.label, status: 'unanswered' });
  });

  it('parks a session whose process exits, and drops it from the peers', async () => {
    const s = (await open({ project: 'beta', kind: 'agent' })).json;
    await until(() => existsSync(join(projectB, `${s.id}.start.json`)));
    await rpc(server, 'relay.Send', [{ from: '', target: s.id, project: '', prompt: 'exit-now', timeoutSeconds: 1 }]);
    await until(async () => !(await rpc(server, 'relay.Peers', [{ from: '' }])).json.some((p: any) => p.id === s.id), 10_000);
    const store = new Store(join(dirs.dataDir, 'lich.db'));
    expect(store.session(s.id)!.parked).toBe(true);
    store.close();
  });

  it('starts Claude Code with lich\'s MCP server registered last in its argv, naming LICH_BIN and no token', async () => {
    const r = await open({ project: projectB, kind: 'claude', model: 'opus' });
    expect(r.status).toBe(200);
    await until(() => existsSync(join(projectB, `${r.json.id}.start.json`)));
    const argv: string[] = started(projectB, r.json.id).argv;
    expect(argv).toEqual([
      '--name',
      r.json.name,
      '--model',
      'opus',
      '--append-system-prompt',
      expect.stringMatching(/^You are running inside lich, .* The lich tools in your list open one and hand it the task\.$/),
      '--mcp-config',
      '{"mcpServers":{"lich":{"args":["mcp"],"command":"/opt/lich/bin/lich"}}}',
    ]);
    expect(argv.join(' ')).not.toContain(server.token);
    expect(argv).not.toContain('--strict-mcp-config');
    await close({ target: r.json.id });
  });
});

describe('spawn.Close', () => {
  it('refuses no target, an unknown one, an ambiguous one and a bad --worktree value', async () => {
    expect(await errorOf(close({}))).toBe('no session given to close');
    expect(await errorOf(close({ target: 'nope' }))).toBe('no session named "nope"');
    expect(await errorOf(close({ target: 'nope', project: 'alpha' }))).toBe('no session named "nope" in project "alpha"');
    expect(await errorOf(close({ target: 'session 1' }))).toBe('"session 1" names 2 sessions — narrow it with the project');
    expect(await errorOf(close({ target: 'Session 1', project: 'alpha', worktree: 'toss' }))).toBe(
      '"toss" is not something to do with a worktree — "keep" keeps the checkout, "remove" deletes it',
    );
  });

  it('refuses to close the session asking for it', async () => {
    const peers = (await rpc(server, 'relay.Peers', [{ from: '' }])).json;
    const me = peers.find((p: any) => p.project === 'alpha' && p.label === 'Session 2');
    expect(await errorOf(close({ from: me.id, target: 'session 2', project: 'alpha' }))).toBe(
      '"session 2" is this session — closing it would take down the agent asking for it',
    );
  });

  it('closes by label within a project: the process is gone before it answers, and the row is parked', async () => {
    const peers = (await rpc(server, 'relay.Peers', [{ from: '' }])).json;
    const victim = peers.find((p: any) => p.project === 'alpha' && p.label === 'Session 1');
    const store = new Store(join(dirs.dataDir, 'lich.db'));
    const r = await close({ target: 'session 1', project: 'ALPHA' });
    expect(r.status).toBe(200);
    expect(r.json).toEqual({ id: victim.id, projectId: store.session(victim.id)!.projectId, project: 'alpha', label: 'Session 1', worktree: '', kept: false, removed: false });
    expect(store.session(victim.id)!.parked).toBe(true);
    store.close();
    const after = (await rpc(server, 'relay.Peers', [{ from: '' }])).json;
    expect(after.some((p: any) => p.id === victim.id)).toBe(false);
  });

  it('closes by roster name and by id, and reaches a session that is no longer running', async () => {
    const peers = (await rpc(server, 'relay.Peers', [{ from: '' }])).json;
    const byName = peers.find((p: any) => p.project === 'alpha' && p.label === 'Session 2');
    expect((await close({ target: byName.name })).json).toMatchObject({ id: byName.id, label: 'Session 2' });
    // Already parked: closing it again is still a close.
    expect((await close({ target: byName.id })).json).toMatchObject({ id: byName.id });
  });
});

// Last: the sessions these open stay in the store (parked), which would change the counts above.
describe('spawn.Open with names holding control characters', () => {
  it('names a project and its roster names after its directory with control characters dropped', async () => {
    const evil = join(dirs.root, 'ev\til\x1b[31mdir');
    mkdirSync(evil);
    const r = await open({ project: evil, kind: 'agent', folder: ' F[2J ' });
    expect(r.status).toBe(200);
    expect(r.json).toMatchObject({ project: 'evil[31mdir', folder: 'F[2J' });
    expect(r.json.name).toBe(`evil[31mdir-${r.json.id.slice(0, 4)}`);
    await close({ target: r.json.id });
  });

  it('refuses a --folder holding a control character, or spaces alone, before anything is opened', async () => {
    const before = (await rpc(server, 'relay.Peers', [{ from: '' }])).json.length;
    const refused = await open({ project: projectA, kind: 'agent', folder: 'F\x1b[2J' });
    expect(refused).toEqual({ status: 400, json: { error: 'a folder name cannot hold control characters, and "F\\x1b[2J" holds one: give it without them' } });
    expect(await errorOf(open({ project: projectA, kind: 'agent', folder: '  ' }))).toBe(
      `a folder needs a name, and "  " holds none once its surrounding spaces are dropped — '' opens the session in no folder`,
    );
    expect((await rpc(server, 'relay.Peers', [{ from: '' }])).json.length).toBe(before);
  });
});
