/**
 * A dead lich's coordinates (issue 22, item 1; the fault suite): a runtime file naming a pid that
 * is gone, or one another process now holds, and any plain HTTP server listening on the dead
 * lich's port, which would have been sent the real token in a query string — and for `send`, the
 * task. Every client of the wire checks first that the process its coordinates name is still the
 * lich that recorded them (core's lich-process.ts), and says no lich is running.
 *
 * Everything is real: a `lich --no-window` process killed with SIGKILL, an impostor listening on
 * its port, the built CLI, `lich mcp`, lich's Claude Code hook script and core's plugin link, run
 * as a user or a plugin would. And a lich killed under a parent that never reaps it: a zombie,
 * which a signal 0 still reaches, with its /proc entry and start time still there.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isLich, procStat, writtenAt } from '@lich/core/lich-process';
import { becameZombie, underNonReapingParent } from '@lich/core/testing/zombie';
import { pluginEndpoint, reportState } from '@lich/core/mod';
import { MCP_INITIALIZE, startMcp } from '../e2e/child-backend.js';
import { alive, baseEnv, LICH_JS, ROOT, runLich, until, type Run } from '../e2e/harness.js';
import { Backends } from './backends.js';
import { CASES } from './cases.js';
import { fault, MARK, tmpUnder, type Errands, type Scope } from './kit.js';

const NO_LICH = 'lich: no lich is running — open lich, or run this inside one of its sessions\n';

const backends = new Backends();
let home: string;
let scope: Scope;
let port: number;
let token: string;
let deadPid: number;
let impostor: Server | undefined;
/** What the impostor was sent: method, URL (with its query) and body. */
const seen: Array<{ method: string; url: string; body: string }> = [];
/** Connections anything made to the dead lich's port, HTTP or not. */
let connections = 0;
let sleeper: ChildProcess | undefined;

beforeAll(async () => {
  home = backends.home('lich-impostor-');
  const started = await backends.child(home);
  ({ port, token } = started.b);
  scope = started.scope;
  deadPid = started.b.pid;
  expect(isLich(deadPid, writtenAt(join(home, 'config', 'lich', 'runtime.json'))), 'a live lich is the lich its record names').toBe(true);
  process.kill(deadPid, 'SIGKILL');
  await started.b.exited;
});

afterAll(async () => {
  sleeper?.kill('SIGKILL');
  await new Promise((resolve) => (impostor ? impostor.close(resolve) : resolve(undefined)));
  await backends.cleanup();
});

/** Any plain HTTP server on the dead lich's port, answering everything as a server that does not know lich would. */
async function listenAsImpostor(): Promise<void> {
  impostor = createServer((req: IncomingMessage, res) => {
    let body = '';
    req.on('data', (d) => (body += d));
    req.on('end', () => {
      seen.push({ method: req.method ?? '', url: req.url ?? '', body });
      res.writeHead(501).end('Not Implemented');
    });
  });
  impostor.on('connection', () => connections++);
  await new Promise<void>((resolve) => impostor!.listen(port, '127.0.0.1', resolve));
}

const outside = () => ({ configHome: join(home, 'config'), env: { HOME: home, XDG_DATA_HOME: join(home, 'data') } });

/** `lich send <target> <task>` from outside lich, counted as an errand that must end refused. */
async function refusedSend(errands: Errands, extra: Partial<Parameters<typeof runLich>[1]> = {}): Promise<Run> {
  const e = errands.errand();
  const r = await runLich(['send', 'docs', `the secret task: ${e.prompt}`], { ...outside(), ...extra });
  errands.read(e, r, 'docs', { token });
  return r;
}

describe('a dead lich’s coordinates', () => {
  it(
    CASES.deadPid.fault,
    fault(CASES.deadPid, async (k) => {
      k.within(scope, { fresh: true });
      // The dead lich's record, with nothing on its port: refused at once, no connection tried.
      expect(JSON.parse(readFileSync(join(home, 'config', 'lich', 'runtime.json'), 'utf8')), 'the dead lich’s record is still there').toMatchObject({ pid: deadPid, port });
      for (const args of [['sessions'], ['sessions', '--json'], ['wait'], ['open', '--kind', 'shell']]) {
        const r = await runLich(args, outside());
        expect({ args, code: r.code, stdout: r.stdout, stderr: r.stderr }).toEqual({ args, code: 1, stdout: '', stderr: NO_LICH });
      }
      expect(await refusedSend(k.errands)).toEqual({ code: 1, stdout: '', stderr: NO_LICH });

      // The recorded pid now belongs to another live process: still no lich, still nothing sent.
      await listenAsImpostor();
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
        expect(await refusedSend(k.errands)).toEqual({ code: 1, stdout: '', stderr: NO_LICH });
      } finally {
        writeFileSync(file, JSON.stringify(record));
      }
      expect({ seen, connections }).toEqual({ seen: [], connections: 0 });
    }),
  );

  it(
    CASES.impostor.fault,
    fault(CASES.impostor, async (k) => {
      k.within(scope, { fresh: true });
      if (!impostor) await listenAsImpostor();
      // The CLI, from outside lich.
      for (const args of [['sessions'], ['sessions', '--json'], ['wait'], ['open', '--kind', 'shell']]) {
        const r = await runLich(args, outside());
        expect({ args, code: r.code, stdout: r.stdout, stderr: r.stderr }).toEqual({ args, code: 1, stdout: '', stderr: NO_LICH });
      }
      expect(await refusedSend(k.errands)).toEqual({ code: 1, stdout: '', stderr: NO_LICH });

      // lich mcp's tools.
      const mcp = startMcp({ XDG_CONFIG_HOME: join(home, 'config'), HOME: home });
      try {
        mcp.send(MCP_INITIALIZE);
        await mcp.next();
        mcp.send({ jsonrpc: '2.0', method: 'notifications/initialized' });
        const e = k.errands.errand();
        mcp.send({ jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'send_to_session', arguments: { session: 'docs', prompt: e.prompt } } });
        const r = await mcp.next();
        expect(r.result.isError).toBe(true);
        expect(r.result.content[0].text).toMatch(/^no lich is running/);
        k.errands.ended(e, { status: 'failed', line: r.result.content[0].text });
      } finally {
        mcp.child.kill();
        await mcp.exited;
      }

      // A session's own commands and its plugins' reports, whose LICH_PID names the dead lich.
      const session = { LICH_PORT: String(port), LICH_TOKEN: token, LICH_SESSION_ID: 'a'.repeat(32), LICH_PID: String(deadPid) };
      expect(await refusedSend(k.errands, { env: { ...session, HOME: home } })).toEqual({ code: 1, stdout: '', stderr: NO_LICH });
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

      expect({ seen, connections }, 'the impostor was sent nothing, not even a connection').toEqual({ seen: [], connections: 0 });
    }),
  );
});

/** A plain HTTP server on `port` answering 501 to everything, and what it was sent. */
async function impostorOn(port: number): Promise<{ seen: typeof seen; connections: () => number; close: () => Promise<void> }> {
  const got: typeof seen = [];
  let n = 0;
  const server = createServer((req: IncomingMessage, res) => {
    let body = '';
    req.on('data', (d) => (body += d));
    req.on('end', () => {
      got.push({ method: req.method ?? '', url: req.url ?? '', body });
      res.writeHead(501).end('Not Implemented');
    });
  });
  server.on('connection', () => n++);
  // The dead lich's main thread is a zombie before its last thread has exited and let its sockets
  // go: its port is free a moment later.
  const end = Date.now() + 10_000;
  for (;;) {
    const error = await new Promise<NodeJS.ErrnoException | undefined>((resolve) => {
      server.once('error', resolve);
      server.listen(port, '127.0.0.1', () => {
        server.off('error', resolve);
        resolve(undefined);
      });
    });
    if (error === undefined) break;
    if (error.code !== 'EADDRINUSE' || Date.now() > end) throw error;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return {
    seen: got,
    connections: () => n,
    close: () => {
      // A failed case may leave a client's keep-alive socket open: close waits for none.
      server.closeAllConnections();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}

describe('a dead lich its parent has not reaped', () => {
  it(
    CASES.zombie.fault,
    fault(CASES.zombie, async (k) => {
      const zhome = backends.home('lich-zombie-');
      const mark = backends.mark();
      const tmp = tmpUnder(zhome);
      const file = join(zhome, 'config', 'lich', 'runtime.json');
      const where = { HOME: zhome, XDG_CONFIG_HOME: join(zhome, 'config'), XDG_DATA_HOME: join(zhome, 'data') };
      // `lich --no-window` as the child of a parent that never waits for it.
      const z = await underNonReapingParent([process.execPath, LICH_JS, '--no-window'], {
        env: { ...baseEnv(), ...where, LICH_LISTEN_PORT: '0', [MARK]: mark, TMPDIR: tmp },
        out: join(zhome, 'backend.out'),
      });
      try {
        let rec: { pid: number; port: number; token: string } | undefined;
        await until(
          () => {
            try {
              const read = JSON.parse(readFileSync(file, 'utf8'));
              if (read.pid === z.pid) rec = read;
            } catch {
              // Not written yet.
            }
            return rec !== undefined;
          },
          'the backend to record itself',
          20_000,
        );
        k.within({ mark, tmp, dataDir: join(zhome, 'data', 'lich'), repos: [], backendPid: () => (alive(z.pid) ? z.pid : undefined) }, { fresh: true });
        process.kill(z.pid, 'SIGKILL');
        await becameZombie(z.pid);
        expect(() => process.kill(z.pid, 0), 'a signal 0 still reaches it').not.toThrow();
        const imp = await impostorOn(rec!.port);
        try {
          const outside = { configHome: join(zhome, 'config'), env: { HOME: zhome, XDG_DATA_HOME: join(zhome, 'data') } };
          for (const args of [['sessions'], ['sessions', '--json'], ['wait'], ['open', '--kind', 'shell']]) {
            const r = await runLich(args, outside);
            expect({ args, code: r.code, stdout: r.stdout, stderr: r.stderr }).toEqual({ args, code: 1, stdout: '', stderr: NO_LICH });
          }
          const send = async (extra: Partial<Parameters<typeof runLich>[1]>) => {
            const e = k.errands.errand();
            const r = await runLich(['send', 'docs', `the secret task: ${e.prompt}`], extra);
            k.errands.read(e, r, 'docs', { token: rec!.token });
            return r;
          };
          expect(await send(outside)).toEqual({ code: 1, stdout: '', stderr: NO_LICH });

          // lich mcp: it found the runtime file, whose lich is no longer running.
          const mcp = startMcp({ XDG_CONFIG_HOME: join(zhome, 'config'), HOME: zhome });
          try {
            mcp.send(MCP_INITIALIZE);
            await mcp.next();
            mcp.send({ jsonrpc: '2.0', method: 'notifications/initialized' });
            const e = k.errands.errand();
            mcp.send({ jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'send_to_session', arguments: { session: 'docs', prompt: e.prompt } } });
            const r = await mcp.next();
            expect(r.result.isError).toBe(true);
            expect(r.result.content[0].text).toBe(
              `no lich is running — open lich, or run this inside one of its sessions. lich mcp found the runtime file ${file}, but the lich it records (pid ${z.pid}) is no longer running: it ended without removing the file`,
            );
            k.errands.ended(e, { status: 'failed', line: r.result.content[0].text });
          } finally {
            mcp.child.kill();
            await mcp.exited;
          }

          // A session of the dead lich, confined (its /proc entry bound in as LICH_PROC) or not, and its plugin link.
          const session = { LICH_PORT: String(rec!.port), LICH_TOKEN: rec!.token, LICH_SESSION_ID: 'b'.repeat(32), LICH_PID: String(z.pid) };
          expect(await send({ env: { ...session, HOME: zhome } })).toEqual({ code: 1, stdout: '', stderr: NO_LICH });
          expect(await send({ env: { ...session, LICH_PROC: `/proc/${z.pid}`, HOME: zhome } })).toEqual({ code: 1, stdout: '', stderr: NO_LICH });
          const ep = pluginEndpoint(session, '0.20.0')!;
          try {
            expect(await reportState(ep, { state: 'busy' })).toEqual({ ok: false, reason: 'reach lich: no lich is running — open lich, or run this inside one of its sessions' });
          } finally {
            ep.agent.destroy();
          }

          // Doctor does not take the zombie for the store's holder, and a new start takes the data directory at once.
          const doctor = await runLich(['doctor'], outside);
          expect(doctor.stdout).toMatch(/\n\s+ok\s+store\s/);
          const { b } = await backends.child(zhome, { mark });
          expect(procStat(z.pid)?.state, 'the dead lich is still a zombie').toBe('Z');
          expect((await b.lich(['sessions'])).code).toBe(0);
          await b.quit();

          expect({ seen: imp.seen, connections: imp.connections() }, 'the impostor was sent nothing, not even a connection').toEqual({ seen: [], connections: 0 });
        } finally {
          await imp.close();
        }
      } finally {
        z.release();
      }
    }),
  );
});
