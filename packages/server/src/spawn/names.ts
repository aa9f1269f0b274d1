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
 * @returns the label and the counter's new value (one past the number used).
 */
export function sessionLabel(nextSeq: number, taken: Set<string>): { label: string; nextSeq: number } {
  let n = Math.max(1, nextSeq);
  while (taken.has(`session ${n}`)) n++;
  return { label: `Session ${n}`, nextSeq: n + 1 };
}

/**
 * The label of a session opened on a worktree (wire.md § 12.3): the branch name, unless another
 * session of the project already carries it (case-insensitively), then `Session <n>` as
 * {@link sessionLabel} picks it. The counter moves past one number either way.
 *
 * @returns a label picker for `Store.openSession`.
 */
export function worktreeLabel(branch: string): (nextSeq: number, taken: Set<string>) => { label: string; nextSeq: number } {
  return (nextSeq, taken) =>
    taken.has(branch.toLowerCase()) ? sessionLabel(nextSeq, taken) : { label: branch, nextSeq: Math.max(1, nextSeq) + 1 };
}
