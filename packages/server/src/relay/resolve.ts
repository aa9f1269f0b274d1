/**
 * Resolution of a `<session>` argument to one live session (spec/cli.md § lich send, the
 * `<session>` bullets; wire.md § 9 "Resolution"). Guessing which session a prompt lands in is
 * the one mistake this must not make, so an ambiguous name is an error naming every candidate.
 */
import { homedir } from 'node:os';
import { resolve as resolvePath } from 'node:path';
import { RelayError } from './errors.js';
import type { RelaySession } from './host.js';
import { cutName, quoteName } from '@lich/core/names';

/**
 * Go's `strings.EqualFold`, rune by rune: `toLowerCase()` alone would fold `ß` to `SS` on the
 * way up or miss title-case letters, and lich compares labels with EqualFold.
 */
export function equalFold(a: string, b: string): boolean {
  const x = [...a];
  const y = [...b];
  if (x.length !== y.length) return false;
  for (let i = 0; i < x.length; i++) {
    const c = x[i]!;
    const d = y[i]!;
    if (c === d) continue;
    const lc = c.toLowerCase();
    const ld = d.toLowerCase();
    if (lc === ld && [...lc].length === 1) continue;
    const uc = c.toUpperCase();
    const ud = d.toUpperCase();
    if (uc === ud && [...uc].length === 1) continue;
    return false;
  }
  return true;
}

/** Whether `--project` was given as a directory rather than a name: absolute, or `~`-rooted. */
export function isDirectory(project: string): boolean {
  return project.startsWith('/') || project === '~' || project.startsWith('~/');
}

/** `~` and `~/…` expanded against `home`, then normalised (trailing `/`, `.`, `..`). */
export function expandPath(p: string, home: string = homedir()): string {
  if (p === '~') return resolvePath(home);
  if (p.startsWith('~/')) return resolvePath(home, p.slice(2));
  return resolvePath(p);
}

/**
 * Whether `s` is in the project `project` names: `""` names every project; a directory matches
 * the project root or the session's own directory (a worktree); anything else is a project
 * name, compared case-insensitively.
 */
export function inProject(s: RelaySession, project: string, home?: string): boolean {
  if (project === '') return true;
  if (isDirectory(project)) {
    const dir = expandPath(project, home);
    return (s.projectPath !== '' && resolvePath(s.projectPath) === dir) || (s.path !== '' && resolvePath(s.path) === dir);
  }
  return equalFold(s.project, project);
}

/**
 * The live sessions `target` names, the caller excluded: its exact lich id first, then a
 * case-insensitive label match, then (only when no label matched) its roster name; label and
 * name matches are narrowed by `project`. `[]` is a miss, two or more a clash — what
 * {@link resolveTarget} refuses; `lich control` and `lich ask` ask it first to tell a miss, which
 * they look up again among sessions that are not running, from the other two.
 *
 * @param live the live sessions (RelayHost.liveSessions()).
 */
export function liveMatches(
  live: readonly RelaySession[],
  o: { from: string; target: string; project: string },
  home?: string,
): RelaySession[] {
  const others = live.filter((s) => s.id !== o.from);
  const byId = others.find((s) => s.id === o.target);
  if (byId) return [byId];
  const candidates = others.filter((s) => inProject(s, o.project, home));
  const byLabel = candidates.filter((s) => equalFold(s.label, o.target));
  return byLabel.length > 0 ? byLabel : candidates.filter((s) => equalFold(s.name, o.target));
}

/**
 * Picks the live session `target` names, as {@link liveMatches} finds it.
 *
 * @param live the live sessions (RelayHost.liveSessions()), in the order a miss should list them.
 * @throws RelayError `no target session given`;
 *   `no live session named "<t>"[ in project "<p>"]. No other session is live.` /
 *   `… Live sessions: "<label>" (<name>), … .`;
 *   `"<t>" names <n> live sessions (<proj1>, <proj2>) — narrow it with the project`.
 */
export function resolveTarget(
  live: readonly RelaySession[],
  o: { from: string; target: string; project: string },
  home?: string,
): RelaySession {
  if (o.target === '') throw new RelayError('no target session given');
  const matches = liveMatches(live, o, home);
  if (matches.length === 1) return matches[0]!;
  if (matches.length > 1) {
    throw new RelayError(
      `${quoteName(o.target)} names ${matches.length} live sessions (${matches.map((s) => cutName(s.project)).join(', ')}) — narrow it with the project`,
    );
  }
  const others = live.filter((s) => s.id !== o.from);
  const where = o.project === '' ? '' : ` in project ${quoteName(o.project)}`;
  const known =
    others.length === 0
      ? 'No other session is live.'
      : `Live sessions: ${others.map((s) => `${quoteName(s.label)} (${cutName(s.name)})`).join(', ')}.`;
  // Every name quoted no longer than a name may be: the line stays one short line whatever the
  // target was, or whatever label an old store kept (issue 22).
  throw new RelayError(`no live session named ${quoteName(o.target)}${where}. ${known}`);
}
