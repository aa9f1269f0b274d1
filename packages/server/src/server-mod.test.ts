// The mod-control wiring of the backend (wire.md § 11.2, § 11.3; spec/cli.md § lich control,
// § lich send, § lich open --subagent): a real backend, real PTYs running a stand-in `claude`
// first on PATH, and a mod played over HTTP exactly as lich-plugin's polls and acks.
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from './server.js';
import { http, rpc, tempLich, until, type TempLich } from './testing.js';

/** Ignores Claude Code's argv, draws a prompt, and records whatever reaches its terminal in `<id>.in`. */
const STAND_IN = `
const fs = require('node:fs');
const file = process.env.LICH_SESSION_ID + '.in';
fs.writeFileSync(file, '');
process.stdin.setRawMode(true);
process.stdin.on('data', (d) => fs.appendFileSync(file, d));
process.stdout.write('> ');
`;

let dirs: TempLich;
let server: RunningServer;
let project: string;

beforeAll(async () => {
  dirs = tempLich();
  project = join(dirs.root, 'proj');
  const bin = join(dirs.root, 'bin');
  mkdirSync(project);
  mkdirSync(bin);
  mkdirSync(dirs.configDir, { recursive: true });
  writeFileSync(join(bin, 'claude'), `#!${process.execPath}\n${STAND_IN}`);
  chmodSync(join(bin, 'claude'), 0o755);
  server = await startServer({
    configDir: dirs.configDir,
    dataDir: dirs.dataDir,
    port: 0,
    bin: '/opt/lich/bin/lich',
    env: { PATH: `${bin}:${process.env.PATH}`, HOME: dirs.root },
    validateResults: true,
    // A poll with nothing to take comes back at once, so a test can attach a mod without waiting 25 s.
    timings: { modPollWaitMs: 100, modAckWaitMs: 500, controlWaitMs: 1_000 },
    log: () => {},
  });
});

afterAll(async () => {
  await server.close();
  expect(server.violations).toEqual([]);
  dirs.cleanup();
});

async function open(from = ''): Promise<{ id: string; label: string }> {
  const r = from
    ? await rpc(server, 'spawn.OpenSubagent', [{ from, kind: 'claude', worktree: '', base: '', model: '', effort: '', ultracode: false }])
    : await rpc(server, 'spawn.Open', [{ project, kind: 'claude', worktree: '', base: '', model: '', effort: '', folder: '', ultracode: false, from: '' }]);
  expect(r.status).toBe(200);
  await until(() => existsSync(join(project, `${r.json.id}.in`)));
  return r.json;
}

const q = (id: string) => `token=${server.token}&session_id=${id}`;

/** One `GET /mod/commands` as the mod sends it. */
async function poll(id: string, plugin = '0.17.0'): Promise<any[]> {
  const r = await http(server.port, 'GET', `/mod/commands?${q(id)}`, undefined, { headers: { 'X-Lich-Plugin': plugin } });
  expect(r.status).toBe(200);
  return JSON.parse(r.body);
}

/** Polls until a command comes (each empty poll comes back after 100 ms). */
async function next(id: string, plugin = '0.17.0'): Promise<any> {
  for (;;) {
    const got = await poll(id, plugin);
    if (got.length > 0) return got[0];
  }
}

const post = (path: string, body: unknown) => http(server.port, 'POST', `${path}?token=${server.token}`, JSON.stringify(body));

function typedAt(id: string): string {
  return readFileSync(join(project, `${id}.in`), 'utf8');
}

describe('the mod endpoints behind the backend', () => {
  it('hands a control command to the session\'s poll and answers with its ack', async () => {
    const s = await open();
    await poll(s.id); // attaches the mod
    const call = rpc(server, 'spawn.Control', [{ from: '', target: s.id, project: '', action: 'model', value: 'opus', args: '' }]);
    const cmd = await next(s.id);
    expect(cmd).toEqual({ id: cmd.id, kind: 'model', model: 'opus' });
    expect((await post('/mod/acks', { session_id: s.id, id: cmd.id, kind: 'model', ok: true })).status).toBe(204);
    const r = await call;
    expect(r.status).toBe(200);
    expect(r.json).toEqual({ id: s.id, project: 'proj', label: s.label, action: 'model', value: 'opus', command_id: cmd.id, state: 'done' });
  });

  it('refuses control of a session whose mod never polled, naming what to fix', async () => {
    const s = await open();
    const r = await rpc(server, 'spawn.Control', [{ from: '', target: s.id, project: '', action: 'abort', value: '', args: '' }]);
    expect(r.status).toBe(500);
    expect(r.json.error).toMatch(/^the session cannot take commands: no lich-plugin mod is polling from it\./);
  });

  it('reports ended for a command whose session ends before confirming it', async () => {
    const s = await open();
    await poll(s.id);
    const call = rpc(server, 'spawn.Control', [{ from: '', target: s.id, project: '', action: 'prompt', value: 'go', args: '' }]);
    await next(s.id);
    await rpc(server, 'spawn.Close', [{ from: '', target: s.id, project: '', worktree: '', force: false }]);
    expect((await call).json).toMatchObject({ state: 'ended' });
  });

  it('ends the open turn at an ok abort: the session shows done again', async () => {
    const s = await open();
    expect((await post('/hook', { session_id: s.id, state: 'busy' })).status).toBe(204);
    const state = async () => (await rpc(server, 'relay.Peers', [{ from: '' }])).json.find((p: any) => p.id === s.id).state;
    expect(await state()).toBe('busy');
    await poll(s.id);
    const call = rpc(server, 'spawn.Control', [{ from: '', target: s.id, project: '', action: 'abort', value: '', args: '' }]);
    const cmd = await next(s.id);
    await post('/mod/acks', { session_id: s.id, id: cmd.id, kind: 'abort', ok: true });
    expect((await call).json.state).toBe('done');
    expect(await state()).toBe('done');
  });

  it('hands a send to a session whose mod polls through the poll, never through its terminal', async () => {
    const s = await open();
    await poll(s.id);
    const send = rpc(server, 'relay.Send', [{ from: '', target: s.id, project: '', prompt: 'run the tests', timeoutSeconds: 10 }]);
    const cmd = await next(s.id);
    expect(cmd.kind).toBe('prompt');
    const ticket = /reply ([0-9a-f]{8}) /.exec(cmd.text)![1]!;
    const status = await http(server.port, 'GET', `/mod/status?${q(s.id)}`);
    expect(JSON.parse(status.body)).toEqual({ owed: [{ ticket, from: '', asked: 'run the tests' }], open: [], ready: [] });
    await rpc(server, 'relay.Reply', [{ from: s.id, ticket, answer: 'green' }]);
    expect((await send).json).toEqual({ ticket, target: s.label, status: 'answered', answer: 'green' });
    // Past the mod ack wait: a message the mod collected is never typed as well.
    await new Promise((r) => setTimeout(r, 700));
    expect(typedAt(s.id)).toBe('');
  });

  it('takes a subagent worker\'s report through POST /mod/answer', async () => {
    const caller = await open();
    const worker = await open(caller.id);
    await poll(worker.id, '0.17.0');
    const send = rpc(server, 'relay.SendSubagent', [{ from: caller.id, target: worker.id, project: '', prompt: 'run the tests', timeoutSeconds: 10 }]);
    const cmd = await next(worker.id, '0.17.0');
    expect(cmd.text).toBe(
      `[lich] Task from session "${caller.label}", which opened this session as its subagent. Your final message when you finish is sent back to it as your report.\n\nrun the tests`,
    );
    expect((await post('/mod/answer', { session_id: worker.id, text: 'all green' })).status).toBe(204);
    expect((await send).json).toMatchObject({ target: worker.label, status: 'answered', answer: 'all green' });
  });
});
