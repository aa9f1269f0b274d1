// Whether silence from a session means anything: a real backend, real PTYs running a stand-in
// agent that never picks a task up, and the plugin endpoints posted to over HTTP as a plugin
// does. The receipt window is shortened to 200 ms, so an unread verdict takes 400 ms.
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from './server.js';
import { http, rpc, tempLich, until, type TempLich } from './testing.js';

/** Draws a prompt, reads everything, picks nothing up; marks its start with a file. */
const DEAF = `
const fs = require('node:fs');
process.stdin.setRawMode(true);
process.stdin.on('data', () => {});
process.stdout.write('deaf> ');
fs.writeFileSync(process.env.LICH_SESSION_ID + '.up', '');
`;

let dirs: TempLich;
let server: RunningServer;
let project: string;

beforeAll(async () => {
  dirs = tempLich();
  project = join(dirs.root, 'proj');
  mkdirSync(project);
  mkdirSync(dirs.configDir, { recursive: true });
  const agent = join(dirs.root, 'deaf.cjs');
  writeFileSync(agent, DEAF);
  writeFileSync(
    join(dirs.configDir, 'providers.json'),
    JSON.stringify({
      providers: {
        plugged: { name: 'Reports state', command: process.execPath, args: [agent], reportsState: true },
        silent: { name: 'Reports nothing', command: process.execPath, args: [agent], reportsState: false },
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
    timings: { receiptWindowMs: 200 },
    log: () => {},
  });
});

afterAll(async () => {
  await server.close();
  expect(server.violations).toEqual([]);
  dirs.cleanup();
});

async function openSession(kind: string): Promise<{ id: string; label: string }> {
  const r = await rpc(server, 'spawn.Open', [{ project, kind, worktree: '', base: '', model: '', effort: '', folder: '', ultracode: false, from: '' }]);
  expect(r.status).toBe(200);
  await until(() => existsSync(join(project, `${r.json.id}.up`)));
  return r.json;
}

const post = (path: string, body: unknown) => http(server.port, 'POST', `${path}?token=${server.token}`, JSON.stringify(body));

async function sendTo(id: string): Promise<string> {
  const r = await rpc(server, 'relay.Send', [{ from: '', target: id, project: '', prompt: 'run the tests', timeoutSeconds: 2 }]);
  expect(r.status).toBe(200);
  return r.json.status;
}

describe('never-read judgement', () => {
  it('never judges a session whose plugin has not reached lich since it started, whatever its provider may do', async () => {
    const s = await openSession('plugged');
    expect(await sendTo(s.id)).toBe('pending');
  });

  it.each([
    ['/hook', (id: string) => ({ session_id: id, state: 'done' })],
    ['/session-start', (id: string) => ({ session_id: id, provider_session_id: 'b3e1f0c2-0000-4000-8000-000000000001', provider: 'plugged' })],
    ['/session-title', (id: string) => ({ session_id: id, title: 'Fix the tests' })],
    ['/session-touched', (id: string) => ({ session_id: id })],
  ])('judges a session never-read once its plugin has reached lich through %s', async (path, body) => {
    const s = await openSession('plugged');
    expect((await post(path, body(s.id))).status).toBe(204);
    expect(await sendTo(s.id)).toBe('unread');
  });

  it('never judges a session whose provider reports no state, even when something posts for it', async () => {
    const s = await openSession('silent');
    expect((await post('/session-touched', { session_id: s.id })).status).toBe(204);
    expect(await sendTo(s.id)).toBe('pending');
  });

  it('does not count a report lich refused', async () => {
    const s = await openSession('plugged');
    expect((await post('/session-start', { session_id: s.id, provider_session_id: 'x', provider: 'aider' })).status).toBe(400);
    expect(await sendTo(s.id)).toBe('pending');
  });
});

describe('the relay view', () => {
  const peers = async () => (await rpc(server, 'relay.Peers', [{ from: '' }])).json as { id: string; label: string; state: string }[];

  it('shows a rename, a state and a session that ended at once, though it reads the rows once per write', async () => {
    const s = await openSession('silent');
    expect((await peers()).find((p) => p.id === s.id)?.label).toBe(s.label);
    const renamed = await rpc(server, 'spawn.Rename', [{ from: '', target: s.id, project: '', label: 'view-check' }]);
    expect(renamed.status).toBe(200);
    expect((await peers()).find((p) => p.id === s.id)?.label).toBe('view-check');
    expect((await post('/hook', { session_id: s.id, state: 'busy' })).status).toBe(204);
    expect((await peers()).find((p) => p.id === s.id)?.state).toBe('busy');
    const closed = await rpc(server, 'spawn.Close', [{ from: '', target: s.id, project: '', worktree: '', force: false }]);
    expect(closed.status).toBe(200);
    expect((await peers()).some((p) => p.id === s.id)).toBe(false);
  });
});
