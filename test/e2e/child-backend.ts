/**
 * A backend in a process of its own: `lich --no-window` from the built CLI, on temporary XDG
 * directories, exactly as `lich native` starts it. What the in-process `Backend` of harness.ts
 * cannot show needs this one: its own argv and log file (`<config>/lich.log`), its stdout and
 * stderr, and a `kill -9` of the whole backend.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { alive, baseEnv, LICH_JS, sleep, startLich, until, type ProviderEntry, type Run, type RunOptions } from './harness.js';

export interface ChildBackend {
  /** Holds `config/` (XDG_CONFIG_HOME) and `data/` (XDG_DATA_HOME). */
  home: string;
  /** The lich config directory: runtime.json, providers.json, lich.log. */
  configDir: string;
  /** The lich data directory: lich.db, lich.lock. */
  dataDir: string;
  child: ChildProcess;
  pid: number;
  port: number;
  token: string;
  /** Resolves with the exit code (null: a signal) once the process has ended. */
  exited: Promise<number | null>;
  stdout(): string;
  stderr(): string;
  /** `lich …args` from a shell outside lich: it finds this backend through runtime.json. */
  lich(args: string[], o?: RunOptions): Promise<Run>;
  /** `lich`, with its process at hand (harness.ts `startLich`). */
  startLich(args: string[], o?: RunOptions): { child: ChildProcess; done: Promise<Run> };
  /** `lich quit`, then waits for the process to end (SIGKILL after 15 s). */
  quit(): Promise<void>;
}

/** A TCP port nothing listens on right now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
}

/**
 * Starts `lich --no-window` with `XDG_CONFIG_HOME=<home>/config`, `XDG_DATA_HOME=<home>/data`,
 * `HOME=<home>` and `LICH_LISTEN_PORT=<port>` (0 when omitted), writing `providers` to
 * providers.json first. Resolves once runtime.json names this process and its port.
 * @throws when it exits or has not recorded itself within 20 s (its stderr in the message).
 */
export async function startChildBackend(
  home: string,
  o: { providers?: Record<string, ProviderEntry>; port?: number; env?: Record<string, string> } = {},
): Promise<ChildBackend> {
  const configDir = join(home, 'config', 'lich');
  const dataDir = join(home, 'data', 'lich');
  mkdirSync(configDir, { recursive: true });
  if (o.providers) writeFileSync(join(configDir, 'providers.json'), JSON.stringify({ providers: o.providers }));
  const env = {
    ...baseEnv(),
    HOME: home,
    XDG_CONFIG_HOME: join(home, 'config'),
    XDG_DATA_HOME: join(home, 'data'),
    LICH_LISTEN_PORT: String(o.port ?? 0),
    ...o.env,
  };
  const child = spawn(process.execPath, [LICH_JS, '--no-window'], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout!.on('data', (d) => (stdout += d));
  child.stderr!.on('data', (d) => (stderr += d));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  let ended = false;
  void exited.then(() => (ended = true));
  const runtime = join(configDir, 'runtime.json');
  let info: { pid: number; port: number; token: string } | undefined;
  await until(
    () => {
      if (ended) throw new Error(`lich --no-window exited: ${stderr.trim()}`);
      try {
        const read = JSON.parse(readFileSync(runtime, 'utf8'));
        if (read.pid === child.pid) info = read;
      } catch {
        // Not written yet (it is renamed into place, never seen half-written).
      }
      return info !== undefined;
    },
    'lich --no-window to record itself',
    20_000,
  );
  const start = (args: string[], ro: RunOptions = {}) =>
    startLich(args, { ...ro, env: { HOME: home, XDG_CONFIG_HOME: join(home, 'config'), XDG_DATA_HOME: join(home, 'data'), ...ro.env } });
  const lich = (args: string[], ro: RunOptions = {}) => start(args, ro).done;
  return {
    home,
    configDir,
    dataDir,
    child,
    pid: child.pid!,
    port: info!.port,
    token: info!.token,
    exited,
    stdout: () => stdout,
    stderr: () => stderr,
    lich,
    startLich: start,
    async quit() {
      if (!ended) await lich(['quit'], { timeoutMs: 20_000 });
      const gone = await Promise.race([exited.then(() => true), sleep(15_000).then(() => false)]);
      if (!gone) {
        child.kill('SIGKILL');
        await exited;
      }
    },
  };
}

/** Every live descendant of `pid`, found through /proc (children of children included). */
export function descendants(pid: number): number[] {
  const parentOf = new Map<number, number>();
  for (const d of readdirSync('/proc')) {
    if (!/^\d+$/.test(d)) continue;
    try {
      const stat = readFileSync(`/proc/${d}/stat`, 'utf8');
      parentOf.set(Number(d), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]));
    } catch {
      // Gone while we looked.
    }
  }
  const out: number[] = [];
  const want = new Set([pid]);
  for (let grew = true; grew; ) {
    grew = false;
    for (const [p, pp] of parentOf) {
      if (want.has(pp) && !want.has(p)) {
        want.add(p);
        out.push(p);
        grew = true;
      }
    }
  }
  return out;
}

/** `/proc/<pid>/cmdline` as its argv; null for a process gone meanwhile. */
export function argvOf(pid: number): string[] | null {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').slice(0, -1);
  } catch {
    return null;
  }
}

/** `/proc/<pid>/environ` as text (NUL-separated); null for a process gone meanwhile. */
export function environOf(pid: number): string | null {
  try {
    return readFileSync(`/proc/${pid}/environ`, 'utf8');
  } catch {
    return null;
  }
}

/** SIGKILLs every pid of `pids` still alive (what a test left behind). */
export function killAll(pids: number[]): void {
  for (const p of pids) {
    if (!alive(p)) continue;
    try {
      process.kill(p, 'SIGKILL');
    } catch {
      // Ended meanwhile.
    }
  }
}

/** `lich mcp` run as a child by a test playing its MCP client. */
export interface McpChild {
  child: ChildProcess;
  /** Writes one message as a line. */
  send(m: object): void;
  /** Resolves the next reply line, parsed (15 s at most). */
  next(): Promise<any>;
  /** The reply lines read and not yet taken by `next`. */
  unread(): string[];
  stderr(): string;
  /** Resolves with the exit code (null: killed by a signal). */
  exited: Promise<number | null>;
}

/** Starts the built `lich mcp` with `env` on top of a clean environment (no LICH_* of this process). */
export function startMcp(env: Record<string, string>): McpChild {
  const child = spawn(process.execPath, [LICH_JS, 'mcp'], { env: { ...baseEnv(), ...env }, stdio: ['pipe', 'pipe', 'pipe'] });
  let buf = '';
  let stderr = '';
  const lines: string[] = [];
  child.stdout!.on('data', (d) => {
    buf += d;
    for (let nl = buf.indexOf('\n'); nl >= 0; nl = buf.indexOf('\n')) {
      lines.push(buf.slice(0, nl));
      buf = buf.slice(nl + 1);
    }
  });
  child.stderr!.on('data', (d) => (stderr += d));
  // A client that closed its end: nothing more reaches the child, and that is no test failure.
  child.stdin!.on('error', () => {});
  child.stdout!.on('error', () => {});
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return {
    child,
    send: (m) => child.stdin!.write(`${JSON.stringify(m)}\n`),
    next: async () => {
      await until(() => lines.length > 0, 'a reply from lich mcp');
      return JSON.parse(lines.shift()!);
    },
    unread: () => [...lines],
    stderr: () => stderr,
    exited,
  };
}

/** The `initialize` request an MCP client opens with (id 1). */
export const MCP_INITIALIZE = {
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'e2e', version: '1' } },
};
