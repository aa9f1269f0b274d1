/**
 * Confined sessions (spec/cli.md § lich open, Confinement; docs/sandbox.md): the rung read at
 * each open, bubblewrap found and proved on the session's actual binds before anything of the
 * session is written, and the command wrapped so the provider — and a fresh worktree's setup
 * script before it — runs inside.
 *
 * Failure is loud: a session the rung says to confine is never started unconfined. A missing
 * bubblewrap, a kernel that refuses its namespaces, or a checkout that cannot be confined fails
 * the open with one line naming the cause and the setting.
 */
import { accessSync, constants, rmSync, statSync } from 'node:fs';
import { homedir } from 'node:os';
import { delimiter, isAbsolute, join, resolve } from 'node:path';
import { goQuote } from '@lich/core/quote';
import { SpawnError } from '../errors.js';
import { git } from '../spawn/worktrees.js';
import { bwrapArgs, confinedCommand, type Confinement } from './bwrap.js';
import { runGroup } from './group.js';
import { planConfinement, PlanError, providerState, realFs, within } from './plan.js';
import { readRung, type RungSetting } from './rung.js';
import { makeDir } from '../make-dir.js';

/** How long the namespace probe may take before the open fails (the doctor check's bound too). */
export const PROBE_TIMEOUT_MS = 2_000;

/** The bubblewrap binary's name on PATH. */
export const BWRAP = 'bwrap';

export interface SandboxOptions {
  /** The lich config directory: the rung is read from its `settings.json`. */
  configDir: string;
  /** The lich data directory: private homes live under `<dataDir>/sandbox/homes/<sessionId>`. */
  dataDir: string;
  /** Bound on the namespace probe, in ms (default {@link PROBE_TIMEOUT_MS}). */
  probeTimeoutMs?: number;
}

/** What {@link Sandbox.prepare} needs to know about the session. */
export interface PrepareInput {
  sessionId: string;
  /** The label the session is (or will be) opened under, for the failure line. */
  label: string;
  setting: RungSetting;
  /** The session's directory (its checkout), which must exist. */
  checkout: string;
  /** The session's PTY environment (terminal/env.ts `sessionEnv`). */
  env: Record<string, string>;
  /** Provider id: which state dirs are bound. */
  kind: string;
  /** Executables the command runs (the provider's binary, `LICH_BIN`, a user-defined provider's absolute args). */
  runs: string[];
  /** Files the command reads that must stay visible (an absolute setup script). */
  reads: string[];
}

/** A confinement ready to start a command in. */
export interface Prepared {
  /** The bubblewrap binary. */
  bwrap: string;
  confinement: Confinement;
  /** The private home; {@link Sandbox.discard} removes it when this prepare made it. */
  home: string;
  madeHome: boolean;
}

/**
 * The sandbox of one backend.
 *
 * @example
 *   const sandbox = new Sandbox({ configDir, dataDir });
 *   const setting = sandbox.rung();
 *   if (confines(setting.rung, onWorktree)) {
 *     sandbox.locate(env, label, setting);             // throws before anything is made
 *     const p = await sandbox.prepare({ … });          // throws, leaving nothing, when it cannot confine
 *     terminal.start(id, { ...sandbox.wrap(p, command), cwd, env });
 *   }
 */
export class Sandbox {
  constructor(private readonly o: SandboxOptions) {}

  /** The rung, read now (sandbox/rung.ts). @throws SpawnError for a settings file that cannot be read. */
  rung(): RungSetting {
    return readRung(this.o.configDir);
  }

  /** The private home of session `id`, kept across its resumes. */
  homeOf(id: string): string {
    return join(this.o.dataDir, 'sandbox', 'homes', id);
  }

  /**
   * The bubblewrap binary on the backend's PATH.
   * @throws SpawnError `"<label>" should run confined (sandbox setting "<rung>" in <file>), and
   *   bubblewrap is not installed: install it (Debian: apt install bubblewrap) or turn the setting off`.
   */
  locate(env: NodeJS.ProcessEnv, label: string, setting: RungSetting): string {
    const found = findOnPath(BWRAP, env.PATH ?? '');
    if (found) return found;
    throw failure(label, setting, 'bubblewrap is not installed: install it (Debian: apt install bubblewrap) or turn the setting off');
  }

  /**
   * Makes the private home (and the provider's state dirs, so its state lands where the same
   * provider outside finds it), plans the confinement on the session's actual binds and proves
   * it by running an empty `/bin/sh` inside, bounded at {@link PROBE_TIMEOUT_MS}.
   *
   * @throws SpawnError naming the label and the setting when bubblewrap is missing, the kernel
   *   refuses it (bubblewrap's own words), the probe outlasts its bound, or the checkout cannot
   *   be confined; a home this call made is removed again first.
   */
  async prepare(i: PrepareInput): Promise<Prepared> {
    const bwrap = this.locate(i.env, i.label, i.setting);
    const home = this.homeOf(i.sessionId);
    let madeHome = false;
    try {
      statSync(home);
    } catch {
      makeDir(home, 0o700);
      madeHome = true;
    }
    const prepared: Prepared = { bwrap, confinement: undefined as never, home, madeHome };
    try {
      const realHome = i.env.HOME && isAbsolute(i.env.HOME) ? i.env.HOME : homedir();
      for (const dir of providerState(i.kind, i.env, realHome).create) {
        // Only under the real home: a missing directory elsewhere is the user's to make.
        if (within(resolve(dir), resolve(realHome))) makeDir(dir, 0o700);
      }
      prepared.confinement = planConfinement({
        checkout: i.checkout,
        env: i.env,
        privateHome: home,
        gitCommonDir: await commonGitDir(i.checkout, i.env),
        kind: i.kind,
        runs: i.runs,
        reads: i.reads,
      });
      const cause = await probe(bwrap, prepared.confinement, i.env, this.o.probeTimeoutMs ?? PROBE_TIMEOUT_MS);
      if (cause) throw failure(i.label, i.setting, cause);
      return prepared;
    } catch (err) {
      this.discard(prepared);
      if (err instanceof PlanError) throw failure(i.label, i.setting, `${err.message}: open the project in a directory below it, or turn the setting off`);
      throw err;
    }
  }

  /** The command `command` started inside the prepared confinement. */
  wrap(p: Prepared, command: { file: string; args: string[] }): { file: string; args: string[] } {
    return confinedCommand(p.bwrap, p.confinement, command);
  }

  /** Takes back what {@link prepare} made, when the open it was for fails later. */
  discard(p: Prepared): void {
    if (p.madeHome) rmSync(p.home, { recursive: true, force: true });
  }

  /** Removes the private homes of sessions whose rows are gone for good (a removed worktree's). */
  forget(ids: string[]): void {
    for (const id of ids) rmSync(this.homeOf(id), { recursive: true, force: true });
  }
}

/** The open's failure line: `"<label>" should run confined (sandbox setting "<rung>" in <file>), and <cause>`. */
function failure(label: string, s: RungSetting, cause: string): SpawnError {
  return new SpawnError(`${goQuote(label)} should run confined (sandbox setting ${goQuote(s.rung)} in ${s.file}), and ${cause}`);
}

/** The executable `name` in the first `PATH` directory holding one, or `""`. */
export function findOnPath(name: string, path: string): string {
  for (const dir of path.split(delimiter)) {
    if (!dir || !isAbsolute(dir)) continue;
    const full = join(dir, name);
    try {
      accessSync(full, constants.X_OK);
      if (statSync(full).isFile()) return full;
    } catch {
      // not here
    }
  }
  return '';
}

/**
 * The repository's common git directory when it lies outside `checkout` (a linked worktree's
 * objects and refs live there: without it every git command in the checkout fails); `""` when
 * it is inside, or `checkout` is in no repository.
 */
export async function commonGitDir(checkout: string, env: NodeJS.ProcessEnv): Promise<string> {
  const r = await git(checkout, ['rev-parse', '--path-format=absolute', '--git-common-dir'], env).catch(() => undefined);
  if (!r || r.code !== 0) return '';
  const dir = realFs.realpath(r.stdout.trim());
  return within(dir, realFs.realpath(checkout)) ? '' : dir;
}

/**
 * Runs an empty shell inside `c` and answers why it could not (`""` when it ran): bubblewrap's own
 * words without its `bwrap: ` prefix when the kernel refuses the namespaces (an AppArmor policy
 * denying unprivileged user namespaces, say), or the bound it outlasted. Killed at `timeoutMs`,
 * so a kernel that blocks cannot hang the open.
 */
export async function probe(bwrap: string, c: Confinement, env: Record<string, string>, timeoutMs: number): Promise<string> {
  // /bin/sh rather than `true` from PATH: a PATH without it must not read as a refusal.
  const run = await runGroup(bwrap, [...bwrapArgs(c), '--', '/bin/sh', '-c', 'exit 0'], env, timeoutMs);
  if (run.code === 0 && !run.killed) return '';
  if (run.killed) {
    return `bubblewrap did not set the confinement up within ${timeoutMs / 1000} s: the kernel may be blocking it — turn the setting off if it keeps failing`;
  }
  const words = bwrapWords(run.stderr) || `bwrap exited ${run.code}`;
  return `bubblewrap cannot confine it here (${words}): allow unprivileged user namespaces (an AppArmor policy may deny them) or turn the setting off`;
}

/** What bubblewrap said on stderr, on one line: its lines without the `bwrap: ` prefix, joined with `; `. */
export function bwrapWords(stderr: string): string {
  return stderr
    .split(/\r?\n/)
    .map((l) => l.trim().replace(/^bwrap: /, ''))
    .filter(Boolean)
    .join('; ');
}
