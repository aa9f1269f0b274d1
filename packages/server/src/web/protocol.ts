/**
 * The web view's live connection, both ways (docs/web-view.md § The live connection): JSON text
 * frames over the WebSocket at `/web/live`. Shared by the backend (web/live.ts) and the page
 * (web/page/): this file imports nothing, so the page's bundle takes it whole.
 */

/** A card as the sidebar shows it. */
export interface CardView {
  /** lich id. */
  id: string;
  label: string;
  /** Roster name (`<dir>-<4 of id>`). */
  name: string;
  /** Provider id (`claude`, `example`, `shell` …). */
  kind: string;
  /** Provider display name. */
  provider: string;
  /** What `lich sessions` shows: busy, done, waiting or `""`; `""` for a parked card. */
  state: string;
  /** ms since the epoch when the backend saw `state` change to what it is (0: before this backend ran). */
  since: number;
  /** Whether a process runs in its PTY. */
  live: boolean;
  parked: boolean;
  /** The directory it runs in. */
  path: string;
  /** Its directory is gone from disk: a parked card that cannot be resumed where it stood. */
  gone: boolean;
  /** Its worktree's directory when it is not the project's own; `""` otherwise. */
  worktree: string;
  /** The branch its worktree has checked out; `""` for none. */
  branch: string;
  folder: string;
  /** Palette color written by its folder's color; `""` for the theme's. */
  color: string;
  /** The provider's own title of the conversation, when it reported one. */
  title: string;
}

/** A folder block of a project: where its first card falls, its cards in order. */
export interface FolderView {
  name: string;
  /** The color of its first card (a folder has none of its own). */
  color: string;
  cards: CardView[];
}

export interface ProjectView {
  id: string;
  name: string;
  path: string;
  /** The card recorded as the project's open one (`lich focus`, `lich open`). */
  active: string;
  /**
   * Live cards in sidebar order: a folder sits where its first card falls, a card in no folder
   * stands alone.
   */
  entries: Array<{ folder: FolderView } | { card: CardView }>;
  /** Parked cards, newest first (at most {@link PARKED_SHOWN}). */
  parked: CardView[];
}

/** How many parked cards a project shows. */
export const PARKED_SHOWN = 20;

/** An errand in flight or recently settled. */
export interface ErrandView {
  ticket: string;
  /** The sender's label; `""` for the command line. */
  from: string;
  fromId: string;
  to: string;
  toId: string;
  /** pending, answered, unread, unanswered, undelivered, stopped, expired. */
  status: string;
  /** While pending: queued, typing, offered or delivered. */
  phase: string;
  private: boolean;
  subagent: boolean;
  /** The first line of the prompt, cut at 200 characters. */
  asked: string;
  /** The first line of the answer as text (escape sequences and control characters removed, errands.ts `plainText`), cut at 200 characters; `""` for none. */
  answer: string;
  /** ms since the epoch: when it was sent, and when it ended (0 while open). */
  sentAt: number;
  endedAt: number;
}

export interface WorkspaceView {
  projects: ProjectView[];
  /** Open errands first (oldest first), then settled ones, newest first. */
  errands: ErrandView[];
}

/** Server → page. */
export type ServerMessage =
  /** The whole workspace, sent on connect and whenever it changed; `now` is the backend's clock (ms), for ages. */
  | { t: 'view'; now: number; view: WorkspaceView }
  /** A card's terminal from scratch: reset it, size it, write `data` (its scrollback). */
  | { t: 'screen'; id: string; cols: number; rows: number; live: boolean; data: string }
  /** More output of the card being watched. */
  | { t: 'out'; id: string; d: string }
  /** `lich focus` (or a link) brought this card to the front. */
  | { t: 'focus'; id: string }
  /** Something the page did was refused (typing into a card with no process, say). */
  | { t: 'note'; text: string }
  /** The backend let this page go (lich quit, or the native window took over). */
  | { t: 'bye'; text: string };

/** Page → server. */
export type PageMessage =
  /** Show me this card's terminal (and only its output from now on); `""` for none. */
  | { t: 'watch'; id: string }
  /** Typed into a card's terminal: raw bytes as the keyboard sends them. */
  | { t: 'in'; id: string; d: string }
  /** Start this parked card again where it stood, its conversation picked back up (`lich open --resume`). */
  | { t: 'resume'; id: string }
  /**
   * The grid the page's terminal box fits, in whole cells, as it views card `id` (`""` for none):
   * sent before each `watch` and when the browser window's size settles. The backend starts every
   * later PTY at it and resizes `id`'s to it (spec/cli.md § Known ceilings, terminal.sizeFor),
   * clamped to cols 20–500, rows 5–200; the card's next `screen` carries the grid it got.
   */
  | { t: 'size'; id: string; cols: number; rows: number };

/** The most a page may type in one message, in characters. */
export const MAX_INPUT_CHARS = 64 * 1024;

/** The largest side a `size` message may name before it is refused rather than clamped: a page's box is never this many cells. */
export const MAX_GRID_SIDE = 100_000;

/**
 * A page's message as parsed JSON, checked: the message, or why it is refused (a sentence for
 * the page's `note`). Each kind's fields must have their types; a `size` needs whole numbers of
 * cells from 1 to {@link MAX_GRID_SIDE} (the backend clamps them further, to what a PTY is given).
 */
export function parsePageMessage(m: unknown): PageMessage | { error: string } {
  if (typeof m !== 'object' || m === null || Array.isArray(m)) return { error: 'a message from the page must be a JSON object' };
  const o = m as Record<string, unknown>;
  if (typeof o.id !== 'string') return { error: `a ${shown(o.t)} message needs a card id as a string` };
  switch (o.t) {
    case 'watch':
      return { t: 'watch', id: o.id };
    case 'resume':
      return { t: 'resume', id: o.id };
    case 'in':
      if (typeof o.d !== 'string') return { error: 'an "in" message needs what was typed as a string' };
      return { t: 'in', id: o.id, d: o.d };
    case 'size': {
      const side = (n: unknown) => typeof n === 'number' && Number.isInteger(n) && n >= 1 && n <= MAX_GRID_SIDE;
      if (!side(o.cols) || !side(o.rows)) {
        return { error: `a "size" message needs cols and rows as whole numbers of cells from 1 to ${MAX_GRID_SIDE}, not ${shown(o.cols)}×${shown(o.rows)}` };
      }
      return { t: 'size', id: o.id, cols: o.cols as number, rows: o.rows as number };
    }
    default:
      return { error: `the page sent a message of a kind lich does not know: ${shown(o.t)}` };
  }
}

/** A value of the page's as a refusal quotes it: JSON, cut at 40 characters. */
function shown(v: unknown): string {
  const s = JSON.stringify(v) ?? 'nothing';
  return s.length > 40 ? `${s.slice(0, 40)}…` : s;
}
