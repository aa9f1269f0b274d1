#!/usr/bin/env node
// Bundles what runs outside vitest (docs/architecture.md § Build and run), with esbuild:
//
//   packages/cli/dist/lich.cjs         the CLI (packages/cli/src/main.ts; bin/lich.js calls its
//                                      runProcess): core + the CLI. The command table — the
//                                      declarations of generated/cli/commands.ts and oclif's
//                                      builders, no code of ours — is loaded only by a command word,
//                                      so `lich mcp`, the backend and `lich version` never load it:
//                                      it is dist/chunks/commands-<hash>.cjs, a CommonJS bundle
//                                      wrapped as a function expression, with the V8 code cache of
//                                      it (….cache) made here by running it once (main.ts loads the
//                                      pair with vm.Script).
//   packages/cli/dist/chunks/mcp-<hash>.cjs   `lich mcp` (packages/mcp/src/index.ts, exports
//                                      serveMcp), wrapped and code-cached like the command table
//   packages/cli/dist/server.mjs       the backend `lich --no-window` runs (exports runForeground)
//   packages/opencode-plugin/dist/index.js   the opencode plugin module
//   packages/cli/dist/opencode-plugin.mjs    the same, where the backend loads it into opencode sessions
//   packages/cli/dist/omp-extension.mjs      lich's oh-my-pi extension (packages/omp-extension), which the
//                                            backend passes to omp sessions on omp's command line, and
//                                            omp-overlay.yml beside it, the settings overlay it passes too
//   packages/cli/dist/web/app.js + app.css   the web view's page (packages/server/src/web/page), for
//                                      the browser: xterm.js and the page's code, minified, no
//                                      source map; the backend serves them (web/assets.ts)
//   packages/cli/dist/claude/                  lich's Claude Code plugin in a local marketplace
//                                              (packages/claude-plugin/build.mjs)
//
// It runs before every `npm test` and from `prepare` after `npm ci`, so it is quick and an
// entry whose source does not exist yet is skipped with a warning rather than failing the build.
// Native modules stay external and resolve from node_modules at run time.
//
// Usage: node tools/build.mjs [--pack]

import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, realpathSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { basename, dirname, join, resolve } from 'node:path';
import { constants as vmConstants, Script } from 'node:vm';
import { fileURLToPath } from 'node:url';
import * as esbuild from 'esbuild';
import { buildClaudePlugin } from '../packages/claude-plugin/build.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const version = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).version;

// The path aliases of tsconfig.json and vitest.config.ts.
const aliases = [
  [/^@lich\/core$/, 'packages/core/src/index.ts'],
  [/^@lich\/core\/(.*)$/, 'packages/core/src/$1'],
  [/^@lich\/cli\/(.*)$/, 'packages/cli/src/$1'],
  [/^@lich\/mcp$/, 'packages/mcp/src/index.ts'],
  [/^@lich\/server$/, 'packages/server/src/index.ts'],
  [/^@lich\/opencode-plugin$/, 'packages/opencode-plugin/src/index.ts'],
  [/^@lich\/generated\/(.*)$/, 'generated/$1'],
];

// Native addons and what loads them by path: bundling them would break their `.node` lookup.
const nativeExternals = ['node-pty', 'better-sqlite3', 'msgpackr-extract', 'bufferutil', 'utf-8-validate', 'fsevents', 'cpu-features'];
// Required lazily by oclif only to read a plugin's tsconfig, which lich never has: bundling
// typescript would put 9 MB on the path of every command for nothing.
const lazyExternals = ['typescript', 'ts-node', 'tsx'];

function isFile(path) {
  try {
    return statSync(path).isFile();
  } catch {
    return false;
  }
}

// An alias names a module without its extension (bundler resolution), or with `.js` for a `.ts`.
function resolveSource(base) {
  const candidates = [base, `${base}.ts`, `${base}/index.ts`];
  if (base.endsWith('.js')) candidates.push(`${base.slice(0, -3)}.ts`);
  return candidates.find(isFile);
}

const lichAliases = {
  name: 'lich-aliases',
  setup(build) {
    build.onResolve({ filter: /^@lich\// }, (args) => {
      for (const [pattern, target] of aliases) {
        const m = pattern.exec(args.path);
        if (!m) continue;
        const path = resolveSource(join(root, target.replace('$1', m[1] ?? '')));
        if (!path) return { errors: [{ text: `${args.path} (alias of ${target}) does not exist` }] };
        return { path };
      }
      return undefined;
    });
  },
};

// Any package that builds a native addon stays external too, not only the ones listed.
const nativeAddons = {
  name: 'native-addons',
  setup(build) {
    build.onResolve({ filter: /^[^./]/ }, (args) => {
      const parts = args.path.split('/');
      const pkg = args.path.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
      if (pkg.startsWith('node:') || pkg.startsWith('@lich')) return undefined;
      if (nativeExternals.includes(pkg) || lazyExternals.includes(pkg) || existsSync(join(root, 'node_modules', pkg, 'binding.gyp'))) {
        return { path: args.path, external: true };
      }
      return undefined;
    });
  },
};

// ESM output with CommonJS dependencies (oclif) needs `require`, `__filename` and `__dirname`.
const esmShim = [
  "import { createRequire as __lichCreateRequire } from 'node:module';",
  "import { fileURLToPath as __lichFileURLToPath } from 'node:url';",
  "import { dirname as __lichDirname } from 'node:path';",
  'const require = __lichCreateRequire(import.meta.url);',
  'const __filename = __lichFileURLToPath(import.meta.url);',
  'const __dirname = __lichDirname(__filename);',
].join('\n');

const common = {
  bundle: true,
  // Paths in the bundles' comments are relative to the repository, wherever the build is run from
  // (`npm pack` runs it from the package's folder).
  absWorkingDir: root,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  logLevel: 'warning',
  legalComments: 'none',
  define: { __LICH_VERSION__: JSON.stringify(version) },
  plugins: [lichAliases, nativeAddons],
  banner: { js: esmShim },
};

// The lich bundle's minification: a third less source to compile on every start (~10 % of
// `lich sessions`); names are kept, and no stack trace is ever printed to a user anyway.
const minify = { minifyWhitespace: true, minifySyntax: true };

// Readers (a lich started during a build: tests run the bundle while others rebuild it) see a
// whole file or none.
function writeWhole(path, data) {
  const temporary = `${path}.${process.pid}.tmp`;
  try {
    writeFileSync(temporary, data);
    renameSync(temporary, path);
  } catch (error) {
    rmSync(temporary, { force: true }); // a full disk takes the name but not the bytes
    throw error;
  }
}

// The wrapper CommonJS gets from node, in the source itself: the code cache is of exactly the
// text main.ts compiles, with no concatenation on the start path.
const CJS_HEAD = '(function (exports, require, module, __filename, __dirname) {';
const CJS_TAIL = '\n})';

// oclif's declaration builders (`Flags`, `Args`) pull in its runtime when they load: flags.js
// requires its help module (help templates, ansis, string-width, …), errors and file helpers.
// lich declares its commands with oclif but never runs those parts — dispatch, Go-flag parsing
// and help are its own (packages/cli/src/lich-command.ts and the modules it names) — and
// evaluating them was ~7 ms of every `lich sessions` (measured: the table loads in ~1.5 ms with
// this, ~8.5 ms without). So in the command table every top-level `const x = require(…)` of
// @oclif/core's own files becomes a module that loads on first use: what lich touches still runs
// oclif's code, the rest is never evaluated. Nothing changes for code that runs; only when.
const LAZY_HELPER = `function __lichLazy(load) {
  let loaded;
  const target = () => (loaded ??= load());
  return new Proxy(function () {}, {
    get: (_, key) => target()[key],
    set: (_, key, value) => ((target()[key] = value), true),
    has: (_, key) => key in target(),
    apply: (_, self, args) => Reflect.apply(target(), self, args),
    construct: (_, args) => Reflect.construct(target(), args),
    getPrototypeOf: () => Object.getPrototypeOf(target()),
  });
}`;
const TOP_LEVEL_REQUIRE = /^const (\w+) = ((?:__importDefault|__importStar)\()?require\(("[^"]+")\)(\))?;$/gm;
const lazyOclif = {
  name: 'lazy-oclif',
  setup(build) {
    build.onLoad({ filter: /[\\/]node_modules[\\/]@oclif[\\/]core[\\/]lib[\\/].*\.js$/ }, (args) => {
      const source = readFileSync(args.path, 'utf8');
      const contents = source.replace(TOP_LEVEL_REQUIRE, (_, name, wrap = '', spec, close = '') =>
        wrap && !close ? _ : `const ${name} = __lichLazy(() => ${wrap}require(${spec})${close});`,
      );
      return { contents, loader: 'js' };
    });
    // What oclif's own files require from other packages stays out of the table: the lazy require
    // above loads it from node_modules on the rare path that needs it, and the ~300 KB of source
    // lich never runs is neither read nor hashed on every start. Its package.json stays in: the
    // command module reads its version when it loads, and resolving it through node_modules costs
    // more than the 4 KB.
    build.onResolve({ filter: /^[^./]/ }, (args) =>
      /[\\/]node_modules[\\/]@oclif[\\/]core[\\/]lib[\\/]/.test(args.importer) && !args.path.startsWith('node:') && !args.path.endsWith('.json')
        ? { path: args.path, external: true }
        : undefined,
    );
  },
};

// The CLI's entry needs none of oclif: only the command table declares with it. The build fails if
// any of oclif is in lich.cjs all the same (`lich version`, `lich mcp` and the backend would load it).
const OCLIF = /(^|[\\/])node_modules[\\/]@oclif[\\/]/;

/** Fails the build when the entry `name` bundled oclif: see {@link OCLIF}. */
function assertNoOclif(name, metafile) {
  const oclif = Object.values(metafile.outputs).flatMap((output) => Object.entries(output.inputs).filter(([path, input]) => OCLIF.test(path) && input.bytesInOutput > 0).map(([path]) => path));
  if (oclif.length > 0) throw new Error(`${name} would load oclif on every start (${oclif[0]}…): packages/cli/src/main.ts reaches code that uses oclif`);
}

/**
 * Fails the build when the command table holds anything but declarations: generated/cli/ and
 * oclif's builders. Code of the packages in it would be a second copy of what lich.cjs already
 * holds (core's registry built twice, two `LichError` classes, and an error of one is no
 * `instanceof` the other).
 */
function assertTableIsData(metafile) {
  const ours = Object.values(metafile.outputs).flatMap((output) => Object.keys(output.inputs).filter((path) => !path.startsWith('generated/cli/') && !OCLIF.test(path)));
  if (ours.length > 0) throw new Error(`the command table would carry code of its own (${ours.join(', ')}): generated/cli/commands.ts imports only oclif's builders and its own types`);
}

// How esbuild writes core's error class (`class LichError` unminified, `LichError=class` minified;
// a second copy is renamed `LichError2`).
const LICH_ERROR_CLASS = /\bclass LichError\d*\b|\bLichError\d*\s*=\s*class\b/g;

/**
 * Fails the build when the bundles one program loads (`texts`: lich.cjs and its command table;
 * each other entry alone) hold two copies of @lich/core, told by its `LichError` class defined
 * twice: two registries, and an error of one copy is no `instanceof` the other's class.
 */
function assertOneCore(name, texts) {
  const copies = texts.reduce((n, text) => n + (text.match(LICH_ERROR_CLASS)?.length ?? 0), 0);
  if (copies > 1) throw new Error(`${name} holds ${copies} copies of @lich/core (class LichError is defined ${copies} times): each program's bundles must share one`);
}

/**
 * The esbuild options of the command table (see {@link buildCached}), written to memory
 * (`write: false`) as `<distDir>/chunks/commands.cjs`. Exported for tools/trace/send-path.mjs,
 * which builds the same table unminified with a source map.
 */
export function commandTableOptions(distDir) {
  return {
    ...common,
    ...minify,
    format: 'cjs',
    banner: { js: `${CJS_HEAD}\n${LAZY_HELPER}` },
    plugins: [...common.plugins, lazyOclif],
    footer: { js: CJS_TAIL },
    entryPoints: [join(root, 'generated/cli/commands.ts')],
    outfile: join(distDir, 'chunks/commands.cjs'),
    write: false,
    metafile: true,
  };
}

/**
 * The esbuild options of `lich mcp`'s server (packages/mcp/src/index.ts, exports serveMcp): a
 * CommonJS function expression like the command table, loaded by main.ts the same way. As an ES
 * module (dist/mcp.mjs) its ~860 KB (the MCP SDK, zod, ajv) were compiled from source on every
 * `lich mcp` start, through node's ES module loader: most of what spawn → `initialize` cost.
 */
export function mcpOptions(distDir) {
  return {
    ...entryOptions({ entry: 'packages/mcp/src/index.ts', options: { outfile: join(distDir, 'chunks/mcp.cjs') } }),
    ...minify,
    format: 'cjs',
    banner: { js: CJS_HEAD },
    footer: { js: CJS_TAIL },
    write: false,
    metafile: true,
  };
}

/**
 * Builds `options` (the command table, `lich mcp`'s server) into dist/chunks/<stem>-<hash>.cjs
 * and its V8 code cache into …/<stem>-<hash>.cache, and resolves with the former's path relative
 * to dist/ (main.ts's __LICH_COMMANDS_CJS__, __LICH_MCP_CJS__) and its text. `check` looks at the
 * metafile first. The cache is made after running the module once, so it holds the functions
 * its loading compiles, not only the top level; it is valid for this node binary and V8 flags,
 * and main.ts compiles from source when V8 rejects it.
 */
let cacheMs = 0;
async function buildCached(options, stem, exported, check = () => {}) {
  const distDir = dirname(dirname(options.outfile));
  const result = await esbuild.build(options);
  check(result.metafile);
  const source = result.outputFiles[0].text;
  const hash = createHash('sha256').update(source).digest('hex').slice(0, 12);
  const name = `chunks/${stem}-${hash}.cjs`;
  const file = join(distDir, name);
  mkdirSync(dirname(file), { recursive: true });
  writeWhole(file, source);

  // Without a cache lich still runs, only slower; a table that fails to load here fails in every
  // command too, which the tests say better than a failed build would.
  const started = performance.now();
  try {
    // Named relative to dist/: a code cache carries its script's name, and an installed lich must
    // not carry the path of the tree it was built in (V8 takes the cache under any name).
    const script = new Script(source, { filename: name, importModuleDynamically: vmConstants.USE_MAIN_CONTEXT_DEFAULT_LOADER });
    const module = { exports: {} };
    script.runInThisContext().call(module.exports, module.exports, createRequire(file), module, file, dirname(file));
    if (!module.exports[exported]) throw new Error(`it does not export ${exported}`);
    writeWhole(file.replace(/\.cjs$/, '.cache'), script.createCachedData());
  } catch (error) {
    rmSync(file.replace(/\.cjs$/, '.cache'), { force: true });
    console.warn(`build: no code cache for ${name}: ${error?.message ?? error}`);
  }
  cacheMs += performance.now() - started;
  return { name, source };
}

const entries = [
  {
    // CommonJS, required by the CommonJS bin: an ES module entry makes node start its ESM loader
    // (~5 ms, a quarter of `node -e 0`) before the first line of lich runs.
    name: 'lich',
    entry: 'packages/cli/src/main.ts',
    required: true,
    // Wrapped like the command table and loaded by the bin through vm.Script with a V8 code cache
    // (compiling it was ~2 ms of every start); its first line names the cache, by content hash.
    options: {
      outfile: join(root, 'packages/cli/dist/lich.cjs'),
      format: 'cjs',
      banner: { js: CJS_HEAD },
      footer: { js: CJS_TAIL },
      write: false,
      ...minify,
    },
    withoutOclif: true,
    chunks: join(root, 'packages/cli/dist/chunks'),
    commandTable: join(root, 'packages/cli/dist'),
    codeCache: true,
  },
  { name: 'server', entry: 'packages/server/src/index.ts', options: { outfile: join(root, 'packages/cli/dist/server.mjs') } },
  {
    name: 'opencode-plugin',
    entry: 'packages/opencode-plugin/src/index.ts',
    options: { outfile: join(root, 'packages/opencode-plugin/dist/index.js'), external: ['@opencode-ai/plugin'] },
  },
  // The same module beside the CLI's bundles, where the backend finds it to load into every
  // `opencode` session (providers/opencode.ts): found from LICH_BIN, it stays found wherever the
  // CLI is installed, and `@opencode-ai/plugin` resolves from the CLI's own dependencies.
  {
    name: 'opencode-plugin (beside the CLI)',
    entry: 'packages/opencode-plugin/src/index.ts',
    options: { outfile: join(root, 'packages/cli/dist/opencode-plugin.mjs'), external: ['@opencode-ai/plugin'] },
  },
  // lich's oh-my-pi extension, beside the CLI's bundles, where the backend finds it to pass to every
  // `omp` session on omp's command line (providers/omp.ts). omp runs it under Bun.
  { name: 'omp-extension', entry: 'packages/omp-extension/src/index.ts', options: { outfile: join(root, 'packages/cli/dist/omp-extension.mjs') } },
  // The web view's page: a browser bundle, served by the backend from dist/web/ (web/assets.ts).
  // Nothing of it is on the CLI's path: only the backend reads these files, when a page asks.
  {
    name: 'web',
    entry: 'packages/server/src/web/page/main.ts',
    browser: true,
    options: {
      outfile: join(root, 'packages/cli/dist/web/app.js'),
      platform: 'browser',
      format: 'iife',
      target: ['chrome120', 'firefox120', 'safari17'],
      minify: true,
      banner: {},
      plugins: [],
      define: {},
      loader: { '.css': 'css' },
    },
  },
  // The stand-in Claude Code the control tests run as the built-in `claude` (examples/claude/bin/claude).
  { name: 'claude', entry: 'examples/claude/claude.ts', options: { outfile: join(root, 'examples/claude/dist/claude.mjs') } },
];

/** The CLI's entry (packages/cli/dist/lich.cjs): `entries[0]`. */
export const LICH_ENTRY = entries[0];

/** The esbuild options of a (non-browser) entry of {@link entries}, with `define` as the build's defines. */
export function entryOptions({ entry, options }, define = common.define) {
  return { ...common, ...options, define, entryPoints: [join(root, entry)] };
}

/**
 * The esbuild options of the CLI's entry, lich.cjs, written to memory, with the command table at
 * `commandsCjs` (relative to the dist directory: main.ts's __LICH_COMMANDS_CJS__). Exported for
 * tools/trace/send-path.mjs, which builds the same entry unminified with a source map.
 */
export function cliEntryOptions(commandsCjs) {
  return entryOptions(LICH_ENTRY, { ...common.define, __LICH_COMMANDS_CJS__: JSON.stringify(commandsCjs) });
}

/** esbuild's `minify*` options as the bundles of the CLI use them, for a build that turns them off. */
export { minify };

// Chunk names carry a content hash, so every change leaves the old files behind. They are
// removed only once they are a minute old: a lich started just before this build may still be
// about to import the chunk it was built with (tests run the bundle while others rebuild it).
// `named` picks which files of `dir` are build leftovers at all (dist/ holds others too).
// `--pack` (the CLI's prepack: `npm pack` in packages/cli) removes every leftover at once instead:
// the tarball ships dist/ whole, and a chunk no build of it loads is dead weight.
const PACK = process.argv.includes('--pack');
function pruneChunks(dir, keep, named = () => true) {
  const cutoff = PACK ? Infinity : Date.now() - 60_000;
  for (const file of readdirSync(dir)) {
    const path = join(dir, file);
    if (named(file) && !keep.includes(path) && statSync(path).mtimeMs < cutoff) rmSync(path, { force: true });
  }
}

/**
 * Writes the CLI's entry as `//lich:<hash>` + its wrapped source, and the V8 code cache of exactly
 * that text as `lich-<hash>.cache` beside it (packages/cli/bin/lich.js reads the hash off the first
 * line): V8 checks a cache only against the source's length, so the name is what ties the two.
 * The cache holds the top level only (running the CLI here is not an option); other caches left by
 * earlier builds go once they are a minute old, like the chunks.
 */
function writeCached(file, text) {
  const hash = createHash('sha256').update(text).digest('hex').slice(0, 12);
  const source = `//lich:${hash}\n${text}`;
  writeWhole(file, source);
  const cache = join(dirname(file), `lich-${hash}.cache`);
  try {
    const script = new Script(source, { filename: basename(file) }); // not the build's path: see buildCached
    writeWhole(cache, script.createCachedData());
  } catch (error) {
    console.warn(`build: no code cache for ${file}: ${error?.message ?? error}`);
  }
  pruneChunks(dirname(file), [cache], (f) => /^lich-[0-9a-f]+\.cache$/.test(f));
}

// Imported (tools/trace/send-path.mjs takes the options above), this module builds nothing.
if (process.argv[1] && realpathSync(process.argv[1]) === fileURLToPath(import.meta.url)) await build();

/** The build this file runs as a script: every entry, the command table, the Claude Code plugin. */
async function build() {
  const started = performance.now();
  const results = await Promise.allSettled([
    ...entries.map(async ({ name, entry, required, options, chunks, commandTable, codeCache, browser, withoutOclif }) => {
      const source = join(root, entry);
      if (!existsSync(source)) {
        if (required) throw new Error(`${entry} does not exist`);
        console.warn(`build: skipped ${name}: ${entry} does not exist yet`);
        return;
      }
      if (browser) {
        // Written whole, like the CLI's files: a backend serving the page mid-build reads one build or the other.
        const result = await esbuild.build({ bundle: true, absWorkingDir: root, logLevel: 'warning', legalComments: 'none', ...options, entryPoints: [source], write: false });
        mkdirSync(dirname(options.outfile), { recursive: true });
        for (const file of result.outputFiles) writeWhole(file.path, file.contents);
        return;
      }
      const keep = [];
      const define = { ...common.define };
      const loads = [];
      if (commandTable) {
        const [table, mcp] = await Promise.all([
          buildCached(commandTableOptions(commandTable), 'commands', 'COMMANDS', assertTableIsData),
          buildCached(mcpOptions(commandTable), 'mcp', 'serveMcp'),
        ]);
        assertOneCore(mcp.name, [mcp.source]);
        define.__LICH_COMMANDS_CJS__ = JSON.stringify(table.name);
        define.__LICH_MCP_CJS__ = JSON.stringify(mcp.name);
        for (const { name: chunk } of [table, mcp]) keep.push(join(commandTable, chunk), join(commandTable, chunk.replace(/\.cjs$/, '.cache')));
        loads.push(table.source);
      }
      const result = await esbuild.build({ ...entryOptions({ entry, options }, define), metafile: Boolean(chunks || withoutOclif) });
      if (withoutOclif) assertNoOclif(basename(options.outfile), result.metafile);
      assertOneCore(basename(options.outfile), [options.write === false ? result.outputFiles[0].text : readFileSync(options.outfile, 'utf8'), ...loads]);
      if (codeCache) writeCached(options.outfile, result.outputFiles[0].text);
      if (chunks) pruneChunks(chunks, [...keep, ...Object.keys(result.metafile.outputs).map((p) => resolve(root, p))]);
    }),
    buildClaudePlugin({ root, esbuild }),
  ]);

  let failed = false;
  for (const [i, result] of results.entries()) {
    if (result.status === 'rejected') {
      failed = true;
      console.error(`build: ${entries[i]?.name ?? 'claude-plugin'} failed: ${result.reason?.message ?? result.reason}`);
    }
  }
  if (failed) process.exit(1);
  // lich's settings overlay for omp sessions, beside the extension (providers/omp.ts).
  writeWhole(join(root, 'packages/cli/dist/omp-overlay.yml'), readFileSync(join(root, 'packages/omp-extension/overlay.yml')));
  console.log(`build: done in ${Math.round(performance.now() - started)} ms (lich ${version}; code cache ${Math.round(cacheMs)} ms)`);
}
