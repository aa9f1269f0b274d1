/**
 * Names a session is addressed by, besides its id (wire.md § 9).
 */

export { rosterName } from '@lich/core/roster-name';

/**
 * The label of a session opened without a worktree: `Session <n>` from the project's counter,
 * continuing the numbering (spec/cli.md § lich open), skipping any number whose label another
 * session of the project already carries (labels are unique case-insensitively).
 *
 * @param nextSeq the project's counter.
 * @param taken labels of the project, lower-cased.
 * @returns the label, the counter's new value (one past the number used), and `auto` true: the
 *   provider's auto-title replaces a label of lich's numbering (`/session-title`).
 */
export function sessionLabel(nextSeq: number, taken: Set<string>): PickedLabel {
  let n = Math.max(1, nextSeq);
  while (taken.has(`session ${n}`)) n++;
  return { label: `Session ${n}`, nextSeq: n + 1, auto: true };
}

/** A label picked for a new session (`Store.openSession`). */
export interface PickedLabel {
  label: string;
  /** The project's counter after it. */
  nextSeq: number;
  /** Whether the provider's auto-title may replace it (`label_auto`). */
  auto: boolean;
}

/**
 * The label of a session opened on a worktree (wire.md § 12.3): the branch name, unless another
 * session of the project already carries it (case-insensitively), then `Session <n>` as
 * {@link sessionLabel} picks it. The counter moves past one number either way.
 *
 * The branch label is not an auto label: whoever opened the worker named it, and addresses it by
 * that name (`lich close --worktree keep <branch>`), so the provider's auto-title leaves it alone
 * as it leaves a name given with `lich rename` (spec/cli.md § lich rename). A `Session <n>`
 * fallback is lich's numbering and is replaced as any other.
 *
 * @returns a label picker for `Store.openSession`.
 */
export function worktreeLabel(branch: string): (nextSeq: number, taken: Set<string>) => PickedLabel {
  return (nextSeq, taken) =>
    taken.has(branch.toLowerCase()) ? sessionLabel(nextSeq, taken) : { label: branch, nextSeq: Math.max(1, nextSeq) + 1, auto: false };
}
