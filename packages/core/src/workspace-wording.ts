/**
 * The sentences of the workspace commands — rename, folders, file, rename-folder, color-folder,
 * insert and focus — written once for the CLI and `lich mcp` (spec/cli.md § lich rename …
 * § lich focus; wire.md § 7.5), and insert's limits and refusals (wire.md § 8.2). Like wording.ts,
 * every function returns its text without a trailing newline.
 */
import { textRefusal } from './errands.js';
import { jsonLine } from './rpc.js';
import { tableCell } from './names.js';
import { goQuote } from './quote.js';
import type { Colored, Filed, Focused, Folder, Inserted, Refiled, Renamed } from './types.js';
import type { Surface } from './operation.js';

/** `lich rename` (wire.md § 7.5). */
export function renamedText(renamed: Renamed): string {
  return `Renamed ${goQuote(renamed.previous)} to ${goQuote(renamed.label)}.`;
}

/** What `folders` says for a project with no folder (wire.md § 7.5). */
export const NO_FOLDERS = 'No folders.';

/**
 * `lich folders` (spec/cli.md § lich folders): a tab-separated table under the header
 * `folder\tsessions`, the sessions `, `-joined, or {@link NO_FOLDERS}. For MCP (`list_folders`)
 * the folders as one JSON array — `[]` when there are none, so a model reads one shape.
 */
export function foldersText(surface: Surface, folders: Folder[]): string {
  if (surface === 'mcp') return jsonLine(folders);
  if (folders.length === 0) return NO_FOLDERS;
  return ['folder\tsessions', ...folders.map((f) => `${tableCell(f.name)}\t${f.sessions.map(tableCell).join(', ')}`)].join('\n');
}

/**
 * `lich file` (wire.md § 7.5): filed under a folder; taken out of the one it was in; or, asked to
 * leave a folder while in none, that it was in none.
 */
export function filedText(filed: Filed): string {
  const l = goQuote(filed.label);
  if (filed.folder !== '') return `Filed ${l} under ${goQuote(filed.folder)}.`;
  if (filed.previous !== '') return `Took ${l} out of ${goQuote(filed.previous)}.`;
  return `${l} was in no folder.`;
}

/** The labels of a folder's sessions as the folder texts list them: `"a", "b"`. */
function labels(sessions: readonly string[]): string {
  return sessions.map(goQuote).join(', ');
}

/** `lich rename-folder` (wire.md § 7.5): moved to the new name, or the folder taken apart. */
export function refiledText(refiled: Refiled): string {
  if (refiled.to === '') return `Took folder ${goQuote(refiled.from)} apart, taking out ${labels(refiled.sessions)}.`;
  return `Moved ${labels(refiled.sessions)} from folder ${goQuote(refiled.from)} to ${goQuote(refiled.to)}.`;
}

/** `lich color-folder` (wire.md § 7.5): painted, or handed back to the theme. */
export function coloredText(colored: Colored): string {
  if (colored.color === '') return `Cleared the color of ${labels(colored.sessions)} in folder ${goQuote(colored.folder)}.`;
  return `Painted ${labels(colored.sessions)} in folder ${goQuote(colored.folder)} ${colored.color}.`;
}

/** `lich insert` (wire.md § 7.5). */
export function insertedText(inserted: Inserted): string {
  return `Inserted ${inserted.bytes} bytes at the prompt of ${goQuote(inserted.label)} (${inserted.project}). Nothing was sent.`;
}

/**
 * What this headless lich adds after `Focused …` when no tab of its page is open: it has no
 * window to raise (wording of this build: the spec's window raises itself).
 */
export const NO_WINDOW_TO_RAISE = 'This lich has no window, and no browser has its page open.';

/**
 * `lich focus` (wire.md § 7.5). From a lich that serves a page (the web view: `page` present),
 * what became of the card there — how many open tabs switched to it, or {@link NO_WINDOW_TO_RAISE}
 * — and on a line of its own the one-time link that opens it. From one that raises a window
 * (no `page`), the spec's line alone.
 */
export function focusedText(focused: Focused): string {
  const line = `Focused ${goQuote(focused.label)} (${focused.project}).`;
  if (focused.page === undefined) return line;
  const n = focused.pages ?? 0;
  const there = n > 0 ? `The page of this lich open in ${n === 1 ? 'a tab' : `${n} tabs`} switched to it.` : NO_WINDOW_TO_RAISE;
  return `${line} ${there}\nIts card on the page, a one-time link for a browser on this machine: ${focused.page}`;
}

/** The most `lich insert` reads from stdin, in bytes (wire.md § 5.3). */
export const INSERT_READ_LIMIT = 1024 * 1024;

/**
 * `lich insert` whose stdin held more than {@link INSERT_READ_LIMIT}: what lies past the read is
 * never read, so its size is not known and the refusal says "over" rather than a count that
 * would be the read's, not the text's. Same shape as the size refusal (wire.md § 8.2, insert
 * cap); wording of this build.
 */
export const INSERT_OVER_READ_LIMIT = `text is over ${INSERT_READ_LIMIT} bytes, over the 65536 limit: insert the path of the file instead of its contents`;

/** The most `lich insert` pastes, in UTF-8 bytes after sanitising (wire.md § 8.2, insert cap). */
export const INSERT_LIMIT = 65536;

/**
 * Why lich would refuse to insert `text`, in its own words, or null when it would paste it:
 * `nothing to insert: the text is empty` (blank once sanitised), or
 * `text is <n> bytes, over the 65536 limit: insert the path of the file instead of its contents`
 * (n in UTF-8 bytes after sanitising). The server refuses with the same words (relay/insert.ts);
 * the client checks first so a megabyte of stdin is refused in them rather than by the body limit.
 */
export function insertRefusal(text: string): string | null {
  return textRefusal(text, INSERT_LIMIT, {
    empty: 'nothing to insert: the text is empty',
    over: (bytes) => `text is ${bytes} bytes, over the ${INSERT_LIMIT} limit: insert the path of the file instead of its contents`,
  });
}

/** What an insert pastes of its text: the sanitiser prompts and answers go through too (errands.ts). */
export { sanitizeText as sanitizeInsert } from './errands.js';

/** `lich insert` with neither `--session` nor `--project` (wording of this build: wire.md § 5.3 has the rule, not the line). */
export const INSERT_NO_TARGET =
  'name the session to insert at with --session, or where to look for it with --project (a project name or the absolute path of a directory)';

/** `lich insert` with no text argument and a stdin that is a terminal, or none (wire.md § 5.3). */
export const INSERT_NOTHING_TO_READ = 'no text given, and nothing to read it from';

/** `lich insert` whose stdin failed (wire.md § 5.3). */
export function insertReadFailedText(reason: string): string {
  return `read the text from stdin: ${reason}`;
}
