/**
 * Git worktrees, as `lich open --worktree`, `lich close --worktree` and `lich worktrees` use them
 * (spec/cli.md § lich open, § lich close, § lich worktrees; wire.md § 12.3).
 *
 * Everything here runs the real `git` binary (no library): the refusals that git makes — a
 * branch already checked out somewhere else, a name that is not a valid branch name — reach the
 * caller in git's own words, because git is the authority on its own repository. The words of
 * `fatal: …` are kept and only the `fatal: ` prefix is dropped, since the CLI adds `lich: `.
 */
import { execFile } from 'node:child_process';
import { existsSync, realpathSync, rmdirSync } from 'node:fs';
import { basename, dirname, join, resolve, sep } from 'node:path';
import type { Checkout } from '@lich/generated/types';
import { goQuote } from '@lich/core/quote';
import { SpawnError } from '../errors.js';
import { equalFold } from '../relay/resolve.js';
import type { SessionRow } from '../store/store.js';

/** What one `git` run gave back. */
export interface GitRun {
  code: number;
  stdout: string;
  stderr: string;
}

/**
 * Runs `git <args>` in `cwd` with the backend's environment, never prompting (no terminal is
 * behind it) and never paging. Resolves whatever the exit code; rejects only when git cannot be
 * started at all.
 */
export function git(cwd: string, args: string[], env: NodeJS.ProcessEnv): Promise<GitRun> {
  return new Promise((done, fail) => {
    execFile(
      'git',
      args,
      { cwd, env: { ...env, GIT_TERMINAL_PROMPT: '0', GIT_PAGER: 'cat', GIT_OPTIONAL_LOCKS: '0' }, maxBuffer: 16 << 20 },
      (err, stdout, stderr) => {
        if (err && typeof err.code !== 'number') {
          fail(new SpawnError(`git cannot be run from ${cwd}: ${err.message}`));
          return;
        }
        done({ code: err ? (err.code as number) : 0, stdout: String(stdout), stderr: String(stderr) });
      },
    );
  });
}

/**
 * git's own words for a failed run, on one line: its `fatal:`/`error:` lines without that
 * prefix (the CLI adds `lich: `), else whatever it wrote.
 */
export function gitWords(r: GitRun, what: string): string {
  const lines = r.stderr.split(/\r?\n/).map((l) => l.trim()).filter(Boolean);
  const fatal = lines.filter((l) => /^(fatal|error):/.test(l)).map((l) => l.replace(/^(fatal|error):\s*/, ''));
  const words = (fatal.length ? fatal : lines).join('; ');
  return words || `${what} failed (git exit ${r.code})`;
}

/** One checkout of a repository, as `git worktree list --porcelain` describes it. */
export interface GitCheckout {
  /** Absolute path as git records it. */
  path: string;
  /** Short branch name (`feature/x`), `""` when detached or bare. */
  branch: string;
  detached: boolean;
  bare: boolean;
  /** Its directory is gone (git would prune it). */
  prunable: boolean;
  /** The repository's main worktree (always listed first by git). */
  main: boolean;
}

/** Parses `git worktree list --porcelain -z`: records separated by an empty field. */
export function parseWorktreeList(out: string): GitCheckout[] {
  const list: GitCheckout[] = [];
  let cur: GitCheckout | undefined;
  for (const field of out.split('\0')) {
    if (field === '') {
      if (cur) list.push(cur);
      cur = undefined;
      continue;
    }
    const sp = field.indexOf(' ');
    const key = sp < 0 ? field : field.slice(0, sp);
    const value = sp < 0 ? '' : field.slice(sp + 1);
    if (key === 'worktree') {
      if (cur) list.push(cur);
      cur = { path: value, branch: '', detached: false, bare: false, prunable: false, main: list.length === 0 };
      continue;
    }
    if (!cur) continue;
    if (key === 'branch') cur.branch = value.replace(/^refs\/heads\//, '');
    else if (key === 'detached') cur.detached = true;
    else if (key === 'bare') cur.bare = true;
    else if (key === 'prunable') cur.prunable = true;
  }
  if (cur) list.push(cur);
  return list;
}

/** The same directory, however it was spelled: the real path when it exists, else the resolved one. */
export function samePath(a: string, b: string): boolean {
  return canonical(a) === canonical(b);
}

export function canonical(p: string): string {
  try {
    return realpathSync.native(p);
  } catch {
    return resolve(p);
  }
}

/** Whether `path` lies inside `dir` (or is it). */
export function isInside(path: string, dir: string): boolean {
  const p = canonical(path);
  const d = canonical(dir);
  return p === d || p.startsWith(d.endsWith(sep) ? d : d + sep);
}

/** The directory lich puts a project's worktrees in: `<dataDir>/worktrees/<projectId>` (wire.md § 12.3). */
export function worktreesDir(dataDir: string, projectId?: string): string {
  return projectId === undefined ? join(dataDir, 'worktrees') : join(dataDir, 'worktrees', projectId);
}

/** The setup script a project's fresh worktrees run, relative to a checkout (wire.md § 9). */
export const SETUP_SCRIPT = join('.lich', 'setup-worktree.sh');

/**
 * What `open --worktree` will root the session in, decided before anything is written:
 * - `existing`: a checkout of the branch already on disk, reused as it stands (no setup script).
 * - `create`: a checkout to make — of a branch that exists (`base` ""), of a branch to create
 *   off `base` (`newBranch`), or of a local branch to create tracking a remote one (`track`).
 */
export type WorktreePlan =
  | { kind: 'existing'; branch: string; path: string }
  | { kind: 'create'; branch: string; path: string; newBranch: boolean; base: string; track: boolean };

/** A checkout `create` made, and what undoing it has to take away. */
export interface CreatedCheckout {
  branch: string;
  path: string;
  /** The branch did not exist before: undo deletes it. */
  createdBranch: boolean;
}

/** Git worktrees of the projects of one backend. */
export class Worktrees {
  constructor(
    /** The lich data directory; checkouts go under `<dataDir>/worktrees/<projectId>/<branch>`. */
    private readonly dataDir: string,
    private readonly env: NodeJS.ProcessEnv,
  ) {}

  private git(cwd: string, args: string[]): Promise<GitRun> {
    return git(cwd, args, this.env);
  }

  /** Whether `path` was made by lich: it lies under `<dataDir>/worktrees/`. */
  createdByLich(path: string): boolean {
    return isInside(path, worktreesDir(this.dataDir));
  }

  /**
   * Every checkout of the repository `dir` is in.
   * @throws SpawnError when `dir` is not in a git repository.
   */
  async checkouts(dir: string, project: string): Promise<GitCheckout[]> {
    const r = await this.git(dir, ['worktree', 'list', '--porcelain', '-z']);
    if (r.code !== 0) throw notARepository(project, r);
    return parseWorktreeList(r.stdout);
  }

  /**
   * `lich worktrees` (spec/cli.md § lich worktrees): every checkout of the project's repository
   * but the project's own directory, in git's order — named after its branch (its directory's
   * name when detached), dirty when it holds uncommitted work, with the labels of the unparked
   * `sessions` rooted in it, oldest first. A checkout whose directory is gone is not listed.
   *
   * @param sessions the project's session rows, oldest first.
   * @throws SpawnError when the project is not in a git repository.
   */
  async list(project: { name: string; path: string }, sessions: SessionRow[]): Promise<Checkout[]> {
    const checkouts = (await this.checkouts(project.path, project.name)).filter(
      (c) => !c.bare && !c.prunable && !samePath(c.path, project.path) && existsSync(c.path),
    );
    return Promise.all(
      checkouts.map(async (c) => ({
        name: c.branch || basename(c.path),
        path: c.path,
        dirty: await this.dirty(c.path),
        sessions: sessions.filter((s) => !s.parked && samePath(s.path, c.path)).map((s) => s.label),
      })),
    );
  }

  /** Whether the checkout at `path` holds work in no commit: a change, staged or not, or an untracked file. */
  async dirty(path: string): Promise<boolean> {
    const r = await this.git(path, ['status', '--porcelain', '--untracked-files=normal']);
    if (r.code !== 0) throw new SpawnError(`the worktree ${path} cannot be read by git: ${gitWords(r, 'git status')}`);
    return r.stdout.trim() !== '';
  }

  /**
   * Decides where `open --worktree <branch> [--base <base>]` roots the session, refusing before
   * anything is written (wire.md § 12.3):
   * - the project is not in a git repository (wording of this build: `<project> is not a git
   *   repository, so there is no branch to open a worktree on — leave the worktree out to open
   *   the session in the project's own directory`);
   * - `branch` is not a valid branch name (git's words);
   * - an existing branch (matched case-insensitively, kept in its own spelling) is checked out as
   *   it stands — its linked checkout reused when there is one, `base` ignored; one held by the
   *   project's own directory goes to `git worktree add`, which refuses it in git's words;
   * - a branch only a remote has (`origin/<branch>`) becomes a local branch tracking it;
   * - otherwise a new branch off `base`: checked against local, remote-tracking (`origin/…`) and
   *   worktree-held branches, case-insensitively (`no branch named "<b>" in <project>`), and by
   *   default the project's current branch (`<project> has no current branch to start from
   *   (detached HEAD) — name one with the base`).
   *
   * @param o.projectDir the project's directory; `o.project` its name, for the refusals.
   */
  async plan(o: { projectDir: string; project: string; projectId: string; branch: string; base: string }): Promise<WorktreePlan> {
    const { projectDir, project } = o;
    const checkouts = await this.checkouts(projectDir, project);
    const valid = await this.git(projectDir, ['check-ref-format', '--branch', o.branch]);
    if (valid.code !== 0 || valid.stdout.trim() !== o.branch) {
      // git's own sentence, with the name quoted as git quotes it unless that would let a control
      // character split the line.
      throw new SpawnError(`${quoteSingle(o.branch)} is not a valid branch name`);
    }
    const local = await this.refs(projectDir, 'refs/heads');
    const remote = (await this.refs(projectDir, 'refs/remotes')).filter((r) => !r.endsWith('/HEAD'));
    const existing = pick(local, o.branch);
    const at = (branch: string) => join(worktreesDir(this.dataDir, o.projectId), branch);
    if (existing !== undefined) {
      const held = checkouts.find((c) => c.branch === existing && !c.bare && !c.prunable && !samePath(c.path, projectDir) && !c.main);
      if (held) return { kind: 'existing', branch: existing, path: held.path };
      return { kind: 'create', branch: existing, path: at(existing), newBranch: false, base: '', track: false };
    }
    const tracked = remote.filter((r) => equalFold(r.slice(r.indexOf('/') + 1), o.branch));
    if (tracked.length > 0) {
      const upstream = tracked.find((r) => r.startsWith('origin/')) ?? tracked[0];
      const branch = upstream.slice(upstream.indexOf('/') + 1);
      return { kind: 'create', branch, path: at(branch), newBranch: true, base: upstream, track: true };
    }
    let base: string;
    if (o.base !== '') {
      const known = pick([...local, ...remote, ...checkouts.map((c) => c.branch).filter(Boolean)], o.base);
      if (known === undefined) throw new SpawnError(`no branch named ${goQuote(o.base)} in ${project}`);
      base = known;
    } else {
      const head = await this.git(projectDir, ['symbolic-ref', '--short', '-q', 'HEAD']);
      base = head.code === 0 ? head.stdout.trim() : '';
      if (base === '') throw new SpawnError(`${project} has no current branch to start from (detached HEAD) — name one with the base`);
    }
    return { kind: 'create', branch: o.branch, path: at(o.branch), newBranch: true, base, track: false };
  }

  /**
   * Makes the checkout a `create` plan names (`git worktree add`). Leaves nothing behind when
   * it fails: git makes no branch or directory when it refuses, and what it made before failing
   * part-way is taken back.
   * @throws SpawnError in git's words.
   */
  async create(projectDir: string, p: Extract<WorktreePlan, { kind: 'create' }>): Promise<CreatedCheckout> {
    const args = ['worktree', 'add'];
    if (p.newBranch) args.push(p.track ? '--track' : '--no-track', '-b', p.branch, p.path, p.base);
    else args.push(p.path, p.branch);
    const existedBefore = existsSync(p.path);
    const r = await this.git(projectDir, args);
    const made: CreatedCheckout = { branch: p.branch, path: p.path, createdBranch: p.newBranch };
    if (r.code !== 0) {
      // git refuses before touching anything in the common cases; a failure part-way (a
      // checkout that could not be written) can leave the branch and a registration behind.
      if (!existedBefore) await this.undo(projectDir, made);
      throw new SpawnError(gitWords(r, 'git worktree add'));
    }
    return made;
  }

  /**
   * Takes a checkout `create` made away again: the checkout (forced — nothing in it is anyone's
   * work yet), and the branch when it was made for it. Best effort: it runs after a failure,
   * whose message is the one that matters.
   */
  async undo(projectDir: string, c: CreatedCheckout): Promise<void> {
    await this.git(projectDir, ['worktree', 'remove', '--force', '--force', c.path]).catch(() => undefined);
    await this.git(projectDir, ['worktree', 'prune']).catch(() => undefined);
    if (c.createdBranch) await this.git(projectDir, ['branch', '-D', c.branch]).catch(() => undefined);
    this.dropEmptyParents(c.path);
  }

  /** Removes the directories lich made above a checkout that went (`<projectId>/`, `feature/` of `feature/x`) once they are empty. */
  private dropEmptyParents(path: string): void {
    const root = worktreesDir(this.dataDir);
    for (let dir = dirname(path); isInside(dir, root) && !samePath(dir, root); dir = dirname(dir)) {
      try {
        rmdirSync(dir);
      } catch {
        return; // not empty (another checkout, or something of the user's), or already gone
      }
    }
  }

  /**
   * Removes the checkout at `path` (`git worktree remove [--force]`), run from the project's
   * directory; the branch stays, with every commit on it. A checkout whose directory is already
   * gone is pruned instead.
   * @throws SpawnError in git's words.
   */
  async remove(projectDir: string, path: string, force: boolean): Promise<void> {
    if (!existsSync(path)) {
      await this.git(projectDir, ['worktree', 'prune']);
    } else {
      const r = await this.git(projectDir, ['worktree', 'remove', ...(force ? ['--force'] : []), path]);
      if (r.code !== 0) throw new SpawnError(`the worktree ${path} could not be removed: ${gitWords(r, 'git worktree remove')}`);
    }
    if (this.createdByLich(path)) this.dropEmptyParents(path);
  }

  /** The setup script a fresh checkout runs, or undefined: the checkout's own `.lich/setup-worktree.sh`, else the project directory's. */
  setupScript(checkout: string, projectDir: string): string | undefined {
    if (existsSync(join(checkout, SETUP_SCRIPT))) return SETUP_SCRIPT;
    const own = join(projectDir, SETUP_SCRIPT);
    return existsSync(own) ? own : undefined;
  }

  private async refs(dir: string, prefix: string): Promise<string[]> {
    const r = await this.git(dir, ['for-each-ref', '--format=%(refname:short)', prefix]);
    if (r.code !== 0) return [];
    return r.stdout.split('\n').map((l) => l.trim()).filter(Boolean);
  }
}

/** The name in `names` equal to `want`: exactly, else case-insensitively (the first such). */
function pick(names: string[], want: string): string | undefined {
  return names.find((n) => n === want) ?? names.find((n) => equalFold(n, want));
}

function quoteSingle(s: string): string {
  return /[\u0000-\u001f\u007f]/.test(s) ? goQuote(s) : `'${s}'`;
}

function notARepository(project: string, r: GitRun): SpawnError {
  if (/not a git repository/i.test(r.stderr)) {
    return new SpawnError(
      `${project} is not a git repository, so there is no branch to open a worktree on — leave the worktree out to open the session in the project's own directory`,
    );
  }
  return new SpawnError(gitWords(r, 'git worktree list'));
}
