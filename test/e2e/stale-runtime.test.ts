/**
 * Coordinates that point at a port nothing listens on (issue 22): a runtime file whose recorded
 * pid is alive and looks like the lich that wrote it (its pid handed to an older process, a file
 * whose time moved later — a restore, a copy), or a `LICH_PORT` set to a closed port. The
 * connection is refused, nothing is sent, and the command said Go's dial error — `reach lich:
 * Post …: dial tcp 127.0.0.1:<p>: connect: connection refused` — where spec/cli.md § Transport
 * says `no lich is running — …`, or, when a lich does run on another port, says that.
 *
 * Real processes and ports: a live `sleep` whose pid the record names, a port just closed, a
 * `lich --no-window` child for the lich that does run, the built CLI and `lich mcp`. And a record
 * naming a pid that is gone: `lich mcp` says the file it found names a lich no longer running,
 * not where it looked (that is for a file it did not find).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, MCP_INITIALIZE, startChildBackend, startMcp } from './child-backend.js';
import { runLich, until } from './harness.js';

const NO_LICH = 'lich: no lich is running — open lich, or run this inside one of its sessions\n';

let home: string;
let closed: number;
let older: ChildProcess;

beforeAll(async () => {
  home = mkdtempSync(join(tmpdir(), 'lich-stale-runtime-'));
  closed = await freePort();
  // A live process started before the record below was written: the pid check cannot tell it
  // from the lich that wrote it, and its "port" is closed.
  older = spawn('sleep', ['120'], { stdio: 'ignore' });
  await until(() => older.pid !== undefined, 'the older process');
  mkdirSync(join(home, 'config', 'lich'), { recursive: true });
  const file = join(home, 'config', 'lich', 'runtime.json');
  writeFileSync(file, JSON.stringify({ pid: older.pid, port: closed, token: 'f'.repeat(32) }), { mode: 0o600 });
  const later = new Date(Date.now() + 5_000);
  utimesSync(file, later, later);
});

afterAll(() => {
  older?.kill('SIGKILL');
  rmSync(home, { recursive: true, force: true });
});

const outside = () => ({ configHome: join(home, 'config'), env: { HOME: home, XDG_DATA_HOME: join(home, 'data') } });

describe('a runtime file whose pid is alive but whose port is closed', () => {
  it('is no lich running for every command, not a dial error', async () => {
    for (const args of [['sessions'], ['send', 'docs', 'a task'], ['wait', 'a1b2c3d4'], ['quit'], ['worktrees', '--project', home]]) {
      const r = await runLich(args, outside());
      expect({ args, code: r.code, stdout: r.stdout, stderr: r.stderr }).toEqual({ args, code: 1, stdout: '', stderr: NO_LICH });
    }
  });

  it('is no lich running for lich mcp’s tools, in its own words', async () => {
    const mcp = startMcp({ XDG_CONFIG_HOME: join(home, 'config'), HOME: home });
    try {
      mcp.send(MCP_INITIALIZE);
      await mcp.next();
      mcp.send({ jsonrpc: '2.0', method: 'notifications/initialized' });
      mcp.send({ jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'list_sessions', arguments: {} } });
      const r = await mcp.next();
      expect(r.result.isError).toBe(true);
      // It found the file: it says what is true of it, not where it looked.
      expect(r.result.content[0].text).toBe(
        `no lich is running — open lich, or run this inside one of its sessions. lich mcp found the runtime file ${join(home, 'config', 'lich', 'runtime.json')}, but nothing listens on the port it records (${closed}): the lich it names has ended, or is ending`,
      );
    } finally {
      mcp.child.kill();
    }
  });
});

describe('a runtime file naming a lich that is gone', () => {
  it('is, for lich mcp’s tools, a file found whose lich is no longer running', async () => {
    const stale = mkdtempSync(join(tmpdir(), 'lich-stale-dead-'));
    try {
      const dead = spawn(process.execPath, ['-e', '0'], { stdio: 'ignore' });
      await new Promise((resolve) => dead.once('exit', resolve));
      const file = join(stale, 'config', 'lich', 'runtime.json');
      mkdirSync(join(stale, 'config', 'lich'), { recursive: true });
      writeFileSync(file, JSON.stringify({ pid: dead.pid, port: closed, token: 'f'.repeat(32) }), { mode: 0o600 });
      const r = await runLich(['sessions'], { configHome: join(stale, 'config'), env: { HOME: stale } });
      expect([r.code, r.stdout, r.stderr]).toEqual([1, '', NO_LICH]);
      const mcp = startMcp({ XDG_CONFIG_HOME: join(stale, 'config'), HOME: stale });
      try {
        mcp.send(MCP_INITIALIZE);
        await mcp.next();
        mcp.send({ jsonrpc: '2.0', method: 'notifications/initialized' });
        mcp.send({ jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'list_sessions', arguments: {} } });
        const reply = await mcp.next();
        expect(reply.result.isError).toBe(true);
        expect(reply.result.content[0].text).toBe(
          `no lich is running — open lich, or run this inside one of its sessions. lich mcp found the runtime file ${file}, but the lich it records (pid ${dead.pid}) is no longer running: it ended without removing the file`,
        );
      } finally {
        mcp.child.kill();
        await mcp.exited;
      }
    } finally {
      rmSync(stale, { recursive: true, force: true });
    }
  });
});

describe('LICH_PORT set to a closed port', () => {
  it('is no lich running when none is recorded either', async () => {
    const empty = mkdtempSync(join(tmpdir(), 'lich-stale-env-'));
    try {
      const r = await runLich(['sessions'], { port: closed, token: 't'.repeat(32), configHome: join(empty, 'config'), env: { HOME: empty } });
      expect([r.code, r.stdout, r.stderr]).toEqual([1, '', NO_LICH]);
    } finally {
      rmSync(empty, { recursive: true, force: true });
    }
  });

  it('names the port the running lich listens on when one runs elsewhere', async () => {
    const other = mkdtempSync(join(tmpdir(), 'lich-stale-running-'));
    const b = await startChildBackend(other);
    try {
      const r = await b.lich(['sessions'], { port: closed, token: 't'.repeat(32) });
      expect([r.code, r.stdout, r.stderr]).toEqual([
        1,
        '',
        `lich: no lich listens on port ${closed}, which LICH_PORT names; the lich running on this machine listens on port ${b.port} — run this from one of its sessions, or without LICH_PORT and LICH_TOKEN\n`,
      ]);
    } finally {
      await b.quit();
      rmSync(other, { recursive: true, force: true });
    }
  });
});
