// The launch token outside the listener (issue 7, The token): a backend run as `lich --no-window`
// records itself in runtime.json, mode 0600 (wire.md § 3), and its token reaches every session
// through the environment only — never through any process's argv (anyone on the machine reads
// /proc/<pid>/cmdline), never into lich.log, the backend's own output, an error line or a
// `lich rage` archive. A runtime file a dead lich left behind, or one naming a port something
// else now holds, ends a command in one `lich: …` line and exit 1 within the call's budget
// (wire.md § 1.3, § 1.4, § 3: the CLI does not ping, it posts), never a hang.

import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createServer as createHttpServer, request, type Server as HttpServer } from 'node:http';
import { createServer as createTcpServer, type Server as TcpServer, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as tar from 'tar';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { argvOf, descendants, environOf, freePort, killAll, MCP_INITIALIZE, startChildBackend, startMcp, type ChildBackend, type McpChild } from './child-backend.js';
import { AgentLog, exampleProvider, makeRepo, runLich, standInClaude, until, type Run } from './harness.js';

let home: string;
let cb: ChildBackend | undefined;
const children: ChildProcess[] = [];
const servers: Array<HttpServer | TcpServer> = [];
const sockets = new Set<Socket>();
let leftover: number[] = [];

beforeEach(() => {
  home = mkdtempSync(join(tmpdir(), 'lich-token-e2e-'));
});
afterEach(async () => {
  for (const c of children.splice(0)) c.kill('SIGKILL');
  for (const sock of sockets) sock.destroy();
  sockets.clear();
  await Promise.all(servers.splice(0).map((s) => new Promise((r) => s.close(r))));
  if (cb) {
    leftover = descendants(cb.pid);
    await cb.quit();
    killAll(leftover);
  }
  cb = undefined;
  rmSync(home, { recursive: true, force: true });
});

/** `lich mcp` with `env`, killed at the end of the test. */
function mcp(env: Record<string, string>): McpChild {
  const m = startMcp(env);
  children.push(m.child);
  return m;
}

const initialize = MCP_INITIALIZE;

/** Every entry of a tar.gz, with its text. */
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

describe('a backend run as lich --no-window', () => {
  it('keeps its token out of every argv, its log, its output and a rage archive, handing it to sessions through their environment', async () => {
    const log = join(home, 'agents.jsonl');
    const backend = (cb = await startChildBackend(home, { providers: { example: exampleProvider(log) }, env: standInClaude(log) }));
    const { token } = backend;

    // runtime.json: mode 0600 (wire.md § 3).
    const runtime = join(backend.configDir, 'runtime.json');
    expect(statSync(runtime).mode & 0o777).toBe(0o600);
    expect(JSON.parse(readFileSync(runtime, 'utf8'))).toEqual({ pid: backend.pid, port: backend.port, token });

    // Sessions of a user-defined provider and of the built-in claude (its argv carries lich's MCP registration).
    const repo = makeRepo(home, 'token-repo', 1);
    const opened = async (kind: string) => {
      const r = await backend.lich(['open', '--json', '--project', repo, '--kind', kind]);
      expect(r.code, r.stderr).toBe(0);
      return JSON.parse(r.stdout) as { id: string; label: string };
    };
    const example = await opened('example');
    const claude = await opened('claude');
    const agents = new AgentLog(log);
    const started = await agents.ready(example.id);

    // lich mcp as the session's MCP server runs it: coordinates in its environment.
    const server = mcp({ LICH_PORT: String(backend.port), LICH_TOKEN: token, LICH_SESSION_ID: example.id });
    server.send(initialize);
    expect((await server.next()).id).toBe(1);
    server.send({ jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'list_sessions', arguments: {} } });
    expect((await server.next()).result.content[0].text).toContain(claude.label);

    // A send held open while the processes are read, so the CLI doing it is one of them.
    const held = backend.lich(['send', '--timeout', '30', example.label, '#example: no-reply\nsleep 3'], { port: backend.port, token, session: claude.id });
    await agents.waitFor(example.id, (e) => e.event === 'task', 'the task reaching the example agent');

    const pids = [...new Set([...descendants(backend.pid), ...descendants(process.pid), backend.pid])];
    const scanned = pids.map((pid) => ({ pid, argv: argvOf(pid) })).filter((p): p is { pid: number; argv: string[] } => p.argv !== null);
    const withToken = scanned.filter((p) => p.argv.some((a) => a.includes(token)));
    expect(withToken).toEqual([]);
    // The scan saw what it had to: the backend, both providers, lich mcp and the held send …
    const has = (pred: (argv: string[]) => boolean) => scanned.filter((p) => pred(p.argv)).map((p) => p.pid);
    expect(has((a) => a.includes('--no-window'))).toContain(backend.pid);
    expect(has((a) => a.includes('mcp') && a.some((x) => x.endsWith('lich.js')))).toContain(server.child.pid);
    expect(has((a) => a.includes('send') && a.some((x) => x.endsWith('lich.js')))).toHaveLength(1);
    expect(scanned.map((p) => p.pid)).toContain(started.pid);
    const claudeProcs = has((a) => a.includes('--mcp-config'));
    expect(claudeProcs).toHaveLength(1);
    // … and the token is there for each session, in its environment.
    expect(environOf(started.pid)).toContain(`\0LICH_TOKEN=${token}\0`);
    expect(environOf(claudeProcs[0]!)).toContain(`\0LICH_TOKEN=${token}\0`);

    // Requests with wrong tokens, a refused CLI call, and a backend log line of a session ending.
    for (const path of [`/rpc/relay.Peers?token=${token.slice(0, 31)}`, `/hook?token=${token.toUpperCase()}`, '/ping']) {
      await fetchStatus(backend.port, path);
    }
    const refused = await runLich(['sessions'], { port: backend.port, token: '0'.repeat(32), env: { XDG_CONFIG_HOME: join(home, 'elsewhere') } });
    expect(refused.code).toBe(1);
    expect(refused.stderr).not.toContain(token);
    expect((await held).code).toBe(3);
    expect((await backend.lich(['close', '--force', example.label])).code).toBe(0);
    await until(() => readFileSync(join(backend.configDir, 'lich.log'), 'utf8').includes(`session ${example.id} ended`), 'the close in lich.log');

    // lich rage from inside a session: the backend's stacks, report and log, and no token anywhere.
    const out = join(home, 'bug.tar.gz');
    const rage = await backend.lich(['rage', '--output', out], { port: backend.port, token, session: claude.id });
    expect(rage.stderr).toBe('');
    expect(rage.code).toBe(0);
    const listed = await entries(out);
    expect(listed.map(([n]) => n)).toEqual(expect.arrayContaining(['report.md', 'env.txt', 'logs/lich.log', 'goroutines.txt', 'diagnostic-report.json']));
    for (const [name, text] of listed) expect(text.includes(token), `the token in ${name}`).toBe(false);

    server.child.stdin!.end();
    await backend.quit();
    cb = undefined;
    const logFile = join(backend.configDir, 'lich.log');
    expect(statSync(logFile).mode & 0o777).toBe(0o600);
    const logged = readFileSync(logFile, 'utf8');
    expect(logged).toContain(`listens on 127.0.0.1:${backend.port} (pid ${backend.pid})`);
    expect(logged).toContain('has stopped');
    expect(logged.includes(token)).toBe(false);
    expect(backend.stdout().includes(token)).toBe(false);
    expect(backend.stderr().includes(token)).toBe(false);
  });
});

/** A GET through node:http; resolves its status. */
function fetchStatus(port: number, path: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, method: 'GET', agent: false }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('error', reject);
    req.end();
  });
}

const TOKEN = 'c0ffee00c0ffee00c0ffee00c0ffee00';

/** A dead pid: a process that ran and ended. */
async function deadPid(): Promise<number> {
  const c = spawn(process.execPath, ['-e', '']);
  await new Promise((r) => c.once('exit', r));
  return c.pid!;
}

/**
 * Writes `<home>/<dir>/lich/runtime.json` naming `pid`, `port` and {@link TOKEN}; returns the
 * XDG_CONFIG_HOME that finds it (a directory per caller, so runs in parallel share no file).
 */
function recordRuntime(pid: number, port: number, dir = 'config'): string {
  const lich = join(home, dir, 'lich');
  mkdirSync(lich, { recursive: true });
  writeFileSync(join(lich, 'runtime.json'), JSON.stringify({ pid, port, token: TOKEN }), { mode: 0o600 });
  return join(home, dir);
}

function listening<T extends HttpServer | TcpServer>(s: T): Promise<number> {
  servers.push(s);
  s.on('connection', (sock: Socket) => {
    sockets.add(sock);
    sock.once('close', () => sockets.delete(sock));
  });
  return new Promise((resolve) => s.listen(0, '127.0.0.1', () => resolve((s.address() as { port: number }).port)));
}

/** One `lich: …` line and exit 1: no stack trace, no token, nothing on stdout. */
function expectOneLine(r: Run, line: string | RegExp): void {
  expect(r.code).toBe(1);
  expect(r.stdout).toBe('');
  if (typeof line === 'string') expect(r.stderr).toBe(`lich: ${line}\n`);
  else expect(r.stderr).toMatch(line);
  expect(r.stderr.split('\n')).toHaveLength(2);
  expect(r.stderr).not.toContain(TOKEN);
}

describe('a stale runtime file', () => {
  it('naming a dead lich: no lich is running, in the spec’s words, at once, and nothing is sent to its port', async () => {
    const port = await freePort();
    const config = recordRuntime(await deadPid(), port);
    for (const args of [['sessions'], ['send', '--timeout', '5', 'docs', 'hello'], ['open', '--project', home]]) {
      expectOneLine(await runLich(args, { configHome: config }), 'no lich is running — open lich, or run this inside one of its sessions');
    }
    // version leaves the server out rather than failing (spec/cli.md § lich version).
    const v = await runLich(['version'], { configHome: config });
    expect([v.code, v.stderr, v.stdout.split('\n').length]).toEqual([0, '', 2]);
  });

  it('of a live lich, with a session’s coordinates that name no process (an older lich’s), on a port another program holds: what that program answers, in one line, within the call budget', async () => {
    // An HTTP server that is not lich: 404 for everything, …
    const notFound = await listening(createHttpServer((_q, s) => ((s.statusCode = 404), s.end('nothing here\n'))));
    // … one that refuses everyone 403 (the retry finds the same token recorded, so it says whose port it is), …
    const refusing = await listening(createHttpServer((_q, s) => ((s.statusCode = 403), s.end('go away\n'))));
    // … one that speaks no HTTP at all and hangs up, …
    const garbage = await listening(createTcpServer((sock: Socket) => sock.end('SSH-2.0-OpenSSH_9.6\r\n')));
    // … and one that takes the connection and never answers.
    const silent = await listening(createTcpServer(() => {}));
    // The runtime file names this process (alive, the one that wrote it), so the retry after a
    // refusal finds the same token recorded; the session's coordinates carry no LICH_PID.
    const run = (port: number) => runLich(['sessions'], { port, token: TOKEN, configHome: recordRuntime(process.pid, port, `config-${port}`), timeoutMs: 40_000 });
    const [a, b, c, d] = await Promise.all([run(notFound), run(refusing), run(garbage), run(silent)]);
    expectOneLine(a, '404 Not Found');
    expectOneLine(b, `lich refused this token on port ${refusing}, and it is the token the running instance recorded — so something other than lich is answering there`);
    expectOneLine(c, new RegExp(`^lich: reach lich: Post "http://127\\.0\\.0\\.1:${garbage}/rpc/relay\\.Peers\\?token=…": [^\\n]+\\n$`));
    // wire.md § 1.4: sessions is a short call, 10 s.
    expectOneLine(
      d,
      `reach lich: Post "http://127.0.0.1:${silent}/rpc/relay.Peers?token=…": context deadline exceeded (Client.Timeout exceeded while awaiting headers)`,
    );
  }, 60_000);

  it('is refused by lich mcp as a tool error, no lich running, with the server going on', async () => {
    const port = await freePort();
    const server = mcp({ XDG_CONFIG_HOME: recordRuntime(await deadPid(), port), HOME: home });
    server.send(initialize);
    await server.next();
    server.send({ jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'list_sessions', arguments: {} } });
    const reply = await server.next();
    expect(reply.result.isError).toBe(true);
    expect(reply.result.content[0].text).toMatch(/^no lich is running/);
    server.send({ jsonrpc: '2.0', id: 3, method: 'ping' });
    expect(await server.next()).toEqual({ jsonrpc: '2.0', id: 3, result: {} });
  });

  it('with the coordinates of a session whose lich is gone: no lich is running, in one line without the token', async () => {
    const port = await freePort();
    const r = await runLich(['sessions'], { port, token: TOKEN, session: 'gone', env: { XDG_CONFIG_HOME: join(home, 'none') } });
    expectOneLine(r, 'no lich is running — open lich, or run this inside one of its sessions');
  });
});
