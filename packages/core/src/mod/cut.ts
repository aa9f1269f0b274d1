/** Cutting a long text for a body with a limit in UTF-16 units (spec/mod-control.md; wire.md § 11.3). */

/** What follows a text that was cut. */
export const TRUNCATED = '\n[truncated]';

/**
 * `text` whole when it is at most `fits` UTF-16 units; else its first `keep` units (one fewer
 * when that would split a surrogate pair) with {@link TRUNCATED} after them.
 */
export function cutText(text: string, fits: number, keep: number): string {
  if (text.length <= fits) return text;
  let end = keep;
  const last = text.charCodeAt(end - 1);
  if (last >= 0xd800 && last <= 0xdbff) end--;
  return `${text.slice(0, end)}${TRUNCATED}`;
}
