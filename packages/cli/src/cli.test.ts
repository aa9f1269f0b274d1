/**
 * The built `lich` driven as a child process, exactly as an agent's shell runs it
 * (packages/cli/bin/lich.js → dist/lich.cjs; `npm test` builds first). The backend is the
 * recording fake of @lich/core, except where the launch path itself is under test.
 */
import { spawn } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, readdirSync, rmSync, statSync, writeFileSync, mkdirSync, existsSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { runLich } from '@lich/core';
import { errorBody, type FakeLich, startFakeLich } from '@lich/core/testing/fake-lich';

const root = fileURLToPath(new URL('../../../', import.meta.url));
const bin = join(root, 'packages/cli/bin/lich.js');
const bundle = join(root, 'packages/cli/dist/lich.cjs');
const TOKEN = 'd'.repeat(32);

function newest(dir: string): number {
  let t = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, entry.name);
    if (entry.isDirectory()) t = Math.max(t, newest(p));
    else if (/\.ts$/.test(entry.name) && !/\.test\.ts$/.test(entry.name)) t = Math.max(t, statSync(p).mtimeMs);
  }
  return t;
}

let home: string;
let lich: FakeLich;

beforeAll(() => {
  // Building here would race other test files running the same bundle; npm test builds first.
  if (!existsSync(bundle)) throw new Error('packages/cli/dist/lich.cjs is missing: run npm run build');
  const sources = Math.max(newest(join(root, 'packages/cli/src')), newest(join(root, 'packages/core/src')), newest(join(root, 'generated')));
  if (statSync(bundle).mtimeMs < sources) throw new Error('packages/cli/dist/lich.cjs is older than its sources: run npm run build');
  home = mkdtempSync(join(tmpdir(), 'lich-cli-'));
});
afterAll(() => rmSync(home, { recursive: true, force: true }));
beforeEach(async () => {
  lich = await startFakeLich(TOKEN);
});
afterEach(async () => {
  await lich.close();
});

/** A clean environment: no coordinates, a private config dir, no CA bundle to load. */
function baseEnv(extra: Record<string, string> = {}): Record<string, string> {
  return { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: home, XDG_CONFIG_HOME: join(home, 'config'), ...extra };
}
const inSession = (extra: Record<string, string> = {}) =>
  baseEnv({ LICH_PORT: String(lich.port), LICH_TOKEN: TOKEN, LICH_SESSION_ID: 'caller', ...extra });

const lichRun = (argv: string[], env = inSession()) => runLich({ bin, argv, env });
const pending = { ticket: 'a1b2c3d4', target: 'docs', status: 'pending', answer: '' };

describe('exit codes and output', () => {
  it('exits 0 with the answer alone', async () => {
    lich.on('relay.Send', { result: { ...pending, status: 'answered', answer: 'All green.' } });
    expect(await lichRun(['send', 'docs', 'run the tests'])).toEqual({ exit: 0, stdout: 'All green.\n', stderr: '', outcome: 'done' });
    expect(lich.calls[0]).toMatchObject({ method: 'relay.Send', token: TOKEN, body: [{ from: 'caller', target: 'docs', project: '', prompt: 'run the tests', timeoutSeconds: 0 }] });
  });

  it('exits 2 with the ticket on stdout and nothing on stderr', async () => {
    lich.on('relay.Wait', { result: pending });
    const run = await lichRun(['wait', '--timeout', '5', 'a1b2c3d4']);
    expect(run).toMatchObject({ exit: 2, stderr: '', outcome: 'pending' });
    expect(run.stdout).toBe(
      "docs is still working. The errand is open — a message that session was not ready for is held until it is — and a note will be typed at the sending session's prompt when its result is ready. To hold the line for it instead:\n  lich wait a1b2c3d4\n",
    );
  });

  it('exits 3 with the outcome on stdout and nothing on stderr', async () => {
    lich.on('relay.Send', { result: { ...pending, status: 'expired' } });
    expect(await lichRun(['send', '--json', 'docs', 'p'])).toEqual({
      exit: 3,
      stdout: '{"ticket":"a1b2c3d4","target":"docs","status":"expired","answer":""}\n',
      stderr: '',
      outcome: 'no-answer',
    });
  });

  it('prints one JSON line, [] for an empty roster', async () => {
    lich.on('relay.Peers', { result: [] });
    expect(await lichRun(['sessions', '--json'])).toMatchObject({ exit: 0, stdout: '[]\n', stderr: '' });
  });

  it('prints the roster table', async () => {
    lich.on('relay.Peers', { result: [{ label: 'docs', name: 'lich-a1b2', project: 'lich', kind: 'codex', state: '', id: 'x', path: '/p', projectPath: '/p' }] });
    expect((await lichRun(['sessions'])).stdout).toBe('session\tproject\tprovider\tname\tstate\ndocs\tlich\tcodex\tlich-a1b2\t-\n');
  });

  it('prints Answer sent. for a reply', async () => {
    lich.on('relay.Reply', { result: null });
    expect(await lichRun(['reply', 'done'])).toMatchObject({ exit: 0, stdout: 'Answer sent.\n', stderr: '' });
    expect(lich.calls[0].body).toEqual([{ from: 'caller', ticket: '', answer: 'done' }]);
  });
});

describe('failures are one lich: line and exit 1', () => {
  it("reports the server's error", async () => {
    lich.on('relay.Send', { status: 500, body: errorBody('no live session answers to "nope"') });
    expect(await lichRun(['send', 'nope', 'p'])).toEqual({ exit: 1, stdout: '', stderr: 'lich: no live session answers to "nope"\n', outcome: 'failed' });
  });

  it('reports an unknown flag by name, never with exit 2', async () => {
    expect(await lichRun(['wait', '--bogus'])).toMatchObject({ exit: 1, stdout: '', stderr: 'lich: flag provided but not defined: -bogus\n' });
  });

  it('reports a missing positional with the usage line', async () => {
    expect(await lichRun(['send', 'docs'])).toMatchObject({
      exit: 1,
      stderr: 'lich: usage: lich send [--project <name>] [--timeout <seconds>] [--private] [--json] <session> <prompt>\n',
    });
  });

  it('says no lich is running outside a session with no runtime file', async () => {
    expect(await lichRun(['sessions'], baseEnv())).toEqual({
      exit: 1,
      stdout: '',
      stderr: 'lich: no lich is running — open lich, or run this inside one of its sessions\n',
      outcome: 'failed',
    });
  });

  it('reports a failed write to stdout as one line and exit 1, never a stack trace (lich … > /dev/full)', async () => {
    const full = openSync('/dev/full', 'w');
    try {
      for (const argv of [['version'], ['help']]) {
        const run = await new Promise<{ code: number | null; stderr: string }>((resolve) => {
          const child = spawn(process.execPath, [bin, ...argv], { env: baseEnv(), stdio: ['ignore', full, 'pipe'] });
          let stderr = '';
          child.stderr!.on('data', (c) => (stderr += c));
          child.on('close', (code) => resolve({ code, stderr }));
        });
        expect(run).toEqual({ code: 1, stderr: 'lich: write the output: no space left on device\n' });
      }
    } finally {
      closeSync(full);
    }
  });

  it('refuses a --prompt over 8192 bytes before anything is opened, without echoing it', async () => {
    lich.on('spawn.Open', { result: {} });
    const run = await lichRun(['open', '--prompt', 'x'.repeat(8193)]);
    expect(run).toEqual({
      exit: 1,
      stdout: '',
      stderr: 'lich: prompt is 8193 bytes, over the 8192 limit: name the paths to read instead of pasting their contents\n',
      outcome: 'failed',
    });
    expect(lich.calls).toEqual([]);
  });

  it('refuses a --prompt that is blank once control characters are dropped, before anything is opened', async () => {
    const run = await lichRun(['open', '--prompt', ' \x1b\x07 ']);
    expect(run).toMatchObject({ exit: 1, stderr: 'lich: nothing to send: the prompt is empty\n' });
    expect(lich.calls).toEqual([]);
  });

  it('says no lich is running when nothing listens on LICH_PORT and none is recorded, without the token or a dial error', async () => {
    const port = lich.port;
    await lich.close();
    const run = await lichRun(['sessions'], baseEnv({ LICH_PORT: String(port), LICH_TOKEN: TOKEN }));
    lich = await startFakeLich(TOKEN);
    expect(run.exit).toBe(1);
    expect(run.stderr).toBe('lich: no lich is running — open lich, or run this inside one of its sessions\n');
  });
});

describe('finding lich outside a session', () => {
  it('reads the runtime file, and sends from ""', async () => {
    mkdirSync(join(home, 'config/lich'), { recursive: true });
    writeFileSync(join(home, 'config/lich/runtime.json'), JSON.stringify({ pid: process.pid, port: lich.port, token: TOKEN }), { mode: 0o600 });
    try {
      lich.on('relay.Peers', { result: [] });
      expect(await lichRun(['sessions', '--json'], baseEnv())).toMatchObject({ exit: 0, stdout: '[]\n' });
      expect(lich.calls[0].body).toEqual([{ from: '' }]);
    } finally {
      rmSync(join(home, 'config/lich/runtime.json'));
    }
  });

  it('reports a runtime file that is not JSON on one line', async () => {
    mkdirSync(join(home, 'config/lich'), { recursive: true });
    const file = join(home, 'config/lich/runtime.json');
    writeFileSync(file, 'garbage\n');
    try {
      const run = await lichRun(['sessions'], baseEnv());
      expect(run).toMatchObject({ exit: 1, stdout: '' });
      expect(run.stderr).toMatch(new RegExp(`^lich: parse runtime file: ${file.replace(/[.]/g, '\\.')} is not JSON \\([^\\n]+\\)\\n$`));
    } finally {
      rmSync(file);
    }
  });

  it('refuses a runtime file whose port is not a port, in its own words rather than Node\'s', async () => {
    mkdirSync(join(home, 'config/lich'), { recursive: true });
    const file = join(home, 'config/lich/runtime.json');
    writeFileSync(file, JSON.stringify({ pid: 1, port: 99999, token: TOKEN }));
    try {
      expect(await lichRun(['sessions'], baseEnv())).toEqual({
        exit: 1,
        stdout: '',
        stderr: 'lich: parse runtime file: port must be an integer from 1 to 65535, not 99999\n',
        outcome: 'failed',
      });
    } finally {
      rmSync(file);
    }
  });

  it('lets the environment win over the runtime file', async () => {
    mkdirSync(join(home, 'config/lich'), { recursive: true });
    writeFileSync(join(home, 'config/lich/runtime.json'), JSON.stringify({ pid: 1, port: 1, token: 'other' }));
    try {
      lich.on('relay.Peers', { result: [] });
      expect((await lichRun(['sessions', '--json'])).exit).toBe(0);
    } finally {
      rmSync(join(home, 'config/lich/runtime.json'));
    }
  });
});

describe('version', () => {
  it('prints this build alone when no lich answers, and exits 0', async () => {
    const version = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).version;
    expect(await lichRun(['version'], baseEnv())).toMatchObject({ exit: 0, stdout: `lich ${version}\n`, stderr: '' });
    expect(await lichRun(['--version', '--json'], baseEnv())).toMatchObject({ exit: 0, stdout: `{"cli":"${version}"}\n` });
  });

  it("adds the server's version when one answers", async () => {
    lich.on('system.Diagnostics', { result: { version: '9.9.9' } });
    const run = await lichRun(['-v']);
    expect(run.stdout).toMatch(/^lich .+\nserver 9\.9\.9\n$/);
  });
});

describe('dispatch', () => {
  it('refuses an unknown word with a guess, and exit 1', async () => {
    expect(await lichRun(['sesions'])).toMatchObject({
      exit: 1,
      stdout: '',
      stderr: 'lich: unknown command "sesions" — did you mean "sessions"?\nRun `lich help` for the list.\n',
    });
    expect((await lichRun(['zzzzzzzzz'])).stderr).toBe('lich: unknown command "zzzzzzzzz"\nRun `lich help` for the list.\n');
  });

  it('prints the general help on help, --help and -h', async () => {
    for (const word of ['help', '--help', '-h']) {
      const run = await lichRun([word]);
      expect(run).toMatchObject({ exit: 0, stderr: '' });
      expect(run.stdout).toMatch(/^lich talks to the sessions open in the running lich window\.\n\n {2}lich sessions \[--json\]\n {6}/);
      expect(run.stdout).toContain('\n  lich mcp\n');
    }
  });

  it('prints one command\'s help for help <word> and <word> --help', async () => {
    const a = await lichRun(['help', 'reply']);
    const b = await lichRun(['reply', '--help']);
    expect(a).toMatchObject({ exit: 0, stderr: '' });
    expect(a.stdout).toBe(b.stdout);
    expect(a.stdout).toContain('usage: lich reply [<ticket>] <answer>\n');
  });

  it("prints help's own help for help --help, as for help help", async () => {
    const own = await lichRun(['help', 'help']);
    expect(own).toMatchObject({ exit: 0, stderr: '' });
    expect(own.stdout).toContain('usage: lich help [<command>]\n');
    for (const flag of ['--help', '-help', '-h']) expect(await lichRun(['help', flag])).toEqual(own);
  });

  it('reads everything after -- as positionals', async () => {
    lich.on('relay.Send', { result: { ...pending, status: 'answered', answer: 'ok' } });
    await lichRun(['send', '--', '--json', '-x']);
    expect(lich.calls[0].body).toEqual([{ from: 'caller', target: '--json', project: '', prompt: '-x', timeoutSeconds: 0 }]);
  });

  it('reads a flag after the first positional as text', async () => {
    lich.on('relay.Reply', { result: null });
    await lichRun(['reply', '1a2b3c4d', '--json is broken']);
    expect(lich.calls[0].body).toEqual([{ from: 'caller', ticket: '1a2b3c4d', answer: '--json is broken' }]);
  });

  it('ends quietly when the reader goes away (lich … | head -1)', async () => {
    const run = await new Promise<{ code: number | null; stderr: string }>((resolve) => {
      const child = spawn('sh', ['-c', `node ${JSON.stringify(bin)} help | head -1`], { env: baseEnv() });
      let stderr = '';
      child.stderr.on('data', (c) => (stderr += c));
      child.on('close', (code) => resolve({ code, stderr }));
    });
    expect(run).toEqual({ code: 0, stderr: '' });
  });
});

describe('lich mcp', () => {
  it('serves MCP over stdio, protocol only on stdout', async () => {
    const run = await runLich({
      bin,
      argv: ['mcp'],
      env: inSession(),
      stdin: `${JSON.stringify({ jsonrpc: '2.0', id: 7, method: 'ping' })}\n`,
    });
    expect(run.exit).toBe(0);
    expect(run.stdout.trim().split('\n').map((l) => JSON.parse(l))).toEqual([{ jsonrpc: '2.0', id: 7, result: {} }]);
  });

  it('answers a request carrying a key it does not know, and one it cannot serve, without dying', async () => {
    const run = await runLich({
      bin,
      argv: ['mcp'],
      env: inSession(),
      stdin: `${['{"jsonrpc":"2.0","id":1,"method":"ping","extra":1}', '{"jsonrpc":"2.0","id":null,"method":"ping"}', '{"jsonrpc":"1.0","id":2,"method":"ping"}'].join('\n')}\n`,
    });
    expect(run).toMatchObject({ exit: 0, stderr: '' });
    expect(run.stdout.trim().split('\n').map((l) => JSON.parse(l))).toEqual([
      { jsonrpc: '2.0', id: 1, result: {} },
      { jsonrpc: '2.0', id: null, error: { code: -32600, message: 'invalid request: id must be a string or an integer' } },
      { jsonrpc: '2.0', id: 2, error: { code: -32600, message: 'invalid request: jsonrpc must be "2.0"' } },
    ]);
  });

  it('takes no arguments', async () => {
    expect(await lichRun(['mcp', 'extra'])).toMatchObject({ exit: 1, stderr: 'lich: usage: lich mcp\n' });
  });
});

describe('launching the backend', () => {
  it('refuses an unknown launch flag', async () => {
    expect(await lichRun(['--bogus'], baseEnv())).toMatchObject({ exit: 1, stderr: 'lich: flag provided but not defined: -bogus\n' });
  });

  it('runs the backend in the foreground for lich --shell … -- <browser flags>, until lich quit', async () => {
    if (!existsSync(join(root, 'packages/cli/dist/server.mjs'))) throw new Error('packages/cli/dist/server.mjs is missing: run npm run build');
    const dir = mkdtempSync(join(tmpdir(), 'lich-launch-'));
    const env = { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: dir, XDG_CONFIG_HOME: join(dir, 'config'), XDG_DATA_HOME: join(dir, 'data'), LICH_LISTEN_PORT: '0' };
    const child = spawn(process.execPath, [bin, '--shell', '/bin/sh', '--', '--enable-features=X'], { env });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c) => (stdout += c));
    child.stderr.on('data', (c) => (stderr += c));
    const exited = new Promise<number | null>((resolve) => child.on('close', resolve));
    try {
      const runtime = join(dir, 'config/lich/runtime.json');
      for (let i = 0; i < 200 && !existsSync(runtime); i++) await new Promise((r) => setTimeout(r, 50));
      expect(existsSync(runtime)).toBe(true);

      const version = await runLich({ bin, argv: ['version', '--json'], env });
      expect(JSON.parse(version.stdout)).toMatchObject({ server: expect.any(String) });
      expect(await runLich({ bin, argv: ['sessions', '--json'], env })).toMatchObject({ exit: 0, stdout: '[]\n' });
      expect(await runLich({ bin, argv: ['quit'], env })).toEqual({ exit: 0, stdout: 'lich has quit.\n', stderr: '', outcome: 'done' });
      expect(await exited).toBe(0);
      expect(stdout).toContain('listens on 127.0.0.1:');
      // Said once the backend runs (after it records itself), so a refused start is one line.
      expect(stderr).toContain('This lich has no window');
    } finally {
      child.kill();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
