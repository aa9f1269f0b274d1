/**
 * What a confined session sees (spec/cli.md § lich open, Confinement; docs/sandbox.md): the
 * whole filesystem read-only; its home replaced by an empty private one; `/tmp` and the runtime
 * directory private; read-write binds for its checkout, the repository's common git directory
 * when the checkout is a linked worktree, its provider's own state and the build caches a
 * toolchain needs; read-only binds, inside the hidden places, for the configuration and
 * toolchains it runs. Everything here is decided from the session's environment and a
 * filesystem lookup the caller passes in, so the rules are testable without a disk.
 */
import { existsSync, realpathSync } from 'node:fs';
import { homedir } from 'node:os';
import { dirname, isAbsolute, join, resolve, sep } from 'node:path';
import type { Bind, Confinement } from './bwrap.js';

/**
 * Where a confined session sees its backend's `/proc/<LICH_PID>` (`LICH_PROC`; core's
 * lich-process.ts). Inside the private `/tmp`, the one place a mount point can be made on the
 * read-only root. A bound `/proc` entry pins its process: it reads while that lich lives and fails
 * once it exits, so a session cannot mistake whatever takes the pid or the port for its lich.
 */
export const BACKEND_PROC = '/tmp/.lich-backend';

/** The filesystem questions planning asks; {@link realFs} answers them from the disk. */
export interface PlanFs {
  exists(path: string): boolean;
  /** The path with every symlink resolved; the path itself when it cannot be. */
  realpath(path: string): string;
}

export const realFs: PlanFs = {
  exists: (p) => existsSync(p),
  realpath: (p) => {
    try {
      return realpathSync.native(p);
    } catch {
      return resolve(p);
    }
  },
};

/** What a confinement is planned from. */
export interface PlanInput {
  /** The session's checkout, absolute: its start directory and its one writable tree. */
  checkout: string;
  /** The session's environment as its PTY gets it (terminal/env.ts): `HOME`, `PATH`, `XDG_*`, the provider's variables. */
  env: Record<string, string | undefined>;
  /** The per-session directory shown as its home (sandbox.ts, `<dataDir>/sandbox/homes/<id>`). */
  privateHome: string;
  /** The repository's common git directory when it lies outside the checkout (a linked worktree); `""` for none. */
  gitCommonDir: string;
  /** The session's provider id, whose own state is bound read-write ({@link providerState}). */
  kind: string;
  /** Executables the session's command runs (the provider's binary, `LICH_BIN`, a user-defined provider's absolute args): their install roots are shown read-only. */
  runs: string[];
  /** Files the command reads that must stay visible (a setup script outside the checkout). */
  reads: string[];
}

/**
 * Why a session cannot be confined at all, said as the tail of the open's failure line
 * (sandbox.ts prefixes the label and the setting).
 */
export class PlanError extends Error {
  override name = 'PlanError';
}

/** The XDG base directories of `env` (the spec's defaults under `home`). */
export function xdgDirs(env: PlanInput['env'], home: string): { config: string; data: string; state: string; cache: string } {
  const pick = (v: string | undefined, dflt: string) => (v && isAbsolute(v) ? v : join(home, dflt));
  return {
    config: pick(env.XDG_CONFIG_HOME, '.config'),
    data: pick(env.XDG_DATA_HOME, '.local/share'),
    state: pick(env.XDG_STATE_HOME, '.local/state'),
    cache: pick(env.XDG_CACHE_HOME, '.cache'),
  };
}

/**
 * The provider's own state, bound read-write so a confined agent keeps its login, settings and
 * conversations (and a resume finds them): `create` are made when missing (sandbox.ts), so the
 * state lands where the same provider outside finds it; `present` are bound only when they
 * already exist.
 *
 * - Claude Code: `$CLAUDE_CONFIG_DIR`, else `~/.claude` plus `~/.claude.json`.
 * - Codex: `$CODEX_HOME`, else `~/.codex`.
 * - oh-my-pi: its config root `~/.omp` (`~/$PI_CONFIG_DIR`), which holds the default agent dir and
 *   every `OMP_PROFILE`'s (`profiles/<name>/agent`) and the install id; `$PI_CODING_AGENT_DIR`,
 *   which omp honours only without a profile; and `$XDG_{DATA,STATE,CACHE}_HOME/omp`, which it
 *   uses when those variables are set.
 * - opencode: its XDG config and data dirs, plus its state and cache when present.
 * - Crush: its XDG config and data dirs.
 * - Kiro (`~/.kiro`, `kiro-cli` data) and Cursor (`~/.cursor`): when present.
 * - Anything else (Antigravity, shell, user-defined providers): nothing; what it writes under
 *   `~` stays in the session's private home.
 */
export function providerState(kind: string, env: PlanInput['env'], home: string): { create: string[]; present: string[] } {
  const x = xdgDirs(env, home);
  const abs = (v: string | undefined) => (v && isAbsolute(v) ? v : '');
  switch (kind) {
    case 'claude': {
      const dir = abs(env.CLAUDE_CONFIG_DIR);
      return dir ? { create: [dir], present: [] } : { create: [join(home, '.claude')], present: [join(home, '.claude.json')] };
    }
    case 'codex':
      return { create: [abs(env.CODEX_HOME) || join(home, '.codex')], present: [] };
    case 'omp': {
      const create = [join(home, env.PI_CONFIG_DIR || '.omp')];
      const agentDir = abs(env.PI_CODING_AGENT_DIR);
      if (agentDir && !env.OMP_PROFILE && !env.PI_PROFILE) create.push(agentDir);
      const present = ['XDG_DATA_HOME', 'XDG_STATE_HOME', 'XDG_CACHE_HOME'].map((k) => abs(env[k])).filter(Boolean).map((d) => join(d, 'omp'));
      return { create, present };
    }
    case 'opencode':
      return { create: [join(x.config, 'opencode'), join(x.data, 'opencode')], present: [join(x.state, 'opencode'), join(x.cache, 'opencode')] };
    case 'crush':
      return { create: [join(x.config, 'crush'), join(x.data, 'crush')], present: [] };
    case 'kiro':
      return { create: [], present: [join(home, '.kiro'), join(x.data, 'kiro-cli')] };
    case 'cursor':
      return { create: [], present: [join(home, '.cursor')] };
    default:
      return { create: [], present: [] };
  }
}

/**
 * The build caches bound read-write when they exist, so an install inside the sandbox is as
 * fast as outside and fills the same cache: npm, pnpm, Yarn (classic and Berry), Bun, Cargo's
 * registry and git checkouts, Go's module and build caches, pip, uv, node-gyp, Gradle and Maven —
 * each at the place its variable names, else its default.
 */
export function buildCaches(env: PlanInput['env'], home: string): string[] {
  const x = xdgDirs(env, home);
  const cargo = env.CARGO_HOME || join(home, '.cargo');
  const gopath = (env.GOPATH || join(home, 'go')).split(':')[0];
  return [
    env.npm_config_cache || join(home, '.npm'),
    join(x.cache, 'pnpm'),
    join(x.data, 'pnpm', 'store'),
    env.YARN_CACHE_FOLDER || join(x.cache, 'yarn'),
    join(home, '.yarn', 'berry', 'cache'),
    env.BUN_INSTALL_CACHE_DIR || join(env.BUN_INSTALL || join(home, '.bun'), 'install', 'cache'),
    join(cargo, 'registry'),
    join(cargo, 'git'),
    env.GOMODCACHE || join(gopath, 'pkg', 'mod'),
    env.GOCACHE || join(x.cache, 'go-build'),
    env.PIP_CACHE_DIR || join(x.cache, 'pip'),
    env.UV_CACHE_DIR || join(x.cache, 'uv'),
    join(x.cache, 'node-gyp'),
    join(home, '.gradle', 'caches'),
    join(home, '.m2', 'repository'),
  ].filter((p) => isAbsolute(p));
}

/**
 * Configuration and toolchains under the home, shown read-only when they exist: git's global
 * configuration (so commits carry the user's name), and the version managers and user-level
 * installs a session's tools run from. Credentials are left out on purpose (`~/.ssh`,
 * `~/.npmrc`, `~/.config/gh`, shell rc files that may export tokens).
 */
export function toolchains(env: PlanInput['env'], home: string): string[] {
  const x = xdgDirs(env, home);
  const cargo = env.CARGO_HOME || join(home, '.cargo');
  return [
    env.GIT_CONFIG_GLOBAL || join(home, '.gitconfig'),
    join(x.config, 'git'),
    env.NVM_DIR || join(home, '.nvm'),
    env.VOLTA_HOME || join(home, '.volta'),
    env.ASDF_DATA_DIR || join(home, '.asdf'),
    join(home, '.fnm'),
    join(x.data, 'fnm'),
    join(x.data, 'mise'),
    env.PYENV_ROOT || join(home, '.pyenv'),
    join(home, '.rbenv'),
    env.RUSTUP_HOME || join(home, '.rustup'),
    join(cargo, 'bin'),
    ...(env.GOPATH || join(home, 'go')).split(':'),
    env.BUN_INSTALL || join(home, '.bun'),
    env.DENO_INSTALL || join(home, '.deno'),
    env.PNPM_HOME || join(x.data, 'pnpm'),
    join(home, '.yarn'),
    join(home, '.sdkman'),
    join(home, '.ghcup'),
    join(home, '.local', 'bin'),
    join(home, 'bin'),
  ].filter((p) => isAbsolute(p));
}

/** Whether `path` is `dir` or lies below it (both already resolved). */
export function within(path: string, dir: string): boolean {
  return path === dir || path.startsWith(dir.endsWith(sep) ? dir : dir + sep);
}

/**
 * Where an executable inside a hidden place is installed: the outermost directory above it,
 * still below `root`, that holds a `package.json` (a node package or workspace, whose
 * `node_modules` it loads from), else the directory it sits in.
 */
export function installRoot(file: string, root: string, fs: PlanFs): string {
  let best = dirname(file);
  for (let d = best; d !== root && within(d, root) && d !== dirname(d); d = dirname(d)) {
    if (fs.exists(join(d, 'package.json'))) best = d;
  }
  return best;
}

/**
 * Plans the confinement of one session (sandbox/bwrap.ts turns it into argv).
 *
 * Rules, in order: only paths that exist are bound, each at its resolved location; nothing may
 * bring a hidden place (the home, `/tmp`, the runtime dir) back whole; a read-only path is bound
 * only inside a hidden place (everywhere else the read-only root already shows it) and never
 * inside a writable bind (it would freeze part of the checkout); a bind the one above it already
 * gives is dropped; binds go parents first, then by name.
 *
 * @throws PlanError when the checkout itself holds a hidden place (a project opened at `~` or `/`):
 *   binding it writable would hand the home back.
 */
export function planConfinement(input: PlanInput, fs: PlanFs = realFs): Confinement {
  const env = input.env;
  const rawHome = env.HOME && isAbsolute(env.HOME) ? env.HOME : homedir();
  const home = fs.realpath(rawHome);
  const runtime = env.XDG_RUNTIME_DIR && isAbsolute(env.XDG_RUNTIME_DIR) && fs.exists(env.XDG_RUNTIME_DIR) ? fs.realpath(env.XDG_RUNTIME_DIR) : '';
  const tmpfs = ['/tmp', ...(runtime && !within(runtime, '/tmp') ? [runtime] : [])];
  const hidden = [home, ...tmpfs];
  const checkout = fs.realpath(input.checkout);
  const holds = hidden.find((h) => within(h, checkout));
  if (holds !== undefined) {
    throw new PlanError(`its directory ${checkout} holds ${holds === home ? 'the home directory' : holds}, which the confinement hides`);
  }

  const shown = (p: string): string | undefined => (isAbsolute(p) && fs.exists(p) ? fs.realpath(p) : undefined);
  const unhides = (p: string) => hidden.some((h) => within(h, p));
  const hiddenRoot = (p: string) =>
    hidden.filter((h) => within(p, h)).sort((a, b) => b.length - a.length)[0] as string | undefined;

  const state = providerState(input.kind, env, home);
  const rw = new Set<string>();
  for (const p of [...state.create, ...state.present, ...buildCaches(env, home), input.gitCommonDir, checkout]) {
    const r = p ? shown(p) : undefined;
    if (r !== undefined && !unhides(r)) rw.add(r);
  }
  const ro = new Set<string>();
  const pathEntries = (env.PATH ?? '').split(':').filter((d) => isAbsolute(d));
  for (const p of [...toolchains(env, home), ...pathEntries, ...input.reads]) {
    const r = shown(p);
    if (r !== undefined) ro.add(r);
  }
  for (const f of input.runs) {
    const r = shown(f);
    const root = r === undefined ? undefined : hiddenRoot(r);
    if (r !== undefined && root !== undefined) ro.add(installRoot(r, root, fs));
  }

  const candidates: Bind[] = [
    ...[...rw].map((p) => ({ src: p, dest: p, rw: true })),
    ...[...ro]
      .filter((p) => !rw.has(p) && !unhides(p) && hiddenRoot(p) !== undefined && ![...rw].some((w) => within(p, w)))
      .map((p) => ({ src: p, dest: p, rw: false })),
  ];
  const depth = (p: string) => p.split(sep).length;
  // Parents first; among paths of one depth, by name, so the argv is the same for the same machine.
  candidates.sort((a, b) => depth(a.dest) - depth(b.dest) || (a.dest < b.dest ? -1 : a.dest > b.dest ? 1 : 0));
  const binds: Bind[] = [];
  for (const c of candidates) {
    const above = binds.filter((b) => within(c.dest, b.dest)).sort((a, b) => b.dest.length - a.dest.length)[0];
    if (above && above.rw === c.rw) continue;
    binds.push(c);
  }

  const tmpdir = env.TMPDIR;
  const setenv: Record<string, string> = {};
  // The session's /proc is its own pid namespace's, where the backend is not: without its entry a
  // client inside could not tell its lich is alive and would refuse to send it anything.
  const lichPid = env.LICH_PID ?? '';
  if (/^\d+$/.test(lichPid) && fs.exists(`/proc/${lichPid}`)) {
    binds.push({ src: `/proc/${lichPid}`, dest: BACKEND_PROC, rw: false });
    setenv.LICH_PROC = BACKEND_PROC;
  }
  if (tmpdir && !binds.some((b) => b.rw && within(fs.realpath(tmpdir), b.dest)) && fs.realpath(tmpdir) !== '/tmp') setenv.TMPDIR = '/tmp';

  return {
    chdir: checkout,
    home: fs.exists(rawHome) ? { src: input.privateHome, dest: home } : undefined,
    tmpfs,
    binds,
    setenv,
  };
}
