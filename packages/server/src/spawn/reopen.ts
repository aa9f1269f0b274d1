/**
 * What a `lich open` that finds a parked session to resume writes onto its row before starting
 * it (spec/cli.md § lich open: --worktree "a worktree closed but kept, which is resumed rather
 * than made again"; --folder; --model / --effort; --ultracode; --subagent). The open is what
 * places the session, so a resume is placed exactly as a fresh row would be: nothing the caller
 * asked for is dropped because the row already existed.
 *
 * - origin and depth are this open's: the calling session (or none) and, for `--subagent`, one
 *   level below the caller — the depth `LICH_SUBAGENT_DEPTH` carries on this start and every
 *   later one. A plain open of a parked worker's branch makes it an ordinary session (depth 0).
 * - `folder`, when named, files the session there; an unnamed folder leaves its filing alone.
 * - `model` and `effort`, when named, replace the recorded ones. They are birth-only: they reach
 *   the provider when this start is a new conversation (nothing to resume), and otherwise on the
 *   card's next new conversation (a restart, or declining to resume) — a resumed conversation
 *   keeps the model it has (spec/cli.md § lich open, --model: "never when it resumes").
 * - `ultracode`, when asked for, is recorded and passed on this start, a resume included.
 *
 */
import type { Store } from '../store/store.js';

/** What the open asked for that lands on a resumed row. */
export interface Reopening {
  originSessionId: string;
  originLabel: string;
  subagentDepth: number;
  /** `""` leaves the filing as it is. */
  folder: string;
  /** `""` leaves the recorded model as it is. */
  model: string;
  /** `""` leaves the recorded effort as it is. */
  effort: string;
  /** false leaves the recorded ultracode as it is. */
  ultracode: boolean;
}

/**
 * Writes the placement and the options of `r` onto parked row `id`, leaving it parked (the
 * resume that follows unparks it).
 *
 * @returns (resolves) the folder write's error, when only that failed: the rest is written, the session is
 *   to start unfiled and the open to say so (spec/cli.md § lich open, --folder). A failure of
 *   the placement itself throws.
 */
export async function placeReopened(store: Store, id: string, r: Reopening): Promise<Error | undefined> {
  await store.placeReopened(id, r);
  if (r.folder === '') return undefined;
  try {
    await store.setFolder(id, r.folder);
    return undefined;
  } catch (err) {
    return err as Error;
  }
}
