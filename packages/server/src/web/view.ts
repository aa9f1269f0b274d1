/**
 * The workspace as the window's sidebar shows it (docs/web-view.md § What the page shows), built
 * from the store (projects, rows, folders, colors), the terminal service (which cards have a
 * process) and the relay (the state `lich sessions` shows).
 */
import { existsSync } from 'node:fs';
import { rosterName } from '../spawn/names.js';
import { samePath } from '../spawn/worktrees.js';
import type { ProjectRow, SessionRow } from '../store/store.js';
import { PARKED_SHOWN, type CardView, type FolderView, type ProjectView } from './protocol.js';

export interface ViewSources {
  projects(): ProjectRow[];
  /** Every row, in the order they were opened. */
  sessions(): SessionRow[];
  /** Whether a process runs in the session's PTY. */
  live(id: string): boolean;
  /** The state `lich sessions` shows for a live session (the relay's published one). */
  states(): Map<string, string>;
  /** When the backend saw the session's state change (ms; 0 for never). */
  since(id: string): number;
  /** The branch checked out in `path` (a worktree); `""` for none. */
  branch(id: string, path: string): string;
  /** A provider's display name; the id itself for one lich does not know. */
  providerName(kind: string): string;
}

/** Projects with their cards, in the order they were opened; a project with no card at all is left out. */
export function buildProjects(src: ViewSources): ProjectView[] {
  const states = src.states();
  const byProject = new Map<string, SessionRow[]>();
  for (const s of src.sessions()) {
    let list = byProject.get(s.projectId);
    if (!list) byProject.set(s.projectId, (list = []));
    list.push(s);
  }
  const out: ProjectView[] = [];
  for (const p of src.projects()) {
    const rows = byProject.get(p.id) ?? [];
    if (rows.length === 0) continue;
    const entries: ProjectView['entries'] = [];
    const folders = new Map<string, FolderView>();
    const parked: CardView[] = [];
    for (const row of rows) {
      const live = src.live(row.id);
      const card = cardView(src, p, row, live, live ? (states.get(row.id) ?? '') : '');
      if (!live) {
        parked.push(card);
        continue;
      }
      if (row.folder === '') {
        entries.push({ card });
        continue;
      }
      let folder = folders.get(row.folder);
      if (!folder) {
        folder = { name: row.folder, color: row.color, cards: [] };
        folders.set(row.folder, folder);
        entries.push({ folder });
      }
      folder.cards.push(card);
    }
    const shown = parked.reverse().slice(0, PARKED_SHOWN);
    // A stat per parked card shown (views are few a second): whether a Resume can work there.
    for (const card of shown) card.gone = !existsSync(card.path);
    out.push({ id: p.id, name: p.name, path: p.path, active: p.activeSessionId, entries, parked: shown });
  }
  return out;
}

function cardView(src: ViewSources, p: ProjectRow, row: SessionRow, live: boolean, state: string): CardView {
  const inWorktree = row.path !== '' && !samePath(row.path, p.path);
  return {
    id: row.id,
    label: row.label,
    name: rosterName(row.path || p.path, row.id),
    kind: row.kind,
    provider: src.providerName(row.kind),
    state,
    since: src.since(row.id),
    live,
    parked: row.parked || !live,
    path: row.path || p.path,
    // Set for the parked cards a view shows (buildProjects).
    gone: false,
    worktree: inWorktree ? row.path : '',
    branch: inWorktree ? src.branch(row.id, row.path) : '',
    folder: row.folder,
    color: row.color,
    title: row.title,
  };
}
