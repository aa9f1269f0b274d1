/**
 * Spawn for a caller that is not the window (spec/cli.md § lich server side, Spawn; § lich open;
 * § lich close): the one place that does what a session is at once — the row (store) and the
 * PTY (terminal) — and, for a worktree, the git checkout (spawn/worktrees.ts).
 */
import { existsSync, statSync } from 'node:fs';
import { homedir } from 'node:os';
import { basename, dirname, isAbsolute } from 'node:path';
import { SpawnError } from '../errors.js';
import { newProjectId, newSessionId } from '../ids.js';
import { effortRefusal, modelRefusal, providerEnv, resolveCommand, ultracodeRefusal, type Provider, type Providers } from '../providers/providers.js';
import { startArgs, startEnv } from '../providers/start.js';
import { goQuote } from '@lich/core/quote';
import { cleanName, quoteName } from '@lich/core/names';
import { equalFold, expandPath } from '../relay/resolve.js';
import { confines, type RungSetting } from '../sandbox/rung.js';
import { subagentCardsSetting } from '../settings.js';
import { Sandbox, type Prepared } from '../sandbox/sandbox.js';
import type { ProjectRow, SessionRow, Store } from '../store/store.js';
import { sessionEnv, type Coordinates, type WorktreePorts } from '../terminal/env.js';
import type { Terminal } from '../terminal/terminal.js';
import { findSession } from './find.js';
import { rosterName, sessionLabel, worktreeLabel } from './names.js';
import { SessionTemps } from './session-temp.js';
import { SETUP_MARKER, setupCommand } from './setup.js';
import { narrowProject } from './narrow.js';
import { placeReopened, type Reopening } from './reopen.js';
import { folderName } from './workspace.js';
import { samePath, type CreatedCheckout, type Worktrees } from './worktrees.js';

// The shapes are the contract's (contracts/rpc/spawn.*.json, contracts/objects/{session,closed}.json),
// so a field that moves there fails to compile here.
export type { Closed, Session, SpawnCloseOptions as CloseOptions, SpawnOpenOptions as OpenOptions } from '@lich/generated/types';
import type {
  Checkout,
  Closed,
  Session,
  SpawnCloseOptions as CloseOptions,
  SpawnOpenOptions as OpenOptions,
  SpawnWorktreesOptions as WorktreesOptions,
} from '@lich/generated/types';

export interface SpawnDeps {
  store: Store;
  terminal: Terminal;
  providers: Providers;
  ports: WorktreePorts;
  /** This backend's coordinates; read at each open (the port is known only once it listens). */
  coordinates: () => Coordinates;
  /** The backend's environment: PATH for providers, the base of each session's environment. */
  env: NodeJS.ProcessEnv;
  /** The git worktrees sessions are opened in (`<dataDir>/worktrees/…`). */
  worktrees: Worktrees;
  /**
   * Told that session `id` is being closed by `by` (the closer's lich id, `""` for the command
   * line), after every refusal and before its process is ended: the relay ends a subagent's
   * errand there as `stopped` (relay.closing).
   */
  closing?: (id: string, by: string) => void;
  /**
   * Confinement (sandbox/sandbox.ts): the rung in `<configDir>/settings.json`, private homes under
   * `<dataDir>/sandbox/homes`. Absent: one over the config directory holding providers.json and
   * the data directory holding the store.
   */
  sandbox?: Sandbox;
  /**
   * The folder of lich's Claude Code plugin a session of a provider that loads it is started
   * with (providers/claude-plugin.ts `sessionClaudePlugin`), asked at each start; absent, or
   * `""`, for none.
   */
  claudePlugin?: () => string;
  /**
   * Each session's own temporary directory (spawn/session-temp.ts), its `TMPDIR`, removed when its
   * process ends. Absent: one under the data directory holding the store.
   */
  temps?: SessionTemps;
}

/**
 * Where a `lich open --subagent` worker goes (spawn/subagent.ts): `checkout` is the caller's
 * directory, used when no worktree was asked for (`""` otherwise); `depth` is recorded on the row
 * and exported as `LICH_SUBAGENT_DEPTH` on every start.
 */
export interface SubagentPlacement {
  checkout: string;
  depth: number;
}

/** Where a project comes from: a row already held, or one to write with the session. */
type ProjectChoice = { row: ProjectRow; create?: undefined } | { row?: undefined; create: { id: string; name: string; path: string } };

export class Spawn {
  private readonly sandbox: Sandbox;
  private readonly temps: SessionTemps;
  /**
   * Sessions this Spawn is starting right now and whose terminal may not run yet: a fresh open's
   * from before its row is written, a resume's from its claim (see `reopenParked`,
   * `placeCheckout`), each until its start has run or failed. See {@link running}.
   */
  private readonly starting = new Set<string>();

  constructor(private readonly d: SpawnDeps) {
    this.sandbox = d.sandbox ?? new Sandbox({ configDir: dirname(d.providers.file), dataDir: dirname(d.store.db.name) });
    this.temps = d.temps ?? new SessionTemps(dirname(d.store.db.name));
    // However the process ended — a close, its own exit, the backend's shutdown — its temporary files go with it.
    d.terminal.onExit((id) => this.temps.remove(id));
  }

  /**
   * `spawn.Open` (spec/cli.md § lich open): writes the row (`Session <n>` from the project's
   * counter, the project's active slot) in one transaction, then starts the provider in a PTY
   * rooted in the project directory. Everything refusable is refused before anything is written.
   *
   * With `worktree` the session is rooted in a git checkout of that branch, labelled after it
   * (spawn/worktrees.ts, wire.md § 12.3): an existing checkout reused — a session parked there
   * for the same provider resumed, same id and label — or a fresh one created, which runs the
   * project's setup script before the provider. A checkout that could not be given its row is
   * taken back: a failed open leaves no row, no checkout, no branch it made.
   *
   * The sandbox rung, read now, decides whether the session runs confined (spec/cli.md § lich
   * open, Confinement: `everywhere` and `ask` always, `worktrees` when its directory is not the
   * project's); a confined session is started inside bubblewrap (sandbox/), its setup script
   * included, and its provider gets the skip-permissions flag (providers/start.ts).
   *
   * @throws SpawnError for a settings file whose rung cannot be read; for a session that should
   *   run confined when bubblewrap is missing, the kernel refuses it or the checkout cannot be
   *   confined (`"<label>" should run confined (sandbox setting "<rung>" in <file>), and …`,
   *   before the row is written, taking back a checkout made for it); for a base without a
   *   worktree, a worktree git or wire.md § 12.3 refuses (git's own words; `no branch named
   *   "<b>" in <project>`; the detached-HEAD and not-a-repository lines), an unknown kind, a
   *   model, effort or ultracode its provider cannot take (providers.ts), an unresolvable
   *   project, a provider not installed; and, after the row is written, for a PTY that did not
   *   start (the row is kept, parked, and the message says so).
   */
  async open(o: OpenOptions, sub?: SubagentPlacement): Promise<Session> {
    const caller = o.from ? this.d.store.session(o.from) : undefined;
    // Cleaned, or refused, before anything is opened (spawn/workspace.ts, folderName).
    const folder = folderName(o.folder, 'opens the session in no folder');
    if (o.worktree === '' && o.base !== '') {
      throw new SpawnError(
        `a base is the branch a new worktree starts from, and no worktree was asked for, so ${goQuote(o.base)} would be dropped in silence — name the worktree to create, or leave the base out`,
      );
    }
    if (o.resume !== '') return this.reopenParked(o, caller, folder, sub);
    const provider = this.d.providers.get(o.kind || caller?.kind || 'claude');
    if (o.model !== '' && provider.modelFlag === null) throw new SpawnError(modelRefusal(provider));
    if (o.effort !== '' && provider.effort === null) throw new SpawnError(effortRefusal(provider));
    if (o.ultracode && !provider.ultracode) throw new SpawnError(ultracodeRefusal(provider));
    const project = this.chooseProject(o.project, caller);
    const file = resolveCommand(provider, this.d.env);
    const projectDir = project.row?.path ?? project.create!.path;
    const setting = this.sandbox.rung();
    const checkout = o.worktree === '' ? undefined : await this.checkout(o, project, provider.id, setting);
    if (checkout?.resume) {
      // A resume is placed by this open as a fresh row would be (spawn/reopen.ts).
      const reopening = {
        originSessionId: caller?.id ?? '',
        originLabel: caller?.label ?? '',
        subagentDepth: sub?.depth ?? 0,
        folder,
        model: o.model.startsWith('-') ? '' : o.model,
        effort: o.effort.startsWith('-') ? '' : o.effort,
        ultracode: o.ultracode,
      };
      const created = checkout.created;
      try {
        return await this.resume(
          checkout.resume,
          provider,
          file,
          setting,
          reopening,
          created && { setup: this.d.worktrees.setupScript(checkout.path, projectDir), undo: () => this.d.worktrees.undo(projectDir, created) },
        );
      } finally {
        // Claimed by placeCheckout.
        this.starting.delete(checkout.resume.id);
      }
    }

    const id = newSessionId();
    const dir = checkout?.path ?? (sub?.checkout || projectDir);
    // A session started in a directory that is gone dies at once, after "Opened" was printed.
    if (!isDirectory(dir)) {
      throw new SpawnError(
        dir === projectDir
          ? `the directory of project ${goQuote(project.row?.name ?? project.create!.name)}, ${dir}, is gone, so no session can run there — restore it, or open the project from where it is now with --project <its path>`
          : `${dir} is gone, so no session can run there — open the session in the project's own directory, or on a worktree`,
      );
    }
    const model = o.model.startsWith('-') ? '' : o.model;
    const effort = o.effort.startsWith('-') ? '' : o.effort;
    const pick = checkout ? worktreeLabel(checkout.branch) : sessionLabel;
    // A fresh checkout runs the project's setup script before the provider (spawn/setup.ts).
    const setup = checkout?.created ? this.d.worktrees.setupScript(dir, projectDir) : undefined;
    const confined = confines(setting.rung, !samePath(dir, projectDir));
    let prepared: Prepared | undefined;
    let written: Awaited<ReturnType<Store['openSession']>>;
    // Running from the moment its row can be read until its start has run or failed (running()).
    this.starting.add(id);
    try {
      // Proved on the actual binds before the row exists: a session that cannot be confined is
      // not opened at all, rather than opened and started unconfined.
      if (confined) {
        prepared = await this.confine(
          { id, kind: provider.id, path: dir, subagentDepth: sub?.depth ?? 0, label: this.nextLabel(project, pick) },
          projectDir,
          provider,
          file,
          setting,
          setup,
        );
      }
      written = await this.d.store.openSession(
        project.create,
        project.row?.id ?? project.create!.id,
        {
          id,
          kind: provider.id,
          path: dir,
          folder,
          model,
          effort,
          ultracode: o.ultracode,
          originSessionId: caller?.id ?? '',
          originLabel: caller?.label ?? '',
          subagentDepth: sub?.depth ?? 0,
          confined,
        },
        pick,
      );
    } catch (err) {
      this.starting.delete(id);
      // A worktree that could not be given its row leaves nothing behind (spec/cli.md § lich open).
      if (prepared) this.sandbox.discard(prepared);
      if (checkout?.created) await this.d.worktrees.undo(projectDir, checkout.created);
      throw err;
    }
    const { session, project: prow } = written;
    try {
      return await this.start(session, prow, provider, file, { setup, prepared, fresh: checkout?.created !== undefined });
    } finally {
      this.starting.delete(id);
    }
  }

  /**
   * Whether session `id` runs, as everything that decides by it must read it (a resume's refusal,
   * the parked session `open --worktree` picks up, the last session of a checkout, `lich
   * worktrees`): its terminal runs, or this Spawn is starting it. Not the row's `parked`: the
   * row of a process that ended stays unparked while the database refuses the park
   * (Store.parkEnded), and a row is written before its terminal starts.
   */
  running(id: string): boolean {
    return this.d.terminal.isLive(id) || this.starting.has(id);
  }

  /**
   * `lich open --resume <session>`: starts a parked session again where it stood — same id,
   * label and directory, its conversation picked back up when its provider recorded one — the way
   * back to a session parked by a close, or by a lich that stopped (every session is parked at
   * start: no terminal survives a restart). A worktree's session is resumed the same way, its
   * checkout as it stands (`open --worktree <branch>` does it by branch, and makes a checkout
   * that is gone again). The session is found over every session (spawn/find.ts), `project`
   * narrowing; what this open asks for lands on the row as for any resume (spawn/reopen.ts).
   *
   * @throws SpawnError for a worktree or base beside it; a session named by nothing, or by several;
   *   one that is running; a kind other than its own, or a model, effort or ultracode its provider
   *   cannot take; a provider not installed; a directory that is gone, or confinement refused
   *   (see `resume`).
   */
  private async reopenParked(o: OpenOptions, caller: SessionRow | undefined, folder: string, sub?: SubagentPlacement): Promise<Session> {
    if (o.worktree !== '' || o.base !== '') {
      const what = o.worktree !== '' ? `the worktree ${goQuote(o.worktree)}` : `the base ${goQuote(o.base)}`;
      throw new SpawnError(
        `a resume starts a parked session again where it stood, so ${what} would be dropped in silence — leave it out (open --worktree <branch> alone resumes the session parked in that branch's checkout)`,
      );
    }
    const row = findSession(this.d.store, o.resume, o.project, this.d.env.HOME || homedir());
    // The terminal says whether it runs, not the row: one whose process ended and whose park the
    // database refused is unparked and resumable. One being started right now counts as running:
    // a second Resume (a double click, two pages) must not start it twice, nor park the first
    // start's row when its own start fails.
    if (this.running(row.id)) {
      throw new SpawnError(`${goQuote(row.label)} is running, so there is nothing to resume — hand it a task with lich send ${goQuote(row.label)}`);
    }
    const provider = this.d.providers.get(row.kind);
    if (o.kind !== '' && o.kind !== row.kind) {
      throw new SpawnError(
        `${goQuote(row.label)} runs ${row.kind}, and a resume picks its own conversation back up — leave the kind out, or open a new session of ${o.kind}`,
      );
    }
    if (o.model !== '' && provider.modelFlag === null) throw new SpawnError(modelRefusal(provider));
    if (o.effort !== '' && provider.effort === null) throw new SpawnError(effortRefusal(provider));
    if (o.ultracode && !provider.ultracode) throw new SpawnError(ultracodeRefusal(provider));
    const file = resolveCommand(provider, this.d.env);
    const reopening = {
      originSessionId: caller?.id ?? '',
      originLabel: caller?.label ?? '',
      subagentDepth: sub?.depth ?? 0,
      folder,
      model: o.model.startsWith('-') ? '' : o.model,
      effort: o.effort.startsWith('-') ? '' : o.effort,
      ultracode: o.ultracode,
    };
    this.starting.add(row.id);
    try {
      return await this.resume(row, provider, file, this.sandbox.rung(), reopening);
    } finally {
      this.starting.delete(row.id);
    }
  }

  /**
   * Readies the confinement of a session about to start (sandbox/sandbox.ts `prepare`): its
   * private home, the binds its checkout, provider, `LICH_BIN` and setup script need, proved by a
   * run of an empty shell inside.
   *
   * @throws SpawnError naming `s.label` and the setting when it cannot be confined.
   */
  private confine(
    s: { id: string; kind: string; path: string; subagentDepth: number; label: string },
    projectDir: string,
    provider: Provider,
    file: string,
    setting: RungSetting,
    setup: string | undefined,
  ): Promise<Prepared> {
    const coordinates = this.d.coordinates();
    // The port only names this backend to the session; the binds do not depend on it.
    const env = sessionEnv(this.d.env, providerEnv(provider, { confined: true }), {
      ...coordinates,
      sessionId: s.id,
      projectDir,
      worktreePort: 0,
      subagentDepth: s.subagentDepth,
    });
    return this.sandbox.prepare({
      sessionId: s.id,
      label: s.label,
      setting,
      checkout: s.path,
      env,
      kind: s.kind,
      runs: [file, coordinates.bin, ...provider.args.filter((a) => isAbsolute(a))].filter(Boolean),
      // lich's Claude Code plugin: its copy lives under the data directory, which may sit in the home a confined session does not see.
      reads: [...(setup && isAbsolute(setup) ? [setup] : []), ...[this.pluginDir(provider)].filter(Boolean)],
    });
  }

  /** The plugin folder `provider` is started with (`--plugin-dir`), `""` for none or when it cannot be had. */
  private pluginDir(provider: Provider): string {
    if (!provider.loadsLichPlugin || !this.d.claudePlugin) return '';
    try {
      return this.d.claudePlugin();
    } catch {
      // No copy could be made (a data directory that is not writable): the session starts without the plugin.
      return '';
    }
  }

  /** The label a new row of `project` would be given by `pick` as things stand (the failure line's, before the row exists). */
  private nextLabel(project: ProjectChoice, pick: (nextSeq: number, taken: Set<string>) => { label: string }): string {
    if (!project.row) return pick(1, new Set()).label;
    return pick(project.row.nextSeq, new Set(this.d.store.sessionsOfProject(project.row.id).map((r) => r.label.toLowerCase()))).label;
  }

  /**
   * Starts `session`'s provider in a PTY rooted in its directory and answers with the Session
   * object; `o.resume` picks its recorded conversation back up (providers/start.ts), `o.setup`
   * runs that setup script first (spawn/setup.ts), `o.prepared` runs both inside that
   * confinement (sandbox/). `LICH_WORKTREE_PORT` is the checkout's.
   *
   * @throws SpawnError for a PTY that did not start: the row is kept, parked, and the message says so.
   */
  private async start(
    session: SessionRow,
    prow: ProjectRow,
    provider: Provider,
    file: string,
    o: { resume?: boolean; setup?: string; prepared?: Prepared; fresh?: boolean },
  ): Promise<Session> {
    const { id, path: dir } = session;
    const name = rosterName(dir, id);
    // A checkout this open made stays recorded as being made (spawn/recover.ts) until its setup
    // script is over: a backend killed before then has it taken back at its next start. A script
    // that failed on its own leaves the checkout as it is, for a person to look into (spawn/setup.ts);
    // one cut off by a signal (the session closed, lich quitting) leaves the record standing.
    const made = o.fresh === true;
    const settle = async (): Promise<void> => {
      if (made && this.d.store.db.open) await this.d.worktrees.journal?.end(dir).catch(() => undefined);
    };
    try {
      const worktreePort = await this.d.ports.acquire(dir, id);
      const coordinates = this.d.coordinates();
      const pluginDir = this.pluginDir(provider);
      const args = startArgs(provider, session, { rosterName: name, bin: coordinates.bin, env: this.d.env, resume: o.resume, pluginDir });
      const unconfined = o.setup ? setupCommand(o.setup, file, args) : { file, args };
      const command = o.prepared ? this.sandbox.wrap(o.prepared, unconfined) : unconfined;
      // A confined session's TMPDIR is the sandbox's private /tmp, gone with the sandbox.
      const tmpdir = o.prepared || this.d.terminal.isLive(id) ? undefined : this.temps.make(id);
      this.d.terminal.start(id, {
        file: command.file,
        args: command.args,
        cwd: dir,
        env: sessionEnv(this.d.env, { ...providerEnv(provider, session), ...startEnv(provider, coordinates.bin) }, {
          ...coordinates,
          sessionId: id,
          projectDir: prow.path,
          worktreePort,
          subagentDepth: session.subagentDepth,
          subagentCards: subagentCardsSetting(dirname(this.d.providers.file)),
          tmpdir,
        }),
        readyMarker: o.setup ? SETUP_MARKER : undefined,
        onSetupEnd: made && o.setup ? (end) => (end.marker || !end.exit.signal ? settle() : undefined) : undefined,
        // Started with lich's plugin, it says it reads by its /session-start (terminal/readiness.ts).
        ready: pluginDir ? { ...provider.readiness, awaitsPlugin: true } : provider.readiness,
        submitKey: provider.submitKey,
      });
      if (!o.setup) await settle();
    } catch (err) {
      this.d.ports.release(id);
      if (!this.d.terminal.isLive(id)) this.temps.remove(id);
      let unparked = '';
      try {
        // Nothing runs: a park the database refuses is owed and made once it takes writes again.
        await this.d.store.parkEnded(id);
      } catch (failed) {
        unparked = ` — and its row could not be parked yet (lich parks it once the workspace database takes writes again): ${(failed as Error).message}`;
      }
      // The row is kept, and so is its checkout (spec/cli.md § lich open: "keeps both").
      await settle();
      throw new SpawnError(
        `session ${goQuote(session.label)} is open in project ${goQuote(prow.name)}, but its terminal did not start: ${(err as Error).message}${unparked}`,
      );
    }
    return {
      id,
      projectId: prow.id,
      project: prow.name,
      label: session.label,
      name,
      kind: session.kind,
      path: session.path,
      nextSeq: prow.nextSeq,
      originSessionId: session.originSessionId,
      originLabel: session.originLabel,
      confined: session.confined,
      folder: session.folder,
      run: true,
    };
  }

  /**
   * Where `open --worktree` roots the session (spec/cli.md § lich open, --worktree; wire.md
   * § 12.3), refusing before anything is written: an existing checkout of the branch is reused
   * as it stands — and a session parked in it for this same provider (a worktree closed with
   * keep) is resumed rather than a new one opened — else a checkout is created (`created`, for
   * the undo). Nothing is created for a refusal.
   */
  private async checkout(
    o: OpenOptions,
    project: ProjectChoice,
    kind: string,
    setting: RungSetting,
  ): Promise<{ path: string; branch: string; created?: CreatedCheckout; resume?: SessionRow }> {
    const projectDir = project.row?.path ?? project.create!.path;
    // Deciding and making the checkout run one at a time per project: a second open of the same
    // new branch then finds the first's checkout and reuses it (spawn/worktrees.ts, serial).
    return this.d.worktrees.serial(projectDir, () => this.placeCheckout(o, project, kind, projectDir, setting));
  }

  private async placeCheckout(
    o: OpenOptions,
    project: ProjectChoice,
    kind: string,
    projectDir: string,
    setting: RungSetting,
  ): Promise<{ path: string; branch: string; created?: CreatedCheckout; resume?: SessionRow }> {
    const rows = project.row ? this.d.store.sessionsOfProject(project.row.id) : [];
    const plan = await this.d.worktrees.plan({
      projectDir,
      project: project.row?.name ?? project.create!.name,
      projectId: project.row?.id ?? project.create!.id,
      branch: o.worktree,
      base: o.base,
      sessionIn: (path) => rows.filter((s) => samePath(s.path, path)).pop()?.label,
    });
    // A session parked in the branch's checkout for this provider (a worktree closed with keep)
    // is resumed rather than a new one opened. The rows are read again (the plan awaited git),
    // and the one picked is claimed here, in the project's queue: another open of the branch, or
    // an `open --resume` of it, arriving before this one's start has unparked the row does not
    // start it a second time (a confined start awaits its proof run first).
    const parkedIn = (path: string) => {
      const row = (project.row ? this.d.store.sessionsOfProject(project.row.id) : [])
        .filter((s) => s.kind === kind && samePath(s.path, path) && !this.running(s.id))
        .sort((a, b) => a.updatedAt - b.updatedAt)
        .pop();
      if (row) this.starting.add(row.id);
      return row;
    };
    if (plan.kind === 'existing') return { path: plan.path, branch: plan.branch, resume: parkedIn(plan.path) };
    // A checkout for a session that should run confined is not made on a machine without
    // bubblewrap: the open fails first, with nothing to take back.
    if (confines(setting.rung, !samePath(plan.path, projectDir))) {
      this.sandbox.locate(this.d.env, this.nextLabel(project, worktreeLabel(plan.branch)), setting);
    }
    const created = await this.d.worktrees.create(projectDir, plan);
    // A checkout made where a session was parked — a stale one made again, or one whose
    // directory and registration are both gone (removed by hand, or taken back after a crash):
    // that session picks its conversation back up there, under its own label, in a checkout as
    // fresh as any new one (its setup script runs first). Opening a new row instead would find
    // the branch's label taken by the parked one and fall back to `Session <n>`.
    const resume = parkedIn(created.path);
    return { path: created.path, branch: created.branch, created, resume };
  }

  /**
   * Starts a parked session again where it stood (spec/cli.md § lich close, keep: "open
   * --worktree <branch> on that branch resumes it"): same id, same label, its conversation picked
   * back up when its provider recorded one; no setup script, since the checkout is not fresh —
   * unless it was made again (a stale checkout, `fresh`), when its setup script runs first as in
   * any fresh one, and a refusal before the start takes that checkout back (`fresh.undo`).
   * A row whose directory is gone is refused rather than started into a dead session.
   * What this open asked for is written on the row first (spawn/reopen.ts). Whether it runs
   * confined is this open's rung, as for a fresh row, and is recorded on it; its private home is
   * the one it had, so what its provider kept there is still there.
   *
   * @throws SpawnError for a session that should run confined and cannot be (the row stays
   *   parked, untouched); for a folder that could not be written: the session is then open and
   *   running, unfiled, and the message says so (spec/cli.md § lich open, --folder).
   */
  private async resume(
    row: SessionRow,
    provider: Provider,
    file: string,
    setting: RungSetting,
    reopening: Reopening,
    fresh?: { setup: string | undefined; undo: () => Promise<void> },
  ): Promise<Session> {
    const setup = fresh?.setup;
    const projectDir = this.d.store.project(row.projectId)?.path ?? row.path;
    if (!isDirectory(row.path)) {
      throw new SpawnError(
        samePath(row.path, projectDir)
          ? `session ${goQuote(row.label)} was parked in the directory of its project, ${row.path}, which is gone, so it cannot be resumed there — restore the directory, or open the project from where it is now with --project <its path>`
          : `session ${goQuote(row.label)} was parked in ${row.path}, which is gone, so it cannot be resumed there — open a worktree on its branch to have the checkout made again`,
      );
    }
    const confined = confines(setting.rung, !samePath(row.path, projectDir));
    let prepared: Prepared | undefined;
    try {
      prepared = confined ? await this.confine({ ...row, subagentDepth: reopening.subagentDepth }, projectDir, provider, file, setting, setup) : undefined;
    } catch (err) {
      // Refused before anything started: a checkout made for it goes too, as for a fresh row.
      await fresh?.undo();
      throw err;
    }
    const unfiled = await placeReopened(this.d.store, row.id, reopening);
    if (row.confined !== confined) await this.d.store.setConfined(row.id, confined);
    const resumed = await this.d.store.resumeSession(row.id);
    if (!resumed) throw new SpawnError(`session ${goQuote(row.label)} is gone from the workspace, so it cannot be resumed`);
    const session = await this.start(resumed.session, resumed.project, provider, file, { resume: true, prepared, setup, fresh: fresh !== undefined });
    if (unfiled) {
      throw new SpawnError(
        `session ${goQuote(session.label)} is open and running in project ${goQuote(session.project)}, but it could not be filed under ${goQuote(reopening.folder)}: ${unfiled.message}`,
      );
    }
    return session;
  }

  /**
   * `spawn.Close` (spec/cli.md § lich close): resolves the target over every session, live or
   * not, refuses the caller's own, parks the row and then ends its process (answering only once
   * it is gone): a park the database refuses changes nothing, the session still running. A session in the project's own directory, or sharing its checkout with another
   * unparked session — of any project, a project rooted in that checkout included — has no
   * checkout at stake. A worktree's last session needs `worktree`:
   * `keep` parks it (Closed.kept); `remove` runs `git worktree remove [--force]` and deletes its
   * row and every parked row pointing at that checkout (Closed.removed); the branch stays.
   *
   * @throws SpawnError `no session given to close`, `no session named "<t>"[ in project "<p>"]`,
   *   `"<t>" names <n> sessions — narrow it with the project`,
   *   `"<t>" is this session — closing it would take down the agent asking for it`, and the
   *   refusals of wire.md § 12.3: the `--worktree` value, the last session without it, a dirty
   *   checkout without `force`, a checkout lich did not create, a checkout that is a project's own
   *   directory (wording of this build: `the worktree <path> is the directory of project "<p>", so
   *   closing this session cannot delete it: say "keep" instead, …`); and git's words when a removal
   *   it was asked for fails (the session is then parked, its checkout and rows in place).
   * @throws StoreError when the database refuses the park (store/store.ts: a full disk, a lock
   *   held past the wait): nothing was written and nothing ended.
   */
  async close(o: CloseOptions): Promise<Closed> {
    if (o.worktree !== '' && o.worktree !== 'keep' && o.worktree !== 'remove') {
      throw new SpawnError(
        `${quoteName(o.worktree)} is not something to do with a worktree — "keep" keeps the checkout, "remove" deletes it`,
      );
    }
    const s = this.find(o.target, o.project);
    if (o.from !== '' && s.id === o.from) {
      throw new SpawnError(`${goQuote(o.target)} is this session — closing it would take down the agent asking for it`);
    }
    const p = this.d.store.project(s.projectId);
    // A session in the project's own directory, or sharing its checkout with another open
    // session, has nothing at stake: it is parked on the spot. Only a worktree's last session
    // decides the checkout's fate, and that needs an answer.
    const worktree = p !== undefined && !samePath(s.path, p.path) ? s.path : '';
    // "Another session in the checkout" is one of any project: a lich worktree can be opened as a
    // project of its own, whose sessions run there as its own directory.
    const projectPaths = new Map(this.d.store.projects().map((r) => [r.id, r.path]));
    // Open is unparked and running (running()): a row whose process ended is no session in it.
    const last =
      worktree !== '' &&
      !this.d.store
        .sessions()
        .some(
          (r) =>
            r.id !== s.id && !r.parked && this.running(r.id) && (samePath(r.path, worktree) || isRootedAt(projectPaths.get(r.projectId), worktree)),
        );
    // A checkout that is a project's own directory is never removed, whichever project's session closes.
    const owner = worktree !== '' ? this.d.store.projects().find((r) => samePath(r.path, worktree)) : undefined;
    if (last) {
      if (o.worktree === '') {
        throw new SpawnError(
          `${goQuote(s.label)} is the last session in the worktree ${worktree}, so closing it decides that checkout's fate: say "keep" to leave it on disk (the session is parked and can be resumed) or "remove" to delete it`,
        );
      }
      if (o.worktree === 'remove') {
        if (owner) {
          throw new SpawnError(
            `the worktree ${worktree} is the directory of project ${goQuote(owner.name)}, so closing this session cannot delete it: say "keep" instead, which parks the session and leaves the checkout where it is`,
          );
        }
        if (!this.d.worktrees.createdByLich(worktree)) {
          throw new SpawnError(
            `the worktree ${worktree} was not created by lich, so closing this session cannot delete it: say "keep" instead, which parks the session and leaves the checkout where it is, or remove it from the window, which asks first`,
          );
        }
        if (!o.force && existsSync(worktree) && (await this.d.worktrees.dirty(worktree))) {
          throw new SpawnError(
            `the worktree ${worktree} has uncommitted work, and removing it discards what is in no commit and on no remote. Force it only if that is what you mean`,
          );
        }
      }
    }
    const removed = last && o.worktree === 'remove';
    const journal = this.d.worktrees.journal;
    // Recorded before anything ends: a backend killed from here on finishes the removal at its
    // next start (spawn/recover.ts), rather than leaving a parked row in a directory half gone.
    if (removed) await journal?.begin({ path: worktree, projectDir: p!.path, branch: '', op: 'remove', madeBranch: false });
    try {
      // The row first: a park the database refuses (a full disk, a lock held past the wait)
      // leaves the session running and untouched, as the refusal says — ended first, its process
      // would be gone while its row still read as open.
      await this.d.store.setParked(s.id, true);
      this.d.closing?.(s.id, o.from);
      await this.d.terminal.kill(s.id);
      // Kept: the checkout's fate is decided, whatever its setup script had got to.
      if (last && o.worktree === 'keep') await journal?.end(worktree);
      if (removed) {
        // The checkout first: a removal git refuses leaves the session parked and its rows in place.
        await this.d.worktrees.remove(p!.path, worktree, o.force);
        const gone = this.d.store.sessions().filter((r) => samePath(r.path, worktree)).map((r) => r.id);
        // The rows and the record go together: the removal is over exactly when its rows are gone.
        await this.d.store.deleteSessions(gone, { endCheckout: worktree });
        // A row gone for good takes its private home with it (sandbox/sandbox.ts).
        this.sandbox.forget(gone);
      }
    } catch (err) {
      // Refused (by git, say): nothing is left half-done to finish later.
      if (removed && this.d.store.db.open) await journal?.end(worktree).catch(() => undefined);
      throw err;
    }
    return {
      id: s.id,
      projectId: s.projectId,
      project: p?.name ?? '',
      label: s.label,
      worktree,
      kept: last && o.worktree === 'keep',
      removed,
    };
  }

  /**
   * `spawn.Worktrees` (spec/cli.md § lich worktrees): the project's git worktrees, its own
   * directory excepted, with the labels of the sessions open in each. `project` only narrows
   * (spawn/narrow.ts); `""` is the caller's.
   *
   * @throws SpawnError for a project that cannot be narrowed to, or one not in a git repository.
   */
  async worktrees(o: WorktreesOptions): Promise<Checkout[]> {
    const p = narrowProject(this.d.store, o.project, o.from, this.d.env.HOME || homedir());
    return this.d.worktrees.list(
      p,
      this.d.store.sessionsOfProject(p.id).filter((s) => this.running(s.id)),
    );
  }

  private find(target: string, project: string): SessionRow {
    if (target === '') throw new SpawnError('no session given to close');
    return findSession(this.d.store, target, project, this.d.env.HOME || homedir());
  }


  /**
   * The project a session opens in (spec/cli.md § lich open, --project): `""` is the caller's;
   * a bare word is a name (case-insensitive); an absolute path or `~/…` is a directory, opened
   * as a project — the row matched by path when it exists, else a new one named after the
   * directory, written with the session.
   */
  private chooseProject(spec: string, caller: SessionRow | undefined): ProjectChoice {
    const store = this.d.store;
    if (spec === '') {
      const own = caller && store.project(caller.projectId);
      if (own) return { row: own };
      const open = store.projects();
      throw new SpawnError(
        open.length
          ? `no project was named, and this is not running in a lich session whose project it could default to — name one with --project: ${open.map((p) => quoteName(p.name)).join(', ')}`
          : `no project was named, and none is open yet — give the project as the absolute path of its directory`,
      );
    }
    const isPath = spec.startsWith('/') || spec === '~' || spec.startsWith('~/');
    if (!isPath && !spec.includes('/') && !spec.includes('\\')) return { row: this.projectByName(spec) };
    if (!isPath) {
      throw new SpawnError(
        `${quoteName(spec)} is not an absolute path, and there is no shell at lich's end to resolve it against — give the directory's absolute path (a leading ~ is expanded)`,
      );
    }
    const dir = expandPath(spec, this.d.env.HOME || homedir());
    let st;
    try {
      st = statSync(dir);
    } catch {
      throw new SpawnError(`no directory at ${quoteName(dir)} to open as a project`);
    }
    if (!st.isDirectory()) throw new SpawnError(`${goQuote(dir)} is not a directory, so it cannot be opened as a project`);
    const row = store.projectByPath(dir);
    if (row) return { row };
    return { create: { id: newProjectId(), name: this.freeName(cleanName(basename(dir)) || 'lich'), path: dir } };
  }

  private projectByName(name: string): ProjectRow {
    const all = this.d.store.projects();
    const exact = all.filter((p) => p.name === name);
    const hits = exact.length ? exact : all.filter((p) => equalFold(p.name, name));
    if (hits.length === 1) return hits[0];
    if (hits.length > 1) {
      throw new SpawnError(`${quoteName(name)} names ${hits.length} projects — give the project's directory path instead`);
    }
    throw new SpawnError(
      all.length
        ? `no project named ${quoteName(name)} is open — the open projects are ${all.map((p) => quoteName(p.name)).join(', ')}; give a directory's absolute path to open another`
        : `no project named ${quoteName(name)} is open, and none is yet — give the project as the absolute path of its directory`,
    );
  }

  /** A project name no other project carries (case-insensitively): the directory name, else `<name>-2`, `-3`, … */
  private freeName(base: string): string {
    const taken = this.d.store.projects().map((p) => p.name);
    let name = base;
    for (let n = 2; taken.some((t) => equalFold(t, name)); n++) name = `${base}-${n}`;
    return name;
  }
}

/** Whether `dir` is a directory now. */
function isDirectory(dir: string): boolean {
  try {
    return statSync(dir).isDirectory();
  } catch {
    return false;
  }
}

/** Whether a project rooted at `root` (undefined: no such project) has the checkout `dir` as its own directory. */
function isRootedAt(root: string | undefined, dir: string): boolean {
  return root !== undefined && samePath(root, dir);
}
