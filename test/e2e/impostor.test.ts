/**
 * A dead lich's port taken by another program (issue 22): its runtime file still names the port,
 * and any plain HTTP server listening there would have been sent the real token in a query string
 * — and for `send`, the task. Every client of the wire checks first that the process its
 * coordinates name is still the lich that recorded them (core's lich-process.ts), and says no lich
 * is running.
 *
 * Everything is real: a `lich --no-window` process killed with SIGKILL, an impostor listening on
 * its port, the built CLI, `lich mcp`, lich's Claude Code hook script and core's plugin link, run
 * as a user or a plugin would.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isLich, writtenAt } from '@lich/core/lich-process';
import { pluginEndpoint, reportState } from '@lich/core/mod';
import { MCP_INITIALIZE, startChildBackend, startMcp } from './child-backend.js';
import { baseEnv, ROOT, runLich, until } from './harness.js';

const NO_LICH = 'lich: no lich is running — open lich, or run this inside one of its sessions\n';

let home: string;
let port: number;
let token: string;
let deadPid: number;
let impostor: Server;
/** What the impostor was sent: method, URL (with its query) and body. */
const seen: Array<{ method: string; url: string; body: string }> = [];
let sleeper: ChildProcess | undefined;

beforeAll(async () => {
  home = mkdtempSync(join(tmpdir(), 'lich-impostor-'));
  const b = await startChildBackend(home);
  ({ port, token } = b);
  deadPid = b.pid;
  expect(isLich(b.pid, writtenAt(join(home, 'config', 'lich', 'runtime.json'))), 'a live lich is the lich its record names').toBe(true);
  process.kill(b.pid, 'SIGKILL');
  await b.exited;
  // Any plain HTTP server on the dead lich's port, answering everything as a server that does
  // not know lich would.
  impostor = createServer((req: IncomingMessage, res) => {
    let body = '';
    req.on('data', (d) => (body += d));
    req.on('end', () => {
      seen.push({ method: req.method ?? '', url: req.url ?? '', body });
      res.writeHead(501).end('Not Implemented');
    });
  });
  await new Promise<void>((resolve) => impostor.listen(port, '127.0.0.1', resolve));
});

afterAll(async () => {
  sleeper?.kill('SIGKILL');
  await new Promise((resolve) => impostor?.close(resolve));
  rmSync(home, { recursive: true, force: true });
});

const outside = () => ({ configHome: join(home, 'config'), env: { HOME: home, XDG_DATA_HOME: join(home, 'data') } });

describe('a dead lich whose port another program took', () => {
  it('is no lich running for the CLI, which sends that program nothing: not the token, not the task', async () => {
    expect(JSON.parse(readFileSync(join(home, 'config', 'lich', 'runtime.json'), 'utf8')), 'the dead lich’s record is still there').toMatchObject({ pid: deadPid, port });
    for (const args of [['sessions'], ['sessions', '--json'], ['send', 'docs', 'the secret task'], ['wait'], ['open', '--kind', 'shell']]) {
      const r = await runLich(args, outside());
      expect({ args, code: r.code, stdout: r.stdout, stderr: r.stderr }).toEqual({ args, code: 1, stdout: '', stderr: NO_LICH });
    }
    expect(seen, 'the impostor was sent nothing').toEqual([]);
  });

  it('is no lich running for lich mcp’s tools either, with nothing sent', async () => {
    const mcp = startMcp({ XDG_CONFIG_HOME: join(home, 'config'), HOME: home });
    try {
      mcp.send(MCP_INITIALIZE);
      await mcp.next();
      mcp.send({ jsonrpc: '2.0', method: 'notifications/initialized' });
      mcp.send({ jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'send_to_session', arguments: { session: 'docs', prompt: 'the secret task' } } });
      const r = await mcp.next();
      expect(r.result.isError).toBe(true);
      expect(r.result.content[0].text).toMatch(/^no lich is running/);
    } finally {
      mcp.child.kill();
    }
    expect(seen).toEqual([]);
  });

  it('is no lich running when the recorded pid now belongs to another live process', async () => {
    sleeper = spawn('sleep', ['60'], { stdio: 'ignore' });
    await until(() => sleeper!.pid !== undefined, 'the sleeper');
    const file = join(home, 'config', 'lich', 'runtime.json');
    const record = JSON.parse(readFileSync(file, 'utf8'));
    const { mtime } = statSync(file);
    writeFileSync(file, JSON.stringify({ ...record, pid: sleeper.pid }));
    // As a record the dead lich wrote a while before the process now holding its pid started (the
    // kernel's boot time, which the comparison goes through, is whole seconds).
    const before = new Date(mtime.getTime() - 10_000);
    utimesSync(file, before, before);
    try {
      const r = await runLich(['send', 'docs', 'the secret task'], outside());
      expect([r.code, r.stderr]).toEqual([1, NO_LICH]);
    } finally {
      writeFileSync(file, JSON.stringify(record));
    }
    expect(seen).toEqual([]);
  });

  it('is no lich running for a session’s own commands and its plugins’ reports, whose LICH_PID names the dead lich', async () => {
    const session = { LICH_PORT: String(port), LICH_TOKEN: token, LICH_SESSION_ID: 'a'.repeat(32), LICH_PID: String(deadPid) };
    const r = await runLich(['sessions'], { env: { ...session, HOME: home } });
    expect([r.code, r.stderr]).toEqual([1, NO_LICH]);
    // Core's plugin link (the opencode plugin, the omp extension).
    const ep = pluginEndpoint(session, '0.20.0')!;
    try {
      expect(await reportState(ep, { state: 'busy' })).toEqual({ ok: false, reason: 'reach lich: no lich is running — open lich, or run this inside one of its sessions' });
    } finally {
      ep.agent.destroy();
    }
    // lich's Claude Code hook script, as Claude Code runs it on a hook.
    const hook = spawn(process.execPath, [join(ROOT, 'packages/cli/dist/claude/lich/hooks/report.cjs')], { env: { ...baseEnv(), ...session }, stdio: ['pipe', 'ignore', 'pipe'] });
    hook.stdin!.end(JSON.stringify({ hook_event_name: 'UserPromptSubmit', session_id: 'conv-1', cwd: home, prompt: 'hi' }));
    expect(await new Promise((resolve) => hook.once('exit', resolve))).toBe(0);
    expect(seen).toEqual([]);
  });
});
