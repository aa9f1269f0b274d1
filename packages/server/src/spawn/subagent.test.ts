/**
 * `spawn.OpenSubagent` and the subagent errand on a real backend (store, PTYs, relay, RPC):
 * placement, filing, depth, the refusals, and `stopped` when the worker is closed
 * (spec/cli.md § lich open, --subagent; wire.md § 5.1, § 7.1, § 9, § 12.2).
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../server.js';
import { Store } from '../store/store.js';
import { rpc, tempLich, until, type TempLich } from '../testing.js';

/** A stand-in agent: records its lich environment and reads nothing it is handed. */
const AGENT = `
const fs = require('node:fs');
const id = process.env.LICH_SESSION_ID;
const lich = Object.fromEntries(Object.entries(process.env).filter(([k]) => k.startsWith('LICH_')));
fs.writeFileSync(id + '.start.json', JSON.stringify({ cwd: process.cwd(), env: lich }));
process.stdin.setRawMode(true);
process.stdin.on('data', () => {});
process.stdout.write('agent> ');
`;

let dirs: TempLich;
let server: RunningServer;
let project: string;
let store: Store;

const open = (o: Partial<Record<string, unknown>>) =>
  rpc(server, 'spawn.Open', [
    { from: '', project: '', kind: '', worktree: '', base: '', model: '', effort: '', folder: '', ultracode: false, ...o },
  ]);
const openSubagent = (o: Partial<Record<string, unknown>>) =>
  rpc(server, 'spawn.OpenSubagent', [{ from: '', kind: '', worktree: '', base: '', model: '', effort: '', ultracode: false, ...o }]);
const sendSubagent = (o: Partial<Record<string, unknown>>) =>
  rpc(server, 'relay.SendSubagent', [{ from: '', target: '', project: '', prompt: 'run the tests', timeoutSeconds: 1, ...o }]);
const close = (o: Partial<Record<string, unknown>>) =>
  rpc(server, 'spawn.Close', [{ from: '', target: '', project: '', worktree: '', force: false, ...o }]);
const errorOf = async (p: Promise<{ status: number; json: any }>) => {
  const r = await p;
  expect(r.status).toBe(500);
  return r.json.error as string;
};
const started = async (id: string) => {
  const file = join(project, `${id}.start.json`);
  // The agent's write is not atomic: the file can exist before its JSON is whole.
  let parsed: { cwd: string; env: Record<string, string> } | undefined;
  await until(() => {
    try {
      parsed = JSON.parse(readFileSync(file, 'utf8'));
      return true;
    } catch {
      return false;
    }
  });
  return parsed!;
};

beforeAll(async () => {
  dirs = tempLich();
  project = join(dirs.root, 'alpha');
  mkdirSync(project);
  mkdirSync(dirs.configDir, { recursive: true });
  const agent = join(dirs.root, 'agent.cjs');
  writeFileSync(agent, AGENT);
  writeFileSync(
    join(dirs.configDir, 'providers.json'),
    JSON.stringify({
      providers: {
        agent: { name: 'Test agent', command: process.execPath, args: [agent], env: {}, reportsState: true, tools: false },
      },
    }),
  );
  server = await startServer({
    configDir: dirs.configDir,
    dataDir: dirs.dataDir,
    port: 0,
    bin: '/opt/lich/bin/lich',
    env: { PATH: process.env.PATH, HOME: dirs.root },
    validateResults: true,
    log: () => {},
  });
  store = new Store(join(dirs.dataDir, 'lich.db'));
});

afterAll(async () => {
  store.close();
  await server.close();
  expect(server.violations).toEqual([]);
  dirs.cleanup();
});

describe('spawn.OpenSubagent', () => {
  let caller: any;
  let worker: any;

  it('opens in the caller\'s checkout and project, labelled from the counter, one level down', async () => {
    caller = (await open({ project, kind: 'agent' })).json;
    const r = await openSubagent({ from: caller.id });
    expect(r.status).toBe(200);
    worker = r.json;
    expect(worker).toMatchObject({
      projectId: caller.projectId,
      project: 'alpha',
      label: 'Session 2',
      kind: 'agent',
      path: caller.path,
      nextSeq: 3,
      originSessionId: caller.id,
      originLabel: 'Session 1',
      run: true,
    });
    const s = await started(worker.id);
    expect(s.cwd).toBe(project);
    expect(s.env.LICH_SUBAGENT_DEPTH).toBe('1');
    expect(s.env).not.toHaveProperty('LICH_SUBAGENT_CARDS');
    expect(store.session(worker.id)).toMatchObject({ subagentDepth: 1, originSessionId: caller.id, originLabel: 'Session 1' });
  });

  it('files the worker in a folder named after the caller, and the caller with it', () => {
    expect(worker.folder).toBe('Session 1');
    expect(store.session(worker.id)!.folder).toBe('Session 1');
    expect(store.session(caller.id)!.folder).toBe('Session 1');
    expect(store.session(caller.id)!.subagentDepth).toBe(0);
  });

  it('opens a worker\'s own subagent two levels down, in the same folder, with subagent cards off', async () => {
    const r = await openSubagent({ from: worker.id });
    expect(r.status).toBe(200);
    expect(r.json).toMatchObject({ label: 'Session 3', folder: 'Session 1', originSessionId: worker.id });
    const s = await started(r.json.id);
    expect(s.env).toMatchObject({ LICH_SUBAGENT_DEPTH: '2', LICH_SUBAGENT_CARDS: 'off' });
    expect(store.session(r.json.id)!.subagentDepth).toBe(2);
  });

  it('files the worker in the folder the caller is already in, leaving the caller there', async () => {
    const filed = (await open({ project, kind: 'agent', folder: 'Release' })).json;
    const r = await openSubagent({ from: filed.id, kind: 'agent' });
    expect(r.json.folder).toBe('Release');
    expect(store.session(filed.id)!.folder).toBe('Release');
  });

  it('refuses a call from no session, and a caller this lich does not know', async () => {
    expect(await errorOf(openSubagent({}))).toBe('a subagent reports to the session that asked for it, and this call came from no session');
    expect(await errorOf(openSubagent({ from: 'f'.repeat(32) }))).toBe(
      `no session has the id "${'f'.repeat(32)}": LICH_SESSION_ID names a session this lich does not know, so there is nobody for a subagent to report to`,
    );
  });

  it('leaves nothing behind when the open is refused: no row, and the caller not filed', async () => {
    const lone = (await open({ project, kind: 'agent' })).json;
    const before = store.sessions().length;
    expect(await errorOf(openSubagent({ from: lone.id, kind: 'no-such-agent' }))).toMatch(/^"no-such-agent" is not a provider lich runs/);
    expect(store.sessions().length).toBe(before);
    expect(store.session(lone.id)!.folder).toBe('');
  });
});

describe('the subagent errand on a real backend', () => {
  it('refuses relay.SendSubagent from no session', async () => {
    expect(await errorOf(sendSubagent({ target: 'Session 1' }))).toBe(
      'a subagent reports to the session that asked for it, and this call came from no session',
    );
  });

  for (const [who, closer] of [
    ['its own caller', 'caller'],
    ['the command line', 'nobody'],
  ] as const) {
    it(`ends the errand stopped when ${who} closes the worker`, async () => {
      const caller = (await open({ project, kind: 'agent' })).json;
      const worker = (await openSubagent({ from: caller.id })).json;
      await started(worker.id);
      const sent = await sendSubagent({ from: caller.id, target: worker.id });
      expect(sent.json).toMatchObject({ status: 'pending' });
      const ticket = sent.json.ticket as string;
      const closed = await close({ from: closer === 'caller' ? caller.id : '', target: worker.id });
      expect(closed.status).toBe(200);
      expect((await rpc(server, 'relay.Wait', [{ ticket, timeoutSeconds: 1 }])).json).toEqual({
        ticket,
        target: worker.label,
        status: 'stopped',
        answer: '',
      });
    });
  }

  it('puts stopped in the caller\'s inbox when somebody else closed the worker, and nothing when the caller did', async () => {
    const caller = (await open({ project, kind: 'agent' })).json;
    const a = (await openSubagent({ from: caller.id })).json;
    const b = (await openSubagent({ from: caller.id })).json;
    await started(a.id);
    await started(b.id);
    const ta = (await sendSubagent({ from: caller.id, target: a.id })).json.ticket;
    await sendSubagent({ from: caller.id, target: b.id });
    await close({ from: caller.id, target: a.id });
    await close({ from: '', target: b.id });
    const collected = (await rpc(server, 'relay.CollectNow', [{ from: caller.id }])).json;
    expect(collected.results.map((r: any) => [r.target, r.status])).toEqual([[b.label, 'stopped']]);
    expect(collected.results.some((r: any) => r.ticket === ta)).toBe(false);
  });
});
