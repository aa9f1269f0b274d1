/**
 * How the built-in `opencode` kind gets lich's tools and reports (spec/opencode-tools.md;
 * real-agents.md §§ 4.3–4.4, 6.3–6.4): this project's opencode plugin is loaded into every
 * opencode session lich starts, through the session's own environment — nothing is written into
 * the user's opencode config or the repository, and opencode installs nothing for it.
 *
 * The mechanism, read in opencode 1.18.33's source and tried: `OPENCODE_CONFIG_CONTENT` is a
 * config document opencode merges last, as a project-scope layer, over the user's global, custom
 * and project configs (their `plugin` lists are concatenated and de-duplicated). A `plugin` entry
 * there naming the module by `file://` URL is imported where it lies, so `@opencode-ai/plugin`
 * resolves from the module's own location — the CLI's dependencies — and needs no install. Adding
 * a config directory instead (`OPENCODE_CONFIG_DIR`, `<repo>/.opencode/`) would make opencode
 * npm-install `@opencode-ai/plugin` into that directory at every start and wait for it (71 s on a
 * dead registry), and a plugin under `plugin/` there resolves only from that install.
 *
 * What opencode does on its own, plugin or none: at every start it installs `@opencode-ai/plugin`
 * into each of its config directories that lacks it (`~/.config/opencode` always) — measured: a
 * fresh one held the package and 25 others after a plain `opencode` ran for 90 s. With any plugin
 * configured it waits for that install before it reads its config, so a session started before
 * opencode ever finished it on that machine starts later by the install's time (12 s here with the
 * registry reachable; 71 s on a dead registry, real-agents.md § 4.3, and again at every start until
 * an install succeeds); from then on it is skipped (`node_modules/` present and the lockfile naming
 * the package). lich writes nothing there. See docs/architecture.md § opencode.
 */
import { statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';

/** The plugin module's file name in the CLI's `dist/` (tools/build.mjs). */
export const OPENCODE_PLUGIN_FILE = 'opencode-plugin.mjs';

/**
 * The opencode plugin module that ships with the lich at `bin` (`LICH_BIN`,
 * `<cli>/bin/lich.js`): `<cli>/dist/opencode-plugin.mjs`, beside the CLI's own bundles, so it is
 * found wherever the CLI is installed. `undefined` when `bin` is `""` or no such file is there.
 */
export function opencodePlugin(bin: string): string | undefined {
  if (bin === '') return undefined;
  const file = join(dirname(bin), '..', 'dist', OPENCODE_PLUGIN_FILE);
  try {
    return statSync(file).isFile() ? file : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The `OPENCODE_CONFIG_CONTENT` that loads `plugin` (an absolute path) into opencode: `own`, the
 * value the backend's environment already holds, with the plugin's `file://` URL added to its
 * `plugin` list — or `{"plugin":[<url>]}` when there is none. `undefined` when `own` is not a JSON
 * object with a `plugin` list (if any) lich can add to: the user's document is then left as it
 * is, and the session goes without the plugin rather than without their config.
 */
export function opencodeConfigContent(own: string | undefined, plugin: string): string | undefined {
  const url = pathToFileURL(plugin).href;
  if (own === undefined || own.trim() === '') return JSON.stringify({ plugin: [url] });
  let doc: unknown;
  try {
    doc = JSON.parse(own);
  } catch {
    return undefined;
  }
  if (typeof doc !== 'object' || doc === null || Array.isArray(doc)) return undefined;
  const list = (doc as { plugin?: unknown }).plugin;
  if (list !== undefined && !Array.isArray(list)) return undefined;
  const plugins = (list ?? []) as unknown[];
  if (plugins.includes(url)) return own;
  return JSON.stringify({ ...doc, plugin: [...plugins, url] });
}

/**
 * The variables the built-in `opencode` kind adds to a session's environment, given the backend's
 * environment and `LICH_BIN`: `OPENCODE_CONFIG_CONTENT` loading the plugin, or `{}` when the
 * plugin is not there or cannot be added ({@link opencodePlugin}, {@link opencodeConfigContent}).
 */
export function opencodeEnv(env: NodeJS.ProcessEnv, bin: string): Record<string, string> {
  const plugin = opencodePlugin(bin);
  if (plugin === undefined) return {};
  const content = opencodeConfigContent(env.OPENCODE_CONFIG_CONTENT, plugin);
  return content === undefined ? {} : { OPENCODE_CONFIG_CONTENT: content };
}
