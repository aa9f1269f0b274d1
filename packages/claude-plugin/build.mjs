// Builds lich's Claude Code plugin (packages/claude-plugin) into a local marketplace beside the CLI
// bundle, so it ships with the CLI and is found from it (docs/architecture.md § lich's Claude Code
// plugin):
//
//   packages/cli/dist/claude/.claude-plugin/marketplace.json   the marketplace `lich`, listing …
//   packages/cli/dist/claude/lich/                              … the plugin `lich`:
//     .claude-plugin/plugin.json, README.md                     copied from plugin/ and README.md
//     hooks/hooks.json                                          copied from plugin/hooks/
//     hooks/lich.js      the hooks module (src/mod/lich.ts): ES module, no Node, readable
//     hooks/report.cjs   the classic hooks' script (src/hook/main.ts): CommonJS, node, minified
//   packages/cli/dist/codex-hook.cjs                          the hook script of Codex sessions
//                                                             (src/codex/main.ts), built as report.cjs
//
//   packages/claude-plugin/dist/                                the same tree again: what the
//                                                               @lich/claude-plugin package ships
//
// The contract checks both bundles run before a report leaves are compiled here with ajv's
// standalone code generation (the virtual module `lich:checks`): a hooks module has no eval to
// compile a schema in, and a hook script that compiled one would pay for it on every tool call.
// The plugin's version (plugin.json) is `__LICH_PLUGIN_VERSION__` in both.
//
// Called by tools/build.mjs with its esbuild; the plugin's tests compile the checks the same way
// (`checksModule`).

import { cpSync, mkdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createRequire } from 'node:module';

const here = dirname(fileURLToPath(import.meta.url));

/** Where the marketplace and the plugin are built, relative to the repository root. */
export const MARKETPLACE_DIR = 'packages/cli/dist/claude';
/** Where the Codex hook script is built, relative to the repository root (server providers/codex-hooks.ts finds it there). */
export const CODEX_HOOK_FILE = 'packages/cli/dist/codex-hook.cjs';
/** The same marketplace, as the @lich/claude-plugin package ships it (docs/packaging.md). */
export const PACKAGE_DIR = 'packages/claude-plugin/dist';
export const PLUGIN_NAME = 'lich';

/** The POST endpoints the plugin reports to, each with the name its compiled check is exported under. */
const CHECKED = {
  '/hook': 'hook',
  '/session-start': 'sessionStart',
  '/session-title': 'sessionTitle',
  '/session-touched': 'sessionTouched',
  '/mod/acks': 'modAcks',
  '/mod/answer': 'modAnswer',
  '/mod/usage': 'modUsage',
};

/** The `@lich/core/*` and `@lich/generated/*` aliases of tsconfig.json, all the plugin's sources use. */
function lichAliases(root) {
  const resolveTs = (base) =>
    [base, `${base}.ts`, base.replace(/\.js$/, '.ts')].find((p) => {
      try {
        return statSync(p).isFile();
      } catch {
        return false;
      }
    });
  return {
    name: 'lich-aliases',
    setup(build) {
      build.onResolve({ filter: /^@lich\/(core|generated)\// }, (args) => {
        const [, pkg, rest] = /^@lich\/(core|generated)\/(.*)$/.exec(args.path);
        const path = resolveTs(join(root, pkg === 'core' ? 'packages/core/src' : 'generated', rest));
        return path ? { path } : { errors: [{ text: `${args.path} does not exist` }] };
      });
    },
  };
}

/**
 * The ES module source of the compiled checks: `export const refusal` (src/checks.ts
 * `compiledRefusal`) over one standalone ajv validator per endpoint of `hookSchemas`.
 */
async function checksSource(root, esbuild, aliases) {
  // generated/contracts.ts is TypeScript: bundle it to read its hookSchemas.
  const bundled = await esbuild.build({
    entryPoints: [join(root, 'generated/contracts.ts')],
    bundle: true,
    format: 'esm',
    platform: 'neutral',
    write: false,
    plugins: [aliases],
    logLevel: 'warning',
  });
  const { hookSchemas } = await import(`data:text/javascript;base64,${Buffer.from(bundled.outputFiles[0].text).toString('base64')}`);
  const require = createRequire(join(root, 'package.json'));
  const { Ajv2020 } = require('ajv/dist/2020.js');
  const standaloneCode = require('ajv/dist/standalone/index.js').default;
  // The options of core's checks (packages/core/src/mod/validate.ts): lengths in UTF-16 units.
  const ajv = new Ajv2020({ strict: false, validateSchema: false, unicode: false, logger: false, code: { source: true, esm: true } });
  for (const path of Object.keys(CHECKED)) {
    if (!hookSchemas[path]) throw new Error(`generated/contracts.ts has no hook schema for ${path}`);
    ajv.addSchema({ ...hookSchemas[path], $id: `lich:${path}` });
  }
  const validators = standaloneCode(ajv, Object.fromEntries(Object.entries(CHECKED).map(([path, name]) => [name, `lich:${path}`])));
  const table = Object.entries(CHECKED)
    .map(([path, name]) => `  ${JSON.stringify(path)}: validators.${name},`)
    .join('\n');
  return {
    validators,
    entry: [
      "import * as validators from 'lich:validators';",
      `import { compiledRefusal } from ${JSON.stringify(join(here, 'src/checks.ts'))};`,
      `export const refusal = compiledRefusal({\n${table}\n});`,
    ].join('\n'),
  };
}

function virtualChecks(checks, repo) {
  return {
    name: 'lich-checks',
    setup(build) {
      build.onResolve({ filter: /^lich:(checks|validators)$/ }, (args) => ({ path: args.path, namespace: 'lich-checks' }));
      build.onLoad({ filter: /.*/, namespace: 'lich-checks' }, (args) => ({
        contents: args.path === 'lich:checks' ? checks.entry : checks.validators,
        loader: 'js',
        resolveDir: repo,
      }));
    },
  };
}

function writeWhole(path, data) {
  mkdirSync(dirname(path), { recursive: true });
  const temporary = `${path}.${process.pid}.tmp`;
  try {
    writeFileSync(temporary, data);
    renameSync(temporary, path);
  } catch (error) {
    rmSync(temporary, { force: true }); // a full disk takes the name but not the bytes
    throw error;
  }
}

/**
 * Builds the marketplace and the plugin under `<root>/packages/cli/dist/claude`, and the same tree
 * under `<root>/packages/claude-plugin/dist` (the package's).
 *
 * @param o.root the repository root
 * @param o.esbuild the esbuild module
 * @returns the plugin's directory
 */
export async function buildClaudePlugin({ root: repo, esbuild }) {
  const aliases = lichAliases(repo);
  const manifest = JSON.parse(readFileSync(join(here, 'plugin/.claude-plugin/plugin.json'), 'utf8'));
  const version = manifest.version;
  const market = join(repo, MARKETPLACE_DIR);
  const plugin = join(market, PLUGIN_NAME);
  const checks = await checksSource(repo, esbuild, aliases);
  const define = { __LICH_PLUGIN_VERSION__: JSON.stringify(version) };
  const plugins = [aliases, virtualChecks(checks, repo)];

  // The hook scripts: CommonJS (no ESM loader at start), minified (less to compile per run).
  const hookScript = (entry, what) =>
    esbuild.build({
      entryPoints: [join(here, entry)],
      bundle: true,
      format: 'cjs',
      platform: 'node',
      target: 'node18',
      write: false,
      // Paths in the bundle's comments are relative to the repository, whoever runs the build.
      absWorkingDir: repo,
      define,
      plugins,
      minify: true,
      legalComments: 'none',
      logLevel: 'warning',
      banner: { js: `// lich's ${what} ${version}: built by packages/claude-plugin/build.mjs from ${dirname(entry)}/. Do not edit.` },
    });
  const [mod, hook, codexHook] = await Promise.all([
    // The module Claude Code scans before it loads it: one ES module, no imports, names kept and
    // not minified, so its `$.noun.event(…)` calls read as written (real-agents.md § 3.6).
    esbuild.build({
      entryPoints: [join(here, 'src/mod/lich.ts')],
      bundle: true,
      format: 'esm',
      platform: 'neutral',
      target: 'es2022',
      write: false,
      // Paths in the bundle's comments are relative to the repository, whoever runs the build.
      absWorkingDir: repo,
      define,
      plugins,
      legalComments: 'none',
      logLevel: 'warning',
      banner: { js: `// lich's Claude Code hooks module ${version}: built by packages/claude-plugin/build.mjs from src/mod/. Do not edit.` },
    }),
    hookScript('src/hook/main.ts', 'Claude Code hook script'),
    hookScript('src/codex/main.ts', 'Codex hook script'),
  ]);

  // A fresh tree each build, written beside and swapped in, so a stale file never lingers and a
  // session loading the plugin mid-build sees a whole one.
  const staging = `${market}.${process.pid}.tmp`;
  const packageDir = join(repo, PACKAGE_DIR);
  const packageStaging = `${packageDir}.${process.pid}.tmp`;
  try {
    rmSync(staging, { recursive: true, force: true });
    const stagedPlugin = join(staging, PLUGIN_NAME);
    cpSync(join(here, 'plugin'), stagedPlugin, { recursive: true });
    cpSync(join(here, 'README.md'), join(stagedPlugin, 'README.md'));
    writeWhole(join(stagedPlugin, 'hooks/lich.js'), mod.outputFiles[0].text);
    writeWhole(join(stagedPlugin, 'hooks/report.cjs'), hook.outputFiles[0].text);
    writeWhole(
      join(staging, '.claude-plugin/marketplace.json'),
      `${JSON.stringify(
        {
          name: PLUGIN_NAME,
          owner: { name: 'lich' },
          description: "lich's own Claude Code plugin, as this lich build ships it.",
          plugins: [{ name: PLUGIN_NAME, source: `./${PLUGIN_NAME}`, version, description: manifest.description }],
        },
        null,
        2,
      )}\n`,
    );
    // The same tree is the @lich/claude-plugin package's dist/ (its package.json `files`): staged as
    // a copy first, since the swap below moves the staging away.
    rmSync(packageStaging, { recursive: true, force: true });
    cpSync(staging, packageStaging, { recursive: true });
    swapIn(staging, market);
    swapIn(packageStaging, packageDir);
  } catch (error) {
    // A build that failed half way (a full disk) leaves no staged tree behind.
    rmSync(staging, { recursive: true, force: true });
    rmSync(packageStaging, { recursive: true, force: true });
    throw error;
  }
  writeWhole(join(repo, CODEX_HOOK_FILE), codexHook.outputFiles[0].text);
  return plugin;
}

/** Puts the built tree `staging` where `target` is, replacing what was there in one rename. */
function swapIn(staging, target) {
  const old = `${target}.${process.pid}.old`;
  rmSync(old, { recursive: true, force: true });
  try {
    renameSync(target, old);
  } catch {
    // No earlier build.
  }
  renameSync(staging, target);
  rmSync(old, { recursive: true, force: true });
}

/**
 * The compiled checks alone, bundled as one ES module exporting `refusal` (what both bundles
 * import as `lich:checks`): for the tests that hold them to the contract's own.
 */
export async function checksModule({ root: repo, esbuild }) {
  const aliases = lichAliases(repo);
  const checks = await checksSource(repo, esbuild, aliases);
  const out = await esbuild.build({
    stdin: { contents: "export { refusal } from 'lich:checks';", resolveDir: repo, loader: 'js' },
    bundle: true,
    format: 'esm',
    platform: 'neutral',
    write: false,
    plugins: [aliases, virtualChecks(checks, repo)],
    logLevel: 'warning',
  });
  return out.outputFiles[0].text;
}
