/**
 * The workspace side of spawn: renaming a session's card, and the sidebar's folders — listing
 * them, filing a session, renaming a folder (merging, taking it apart) and painting one
 * (spec/cli.md § lich rename, § lich folders, § lich file, § lich rename-folder,
 * § lich color-folder; wire.md §§ 6, 7.5, 9). All of it is rows in the store: nothing here
 * touches a terminal, and nothing runs inside the session — the provider's own idea of its name
 * is untouched, exactly as the window's rename leaves it.
 *
 * A folder is a name on a session and nothing else (the `folder` column), and its color is
 * written on each card in it (the `color` column). The sidebar shows the cards of unparked
 * sessions in the order they were opened, and a folder's block is drawn where its first card
 * falls; so that is the order `folders` lists folders and their sessions in. Parked sessions are
 * off the sidebar: they neither make a folder exist nor appear in a listing, but a rename, an
 * ungroup or a color reaches them too, so a resumed one comes back into its folder.
 */
import { homedir } from 'node:os';
import { nameControlRefusal, quoteName } from '@lich/core/names';
import { goQuote } from '@lich/core/quote';
import { SpawnError } from '../errors.js';
import { equalFold, expandPath, isDirectory } from '../relay/resolve.js';
import type { ProjectRow, SessionRow, Store } from '../store/store.js';
import { rosterName } from './names.js';
import { findSession } from './find.js';
import { narrowProject } from './narrow.js';
import { samePath } from './worktrees.js';
import type {
  Colored,
  Filed,
  Folder,
  Refiled,
  Renamed,
  SpawnColorFolderOptions as ColorFolderOptions,
  SpawnFileOptions as FileOptions,
  SpawnFoldersOptions as FoldersOptions,
  SpawnRenameFolderOptions as RenameFolderOptions,
  SpawnRenameOptions as RenameOptions,
} from '@lich/generated/types';

export type { Colored, Filed, Folder, Refiled, Renamed, ColorFolderOptions, FileOptions, FoldersOptions, RenameFolderOptions, RenameOptions };

/** The colors a folder's cards can be painted (spec/cli.md § lich color-folder), in the window's order. */
export const PALETTE = ['red', 'orange', 'amber', 'green', 'teal', 'blue', 'violet', 'pink'] as const;

export interface WorkspaceDeps {
  store: Store;
  /** The backend's environment: HOME, for a `~/…` project. */
  env: NodeJS.ProcessEnv;
  /**
   * Whether session `id` runs (spawn/spawn.ts `running`: its terminal, not its row — a row whose
   * process ended stays unparked while the database refuses the park). Absent: the row's word.
   */
  running?: (id: string) => boolean;
}

/** What a command does to the session it resolves, for the refusal when none is named. */
type Verb = 'rename' | 'file';

export class Workspace {
  constructor(private readonly d: WorkspaceDeps) {}

  /**
   * `spawn.Rename` (spec/cli.md § lich rename): the label, trimmed of surrounding spaces, becomes
   * the user's (label_auto cleared), so the provider's auto-title never overwrites it; one holding
   * a control character is refused (core/names.ts), never cleaned into another name the one given
   * would not find. Nothing changes when it is refused.
   *
   * @throws SpawnError `a label cannot hold control characters, and "<label>" holds one: give it
   *   without them`; `a rename needs a name, and none was given`;
   *   `no session was named to rename, and this is not running in one — name the session`;
   *   the resolution refusals of {@link Workspace.find};
   *   `"<label>" already names another session in <project>, and two sessions under one name is
   *   the one thing \`lich send\` cannot resolve` (another session of that project, parked ones
   *   included, holds it case-insensitively).
   */
  async rename(o: RenameOptions): Promise<Renamed> {
    const controls = nameControlRefusal('label', o.label);
    if (controls !== undefined) throw new SpawnError(controls);
    const label = o.label.trim();
    if (label === '') throw new SpawnError('a rename needs a name, and none was given');
    const s = this.target(o.from, o.target, o.project, 'rename');
    const project = this.d.store.project(s.projectId);
    const projectName = project?.name ?? '';
    // Looked at inside the write, as the rows stand then: a write may wait behind others.
    await this.d.store.setLabel(s.id, label, false, (siblings) => {
      if (siblings.some((r) => r.id !== s.id && equalFold(r.label, label))) {
        throw new SpawnError(
          `${goQuote(label)} already names another session in ${projectName}, and two sessions under one name is the one thing \`lich send\` cannot resolve`,
        );
      }
    });
    return { id: s.id, project: projectName, label, previous: s.label };
  }

  /**
   * `spawn.Folders` (spec/cli.md § lich folders): the project's folders in sidebar order — the
   * order their first cards were opened in — each with its sessions' labels in card order.
   * Parked sessions are off the sidebar and are not counted.
   *
   * @throws SpawnError for a project that cannot be told ({@link Workspace.project}).
   */
  folders(o: FoldersOptions): Folder[] {
    const project = this.project(o.project, o.from);
    return foldersOf(this.cards(project.id));
  }

  /**
   * `spawn.File` (spec/cli.md § lich file): files the session under `folder`, matched exactly
   * (a name nobody carries yet starts a folder), or with `""` takes it out of the one it is in.
   * The name is cleaned first ({@link folderName}).
   *
   * @throws SpawnError `no session was named to file, and this is not running in one — name the
   *   session`, the resolution refusals of {@link Workspace.find}, and {@link folderName}'s.
   */
  async file(o: FileOptions): Promise<Filed> {
    const folder = folderName(o.folder, 'takes the session out of the folder it is in');
    const s = this.target(o.from, o.target, o.project, 'file');
    const project = this.d.store.project(s.projectId);
    if (s.folder !== folder) await this.d.store.refile([s.id], { folder });
    return { id: s.id, project: project?.name ?? '', label: s.label, folder, previous: s.folder };
  }

  /**
   * `spawn.RenameFolder` (spec/cli.md § lich rename-folder): every session of the project filed
   * under `folder`, parked ones included, is moved to `to`, in one transaction — onto a name the
   * project already has, the two merge; `""` takes the folder apart. The sessions listed are the
   * cards on the sidebar that moved. The old name is matched exactly as stored, so a folder
   * named before names were cleaned can still be renamed; the new one is cleaned ({@link folderName}).
   *
   * @throws SpawnError for a folder no card carries (the project's folders listed), for a
   *   project that cannot be told, and {@link folderName}'s refusal.
   */
  async renameFolder(o: RenameFolderOptions): Promise<Refiled> {
    const to = folderName(o.to, 'takes the folder apart');
    const project = this.project(o.project, o.from);
    const cards = this.carriers(project, o.folder, 'rename');
    const rows = this.d.store.sessionsOfProject(project.id).filter((s) => s.folder === o.folder);
    await this.d.store.refile(
      rows.map((s) => s.id),
      { folder: to },
    );
    return { project: project.name, from: o.folder, to, sessions: cards.map((s) => s.label) };
  }

  /**
   * `spawn.ColorFolder` (spec/cli.md § lich color-folder): writes `color` on every session of the
   * project filed under `folder`, parked ones included; `""` hands the cards back to the theme.
   * The folder has no color of its own, so a card filed there later keeps its own.
   *
   * @throws SpawnError `"<c>" is not a folder color — the palette is red, orange, amber, green,
   *   teal, blue, violet and pink, and "" hands the cards back to the theme`; a folder no card
   *   carries (the project's folders listed); a project that cannot be told.
   */
  async colorFolder(o: ColorFolderOptions): Promise<Colored> {
    if (o.color !== '' && !(PALETTE as readonly string[]).includes(o.color)) {
      const list = `${PALETTE.slice(0, -1).join(', ')} and ${PALETTE[PALETTE.length - 1]}`;
      throw new SpawnError(`${quoteName(o.color)} is not a folder color — the palette is ${list}, and "" hands the cards back to the theme`);
    }
    const project = this.project(o.project, o.from);
    const cards = this.carriers(project, o.folder, 'paint');
    const rows = this.d.store.sessionsOfProject(project.id).filter((s) => s.folder === o.folder);
    await this.d.store.refile(
      rows.map((s) => s.id),
      { color: o.color },
    );
    return { project: project.name, folder: o.folder, color: o.color as Colored['color'], sessions: cards.map((s) => s.label) };
  }

  /** The cards of a project on the sidebar: its unparked sessions that run, in the order they were opened. */
  private cards(projectId: string): SessionRow[] {
    const running = this.d.running ?? (() => true);
    return this.d.store.sessionsOfProject(projectId).filter((s) => !s.parked && running(s.id));
  }

  /**
   * The cards filed under `folder`, which must be one a card carries: the store would match no
   * row and report success, so a name nothing carries is refused with the project's folders.
   */
  private carriers(project: ProjectRow, folder: string, verb: 'rename' | 'paint'): SessionRow[] {
    const cards = this.cards(project.id);
    const carriers = folder === '' ? [] : cards.filter((s) => s.folder === folder);
    if (carriers.length > 0) return carriers;
    const known = foldersOf(cards).map((f) => quoteName(f.name));
    const what = folder === '' ? 'no folder was named' : `no session in project ${quoteName(project.name)} is filed under ${quoteName(folder)}`;
    throw new SpawnError(
      `${what}, so there is no folder to ${verb} — ${known.length > 0 ? `its folders are ${known.join(', ')}` : `project ${goQuote(project.name)} has no folders`}`,
    );
  }

  /** The session a rename or a filing is about: `target`, or with `""` the caller's own. */
  private target(from: string, target: string, project: string, verb: Verb): SessionRow {
    if (target !== '') return this.find(target, project);
    if (from === '') throw new SpawnError(`no session was named to ${verb}, and this is not running in one — name the session`);
    const own = this.d.store.session(from);
    if (!own) throw new SpawnError(`no session has the lich id ${goQuote(from)} this runs in (LICH_SESSION_ID) — name the session to ${verb}`);
    return own;
  }

  /**
   * Resolves a `<session>` over every session, live or parked (wire.md § 9, `findSession`):
   * exact lich id first, then label (case-insensitively), then — only when no label matched —
   * roster name; label and name narrowed by `project` (a name, or a directory that only narrows).
   *
   * @throws SpawnError `no session named "<t>"[ in project "<p>"]`;
   *   `"<t>" names <n> sessions — narrow it with the project`.
   */
  private find(target: string, project: string): SessionRow {
    return findSession(this.d.store, target, project, this.home());
  }

  /**
   * The project a folder command is about (spec/cli.md § lich open, --project: every command but
   * open only narrows with a path): `narrowProject`'s reading — `""` the caller's own, a name, the
   * directory of a project — and also a directory a session runs in (a worktree), which names
   * that session's project, so an editor open on a worktree reaches its project's folders.
   *
   * @throws SpawnError the refusals of `narrowProject` (spawn/narrow.ts).
   */
  private project(spec: string, from: string): ProjectRow {
    if (isDirectory(spec)) {
      const dir = expandPath(spec, this.home());
      const store = this.d.store;
      if (!store.projects().some((p) => samePath(p.path, dir))) {
        const inside = store.sessions().find((s) => s.path !== '' && samePath(s.path, dir));
        const p = inside && store.project(inside.projectId);
        if (p) return p;
      }
    }
    return narrowProject(this.d.store, spec, from, this.home());
  }

  private home(): string {
    return this.d.env.HOME || homedir();
  }
}

/** The folders of `cards` (already in card order), each where its first card falls. */
export function foldersOf(cards: readonly SessionRow[]): Folder[] {
  const byName = new Map<string, Folder>();
  for (const s of cards) {
    if (s.folder === '') continue;
    let f = byName.get(s.folder);
    if (!f) byName.set(s.folder, (f = { name: s.folder, sessions: [] }));
    f.sessions.push(s.label);
  }
  return [...byName.values()];
}

/**
 * A folder name as it is written (spec/cli.md § lich file, § lich rename-folder, § lich open
 * --folder): a name given holds no control character (core/names.ts: refused, never cleaned into
 * another name — a folder name is one field of `lich folders` and one line on the sidebar), and
 * loses its surrounding spaces. `""` stays `""`, the spec's "no folder"; spaces alone are refused
 * rather than read as `""`, which would take sessions out of folders nobody asked to leave.
 *
 * @param empty what `''` does where the name is used, for the refusal.
 * @throws SpawnError `a folder name cannot hold control characters, and "<given>" holds one: give
 *   it without them`; `a folder needs a name, and "<given>" holds none once its surrounding spaces
 *   are dropped — '' <empty>`.
 */
export function folderName(given: string, empty: string): string {
  if (given === '') return '';
  const controls = nameControlRefusal('folder name', given);
  if (controls !== undefined) throw new SpawnError(controls);
  const name = given.trim();
  if (name === '') {
    throw new SpawnError(`a folder needs a name, and ${quoteName(given)} holds none once its surrounding spaces are dropped — '' ${empty}`);
  }
  return name;
}
