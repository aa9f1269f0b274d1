import { dropControls } from './names.js';

/**
 * Names a session is addressed by, besides its id (wire.md § 9).
 */

/**
 * The peer-roster name: `basename(cwd)` (backslashes read as slashes, trailing slashes
 * trimmed, control characters dropped; `""`, `.` and `/` read as `lich`) + `-` + the first 4 ASCII alphanumerics of the
 * session id, or the directory alone when the id has none. `cwd` is the session's worktree,
 * else its project directory. Must match the window's `peer-name.ts`. In core because lich's
 * Claude Code hooks know it too: it is the `--name` lich starts Claude Code with, which Claude
 * Code then reports as the session's title (packages/claude-plugin/src/hook/reports.ts).
 */
export function rosterName(cwd: string, sessionId: string): string {
  let p = cwd.replace(/\\/g, '/');
  while (p.length > 1 && p.endsWith('/')) p = p.slice(0, -1);
  // wire.md is silent on control characters in a directory name; they are dropped (names.ts),
  // since the roster name is a column of `lich sessions` and the `--name` Claude Code starts with.
  let base = dropControls(p.slice(p.lastIndexOf('/') + 1));
  if (base === '' || base === '.' || p === '/') base = 'lich';
  const short = (sessionId.match(/[A-Za-z0-9]/g) ?? []).slice(0, 4).join('');
  return short ? `${base}-${short}` : base;
}
