/**
 * `spawn.OpenSubagent` (spec/cli.md § lich open, --subagent; wire.md § 5.1): a session opened as
 * the calling session's subagent. It is an ordinary open with three differences:
 *
 * - it lands in the caller's project and, unless a worktree is named, in the caller's checkout
 *   (its worktree, or the project directory it runs in), so it edits what the caller sees; its
 *   label comes from the project's counter, as every open without a worktree;
 * - it is filed with the caller: in the caller's folder when the caller is in one, otherwise in
 *   a folder named after the caller's label, which the caller joins too;
 * - its row records its depth, the caller's + 1, exported as `LICH_SUBAGENT_DEPTH` on every
 *   start (and `LICH_SUBAGENT_CARDS=off` from depth 2; terminal/env.ts), and its origin.
 *
 * The errand it is handed is the relay's (`relay.SendSubagent`).
 */
import { cleanName } from '@lich/core/names';
import { goQuote } from '@lich/core/quote';
import { SpawnError } from '../errors.js';
import { SUBAGENT_WITHOUT_SESSION } from '../relay/relay.js';
import type { Store } from '../store/store.js';
import type { Session, Spawn } from './spawn.js';
import type { SpawnOpenSubagentOptions } from '@lich/generated/types';

export type { SpawnOpenSubagentOptions as OpenSubagentOptions } from '@lich/generated/types';

/** wire.md § 9: what a subagent call with no session behind it is told (the relay's words). */
export const NO_CALLER = SUBAGENT_WITHOUT_SESSION;

/**
 * Opens the worker.
 *
 * @returns the session as `spawn.Open` returns it; `folder` is the folder it was filed under.
 * @throws SpawnError `a subagent reports to the session that asked for it, and this call came
 *   from no session` for `from` `""`; `no session has the id "<id>": …` for a caller this lich
 *   does not know; and every refusal of `spawn.Open`, before anything is written. A worker whose
 *   terminal did not start keeps its row (parked), and the caller is still filed with it.
 *
 * With a worktree whose branch holds a parked session of this kind, that session is the worker:
 * `spawn.Open` resumes it placed as a new worker would be — origin, depth, folder (spawn/reopen.ts)
 * — so it runs one level below this caller, `LICH_SUBAGENT_DEPTH` included, and is filed with it.
 */
export async function openSubagent(spawn: Spawn, store: Store, o: SpawnOpenSubagentOptions): Promise<Session> {
  if (o.from === '') throw new SpawnError(NO_CALLER);
  const caller = store.session(o.from);
  if (!caller) {
    throw new SpawnError(
      `no session has the id ${goQuote(o.from)}: LICH_SESSION_ID names a session this lich does not know, so there is nobody for a subagent to report to`,
    );
  }
  // Cleaned as every folder name written is (spawn/workspace.ts, folderName): a label or folder
  // stored before names were cleaned must not carry its control characters onto a new card.
  const folder = cleanName(caller.folder || caller.label);
  // Rows as they stood, so a failed start can tell the worker's row — new, or a parked one this
  // open placed and resumed — from the caller's other workers.
  const before = new Map(store.sessionsOfProject(caller.projectId).map((s) => [s.id, s.updatedAt]));
  const fileCaller = async () => {
    if (caller.folder === '') await store.setFolder(caller.id, folder);
  };
  try {
    const opened = await spawn.open(
      {
        from: o.from,
        project: '',
        kind: o.kind,
        worktree: o.worktree,
        base: o.base,
        resume: '',
        model: o.model,
        effort: o.effort,
        folder,
        ultracode: o.ultracode,
      },
      { checkout: o.worktree === '' ? caller.path : '', depth: caller.subagentDepth + 1 },
    );
    await fileCaller();
    return opened;
  } catch (err) {
    // A worker whose terminal failed keeps its row and card; its caller belongs beside it.
    const written = store
      .sessionsOfProject(caller.projectId)
      .some((s) => s.originSessionId === caller.id && before.get(s.id) !== s.updatedAt);
    if (written) await fileCaller();
    throw err;
  }
}
