/**
 * What a session's program inherits from the backend: its PTY as descriptors 0, 1 and 2, and no
 * other descriptor.
 *
 * Why this is needed: on Linux node-pty 1.1.0 starts a session with glibc's `forkpty`
 * (node-pty `src/unix/pty.cc`, `PtyFork`), which opens the PTY's master without `O_CLOEXEC`, and
 * nothing in node can set `FD_CLOEXEC` afterwards (node has no `fcntl`; reopening a master
 * through `/proc/self/fd` opens a new PTY, since `/dev/ptmx` clones on every open). The child
 * closes its own master, but every other session's master the backend holds stays open across
 * its `execvp`: with two sessions open, the second one's program held the first one's master
 * (`ls -l /proc/<pid>/fd | grep ptmx`). The first session's program then saw no hangup when lich
 * closed its PTY while the second lived, and after a `kill -9` of the backend it ran on, and the
 * second session could write into the first one's terminal. A descriptor the backend inherited
 * without `O_CLOEXEC` from whatever started it went along the same way. Everything the backend
 * opens itself — the store's files, the listening socket, the log, the workspace lock — is
 * opened close-on-exec by libuv and SQLite, so the masters were the only descriptors of its own
 * that leaked.
 *
 * So the PTY does not run the program directly: it runs a shell that closes every descriptor
 * above 2 it finds in `/proc/self/fd` and `exec`s the program in the same process — same pid,
 * same session and process group, same PTY. The shell's own traces are taken back out of the
 * environment: `PWD` is set again to the directory node-pty sets it to (its `cwd`), `SHLVL` to
 * what the session was given (bash's `exec` lowers it by one, so it is handed one more; a
 * session given none gets `SHLVL=0`, what a shell started from it takes for none). Cost: one
 * exec of bash, about 4 ms more to a program's first output (docs/architecture.md, What a
 * session inherits).
 *
 * Only on Linux: on macOS node-pty starts the program through `posix_spawn` with
 * `POSIX_SPAWN_CLOEXEC_DEFAULT`, which already closes everything else.
 */
import { spawnSync } from 'node:child_process';
import { accessSync, constants } from 'node:fs';

/**
 * The shell text: `$1` is the value for `PWD`, `$2` `SHLVL=<value>` or empty (unset it),
 * the rest the program's argv. Values are positional parameters, never spliced into the text.
 * A descriptor number is closed with `eval`, since a redirection names its descriptor literally.
 */
export const CLOSE_INHERITED_SCRIPT = [
  'export PWD="$1"',
  'case $2 in "") unset SHLVL;; *) export "$2";; esac',
  'shift 2',
  'for f in /proc/self/fd/*; do n=${f##*/}; case $n in *[!0-9]*|0|1|2) ;; *) eval "exec $n>&-" 2>/dev/null;; esac; done',
  'exec "$@"',
].join('\n');

/** Where bash is looked for, in order. */
const BASH_PATHS = ['/bin/bash', '/usr/bin/bash', '/usr/local/bin/bash'];

/** A shell that runs {@link CLOSE_INHERITED_SCRIPT}: its path, its leading arguments, and whether its `exec` lowers `SHLVL` (bash's does). */
export interface CloserShell {
  file: string;
  flags: string[];
  lowersShlvl: boolean;
}

/** The shell found; null when none can; undefined before the first look. */
let closer: CloserShell | null | undefined;

/**
 * The shell to close descriptors with: bash (`--posix`, so it reads no `BASH_ENV`), else
 * `/bin/sh` when it can name a descriptor above 9 in a redirection (dash cannot: it would fail
 * the session's start). Looked for once per process. Null when neither can, or off Linux.
 */
export function closerShell(): CloserShell | null {
  if (closer !== undefined) return closer;
  closer = null;
  if (process.platform !== 'linux') return closer;
  for (const file of BASH_PATHS) {
    if (executable(file)) return (closer = { file, flags: ['--posix'], lowersShlvl: true });
  }
  // One run of a few ms, once: whether `/bin/sh` takes a two-digit descriptor.
  const probe = spawnSync('/bin/sh', ['-c', 'exec 10>&-; exit 0'], { stdio: 'ignore', timeout: 2_000 });
  if (probe.status === 0) closer = { file: '/bin/sh', flags: [], lowersShlvl: false };
  return closer;
}

function executable(file: string): boolean {
  try {
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/**
 * The command a PTY started in `cwd` with environment `env` runs so that `file args…` gets
 * descriptors 0–2 alone and the environment node-pty would have given it (`env`, `PWD=cwd`,
 * node-pty's `TERM`): the closing shell's argv, or `file args…` itself where no such shell
 * exists (off Linux nothing leaks; see the module comment).
 */
export function withoutInherited(
  file: string,
  args: readonly string[],
  env: Readonly<Record<string, string>>,
  cwd: string,
): { file: string; args: string[] } {
  const shell = closerShell();
  if (!shell) return { file, args: [...args] };
  const shlvl = env.SHLVL === undefined ? '' : `SHLVL=${shell.lowersShlvl ? shlvlPlusOne(env.SHLVL) : env.SHLVL}`;
  return { file: shell.file, args: [...shell.flags, '-c', CLOSE_INHERITED_SCRIPT, 'lich', cwd, shlvl, file, ...args] };
}

/** `SHLVL` plus one, as bash's `exec` will take one off; a value that is no number is bash's 0. */
function shlvlPlusOne(v: string): number {
  const n = /^\s*-?\d+\s*$/.test(v) ? Number(v) : 0;
  return n + 1;
}
