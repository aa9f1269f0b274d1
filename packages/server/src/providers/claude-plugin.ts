/**
 * lich's own Claude Code plugin (packages/claude-plugin), as the backend hands it to every Claude
 * Code session it opens: `--plugin-dir <dir>` beside the MCP registration (providers.ts), with no
 * install step.
 *
 * Where it is: the build puts it beside the CLI bundle, in the local marketplace
 * `<cli>/dist/claude` (packages/claude-plugin/build.mjs), so it is found from `LICH_BIN`
 * (`<cli>/bin/lich.js`) wherever the CLI is installed — a checkout, or a global install — and
 * never from the repository's root.
 *
 * Why a copy: `--plugin-dir` has Claude Code write type declarations and a tsconfig.json into the
 * folder it loads (real-agents.md § 3.6). A session must not scribble into the shipped plugin,
 * which may be read-only or shared by several lich installs, so each session loads a copy under
 * `<dataDir>/claude-plugin/<version>-<hash of its files>/lich`, made once per build of the plugin
 * and shared by every session of that build.
 */
import { createHash } from 'node:crypto';
import { cpSync, existsSync, readdirSync, readFileSync, realpathSync, renameSync, rmSync, statSync, utimesSync, type Dirent } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { makeDir } from '../make-dir.js';

/** The plugin's name, its folder's name in the marketplace, and the marketplace's. */
export const CLAUDE_PLUGIN_NAME = 'lich';

/** Copies older than this, unused since, are removed when a new one is made (ms). */
export const STALE_COPY_MS = 30 * 24 * 3600 * 1000;

/**
 * The shipped plugin's folder for the CLI at `bin` (`LICH_BIN`): `<dirname(bin)>/../dist/claude/lich`,
 * or `""` when there is none there (the plugin was not built) — then no session gets one.
 */
export function shippedClaudePlugin(bin: string): string {
  if (bin === '') return '';
  let real = bin;
  try {
    // A bin on PATH is often a link into the install (npm's global bin): the plugin is beside the target.
    real = realpathSync(bin);
  } catch {
    // A bin that does not exist finds no plugin below.
  }
  const dir = join(dirname(real), '..', 'dist', 'claude', CLAUDE_PLUGIN_NAME);
  return existsSync(join(dir, '.claude-plugin', 'plugin.json')) ? dir : '';
}

/** The shipped marketplace holding the plugin: what a user adds with `claude plugin marketplace add`. */
export function shippedMarketplace(plugin: string): string {
  return plugin === '' ? '' : dirname(plugin);
}

/** The plugin's version, from its manifest. */
export function pluginVersion(plugin: string): string {
  const manifest = JSON.parse(readFileSync(join(plugin, '.claude-plugin', 'plugin.json'), 'utf8')) as { version?: unknown };
  return typeof manifest.version === 'string' ? manifest.version : '';
}

/**
 * The folder a session loads the plugin from: the copy of `shipped` under
 * `<dataDir>/claude-plugin/`, made when this build of it has none yet (copied beside, then
 * renamed into place, so a session never loads half a copy). Copies of other builds that no
 * session was started with for {@link STALE_COPY_MS} go then.
 *
 * @returns `""` when `shipped` is `""`.
 * @throws Error when the copy cannot be made (the data directory is not writable).
 */
export function sessionClaudePlugin(shipped: string, dataDir: string, now = Date.now()): string {
  if (shipped === '') return '';
  const root = join(dataDir, 'claude-plugin');
  const build = `${pluginVersion(shipped)}-${treeHash(shipped)}`;
  const copy = join(root, build, CLAUDE_PLUGIN_NAME);
  if (existsSync(join(copy, '.claude-plugin', 'plugin.json'))) {
    // Its time is when a session last took it: what the pruning of other builds goes by.
    touch(join(root, build), now);
    return copy;
  }
  const staging = join(root, `.${build}.${process.pid}.tmp`);
  rmSync(staging, { recursive: true, force: true });
  try {
    makeDir(staging);
    cpSync(shipped, join(staging, CLAUDE_PLUGIN_NAME), { recursive: true });
  } catch (error) {
    // A full or read-only data directory: half a copy is nobody's.
    rmSync(staging, { recursive: true, force: true });
    throw error;
  }
  try {
    renameSync(staging, join(root, build));
  } catch (error) {
    // Another backend made the same copy first: theirs is whole, and the same.
    rmSync(staging, { recursive: true, force: true });
    if (!existsSync(join(copy, '.claude-plugin', 'plugin.json'))) throw error;
  }
  pruneCopies(root, build, now);
  return copy;
}

/** A hash of every file under `dir` (names and contents), to tell builds of one version apart. */
function treeHash(dir: string): string {
  const hash = createHash('sha256');
  const walk = (at: string) => {
    const entries: Dirent[] = readdirSync(at, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    for (const e of entries) {
      const path = join(at, e.name);
      if (e.isDirectory()) walk(path);
      else if (e.isFile()) hash.update(`${relative(dir, path)}\0`).update(readFileSync(path)).update('\0');
    }
  };
  walk(dir);
  return hash.digest('hex').slice(0, 12);
}

function touch(path: string, now: number): void {
  try {
    utimesSync(path, now / 1000, now / 1000);
  } catch {
    // A copy whose time cannot be set is only pruned sooner.
  }
}

function pruneCopies(root: string, keep: string, now: number): void {
  for (const name of readdirSync(root)) {
    if (name === keep || name.startsWith('.')) continue;
    const path = join(root, name);
    try {
      if (now - statSync(path).mtimeMs > STALE_COPY_MS) rmSync(path, { recursive: true, force: true });
    } catch {
      // Gone already, or not ours to remove: left as it is.
    }
  }
}
