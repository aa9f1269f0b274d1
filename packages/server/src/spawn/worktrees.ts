/**
 * Git worktrees, as `lich open --worktree`, `lich close --worktree` and `lich worktrees` use them
 * (spec/cli.md § lich open, § lich close, § lich worktrees; wire.md § 12.3).
 *
 * Everything here runs the real `git` binary (no library): the refusals that git makes — a
 * branch already checked out somewhere else, a name that is not a valid branch name — reach the
 * caller in git's own words, because git is the authority on its own repository. The words of
 * `fatal: …` are kept and only the `fatal: ` prefix is dropped, since the CLI adds `lich: `.
 */
import { spawn } from 'node:child_process';
import { existsSync, lstatSync, realpathSync, rmdirSync, rmSync, statfsSync } from 'node:fs';
import { basename, dirname, join, resolve, sep } from 'node:path';
import type { Checkout } from '@lich/generated/types';
import { distance } from 'fastest-levenshtein';
import { goQuote } from '@lich/core/quote';
import { SpawnError } from '../errors.js';
import { equalFold } from '../relay/resolve.js';
import type { SessionRow } from '../store/store.js';

/** What one `git` run gave back. */
export interface GitRun {
  code: number;
  stdout: string;
  stderr: string;
  /**
   * A failed run only: the directory (a path it was given, else its cwd) git could not write in —
   * its filesystem has no space left now, or git said it could not write a file there. git's own
   * words do not say why (`unable to write file big.bin; Could not reset index file …`), and a
   * checkout that failed on a full disk is taken back by git itself, so the disk is free again
   * by the time anyone looks.
   */
  full?: string;
}

/**
 * Runs `git <args>` in `cwd` with the backend's environment, never prompting (no terminal is
 * behind it) and never paging. Resolves whatever the exit code; rejects only when git cannot be
 * started at all.
 *
 * git runs as the leader of a process group of its own (its pid is the group's id), told to
 * `onStart`: `git worktree add` does its checkout in a child git, and a backend killed mid-way
 * leaves both running — the group is what spawn/recover.ts stops before it touches the checkout.
 */
export function git(cwd: string, args: string[], env: NodeJS.ProcessEnv, onStart?: (pid: number) => void): Promise<GitRun> {
  return new Promise((done, fail) => {
    // spawn, not execFile: execFile hands spawn no `detached`.
    const child = spawn('git', args, {
      cwd,
      env: { ...env, GIT_TERMINAL_PROMPT: '0', GIT_PAGER: 'cat', GIT_OPTIONAL_LOCKS: '0' },
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    const cannot = (why: string) => fail(new SpawnError(`git cannot be run from ${cwd}: ${why}`));
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    let size = 0;
    let spawnError: Error | undefined;
    const take = (into: Buffer[]) => (d: Buffer) => {
      size += d.length;
      if (size > GIT_OUTPUT_MAX) child.kill('SIGKILL');
      else into.push(d);
    };
    child.stdout!.on('data', take(out));
    child.stderr!.on('data', take(err));
    child.once('error', (e) => {
      spawnError = e;
      cannot(e.message);
    });
    child.once('close', (code, signal) => {
      if (spawnError) return;
      if (size > GIT_OUTPUT_MAX) return cannot(`it wrote more than ${GIT_OUTPUT_MAX >> 20} MiB`);
      if (code === null) return cannot(`it was ended by ${signal}`);
      const run: GitRun = { code, stdout: Buffer.concat(out).toString(), stderr: Buffer.concat(err).toString() };
      if (code !== 0) {
        const paths = [...args.filter((a) => a.startsWith('/')), cwd];
        run.full = fullDisk(paths) ?? (/unable to write|could not write/i.test(run.stderr) ? paths[0] : undefined);
      }
      done(run);
    });
    if (child.pid !== undefined) onStart?.(child.pid);
  });
}

/** Below this many free bytes a filesystem is full to git: it cannot write an index or a file. */
const FULL_BELOW_BYTES = 1 << 20;

/**
 * The first of `paths` whose filesystem (that of its nearest existing ancestor) has less than
 * {@link FULL_BELOW_BYTES} free for an unprivileged writer; undefined when none is full or none
 * can be looked at.
 */
function fullDisk(paths: readonly string[]): string | undefined {
  for (const path of paths) {
    let dir = path;
    while (!existsSync(dir) && dirname(dir) !== dir) dir = dirname(dir);
    try {
      const fs = statfsSync(dir);
      if (fs.bavail * fs.bsize < FULL_BELOW_BYTES) return path;
    } catch {
      // Not a directory we can look at: say nothing of it.
    }
  }
  return undefined;
}

/** The most a git run may write, stdout and stderr together, in bytes. */
const GIT_OUTPUT_MAX = 16 << 20;

/**
 * git's own words for a failed run, whole but on one line (the CLI's `lich: …` line must stay
 * one line): from its first `fatal:`/`error:` line on, without that prefix (the CLI adds
 * `lich: `), the lines that continue a message folded onto it with a space and a second
 * `fatal:`/`error:` message joined with `; `. What git printed before it failed (`Preparing
 * worktree …`) and its `hint:` lines are not the failure and are left out. With no such line,
 * everything it wrote, folded the same way. When the run failed on a full disk ({@link GitRun.full})
 * and git's words do not say so, what to do about it follows them.
 */
export function gitWords(r: GitRun, what: string): string {
  const lines = r.stderr.split(/\r?\n/).map((l) => l.trim()).filter(Boolean);
  const first = lines.findIndex((l) => /^(fatal|error):/.test(l));
  let words = '';
  for (const line of first < 0 ? lines : lines.slice(first)) {
    if (/^hint:/.test(line)) continue;
    const starts = /^(fatal|error):/.test(line);
    const text = line.replace(/^(fatal|error):\s*/, '');
    words = words === '' ? text : `${words}${starts ? '; ' : ' '}${text}`;
  }
  words ||= `${what} failed (git exit ${r.code})`;
  if (r.full !== undefined && !/no space left/i.test(words)) words += ` — git could not write in ${r.full}: if the disk holding it is full, free some space, then try again`;
  return words;
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
  /** `git worktree lock`ed: git neither prunes nor removes it unasked (a checkout on a drive not always mounted). */
  locked: boolean;
  /** Why it was locked, `""` when no reason was given. */
  lockReason: string;
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
      cur = { path: value, branch: '', detached: false, bare: false, prunable: false, locked: false, lockReason: '', main: list.length === 0 };
      continue;
    }
    if (!cur) continue;
    if (key === 'branch') cur.branch = value.replace(/^refs\/heads\//, '');
    else if (key === 'detached') cur.detached = true;
    else if (key === 'bare') cur.bare = true;
    else if (key === 'prunable') cur.prunable = true;
    else if (key === 'locked') {
      cur.locked = true;
      cur.lockReason = value;
    }
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
  | {
      kind: 'create';
      branch: string;
      path: string;
      newBranch: boolean;
      /** The base as the caller may read it (`main`, `origin/x`); `""` for an existing branch. */
      base: string;
      /**
       * The base's full refname (`refs/heads/main`, `refs/remotes/origin/x`), what git is given:
       * a short name is ambiguous when a tag shares it, and git then branches off the tag.
       */
      baseRef: string;
      track: boolean;
      /**
       * A stale checkout of this branch to drop first: git still registers it, its directory is
       * gone, and git would refuse a new checkout of the branch while it stands.
       */
      stale?: string;
    };

/** A checkout `create` made, and what undoing it has to take away. */
export interface CreatedCheckout {
  branch: string;
  path: string;
  /** The branch did not exist before: undo deletes it. */
  createdBranch: boolean;
}

/**
 * Where a worktree change is recorded while it runs (the store's `checkout_intents`;
 * spawn/recover.ts): begun before git touches anything, told of each git process run for it, and
 * ended once the change is over — so a backend killed in between finishes it, or takes it back,
 * at its next start.
 */
export interface CheckoutJournal {
  /** Resolves once the change is recorded; rejects when it could not be (the store's refusal). */
  begin(i: { path: string; projectDir: string; branch: string; op: 'create' | 'remove'; madeBranch: boolean }): Promise<void>;
  /**
   * `pid` is the git process now running for the change at `path`. Not waited for: git is
   * already running, and a record that could not be written costs only the next start's look
   * for an orphaned git.
   */
  running(path: string, pid: number): void;
  /** Resolves once the record is gone; rejects when it could not be (the store's refusal). */
  end(path: string): Promise<void>;
}

/** Git worktrees of the projects of one backend. */
export class Worktrees {
  /** The tail of each project directory's queue of worktree changes (see `serial`). */
  private readonly queues = new Map<string, Promise<unknown>>();

  constructor(
    /** The lich data directory; checkouts go under `<dataDir>/worktrees/<projectId>/<branch>`. */
    private readonly dataDir: string,
    private readonly env: NodeJS.ProcessEnv,
    /** Where `create` and `remove` record what they are doing; absent, nothing is recorded. */
    readonly journal?: CheckoutJournal,
  ) {}

  /**
   * Runs `fn` once every earlier `serial` call for the same project directory has settled, and
   * answers with its result. Deciding where a worktree goes and making it (plan + create) run
   * under it, so two opens of one new branch in one backend cannot race: the second finds the
   * first's checkout and reuses it, as the spec says for an existing branch, instead of failing
   * half-way and taking back what the first made.
   */
  serial<T>(projectDir: string, fn: () => Promise<T>): Promise<T> {
    const key = canonical(projectDir);
    const run = (this.queues.get(key) ?? Promise.resolve()).then(fn, fn);
    const tail = run.then(
      () => undefined,
      () => undefined,
    );
    this.queues.set(key, tail);
    void tail.then(() => {
      if (this.queues.get(key) === tail) this.queues.delete(key);
    });
    return run;
  }

  /** Runs git; with `change`, the process is recorded as the one running for the change at that path. */
  private git(cwd: string, args: string[], change?: string): Promise<GitRun> {
    const journal = this.journal;
    return git(cwd, args, this.env, change !== undefined && journal ? (pid) => journal.running(change, pid) : undefined);
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
   * but the project's own directory — none for a project outside git — in git's order — named after its branch (its directory's
   * name when detached), dirty when it holds uncommitted work, with the labels of the unparked
   * `sessions` rooted in it, oldest first. A checkout whose directory is gone is not listed.
   *
   * @param sessions the project's session rows whose sessions run (spawn/spawn.ts `running`), oldest first.
   * @throws SpawnError when git cannot list the repository's checkouts (git's words).
   */
  async list(project: { name: string; path: string }, sessions: SessionRow[]): Promise<Checkout[]> {
    const r = await this.git(project.path, ['worktree', 'list', '--porcelain', '-z']);
    // A directory outside git has no checkout but itself, and that one is never listed: the
    // listing is empty, as it is in the window when git cannot see any.
    if (r.code !== 0 && /not a git repository/i.test(r.stderr)) return [];
    if (r.code !== 0) throw notARepository(project.name, r);
    const checkouts = parseWorktreeList(r.stdout).filter((c) => !c.bare && !samePath(c.path, project.path));
    return Promise.all(
      checkouts.map(async (c) => {
        const missing = isStale(c);
        return {
          name: c.branch || basename(c.path),
          path: c.path,
          dirty: missing ? false : await this.dirty(c.path),
          sessions: sessions.filter((s) => !s.parked && samePath(s.path, c.path)).map((s) => s.label),
          missing,
        };
      }),
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
   *   project's own directory goes to `git worktree add`, which refuses it in git's words; one
   *   whose checkout is stale (registered, its directory gone) is made again (`stale`: where lich
   *   made it, else under lich's directory), or refused when git keeps that checkout locked
   *   (`the worktree <path> of "<b>" is gone from disk, and git keeps it locked …`, naming the
   *   `lich close --worktree remove --force` that drops it, or `git worktree unlock`);
   * - a branch only a remote has (`origin/<branch>`) becomes a local branch tracking it; on
   *   several remotes, the one `base` names, else git's `checkout.defaultRemote`, else a refusal
   *   naming each (`"<b>" is a branch on <n> remotes of <project>: a/<b>, b/<b> — say which one
   *   to check out with the base, as in --base a/<b>`);
   * - otherwise a new branch off `base` (see `baseBranch`: a local, worktree-held or
   *   remote-tracking branch, or a name only remotes have; `no branch named "<b>" in <project>`,
   *   with ` — did you mean "<n>"?` when one is near), and by default the project's current
   *   branch (`<project> has no current branch to start from (detached HEAD) — name one with the
   *   base`).
   *
   * @param o.projectDir the project's directory; `o.project` its name, for the refusals.
   */
  async plan(o: {
    projectDir: string;
    project: string;
    projectId: string;
    branch: string;
    base: string;
    /** The label of a session whose directory is `path`, for a refusal to name (`lich close … "<label>"`). */
    sessionIn?: (path: string) => string | undefined;
  }): Promise<WorktreePlan> {
    const { projectDir, project } = o;
    const checkouts = await this.checkouts(projectDir, project);
    const valid = await this.git(projectDir, ['check-ref-format', '--branch', o.branch]);
    if (valid.code !== 0 || valid.stdout.trim() !== o.branch) {
      // git's own sentence, with the name quoted as git quotes it unless that would let a control
      // character split the line.
      throw new SpawnError(`${quoteSingle(o.branch)} is not a valid branch name`);
    }
    const { local, remote } = await this.branches(projectDir);
    const existing = pick(local.map((b) => b.name), o.branch);
    const at = (branch: string) => join(worktreesDir(this.dataDir, o.projectId), branch);
    if (existing !== undefined) {
      const held = checkouts.find((c) => c.branch === existing && !c.bare && !samePath(c.path, projectDir) && !c.main);
      if (held && !isStale(held)) return { kind: 'existing', branch: existing, path: held.path };
      if (held) {
        // Its checkout is gone from disk: made again where it was when lich made it, after git's
        // registration of it is dropped — unless git keeps it locked, which only a person lifts.
        if (held.locked) throw new SpawnError(staleLockedRefusal(held, existing, o.sessionIn?.(held.path)));
        const path = this.createdByLich(held.path) ? held.path : at(existing);
        return { kind: 'create', branch: existing, path, newBranch: false, base: '', baseRef: '', track: false, stale: held.path };
      }
      return { kind: 'create', branch: existing, path: at(existing), newBranch: false, base: '', baseRef: '', track: false };
    }
    const tracked = remote.filter((r) => equalFold(shortName(r.name), o.branch));
    if (tracked.length > 0) {
      // A branch only remotes have: the one remote that has it, or — when several do — the one
      // the base names, else git's checkout.defaultRemote; never a guess (spec/cli.md § lich open).
      const named = o.base === '' ? undefined : tracked.find((r) => equalFold(r.name, o.base));
      const upstream = named ?? (tracked.length === 1 ? tracked[0] : await this.defaultRemote(projectDir, tracked));
      if (!upstream) {
        throw new SpawnError(
          `${goQuote(o.branch)} is a branch on ${tracked.length} remotes of ${project}: ${tracked.map((r) => r.name).join(', ')} — say which one to check out with the base, as in --base ${tracked[0]!.name}`,
        );
      }
      const branch = shortName(upstream.name);
      return { kind: 'create', branch, path: at(branch), newBranch: true, base: upstream.name, baseRef: upstream.ref, track: true };
    }
    let base: Branch;
    if (o.base !== '') {
      base = await this.baseBranch(projectDir, project, o.base, [
        ...local,
        ...remote,
        ...checkouts.filter((c) => c.branch).map((c) => ({ name: c.branch, ref: `refs/heads/${c.branch}` })),
      ], remote);
    } else {
      // The full refname, never --short: a tag sharing the branch's name makes git shorten it to heads/<b>.
      const head = await this.git(projectDir, ['symbolic-ref', '-q', 'HEAD']);
      const ref = head.code === 0 ? head.stdout.trim() : '';
      if (!ref.startsWith('refs/heads/')) throw new SpawnError(`${project} has no current branch to start from (detached HEAD) — name one with the base`);
      base = { name: ref.slice('refs/heads/'.length), ref };
    }
    return { kind: 'create', branch: o.branch, path: at(o.branch), newBranch: true, base: base.name, baseRef: base.ref, track: false };
  }

  /**
   * Makes the checkout a `create` plan names, taking back on failure exactly what this call made
   * and nothing else — never a branch or a directory that was there before or that someone else
   * made meanwhile:
   * - a path already on disk is refused before git is touched (wording of this build:
   *   `<path> already exists and is not a checkout of "<branch>", so no worktree can be made there
   *   — move it out of the way, or name another branch`);
   * - a new branch is made first, on its own (`git branch`), so whether this call made it is what
   *   git answered, not a guess; then the checkout (`git worktree add <path> <branch>`). When the
   *   checkout fails, the branch is deleted only if this call made it (`git branch -D`, which git
   *   refuses for a branch some checkout holds) — and the path is left to git, which takes back a
   *   checkout it could not finish.
   * Run it under `serial` with the `plan` it carries out.
   * @throws SpawnError in git's words.
   */
  async create(projectDir: string, p: Extract<WorktreePlan, { kind: 'create' }>): Promise<CreatedCheckout> {
    if (onDisk(p.path)) {
      throw new SpawnError(
        `${p.path} already exists and is not a checkout of ${goQuote(p.branch)}, so no worktree can be made there — move it out of the way, or name another branch`,
      );
    }
    // Recorded before git changes anything: a backend killed from here on has the checkout taken
    // back at its next start (spawn/recover.ts). The branch counts as made once git made it.
    const intent = { path: p.path, projectDir, branch: p.branch, op: 'create' as const, madeBranch: false };
    await this.journal?.begin(intent);
    try {
      if (p.stale !== undefined) {
        // Unlocked, its directory gone: git drops the registration without touching anything else.
        const d = await this.git(projectDir, ['worktree', 'remove', p.stale], p.path);
        if (d.code !== 0 && !/is not a working tree/.test(d.stderr)) {
          throw new SpawnError(`the stale worktree ${p.stale} of ${goQuote(p.branch)} could not be dropped: ${gitWords(d, 'git worktree remove')}`);
        }
      }
      if (p.newBranch) {
        const b = await this.git(projectDir, ['branch', p.track ? '--track' : '--no-track', p.branch, p.baseRef || p.base], p.path);
        if (b.code !== 0) throw new SpawnError(gitWords(b, 'git branch'));
        await this.journal?.begin({ ...intent, madeBranch: true });
      }
      // git reads a name that is a branch as that branch, even when a tag shares it.
      const r = await this.git(projectDir, ['worktree', 'add', p.path, p.branch], p.path);
      if (r.code !== 0) {
        if (p.newBranch) await this.git(projectDir, ['branch', '-D', p.branch]).catch(() => undefined);
        this.dropEmptyParents(p.path);
        throw new SpawnError(gitWords(r, 'git worktree add'));
      }
    } catch (err) {
      // git's refusal is what the caller hears; a record that cannot go is settled at the next start.
      await this.journal?.end(p.path).catch(() => undefined);
      throw err;
    }
    return { branch: p.branch, path: p.path, createdBranch: p.newBranch };
  }

  /**
   * Takes a checkout `create` made away again: the checkout (forced — nothing in it is anyone's
   * work yet), and the branch when it was made for it. Best effort: it runs after a failure,
   * whose message is the one that matters.
   */
  async undo(projectDir: string, c: CreatedCheckout): Promise<void> {
    await this.git(projectDir, ['worktree', 'remove', '--force', '--force', c.path], c.path).catch(() => undefined);
    await this.git(projectDir, ['worktree', 'prune'], c.path).catch(() => undefined);
    if (c.createdBranch) await this.git(projectDir, ['branch', '-D', c.branch], c.path).catch(() => undefined);
    this.dropEmptyParents(c.path);
    await this.journal?.end(c.path).catch(() => undefined);
  }

  /**
   * Deletes `branch` only when nothing would be lost: `git branch -d`, which git refuses for a
   * branch holding commits that neither HEAD nor its upstream has (someone worked on it since
   * lich made it) and for one a checkout holds. Resolves whether it is gone.
   */
  async dropBranchIfMerged(projectDir: string, branch: string): Promise<boolean> {
    const r = await this.git(projectDir, ['branch', '-d', branch]);
    if (r.code === 0) return true;
    return (await this.git(projectDir, ['rev-parse', '--verify', '--quiet', `refs/heads/${branch}`])).code !== 0;
  }

  /** Removes the directories lich made above a checkout that went (`<projectId>/`, `feature/` of `feature/x`) once they are empty. */
  dropEmptyParents(path: string): void {
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
   * gone has only git's registration of it dropped (nothing to do when git no longer has one).
   * A checkout git keeps locked (`git worktree lock`: a drive not always mounted, say) is removed
   * only with `force`, which is also what discards uncommitted work.
   * @throws SpawnError `the worktree <path> is locked (<reason>), so git keeps it: …` without
   *   `force`; otherwise in git's words.
   */
  async remove(projectDir: string, path: string, force: boolean): Promise<void> {
    // A removal cut short (a backend killed while git deleted its files) leaves a directory with
    // no `.git` in it, which git refuses to touch ("validation failed"): asked to force it, and
    // it being lich's own, what is left of it is deleted here and git's registration dropped.
    if (force && this.createdByLich(path) && existsSync(path) && !onDisk(join(path, '.git'))) {
      rmSync(path, { recursive: true, force: true, maxRetries: 3 });
    }
    const gone = !existsSync(path);
    const run = (flags: string[]) => this.git(projectDir, ['worktree', 'remove', ...flags, path], path);
    let r = await run(force && !gone ? ['--force'] : []);
    if (r.code !== 0 && /locked/.test(r.stderr)) {
      if (!force) {
        const reason = /lock reason: (.+)$/m.exec(r.stderr)?.[1]?.trim();
        throw new SpawnError(
          `the worktree ${path} is locked${reason ? ` (${reason})` : ''}, so git keeps it${gone ? ' though its directory is gone' : ''}: unlock it with git worktree unlock ${path}, or say --force to remove it anyway`,
        );
      }
      r = await run(['--force', '--force']);
    }
    if (r.code !== 0 && !(gone && /is not a working tree/.test(r.stderr))) {
      throw new SpawnError(`the worktree ${path} could not be removed: ${gitWords(r, 'git worktree remove')}`);
    }
    if (this.createdByLich(path)) this.dropEmptyParents(path);
  }

  /** The setup script a fresh checkout runs, or undefined: the checkout's own `.lich/setup-worktree.sh`, else the project directory's. */
  setupScript(checkout: string, projectDir: string): string | undefined {
    if (existsSync(join(checkout, SETUP_SCRIPT))) return SETUP_SCRIPT;
    const own = join(projectDir, SETUP_SCRIPT);
    return existsSync(own) ? own : undefined;
  }

  /**
   * The branch `--base <want>` names (spec/cli.md § lich open, --base; wire.md § 12.3), refusing
   * anything that is not one:
   * - a local, worktree-held or remote-tracking branch by its name (`main`, `origin/x`), exactly,
   *   else case-insensitively;
   * - else a branch only remotes have, by its name on them (`develop` for `origin/develop`): the
   *   one remote that has it; several — the one git's `checkout.defaultRemote` names, as
   *   `git switch` takes it, else a refusal naming every candidate;
   * - else `no branch named "<b>" in <project>`, with the nearest branch name when one is within
   *   three edits (`devlop` → `develop`).
   *
   * @param known every branch a base may name by its own name; `remote` the remote-tracking ones.
   */
  private async baseBranch(dir: string, project: string, want: string, known: Branch[], remote: Branch[]): Promise<Branch> {
    const name = pick(known.map((b) => b.name), want);
    if (name !== undefined) return known.find((b) => b.name === name)!;
    const onRemotes = remote.filter((r) => shortName(r.name) === want);
    const candidates = onRemotes.length > 0 ? onRemotes : remote.filter((r) => equalFold(shortName(r.name), want));
    if (candidates.length === 1) return candidates[0]!;
    if (candidates.length > 1) {
      const chosen = await this.defaultRemote(dir, candidates);
      if (chosen) return chosen;
      throw new SpawnError(
        `${goQuote(want)} names a branch on ${candidates.length} remotes of ${project}: ${candidates.map((r) => r.name).join(', ')} — name the one to start from, as in --base ${candidates[0]!.name}`,
      );
    }
    const guess = nearest(want, [...new Set([...known.map((b) => b.name), ...remote.map((r) => shortName(r.name))])]);
    throw new SpawnError(`no branch named ${goQuote(want)} in ${project}${guess === undefined ? '' : ` — did you mean ${goQuote(guess)}?`}`);
  }

  /** Of `candidates` (one branch on several remotes), the one on git's `checkout.defaultRemote`, if that is set and has it. */
  private async defaultRemote(dir: string, candidates: Branch[]): Promise<Branch | undefined> {
    const r = await this.git(dir, ['config', '--get', 'checkout.defaultRemote']);
    const remote = r.code === 0 ? r.stdout.trim() : '';
    return remote === '' ? undefined : candidates.find((c) => c.name.startsWith(`${remote}/`));
  }

  /**
   * The repository's local and remote-tracking branches (`<remote>/HEAD` left out), read as full
   * refnames: `%(refname:short)` turns a branch that shares its name with a tag into `heads/<b>`,
   * which then matches nothing.
   */
  private async branches(dir: string): Promise<{ local: Branch[]; remote: Branch[] }> {
    const r = await this.git(dir, ['for-each-ref', '--format=%(refname)', 'refs/heads', 'refs/remotes']);
    const local: Branch[] = [];
    const remote: Branch[] = [];
    if (r.code !== 0) return { local, remote };
    for (const ref of r.stdout.split('\n').map((l) => l.trim()).filter(Boolean)) {
      if (ref.startsWith('refs/heads/')) local.push({ name: ref.slice('refs/heads/'.length), ref });
      else if (ref.startsWith('refs/remotes/') && !ref.endsWith('/HEAD')) remote.push({ name: ref.slice('refs/remotes/'.length), ref });
    }
    return { local, remote };
  }
}

/** A branch: its name as a caller writes it (`main`, `origin/x`) and its full refname. */
interface Branch {
  name: string;
  ref: string;
}

/** Whether git registers `c` while its directory is gone: a stale checkout. */
function isStale(c: GitCheckout): boolean {
  return c.prunable || !existsSync(c.path);
}

/** Why `open --worktree <branch>` cannot make again a stale checkout git keeps locked, and the ways out. */
function staleLockedRefusal(c: GitCheckout, branch: string, label: string | undefined): string {
  const why = c.lockReason ? ` (${c.lockReason})` : '';
  const drop = label !== undefined ? `drop it with lich close --worktree remove --force ${goQuote(label)}` : `unlock it with git worktree unlock ${c.path}`;
  return `the worktree ${c.path} of ${goQuote(branch)} is gone from disk, and git keeps it locked${why}: if it is on a drive that is not mounted, mount it and open again; if it is gone for good, ${drop} and open again`;
}

/** Whether anything is at `path`, a dangling symlink included. */
function onDisk(path: string): boolean {
  try {
    lstatSync(path);
    return true;
  } catch {
    return false;
  }
}

/** A remote-tracking branch's name on its remote: `develop` for `origin/develop`. */
function shortName(remoteBranch: string): string {
  return remoteBranch.slice(remoteBranch.indexOf('/') + 1);
}

/**
 * The name in `names` nearest to `want` by Levenshtein distance, within three edits and fewer
 * than `want` has characters (a guess that rewrites the whole word is no guess); the first of
 * the nearest wins.
 */
function nearest(want: string, names: string[]): string | undefined {
  let best: string | undefined;
  let bestDistance = Math.min(4, want.length);
  for (const name of names) {
    const d = distance(want.toLowerCase(), name.toLowerCase());
    if (d < bestDistance) {
      best = name;
      bestDistance = d;
    }
  }
  return best;
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
