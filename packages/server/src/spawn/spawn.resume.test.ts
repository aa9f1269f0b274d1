/**
 * A `lich open` that resumes a parked session on a kept worktree places it as it would place a
 * new one: folder, model and effort, origin and — for `--subagent` — depth and filing with the
 * caller (spec/cli.md § lich open, --worktree, --folder, --model, --subagent; spawn/reopen.ts).
 * Real backend, real git, a stand-in agent in real PTYs.
 */
import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../server.js';
import { Store } from '../store/store.js';
import { http, rpc, tempLich, until, type TempLich } from '../testing.js';
import { canonical } from './worktrees.js';

/** Records each start's argv and lich environment under $REC, outside the checkout. */
const AGENT = `
const fs = require('node:fs');
const id = process.env.LICH_SESSION_ID;
const lich = Object.fromEntries(Object.entries(process.env).filter(([k]) => k.startsWith('LICH_')));
fs.appendFileSync(process.env.REC + '/' + id + '.jsonl', JSON.stringify({ argv: process.argv.slice(2), env: lich }) + '\\n');
process.stdin.setRawMode(true);
process.stdin.on('data', () => {});
process.stdout.write('agent> ');
`;

const GIT_ENV = { GIT_AUTHOR_NAME: 't', GIT_AUTHOR_EMAIL: 't@example.invalid', GIT_COMMITTER_NAME: 't', GIT_COMMITTER_EMAIL: 't@example.invalid' };

let dirs: TempLich;
let server: RunningServer;
let repo: string;
let rec: string;

function git(cwd: string, ...args: string[]): string {
  const r = spawnSync('git', args, { cwd, env: { ...process.env, ...GIT_ENV }, encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`git ${args.join(' ')}: ${r.stderr}`);
  return r.stdout.trim();
}

const ok = async (p: Promise<{ status: number; json: any }>) => {
  const r = await p;
  if (r.status !== 200) throw new Error(`status ${r.status}: ${JSON.stringify(r.json)}`);
  return r.json;
};
const open = (o: Partial<Record<string, unknown>>) =>
  ok(rpc(server, 'spawn.Open', [{ from: '', project: repo, kind: 'agent', worktree: '', base: '', model: '', effort: '', folder: '', ultracode: false, ...o }]));
const openSubagent = (o: Partial<Record<string, unknown>>) =>
  ok(rpc(server, 'spawn.OpenSubagent', [{ from: '', kind: '', worktree: '', base: '', model: '', effort: '', ultracode: false, ...o }]));
const keep = (target: string) => ok(rpc(server, 'spawn.Close', [{ from: '', target, project: '', worktree: 'keep', force: false }]));
const starts = (id: string) =>
  existsSync(join(rec, `${id}.jsonl`))
    ? readFileSync(join(rec, `${id}.jsonl`), 'utf8')
        .split('\n')
        .flatMap((l) => {
          // A line still being written is not a start yet.
          try {
            return [JSON.parse(l) as { argv: string[]; env: Record<string, string> }];
          } catch {
            return [];
          }
        })
    : [];
/** Waits for start number `n` (1-based) of session `id` and answers it. */
const start = async (id: string, n: number) => {
  await until(() => starts(id).length >= n);
  return starts(id)[n - 1]!;
};
const row = (id: string) => {
  const s = new Store(join(dirs.dataDir, 'lich.db'));
  try {
    return s.session(id)!;
  } finally {
    s.close();
  }
};
const reportConversation = (id: string, conv: string) =>
  http(server.port, 'POST', `/session-start?token=${server.token}`, JSON.stringify({ session_id: id, provider_session_id: conv, provider: 'claude' }));

beforeAll(async () => {
  dirs = tempLich('lich-spawn-resume-');
  dirs.root = canonical(dirs.root);
  dirs.dataDir = join(dirs.root, 'data');
  dirs.configDir = join(dirs.root, 'config');
  repo = join(dirs.root, 'demo');
  rec = join(dirs.root, 'rec');
  for (const d of [repo, rec, dirs.configDir]) mkdirSync(d, { recursive: true });
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
    JSON.stringify({ providers: { agent: { name: 'Test agent', command: process.execPath, args: [agent], env: { REC: rec }, reportsState: true, tools: false } } }),
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

describe('open --worktree resuming a parked session', () => {
  it('files it under --folder, and says so in the result', async () => {
    const s = await open({ worktree: 'filed-later' });
    await start(s.id, 1);
    await keep(s.id);
    const resumed = await open({ worktree: 'filed-later', folder: 'Release' });
    expect(resumed).toMatchObject({ id: s.id, folder: 'Release' });
    expect(row(s.id).folder).toBe('Release');
    await start(s.id, 2);
    await keep(s.id);
  });

  it('records --model and --effort for the next new conversation, and never passes them into a resumed one', async () => {
    const s = await open({ worktree: 'model-later', kind: 'claude', model: 'sonnet' });
    await start(s.id, 1);
    expect((await reportConversation(s.id, 'conv-1')).status).toBe(204);
    await keep(s.id);
    await open({ worktree: 'model-later', kind: 'claude', model: 'opus', effort: 'high' });
    expect(row(s.id)).toMatchObject({ model: 'opus', effort: 'high' });
    const resumed = (await start(s.id, 2)).argv;
    expect(resumed).toContain('--resume');
    expect(resumed).not.toContain('--model');
    expect(resumed).not.toContain('--effort');
    await keep(s.id);
  });

  it('passes the recorded --model when the resumed row has no conversation to pick up', async () => {
    const s = await open({ worktree: 'no-conversation', kind: 'claude' });
    await start(s.id, 1);
    await keep(s.id);
    await open({ worktree: 'no-conversation', kind: 'claude', model: 'opus' });
    const argv = (await start(s.id, 2)).argv;
    expect(argv).not.toContain('--resume');
    expect(argv.slice(argv.indexOf('--model'), argv.indexOf('--model') + 2)).toEqual(['--model', 'opus']);
    await keep(s.id);
  });

  it('leaves the filing and the recorded model alone when the open names neither', async () => {
    const s = await open({ worktree: 'as-it-was', kind: 'claude', model: 'sonnet', folder: 'Mine' });
    await start(s.id, 1);
    await keep(s.id);
    expect(await open({ worktree: 'as-it-was', kind: 'claude' })).toMatchObject({ id: s.id, folder: 'Mine' });
    expect(row(s.id)).toMatchObject({ model: 'sonnet', folder: 'Mine' });
    await keep(s.id);
  });
});

describe('open --subagent --worktree resuming a parked session', () => {
  it('makes it the caller\'s worker: origin, one level down on its row and in LICH_SUBAGENT_DEPTH, filed with the caller', async () => {
    const caller = await open({});
    const parked = await open({ worktree: 'parked-work' });
    await start(parked.id, 1);
    await keep(parked.id);
    const worker = await openSubagent({ from: caller.id, worktree: 'parked-work' });
    expect(worker).toMatchObject({ id: parked.id, originSessionId: caller.id, originLabel: caller.label, folder: caller.label });
    expect(row(parked.id)).toMatchObject({ subagentDepth: 1, originSessionId: caller.id, folder: caller.label, parked: false });
    expect(row(caller.id).folder).toBe(caller.label);
    const env = (await start(parked.id, 2)).env;
    expect(env.LICH_SUBAGENT_DEPTH).toBe('1');
    expect(env).not.toHaveProperty('LICH_SUBAGENT_CARDS');

    // Resumed again by a plain open, it is an ordinary session once more.
    await keep(parked.id);
    const plain = await open({ worktree: 'parked-work' });
    expect(plain).toMatchObject({ id: parked.id, originSessionId: '' });
    expect(row(parked.id).subagentDepth).toBe(0);
    expect((await start(parked.id, 3)).env).not.toHaveProperty('LICH_SUBAGENT_DEPTH');
    await keep(parked.id);
  });

  it('resumes a worker\'s worker two levels down, with subagent cards off', async () => {
    const caller = await open({});
    const first = await openSubagent({ from: caller.id, kind: 'agent' });
    const parked = await open({ worktree: 'deep-work' });
    await start(parked.id, 1);
    await keep(parked.id);
    await openSubagent({ from: first.id, worktree: 'deep-work' });
    expect(row(parked.id)).toMatchObject({ subagentDepth: 2, originSessionId: first.id });
    expect((await start(parked.id, 2)).env).toMatchObject({ LICH_SUBAGENT_DEPTH: '2', LICH_SUBAGENT_CARDS: 'off' });
    await keep(parked.id);
  });
});

describe('open --resume <session> (issue 22, item 6: a session parked outside any worktree had no way back)', () => {
  const close = (target: string) => ok(rpc(server, 'spawn.Close', [{ from: '', target, project: '', worktree: '', force: false }]));
  const refused = async (o: Partial<Record<string, unknown>>) => {
    const r = await rpc(server, 'spawn.Open', [{ from: '', project: repo, kind: '', worktree: '', base: '', model: '', effort: '', folder: '', ultracode: false, resume: '', ...o }]);
    expect(r.status).not.toBe(200);
    return r.json.error as string;
  };

  it('starts a session parked in the project directory again, same id and label, its conversation resumed', async () => {
    const s = await open({ kind: 'claude' });
    await start(s.id, 1);
    expect((await reportConversation(s.id, 'conv-plain')).status).toBe(204);
    await close(s.id);
    const again = await open({ kind: '', resume: s.label, folder: 'Back' });
    expect(again).toMatchObject({ id: s.id, label: s.label, path: repo, kind: 'claude', folder: 'Back' });
    const argv = (await start(s.id, 2)).argv;
    expect(argv.slice(argv.indexOf('--resume'), argv.indexOf('--resume') + 2)).toEqual(['--resume', 'conv-plain']);
    expect(row(s.id).parked).toBe(false);
    await close(s.id);
  });

  it('refuses a worktree or base beside it, another kind, and a session that is running, before anything starts', async () => {
    const s = await open({});
    await start(s.id, 1);
    expect(await refused({ resume: s.label })).toBe(`"${s.label}" is running, so there is nothing to resume — hand it a task with lich send "${s.label}"`);
    await close(s.id);
    expect(await refused({ resume: s.label, worktree: 'elsewhere' })).toBe(
      `a resume starts a parked session again where it stood, so the worktree "elsewhere" would be dropped in silence — leave it out (open --worktree <branch> alone resumes the session parked in that branch's checkout)`,
    );
    expect(await refused({ resume: s.label, kind: 'claude' })).toBe(
      `"${s.label}" runs agent, and a resume picks its own conversation back up — leave the kind out, or open a new session of claude`,
    );
    expect(row(s.id).parked).toBe(true);
    expect(starts(s.id)).toHaveLength(1);
  });
});
