/**
 * Where lich keeps its files, as the CLI and the backend both find them: one rule, so a command
 * finds the runtime file the backend wrote and the backend opens the store `lich doctor` looked at.
 *
 * - config (`runtime.json`, `providers.json`, `lich.log`): `$XDG_CONFIG_HOME/lich`, else
 *   `<home>/.config/lich` — Go's `os.UserConfigDir` on Linux (wire.md § 3);
 * - data (`lich.db`, `lich.lock`, worktrees): `$XDG_DATA_HOME/lich`, else
 *   `<home>/.local/share/lich` (wire.md § 12.3);
 * - `<home>` is `$HOME`, else the account's home directory from the password database — what
 *   node's `os.homedir()` does, and what a process started with an empty environment (cron, a
 *   service manager, `env -i`) still has. Go's `os.UserConfigDir` refuses there instead; lich
 *   goes on, since the CLI and the backend resolve it alike.
 *
 * An `XDG_*` that is set but relative is refused, as Go refuses it (the XDG spec calls it
 * invalid): it would resolve against whatever directory each process was started in.
 */
import { userInfo } from 'node:os';
import { LichError } from './errors.js';

/** The environment as the caller passes it: only bin entries read `process.env`. */
export type Env = Readonly<Record<string, string | undefined>>;

/** The account's home from the password database; `""` when it has none. */
export type PasswdHome = () => string;

const passwdHome: PasswdHome = () => {
  try {
    return userInfo().homedir;
  } catch {
    return '';
  }
};

/**
 * The home directory lich's directories default under: `$HOME` when non-empty, else `passwd()`.
 * @throws LichError `neither $HOME is set nor does this user have a home directory` when neither gives one.
 */
export function homeDir(env: Env, passwd: PasswdHome = passwdHome): string {
  const home = env.HOME ?? '';
  if (home !== '') return home;
  const fromPasswd = passwd();
  if (fromPasswd !== '') return fromPasswd;
  throw new LichError('neither $HOME is set nor does this user have a home directory in the password database');
}

/**
 * The lich config directory: `$XDG_CONFIG_HOME/lich`, else `<home>/.config/lich` (module comment).
 * @throws LichError `path in $XDG_CONFIG_HOME is relative`, and {@link homeDir}'s.
 */
export function lichConfigDir(env: Env, passwd?: PasswdHome): string {
  return under(env, 'XDG_CONFIG_HOME', '.config', passwd);
}

/**
 * The lich data directory: `$XDG_DATA_HOME/lich`, else `<home>/.local/share/lich` (module comment).
 * @throws LichError `path in $XDG_DATA_HOME is relative`, and {@link homeDir}'s.
 */
export function lichDataDir(env: Env, passwd?: PasswdHome): string {
  return under(env, 'XDG_DATA_HOME', '.local/share', passwd);
}

function under(env: Env, variable: 'XDG_CONFIG_HOME' | 'XDG_DATA_HOME', fallback: string, passwd?: PasswdHome): string {
  const xdg = env[variable] ?? '';
  if (xdg !== '') {
    if (!xdg.startsWith('/')) throw new LichError(`path in $${variable} is relative`);
    return `${xdg}/lich`;
  }
  return `${homeDir(env, passwd)}/${fallback}/lich`;
}
