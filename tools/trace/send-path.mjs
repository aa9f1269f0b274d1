#!/usr/bin/env node
// The client side of `lich send`, measured: which source files the CLI process runs code in, from
// argv to the relay and back (issue 15; docs/how-a-command-flows.md § Measured: the client side).
//
//   node tools/trace/send-path.mjs [--json]
//
// It builds the CLI's entry and its command table as tools/build.mjs does (the same esbuild
// options, taken from it), but unminified and with an inline source map, into a directory of its
// own beside a copy of packages/cli/bin/lich.js; starts the repository's headless backend
// (startServer of the built packages/cli/dist/server.mjs, what `lich --no-window` runs) on
// loopback with a session running the example agent (examples/agent/agent.mjs) and an inert
// session that plays the sender; then runs `lich send <label> "<prompt>"` through that bin, as an
// agent's shell does, with NODE_V8_COVERAGE (V8 precise coverage with call counts). Every function
// that ran (count > 0) is mapped through the source map to its source file. A bundled file of the
// repository whose functions did not run counts only when its top level calls something while it
// loads (topLevelWork); one that only declares functions and constants is listed apart and not
// counted, as the trace by reading did not count constants.
//
// `npm run build` first: the backend and the `lich reply` the example agent runs are the normal
// bundles. The test beside this file (send-path.test.ts) holds the set the measurement must find.

import { execFile, spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { SourceMap } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import * as esbuild from 'esbuild';
import ts from 'typescript';
import { cliEntryOptions, commandTableOptions, minify } from '../build.mjs';

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const BIN = join(ROOT, 'packages/cli/bin/lich.js');
const AGENT_JS = join(ROOT, 'examples/agent/agent.mjs');
/** Where the command table sits relative to the traced dist directory (main.ts's __LICH_COMMANDS_CJS__). */
const TABLE = 'chunks/commands-trace.cjs';
/**
 * Minification off (what tools/build.mjs's `minify` turns on) and an inline source map.
 * @type {import('esbuild').BuildOptions}
 */
const READABLE = { ...Object.fromEntries(Object.keys(minify).map((option) => [option, false])), sourcemap: 'inline', sourcesContent: false };

/**
 * Builds the traced CLI into a new directory under node_modules/.cache (inside the repository, so
 * the bundles' `require` of oclif's dependencies resolves from its node_modules as dist's does):
 * `bin/lich.js` (a byte-for-byte copy of packages/cli/bin/lich.js, with its package.json) and
 * `dist/lich.cjs` + `dist/chunks/commands-trace.cjs`, unminified, each with an inline source map.
 * No code cache is written: the bin and main.ts compile from source without one.
 * @returns {Promise<string>} the directory; the caller removes it
 */
export async function buildTraced() {
  const cache = join(ROOT, 'node_modules/.cache');
  mkdirSync(cache, { recursive: true });
  const dir = mkdtempSync(join(cache, 'lich-send-trace-'));
  const dist = join(dir, 'dist');
  const [table, entry] = await Promise.all([
    esbuild.build({ ...commandTableOptions(dist), ...READABLE }),
    esbuild.build({ ...cliEntryOptions(TABLE), ...READABLE, outfile: join(dist, 'lich.cjs') }),
  ]);
  mkdirSync(join(dist, 'chunks'), { recursive: true });
  // In memory (`write: false`), as the build has them: the first output is the bundle.
  writeFileSync(join(dist, TABLE), table.outputFiles?.[0]?.text ?? '');
  writeFileSync(join(dist, 'lich.cjs'), entry.outputFiles?.[0]?.text ?? '');
  mkdirSync(join(dir, 'bin'));
  copyFileSync(BIN, join(dir, 'bin/lich.js'));
  copyFileSync(join(ROOT, 'packages/cli/bin/package.json'), join(dir, 'bin/package.json'));
  return dir;
}

/**
 * Runs `node <dir>/bin/lich.js …args` with NODE_V8_COVERAGE, and resolves with its exit status,
 * output, and the coverage of the process (V8's `Profiler.takePreciseCoverage` result, which node
 * writes at exit).
 * @param {string} dir the directory {@link buildTraced} made
 * @param {string[]} args
 * @param {Record<string, string>} env the CLI's whole environment
 */
export function runTraced(dir, args, env) {
  const coverage = join(dir, 'coverage');
  rmSync(coverage, { recursive: true, force: true });
  return new Promise((done, fail) => {
    execFile(process.execPath, [join(dir, 'bin/lich.js'), ...args], { env: { ...env, NODE_V8_COVERAGE: coverage }, timeout: 60_000 }, (error, stdout, stderr) => {
      const code = error ? (typeof error.code === 'number' ? error.code : null) : 0;
      try {
        const result = readdirSync(coverage).flatMap((f) => JSON.parse(readFileSync(join(coverage, f), 'utf8')).result);
        done({ code, stdout, stderr, result });
      } catch (cause) {
        fail(new Error(`no coverage from lich ${args.join(' ')} (exit ${code}): ${stderr}`, { cause }));
      }
    });
  });
}

/** Offsets of the start of each line of `text`. */
function lineStarts(text) {
  const starts = [0];
  for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) starts.push(i + 1);
  return starts;
}

/** The line and column (0-based) of `offset` in the text whose {@link lineStarts} are `starts`. */
function position(starts, offset) {
  let lo = 0;
  let hi = starts.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (starts[mid] <= offset) lo = mid;
    else hi = mid - 1;
  }
  return { line: lo, column: offset - starts[lo] };
}

/** The inline source map of a bundle's `text`. */
function inlineMap(text) {
  const m = /\/\/# sourceMappingURL=data:application\/json;base64,([A-Za-z0-9+/=]+)\s*$/.exec(text);
  if (!m) throw new Error('the traced bundle has no inline source map');
  return new SourceMap(JSON.parse(Buffer.from(m[1], 'base64').toString('utf8')));
}

/**
 * What ran, by source file: every function with a count above 0 in the CLI process's coverage,
 * mapped to the file it was written in (relative to the repository). Functions of the two traced
 * bundles go through their source maps; the traced bin counts as packages/cli/bin/lich.js; node's
 * own modules are left out. A bundle's wrapper (the CommonJS function around the whole bundle)
 * is not a function of any source file; the module top levels inside it are reported by
 * by `loadOnly` when no function of their file ran and their top level makes no call
 * ({@link topLevelWork}; one that does is counted with its calls). Functions of the command table
 * are tagged ` [table]`: the table holds the generated declarations (and oclif's builders) only.
 * @param {string} dir the directory {@link buildTraced} made
 * @param {Array<{ url: string, functions: Array<{ functionName: string, ranges: Array<{ startOffset: number, endOffset: number, count: number }> }> }>} result
 * @returns {{ files: Map<string, string[]>, loadOnly: string[] }} the source files whose code ran, each with its functions (name and call count), in first-run order; and the bundled files whose top level alone ran
 */
export function mapCoverage(dir, result) {
  const bundles = new Map();
  for (const [file, tag] of [[join(dir, 'dist/lich.cjs'), ''], [join(dir, 'dist', TABLE), ' [table]']]) {
    const text = readFileSync(file, 'utf8');
    bundles.set(file, { starts: lineStarts(text), map: inlineMap(text), tag });
  }
  const tracedBin = pathToFileURL(join(dir, 'bin/lich.js')).href;
  /** @type {Map<string, string[]>} */
  const files = new Map();
  /** Every source file the bundles hold code of, from the maps. */
  const bundled = new Set();
  const add = (file, name) => {
    if (!files.has(file)) files.set(file, []);
    files.get(file)?.push(...[name].flat());
  };
  for (const script of result) {
    const path = script.url.startsWith('file:') ? fileURLToPath(script.url) : script.url;
    const bundle = bundles.get(path);
    if (script.url === tracedBin) {
      for (const fn of script.functions) if (fn.ranges[0].count > 0) add('packages/cli/bin/lich.js', `${fn.functionName || '(top level)'} ×${fn.ranges[0].count}`);
      continue;
    }
    if (!bundle) {
      // A file loaded from node_modules (what oclif requires lazily) is code that ran too.
      if (script.url.startsWith('file:') && script.functions.some((fn) => fn.ranges[0].count > 0)) {
        add(relative(ROOT, path), `${script.functions.filter((fn) => fn.ranges[0].count > 0).length} functions`);
      }
      continue;
    }
    for (const source of bundle.map.payload.sources) bundled.add(relative(ROOT, resolve(dirname(path), source)));
    for (const fn of script.functions) {
      const { startOffset, count } = fn.ranges[0];
      if (count === 0) continue;
      const { line, column } = position(bundle.starts, startOffset);
      const entry = bundle.map.findEntry(line, column);
      // The script itself and the CommonJS wrapper (banner code): no source file wrote them.
      if (!entry || !('originalSource' in entry) || !entry.originalSource) continue;
      const file = relative(ROOT, resolve(dirname(path), entry.originalSource));
      add(file, `${fn.functionName || '(anonymous)'}:${entry.originalLine + 1} ×${count}${bundle.tag}`);
    }
  }
  const loadOnly = [];
  for (const file of [...bundled].filter((f) => !files.has(f) && isRepoSource(f)).sort()) {
    const work = topLevelWork(file);
    if (work.length > 0) add(file, work.map((call) => `(top level) ${call}`));
    else loadOnly.push(file);
  }
  return { files, loadOnly };
}

/**
 * The calls a module's top level makes while it loads (outside any function or class body), as
 * `line:text`, from its source: what makes a module's load work rather than declarations. A
 * builtin built as a constant (`new Set([…])`, `Object.freeze(…)`, `Symbol(…)`: a callee rooted in
 * a JavaScript global) is a declaration too. Files whose functions ran are not asked.
 * @param {string} file relative to the repository
 * @returns {string[]}
 */
export function topLevelWork(file) {
  const source = ts.createSourceFile(file, readFileSync(join(ROOT, file), 'utf8'), ts.ScriptTarget.Latest, true);
  /** @type {string[]} */
  const calls = [];
  /** @param {import('typescript').Node} node */
  const visit = (node) => {
    if (ts.isFunctionLike(node) || ts.isClassLike(node) || ts.isTypeNode(node) || ts.isInterfaceDeclaration(node) || ts.isTypeAliasDeclaration(node)) return;
    if (ts.isCallExpression(node) || ts.isNewExpression(node) || ts.isTaggedTemplateExpression(node)) {
      let callee = ts.isTaggedTemplateExpression(node) ? node.tag : node.expression;
      while (ts.isPropertyAccessExpression(callee)) callee = callee.expression;
      if (!(ts.isIdentifier(callee) && callee.text in globalThis)) {
        calls.push(`${source.getLineAndCharacterOfPosition(node.getStart()).line + 1}:${node.getText().replace(/\s+/g, ' ').slice(0, 60)}`);
      }
    }
    ts.forEachChild(node, visit);
  };
  source.statements.forEach(visit);
  return calls;
}

/** Whether `file` (relative to the repository) is the repository's own source, not a dependency's. */
export function isRepoSource(file) {
  return !file.startsWith('node_modules/') && !file.includes('/node_modules/');
}

/** The environment a CLI child runs in: this one without lich's coordinates and the CA bundle (as test/e2e/harness.ts's baseEnv). */
function baseEnv() {
  /** @type {Record<string, string>} */
  const env = {};
  for (const [k, v] of Object.entries(process.env)) {
    if (v === undefined || k.startsWith('LICH_') || k === 'NODE_EXTRA_CA_CERTS' || k === 'NODE_V8_COVERAGE') continue;
    env[k] = v;
  }
  return env;
}

/** Runs the built `lich` (packages/cli/bin/lich.js) and resolves with its status and output. */
function lich(args, env) {
  return new Promise((done) => {
    execFile(process.execPath, [BIN, ...args], { env, timeout: 60_000 }, (error, stdout, stderr) => {
      done({ code: error ? (typeof error.code === 'number' ? error.code : null) : 0, stdout, stderr });
    });
  });
}

/**
 * The measurement: a backend on loopback with an example-agent session (the target) and an inert
 * one (the sender), and `lich send <target's label> <prompt>` run through the traced bin in the
 * sender's environment (LICH_PORT, LICH_TOKEN, LICH_SESSION_ID, XDG_CONFIG_HOME). The send waits
 * for the target's answer as any send does: the relay holds the message until the agent is at its
 * prompt, so nothing here polls or sleeps.
 * @param {{ prompt?: string }} [o] the prompt (default `echo traced`: the example agent runs it with /bin/sh)
 * @returns {Promise<{ backend: string, send: { code: number | null, stdout: string, stderr: string }, files: Map<string, string[]>, loadOnly: string[] }>}
 */
export async function traceSend(o = {}) {
  const prompt = o.prompt ?? 'echo traced';
  const home = mkdtempSync(join(tmpdir(), 'lich-send-trace-'));
  const dir = await buildTraced();
  /** @type {{ close(): Promise<void>, port: number, token: string } | undefined} */
  let server;
  try {
    const configHome = join(home, 'config');
    const configDir = join(configHome, 'lich');
    mkdirSync(configDir, { recursive: true });
    mkdirSync(join(home, 'data/lich'), { recursive: true });
    const providers = {
      example: { name: 'Example agent', command: process.execPath, args: [AGENT_JS], env: { EXAMPLE_AGENT_LOG: join(home, 'agents.jsonl'), EXAMPLE_AGENT_PROVIDER: 'example' }, reportsState: true, tools: false },
      inert: { name: 'Inert terminal', command: '/bin/sh', args: ['-c', 'exec sleep 86400'], env: {}, reportsState: false, tools: false },
    };
    writeFileSync(join(configDir, 'providers.json'), JSON.stringify({ providers }));
    const project = join(home, 'project');
    mkdirSync(project);
    const git = (...args) => {
      const r = spawnSync('git', args, { cwd: project, encoding: 'utf8', env: { ...baseEnv(), GIT_AUTHOR_NAME: 'trace', GIT_AUTHOR_EMAIL: 'trace@example.invalid', GIT_COMMITTER_NAME: 'trace', GIT_COMMITTER_EMAIL: 'trace@example.invalid' } });
      if (r.status !== 0) throw new Error(`git ${args.join(' ')}: ${r.stderr}`);
    };
    git('init', '-q', '-b', 'main');
    writeFileSync(join(project, 'README'), 'traced\n');
    git('add', '.');
    git('commit', '-q', '-m', 'one');

    const { startServer } = await import(pathToFileURL(join(ROOT, 'packages/cli/dist/server.mjs')).href);
    server = await startServer({ configDir, dataDir: join(home, 'data/lich'), port: 0, bin: BIN, env: baseEnv(), log: () => {} });
    const env = { ...baseEnv(), LICH_PORT: String(server?.port), LICH_TOKEN: String(server?.token), XDG_CONFIG_HOME: configHome };
    const open = async (kind) => {
      const r = await lich(['open', '--json', '--project', project, '--kind', kind], env);
      if (r.code !== 0) throw new Error(`lich open --kind ${kind} exited ${r.code}: ${r.stderr}${r.stdout}`);
      return JSON.parse(r.stdout);
    };
    const [target, sender] = await Promise.all([open('example'), open('inert')]);
    const send = await runTraced(dir, ['send', target.label, prompt], { ...env, LICH_SESSION_ID: sender.id });
    const { files, loadOnly } = mapCoverage(dir, send.result);
    return { backend: 'the headless backend (packages/cli/dist/server.mjs startServer) with an example-agent session', send: { code: send.code, stdout: send.stdout, stderr: send.stderr }, files, loadOnly };
  } finally {
    await server?.close();
    rmSync(dir, { recursive: true, force: true });
    rmSync(home, { recursive: true, force: true });
  }
}

/** The report {@link traceSend}'s result reads as, for a person. */
export function report({ backend, send, files, loadOnly }) {
  const own = [...files].filter(([f]) => isRepoSource(f));
  const deps = [...files].filter(([f]) => !isRepoSource(f));
  const lines = [
    `lich send <target> "echo traced" against ${backend}`,
    `exit ${send.code}, stdout ${JSON.stringify(send.stdout)}, stderr ${JSON.stringify(send.stderr)}`,
    '',
    `Source files whose code ran in the CLI process: ${own.length}`,
  ];
  for (const [file, fns] of own) lines.push(`  ${file}`, `      ${fns.join(', ')}`);
  lines.push('', `Dependencies' files whose code ran (not counted): ${deps.length}`);
  for (const [file, fns] of deps) lines.push(`  ${file} (${fns.join(', ')})`);
  lines.push('', `The repository's files bundled with them, declarations only (no function of theirs ran, no call at their top level; not counted): ${loadOnly.length}`);
  for (const file of loadOnly) lines.push(`  ${file}`);
  return `${lines.join('\n')}\n`;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const traced = await traceSend();
  if (process.argv.includes('--json')) {
    process.stdout.write(`${JSON.stringify({ ...traced, files: Object.fromEntries(traced.files) }, null, 2)}\n`);
  } else {
    process.stdout.write(report(traced));
  }
  if (traced.send.code !== 0) process.exitCode = 1;
}
