// `lich doctor` run as an agent's shell runs it: on a clean temporary config (every check in boot
// order, exit 0), with the pinned port held by something that is not lich (the listener fails
// with its line, exit 1, and no `lich:` line), and beside a running backend (the listener names
// its pid, the store is left alone). spec/cli.md § lich doctor; wire.md § 2.

import { spawn, spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Backend, ROOT, runLich, until } from './harness.js';

const VERSION = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')).version as string;
const PLATFORM = `linux/${process.arch === 'x64' ? 'amd64' : process.arch}`;
const CHECKS = ['home', 'log', 'listener', 'store', 'browser', 'providers', 'sandbox', 'git', 'gh', 'pty', 'sqlite', 'claude'];
/** lich's Claude Code plugin as the build ships it, beside the CLI the tests run. */
const PLUGIN = join(ROOT, 'packages/cli/dist/claude/lich');
const PLUGIN_VERSION = JSON.parse(readFileSync(join(PLUGIN, '.claude-plugin/plugin.json'), 'utf8')).version as string;
const GIT = spawnSync('sh', ['-c', 'command -v git'], { encoding: 'utf8' }).stdout.trim();

let home: string;
let b: Backend | undefined;
let held: Server | undefined;
beforeEach(() => {
  home = mkdtempSync(join(tmpdir(), 'lich-doctor-e2e-'));
});
afterEach(async () => {
  await new Promise<void>((r) => (held ? held.close(() => r()) : r()));
  held = undefined;
  if (b) await b.close();
  b = undefined;
  rmSync(home, { recursive: true, force: true });
});

/** A port nothing listens on right now. */
async function freePort(): Promise<number> {
  const s = createServer();
  await new Promise<void>((r) => s.listen({ host: '127.0.0.1', port: 0 }, () => r()));
  const port = (s.address() as { port: number }).port;
  await new Promise<void>((r) => s.close(() => r()));
  return port;
}

/** A directory holding executables named `names`, for PATH: stand-ins that are only ever looked up. */
function fakeBin(...names: string[]): string {
  const dir = join(home, 'bin');
  mkdirSync(dir, { recursive: true });
  for (const name of names) {
    writeFileSync(join(dir, name), name === 'claude' ? fakeClaude('2.1.328', 0) : '#!/bin/sh\nexit 0\n');
    chmodSync(join(dir, name), 0o755);
  }
  return dir;
}

/**
 * A stand-in Claude Code for the claude check: `--version` says `version`, `plugin validate <dir>`
 * exits `validates` (printing what the real one prints at that exit). The real one runs the same
 * check in the real-agents tier (test/agents/claude-plugin.test.ts).
 */
function fakeClaude(version: string, validates: number): string {
  return [
    '#!/bin/sh',
    `if [ "$1" = --version ]; then echo '${version} (Claude Code)'; exit 0; fi`,
    `if [ "$1 $2" = 'plugin validate' ] && [ -f "$3/.claude-plugin/plugin.json" ]; then`,
    validates === 0 ? "  echo '✔ Validation passed'; exit 0" : "  echo '✘ Found 1 error:'; echo; echo '  ❯ modules../lich.js: no export named register'; exit 1",
    'fi',
    'exit 2',
    '',
  ].join('\n');
}

interface Row {
  verdict: string;
  name: string;
  time: string;
  finding: string;
}

/** The report's rows, parsed off the columns of the spec's sample. */
function rows(stdout: string): Row[] {
  return stdout
    .split('\n')
    .slice(2)
    .filter((l) => /^ {2}(ok|warn|fail|skip) /.test(l))
    .map((l) => {
      const m = /^ {2}(ok|warn|fail|skip) +(\S+) +(<1ms|\d+ms) {2}(.*)$/.exec(l);
      if (!m) throw new Error(`not a doctor row: ${JSON.stringify(l)}`);
      return { verdict: m[1]!, name: m[2]!, time: m[3]!, finding: m[4]! };
    });
}

function doctor(env: Record<string, string | undefined>) {
  return runLich(['doctor'], { env: { HOME: home, ...env } });
}

describe('lich doctor on a clean machine', () => {
  it('walks every check in boot order, finds nothing in the way and exits 0, creating the config directory, the log and the database', async () => {
    const port = await freePort();
    const bin = fakeBin('claude', 'gh');
    const env = { XDG_CONFIG_HOME: join(home, 'config'), XDG_DATA_HOME: join(home, 'data'), LICH_LISTEN_PORT: String(port), PATH: `${bin}:${process.env.PATH}` };
    const r = await doctor(env);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    const lines = r.stdout.split('\n');
    expect(lines.slice(0, 2)).toEqual([`lich v${VERSION} — ${PLATFORM}`, '']);
    expect(lines.slice(-4)).toEqual([expect.stringMatching(/^ {8}total +(<1ms|\d+ms)$/), '', 'lich starts here — nothing is in the way.', '']);
    const found = rows(r.stdout);
    expect(found.map((x) => x.name)).toEqual(CHECKS);
    expect(found.map((x) => [x.name, x.verdict, x.finding])).toEqual([
      ['home', 'ok', `${home}/config/lich is writable`],
      ['log', 'ok', `${home}/config/lich/lich.log`],
      ['listener', 'ok', `port ${port} is free`],
      ['store', 'ok', `${home}/data/lich/lich.db (created)`],
      ['browser', 'skip', 'this lich is headless: it runs with no window, so there is no browser to resolve'],
      ['providers', 'ok', '1 of 8 on PATH: claude'],
      ['sandbox', 'ok', 'bubblewrap confines a session here'],
      ['git', 'ok', GIT],
      ['gh', 'ok', `${bin}/gh`],
      ['pty', 'ok', 'node-pty 1.1.0 starts a terminal'],
      ['sqlite', 'ok', expect.stringMatching(/^better-sqlite3 12\.11\.1 \(SQLite \d+\.\d+\.\d+\)$/)],
      ['claude', 'ok', `Claude Code 2.1.328 loads lich’s plugin ${PLUGIN_VERSION} (${PLUGIN})`],
    ]);
    expect(readFileSync(join(home, 'config', 'lich', 'lich.log'), 'utf8')).toBe('');
    expect(existsSync(join(home, 'data', 'lich', 'lich.db'))).toBe(true);
    // It released the port it proved and the lock it took.
    expect(existsSync(join(home, 'data', 'lich', 'lich.lock'))).toBe(false);
    const again = await doctor(env);
    expect(again.code).toBe(0);
    expect(rows(again.stdout)[3]).toMatchObject({ name: 'store', verdict: 'ok', finding: `${home}/data/lich/lich.db` });
  });

  it('warns, and still exits 0, when no provider, no bubblewrap and no gh are on PATH', async () => {
    const bin = fakeBin('git');
    const r = await doctor({ XDG_CONFIG_HOME: join(home, 'config'), XDG_DATA_HOME: join(home, 'data'), LICH_LISTEN_PORT: String(await freePort()), PATH: bin });
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    const found = Object.fromEntries(rows(r.stdout).map((x) => [x.name, x]));
    expect(found.providers).toMatchObject({ verdict: 'warn', finding: 'none of the 8 on PATH: lich starts, but no agent session can spawn' });
    expect(found.sandbox).toMatchObject({ verdict: 'warn', finding: 'bubblewrap is not installed: install it (Debian: apt install bubblewrap)' });
    expect(found.git).toMatchObject({ verdict: 'ok', finding: `${bin}/git` });
    expect(found.gh).toMatchObject({ verdict: 'warn', finding: 'not on PATH: pull requests, checks and PR checkouts are unavailable' });
    expect(found.claude).toMatchObject({ verdict: 'skip', finding: 'claude is not on PATH: there is no Claude Code to load lich’s plugin into' });
    expect(r.stdout.endsWith('\n\nlich starts here, with 3 warnings: providers, sandbox and gh.\n')).toBe(true);
  });
});

describe('lich doctor with providers of the user’s own in providers.json', () => {
  /** Runs doctor with no built-in provider on PATH and `providers` as `<config>/lich/providers.json`; its providers row. */
  async function providersRow(providers: string): Promise<Row> {
    mkdirSync(join(home, 'config', 'lich'), { recursive: true });
    writeFileSync(join(home, 'config', 'lich', 'providers.json'), providers);
    const bin = fakeBin('git');
    const r = await doctor({ XDG_CONFIG_HOME: join(home, 'config'), XDG_DATA_HOME: join(home, 'data'), LICH_LISTEN_PORT: String(await freePort()), PATH: bin });
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    return rows(r.stdout).find((x) => x.name === 'providers')!;
  }

  it('counts one whose command resolves as a provider a session can spawn, and names one whose command does not', async () => {
    const row = await providersRow(
      JSON.stringify({ providers: { example: { name: 'Example agent', command: process.execPath }, mine: { name: 'Mine', command: 'no-such-agent' } } }),
    );
    expect(row).toMatchObject({ verdict: 'ok', finding: 'none of the 8 on PATH; 1 of 2 in providers.json: example (mine: command not found)' });
  });

  it('warns when none of them can start either', async () => {
    const row = await providersRow(JSON.stringify({ providers: { mine: { name: 'Mine', command: 'no-such-agent' } } }));
    expect(row).toMatchObject({
      verdict: 'warn',
      finding: 'none of the 8 on PATH, and none of the 1 in providers.json can start (mine: command not found): lich starts, but no agent session can spawn',
    });
  });

  it('warns, naming the file and what is wrong, when providers.json is not valid: every open reads it and fails on it', async () => {
    const row = await providersRow('{"providers": {"mine": {"name": "Mine"}}}');
    expect(row).toMatchObject({
      verdict: 'warn',
      finding: `${home}/config/lich/providers.json is not a valid providers file: provider "mine": "command" must be a non-empty string: lich starts, but every session it opens fails on that file until it is fixed`,
    });
  });
});

describe('lich doctor with a bubblewrap that hangs', () => {
  it('warns at the 2 s bound and leaves nothing of what bubblewrap started running', async () => {
    const bin = fakeBin('git');
    const pidFile = join(home, 'child.pid');
    // bwrap starts a child of its own, which lets go of the pipes, and never returns: only a kill
    // of the whole process group ends that child before its 30 s.
    writeFileSync(join(bin, 'bwrap'), `#!/bin/sh\nsleep 30 </dev/null >/dev/null 2>&1 &\necho $! > ${pidFile}\nwait\n`);
    chmodSync(join(bin, 'bwrap'), 0o755);
    const r = await doctor({ XDG_CONFIG_HOME: join(home, 'config'), XDG_DATA_HOME: join(home, 'data'), LICH_LISTEN_PORT: String(await freePort()), PATH: `${bin}:/usr/bin:/bin` });
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(rows(r.stdout).find((x) => x.name === 'sandbox')).toMatchObject({
      verdict: 'warn',
      finding: 'bubblewrap did not finish within 2 s and was killed: the kernel may be blocking it',
    });
    const pid = Number(readFileSync(pidFile, 'utf8'));
    const stopped = () => {
      try {
        const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
        return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) === 'Z';
      } catch {
        return true;
      }
    };
    try {
      await until(stopped, `the stand-in's sleep (pid ${pid}) to be gone`, 15_000);
    } finally {
      if (!stopped()) process.kill(pid, 'SIGKILL');
    }
  });
});

describe('lich doctor with the port held by something that is not lich', () => {
  it('fails the listener check with its line, prints the whole report, and exits 1 with nothing on stderr', async () => {
    held = createServer();
    await new Promise<void>((r) => held!.listen({ host: '127.0.0.1', port: 0, exclusive: true }, () => r()));
    const port = (held.address() as { port: number }).port;
    const r = await doctor({ XDG_CONFIG_HOME: join(home, 'config'), XDG_DATA_HOME: join(home, 'data'), LICH_LISTEN_PORT: String(port), PATH: process.env.PATH });
    expect(r.code).toBe(1);
    expect(r.stderr).toBe('');
    const found = rows(r.stdout);
    expect(found.map((x) => x.name)).toEqual(CHECKS);
    expect(found[2]).toMatchObject({
      name: 'listener',
      verdict: 'fail',
      finding: `port ${port} is taken by another program, not lich — end that program, or set LICH_LISTEN_PORT to a free port`,
    });
    expect(found.filter((x) => x.verdict === 'fail').map((x) => x.name)).toEqual(['listener']);
    expect(r.stdout.endsWith('\n\nlich will not run here — listener failed.\n')).toBe(true);
  });

  it('fails the listener check when the lich the runtime file names holds the port and does not answer', async () => {
    // Accepts connections and never answers: the runtime file says it is lich.
    const silent = spawn(process.execPath, ['-e', "require('net').createServer(() => {}).listen(0, '127.0.0.1', function () { console.log(this.address().port) })"], {
      stdio: ['ignore', 'pipe', 'ignore'],
    });
    try {
      let port = 0;
      silent.stdout.on('data', (d) => (port = Number(String(d).trim())));
      await until(() => port > 0, 'the silent listener');
      mkdirSync(join(home, 'config', 'lich'), { recursive: true });
      writeFileSync(join(home, 'config', 'lich', 'runtime.json'), JSON.stringify({ pid: silent.pid, port, token: 'a'.repeat(32) }));
      const r = await doctor({ XDG_CONFIG_HOME: join(home, 'config'), XDG_DATA_HOME: join(home, 'data'), LICH_LISTEN_PORT: String(port), PATH: process.env.PATH });
      expect(r.code).toBe(1);
      expect(rows(r.stdout)[2]).toMatchObject({
        name: 'listener',
        verdict: 'fail',
        finding: `port ${port} is held by lich (pid ${silent.pid}), which does not answer: end it, then start lich again`,
      });
    } finally {
      silent.kill('SIGKILL');
    }
  });

  it('fails the listener check on a LICH_LISTEN_PORT that is not a port, in the listener\'s own words', async () => {
    const r = await doctor({ XDG_CONFIG_HOME: join(home, 'config'), XDG_DATA_HOME: join(home, 'data'), LICH_LISTEN_PORT: 'http', PATH: process.env.PATH });
    expect(r.code).toBe(1);
    expect(rows(r.stdout)[2]).toMatchObject({ name: 'listener', verdict: 'fail', finding: 'LICH_LISTEN_PORT is "http", which is not a port number (0–65535)' });
  });
});

describe('lich doctor on lich’s Claude Code plugin', () => {
  async function claudeRow(version: string, validates: number): Promise<Row & { closing: string; code: number | null }> {
    const dir = join(home, 'claude-bin');
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, 'claude'), fakeClaude(version, validates));
    chmodSync(join(dir, 'claude'), 0o755);
    const r = await doctor({ XDG_CONFIG_HOME: join(home, 'config'), XDG_DATA_HOME: join(home, 'data'), LICH_LISTEN_PORT: String(await freePort()), PATH: `${dir}:${process.env.PATH}` });
    return { ...rows(r.stdout).find((x) => x.name === 'claude')!, closing: r.stdout.trim().split('\n').at(-1)!, code: r.code };
  }

  it('warns, and exits 0, when the Claude Code on PATH is older than the first that runs a mod', async () => {
    const row = await claudeRow('2.1.250', 0);
    expect(row).toMatchObject({
      verdict: 'warn',
      finding: 'Claude Code 2.1.250 runs lich’s hooks but not its mod: lich control and lich ask refuse its sessions — update Claude Code to 2.1.280 or later',
      code: 0,
    });
    expect(row.closing).toContain('claude');
  });

  it('warns with Claude Code’s own reason when it refuses the plugin', async () => {
    expect(await claudeRow('2.1.330', 1)).toMatchObject({
      verdict: 'warn',
      finding: `Claude Code 2.1.330 refuses lich’s plugin (${PLUGIN}): modules../lich.js: no export named register`,
      code: 0,
    });
  });

  it('warns when Claude Code will not say its version', async () => {
    expect(await claudeRow('garbage', 0)).toMatchObject({ verdict: 'warn', finding: expect.stringContaining('did not say its version') });
  });
});

describe('lich doctor beside a running backend', () => {
  it('finds the port held by the running lich, naming its pid, and leaves its store alone', async () => {
    const backend = (b = await Backend.start());
    const r = await runLich(['doctor'], {
      env: { HOME: backend.home, XDG_CONFIG_HOME: backend.configHome, XDG_DATA_HOME: join(backend.home, 'data'), LICH_LISTEN_PORT: String(backend.port), PATH: process.env.PATH },
    });
    expect(r.stderr).toBe('');
    const found = rows(r.stdout);
    expect(found[2]).toMatchObject({ name: 'listener', verdict: 'ok', finding: `port ${backend.port} is held by the running lich (pid ${backend.pid})` });
    expect(found[3]).toMatchObject({ name: 'store', verdict: 'skip', finding: `held by the running lich (pid ${backend.pid})` });
    expect(found.some((x) => x.verdict === 'fail')).toBe(false);
    expect(r.code).toBe(0);
    // The backend still answers: nothing doctor did took its port or its store.
    expect((await backend.lich(['sessions', '--json'])).stdout).toBe('[]\n');
  });
});
