import { spawn as spawnChild } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { listenPort, startServer, type RunningServer } from './server.js';
import { Store } from './store/store.js';
import { http, rpc, tempLich, until, type TempLich } from './testing.js';

let dirs: TempLich;
const running: RunningServer[] = [];
const env = { PATH: process.env.PATH, HOME: process.env.HOME };

async function start(extra: Partial<Parameters<typeof startServer>[0]> = {}): Promise<RunningServer> {
  const s = await startServer({ configDir: dirs.configDir, dataDir: dirs.dataDir, port: 0, bin: '/usr/local/bin/lich', env, log: () => {}, ...extra });
  running.push(s);
  return s;
}

beforeEach(() => {
  dirs = tempLich();
});
afterEach(async () => {
  await Promise.all(running.splice(0).map((s) => s.close()));
  dirs.cleanup();
});

describe('startServer', () => {
  it('writes runtime.json {pid, port, token} mode 0600 in a 0700 config dir, and removes it on close', async () => {
    const s = await start();
    const file = join(dirs.configDir, 'runtime.json');
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual({ pid: process.pid, port: s.port, token: s.token });
    expect(readFileSync(file, 'utf8')).not.toContain('\n');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(statSync(dirs.configDir).mode & 0o777).toBe(0o700);
    expect(s.url).toBe(`http://127.0.0.1:${s.port}`);
    expect(s.token).toMatch(/^[0-9a-f]{32}$/);
    await s.close();
    expect(existsSync(file)).toBe(false);
  });

  it('writes runtime-dev.json when LICH_DEV is set', async () => {
    await start({ env: { ...env, LICH_DEV: '1' } });
    expect(existsSync(join(dirs.configDir, 'runtime-dev.json'))).toBe(true);
    expect(existsSync(join(dirs.configDir, 'runtime.json'))).toBe(false);
  });

  it('refuses to start while a live lich holds the runtime file, naming its pid and port', async () => {
    const first = await start();
    await expect(start()).rejects.toThrow(`another lich is running (pid ${process.pid}, listening on port ${first.port})`);
    // The refused start left the live one's file alone.
    expect(JSON.parse(readFileSync(join(dirs.configDir, 'runtime.json'), 'utf8')).token).toBe(first.token);
  });

  it('replaces a runtime file a dead lich left behind', async () => {
    const dead = spawnChild(process.execPath, ['-e', '']);
    const pid = dead.pid!;
    await new Promise((r) => dead.on('exit', r));
    mkdirSync(dirs.configDir, { recursive: true });
    writeFileSync(join(dirs.configDir, 'runtime.json'), JSON.stringify({ pid, port: 1, token: 'f'.repeat(32) }));
    const s = await start();
    expect(JSON.parse(readFileSync(join(dirs.configDir, 'runtime.json'), 'utf8'))).toEqual({ pid: process.pid, port: s.port, token: s.token });
  });

  it('answers /ping 204 with its token', async () => {
    const s = await start();
    expect((await http(s.port, 'GET', `/ping?token=${s.token}`)).status).toBe(204);
    expect((await http(s.port, 'GET', `/ping?token=${'0'.repeat(32)}`)).status).toBe(401);
  });

  it('reports its version through system.Diagnostics', async () => {
    const s = await start({ version: '0.9.1' });
    expect(await rpc(s, 'system.Diagnostics')).toEqual({ status: 200, json: { version: '0.9.1' } });
    const d = await start({ configDir: join(dirs.root, 'c2'), dataDir: join(dirs.root, 'd2') });
    expect((await rpc(d, 'system.Diagnostics')).json).toEqual({ version: 'dev' });
  });

  it('answers system.Quit, then closes: the port stops listening and the runtime file goes', async () => {
    const s = await start();
    expect(await rpc(s, 'system.Quit', [{}])).toEqual({ status: 200, json: null });
    await s.closed;
    expect(existsSync(join(dirs.configDir, 'runtime.json'))).toBe(false);
    await expect(http(s.port, 'GET', `/ping?token=${s.token}`)).rejects.toThrow(/ECONNREFUSED/);
  });

  it('serves the relay: an empty roster is [], and whoami outside a session is refused 500', async () => {
    const s = await start({ validateResults: true });
    expect(await rpc(s, 'relay.Peers', [{ from: '' }])).toEqual({ status: 200, json: [] });
    const self = await rpc(s, 'relay.Self', [{ from: '' }]);
    expect(self.status).toBe(500);
    expect(typeof self.json.error).toBe('string');
    expect(s.violations).toEqual([]);
  });

  it('parks the sessions an earlier run left open', async () => {
    mkdirSync(dirs.dataDir, { recursive: true });
    const store = new Store(join(dirs.dataDir, 'lich.db'));
    store.insertProject({ id: 'p1', name: 'lich', path: dirs.root });
    store.insertSession({ id: 's1', projectId: 'p1', label: 'Session 1', kind: 'shell', path: dirs.root, folder: '', model: '', originSessionId: '', originLabel: '', confined: false });
    store.close();
    const s = await start();
    await s.close();
    const after = new Store(join(dirs.dataDir, 'lich.db'));
    expect(after.session('s1')!.parked).toBe(true);
    after.close();
  });

  it('refuses a LICH_LISTEN_PORT that is not a port, and defaults to 47821', () => {
    expect(listenPort({})).toBe(47821);
    expect(listenPort({ LICH_LISTEN_PORT: '5000' })).toBe(5000);
    expect(() => listenPort({ LICH_LISTEN_PORT: 'abc' })).toThrow('LICH_LISTEN_PORT is "abc", which is not a port number');
  });

  it('closes with nothing left running, more than once without harm', async () => {
    const s = await start();
    await Promise.all([s.close(), s.close()]);
    await until(async () => (await http(s.port, 'GET', '/ping').catch(() => 'gone')) === 'gone');
  });

  it('refuses a second backend on the same data directory through another config directory, leaving the sessions of the first running', async () => {
    mkdirSync(dirs.configDir, { recursive: true });
    writeFileSync(join(dirs.configDir, 'providers.json'), JSON.stringify({ providers: { inert: { name: 'Inert', command: '/bin/sh', args: ['-c', 'exec sleep 600'] } } }));
    const first = await start();
    const opened = await rpc(first, 'spawn.Open', [{ from: '', project: dirs.root, kind: 'inert', worktree: '', base: '', model: '', effort: '', folder: '', ultracode: false }]);
    expect(opened.status).toBe(200);
    await expect(start({ configDir: join(dirs.root, 'other-config') })).rejects.toThrow(
      `the data directory "${dirs.dataDir}" is in use by another lich (pid ${process.pid}, holding lich.lock there)`,
    );
    expect(existsSync(join(dirs.root, 'other-config', 'runtime.json'))).toBe(false);
    const peers = await rpc(first, 'relay.Peers', [{ from: '' }]);
    expect(peers.json.map((p: { id: string }) => p.id)).toEqual([opened.json.id]);
    const store = new Store(join(dirs.dataDir, 'lich.db'));
    expect(store.session(opened.json.id)!.parked).toBe(false);
    store.close();
    // Once the first has closed, the data directory is free again.
    await first.close();
    expect(existsSync(join(dirs.dataDir, 'lich.lock'))).toBe(false);
    await start({ configDir: join(dirs.root, 'other-config') });
  });

  it('settles every errand before it quits: a held send gets unanswered or undelivered, a held collect its result, never pending', async () => {
    // "quiet" sits at its prompt (so a message is delivered); "chatty" never goes quiet (so a
    // message stays queued) and shrugs off SIGHUP, which keeps the shutdown open for 2 s.
    const agent = join(dirs.root, 'agent.cjs');
    writeFileSync(
      agent,
      `const fs = require('node:fs');
process.stdin.setRawMode(true);
process.stdin.on('data', (d) => fs.appendFileSync(process.env.LICH_SESSION_ID + '.in.txt', d.toString()));
if (process.env.CHATTY) { process.on('SIGHUP', () => {}); setInterval(() => process.stdout.write('.'), 100); }
process.stdout.write('agent> ');`,
    );
    mkdirSync(dirs.configDir, { recursive: true });
    writeFileSync(
      join(dirs.configDir, 'providers.json'),
      JSON.stringify({
        providers: {
          quiet: { name: 'Quiet', command: process.execPath, args: [agent], env: {}, reportsState: false, tools: false },
          chatty: { name: 'Chatty', command: process.execPath, args: [agent], env: { CHATTY: '1' }, reportsState: false, tools: false },
        },
      }),
    );
    const project = join(dirs.root, 'proj');
    mkdirSync(project);
    const s = await start({ validateResults: true });
    const open = async (kind: string) =>
      (await rpc(s, 'spawn.Open', [{ from: '', project, kind, worktree: '', base: '', model: '', effort: '', folder: '', ultracode: false }])).json;
    const quiet = await open('quiet');
    const chatty = await open('chatty');
    const send = (from: string, target: string, timeoutSeconds: number) =>
      rpc(s, 'relay.Send', [{ from, target, project: '', prompt: 'run the tests', timeoutSeconds }]);

    const delivered = send('', quiet.label, 60);
    await until(() => {
      try {
        return readFileSync(join(project, `${quiet.id}.in.txt`), 'utf8').includes('\r');
      } catch {
        return false;
      }
    }, 10_000);
    const queued = send('', chatty.label, 60);
    const forInbox = await send(quiet.id, chatty.label, 1);
    expect(forInbox.json.status).toBe('pending');
    const collected = rpc(s, 'relay.Collect', [{ from: quiet.id, timeoutSeconds: 60 }]);
    await new Promise((r) => setTimeout(r, 100));

    expect(await rpc(s, 'system.Quit', [{}])).toEqual({ status: 200, json: null });
    const refused = await rpc(s, 'relay.Send', [{ from: '', target: chatty.label, project: '', prompt: 'one more', timeoutSeconds: 5 }]);
    expect(refused.status).toBe(500);
    expect(refused.json.error).toMatch(/^lich is quitting: /);

    expect((await delivered).json).toMatchObject({ target: quiet.label, status: 'unanswered' });
    expect((await queued).json).toMatchObject({ target: chatty.label, status: 'undelivered' });
    expect((await collected).json).toEqual({ results: [{ ticket: forInbox.json.ticket, target: chatty.label, status: 'undelivered', answer: '' }], open: [] });
    await s.closed;
    await expect(http(s.port, 'GET', `/ping?token=${s.token}`)).rejects.toThrow(/ECONNREFUSED/);
    expect(s.violations).toEqual([]);
  });
});
