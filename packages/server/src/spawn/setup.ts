/**
 * The worktree setup script, run in a fresh worktree's PTY before the provider (spec/cli.md
 * § lich open, --worktree; § Known ceilings, "A session is addressable before its agent can
 * read"; wire.md § 9, setup marker).
 *
 * The PTY runs a small `/bin/sh` wrapper instead of the provider: it runs the project's
 * `.lich/setup-worktree.sh` with `sh`, and when the script succeeds prints the setup marker —
 * the OSC `ESC ] 6969 ; lich-setup-done BEL`, which a terminal draws as nothing — and `exec`s the
 * provider's argv in the same PTY, so the session's process is the provider from then on. Until
 * the terminal has seen the marker the session is not ready, so the relay holds a task sent to
 * it instead of typing it into a running `pnpm install`.
 *
 * A script that fails prints `[lich] worktree setup failed (exit <status>)` and the provider is
 * NOT started: the wrapper exits with the script's status, the PTY ends and the session is
 * parked, and a task held for it turns `undelivered` ("stopped before its agent started") rather
 * than reaching an agent in a checkout its project says is not ready. The checkout stays, with
 * whatever the script left in it; `lich open --worktree <branch>` then resumes the session in
 * that existing checkout, which runs no setup script. A script cut off instead (lich killed, or
 * quitting, mid-script) leaves the checkout recorded as being made, and the next start takes it
 * back (spawn/recover.ts), so the next open makes it afresh and runs the script.
 */

/** The marker the wrapper prints once the setup script succeeded (wire.md § 9). */
export const SETUP_MARKER = '\x1b]6969;lich-setup-done\x07';

/** The shell the wrapper runs in. */
export const SETUP_SHELL = '/bin/sh';

/**
 * The wrapper: `sh <script>`; on success the marker, then `exec` of the provider; on failure the
 * failure line and the script's status. The script and the provider's argv are positional
 * parameters (`$0`, `"$@"`), never spliced into the shell text, so no path or argument is ever
 * read as shell syntax.
 */
export const SETUP_WRAPPER =
  'sh "$0"; status=$?; ' +
  'if [ "$status" -eq 0 ]; then printf \'\\033]6969;lich-setup-done\\007\'; exec "$@"; fi; ' +
  'printf \'\\r\\n[lich] worktree setup failed (exit %s)\\r\\n\' "$status"; exit "$status"';

/**
 * The command a fresh worktree's PTY starts: the wrapper running `script` (relative to the
 * checkout, or absolute), then `file args…`.
 */
export function setupCommand(script: string, file: string, args: string[]): { file: string; args: string[] } {
  return { file: SETUP_SHELL, args: ['-c', SETUP_WRAPPER, script, file, ...args] };
}
