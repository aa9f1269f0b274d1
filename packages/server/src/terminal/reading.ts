/**
 * Whether a session's program reads its terminal, read off the terminal and the session's
 * processes rather than off what it prints (terminal/readiness.ts, `ReadyRule.reads`;
 * docs/architecture.md § Readiness).
 *
 * A program that reads its terminal shows it in one of three ways, measured here on `sh -c 'sleep
 * 4; exec …'` in front of python's `input()`, the python REPL, node's readline, a node `data`
 * listener, `cat`, `bash -i` and the example agent:
 * - a process of the session is blocked reading the terminal (`cat`, python's `input()`): its
 *   thread's `/proc/<pid>/task/<tid>/syscall` is a read on a descriptor of the terminal;
 * - a process watches it for input in an epoll set (node, bun, every libuv or mio event loop):
 *   `/proc/<pid>/fdinfo/<epoll fd>` lists the terminal's descriptor with EPOLLIN;
 * - the terminal is out of cooked mode (`-icanon` or `-echo`, as `stty -F` reads it): every
 *   raw-mode TUI, GNU readline (the python REPL sits in `pselect6`, which says nothing by itself).
 * While the wrapper's `sleep` ran, none of these held; each came within the program's first read.
 *
 * Linux: the /proc half finds nothing elsewhere, and `stty` is GNU's (`-F`).
 */
import { execFile } from 'node:child_process';
import { readdirSync, readFileSync, readlinkSync, statSync } from 'node:fs';

/**
 * The waiting-for-any-descriptor system calls (poll, select, pselect6, ppoll; arm64 has only the
 * last two) by `process.arch`: a program in one of these may be waiting on its terminal without
 * saying which descriptors (the sets are in its memory), which only the terminal's mode can tell.
 */
const POLL_CALLS: Readonly<Record<string, readonly number[]>> = {
  x64: [7, 23, 270, 271],
  arm64: [72, 73],
};

/** The read-type system calls (read, pread64, readv, preadv, preadv2) by `process.arch`: the numbers `/proc/…/syscall` shows. */
const READ_CALLS: Readonly<Record<string, readonly number[]>> = {
  x64: [0, 17, 19, 295, 327],
  arm64: [63, 67, 65, 69, 286],
};

/** EPOLLIN in an epoll registration's event mask. */
const EPOLLIN = 0x1;

/** Most processes of a session looked at: a session's tree at its start is a wrapper and a program. */
const MOST_PROCESSES = 64;

/** The terminal's line discipline as `stty -F <pts> -a` reads it: canonical (`icanon`) and echoing (`echo`). */
export interface TerminalModes {
  canonical: boolean;
  echo: boolean;
}

/**
 * The modes of the terminal whose slave side is `pts` (`/dev/pts/<n>`): `undefined` when they
 * cannot be read (no such terminal, no `stty`, 2 s without an answer).
 */
export function terminalModes(pts: string): Promise<TerminalModes | undefined> {
  return new Promise((resolve) => {
    execFile('stty', ['-F', pts, '-a'], { timeout: 2_000 }, (err, stdout) => {
      if (err) return resolve(undefined);
      const flag = (name: string): boolean | undefined =>
        new RegExp(`(^|[\\s;])-${name}([\\s;]|$)`).test(stdout) ? false : new RegExp(`(^|[\\s;])${name}([\\s;]|$)`).test(stdout) ? true : undefined;
      const canonical = flag('icanon');
      const echo = flag('echo');
      resolve(canonical === undefined || echo === undefined ? undefined : { canonical, echo });
    });
  });
}

/**
 * Whether a process of the tree rooted at `pid` (the PTY's process and every descendant) reads the
 * terminal whose device number is `rdev`: a thread blocked in a read of it, or an epoll set
 * watching it for input. Never throws: what cannot be read (a process gone, /proc absent) counts
 * for nothing.
 */
export function blockedOnTerminal(pid: number, rdev: number, arch: string = process.arch): boolean {
  return lookAtTree(pid, rdev, arch) === 'reads';
}

/**
 * One look at the tree rooted at `pid`: `reads` as {@link blockedOnTerminal}; else `polls` when a
 * thread waits in poll or select (on what, /proc does not say); else `nothing` — a program asleep
 * (`sleep`), loading, computing.
 */
function lookAtTree(pid: number, rdev: number, arch: string): 'reads' | 'polls' | 'nothing' {
  const reads = READ_CALLS[arch] ?? [];
  const polls = POLL_CALLS[arch] ?? [];
  let polling = false;
  const isTerminal = (proc: number, fd: number): boolean => {
    try {
      return statSync(`/proc/${proc}/fd/${fd}`).rdev === rdev;
    } catch {
      return false;
    }
  };
  for (const proc of tree(pid)) {
    for (const task of list(`/proc/${proc}/task`)) {
      const call = read(`/proc/${proc}/task/${task}/syscall`).split(' ');
      if (call.length > 1 && reads.includes(Number(call[0])) && isTerminal(proc, parseInt(call[1]!, 16))) return 'reads';
      if (call.length > 1 && polls.includes(Number(call[0]))) polling = true;
    }
    for (const fd of list(`/proc/${proc}/fd`)) {
      let link = '';
      try {
        link = readlinkSync(`/proc/${proc}/fd/${fd}`);
      } catch {
        continue;
      }
      if (link !== 'anon_inode:[eventpoll]') continue;
      for (const m of read(`/proc/${proc}/fdinfo/${fd}`).matchAll(/tfd:\s*(\d+)\s+events:\s*([0-9a-f]+)/g)) {
        if ((parseInt(m[2]!, 16) & EPOLLIN) !== 0 && isTerminal(proc, Number(m[1]))) return 'reads';
      }
    }
  }
  return polling ? 'polls' : 'nothing';
}

/**
 * Whether the program in the PTY whose process is `pid` and whose slave side is `pts` shows it
 * reads its terminal ({@link blockedOnTerminal}, or the terminal out of cooked mode,
 * {@link terminalModes}). Resolves false when nothing can be read; never rejects.
 */
export async function readsTerminal(pid: number, pts: string): Promise<boolean> {
  let rdev: number;
  try {
    rdev = statSync(pts).rdev;
  } catch {
    return false;
  }
  const seen = lookAtTree(pid, rdev, process.arch);
  if (seen === 'reads') return true;
  // `stty` is a process of its own, ~5 ms: asked only of a program that waits in poll or select,
  // the one state the /proc look cannot settle (a readline REPL in pselect6). A program asleep
  // or loading is not asked — 64 sessions of one looked at 400 times a second took two cores.
  if (seen === 'nothing' && process.platform === 'linux') return false;
  const modes = await terminalModes(pts);
  return modes !== undefined && (!modes.canonical || !modes.echo);
}

/** `pid` and its descendants, breadth first, at most {@link MOST_PROCESSES}. */
function tree(pid: number): number[] {
  const out = [pid];
  for (let i = 0; i < out.length && out.length < MOST_PROCESSES; i++) {
    for (const task of list(`/proc/${out[i]}/task`)) {
      for (const child of read(`/proc/${out[i]}/task/${task}/children`).split(' ')) {
        if (/^\d+$/.test(child) && out.length < MOST_PROCESSES) out.push(Number(child));
      }
    }
  }
  return out;
}

function list(dir: string): string[] {
  try {
    return readdirSync(dir);
  } catch {
    return [];
  }
}

function read(file: string): string {
  try {
    return readFileSync(file, 'utf8').trim();
  } catch {
    return '';
  }
}
