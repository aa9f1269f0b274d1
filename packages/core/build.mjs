#!/usr/bin/env node
// Builds @lich/core into what its users load (docs/packaging.md): `packages/core/dist/`, ES
// modules with their `.d.ts`, one file per source module, behind the entry points package.json's
// `exports` names — `dist/index.js` (`@lich/core`), `dist/mod/index.js` (`@lich/core/mod`),
// `dist/contract.js` (`@lich/core/contract`). Run by `npm pack` in this package (prepack), which
// tools/pack/check.mjs runs; nothing in the workspace loads dist/ (the sources run through the aliases).
//
// Core's sources import the contract's generated modules through the workspace alias
// `@lich/generated/*` (generated/ itself imports only its own files); a user has no such alias.
// So the sources are staged first — core's own (no tests, no test helpers)
// and the two generated modules core uses (types, and contracts with the outcomes and routes), which travel
// inside the package under `dist/generated/`: their types are part of core's public API — with every
// module specifier rewritten to the relative `.js` path a NodeNext resolver follows. tsc then
// compiles the stage with `module: NodeNext` and `strict`, so an import a user's Node could not
// resolve fails the build instead of the user. `__LICH_VERSION__` becomes the release's version
// (the root package.json's, like the CLI's bundle), as esbuild's `define` does for the CLI.
//
// Usage: node packages/core/build.mjs [--quiet]
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const root = resolve(here, '../..');

/** The entry points of package.json `exports`, relative to src/ (each an index module: the public API is what these export). */
export const ENTRY_POINTS = ['index.ts', 'mod/index.ts', 'contract.ts'];
/** The generated modules core imports, staged as `src/generated/<name>`. */
const GENERATED = ['types.ts', 'contracts.ts'];

/** Source files that never ship: tests, and the test stand-ins (not exported). */
function ships(rel) {
  return rel.endsWith('.ts') && !rel.endsWith('.test.ts') && !rel.startsWith(`testing${sep}`) && rel !== join('mod', 'testing.ts');
}

function walk(dir, base = dir) {
  const out = [];
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) out.push(...walk(path, base));
    else out.push(relative(base, path));
  }
  return out;
}

/** `spec` as a NodeNext resolver must read it from the staged file `file` (relative to the stage's src/). */
function rewriteSpecifier(spec, file) {
  const from = dirname(file);
  const rel = (target) => {
    const r = relative(from, target).split(sep).join('/');
    return r.startsWith('.') ? r : `./${r}`;
  };
  let m = /^@lich\/generated\/(.+?)(\.js)?$/.exec(spec);
  if (m) return rel(join('generated', `${m[1]}.js`));
  m = /^@lich\/core\/(.+?)(\.js)?$/.exec(spec);
  if (m) return rel(`${m[1]}.js`);
  if (spec === '@lich/core') return rel('index.js');
  if (spec.startsWith('@lich/')) throw new Error(`${file}: ${spec} is another workspace package; @lich/core imports none`);
  // generated/ imports its siblings without an extension (bundler resolution).
  if (spec.startsWith('.') && !/\.(js|json)$/.test(spec)) return `${spec}.js`;
  return spec;
}

/** Rewrites every static and dynamic module specifier of a TypeScript source. */
export function rewriteImports(source, file) {
  return source
    .replace(/(\bfrom\s*|\bimport\s*)(['"])([^'"\n]+)\2/g, (_, head, q, spec) => `${head}${q}${rewriteSpecifier(spec, file)}${q}`)
    .replace(/(\bimport\s*\(\s*)(['"])([^'"\n]+)\2/g, (_, head, q, spec) => `${head}${q}${rewriteSpecifier(spec, file)}${q}`);
}

function rewriteVersion(dir, version) {
  for (const rel of walk(dir)) {
    if (!rel.endsWith('.js')) continue;
    const path = join(dir, rel);
    const text = readFileSync(path, 'utf8');
    if (text.includes('__LICH_VERSION__')) writeFileSync(path, text.replace(/\b__LICH_VERSION__\b/g, JSON.stringify(version)));
  }
}

/**
 * Builds dist/. Throws with tsc's own report when the stage does not compile.
 *
 * @param o.outDir where to write (default packages/core/dist); it is emptied first
 * @returns `{outDir, files}` — every file written, relative to outDir
 */
export function buildCore({ outDir = join(here, 'dist'), quiet = false } = {}) {
  const version = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).version;
  // Inside the package, so tsc finds ajv and @types/node in the workspace's node_modules; one per
  // build, so two builds at once (a pack beside a bench) never share one.
  const stage = join(here, `.stage-${process.pid}`);
  rmSync(stage, { recursive: true, force: true });
  const src = join(stage, 'src');
  for (const rel of walk(join(here, 'src')).filter(ships)) {
    mkdirSync(dirname(join(src, rel)), { recursive: true });
    writeFileSync(join(src, rel), rewriteImports(readFileSync(join(here, 'src', rel), 'utf8'), rel));
  }
  for (const name of GENERATED) {
    const rel = join('generated', name);
    mkdirSync(dirname(join(src, rel)), { recursive: true });
    writeFileSync(join(src, rel), rewriteImports(readFileSync(join(root, 'generated', name), 'utf8'), rel));
  }
  for (const entry of ENTRY_POINTS) {
    if (!existsSync(join(src, entry))) throw new Error(`entry point src/${entry} does not exist`);
  }
  const tsconfig = {
    compilerOptions: {
      target: 'ES2022',
      module: 'NodeNext',
      moduleResolution: 'NodeNext',
      lib: ['ES2023'],
      types: ['node'],
      strict: true,
      noImplicitOverride: true,
      esModuleInterop: true,
      isolatedModules: true,
      skipLibCheck: true,
      declaration: true,
      // The reference a user's editor follows from a declaration: the JavaScript beside it.
      declarationMap: false,
      sourceMap: false,
      removeComments: false,
      newLine: 'lf',
      rootDir: 'src',
      outDir: relative(stage, outDir),
      typeRoots: [join(root, 'node_modules/@types')],
    },
    files: ENTRY_POINTS.map((e) => `src/${e}`),
  };
  writeFileSync(join(stage, 'tsconfig.json'), JSON.stringify(tsconfig, null, 2));
  rmSync(outDir, { recursive: true, force: true });
  const tsc = createRequire(join(root, 'package.json')).resolve('typescript/bin/tsc');
  const run = spawnSync(process.execPath, [tsc, '-p', join(stage, 'tsconfig.json')], { encoding: 'utf8' });
  if (run.status !== 0) {
    throw new Error(`tsc could not build @lich/core (stage kept in ${relative(root, stage)}):\n${run.stdout}${run.stderr}`);
  }
  rewriteVersion(outDir, version);
  rmSync(stage, { recursive: true, force: true });
  const files = walk(outDir).sort();
  if (!quiet) console.log(`build-core: ${files.length} files in ${relative(root, outDir)} (lich ${version})`);
  return { outDir, files };
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  try {
    buildCore({ quiet: process.argv.includes('--quiet') });
  } catch (error) {
    console.error(`build-core: ${error.message}`);
    process.exit(1);
  }
}
