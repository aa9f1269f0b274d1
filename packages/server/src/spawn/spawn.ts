/**
 * Spawn for a caller that is not the window (spec/cli.md § lich server side, Spawn; § lich open;
 * § lich close): the one place that does what a session is at once — the row (store) and the
 * PTY (terminal); worktrees come in a later issue and are refused until then.
 */
import { statSync } from 'node:fs';
import { homedir } from 'node:os';
import { basename } from 'node:path';
import { SpawnError } from '../errors.js';
import { newProjectId, newSessionId } from '../ids.js';
import { modelRefusal, providerArgs, resolveCommand, type Providers } from '../providers/providers.js';
import { goQuote } from '@lich/core/quote';
import { equalFold, expandPath, inProject } from '../relay/resolve.js';
import type { ProjectRow, SessionRow, Store } from '../store/store.js';
import { sessionEnv, type Coordinates, type WorktreePorts } from '../terminal/env.js';
import type { Terminal } from '../terminal/terminal.js';
import { rosterName, sessionLabel } from './names.js';

// The shapes are the contract's (contracts/rpc/spawn.*.json, contracts/objects/{session,closed}.json),
// so a field that moves there fails to compile here.
export type { Closed, Session, SpawnCloseOptions as CloseOptions, SpawnOpenOptions as OpenOptions } from '@lich/generated/types';
import type { Closed, Session, SpawnCloseOptions as CloseOptions, SpawnOpenOptions as OpenOptions } from '@lich/generated/types';

export interface SpawnDeps {
  store: Store;
  terminal: Terminal;
  providers: Providers;
  ports: WorktreePorts;
  /** This backend's coordinates; read at each open (the port is known only once it listens). */
  coordinates: () => Coordinates;
  /** The backend's environment: PATH for providers, the base of each session's environment. */
  env: NodeJS.ProcessEnv;
}

/** Where a project comes from: a row already held, or one to write with the session. */
type ProjectChoice = { row: ProjectRow; create?: undefined } | { row?: undefined; create: { id: string; name: string; path: string } };

export class Spawn {
  constructor(private readonly d: SpawnDeps) {}

  /**
   * `spawn.Open` (spec/cli.md § lich open): writes the row (`Session <n>` from the project's
   * counter, the project's active slot) in one transaction, then starts the provider in a PTY
   * rooted in the project directory. Everything refusable is refused before anything is written.
   *
   * @throws SpawnError for a worktree, a base, an effort or ultracode (not supported by this
   *   backend yet), an unknown kind, a refused model, an unresolvable project, a provider not
   *   installed; and, after the row is written, for a PTY that did not start (the row is kept,
   *   parked, and the message says so).
   */
  async open(o: OpenOptions): Promise<Session> {
    const caller = o.from ? this.d.store.session(o.from) : undefined;
    if (o.worktree !== '') {
      throw new SpawnError(
        `this lich cannot open a worktree yet, so ${goQuote(o.worktree)} was not created: leave the worktree out to open the session in the project's own directory`,
      );
    }
    if (o.base !== '') {
      throw new SpawnError(
        `a base is the branch a new worktree starts from, and no worktree was asked for, so ${goQuote(o.base)} would be dropped in silence — name the worktree to create, or leave the base out`,
      );
    }
    if (o.effort !== '') {
      throw new SpawnError(`this lich cannot set a session's effort yet: leave the effort out, and set it inside the session`);
    }
    if (o.ultracode) {
      throw new SpawnError(`this lich cannot turn ultracode on yet: leave it out, or turn it on inside the session`);
    }
    const provider = this.d.providers.get(o.kind || caller?.kind || 'claude');
    if (o.model !== '' && provider.modelFlag === null) throw new SpawnError(modelRefusal(provider));
    const project = this.chooseProject(o.project, caller);
    const file = resolveCommand(provider, this.d.env);

    const id = newSessionId();
    const dir = project.row?.path ?? project.create!.path;
    const model = o.model.startsWith('-') ? '' : o.model;
    const { session, project: prow } = this.d.store.openSession(
      project.create,
      project.row?.id ?? project.create!.id,
      {
        id,
        kind: provider.id,
        path: dir,
        folder: o.folder,
        model,
        originSessionId: caller?.id ?? '',
        originLabel: caller?.label ?? '',
        confined: false,
      },
      sessionLabel,
    );
    const name = rosterName(dir, id);
    try {
      const worktreePort = await this.d.ports.acquire(dir, id);
      const coordinates = this.d.coordinates();
      this.d.terminal.start(id, {
        file,
        args: providerArgs(provider, { rosterName: name, model, bin: coordinates.bin }),
        cwd: dir,
        env: sessionEnv(this.d.env, provider.env, { ...coordinates, sessionId: id, projectDir: prow.path, worktreePort }),
      });
    } catch (err) {
      this.d.ports.release(id);
      this.d.store.setParked(id, true);
      throw new SpawnError(
        `session ${goQuote(session.label)} is open in project ${goQuote(prow.name)}, but its terminal did not start: ${(err as Error).message}`,
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
   * `spawn.Close` (spec/cli.md § lich close): resolves the target over every session, live or
   * not, refuses the caller's own, ends its process (answering only once it is gone) and parks
   * the row. A session in the project's own directory has no checkout at stake.
   *
   * @throws SpawnError `no session given to close`, `no session named "<t>"[ in project "<p>"]`,
   *   `"<t>" names <n> sessions — narrow it with the project`,
   *   `"<t>" is this session — closing it would take down the agent asking for it`, and the
   *   `--worktree` value refusal of wire.md § 12.3.
   */
  async close(o: CloseOptions): Promise<Closed> {
    if (o.worktree !== '' && o.worktree !== 'keep' && o.worktree !== 'remove') {
      throw new SpawnError(
        `${goQuote(o.worktree)} is not something to do with a worktree — "keep" keeps the checkout, "remove" deletes it`,
      );
    }
    const s = this.find(o.target, o.project);
    if (o.from !== '' && s.id === o.from) {
      throw new SpawnError(`${goQuote(o.target)} is this session — closing it would take down the agent asking for it`);
    }
    const p = this.d.store.project(s.projectId);
    // Every session here runs in its project's own directory (worktrees are a later issue), so
    // nothing is at stake but the process: the row is parked like every other close.
    await this.d.terminal.kill(s.id);
    this.d.store.setParked(s.id, true);
    return {
      id: s.id,
      projectId: s.projectId,
      project: p?.name ?? '',
      label: s.label,
      worktree: '',
      kept: false,
      removed: false,
    };
  }

  /**
   * Resolves a `<session>` over every session (wire.md § 9, `findSession`): exact id first,
   * then label (case-insensitive), then — only when no label matched — roster name; label and
   * name matches narrowed by `project` (a name, or a directory that only narrows).
   */
  private find(target: string, project: string): SessionRow {
    if (target === '') throw new SpawnError('no session given to close');
    const all = this.d.store.sessions();
    const byId = all.find((s) => s.id === target);
    if (byId) return byId;
    const projects = new Map(this.d.store.projects().map((p) => [p.id, p]));
    const home = this.d.env.HOME || homedir();
    const narrowed = all.filter((s) => {
      const p = projects.get(s.projectId);
      return inProject(
        { id: s.id, projectId: s.projectId, project: p?.name ?? '', projectPath: p?.path ?? '', label: s.label, name: '', kind: s.kind, path: s.path, reportsState: false, hasTools: false },
        project,
        home,
      );
    });
    let hits = narrowed.filter((s) => equalFold(s.label, target));
    if (hits.length === 0) hits = narrowed.filter((s) => equalFold(rosterName(s.path, s.id), target));
    if (hits.length === 1) return hits[0];
    if (hits.length === 0) {
      throw new SpawnError(`no session named ${goQuote(target)}${project ? ` in project ${goQuote(project)}` : ''}`);
    }
    throw new SpawnError(`${goQuote(target)} names ${hits.length} sessions — narrow it with the project`);
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
          ? `no project was named, and this is not running in a lich session whose project it could default to — name one with --project: ${open.map((p) => goQuote(p.name)).join(', ')}`
          : `no project was named, and none is open yet — give the project as the absolute path of its directory`,
      );
    }
    const isPath = spec.startsWith('/') || spec === '~' || spec.startsWith('~/');
    if (!isPath && !spec.includes('/') && !spec.includes('\\')) return { row: this.projectByName(spec) };
    if (!isPath) {
      throw new SpawnError(
        `${goQuote(spec)} is not an absolute path, and there is no shell at lich's end to resolve it against — give the directory's absolute path (a leading ~ is expanded)`,
      );
    }
    const dir = expandPath(spec, this.d.env.HOME || homedir());
    let st;
    try {
      st = statSync(dir);
    } catch {
      throw new SpawnError(`no directory at ${goQuote(dir)} to open as a project`);
    }
    if (!st.isDirectory()) throw new SpawnError(`${goQuote(dir)} is not a directory, so it cannot be opened as a project`);
    const row = store.projectByPath(dir);
    if (row) return { row };
    return { create: { id: newProjectId(), name: this.freeName(basename(dir) || 'lich'), path: dir } };
  }

  private projectByName(name: string): ProjectRow {
    const all = this.d.store.projects();
    const exact = all.filter((p) => p.name === name);
    const hits = exact.length ? exact : all.filter((p) => equalFold(p.name, name));
    if (hits.length === 1) return hits[0];
    if (hits.length > 1) {
      throw new SpawnError(`${goQuote(name)} names ${hits.length} projects — give the project's directory path instead`);
    }
    throw new SpawnError(
      all.length
        ? `no project named ${goQuote(name)} is open — the open projects are ${all.map((p) => goQuote(p.name)).join(', ')}; give a directory's absolute path to open another`
        : `no project named ${goQuote(name)} is open, and none is yet — give the project as the absolute path of its directory`,
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
