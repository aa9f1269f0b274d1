import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { configDir, dataDir, runForeground } from './foreground.js';
import { rpc, tempLich, until, type TempLich } from './testing.js';

let dirs: TempLich;
beforeEach(() => {
  dirs = tempLich();
});
afterEach(() => dirs.cleanup());

function streams() {
  const out = new PassThrough();
  const err = new PassThrough();
  let stdout = '';
  let stderr = '';
  out.on('data', (d) => (stdout += d));
  err.on('data', (d) => (stderr += d));
  return { out, err, text: () => ({ stdout, stderr }) };
}

const env = () => ({
  PATH: process.env.PATH,
  HOME: dirs.root,
  XDG_CONFIG_HOME: join(dirs.root, 'xdg-config'),
  XDG_DATA_HOME: join(dirs.root, 'xdg-data'),
  LICH_LISTEN_PORT: '0',
});

describe('runForeground', () => {
  it('finds its directories through XDG, else under HOME', () => {
    expect(configDir({ XDG_CONFIG_HOME: '/x/c', HOME: '/h' })).toBe('/x/c/lich');
    expect(dataDir({ XDG_DATA_HOME: '/x/d', HOME: '/h' })).toBe('/x/d/lich');
    expect(configDir({ HOME: '/h' })).toBe('/h/.config/lich');
    expect(dataDir({ HOME: '/h' })).toBe('/h/.local/share/lich');
  });

  it('says where it listens, runs until lich quit, and exits 0', async () => {
    const s = streams();
    const running = runForeground({ bin: '/opt/lich', version: '1.0.0', env: env(), stdout: s.out, stderr: s.err });
    const file = join(dirs.root, 'xdg-config', 'lich', 'runtime.json');
    await until(() => existsSync(file));
    const info = JSON.parse(readFileSync(file, 'utf8'));
    await until(() => s.text().stdout !== '');
    const [listening, page, rest] = s.text().stdout.split('\n');
    expect(listening).toBe(
      `lich 1.0.0 listens on 127.0.0.1:${info.port} (pid ${process.pid}) with no window: its sessions run here, and "lich quit" or Ctrl-C ends it.`,
    );
    // Its page's way in (docs/web-view.md): a one-time link, never the token.
    expect(page).toMatch(
      new RegExp(`^Its cards can be watched and typed into on its page, in a browser on this machine: http://127\\.0\\.0\\.1:${info.port}/web/in\\?code=[0-9a-f]{32} \\(a one-time link; "lich focus <session>" prints another\\)\\.$`),
    );
    expect(page).not.toContain(info.token);
    expect(rest).toBe('');
    expect(existsSync(join(dirs.root, 'xdg-data', 'lich', 'lich.db'))).toBe(true);
    expect((await rpc(info, 'system.Quit', [{}])).status).toBe(200);
    expect(await running).toBe(0);
    expect(existsSync(file)).toBe(false);
  });

  it('stops cleanly on SIGTERM', async () => {
    const s = streams();
    const running = runForeground({ bin: '/opt/lich', version: 'dev', env: env(), stdout: s.out, stderr: s.err });
    await until(() => s.text().stdout !== '');
    process.emit('SIGTERM', 'SIGTERM');
    expect(await running).toBe(0);
  });

  it('says how it was started only once it runs', async () => {
    const s = streams();
    const running = runForeground({ bin: '/opt/lich', version: 'dev', env: env(), stdout: s.out, stderr: s.err, notices: ['This lich has no window.'] });
    await until(() => s.text().stdout !== '');
    expect(s.text().stderr).toBe('This lich has no window.\n');
    process.emit('SIGTERM', 'SIGTERM');
    expect(await running).toBe(0);
  });

  it('refused because another lich is running, writes its one lich: line and nothing else, and lich.log keeps that one line', async () => {
    const first = streams();
    const running = runForeground({ bin: '/opt/lich', version: 'dev', env: env(), stdout: first.out, stderr: first.err });
    await until(() => first.text().stdout !== '');
    try {
      const s = streams();
      const code = await runForeground({ bin: '/opt/lich', version: 'dev', env: env(), stdout: s.out, stderr: s.err, notices: ['This lich has no window.'] });
      expect(code).toBe(1);
      expect(s.text().stdout).toBe('');
      expect(s.text().stderr).toMatch(/^lich: another lich is running \(pid \d+, listening on port \d+\), recorded in [^\n]+\n$/);
      const log = readFileSync(join(dirs.root, 'xdg-config', 'lich', 'lich.log'), 'utf8');
      const entry = log.slice(log.indexOf('did not start'));
      expect(entry).toMatch(/^did not start: another lich is running [^\n]*before starting this one\n$/);
      expect(log).not.toMatch(/^\s+at /m);
    } finally {
      process.emit('SIGTERM', 'SIGTERM');
      expect(await running).toBe(0);
    }
  });

  it('keeps the stack in lich.log of a start that failed unexpectedly', async () => {
    // A file where the data directory's parent should be: mkdir fails with Node's own ENOTDIR.
    writeFileSync(join(dirs.root, 'xdg-data'), 'not a directory\n');
    mkdirSync(join(dirs.root, 'xdg-config', 'lich'), { recursive: true });
    const s = streams();
    const code = await runForeground({ bin: '/opt/lich', version: 'dev', env: env(), stdout: s.out, stderr: s.err });
    expect(code).toBe(1);
    expect(s.text().stderr).toMatch(/^lich: create the data directory "[^"\n]+": ENOTDIR: not a directory, mkdir '[^\n]+'\n$/);
    const log = readFileSync(join(dirs.root, 'xdg-config', 'lich', 'lich.log'), 'utf8');
    expect(log).toMatch(/did not start: create the data directory [^\n]*ENOTDIR[^\n]*\n[^\n]*ENOTDIR[^\n]*\n\s+at /);
  });

  it('reports a startup failure as one lich: line and exit 1', async () => {
    const s = streams();
    const code = await runForeground({ bin: '/opt/lich', version: 'dev', env: { ...env(), LICH_LISTEN_PORT: 'x' }, stdout: s.out, stderr: s.err });
    expect(code).toBe(1);
    expect(s.text()).toEqual({ stdout: '', stderr: 'lich: LICH_LISTEN_PORT is "x", which is not a port number (0–65535)\n' });
  });
});
