/**
 * `env.txt` of `lich rage` (spec/cli.md § lich rage): every `LICH_*` variable plus a fixed
 * allowlist — the shell, PATH, the editor, the terminal and locale, the XDG and desktop ones —
 * and, for anything named like a token, key, secret or password, only `<SET>` or `<UNSET>`.
 * The running backend's diagnostic report carries the same selection of its own environment.
 */

/** Written for a secret that is set. */
export const SET = '<SET>';
/** Written for a listed variable that is not set. */
export const UNSET = '<UNSET>';

/**
 * Always listed, set or not. The provider keys are here so a report can say whether one is set —
 * never its value (each is named like a key or token, so it is masked).
 */
export const ENV_ALLOWLIST: readonly string[] = [
  'SHELL',
  'PATH',
  'EDITOR',
  'VISUAL',
  'TERM',
  'COLORTERM',
  'TERM_PROGRAM',
  'LANG',
  'LC_ALL',
  'LC_CTYPE',
  'HOME',
  'USER',
  'TMPDIR',
  'DISPLAY',
  'WAYLAND_DISPLAY',
  'DESKTOP_SESSION',
  'XDG_CURRENT_DESKTOP',
  'XDG_SESSION_TYPE',
  'XDG_CONFIG_HOME',
  'XDG_DATA_HOME',
  'XDG_STATE_HOME',
  'XDG_CACHE_HOME',
  'XDG_RUNTIME_DIR',
  'NODE_OPTIONS',
  'ANTHROPIC_API_KEY',
  'OPENAI_API_KEY',
  'GH_TOKEN',
  'GITHUB_TOKEN',
  // lich's own, listed even when unset: which coordinates a command would have used.
  'LICH_BIN',
  'LICH_DEV',
  'LICH_LISTEN_PORT',
  'LICH_PORT',
  'LICH_PROMPT_LANG',
  'LICH_SESSION_ID',
  'LICH_SHELL',
  'LICH_TOKEN',
];

/** Listed whenever set, beyond the allowlist. */
const LISTED_PREFIXES = ['LICH_', 'XDG_'];

/** Whether a variable's name says it holds a secret: a token, key, secret, password or credential. */
export function isSecretName(name: string): boolean {
  return /TOKEN|KEY|SECRET|PASSWORD|PASSWD|CREDENTIAL/i.test(name);
}

/**
 * The selected variables, sorted by name, each with what may be written of it: its value, or for a
 * secret {@link SET} / {@link UNSET}; a listed variable that is not set is {@link UNSET}.
 */
export function selectEnv(env: Readonly<Record<string, string | undefined>>): Array<[string, string]> {
  const names = new Set(ENV_ALLOWLIST);
  for (const [name, value] of Object.entries(env)) {
    if (value !== undefined && LISTED_PREFIXES.some((p) => name.startsWith(p))) names.add(name);
  }
  return [...names].sort().map((name) => {
    const value = env[name];
    if (value === undefined) return [name, UNSET];
    return [name, isSecretName(name) ? SET : value];
  });
}

/** `env.txt`: a comment line, then `NAME=value` per selected variable, each line ending in a newline. */
export function envText(env: Readonly<Record<string, string | undefined>>): string {
  const lines = selectEnv(env).map(([name, value]) => `${name}=${value}`);
  return `# lich rage's environment: every LICH_* variable and an allowlist; a secret is only ${SET} or ${UNSET}\n${lines.join('\n')}\n`;
}
