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
});
