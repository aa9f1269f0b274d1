/**
 * The edit guard in Claude Code (lich-plugin-modules.md § 6; core's `mod/edit-guard.ts` is the
 * logic): on `Edit`, `Write` and `NotebookEdit`, the marker another lich session left in the
 * checkout's git dir is read before the call; after it, when that session edited the same file in
 * the last ten minutes, the model reads who and when (a `context` line, a refused edit included,
 * since it explains the refusal) and the footer says `<file> also edited by "<label>"`. Then this
 * session's own marker replaces it, if the edit worked.
 *
 * It blocks nothing and never holds an edit up on a failure of its own: git, the marker or the
 * lookup failing goes to one dim transcript line, and the edit goes on as if there were no guard.
 */
import type { EngineInterface, ToolCallResult } from 'claude-code';
import {
  EDIT_WINDOW_MS,
  editNote,
  editsPart,
  folderOf,
  GIT_DIR_TIMEOUT_MS,
  isNews,
  markerPath,
  markerText,
  readMarker,
  WHO_TIMEOUT_MS,
  whoEdited,
} from '@lich/core/mod/edit-guard';
import { readSessions } from '@lich/core/mod/cards';
import { setPart } from '@lich/core/mod/footer';
import { promptLang } from '@lich/core/i18n/prompts';
import type { ModState } from './state.js';

/** An editing call's input: the file it writes. */
interface EditInput {
  tool: 'Edit' | 'Write' | 'NotebookEdit';
  file_path?: string;
  notebook_path?: string;
}

type EditResult = ToolCallResult;

/** The guard around one editing call. */
export async function guardEdit($: EngineInterface, e: EditInput, next: (e: never) => Promise<EditResult>, state: ModState): Promise<EditResult> {
  const self = (await $.env.get('LICH_SESSION_ID')) ?? '';
  const path = e.file_path ?? e.notebook_path ?? '';
  if (self === '' || !path.startsWith('/')) return next(e as never);
  let marker: ReturnType<typeof readMarker>;
  let file = '';
  try {
    const git = await $.process.run(['git', '-C', folderOf(path), 'rev-parse', '--absolute-git-dir'], { timeoutMs: GIT_DIR_TIMEOUT_MS });
    // Outside a repository (a folder a Write will create counts as outside): nothing to guard.
    if (git.exitCode !== 0 || git.stdout.trim() === '') return next(e as never);
    file = markerPath(git.stdout.trim(), path);
    if (await $.fs.exists(file)) marker = readMarker(await $.fs.read(file), path);
  } catch (error) {
    $.ui.log(`lich edit guard: ${error instanceof Error ? error.message : String(error)}`);
    return next(e as never);
  }
  const result = await next(e as never);
  if (result.deny !== undefined) return result;
  let answered: EditResult = result;
  try {
    const now = await $.clock.now();
    if (isNews(marker, self, now)) {
      let who = marker.session;
      try {
        const bin = (await $.env.get('LICH_BIN')) ?? '';
        if (bin !== '') {
          const r = await $.process.run([bin, 'sessions', '--json'], { timeoutMs: WHO_TIMEOUT_MS });
          who = whoEdited(marker.session, readSessions({ exit: r.exitCode, stdout: r.stdout, stderr: r.stderr }));
        }
      } catch {
        // The raw session id names it.
      }
      const lang = promptLang((await $.env.get('LICH_PROMPT_LANG')) ?? '');
      answered = { ...result, context: [...(result.context ?? []), editNote(marker, who, now, lang)] } as EditResult;
      showEditNote($, state, editsPart(path, who), marker.at, now);
    }
    if (!result.isError) await $.fs.write(file, markerText(path, self, now));
  } catch (error) {
    $.ui.log(`lich edit guard: ${error instanceof Error ? error.message : String(error)}`);
  }
  return answered;
}

/** The footer's edit note, cleared once its marker leaves the window; a newer note replaces it, and an older one's timer never clears a newer. */
function showEditNote($: EngineInterface, state: ModState, text: string, at: number, now: number): void {
  if (state.editNote && state.editNote.at > at) return;
  state.editNote?.timer.cancel();
  const timer = $.clock.after(Math.max(0, at + EDIT_WINDOW_MS - now), () => {
    if (state.editNote?.at !== at) return;
    state.editNote = undefined;
    if (setPart(state.footer, 'edits', undefined)) $.ui.invalidate('ui.render');
  });
  state.editNote = { at, timer };
  if (setPart(state.footer, 'edits', text)) $.ui.invalidate('ui.render');
}
