// `lich rage` run as a user's shell runs it: the archive listed entry by entry, with no token
// anywhere in any entry and mode 0600 — with no lich running, beside a running backend (its stacks
// and diagnostic report), and beside one that holds its port and does not answer (the sentence
// instead). A write that fails leaves nothing behind. spec/cli.md § lich rage; wire.md § 6.

import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as tar from 'tar';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Backend, baseEnv, LICH_JS, ROOT, runLich, until, type Run } from './harness.js';

const VERSION = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')).version as string;
const PLATFORM = `linux/${process.arch === 'x64' ? 'amd64' : process.arch}`;
const READ_IT = 'Read it before you attach it: it carries absolute paths, project and branch names.';
/** The token of an earlier lich, left in its log by the `token=` query shape. */
const EARLIER = 'feedfacefeedfacefeedfacefeedface';
/** What this shell holds as LICH_TOKEN. */
const SHELL_TOKEN = 'abad1deaabad1deaabad1deaabad1dea';

let home: string;
let b: Backend | undefined;
let child: ChildProcess | undefined;
beforeEach(() => {
  home = mkdtempSync(join(tmpdir(), 'lich-rage-e2e-'));
});
afterEach(async () => {
  child?.kill('SIGKILL');
  child = undefined;
  if (b) await b.close();
  b = undefined;
  rmSync(home, { recursive: true, force: true });
});

/** Every entry of the archive, in order, with its text (directories: ''). */
async function entries(file: string): Promise<Array<[string, string]>> {
  const out: Array<[string, string]> = [];
  await tar.t({
    file,
    onReadEntry: (e) => {
      const parts: Buffer[] = [];
      const slot: [string, string] = [e.path, ''];
      out.push(slot);
      e.on('data', (c: Buffer) => parts.push(c));
      e.on('end', () => (slot[1] = Buffer.concat(parts).toString('utf8')));
    },
  });
  return out;
}

/** Fails naming the entry when any token is in it. */
function expectNoToken(listed: Array<[string, string]>, tokens: string[]): void {
  for (const [name, text] of listed) for (const t of tokens) expect(text.includes(t), `${t} in ${name}`).toBe(false);
}

/** A config directory holding a log and its rotated copy, each with a token in the query shape. */
function plantLogs(configDir: string, token: string): void {
  mkdirSync(configDir, { recursive: true });
  writeFileSync(join(configDir, 'lich.log.old'), `2026-08-01T10:00:00Z request GET /ping?token=${EARLIER} failed\n`);
  writeFileSync(join(configDir, 'lich.log'), `2026-08-10T15:04:05Z hook /session-start?token=${token}&session_id=x\nthe token ${token} by value\n`);
}

/** The default archive name for `at`, as spec/cli.md § lich rage spells it: lich-rage-<YYYYMMDD-HHMMSS>.tar.gz, local time. */
function defaultArchiveName(at: Date): string {
  const p = (n: number) => String(n).padStart(2, '0');
  return `lich-rage-${at.getFullYear()}${p(at.getMonth() + 1)}${p(at.getDate())}-${p(at.getHours())}${p(at.getMinutes())}${p(at.getSeconds())}.tar.gz`;
}

/** `lich …args` from `cwd`. */
function lichIn(cwd: string, args: string[], env: Record<string, string>): Promise<Run> {
  return new Promise((done) =>
    execFile(process.execPath, [LICH_JS, ...args], { cwd, env: { ...baseEnv(), ...env }, timeout: 60_000 }, (err, stdout, stderr) =>
      done({ code: err ? (typeof err.code === 'number' ? err.code : null) : 0, stdout, stderr }),
    ),
  );
}

describe('lich rage with no lich running', () => {
  it('writes report.md, env.txt and logs/ into ./lich-rage-<timestamp>.tar.gz, mode 0600, with no token in any entry', async () => {
    const config = join(home, 'config', 'lich');
    plantLogs(config, SHELL_TOKEN);
    const cwd = join(home, 'cwd');
    mkdirSync(cwd);
    const r = await lichIn(cwd, ['rage'], { HOME: home, XDG_CONFIG_HOME: join(home, 'config'), XDG_DATA_HOME: join(home, 'data'), LICH_TOKEN: SHELL_TOKEN });
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    const [name] = readdirSync(cwd);
    expect(name).toMatch(/^lich-rage-\d{8}-\d{6}\.tar\.gz$/);
    expect(r.stdout).toBe(`Wrote ${name}\nlich v${VERSION} on ${PLATFORM}, not running.\n${READ_IT}\n`);
    const file = join(cwd, name!);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const listed = await entries(file);
    expect(listed.map(([n]) => n)).toEqual(['report.md', 'env.txt', 'logs/', 'logs/lich.log', 'logs/lich.log.old']);
    expectNoToken(listed, [EARLIER, SHELL_TOKEN]);
    const text = Object.fromEntries(listed);
    expect(text['logs/lich.log']).toBe('2026-08-10T15:04:05Z hook /session-start?token=<masked>&session_id=x\nthe token <masked> by value\n');
    expect(text['logs/lich.log.old']).toBe('2026-08-01T10:00:00Z request GET /ping?token=<masked> failed\n');
    expect(text['env.txt']!.split('\n')).toEqual(expect.arrayContaining(['LICH_TOKEN=<SET>', `XDG_CONFIG_HOME=${home}/config`, 'LICH_PORT=<UNSET>']));
    expect(text['report.md']).toContain(`Not running: there is no runtime file at ${config}/runtime.json.`);
    expect(text['report.md']).toContain('- `lich.log` — ');
  });
});

describe('lich rage beside a running backend', () => {
  it('adds its stacks and diagnostic report, says it runs with its pid and port, and masks its token everywhere', async () => {
    const backend = (b = await Backend.start());
    plantLogs(join(backend.configHome, 'lich'), backend.token);
    const out = join(home, 'bug.tar.gz');
    const r = await backend.lich(['rage', '--output', out], { env: { HOME: backend.home, XDG_DATA_HOME: join(backend.home, 'data') } });
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(r.stdout).toBe(`Wrote ${out}\nlich v${VERSION} on ${PLATFORM}, running (pid ${backend.pid}, port ${backend.port}).\n${READ_IT}\n`);
    expect(statSync(out).mode & 0o777).toBe(0o600);
    const listed = await entries(out);
    expect(listed.map(([n]) => n)).toEqual(['report.md', 'env.txt', 'logs/', 'logs/lich.log', 'logs/lich.log.old', 'goroutines.txt', 'diagnostic-report.json']);
    expectNoToken(listed, [backend.token, EARLIER]);
    const text = Object.fromEntries(listed);
    expect(text['goroutines.txt']).toMatch(new RegExp(`^This lich is a node backend \\(pid ${backend.pid}, node v`));
    expect(JSON.parse(text['diagnostic-report.json']!).header.processId).toBe(backend.pid);
    expect(text['env.txt']!.split('\n')).toEqual(expect.arrayContaining(['LICH_TOKEN=<SET>', `LICH_PORT=${backend.port}`]));
    expect(text['report.md']).toContain(`Running (pid ${backend.pid}, port ${backend.port}); it answered`);
    // Named, never read: the store is listed, and nothing of it is in the archive.
    expect(text['report.md']).toContain('- `lich.db` — ');
  });
});

describe('lich rage beside a lich that holds its port and does not answer', () => {
  it('says so on its second line and leaves the sentence in goroutines.txt instead of stacks', async () => {
    // A process that accepts connections and never answers, recorded as the running lich.
    child = spawn(process.execPath, ['-e', "require('net').createServer(() => {}).listen(0, '127.0.0.1', function () { console.log(this.address().port) })"], {
      stdio: ['ignore', 'pipe', 'ignore'],
    });
    let port = 0;
    child.stdout!.on('data', (d) => (port = Number(String(d).trim())));
    await until(() => port > 0, 'the silent listener');
    const config = join(home, 'config', 'lich');
    mkdirSync(config, { recursive: true });
    const token = '5ca1ab1e5ca1ab1e5ca1ab1e5ca1ab1e';
    writeFileSync(join(config, 'runtime.json'), JSON.stringify({ pid: child.pid, port, token }), { mode: 0o600 });
    writeFileSync(join(config, 'lich.log'), `started with ?token=${token}\n`);
    const out = join(home, 'silent.tar.gz');
    const r = await runLich(['rage', '--output', out], { env: { HOME: home, XDG_CONFIG_HOME: join(home, 'config'), XDG_DATA_HOME: join(home, 'data') } });
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(r.stdout).toBe(`Wrote ${out}\nlich v${VERSION} on ${PLATFORM}, running (pid ${child.pid}, port ${port}) but not answering.\n${READ_IT}\n`);
    const listed = await entries(out);
    expect(listed.map(([n]) => n)).toEqual(['report.md', 'env.txt', 'logs/', 'logs/lich.log', 'goroutines.txt']);
    expect(Object.fromEntries(listed)['goroutines.txt']).toBe(`lich (pid ${child.pid}) holds port ${port} but did not answer within 5s.\n`);
    expectNoToken(listed, [token]);
  });
});

describe('lich rage that cannot write its archive', () => {
  it('fails in one line and leaves nothing behind, into a directory that is not there or onto one that is', async () => {
    const env = { HOME: home, XDG_CONFIG_HOME: join(home, 'config'), XDG_DATA_HOME: join(home, 'data') };
    const missing = join(home, 'no', 'such', 'dir', 'r.tar.gz');
    expect(await runLich(['rage', '--output', missing], { env })).toEqual({ code: 1, stdout: '', stderr: `lich: cannot write the archive ${missing}: no such file or directory\n` });
    const dir = join(home, 'taken');
    mkdirSync(join(dir, 'r.tar.gz'), { recursive: true });
    const r = await runLich(['rage', '--output', join(dir, 'r.tar.gz')], { env });
    expect(r.code).toBe(1);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(new RegExp(`^lich: cannot write the archive ${join(dir, 'r.tar.gz')}: [^\\n]+\\n$`));
    expect(readdirSync(dir)).toEqual(['r.tar.gz']);
    expect(readdirSync(join(dir, 'r.tar.gz'))).toEqual([]);
  });
});

describe('lich rage next to a report already there', () => {
  it('takes the next free default name, dates logs/ with the archive, and refuses an --output that exists, leaving it as it was', async () => {
    const env = { HOME: home, XDG_CONFIG_HOME: join(home, 'config'), XDG_DATA_HOME: join(home, 'data') };
    plantLogs(join(home, 'config', 'lich'), SHELL_TOKEN);
    const cwd = join(home, 'cwd');
    mkdirSync(cwd);
    // An earlier run's report under every default name of the next minute: whichever second this
    // run falls in, its name is taken.
    const start = Date.now();
    for (let s = 0; s < 60; s++) writeFileSync(join(cwd, defaultArchiveName(new Date(start + s * 1000))), 'an earlier report');
    const r = await lichIn(cwd, ['rage'], env);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    const name = /^Wrote (\S+)\n/.exec(r.stdout)?.[1];
    expect(name).toMatch(/^lich-rage-\d{8}-\d{6}-2\.tar\.gz$/);
    expect(readFileSync(join(cwd, name!.replace('-2.tar.gz', '.tar.gz')), 'utf8')).toBe('an earlier report');
    const dated: Record<string, number> = {};
    await tar.t({ file: join(cwd, name!), onReadEntry: (e) => void (dated[e.path] = e.mtime?.getTime() ?? 0) });
    expect(dated['logs/']).toBeGreaterThanOrEqual(Math.floor(start / 1000) * 1000);
    expect(dated['logs/']).toBe(dated['report.md']);

    const mine = join(home, 'mine.tar.gz');
    writeFileSync(mine, 'not yours');
    expect(await runLich(['rage', '--output', mine], { env })).toEqual({
      code: 1,
      stdout: '',
      stderr: `lich: cannot write the archive ${mine}: a file of that name is already there, and lich rage does not replace one — name another with --output\n`,
    });
    expect(readFileSync(mine, 'utf8')).toBe('not yours');
    expect(readdirSync(home).filter((n) => n.endsWith('.partial'))).toEqual([]);
  });
});
