/**
 * The installed themes and the one in use (spec/cli.md § lich theme): `system`, the bundled
 * light and dark, and the theme files of `<configDir>/themes/`. The choice is the `theme` key of
 * `<configDir>/settings.json` (settings.ts), so it outlives a restart.
 *
 * This backend has no window to paint: a switch is what a window started on it would open in,
 * and nothing repaints now. The spec's line for a switch is true as it stands — the theme is the
 * one in use — so nothing is added to it.
 *
 * A theme file is one JSON object:
 *
 * ```json
 * { "id": "everforest-dark", "name": "Everforest Dark", "scheme": "dark", "pair": "everforest-light" }
 * ```
 *
 * `scheme` (`light` or `dark`) is required; `id` defaults to the file's name without `.json`,
 * `name` to the id; `pair` names its variant for the other scheme and counts only when that
 * theme is installed too. An id is a word of letters, digits, dots, dashes and underscores, so it
 * holds no control character; in a name each run of them (a tab, a newline) reads as one space,
 * so every row `lich theme list` prints is one line with exactly its columns. Any other key (a palette) is the window's and is ignored here. A file
 * that is not such an object, or whose id is taken, is skipped with a line in the backend's log.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Theme, ThemeSwitched } from '@lich/generated/types';
import { goQuote } from '@lich/core/quote';
import { quoteName } from '@lich/core/names';
import { SpawnError } from '../errors.js';
import { readSettings, writeSetting } from '../settings.js';

/** The folder of user themes, in the config directory. */
export const THEMES_DIR = 'themes';
/** The key of the theme in use in settings.json. */
export const THEME_KEY = 'theme';
/** The theme in use when settings.json names none. */
export const DEFAULT_THEME = 'system';

type Installed = Omit<Theme, 'inUse'>;

/** `system` and the bundled two, in the order `lich theme list` starts with. */
export const BUNDLED: readonly Installed[] = [
  { id: 'system', name: 'System, the bundled theme the OS asks for', scheme: '', pair: '' },
  { id: 'light', name: 'Light', scheme: 'light', pair: 'dark' },
  { id: 'dark', name: 'Dark', scheme: 'dark', pair: 'light' },
];

const WHAT = 'the theme setting';
const ID = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;

export interface ThemesDeps {
  /** The lich config directory: `themes/` and `settings.json` are in it. */
  configDir: string;
  log?: (line: string) => void;
}

/** `themes.List` and `themes.Switch`. */
export class Themes {
  constructor(private readonly d: ThemesDeps) {}

  /**
   * Every installed theme — `system`, light, dark, then the theme files by id — the one in use
   * marked. A saved choice no installed theme has any more leaves `system` in use.
   *
   * @throws SpawnError for a settings file that cannot be read (settings.ts).
   */
  list(): Theme[] {
    const installed = this.installed();
    const current = this.current(installed);
    return installed.map((t) => ({ ...t, inUse: t.id === current }));
  }

  /**
   * Makes `id` the theme in use and saves it in settings.json. A saved value that is not an id
   * at all (`"theme": 5`) does not stand in the way: switching is how it is repaired, and what it
   * replaced reads as `system`, the theme such a value leaves in use.
   *
   * @throws SpawnError `no theme named "<id>" is installed — the installed themes are "system", "light", …`,
   *   or for a settings file that cannot be read or written (settings.ts).
   */
  switch(id: string): ThemeSwitched {
    const installed = this.installed();
    if (!installed.some((t) => t.id === id)) {
      throw new SpawnError(`no theme named ${quoteName(id)} is installed — the installed themes are ${installed.map((t) => quoteName(t.id)).join(', ')}`);
    }
    const previous = this.current(installed, { repairing: true });
    writeSetting(this.d.configDir, THEME_KEY, id, WHAT);
    return { theme: id, previous };
  }

  /**
   * The id in use: the saved one when it is installed, else `system`.
   *
   * @throws SpawnError for a saved value that is not a string, unless `repairing` (a switch,
   *   which is about to replace it): it then reads as `system`.
   */
  private current(installed: readonly Installed[], o: { repairing?: boolean } = {}): string {
    const { doc, file } = readSettings(this.d.configDir, WHAT);
    const saved = doc[THEME_KEY];
    if (saved === undefined) return DEFAULT_THEME;
    if (typeof saved !== 'string') {
      if (o.repairing) return DEFAULT_THEME;
      throw new SpawnError(`the theme setting in ${file} is ${JSON.stringify(saved)}, which is not a theme's id — set it to one lich theme list shows`);
    }
    return installed.some((t) => t.id === saved) ? saved : DEFAULT_THEME;
  }

  /** The bundled themes, then the valid theme files sorted by id, pairs that are not installed cleared. */
  private installed(): Installed[] {
    const dir = join(this.d.configDir, THEMES_DIR);
    let names: string[];
    try {
      names = readdirSync(dir).filter((n) => n.endsWith('.json')).sort();
    } catch {
      names = [];
    }
    const taken = new Set(BUNDLED.map((t) => t.id));
    const found: Installed[] = [];
    for (const name of names) {
      const file = join(dir, name);
      const theme = readTheme(file, name.slice(0, -'.json'.length));
      if (typeof theme === 'string') {
        this.d.log?.(`theme file ${file} skipped: ${theme}`);
        continue;
      }
      if (taken.has(theme.id)) {
        this.d.log?.(`theme file ${file} skipped: the id ${goQuote(theme.id)} is already installed`);
        continue;
      }
      taken.add(theme.id);
      found.push(theme);
    }
    found.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
    return [...BUNDLED, ...found.map((t) => ({ ...t, pair: taken.has(t.pair) && t.pair !== t.id ? t.pair : '' }))];
  }
}

/** A theme file read as a theme, or why it is not one. */
export function readTheme(file: string, fallbackId: string): Installed | string {
  let doc: unknown;
  try {
    doc = JSON.parse(readFileSync(file, 'utf8'));
  } catch (err) {
    return `it is not readable JSON (${(err as Error).message})`;
  }
  if (doc === null || typeof doc !== 'object' || Array.isArray(doc)) return 'it does not hold a JSON object';
  const o = doc as Record<string, unknown>;
  const id = o.id ?? fallbackId;
  if (typeof id !== 'string' || !ID.test(id)) return `its id ${JSON.stringify(id)} is not a word of letters, digits, dots, dashes and underscores`;
  if (o.scheme !== 'light' && o.scheme !== 'dark') return `its scheme is ${JSON.stringify(o.scheme)}, not "light" or "dark"`;
  const name = typeof o.name === 'string' ? listedName(o.name) : (o.name ?? id);
  if (typeof name !== 'string' || name === '') return 'its name is not a non-empty string';
  const pair = o.pair ?? '';
  if (typeof pair !== 'string') return 'its pair is not a theme id';
  return { id, name, scheme: o.scheme, pair };
}

/**
 * A theme's name as one line of the list: each run of control characters (C0, DEL, C1) and of
 * Unicode line and paragraph separators becomes one space, and the ends are trimmed — a tab would
 * add a column to `lich theme list`, a newline a row.
 */
export function listedName(name: string): string {
  return name.replace(/[\p{Cc}\u2028\u2029]+/gu, ' ').trim();
}
