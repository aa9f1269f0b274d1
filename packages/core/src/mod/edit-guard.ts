/**
 * The edit guard (lich-plugin-modules.md § 6): "another lich session just edited this file". A
 * shared-checkout worker and its caller can edit the same file; Claude Code already protects the
 * content (an edit over a changed file is refused, or applied with a note), so the guard blocks
 * nothing — it says *who* changed the file, and when, to the model and in the footer.
 *
 * Sessions meet in the checkout's git dir, nothing goes through lich: each editing session leaves a
 * marker `<git dir>/lich-edits/<FNV-1a 32-bit of the path, 8 hex>` holding `{path, session, at}`
 * (`at` in epoch ms) after an edit that worked; the next session to edit that path within ten
 * minutes reads it. One marker per file, the last editor's; markers are a few hundred bytes under
 * the git dir, where git ignores them, and are never cleaned up.
 *
 * The logic only: paths, the marker's reading, the note and the footer part. The Claude Code mod
 * runs git, reads and writes the marker, and asks `lich sessions --json` who the other session is.
 */
import type { Peer } from '@lich/generated/types';
import { type PromptLang, promptText } from '../i18n/prompts.js';

/** How long another session's edit is news, in ms. */
export const EDIT_WINDOW_MS = 10 * 60_000;

/** The bound of the `git rev-parse` that finds a file's git dir, in ms. */
export const GIT_DIR_TIMEOUT_MS = 5000;

/** The bound of the `lich sessions --json` that names the other session, in ms: the edit's result waits on it. */
export const WHO_TIMEOUT_MS = 2000;

/** What a marker holds. */
export interface EditMarker {
  path: string;
  /** The lich session id of the session that edited (`LICH_SESSION_ID`). */
  session: string;
  /** When, in epoch ms. */
  at: number;
}

/** The 32-bit FNV-1a hash of `s`'s UTF-8 bytes, as 8 lowercase hex digits. */
export function fnv1a(s: string): string {
  let h = 0x811c9dc5;
  for (const b of new TextEncoder().encode(s)) {
    h ^= b;
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h.toString(16).padStart(8, '0');
}

/** The marker of `path` (absolute) in the checkout whose git dir is `gitDir`. */
export function markerPath(gitDir: string, path: string): string {
  return `${gitDir.replace(/\/+$/, '')}/lich-edits/${fnv1a(path)}`;
}

/** The folder of an absolute `path`: where `git -C` runs. */
export function folderOf(path: string): string {
  const i = path.lastIndexOf('/');
  return i <= 0 ? '/' : path.slice(0, i);
}

/** The last part of `path`. */
export function fileName(path: string): string {
  return path.slice(path.lastIndexOf('/') + 1);
}

/** Reads a marker's text for `path`; `undefined` for one that is not a marker, or another path's (a hash collision). */
export function readMarker(text: string, path: string): EditMarker | undefined {
  try {
    const m = JSON.parse(text) as Partial<EditMarker>;
    if (typeof m !== 'object' || m === null || m.path !== path || typeof m.session !== 'string' || typeof m.at !== 'number') return undefined;
    return { path: m.path, session: m.session, at: m.at };
  } catch {
    return undefined;
  }
}

/** The text of this session's marker. */
export function markerText(path: string, session: string, at: number): string {
  return JSON.stringify({ path, session, at });
}

/** Whether `marker` is news to session `self` at `now`: another session's edit, at most ten minutes old. */
export function isNews(marker: EditMarker | undefined, self: string, now: number): marker is EditMarker {
  return marker !== undefined && marker.session !== self && now - marker.at <= EDIT_WINDOW_MS;
}

/**
 * Who the other session is, as the note writes it: `"<label>"` of the listed session whose `id`
 * is the marker's, else the raw session id (the session is gone, or lich could not list them).
 */
export function whoEdited(session: string, listed: readonly Pick<Peer, 'id' | 'label'>[] | undefined): string {
  const peer = listed?.find((p) => p.id === session);
  return peer ? `"${peer.label}"` : session;
}

/** How long ago `at` was at `now`, as the note says it. */
function ago(at: number, now: number, lang: PromptLang): string {
  if (now - at < 60_000) return promptText(lang, 'mod.edits.justNow');
  return promptText(lang, 'mod.edits.minutesAgo', { minutes: Math.round((now - at) / 60_000) });
}

/**
 * The note the model reads after the edit's result (a refused edit carries it too: it explains
 * the refusal): the path, who, when, and to re-read the file and coordinate rather than undo.
 */
export function editNote(marker: EditMarker, who: string, now: number, lang: PromptLang): string {
  return promptText(lang, 'mod.edits.note', { path: marker.path, who, at: new Date(marker.at).toISOString(), ago: ago(marker.at, now, lang) });
}

/** The footer's part for it: `<file name> also edited by <who>` (English: a person reads it). */
export function editsPart(path: string, who: string): string {
  return `${fileName(path)} also edited by ${who}`;
}
