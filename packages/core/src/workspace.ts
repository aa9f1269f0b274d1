/**
 * The workspace operations (docs/architecture.md § Operations): rename, folders, file,
 * rename-folder, color-folder, insert and focus. Like operations.ts, each sends every field of
 * its RPC options (the G3 rule) with the budget of wire.md § 1.4, and leaves the wording to
 * workspace-wording.ts.
 */
import type { LichContext, RunOptions } from './operation.js';
import { isAbortError, LichError } from './errors.js';
import { from, waitBudgetMs } from './errands.js';
import { INSERT_DEFAULT_WAIT_SECONDS, SHORT_CALL_MS } from './timeouts.js';
import { rpcMethod } from './contract-tables.js';
import type {
  ColorFolderInput,
  Colored,
  FileInput,
  Filed,
  FocusInput,
  Focused,
  Folder,
  FoldersInput,
  Inserted,
  InsertInput,
  Refiled,
  RenameFolderInput,
  Renamed,
  RenameInput,
} from './types.js';
import {
  INSERT_NO_TARGET,
  INSERT_NOTHING_TO_READ,
  INSERT_OVER_READ_LIMIT,
  INSERT_READ_LIMIT,
  insertReadFailedText,
  insertRefusal,
} from './workspace-wording.js';

export { INSERT_DEFAULT_WAIT_SECONDS } from './timeouts.js';

/**
 * spec/cli.md § lich rename: `spawn.Rename`. A `target` of `""` renames the calling session; the
 * server refuses that outside a session, an empty label, and one the project already holds.
 */
export async function rename(ctx: LichContext, input: RenameInput, opts: RunOptions = {}): Promise<Renamed> {
  return ctx.rpc.call(
    rpcMethod('rename', 'call', input),
    { from: from(ctx), target: input.target, project: input.project, label: input.label },
    { timeoutMs: SHORT_CALL_MS, signal: opts.signal },
  );
}

/** spec/cli.md § lich folders: `spawn.Folders`; a null list is `[]`, never null. */
export async function folders(ctx: LichContext, input: FoldersInput, opts: RunOptions = {}): Promise<Folder[]> {
  const list = await ctx.rpc.call(
    rpcMethod('folders', 'call', input),
    { from: from(ctx), project: input.project },
    { timeoutMs: SHORT_CALL_MS, signal: opts.signal },
  );
  return list ?? [];
}

/** spec/cli.md § lich file: `spawn.File`; `folder` `""` takes the session out of its folder. */
export async function file(ctx: LichContext, input: FileInput, opts: RunOptions = {}): Promise<Filed> {
  return ctx.rpc.call(
    rpcMethod('file', 'call', input),
    { from: from(ctx), target: input.target, project: input.project, folder: input.folder },
    { timeoutMs: SHORT_CALL_MS, signal: opts.signal },
  );
}

/** spec/cli.md § lich rename-folder: `spawn.RenameFolder`; `to` `""` takes the folder apart. */
export async function renameFolder(ctx: LichContext, input: RenameFolderInput, opts: RunOptions = {}): Promise<Refiled> {
  const refiled = await ctx.rpc.call(
    rpcMethod('renameFolder', 'call', input),
    { from: from(ctx), project: input.project, folder: input.folder, to: input.to },
    { timeoutMs: SHORT_CALL_MS, signal: opts.signal },
  );
  return { ...refiled, sessions: refiled.sessions ?? [] };
}

/** spec/cli.md § lich color-folder: `spawn.ColorFolder`; `color` `""` clears. */
export async function colorFolder(ctx: LichContext, input: ColorFolderInput, opts: RunOptions = {}): Promise<Colored> {
  const colored = await ctx.rpc.call(
    rpcMethod('colorFolder', 'call', input),
    { from: from(ctx), project: input.project, folder: input.folder, color: input.color },
    { timeoutMs: SHORT_CALL_MS, signal: opts.signal },
  );
  return { ...colored, sessions: colored.sessions ?? [] };
}

/**
 * spec/cli.md § lich insert: `relay.Insert`. The text is `input.text`, or stdin when that is
 * `""` or `-` (read through `ctx.readStdin`, at most 1 MiB). Refused before any call: neither a
 * session nor a project named; no text and nothing to read it from; a stdin that failed; text
 * blank once sanitised or over 64 KiB (the relay's own words, workspace-wording.ts).
 *
 * The HTTP budget is the prompt wait the server was asked for (≤ 0 → 10 s, capped at 1800 s)
 * plus the usual 30 s of slack.
 */
export async function insert(ctx: LichContext, input: InsertInput, opts: RunOptions = {}): Promise<Inserted> {
  const session = input.session;
  const project = input.project;
  if (session === '' && project === '') throw new LichError(INSERT_NO_TARGET);
  let text = input.text;
  if (text === '' || text === '-') {
    text = await readText(ctx);
    if (Buffer.byteLength(text, 'utf8') > INSERT_READ_LIMIT) throw new LichError(INSERT_OVER_READ_LIMIT);
  }
  const refusal = insertRefusal(text);
  if (refusal !== null) throw new LichError(refusal);
  const timeoutSeconds = Math.trunc(input.timeoutSeconds);
  return ctx.rpc.call(
    rpcMethod('insert', 'call', input),
    { from: from(ctx), session, project, text, timeoutSeconds },
    { timeoutMs: insertBudgetMs(timeoutSeconds), signal: opts.signal },
  );
}

/** The HTTP budget of `relay.Insert`, in ms: the prompt wait (≤ 0 → 10 s, above 1800 s capped) plus 30 s. */
export function insertBudgetMs(seconds: number): number {
  return waitBudgetMs(seconds, INSERT_DEFAULT_WAIT_SECONDS);
}

async function readText(ctx: LichContext): Promise<string> {
  if (!ctx.readStdin) throw new LichError(INSERT_NOTHING_TO_READ);
  let text: string | null;
  try {
    // A UTF-8 character is at most 4 bytes, so a read cut at a character boundary past the limit
    // still holds more than the limit when stdin did: that is how an overflow is told apart.
    text = await ctx.readStdin(INSERT_READ_LIMIT + 4);
  } catch (error) {
    if (isAbortError(error)) throw error;
    throw new LichError(insertReadFailedText(error instanceof Error ? error.message : String(error)), { cause: error });
  }
  if (text === null) throw new LichError(INSERT_NOTHING_TO_READ);
  return text;
}

/** spec/cli.md § lich focus: `relay.Focus`. */
export async function focus(ctx: LichContext, input: FocusInput, opts: RunOptions = {}): Promise<Focused> {
  return ctx.rpc.call(
    rpcMethod('focus', 'call', input),
    { from: from(ctx), target: input.target, project: input.project },
    { timeoutMs: SHORT_CALL_MS, signal: opts.signal },
  );
}

