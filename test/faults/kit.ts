/**
 * The fault suite's kit (issue 22, `npm run test:faults`): what every case counts and checks
 * after its fault, whatever the fault was.
 *
 * - **Errands, counted.** Every task a case sends is an `Errand` whose prompt is
 *   `echo <identity>`: the example agent runs it and answers with its output, so an answer carries
 *   the identity of the task it answers, and an answer filed on another errand's ticket is seen.
 *   Every errand must end in exactly one outcome (an answer, or an outcome the spec names, or a
 *   failure line the sender was shown): none lost, none duplicated, none crossed. A task the agent
 *   log shows delivered twice counts as duplicated too.
 * - **Nothing left behind.** Every process a backend starts inherits its environment, and with
 *   it `LICH_FAULT_MARK`; a process carrying the mark after the case that was not there before it
 *   is left behind, wherever it was reparented to (a `kill -9`'d backend's children are no longer
 *   its descendants). So are PTY masters the backend holds beyond what it held before, entries in
 *   the case's `TMPDIR`, and any mismatch between the store and the disk: `PRAGMA integrity_check`,
 *   worktree rows ↔ their directories ↔ `git worktree list` ↔ `.git/worktrees/*`.
 * - **Figures.** `fault(CASE, fn)` wraps a case's body and writes its figures on the test's meta,
 *   which the suite's reporter (reporter.ts) sums into the block printed at the end and
 *   `test/faults/last-run.json`.
 */
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, readlinkSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join, resolve } from 'node:path';
import Database from 'better-sqlite3';
import type { TestContext } from 'vitest';
import { resultText } from '@lich/core/errands';
import type { Result } from '@lich/generated/types';
import type { FaultCase } from './cases.js';
import { argvOf } from '../e2e/child-backend.js';
import { baseEnv, type AgentLog, type Run } from '../e2e/harness.js';

/** The variable every process of a case's backend carries (through the backend's environment). */
export const MARK = 'LICH_FAULT_MARK';

/** What a case counted, written on its test's meta for the reporter. */
export interface CaseFigures {
  errands: number;
  lost: number;
  duplicated: number;
  crossed: number;
  leftBehind: number;
}

declare module 'vitest' {
  interface TaskMeta {
    /** The fault suite's figures of this case (kit.ts `fault`). */
    fault?: CaseFigures;
  }
}

/** An outcome that ends an errand with no answer (exit 3). */
export type Ending = Exclude<Result['status'], 'answered' | 'pending'>;

/** How an errand ended, as its sender was told. */
export type Outcome =
  | { status: 'answered'; answer: string; ticket: string }
  | { status: Ending; ticket: string }
  | { status: 'failed'; line: string };

/** An errand's identity (`errand-<case tag>-<name>`), as found in a prompt. */
const IDENTITY = /\berrand-[0-9a-f]{6}-[\w-]+/;

/** One task a case sent: its prompt answers with its identity. */
export class Errand {
  /** The ticket lich handed back for it, once one was. */
  ticket = '';
  readonly outcomes: Outcome[] = [];
  constructor(
    /** Unique in the run: what the task's answer must be. */
    readonly identity: string,
  ) {}
  /** The task: a shell command the example agent runs, whose output is the identity. */
  get prompt(): string {
    return `echo ${this.identity}`;
  }
  /** A task that first runs `before` (a wait on a file, a sleep), then answers with the identity. */
  after(before: string): string {
    return `${before}; echo ${this.identity}`;
  }
}

/** A case's errands: each one sent, how it ended, and how often its task was delivered. */
export class Errands {
  private readonly list: Errand[] = [];
  private readonly logs: AgentLog[] = [];
  private readonly stray: string[] = [];
  /** Tasks handed to a target this suite plays (a mod it answers for), by identity. */
  private readonly handed = new Map<string, number>();
  private readonly tag = randomBytes(3).toString('hex');

  /** A new errand, counted as sent. */
  errand(name = String(this.list.length + 1)): Errand {
    if (!/^[\w-]+$/.test(name)) throw new Error(`an errand's name is letters, digits, - and _: ${name}`);
    const e = new Errand(`errand-${this.tag}-${name}`);
    this.list.push(e);
    return e;
  }

  get sent(): number {
    return this.list.length;
  }

  /** The agent logs whose `task` entries are checked for a task delivered twice. */
  watch(log: AgentLog): void {
    if (!this.logs.includes(log)) this.logs.push(log);
  }

  /** A task handed to a target this suite plays (its mod), by the identity in its prompt: counted, so one handed twice is seen. */
  delivered(identity: string): void {
    this.handed.set(identity, (this.handed.get(identity) ?? 0) + 1);
  }

  /** Records that `e` ended so. */
  ended(e: Errand, o: Outcome): void {
    if ('ticket' in o && o.ticket !== '' && e.ticket === '') e.ticket = o.ticket;
    e.outcomes.push(o);
  }

  /**
   * Reads a `lich send` / `lich wait <ticket>` run of `e`, sent to the session labelled `target`
   * (`fromSession`: by a session, whose pending prose promises a note at its prompt; else from
   * outside lich), as its sender saw it, holding its words to the spec's (spec/cli.md § Commands, § lich send;
   * core's `resultText`): exit 0 is the answer alone; 2 the pending prose naming a ticket (the
   * errand is still open: recorded, not ended); 3 the prose of one outcome, word for word; 1 one
   * `lich: …` line on stderr with nothing on stdout and no token in it. `--json` runs are read as
   * the result object. Anything else throws, failing the case.
   * @returns the outcome, or undefined for a ticket (exit 2).
   */
  read(e: Errand, r: Run, target: string, o: { token?: string; private?: boolean; fromSession?: boolean } = {}): Outcome | undefined {
    const json = r.code !== 1 && r.stdout.startsWith('{') ? (JSON.parse(r.stdout) as Result) : undefined;
    // `closed`: an unanswered errand whose session ended (closed, or its program gone) says no
    // answer is coming (contracts/objects/result.json).
    const words = (status: Result['status'], ticket: string, closed = false) =>
      `${resultText('cli', { status, target, ticket, answer: '', ...(o.private ? { private: true as const } : {}), ...(closed ? { closed: true as const } : {}) }, o.fromSession ?? false)}\n`;
    const fail = (why: string) => {
      throw new Error(`${e.identity}: ${why}: ${JSON.stringify(r)}`);
    };
    if (r.code !== 1 && r.stderr !== '') fail('an outcome wrote on stderr');
    if (r.code === 2) {
      const ticket = json?.ticket ?? /lich wait ([0-9a-f]{8})\n$/.exec(r.stdout)?.[1] ?? '';
      if (json ? json.status !== 'pending' : r.stdout !== words('pending', ticket)) fail('exit 2 without the pending words');
      if (e.ticket !== '' && e.ticket !== ticket) fail(`a second ticket ${ticket}, after ${e.ticket}`);
      e.ticket = ticket;
      return undefined;
    }
    let out: Outcome;
    if (r.code === 0) {
      out = { status: 'answered', answer: json ? json.answer : r.stdout.replace(/\n$/, ''), ticket: json?.ticket ?? e.ticket };
    } else if (r.code === 3) {
      const ticket = json?.ticket ?? e.ticket;
      const status = json
        ? ENDINGS.find((s) => s === json.status)
        : ENDINGS.find((s) => r.stdout === words(s, ticket) || (s === 'unanswered' && r.stdout === words(s, ticket, true)));
      if (!status) return fail('exit 3 in words no outcome has');
      out = { status, ticket };
    } else if (r.code === 1) {
      if (r.stdout !== '' || !/^lich: [^\n]+\n$/.test(r.stderr)) fail('a failure that is not one lich: line');
      if (o.token && r.stderr.includes(o.token)) fail('the token in a failure line');
      out = { status: 'failed', line: r.stderr };
    } else {
      return fail(`exit ${r.code}`);
    }
    this.ended(e, out);
    return out;
  }

  /** A result collected from an inbox (`lich wait --json` without a ticket): filed on the errand its ticket names. */
  collected(r: { ticket: string; status: string; answer: string }): void {
    const e = this.list.find((x) => x.ticket === r.ticket);
    if (!e) {
      this.stray.push(`${r.ticket}: ${r.status} ${JSON.stringify(r.answer)}`);
      return;
    }
    this.ended(e, r.status === 'answered' ? { status: 'answered', answer: r.answer, ticket: r.ticket } : { status: r.status as Ending, ticket: r.ticket });
  }

  /**
   * The count: lost (no outcome), duplicated (more than one, or its task delivered twice), crossed
   * (an answer that is not its own task's, on a ticket that is not its own, or a result for a
   * ticket no errand of the case went out on).
   */
  settle(): { sent: number; lost: string[]; duplicated: string[]; crossed: string[] } {
    const deliveries = new Map<string, number>(this.handed);
    for (const log of this.logs) {
      for (const entry of log.entries()) {
        const identity = entry.event === 'task' ? IDENTITY.exec(String(entry.prompt))?.[0] : undefined;
        if (identity) deliveries.set(identity, (deliveries.get(identity) ?? 0) + 1);
      }
    }
    const lost: string[] = [];
    const duplicated: string[] = [];
    const crossed = [...this.stray.map((s) => `a result for a ticket none of this case's errands had: ${s}`)];
    for (const e of this.list) {
      if (e.outcomes.length === 0) lost.push(`${e.identity} (ticket ${e.ticket || 'none'})`);
      if (e.outcomes.length > 1) duplicated.push(`${e.identity}: ${e.outcomes.map((o) => o.status).join(', ')}`);
      if ((deliveries.get(e.identity) ?? 0) > 1) duplicated.push(`${e.identity}: its task was delivered ${deliveries.get(e.identity)} times`);
      for (const o of e.outcomes) {
        if (o.status === 'answered' && o.answer !== e.identity) crossed.push(`${e.identity} was answered ${JSON.stringify(o.answer)}`);
        if ('ticket' in o && o.ticket !== '' && e.ticket !== '' && o.ticket !== e.ticket) crossed.push(`${e.identity} (ticket ${e.ticket}) ended on ticket ${o.ticket}`);
      }
    }
    return { sent: this.list.length, lost, duplicated, crossed };
  }
}

/** The outcomes that end an errand with no answer (exit 3). */
const ENDINGS: Ending[] = ['unread', 'undelivered', 'unanswered', 'stopped', 'expired'];

// ---------------------------------------------------------------------------------------------
// Left behind

/** Where a case's backend leaves things: what `leftBehind` compares and checks. */
export interface Scope {
  /** The value of `LICH_FAULT_MARK` in the backend's environment. */
  mark: string;
  /** The backend's and its sessions' `TMPDIR`. */
  tmp: string;
  /** The lich data directory (lich.db, worktrees/). */
  dataDir: string;
  /** Repositories whose worktrees are checked besides the store's projects (kit.ts `storeAgainstDisk`); a case adds its own. */
  repos: string[];
  /** The live backend process whose PTY masters are counted; undefined once it is gone. */
  backendPid?: () => number | undefined;
}

/** What a scope held at one moment. */
export interface Snapshot {
  pids: Map<number, string>;
  ptys: number;
  temp: string[];
}

/** Every live process whose environment carries `LICH_FAULT_MARK=<mark>`, with its command line. */
export function marked(mark: string): Map<number, string> {
  const needle = `\0${MARK}=${mark}\0`;
  const found = new Map<number, string>();
  for (const d of readdirSync('/proc')) {
    if (!/^\d+$/.test(d)) continue;
    let environ: string;
    try {
      environ = `\0${readFileSync(`/proc/${d}/environ`, 'latin1')}`;
    } catch {
      continue; // gone meanwhile, or a kernel thread
    }
    if (!environ.includes(needle)) continue;
    // A zombie has no environment left to read, so one found here is still running.
    found.set(Number(d), (argvOf(Number(d)) ?? []).join(' ').slice(0, 160));
  }
  return found;
}

/** How many PTY masters (`/dev/ptmx` descriptors) process `pid` holds; 0 for one that is gone. */
export function ptyMasters(pid: number): number {
  let n = 0;
  let fds: string[];
  try {
    fds = readdirSync(`/proc/${pid}/fd`);
  } catch {
    return 0;
  }
  for (const fd of fds) {
    try {
      if (readlinkSync(`/proc/${pid}/fd/${fd}`) === '/dev/ptmx') n++;
    } catch {
      // Closed meanwhile.
    }
  }
  return n;
}

export function snapshot(s: Scope): Snapshot {
  const pid = s.backendPid?.();
  return {
    pids: marked(s.mark),
    ptys: pid === undefined ? 0 : ptyMasters(pid),
    temp: existsSync(s.tmp) ? readdirSync(s.tmp) : [],
  };
}

/**
 * What the case left behind since `before`, each as one line: processes of its backend that were
 * not running before (ended ones are given 5 s to finish ending: a session's process group gets
 * its signal as its PTY closes), PTY masters beyond the ones held before, new entries in `TMPDIR`,
 * and every way the store and the disk disagree (`storeAgainstDisk`).
 */
export async function leftBehind(s: Scope, before: Snapshot): Promise<string[]> {
  const extra = () => [...marked(s.mark)].filter(([pid]) => !before.pids.has(pid));
  const end = Date.now() + 5_000;
  while (extra().length > 0 && Date.now() < end) await new Promise((r) => setTimeout(r, 50));
  const out = extra().map(([pid, argv]) => `process ${pid} still running: ${argv}`);
  const pid = s.backendPid?.();
  if (pid !== undefined) {
    const ptys = ptyMasters(pid);
    if (ptys > before.ptys) out.push(`the backend holds ${ptys} PTY masters, ${before.ptys} before the case`);
  }
  const temp = existsSync(s.tmp) ? readdirSync(s.tmp).filter((f) => !before.temp.includes(f)) : [];
  out.push(...temp.map((f) => `temporary ${join(s.tmp, f)}`));
  out.push(...storeAgainstDisk(s.dataDir, s.repos));
  return out;
}

/** `git -C dir …args`, stdout; throws with git's stderr. */
export function git(dir: string, ...args: string[]): string {
  const r = spawnSync('git', ['-C', dir, ...args], { env: baseEnv(), encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`git ${args.join(' ')} in ${dir}: ${r.stderr.trim()}`);
  return r.stdout;
}

/** One record of `git worktree list --porcelain`. */
interface ListedCheckout {
  path: string;
  branch: string;
  locked: string | undefined;
  prunable: boolean;
}

function worktreeList(repo: string): ListedCheckout[] {
  const out: ListedCheckout[] = [];
  for (const record of git(repo, 'worktree', 'list', '--porcelain').split('\n\n')) {
    const lines = record.split('\n').filter(Boolean);
    const path = lines.find((l) => l.startsWith('worktree '))?.slice('worktree '.length);
    if (!path) continue;
    const locked = lines.find((l) => l === 'locked' || l.startsWith('locked '));
    out.push({
      path,
      branch: (lines.find((l) => l.startsWith('branch ')) ?? '').replace(/^branch refs\/heads\//, ''),
      locked: locked === undefined ? undefined : locked.slice('locked'.length).trim(),
      prunable: lines.some((l) => l.startsWith('prunable')),
    });
  }
  return out.slice(1); // the main checkout is listed first, and is the project's own directory
}

/**
 * How the store in `dataDir` disagrees with the disk, one line each (none: it opens clean and its
 * rows match the disk). The repositories checked are its projects' and `repos` (a repository an
 * open was cut off in before its project's row was written):
 * - `PRAGMA integrity_check` is `ok` and `foreign_key_check` finds nothing;
 * - every session row in a checkout lich made (`<dataDir>/worktrees/…`) names a directory that is
 *   there and that git lists as a worktree of its project, neither locked nor prunable;
 * - every worktree git lists under `<dataDir>/worktrees` has a row, a directory, no lock left from
 *   its creation (`initializing`) and is not prunable; every `.git/worktrees/*` entry of a project
 *   is one git lists, its checkout there;
 * - every directory under `<dataDir>/worktrees` is a listed checkout or leads to one: nothing
 *   half removed, nothing half made.
 */
export function storeAgainstDisk(dataDir: string, repos: string[] = []): string[] {
  const file = join(dataDir, 'lich.db');
  if (!existsSync(file)) return [];
  const out: string[] = [];
  const db = openReadOnly(file);
  let rows: Array<{ id: string; label: string; path: string; parked: number; project: string }>;
  let projects: Array<{ id: string; path: string }>;
  try {
    const integrity = db.pragma('integrity_check', { simple: true });
    if (integrity !== 'ok') out.push(`lich.db integrity_check: ${String(integrity)}`);
    const fk = db.pragma('foreign_key_check') as unknown[];
    if (fk.length > 0) out.push(`lich.db foreign_key_check: ${JSON.stringify(fk)}`);
    rows = db.prepare('SELECT id, label, path, parked, project_id AS project FROM sessions').all() as typeof rows;
    projects = db.prepare('SELECT id, path FROM projects').all() as typeof projects;
  } finally {
    db.close();
    if (db.name !== file) rmSync(dirname(db.name), { recursive: true, force: true });
  }
  const root = join(dataDir, 'worktrees');
  const inRoot = (p: string) => resolve(p).startsWith(`${root}/`);
  const listed = new Map<string, ListedCheckout>();
  const checked = [...new Set([...projects.map((p) => p.path), ...repos])].map((path) => ({ path }));
  for (const p of checked) {
    if (!existsSync(join(p.path, '.git'))) continue;
    let list: ListedCheckout[];
    try {
      list = worktreeList(p.path);
    } catch (err) {
      out.push(`project ${p.path}: ${(err as Error).message}`);
      continue;
    }
    for (const c of list) {
      if (!inRoot(c.path)) continue;
      listed.set(c.path, c);
      if (c.prunable || !existsSync(c.path)) out.push(`git lists the worktree ${c.path}, whose directory is gone`);
      if (c.locked !== undefined) out.push(`git keeps the worktree ${c.path} locked${c.locked ? ` (${c.locked})` : ''}`);
      if (!rows.some((r) => r.path === c.path)) out.push(`the worktree ${c.path} (${c.branch}) has no session row`);
    }
    const admin = join(p.path, '.git', 'worktrees');
    for (const entry of existsSync(admin) ? readdirSync(admin) : []) {
      let gitdir = '';
      try {
        gitdir = readFileSync(join(admin, entry, 'gitdir'), 'utf8').trim();
      } catch {
        out.push(`.git/worktrees/${entry} of ${p.path} has no gitdir`);
        continue;
      }
      const checkout = gitdir.replace(/\/\.git$/, '');
      if (inRoot(checkout) && !existsSync(gitdir)) out.push(`.git/worktrees/${entry} of ${p.path} points at ${checkout}, which is gone`);
    }
  }
  for (const r of rows) {
    if (!inRoot(r.path)) continue;
    if (!existsSync(r.path)) out.push(`session ${JSON.stringify(r.label)} (${r.parked ? 'parked' : 'open'}) names ${r.path}, which is gone`);
    else if (!listed.has(r.path)) out.push(`session ${JSON.stringify(r.label)} names ${r.path}, which git does not list as a worktree`);
  }
  const walk = (dir: string) => {
    if (listed.has(dir)) return;
    const entries = readdirSync(dir);
    if (entries.includes('.git')) {
      out.push(`a checkout ${dir} that no repository checked lists as its worktree`);
      return;
    }
    if (entries.length === 0) out.push(`empty directory ${dir}`);
    for (const e of entries) {
      const p = join(dir, e);
      if (statSync(p).isDirectory()) walk(p);
      else out.push(`stray file ${p}`);
    }
  };
  if (existsSync(root)) for (const e of readdirSync(root)) walk(join(root, e));
  return out;
}

/**
 * `file` opened read-only. On a read-only filesystem SQLite cannot make the WAL's shared-memory
 * file beside it, so a copy of the database (and its WAL) in a temporary directory is opened
 * instead: the same bytes.
 */
function openReadOnly(file: string): Database.Database {
  const db = new Database(file, { readonly: true, fileMustExist: true });
  try {
    db.pragma('schema_version');
    return db;
  } catch (err) {
    db.close();
    if (!/unable to open database file|readonly/.test((err as Error).message)) throw err;
  }
  const copy = mkdtempSync(join(tmpdir(), 'lich-faults-store-'));
  for (const suffix of ['', '-wal']) if (existsSync(file + suffix)) copyFileSync(file + suffix, join(copy, basename(file) + suffix));
  return new Database(join(copy, basename(file)), { readonly: true, fileMustExist: true });
}

// ---------------------------------------------------------------------------------------------
// A case

/** A fresh scope's `TMPDIR` under `home`, made now. */
export function tmpUnder(home: string): string {
  const dir = join(home, 'tmp');
  mkdirSync(dir, { recursive: true });
  return dir;
}

/** A new mark for a backend's environment. */
export function newMark(): string {
  return randomBytes(6).toString('hex');
}

/** What a case's body is handed. */
export interface CaseKit {
  errands: Errands;
  /**
   * The scope whose leftovers are checked at the end, set by the body once its backend is up
   * (`within`); the snapshot to compare with is taken then. `fresh`: every process of the scope
   * still running at the end is left behind (a backend a hook started and ended already).
   */
  within(s: Scope, o?: { fresh?: boolean }): void;
  /** Checks now what is left behind (at the end of the body, or before a restart), counting it and failing the case on any. */
  settleLeftovers(): Promise<void>;
}

/**
 * Wraps a case's body: hands it an `Errands` ledger and a leftover check, and afterwards — pass
 * or fail — counts the errands and what was left behind, writes the figures on the test's meta
 * for the reporter, and fails the case when anything was lost, duplicated, crossed or left behind.
 */
export function fault(c: FaultCase, body: (k: CaseKit) => Promise<void>): (ctx: TestContext) => Promise<void> {
  return async (ctx) => {
    const errands = new Errands();
    let scope: Scope | undefined;
    let before: Snapshot | undefined;
    let settled = false;
    const found: string[] = [];
    const kit: CaseKit = {
      errands,
      within(s, o = {}) {
        scope = s;
        before = snapshot(s);
        if (o.fresh) before.pids.clear();
        settled = false;
      },
      async settleLeftovers() {
        if (!scope || !before) return;
        found.push(...(await leftBehind(scope, before)));
        settled = true;
      },
    };
    const figures: CaseFigures = { errands: 0, lost: 0, duplicated: 0, crossed: 0, leftBehind: 0 };
    ctx.task.meta.fault = figures;
    let failure: unknown;
    try {
      await body(kit);
    } catch (err) {
      failure = err;
    }
    if (!settled) await kit.settleLeftovers().catch((err) => found.push(`the leftover check failed: ${(err as Error).message}`));
    const count = errands.settle();
    Object.assign(figures, {
      errands: count.sent,
      lost: count.lost.length,
      duplicated: count.duplicated.length,
      crossed: count.crossed.length,
      leftBehind: found.length,
    });
    if (failure) throw failure;
    const problems = { lost: count.lost, duplicated: count.duplicated, crossed: count.crossed, leftBehind: found };
    const clean = { lost: [], duplicated: [], crossed: [], leftBehind: [] };
    if (JSON.stringify(problems) !== JSON.stringify(clean)) {
      throw new Error(`${c.fault}: ${JSON.stringify(problems, null, 2)}`);
    }
  };
}
