/**
 * The sandbox rung: the user's answer to "which sessions run confined" (spec/cli.md § lich open,
 * Confinement; docs/sandbox.md). It is a setting in the config directory, read at each open, so
 * a change reaches the next open without a restart; there is no flag to override it, because the
 * rung is the user's answer and the opener is the agent's end.
 */
import { goQuote } from '@lich/core/quote';
import { SpawnError } from '../errors.js';
import { readSettings } from '../settings.js';

/** The settings file, in the lich config directory (the one holding `runtime.json`). */
export { SETTINGS_FILE } from '../settings.js';
/** The key of the rung in {@link SETTINGS_FILE}. */
export const SANDBOX_KEY = 'sandbox';

/**
 * The rungs, in the order Settings › Sandbox lists them: nothing confined, sessions on a
 * worktree only, every session, ask each time.
 */
export const RUNGS = ['off', 'worktrees', 'everywhere', 'ask'] as const;
export type Rung = (typeof RUNGS)[number];

/**
 * The rung when the file, or the key in it, is absent. Neither spec/cli.md nor wire.md names a
 * default, and confinement needs a kernel feature a machine may refuse: a user who never chose
 * a rung keeps sessions started exactly as before rather than finding every open failing on a
 * missing bubblewrap.
 */
export const DEFAULT_RUNG: Rung = 'off';

/** The rung as read, and where it was read from (the failure lines name both). */
export interface RungSetting {
  rung: Rung;
  /** The settings file's path, whether or not it exists. */
  file: string;
}

/**
 * Reads the rung from `<configDir>/settings.json` (`{"sandbox": "off" | "worktrees" |
 * "everywhere" | "ask"}`); a missing file or key is {@link DEFAULT_RUNG}; other keys are left to
 * whoever owns them.
 *
 * @throws SpawnError naming the file when it cannot be read, is not a JSON object, or holds a
 *   `sandbox` value that is not one of the rungs — an open does not guess at the user's answer.
 */
export function readRung(configDir: string): RungSetting {
  const { doc, file } = readSettings(configDir, 'the sandbox setting');
  const value = doc[SANDBOX_KEY];
  if (value === undefined) return { rung: DEFAULT_RUNG, file };
  if (typeof value !== 'string' || !(RUNGS as readonly string[]).includes(value)) {
    throw new SpawnError(
      `the sandbox setting in ${file} is ${JSON.stringify(value)}, which is not a rung — set it to one of ${RUNGS.map((r) => goQuote(r)).join(', ')}`,
    );
  }
  return { rung: value as Rung, file };
}

/**
 * Whether a session opened from this end runs confined (spec/cli.md § lich open: "a session
 * opened here takes its confined side, the same as Everywhere and as Worktrees only on a
 * worktree"): nobody is here to answer `ask`, so it confines like `everywhere`.
 *
 * @param onWorktree whether the session's directory is not its project's own.
 */
export function confines(rung: Rung, onWorktree: boolean): boolean {
  return rung === 'everywhere' || rung === 'ask' || (rung === 'worktrees' && onWorktree);
}
