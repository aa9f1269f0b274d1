/**
 * Whether the process a client's coordinates name is still the lich that wrote them — asked
 * before the token is sent anywhere (issue 22: a dead lich's port taken by any other program got
 * the real token in its query string, and for `send` the task's text).
 *
 * The coordinates name a process: the runtime file's `pid`, or a session's `LICH_PID` (the backend
 * that started it; in a confined session, seen at `LICH_PROC`). It must be alive — not a zombie,
 * which a signal 0 still reaches (`pidAlive`) — and it must be the process that recorded
 * them, not a later one that was handed the same pid: on Linux its start time (`/proc/<pid>/stat`)
 * must not be after the record — the runtime file's last write, or, for a session's variables, the start of the
 * process reading them, which that lich started. A process that is not there is no lich running,
 * and whatever listens on its port is sent nothing.
 *
 * Why not ask the kernel who holds the port: `/proc/net/tcp` walks the whole connection table,
 * measured at 4.3 ms a read on this project's 24 GB machines — a sixth of a command's start. The
 * start time costs two small reads. Where `/proc` is not there, only whether the process is alive
 * is known, and that much is still checked. A coordinate without a process (the original lich's
 * sessions, which set no `LICH_PID`) is taken as it is.
 */
import { readFileSync, statSync } from 'node:fs';

/** The spec's words when no lich can be reached (spec/cli.md § Transport; wire.md § 3). */
export const NO_LICH_RUNNING = 'no lich is running — open lich, or run this inside one of its sessions';

/** Clock ticks a second in `/proc/<pid>/stat` (`sysconf(_SC_CLK_TCK)`, 100 on every Linux lich runs on). */
const CLOCK_TICKS = 100;

/** One process as `/proc/<pid>/stat` shows it (proc(5)). */
export interface ProcStat {
  /** Field 1: its pid (as its own pid namespace numbers it, for an entry read there). */
  pid: number;
  /** Field 3: `R` running, `S` sleeping, `D` in I/O, `T`/`t` stopped, `Z` a zombie, `X` being reaped … */
  state: string;
  /** Field 4: its parent's pid. */
  ppid: number;
  /** Field 5: its process group's id. */
  pgrp: number;
  /** Field 22: when it started, in clock ticks since boot. */
  started: number;
}

/**
 * The process whose `/proc` entry is `/proc/<pid>` (`pid` a number or `'self'`) or the directory
 * `dir` (an entry bound elsewhere, a confined session's `LICH_PROC`); `undefined` when the entry
 * cannot be read (no `/proc`, or no such process — reaped). A zombie's entry still reads, with
 * its start time: {@link ended} tells it apart.
 */
export function procStat(entry: number | 'self' | { dir: string }): ProcStat | undefined {
  const dir = typeof entry === 'object' ? entry.dir : `/proc/${entry}`;
  try {
    const stat = readFileSync(`${dir}/stat`, 'utf8');
    // The command name is in parentheses and may hold spaces and parentheses: the fields count
    // from after the last `)`.
    const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const started = Number(f[19]);
    if (f[0] === undefined || !Number.isFinite(started)) return undefined;
    return { pid: Number.parseInt(stat, 10), state: f[0], ppid: Number(f[1]), pgrp: Number(f[2]), started };
  } catch {
    return undefined;
  }
}

/**
 * Whether the process `s` shows has ended: a zombie (`Z`, dead and not yet reaped by its parent —
 * one that never waits keeps it so for good, and pid 1 takes a second or more here) or one being
 * reaped (`X`). It runs nothing, listens on nothing and holds no lock; only its pid is taken.
 */
export function ended(s: ProcStat): boolean {
  return s.state === 'Z' || s.state === 'X';
}

/**
 * Whether process `pid` is a live process: there (signal 0; a process of another user counts,
 * EPERM) and, where `/proc` shows it, not a process that has {@link ended} — `kill(pid, 0)`
 * answers for a zombie too, and a dead lich left a zombie by a parent that does not reap it would
 * otherwise pass for a running one (issue 22: its port's impostor was sent the token). The one
 * liveness check of every package: the clients' coordinates, the backend's workspace lock,
 * doctor and rage.
 */
export function pidAlive(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  let theirs = false;
  try {
    process.kill(pid, 0);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EPERM') return false;
    theirs = true;
  }
  const s = procStat(pid);
  if (s !== undefined) return !ended(s);
  // No entry: reaped since the signal — unless there is no /proc to ask here, or it hides other
  // users' processes (hidepid), where the signal's word stands.
  return theirs || procStat('self') === undefined;
}

function startTicks(pid: number | 'self'): number | undefined {
  return procStat(pid)?.started;
}

/** The boot time in epoch ms (`/proc/stat` `btime`, whole seconds); `undefined` without it. */
function bootMs(): number | undefined {
  try {
    const m = /^btime (\d+)$/m.exec(readFileSync('/proc/stat', 'utf8'));
    return m ? Number(m[1]) * 1000 : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Whether process `pid` may be the lich that recorded coordinates at `recordedAt` (epoch ms; the
 * runtime file's mtime), or — `recordedAt` absent — that started the process calling this: alive
 * (`pidAlive`: a zombie is not), and not started after that moment. A start within 2 s after the file's write still counts (the
 * boot time is whole seconds); a recycled pid comes only after the pid space wrapped.
 *
 * `proc`, when given, is where the caller sees that lich's `/proc/<pid>` (a confined session's
 * `LICH_PROC`: its own `/proc` is a fresh pid namespace's, where the backend is not, and
 * sandbox/plan.ts binds the backend's entry in). A bound entry pins its process: it reads while
 * that lich lives, reads as a zombie from its death until it is reaped, and fails after that,
 * whatever process is handed the pid next.
 */
export function isLich(pid: number, recordedAt?: number, proc?: string): boolean {
  if (proc !== undefined) {
    const s = procStat({ dir: proc });
    return s !== undefined && s.pid === pid && !ended(s);
  }
  if (!pidAlive(pid)) return false;
  const started = startTicks(pid);
  if (started === undefined) return true;
  if (recordedAt === undefined) {
    const self = startTicks('self');
    return self === undefined || started <= self;
  }
  const boot = bootMs();
  return boot === undefined || boot + (started * 1000) / CLOCK_TICKS <= recordedAt + 2000;
}

/** When `file` was last written, in epoch ms; `undefined` when it cannot be told. */
export function writtenAt(file: string): number | undefined {
  try {
    return statSync(file).mtimeMs;
  } catch {
    return undefined;
  }
}

/**
 * The refusal of a plugin's report to the lich at `c` when the process its session's `LICH_PID`
 * names is gone or is not that lich (`reach lich: no lich is running — …`), or `undefined` when it
 * may be sent. Asked once per link: a plugin's process does not outlive its lich by much.
 */
export function listenerRefusal(c: { pid?: number; proc?: string }, seen: { ok?: boolean }): string | undefined {
  if (c.pid === undefined) return undefined;
  seen.ok ??= isLich(c.pid, undefined, c.proc);
  return seen.ok ? undefined : `reach lich: ${NO_LICH_RUNNING}`;
}

