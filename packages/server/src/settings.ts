/**
 * `<configDir>/settings.json`, the settings a person sets by hand here (this backend has no
 * Settings window): one JSON object whose keys belong to different parts of lich — `sandbox`
 * (sandbox/rung.ts), `theme` (the theme in use, themes/themes.ts), `costReadout` (whether
 * `lich cost` counts anything, cost/cost.ts) and `subagentCards` ({@link subagentCardsSetting}). A reader takes its own key and leaves the rest;
 * the one writer, {@link writeSetting}, changes one key and keeps every other as it was.
 */
import { chmodSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { oneLine } from '@lich/core/errors';
import { SpawnError } from './errors.js';

/** The settings file, in the lich config directory. */
export const SETTINGS_FILE = 'settings.json';

/** The settings as read: the object (`{}` when the file does not exist) and the file's path. */
export interface Settings {
  doc: Record<string, unknown>;
  file: string;
}

/**
 * Reads `<configDir>/settings.json`; a missing file is `{}`.
 *
 * @param what the setting the caller is after, for the refusal (`the theme setting`).
 * @throws SpawnError naming the file when it cannot be read, is not JSON, or is not an object:
 *   `<file> is not valid JSON (<reason>), so <what> cannot be read — fix the file`,
 *   `<file> must hold a JSON object, so <what> cannot be read — fix the file`.
 */
export function readSettings(configDir: string, what: string): Settings {
  const file = join(configDir, SETTINGS_FILE);
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return { doc: {}, file };
    throw new SpawnError(`read ${file}: ${(err as Error).message}`);
  }
  let doc: unknown;
  try {
    doc = JSON.parse(text);
  } catch (err) {
    // JSON.parse quotes the text it choked on, newlines included: one line, or the `lich:` line breaks.
    throw new SpawnError(`${file} is not valid JSON (${oneLine((err as Error).message)}), so ${what} cannot be read — fix the file`);
  }
  if (doc === null || typeof doc !== 'object' || Array.isArray(doc)) {
    throw new SpawnError(`${file} must hold a JSON object, so ${what} cannot be read — fix the file`);
  }
  return { doc: doc as Record<string, unknown>, file };
}

/**
 * Sets one key of `<configDir>/settings.json` and keeps every other key as it was, the file
 * replaced whole by a rename so no reader ever sees half of it. A new file is created 0600; an
 * existing one keeps its mode.
 *
 * @param what the setting, for the refusal of a file that cannot be read (see {@link readSettings}).
 * @throws SpawnError when the file cannot be read as an object (it is then left untouched), or
 *   written: `write <file>: <reason>`.
 */
export function writeSetting(configDir: string, key: string, value: unknown, what: string): void {
  const { doc, file } = readSettings(configDir, what);
  doc[key] = value;
  const temp = `${file}.${process.pid}.tmp`;
  try {
    writeFileSync(temp, `${JSON.stringify(doc, null, 2)}\n`, { mode: 0o600 });
    try {
      chmodSync(temp, statSync(file).mode & 0o777);
    } catch {
      // No file yet: the new one stays 0600.
    }
    renameSync(temp, file);
  } catch (err) {
    rmSync(temp, { force: true });
    throw new SpawnError(`write ${file}: ${(err as Error).message}`);
  }
}

/**
 * `"subagentCards"`: whether a Claude Code session's own general-purpose subagents open as lich
 * cards (lich-plugin-modules.md § 3; the window's "Subagents as lich sessions"). `false` puts
 * `LICH_SUBAGENT_CARDS=off` into every session lich starts, and lich's plugin then keeps every
 * subagent inside Claude Code. Absent: true.
 *
 * @throws SpawnError for a settings file that cannot be read (see {@link readSettings}), or a
 *   value that is not true or false: `<file>: "subagentCards" must be true or false — fix the file`.
 */
export function subagentCardsSetting(configDir: string): boolean {
  const { doc, file } = readSettings(configDir, 'the subagentCards setting');
  const v = doc.subagentCards;
  if (v === undefined) return true;
  if (typeof v !== 'boolean') throw new SpawnError(`${file}: "subagentCards" must be true or false — fix the file`);
  return v;
}
