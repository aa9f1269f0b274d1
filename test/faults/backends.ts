/**
 * Backends for the fault suite: `lich --no-window` as a child process (test/e2e/child-backend.ts)
 * or in this process (test/e2e/harness.ts `Backend`), each started with `LICH_FAULT_MARK` and its
 * own `TMPDIR` in its environment, so every process it starts is found again by the mark
 * (kit.ts `marked`) and every temporary file it leaves is in one directory.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, readlinkSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startChildBackend, type ChildBackend } from '../e2e/child-backend.js';
import { alive, Backend, until, type BackendOptions, type ProviderEntry } from '../e2e/harness.js';
import { MARK, marked, newMark, tmpUnder, type Scope } from './kit.js';

/** One test file's backends and what they started: all of it ended by `cleanup`, whatever the cases did. */
export class Backends {
  private readonly children: ChildBackend[] = [];
  private readonly inProcess: Backend[] = [];
  private readonly marks: string[] = [];
  private readonly homes: string[] = [];

  /** A fresh home directory for a case (removed by `cleanup`). */
  home(prefix = 'lich-faults-'): string {
    const h = mkdtempSync(join(tmpdir(), prefix));
    this.homes.push(h);
    return h;
  }

  /** A new mark for processes a case starts itself: `cleanup` ends whatever carries it, however the case ended. */
  mark(): string {
    const mark = newMark();
    this.marks.push(mark);
    return mark;
  }

  /**
   * `lich --no-window` in `home` (config/, data/, tmp/ under it), marked with `mark` (a new one
   * when omitted: a restart on the same home passes the first one's, so one scope covers both).
   */
  async child(
    home: string,
    o: { mark?: string; port?: number; providers?: Record<string, ProviderEntry>; env?: Record<string, string> } = {},
  ): Promise<{ b: ChildBackend; scope: Scope }> {
    const mark = o.mark ?? newMark();
    this.marks.push(mark);
    const tmp = tmpUnder(home);
    const b = await startChildBackend(home, { port: o.port, providers: o.providers, env: { [MARK]: mark, TMPDIR: tmp, ...o.env } });
    this.children.push(b);
    return { b, scope: { mark, tmp, dataDir: b.dataDir, repos: [], backendPid: () => (alive(b.pid) ? b.pid : undefined) } };
  }

  /** A backend in this process (harness.ts), marked; its sessions' PTY masters are this process's. */
  async inside(o: BackendOptions = {}): Promise<{ b: Backend; scope: Scope }> {
    const mark = newMark();
    this.marks.push(mark);
    let tmp = '';
    const b = await Backend.start({
      ...o,
      env: (paths) => {
        tmp = tmpUnder(paths.home);
        return { [MARK]: mark, TMPDIR: tmp, ...o.env?.(paths) };
      },
    });
    this.inProcess.push(b);
    return { b, scope: { mark, tmp, dataDir: join(b.home, 'data', 'lich'), repos: [], backendPid: () => process.pid } };
  }

  /** Quits every backend, SIGKILLs whatever any of them left running, unmounts the tmpfs mounted, removes the homes. */
  async cleanup(): Promise<void> {
    for (const b of this.children.splice(0)) await b.quit();
    for (const b of this.inProcess.splice(0)) await b.close();
    for (const mark of this.marks.splice(0)) signalAll([...marked(mark).keys()], 'SIGKILL');
    unmountAll();
    for (const h of this.homes.splice(0)) rmSync(h, { recursive: true, force: true });
  }
}

/** Resolves once `file` exists (a script under test touched it). */
export function appeared(file: string, what: string, ms = 30_000): Promise<void> {
  return until(() => {
    try {
      readFileSync(file);
      return true;
    } catch {
      return false;
    }
  }, what, ms);
}

/**
 * How many connections to `port` on loopback hold bytes nobody has read yet (the local side on
 * `port`, ESTABLISHED, a non-zero receive queue): a request sitting in a stopped backend's socket.
 */
export function unreadRequests(port: number): number {
  return tcpEntries().filter((e) => e.localPort === port && e.established && e.rx > 0).length;
}

/** One line of /proc/net/tcp: the local and remote ports, the state, the queues and the socket's inode. */
interface TcpEntry {
  localPort: number;
  remotePort: number;
  established: boolean;
  tx: number;
  rx: number;
  inode: string;
}

function tcpEntries(): TcpEntry[] {
  const out: TcpEntry[] = [];
  for (const file of ['/proc/net/tcp', '/proc/net/tcp6']) {
    let text = '';
    try {
      text = readFileSync(file, 'utf8');
    } catch {
      continue;
    }
    for (const line of text.split('\n').slice(1)) {
      const f = line.trim().split(/\s+/);
      if (f.length < 10) continue;
      const [tx, rx] = f[4]!.split(':').map((h) => parseInt(h, 16));
      out.push({
        localPort: parseInt(f[1]!.split(':').pop()!, 16),
        remotePort: parseInt(f[2]!.split(':').pop()!, 16),
        established: f[3] === '01',
        tx: tx!,
        rx: rx!,
        inode: f[9]!,
      });
    }
  }
  return out;
}

/**
 * Whether process `pid` has a connection open to `port` whose request the other end has read:
 * nothing left in its own send queue, nothing unread in the listener's receive queue — a command
 * holding the line, as opposed to one whose request is still on its way.
 */
export function requestRead(pid: number, port: number): boolean {
  const inodes = new Set<string>();
  try {
    for (const fd of readdirSync(`/proc/${pid}/fd`)) {
      try {
        const m = /^socket:\[(\d+)\]$/.exec(readlinkSync(`/proc/${pid}/fd/${fd}`));
        if (m) inodes.add(m[1]!);
      } catch {
        // Closed meanwhile.
      }
    }
  } catch {
    return false;
  }
  const all = tcpEntries();
  return all.some(
    (c) =>
      inodes.has(c.inode) &&
      c.remotePort === port &&
      c.established &&
      c.tx === 0 &&
      all.some((s) => s.localPort === port && s.remotePort === c.localPort && s.established && s.rx === 0),
  );
}

/** `mount …args` as root, or through `sudo -n` for a user who may (the fault suite mounts tmpfs). */
function mount(cmd: 'mount' | 'umount', args: string[]): void {
  const asRoot = process.getuid?.() === 0;
  const r = spawnSync(asRoot ? cmd : 'sudo', asRoot ? args : ['-n', cmd, ...args], { encoding: 'utf8' });
  if (r.status !== 0) {
    throw new Error(`${cmd} ${args.join(' ')}: ${(r.stderr || r.error?.message || '').trim()} — the fault suite mounts a small tmpfs for its disk cases: run it as root, or where sudo needs no password`);
  }
}

/** Mounts a tmpfs of `size` (`8m`) at `dir` (made first); `unmountAll` takes it down. */
export function mountTmpfs(dir: string, size: string): void {
  mkdirSync(dir, { recursive: true });
  mount('mount', ['-t', 'tmpfs', '-o', `size=${size},mode=0755`, 'tmpfs', dir]);
  mounted.push(dir);
}

/** Makes the tmpfs at `dir` read-only (nothing may hold a file open for writing on it). */
export function remountReadOnly(dir: string): void {
  mount('mount', ['-o', 'remount,ro', dir]);
}

const mounted: string[] = [];

/** Unmounts every tmpfs `mountTmpfs` mounted, newest first. */
export function unmountAll(): void {
  for (const dir of mounted.splice(0).reverse()) mount('umount', [dir]);
}

/** Sends `signal` to each of `pids` still running (one that ended meanwhile is skipped). */
export function signalAll(pids: number[], signal: NodeJS.Signals): void {
  for (const p of pids) {
    try {
      process.kill(p, signal);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'ESRCH') throw err;
    }
  }
}
