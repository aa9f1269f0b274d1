/**
 * The bubblewrap argv of a confinement (docs/sandbox.md; spec/cli.md § lich open, Confinement):
 * a pure function from the planned mounts (sandbox/plan.ts) to the options that go before
 * `--` and the command.
 */

/** One bind mount: `src` on the host shown at `dest` inside, writable or not. */
export interface Bind {
  src: string;
  dest: string;
  rw: boolean;
}

/** Everything a confined process is started with, as sandbox/plan.ts decides it. */
export interface Confinement {
  /** The directory the command starts in: the session's checkout. */
  chdir: string;
  /** The private home bound over the real one (`src` the per-session directory, `dest` `$HOME`); absent when `$HOME` does not exist. */
  home?: { src: string; dest: string };
  /** Directories given a fresh private tmpfs: `/tmp`, `$XDG_RUNTIME_DIR`. */
  tmpfs: string[];
  /** The binds, parents before children (a later mount shadows an earlier one below its path). */
  binds: Bind[];
  /** Variables set inside, on top of the inherited environment (which is otherwise passed unchanged). */
  setenv: Record<string, string>;
}

/**
 * The bwrap options for `c`, in mount order: every namespace but the network's unshared
 * (`--share-net`: the session reaches lich over loopback), capabilities dropped (a root caller
 * keeps none it could remount with), the process killed with its parent, the whole filesystem
 * read-only, fresh `/dev` and `/proc`, the tmpfs dirs, then the private home, then the binds
 * (read-only or read-write) in the order given, then the variables and the start directory.
 * No `--new-session`: the command keeps the PTY as its controlling terminal.
 *
 * @returns the options only; the caller appends `--`, the file and its args.
 */
export function bwrapArgs(c: Confinement): string[] {
  const argv = ['--unshare-all', '--share-net', '--die-with-parent', '--cap-drop', 'ALL', '--ro-bind', '/', '/', '--dev', '/dev', '--proc', '/proc'];
  for (const dir of c.tmpfs) argv.push('--tmpfs', dir);
  if (c.home) argv.push('--bind', c.home.src, c.home.dest);
  for (const b of c.binds) argv.push(b.rw ? '--bind' : '--ro-bind', b.src, b.dest);
  for (const [k, v] of Object.entries(c.setenv)) argv.push('--setenv', k, v);
  argv.push('--chdir', c.chdir);
  return argv;
}

/** The command `file args…` started inside `c` through the bwrap binary at `bwrap`. */
export function confinedCommand(bwrap: string, c: Confinement, command: { file: string; args: string[] }): { file: string; args: string[] } {
  return { file: bwrap, args: [...bwrapArgs(c), '--', command.file, ...command.args] };
}
