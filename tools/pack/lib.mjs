// The parts of the pack-and-install check (check.mjs; docs/packaging.md): packing a package as
// `npm pack` does, reading what a tarball holds, and the static checks of an unpacked or installed
// package — its manifest's targets, the imports of every file it ships, symlinks and paths that
// lead back into the repository, and the exports of its type declarations.
import { spawn } from 'node:child_process';
import { existsSync, lstatSync, readdirSync, readFileSync, realpathSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { builtinModules, createRequire } from 'node:module';
import { basename, dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const require = createRequire(join(root, 'package.json'));

/**
 * The public packages, in the order they are packed; every other workspace package is `private`
 * (docs/PUBLIC-API.md).
 */
export const PUBLIC_PACKAGES = Object.freeze([
  { key: 'core', dir: 'packages/core', name: '@lich/core' },
  { key: 'cli', dir: 'packages/cli', name: '@lich/cli' },
  { key: 'opencode-plugin', dir: 'packages/opencode-plugin', name: '@lich/opencode-plugin' },
  { key: 'claude-plugin', dir: 'packages/claude-plugin', name: '@lich/claude-plugin' },
]);

/**
 * Bare specifiers a shipped file may name without the installed tree holding them, each with why:
 * every one sits on a path lich never takes, or is loaded inside a try.
 */
export const OPTIONAL_IMPORTS = Object.freeze({
  typescript: "oclif's reader of a plugin's tsconfig, which lich never has (tools/build.mjs lazyExternals)",
  'ts-node': 'the same oclif path',
  tsx: 'the same oclif path',
  bufferutil: "ws's optional native speed-up, required inside a try",
  'utf-8-validate': "ws's optional native speed-up, required inside a try",
});

/** A reason the check fails: printed as one `pack: FAILED: …` line, no stack. */
export class CheckFailed extends Error {}

/** Throws CheckFailed(why). */
export function fail(why) {
  throw new CheckFailed(why);
}

/**
 * The damage `check.mjs --break <what>` does to an unpacked package before anything installs it,
 * each a reason the check exists (docs/packaging.md § Its failure modes): `type` — core's
 * `runLich` is declared `any`; `file` — core's tarball lacks `dist/generated/contracts.js`, which
 * its operations and its mod client import; `send` — the CLI's tarball lacks its command table (`dist/chunks/`),
 * so the global lich cannot open a session to send to.
 */
export const BREAKS = Object.freeze({ type: 'core', file: 'core', send: 'cli' });

/**
 * Does BREAKS[what]'s damage to the unpacked package at `pkgDir` (core's for `type` and `file`,
 * the CLI's for `send`).
 *
 * @throws Error when the file to damage is not as expected (the damage would prove nothing)
 */
export function breakPackage(what, pkgDir) {
  if (what === 'type') {
    const file = join(pkgDir, 'dist/runner.d.ts');
    const text = readFileSync(file, 'utf8');
    const broken = text.replace(/export declare function runLich\([^)]*\): Promise<LichRun>;/, 'export declare const runLich: any;');
    if (broken === text) throw new Error('--break type: runLich is not declared as expected in dist/runner.d.ts');
    writeFileSync(file, broken);
  } else if (what === 'file') {
    const file = join(pkgDir, 'dist/generated/contracts.js');
    if (!existsSync(file)) throw new Error('--break file: the package holds no dist/generated/contracts.js');
    rmSync(file);
  } else if (what === 'send') {
    const chunks = join(pkgDir, 'dist/chunks');
    if (!existsSync(chunks)) throw new Error('--break send: the package holds no dist/chunks/');
    rmSync(chunks, { recursive: true });
  } else {
    throw new Error(`--break takes ${Object.keys(BREAKS).join(', ')}, not ${what}`);
  }
}

/**
 * Runs `cmd args` and resolves `{code, stdout, stderr, ms}`; never rejects for an exit status.
 *
 * @param o.cwd, o.env, o.input (written to stdin), o.timeoutMs (SIGKILL after; default 10 min)
 */
export function run(cmd, args, o = {}) {
  return new Promise((resolvePromise, reject) => {
    const started = performance.now();
    const child = spawn(cmd, args, { cwd: o.cwd, env: o.env ?? process.env, stdio: ['pipe', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    const timer = setTimeout(() => child.kill('SIGKILL'), o.timeoutMs ?? 600_000);
    child.on('error', (error) => {
      clearTimeout(timer);
      reject(new Error(`${cmd}: ${error.message}`));
    });
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      resolvePromise({ code: code ?? 128, signal, stdout, stderr, ms: performance.now() - started });
    });
    // A child that exits without reading its stdin closes the pipe under us: its exit status says what happened.
    child.stdin.on('error', () => {});
    child.stdin.end(o.input ?? '');
  });
}

/** The JSON document npm prints after whatever its lifecycle scripts printed (`npm pack --json`). */
export function npmJson(stdout) {
  const at = stdout.search(/^[[{]/m);
  if (at < 0) throw new Error(`npm printed no JSON: ${stdout.slice(-400)}`);
  return JSON.parse(stdout.slice(at));
}

/**
 * `npm pack` in the package's folder, as a user would run it: its `prepack` builds it first.
 *
 * @returns `{name, version, file, size, unpackedSize, entryCount, files: [{path, size}]}`; `file`
 *   is the tarball's absolute path in `dest`.
 */
export async function packPackage(pkgDir, dest, env = process.env) {
  const r = await run('npm', ['pack', '--json', '--pack-destination', dest], { cwd: pkgDir, env });
  if (r.code !== 0) throw new Error(`npm pack in ${relative(root, pkgDir)} failed (${r.code}): ${(r.stderr || r.stdout).trim().split('\n').slice(-12).join('\n')}`);
  const [info] = npmJson(r.stdout);
  return {
    name: info.name,
    version: info.version,
    file: join(dest, info.filename),
    size: info.size,
    unpackedSize: info.unpackedSize,
    entryCount: info.entryCount,
    files: info.files.map((f) => ({ path: f.path, size: f.size })),
  };
}

/** Unpacks `tarball` into `dir` (npm's layout: everything under `package/`); resolves with `<dir>/package`. */
export async function unpack(tarball, dir) {
  const tar = await import('tar');
  const { mkdirSync } = await import('node:fs');
  mkdirSync(dir, { recursive: true });
  await tar.x({ file: tarball, cwd: dir });
  return join(dir, 'package');
}

/** Every file under `dir`, relative, with `/` separators; `node_modules` is not entered. */
export function filesUnder(dir) {
  const out = [];
  const walk = (d) => {
    for (const name of readdirSync(d)) {
      if (name === 'node_modules') continue;
      const path = join(d, name);
      const st = lstatSync(path);
      if (st.isDirectory()) walk(path);
      else out.push(relative(dir, path).split(sep).join('/'));
    }
  };
  walk(dir);
  return out.sort();
}

/** The file targets a manifest names: `main`, `types`, `bin`, and every leaf of `exports`. */
export function manifestTargets(manifest) {
  const targets = [];
  const add = (where, t) => typeof t === 'string' && targets.push({ where, target: t });
  add('main', manifest.main);
  add('types', manifest.types);
  if (typeof manifest.bin === 'string') add('bin', manifest.bin);
  else for (const [k, v] of Object.entries(manifest.bin ?? {})) add(`bin.${k}`, v);
  const walk = (where, node) => {
    if (typeof node === 'string') add(where, node);
    else if (node && typeof node === 'object') for (const [k, v] of Object.entries(node)) walk(`${where}[${JSON.stringify(k)}]`, v);
  };
  walk('exports', manifest.exports);
  return targets;
}

/**
 * What is wrong with the manifest of the unpacked package at `pkgDir`: marked private, or
 * naming a file (main, types, bin, an export) the tarball does not hold.
 *
 * @returns one line per problem, `[]` when none
 */
export function manifestProblems(pkgDir) {
  const manifest = JSON.parse(readFileSync(join(pkgDir, 'package.json'), 'utf8'));
  const problems = [];
  if (manifest.private) problems.push(`${manifest.name}: package.json says "private": true`);
  for (const { where, target } of manifestTargets(manifest)) {
    if (!existsSync(join(pkgDir, target))) problems.push(`${manifest.name}: ${where} names ${target}, which the tarball does not hold`);
  }
  return problems;
}

// The CommonJS wrapper tools/build.mjs puts around lich.cjs and the command table (they run
// through vm.Script): inside it `require` is a parameter, which a bundler does not read as the
// global one. Taken off before the imports are read.
const CJS_HEAD = '(function (exports, require, module, __filename, __dirname) {';

function unwrapped(text) {
  const body = text.replace(/^\/\/lich:[0-9a-f]+\n/, '');
  if (!body.startsWith(CJS_HEAD)) return text;
  return body.slice(CJS_HEAD.length).replace(/\n\}\)\s*$/, '');
}

function isBuiltin(spec) {
  return spec.startsWith('node:') || builtinModules.includes(spec) || builtinModules.includes(spec.split('/')[0]);
}

/** `lodash/fp` → `lodash`, `@a/b/c` → `@a/b`. */
export function packageOf(spec) {
  const parts = spec.split('/');
  return spec.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
}

/** Whether `pkg` is installed where node's lookup from `fromDir` would find it. */
function installedFrom(fromDir, pkg) {
  for (let d = fromDir; ; d = dirname(d)) {
    if (existsSync(join(d, 'node_modules', pkg, 'package.json'))) return true;
    if (dirname(d) === d) return false;
  }
}

/**
 * Reads the imports of every JavaScript file the package at `pkgDir` ships (esbuild parses each:
 * static and dynamic `import`, `require` with a literal) and reports the ones that cannot load:
 * a relative import naming a file the package does not hold, and — when `installed` — a bare
 * specifier no `node_modules` above the file holds (unless {@link OPTIONAL_IMPORTS} names it).
 * Before the install (`installed: false`) a bare specifier must be a Node builtin or one of the
 * package's `dependencies`, or reach one through them: that half is left to the installed check.
 *
 * @returns `{problems: string[], imports: number, files: number}`
 */
export async function importProblems(pkgDir, { installed = false } = {}) {
  const esbuild = await import('esbuild');
  const manifest = JSON.parse(readFileSync(join(pkgDir, 'package.json'), 'utf8'));
  const js = filesUnder(pkgDir).filter((f) => /\.(m?js|cjs)$/.test(f));
  const problems = [];
  let imports = 0;
  for (const rel of js) {
    const file = join(pkgDir, rel);
    const bare = new Set();
    const reader = {
      name: 'read-imports',
      setup(build) {
        build.onResolve({ filter: /.*/ }, (args) => {
          if (args.kind === 'entry-point') return undefined;
          imports++;
          if (isBuiltin(args.path)) return { path: args.path, external: true };
          if (!args.path.startsWith('.') && !args.path.startsWith('/')) {
            bare.add(args.path);
            return { path: args.path, external: true };
          }
          const target = resolve(args.resolveDir, args.path);
          if (!target.startsWith(pkgDir + sep)) {
            problems.push(`${manifest.name}: ${rel} imports ${args.path}, outside the package`);
            return { path: args.path, external: true };
          }
          // Relative files: esbuild resolves them (extensions as node would need them written) and
          // reads them in turn; one the package does not hold fails the build, named below.
          return undefined;
        });
      },
    };
    try {
      await esbuild.build({
        stdin: { contents: unwrapped(readFileSync(file, 'utf8')), resolveDir: dirname(file), sourcefile: basename(file), loader: 'js' },
        bundle: true,
        write: false,
        platform: 'node',
        format: 'esm',
        logLevel: 'silent',
        // Locations in errors are then relative to the package: the file that holds the import.
        absWorkingDir: pkgDir,
        // Only the names matter: no extension guessing, as node's ESM loader does none.
        resolveExtensions: ['.js', '.mjs', '.cjs', '.json'],
        loader: { '.node': 'empty' },
        plugins: [reader],
      });
    } catch (error) {
      for (const e of error.errors ?? [{ text: error.message }]) problems.push(`${manifest.name}: ${e.location?.file ?? rel}: ${e.text}`);
    }
    for (const spec of bare) {
      const pkg = packageOf(spec);
      if (installed) {
        if (!installedFrom(dirname(file), pkg) && !(pkg in OPTIONAL_IMPORTS)) {
          problems.push(`${manifest.name}: ${rel} imports ${spec}, and no node_modules above it holds ${pkg}`);
        }
      }
    }
  }
  return { problems: [...new Set(problems)], imports, files: js.length };
}

/**
 * Symlinks under `dir` whose target is inside `repo`, or that lead nowhere; and text files of
 * `ownPackages` (directories) that spell `repo`'s path. An installed tree must stand on its own.
 *
 * @returns one line per problem
 */
export function repoLeaks(dir, repo, ownPackages = []) {
  const problems = [];
  const walk = (d) => {
    let names;
    try {
      names = readdirSync(d);
    } catch {
      return;
    }
    for (const name of names) {
      const path = join(d, name);
      const st = lstatSync(path);
      if (st.isSymbolicLink()) {
        let real;
        try {
          real = realpathSync(path);
        } catch {
          problems.push(`${path} is a symlink to nothing`);
          continue;
        }
        if (real === repo || real.startsWith(repo + sep)) problems.push(`${path} links into the repository (${real})`);
      } else if (st.isDirectory()) {
        walk(path);
      }
    }
  };
  walk(dir);
  for (const pkg of ownPackages) {
    for (const rel of filesUnder(pkg)) {
      const path = join(pkg, rel);
      if (statSync(path).size > 8 * 1024 * 1024) continue;
      if (readFileSync(path, 'latin1').includes(repo)) problems.push(`${path} spells the repository's path ${repo}`);
    }
  }
  return problems;
}

/**
 * The exports of `@lich/core`'s entry points as TypeScript sees them: per entry point (`.`,
 * `./mod`, `./contract`), each exported name with whether it is a value, a type or both, and
 * whether its type is `any` — what a consumer would lose without a compile error.
 *
 * @param o.files the entry modules (each becomes a root of the program), keyed by entry point
 * @param o.options compiler options (a tsconfig's, parsed)
 * @returns `{[entry]: {[name]: {value: boolean, type: boolean, any: boolean}}}` and tsc's errors
 */
export function exportSurface({ files, options, ts = require('typescript') }) {
  const program = ts.createProgram(Object.values(files), options);
  const checker = program.getTypeChecker();
  const surface = {};
  for (const [entry, file] of Object.entries(files)) {
    const source = program.getSourceFile(file);
    if (!source) throw new Error(`${file} is not in the program`);
    const moduleSymbol = checker.getSymbolAtLocation(source);
    const names = {};
    // An entry module that re-exports from a module TypeScript could not read has no symbol.
    for (const exported of moduleSymbol ? checker.getExportsOfModule(moduleSymbol) : []) {
      const symbol = exported.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(exported) : exported;
      const value = (symbol.flags & ts.SymbolFlags.Value) !== 0;
      const type = (symbol.flags & ts.SymbolFlags.Type) !== 0;
      const isAny = (t) => (t.flags & ts.TypeFlags.Any) !== 0;
      const any =
        symbol.flags === ts.SymbolFlags.None ||
        (symbol.flags & ts.SymbolFlags.Alias) !== 0 || // an alias that leads nowhere
        (value && isAny(checker.getTypeOfSymbol(symbol))) ||
        (!value && type && isAny(checker.getDeclaredTypeOfSymbol(symbol)));
      names[exported.name] = { value, type, any };
    }
    surface[entry] = names;
  }
  const errors = ts.getPreEmitDiagnostics(program).map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'));
  return { surface, errors };
}

/**
 * Compares the surface a consumer sees (`installed`) with the one of the sources (`source`).
 *
 * @returns one line per export that is missing, changed between value and type, or `any` in the
 *   installed package while typed in the sources; and per export the sources do not have
 */
export function surfaceProblems(source, installed, pkg = '@lich/core') {
  const problems = [];
  for (const [entry, names] of Object.entries(source)) {
    const spec = entry === '.' ? pkg : `${pkg}/${entry.replace(/^\.\//, '')}`;
    const got = installed[entry] ?? {};
    for (const [name, want] of Object.entries(names)) {
      const have = got[name];
      if (!have) problems.push(`${spec} does not export ${name}`);
      else if (have.any && !want.any) problems.push(`${spec} exports ${name} without its type (any)`);
      else if (have.value !== want.value || have.type !== want.type) {
        problems.push(`${spec} exports ${name} as ${kindOf(have)}; the sources export it as ${kindOf(want)}`);
      }
    }
    for (const name of Object.keys(got)) if (!names[name]) problems.push(`${spec} exports ${name}, which the sources do not`);
  }
  return problems;
}

/**
 * The surface of @lich/core's sources' entry points (index.ts, mod/index.ts, contract.ts), read
 * through the workspace's tsconfig (its aliases): what every installed core must export, each
 * with its type.
 */
export function coreSourceSurface(ts = require('typescript')) {
  const parsed = ts.getParsedCommandLineOfConfigFile(join(root, 'tsconfig.json'), {}, { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => {} });
  const src = join(root, 'packages/core/src');
  return exportSurface({
    files: { '.': join(src, 'index.ts'), './mod': join(src, 'mod/index.ts'), './contract': join(src, 'contract.ts') },
    options: { ...parsed.options, noEmit: true },
    ts,
  });
}

function kindOf(x) {
  return x.value && x.type ? 'a value and a type' : x.value ? 'a value' : 'a type';
}

/** A free TCP port on 127.0.0.1. */
export async function freePort() {
  const { createServer } = await import('node:net');
  return new Promise((res, rej) => {
    const s = createServer();
    s.once('error', rej);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => res(port));
    });
  });
}

/** `n` bytes as `12.3 kB` (1000-based, as npm prints sizes). */
export function kb(n) {
  return n >= 1e6 ? `${(n / 1e6).toFixed(2)} MB` : `${(n / 1e3).toFixed(1)} kB`;
}

/**
 * The environment npm runs in from these tools: the caller's, without lich's session variables
 * or npm's own lifecycle ones, and without the repository's node_modules/.bin on PATH (`npm run`
 * puts it first: a `lich` or `tsc` found there would be the workspace's). NODE_EXTRA_CA_CERTS
 * stays: npm needs it to reach the registry here.
 */
export function npmEnvironment(env = process.env) {
  const out = { ...env };
  for (const k of Object.keys(out)) if (k.startsWith('LICH_') || k.startsWith('npm_')) delete out[k];
  out.PATH = (env.PATH ?? '')
    .split(':')
    .filter((p) => p !== '' && !p.startsWith(root + sep))
    .join(':');
  return out;
}

/**
 * Packs @lich/cli and installs the tarball with `npm install -g --prefix <prefix>`, as a user
 * would: its native dependencies build on install.
 *
 * @returns `{bin, pkg, ms, packed}`: `<prefix>/bin/lich`, the installed package's folder, the
 *   install's wall time and what `npm pack` reported
 * @throws Error with npm's last lines when either step fails
 */
export async function installCliGlobally(prefix, { env = npmEnvironment() } = {}) {
  const { mkdtempSync } = await import('node:fs');
  const { tmpdir } = await import('node:os');
  const dest = mkdtempSync(join(tmpdir(), 'lich-cli-tgz-'));
  try {
    const packed = await packPackage(join(root, 'packages/cli'), dest, env);
    const r = await run('npm', ['install', '-g', '--prefix', prefix, '--no-audit', '--no-fund', packed.file], { env, timeoutMs: 20 * 60_000 });
    if (r.code !== 0) throw new Error(`npm install -g of ${packed.file} failed: ${(r.stderr || r.stdout).trim().split('\n').slice(-12).join('\n')}`);
    return { bin: join(prefix, 'bin', 'lich'), pkg: join(prefix, 'lib', 'node_modules', '@lich', 'cli'), ms: r.ms, packed };
  } finally {
    rmSync(dest, { recursive: true, force: true });
  }
}
