import { existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runForeground } from './foreground.js';
import { LogFile } from './log-file.js';
import { MASKED } from './rage/mask.js';
import { rpc, tempLich, until, type TempLich } from './testing.js';

let dirs: TempLich;
beforeEach(() => {
  dirs = tempLich('lich-log-');
});
afterEach(() => dirs.cleanup());

const when = new Date('2026-08-10T15:04:05.000Z');

describe('LogFile', () => {
  it('creates the directory and the file (mode 0600) and appends stamped lines', () => {
    const log = LogFile.open(dirs.configDir);
    log.write('one', when);
    log.write('two', when);
    log.close();
    const file = join(dirs.configDir, 'lich.log');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(readFileSync(file, 'utf8')).toBe('2026-08-10T15:04:05.000Z one\n2026-08-10T15:04:05.000Z two\n');
  });

  it('masks the token by value once told it, and any token= value always', () => {
    const log = LogFile.open(dirs.configDir);
    log.write('GET /ping?token=ffffffffffffffffffffffffffffffff', when);
    log.mask('0123456789abcdef0123456789abcdef');
    log.write('token 0123456789abcdef0123456789abcdef', when);
    log.close();
    expect(readFileSync(join(dirs.configDir, 'lich.log'), 'utf8')).toBe(`2026-08-10T15:04:05.000Z GET /ping?token=${MASKED}\n2026-08-10T15:04:05.000Z token ${MASKED}\n`);
  });

  it('moves the log to lich.log.old once a line would carry it past its size, replacing the older copy', () => {
    mkdirSync(dirs.configDir, { recursive: true });
    writeFileSync(join(dirs.configDir, 'lich.log.old'), 'oldest\n');
    const log = LogFile.open(dirs.configDir, { rotateBytes: 64 });
    log.write('a'.repeat(20), when); // 46 bytes with the stamp
    log.write('b'.repeat(20), when); // would be 92: rotates first
    log.close();
    expect(readFileSync(join(dirs.configDir, 'lich.log.old'), 'utf8')).toBe(`2026-08-10T15:04:05.000Z ${'a'.repeat(20)}\n`);
    expect(readFileSync(join(dirs.configDir, 'lich.log'), 'utf8')).toBe(`2026-08-10T15:04:05.000Z ${'b'.repeat(20)}\n`);
  });

  it('rotates a log already past its size when it opens', () => {
    mkdirSync(dirs.configDir, { recursive: true });
    writeFileSync(join(dirs.configDir, 'lich.log'), 'x'.repeat(100));
    LogFile.open(dirs.configDir, { rotateBytes: 64 }).close();
    expect(readFileSync(join(dirs.configDir, 'lich.log.old'), 'utf8')).toBe('x'.repeat(100));
    expect(readFileSync(join(dirs.configDir, 'lich.log'), 'utf8')).toBe('');
  });
});

describe('lich --no-window and its log file', () => {
  const env = () => ({
    PATH: process.env.PATH,
    HOME: dirs.root,
    XDG_CONFIG_HOME: join(dirs.root, 'xdg-config'),
    XDG_DATA_HOME: join(dirs.root, 'xdg-data'),
    LICH_LISTEN_PORT: '0',
  });

  it('writes where it listens and that it stopped into <configDir>/lich.log, and still prints to stdout, its token nowhere in the file', async () => {
    const out = new PassThrough();
    const err = new PassThrough();
    let stdout = '';
    out.on('data', (d) => (stdout += d));
    const running = runForeground({ bin: '/opt/lich', version: '1.0.0', env: env(), stdout: out, stderr: err });
    const config = join(dirs.root, 'xdg-config', 'lich');
    await until(() => stdout !== '');
    const info = JSON.parse(readFileSync(join(config, 'runtime.json'), 'utf8'));
    await rpc(info, 'system.Quit', [{}]);
    expect(await running).toBe(0);
    const log = readFileSync(join(config, 'lich.log'), 'utf8');
    expect(log).toContain(`lich 1.0.0 listens on 127.0.0.1:${info.port} (pid ${process.pid}) with no window`);
    expect(log).toMatch(/Z lich 1\.0\.0 \(pid \d+\) has stopped\n$/);
    expect(log).not.toContain(info.token);
    expect(stdout).toContain(`lich 1.0.0 listens on 127.0.0.1:${info.port}`);
  });

  it("prints a one-time link to its page for the person who started it, and keeps the link's code out of the file", async () => {
    const out = new PassThrough();
    let stdout = '';
    out.on('data', (d) => (stdout += d));
    const running = runForeground({ bin: '/opt/lich', version: '1.0.0', env: env(), stdout: out, stderr: new PassThrough() });
    const config = join(dirs.root, 'xdg-config', 'lich');
    await until(() => stdout.includes('/web/in?code='));
    const info = JSON.parse(readFileSync(join(config, 'runtime.json'), 'utf8'));
    const m = new RegExp(`^Its cards can be watched and typed into on its page, in a browser on this machine: http://127\\.0\\.0\\.1:${info.port}/web/in\\?code=([0-9a-f]{32}) \\(a one-time link; "lich focus <session>" prints another\\)\\.$`, 'm').exec(stdout);
    expect(m, stdout).not.toBeNull();
    await rpc(info, 'system.Quit', [{}]);
    expect(await running).toBe(0);
    const log = readFileSync(join(config, 'lich.log'), 'utf8');
    expect(log).toContain('Its cards can be watched and typed into on its page');
    expect(log).not.toContain(m![1]);
    expect(log).not.toContain(info.token);
  });

  it('runs on stderr alone, saying so, when the log file will not open', async () => {
    const config = join(dirs.root, 'xdg-config', 'lich');
    mkdirSync(join(config, 'lich.log'), { recursive: true }); // a directory where the file should be
    const out = new PassThrough();
    const err = new PassThrough();
    let stdout = '';
    let stderr = '';
    out.on('data', (d) => (stdout += d));
    err.on('data', (d) => (stderr += d));
    const running = runForeground({ bin: '/opt/lich', version: '1.0.0', env: env(), stdout: out, stderr: err });
    await until(() => stdout !== '');
    expect(stderr).toMatch(new RegExp(`^the log file ${join(config, 'lich.log')} will not open \\(EISDIR: [^)]*\\): this lich logs to stderr only\\n$`));
    const info = JSON.parse(readFileSync(join(config, 'runtime.json'), 'utf8'));
    await rpc(info, 'system.Quit', [{}]);
    expect(await running).toBe(0);
    expect(existsSync(join(config, 'lich.log.old'))).toBe(false);
  });
});
