/**
 * Resolution of a `<session>` over every session, live or parked (wire.md § 9, `findSession`):
 * what close, rename, file and the other spawn commands address — "this reaches a card whose
 * terminal was never opened" (spec/cli.md § lich close). The relay's own resolution covers live
 * sessions only; this one is shared by every spawn command so they cannot disagree.
 */
import { quoteName } from '@lich/core/names';
import { SpawnError } from '../errors.js';
import { equalFold, expandPath, isDirectory } from '../relay/resolve.js';
import type { ProjectRow, SessionRow, Store } from '../store/store.js';
import { rosterName } from './names.js';

/**
 * Exact lich id first, then label (case-insensitive), then — only when no label matched — the
 * roster name; label and name matches narrowed by `project` (`""` every project, a name
 * case-insensitively, or a directory: a project's root or a session's own directory, which only
 * narrows).
 *
 * @throws SpawnError `no session named "<t>"[ in project "<p>"]`, or
 *   `"<t>" names <n> sessions — narrow it with the project`.
 */
export function findSession(store: Store, target: string, project: string, home: string): SessionRow {
  const all = store.sessions();
  const byId = all.find((s) => s.id === target);
  if (byId) return byId;
  const projects = new Map(store.projects().map((p) => [p.id, p]));
  const narrowed = all.filter((s) => inProjectRow(s, projects.get(s.projectId), project, home));
  let hits = narrowed.filter((s) => equalFold(s.label, target));
  if (hits.length === 0) {
    hits = narrowed.filter((s) => equalFold(rosterName(s.path || projects.get(s.projectId)?.path || '', s.id), target));
  }
  if (hits.length === 1) return hits[0]!;
  if (hits.length === 0) throw new SpawnError(`no session named ${quoteName(target)}${project ? ` in project ${quoteName(project)}` : ''}`);
  throw new SpawnError(`${quoteName(target)} names ${hits.length} sessions — narrow it with the project`);
}

/** Whether a session row is in the project `spec` names: `""` every project, a directory its root or the session's own directory, else a name (case-insensitively). */
function inProjectRow(s: SessionRow, p: ProjectRow | undefined, spec: string, home: string): boolean {
  if (spec === '') return true;
  if (isDirectory(spec)) {
    const dir = expandPath(spec, home);
    return (p !== undefined && expandPath(p.path) === dir) || (s.path !== '' && expandPath(s.path) === dir);
  }
  return p !== undefined && equalFold(p.name, spec);
}
