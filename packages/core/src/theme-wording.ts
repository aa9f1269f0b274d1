/**
 * The words of `lich theme` (spec/cli.md § lich theme): the list table, the switch line and the
 * refusals of its arguments. Every function returns its text without a trailing newline.
 */
import { goQuote } from './quote.js';
import type { Theme, ThemeSwitched } from './types.js';

/** The header of `lich theme list` (spec/cli.md § lich theme). */
export const THEME_HEADER = 'theme\tscheme\tname';

/**
 * `lich theme list` (spec/cli.md § lich theme): {@link THEME_HEADER}, then one row per theme in
 * the order given — id, scheme (`-` for `system`), name — the one in use with a fourth column,
 * `(in use)`.
 */
export function themesText(themes: readonly Theme[]): string {
  const rows = themes.map((t) => `${t.id}\t${t.scheme === '' ? '-' : t.scheme}\t${t.name}${t.inUse ? '\t(in use)' : ''}`);
  return [THEME_HEADER, ...rows].join('\n');
}

/** `lich theme switch <theme>` (spec/cli.md § lich theme). */
export function themeSwitchedText(switched: ThemeSwitched): string {
  return `Switched to ${goQuote(switched.theme)}.`;
}

/**
 * Why `lich theme`'s arguments are refused before any call, or undefined when they are fine:
 * an action other than list and switch, a theme after list, a switch without one (wording of
 * this build, in the manner of `lich control`'s refusals).
 */
export function themeRefusal(action: string, theme: string): string | undefined {
  if (action !== 'list' && action !== 'switch') {
    return `${goQuote(action)} is not something lich theme does: the actions are list and switch <theme>`;
  }
  if (action === 'list' && theme !== '') return 'list takes nothing after it: to use a theme, run lich theme switch <theme>';
  if (action === 'switch' && theme === '') return 'switch needs the id of the theme to use: lich theme list shows them';
  return undefined;
}
