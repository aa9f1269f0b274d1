/**
 * The project a workspace command is about, from its `--project` (spec/cli.md § lich open,
 * --project: "Every other --project — close, rename, worktrees, folders, file, rename-folder,
 * color-folder — takes a path in the same spelling, but only narrows with it: opening a project
 * is something only open does").
 */
import { homedir } from 'node:os';
import { cutName, quoteName } from '@lich/core/names';
import { SpawnError } from '../errors.js';
import { equalFold, expandPath } from '../relay/resolve.js';
import type { ProjectRow, Store } from '../store/store.js';
import { samePath } from './worktrees.js';

/**
 * Picks the project `spec` names among the projects the store holds, opening nothing:
 * `""` is the calling session's own project; a bare word is a name (exact, else
 * case-insensitive); an absolute path or `~/…` is the project whose directory it is.
 *
 * @param from the calling session's lich id, `""` outside a session.
 * @throws SpawnError (wording of this build, in open's voice):
 *   `no project was named, and this is not running in a lich session whose project it could default to — name one with --project: "a", "b"`
 *   (or `…, and none is open yet` with no project at all);
 *   `no project named "<p>" is open — the open projects are "a", "b"` (`…, and none is yet`);
 *   `"<p>" names <n> projects — give the project's directory path instead`;
 *   `no project is open at <dir> — the open projects are "a", "b"; only lich open opens a directory as a project`;
 *   `"<p>" is not an absolute path, and there is no shell at lich's end to resolve it against — give the directory's absolute path (a leading ~ is expanded)`.
 */
export function narrowProject(store: Store, spec: string, from: string, home: string = homedir()): ProjectRow {
  const all = store.projects();
  const open = all.map((p) => quoteName(p.name)).join(', ');
  if (spec === '') {
    const caller = from !== '' ? store.session(from) : undefined;
    const own = caller && store.project(caller.projectId);
    if (own) return own;
    throw new SpawnError(
      all.length
        ? `no project was named, and this is not running in a lich session whose project it could default to — name one with --project: ${open}`
        : 'no project was named, and none is open yet',
    );
  }
  const isPath = spec.startsWith('/') || spec === '~' || spec.startsWith('~/');
  if (!isPath && (spec.includes('/') || spec.includes('\\'))) {
    throw new SpawnError(
      `${quoteName(spec)} is not an absolute path, and there is no shell at lich's end to resolve it against — give the directory's absolute path (a leading ~ is expanded)`,
    );
  }
  if (isPath) {
    const dir = expandPath(spec, home);
    const row = all.find((p) => samePath(p.path, dir));
    if (row) return row;
    throw new SpawnError(
      all.length
        ? `no project is open at ${cutName(dir)} — the open projects are ${open}; only lich open opens a directory as a project`
        : `no project is open at ${cutName(dir)}, and none is yet; only lich open opens a directory as a project`,
    );
  }
  const exact = all.filter((p) => p.name === spec);
  const hits = exact.length ? exact : all.filter((p) => equalFold(p.name, spec));
  if (hits.length === 1) return hits[0];
  if (hits.length > 1) throw new SpawnError(`${quoteName(spec)} names ${hits.length} projects — give the project's directory path instead`);
  throw new SpawnError(
    all.length ? `no project named ${quoteName(spec)} is open — the open projects are ${open}` : `no project named ${quoteName(spec)} is open, and none is yet`,
  );
}
