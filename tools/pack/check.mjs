#!/usr/bin/env node
// The pack-and-install check (issue 16; docs/packaging.md § The check), run by .ci/run: every
// public package packed as `npm pack` packs it, then used the way its users use it, in a temp
// folder outside the workspace that nothing links back from:
//
//   pack     npm pack of @lich/core, @lich/cli, @lich/opencode-plugin, @lich/claude-plugin (each
//            one's prepack builds it); versions; every file a manifest names is in its tarball;
//            every relative import of every shipped JavaScript file resolves inside the tarball
//   core     a project of its own installs the core, opencode and claude tarballs (and typescript
//            from the registry); its first-hour.ts (tools/pack/consumer) type-checks with `module:
//            NodeNext`, `strict` and no skipLibCheck; every export of @lich/core's entry points is
//            there with its type, as in the sources (none `any`); no import is left unresolved
//   cli      `npm install -g` of the CLI tarball into a temp prefix (node-pty and better-sqlite3
//            built on install); nothing in either tree links into, or spells the path of, the
//            repository; the global `lich` starts a backend (`lich --no-window`, its own HOME,
//            XDG dirs and port), opens sessions of a provider this check writes (pong.mjs), and
//            answers `lich send`; `lich mcp` lists the tools
//   first hour  the consumer's first-hour.js runs inside one of those sessions: coordinates, a
//            state report, `lich sessions` through runLich, the mod client on a recording engine
//            taking a `lich send` and answering it
//   opencode the real opencode (~/.cache/lich-agents, run offline against tools/fake-model)
//            loads @lich/opencode-plugin from the consumer's node_modules, named in the project's
//            opencode.json; the model is offered lich's tools and its list_sessions call returns
//            what the installed lich says
//   claude   the real Claude Code validates the installed @lich/claude-plugin and installs it
//            from the marketplace the package is
//
// Every failure is one `pack: FAILED …` line and exit 1. `--break type|file|send` damages the
// packed tarballs first, to show the check failing for each reason it exists (docs/packaging.md).
//
// Usage: node tools/pack/check.mjs [--keep] [--no-agents] [--break type|file|send] [--json <file>]
//   --keep       leave the temp folder (its path is printed)
//   --no-agents  skip the opencode and Claude Code steps (for a machine without the agents cache;
//                CI never passes it)
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, sep } from 'node:path';
import { pathToFileURL } from 'node:url';
import { answerSend, lichEnv, mcpTools, startBackend, stopBackend, writeAgent } from './backend.mjs';
import {
  BREAKS,
  CheckFailed,
  PUBLIC_PACKAGES,
  breakPackage,
  coreSourceSurface,
  exportSurface,
  fail,
  importProblems,
  kb,
  manifestProblems,
  npmEnvironment,
  packPackage,
  repoLeaks,
  root,
  run,
  surfaceProblems,
  unpack,
} from './lib.mjs';

const args = process.argv.slice(2);
const flag = (name) => args.includes(name);
const option = (name) => (args.indexOf(name) >= 0 ? args[args.indexOf(name) + 1] : undefined);
const KEEP = flag('--keep');
const NO_AGENTS = flag('--no-agents');
const BREAK = option('--break');
const JSON_OUT = option('--json');
if (BREAK && !Object.hasOwn(BREAKS, BREAK)) {
  console.error(`pack: --break takes ${Object.keys(BREAKS).join(', ')}, not ${BREAK}`);
  process.exit(1);
}

const require = createRequire(join(root, 'package.json'));
const ts = require('typescript');
const rootVersion = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).version;
const started = performance.now();
const figures = { version: rootVersion, tarballs: {}, phases: {} };
const log = (line) => process.stdout.write(`pack: ${line}\n`);

function expectNone(problems, what) {
  if (problems.length > 0) fail(`${what}:\n  ${problems.join('\n  ')}`);
}

/** Runs one phase, timing it into figures.phases. */
async function phase(name, body) {
  const t0 = performance.now();
  try {
    return await body();
  } finally {
    figures.phases[name] = Math.round(performance.now() - t0);
  }
}

// npm reaches the registry with the CA bundle the environment names; everything lich runs goes
// without it (lichEnv: it costs every node start ~65 ms, docs/architecture.md § Build and run).
const npmEnv = npmEnvironment();

const work = realpathSync(mkdtempSync(join(tmpdir(), 'lich-pack-')));
if (work.startsWith(root + sep)) fail(`the temp folder ${work} is inside the repository`);
const dirs = {
  tarballs: join(work, 'tarballs'),
  unpacked: join(work, 'unpacked'),
  consumer: join(work, 'consumer'),
  prefix: join(work, 'prefix'),
  home: join(work, 'home'),
  project: join(work, 'project'),
  agent: join(work, 'agent'),
};
for (const d of Object.values(dirs)) mkdirSync(d, { recursive: true });

let backend;
let fake;
let exitCode = 0;
try {
  // ——— pack ———
  const packed = await phase('pack', async () => {
    const out = {};
    for (const p of PUBLIC_PACKAGES) {
      const info = await packPackage(join(root, p.dir), dirs.tarballs, npmEnv);
      if (info.name !== p.name) fail(`${p.dir} packed as ${info.name}, not ${p.name}`);
      out[p.key] = { ...info, dir: await unpack(info.file, join(dirs.unpacked, p.key)) };
      figures.tarballs[p.name] = { file: info.file.slice(work.length + 1), version: info.version, packed: info.size, unpacked: info.unpackedSize, files: info.entryCount };
      log(`packed ${p.name}@${info.version}: ${kb(info.size)} packed, ${kb(info.unpackedSize)} unpacked, ${info.entryCount} files`);
    }
    return out;
  });
  for (const key of ['core', 'cli', 'opencode-plugin']) {
    if (packed[key].version !== rootVersion) fail(`${packed[key].name} is ${packed[key].version}; the release is ${rootVersion} (root package.json)`);
  }
  const pluginManifest = JSON.parse(readFileSync(join(root, 'packages/claude-plugin/plugin/.claude-plugin/plugin.json'), 'utf8'));
  if (packed['claude-plugin'].version !== pluginManifest.version) {
    fail(`@lich/claude-plugin is ${packed['claude-plugin'].version}; its plugin.json says ${pluginManifest.version}`);
  }

  if (BREAK) await damage(BREAK, packed);

  await phase('static', async () => {
    for (const p of Object.values(packed)) {
      expectNone(manifestProblems(p.dir), `${p.name}'s manifest`);
      const { problems, imports, files } = await importProblems(p.dir);
      expectNone(problems, `${p.name}'s tarball`);
      log(`${p.name}: every file its manifest names is packed; ${imports} imports of ${files} JavaScript files resolve`);
    }
  });

  // ——— core: a project of its own ———
  const consumer = await phase('consumer install', async () => {
    const tgz = (key) => `file:${packed[key].file}`;
    writeFileSync(
      join(dirs.consumer, 'package.json'),
      JSON.stringify(
        {
          name: 'first-hour',
          private: true,
          type: 'module',
          dependencies: { '@lich/core': tgz('core'), '@lich/opencode-plugin': tgz('opencode-plugin'), '@lich/claude-plugin': tgz('claude-plugin') },
          devDependencies: { typescript: require('typescript/package.json').version, '@types/node': require('@types/node/package.json').version },
        },
        null,
        2,
      ),
    );
    cpSync(join(root, 'tools/pack/consumer/first-hour.ts'), join(dirs.consumer, 'first-hour.ts'));
    cpSync(join(root, 'tools/pack/consumer/tsconfig.json'), join(dirs.consumer, 'tsconfig.json'));
    const r = await run('npm', ['install', '--no-audit', '--no-fund'], { cwd: dirs.consumer, env: npmEnv });
    if (r.code !== 0) fail(`npm install in the consumer failed: ${tail(r.stderr || r.stdout)}`);
    log(`consumer: npm install of the core, opencode-plugin and claude-plugin tarballs in ${secs(r.ms)}`);
    return { dir: dirs.consumer, modules: join(dirs.consumer, 'node_modules') };
  });

  await phase('consumer typecheck', async () => {
    const r = await run(process.execPath, [join(consumer.modules, 'typescript/bin/tsc'), '-p', consumer.dir], { cwd: consumer.dir, env: npmEnv });
    figures.consumerTsc = { exit: r.code, output: (r.stdout + r.stderr).trim(), ms: Math.round(r.ms) };
    if (r.code !== 0) fail(`tsc (module NodeNext, strict) refused the consumer:\n${(r.stdout + r.stderr).trim()}`);
    log(`consumer: tsc -p (module NodeNext, strict, no skipLibCheck) exit 0 in ${secs(r.ms)}, no output`);

    // Every export of every entry point, with its type, as the sources have it.
    const entries = { '.': '@lich/core', './mod': '@lich/core/mod', './contract': '@lich/core/contract' };
    const parsed = ts.getParsedCommandLineOfConfigFile(join(consumer.dir, 'tsconfig.json'), {}, { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => {} });
    const containing = join(consumer.dir, 'first-hour.ts');
    const installedFiles = {};
    for (const [entry, spec] of Object.entries(entries)) {
      const resolved = ts.resolveModuleName(spec, containing, parsed.options, ts.sys).resolvedModule;
      if (!resolved) fail(`${spec} does not resolve from the consumer (module NodeNext)`);
      if (!resolved.resolvedFileName.startsWith(consumer.modules + sep)) fail(`${spec} resolved to ${resolved.resolvedFileName}, outside the consumer's node_modules`);
      installedFiles[entry] = resolved.resolvedFileName;
    }
    const installed = exportSurface({ files: installedFiles, options: { ...parsed.options, noEmit: true }, ts });
    expectNone(installed.errors, "@lich/core's declarations, read by the consumer's TypeScript");
    const source = coreSourceSurface(ts);
    expectNone(source.errors, "@lich/core's sources");
    expectNone(surfaceProblems(source.surface, installed.surface), "@lich/core's public exports");
    const counts = Object.entries(installed.surface).map(([e, names]) => `${entries[e]} ${Object.keys(names).length}`);
    figures.exports = Object.fromEntries(Object.entries(installed.surface).map(([e, names]) => [entries[e], Object.keys(names).length]));
    log(`consumer: every export is there with its type, as in the sources (${counts.join(', ')})`);

    for (const name of ['@lich/core', '@lich/opencode-plugin', '@lich/claude-plugin']) {
      const { problems } = await importProblems(join(consumer.modules, name), { installed: true });
      expectNone(problems, `${name} as installed`);
    }
    const r2 = await run(process.execPath, [join(consumer.modules, 'typescript/bin/tsc'), '-p', consumer.dir, '--outDir', join(consumer.dir, 'build')], { cwd: consumer.dir, env: npmEnv });
    if (r2.code !== 0) fail(`tsc could not emit the consumer: ${tail(r2.stdout + r2.stderr)}`);
  });

  // ——— the CLI, installed globally ———
  const cli = await phase('cli install -g', async () => {
    const r = await run('npm', ['install', '-g', '--prefix', dirs.prefix, '--no-audit', '--no-fund', packed.cli.file], { env: npmEnv, timeoutMs: 20 * 60_000 });
    if (r.code !== 0) fail(`npm install -g of the CLI failed: ${tail(r.stderr || r.stdout)}`);
    figures.globalInstallMs = Math.round(r.ms);
    const bin = join(dirs.prefix, 'bin', 'lich');
    const pkg = join(dirs.prefix, 'lib', 'node_modules', '@lich', 'cli');
    if (!existsSync(bin)) fail(`npm install -g left no ${bin}`);
    if (!realpathSync(bin).startsWith(pkg + sep)) fail(`${bin} leads to ${realpathSync(bin)}, not into ${pkg}`);
    log(`cli: npm install -g into a temp prefix in ${secs(r.ms)} (node-pty and better-sqlite3 built on install)`);
    const { problems } = await importProblems(pkg, { installed: true });
    expectNone(problems, '@lich/cli as installed');
    return { bin, pkg };
  });

  await phase('no way back', async () => {
    const own = PUBLIC_PACKAGES.filter((p) => p.key !== 'cli').map((p) => join(consumer.modules, p.name));
    expectNone(
      [...repoLeaks(dirs.prefix, root, [cli.pkg]), ...repoLeaks(consumer.modules, root, own), ...repoLeaks(dirs.tarballs, root)],
      'the installed trees lead back to the repository',
    );
    log(`installed trees: no symlink into ${root}, and no file of a lich package spells its path`);
  });

  // ——— a backend from the global lich ———
  const env = lichEnv(cli.bin, dirs.home);
  await phase('cli backend', async () => {
    const v = await run(cli.bin, ['version'], { env, timeoutMs: 30_000 });
    if (v.code !== 0 || v.stdout.trim() !== `lich ${rootVersion}`) fail(`lich version printed ${JSON.stringify(v.stdout + v.stderr)} (exit ${v.code})`);
    await writeAgent(env, { agentDir: dirs.agent, project: dirs.project });
    backend = await startBackend(cli.bin, env);
    log(`cli: ${backend.line.replace(/ \(pid \d+\)/, '')}`);
    figures.send = await answerSend(backend, { project: dirs.project, names: ['pong', 'host', 'opencode-host'] });
    log(`cli: lich open ×3, lich send ${JSON.stringify(backend.sessions.pong.label)} ping → ${JSON.stringify(figures.send.stdout)} (exit 0, ${secs(figures.send.ms)})`);
    const tools = await mcpTools(cli.bin, env);
    if (!tools.includes('send_to_session') || !tools.includes('reply_to_session')) fail(`lich mcp listed ${tools.join(', ')}`);
    figures.mcpTools = tools;
    log(`cli: lich mcp lists ${tools.length} tools`);
  });

  // ——— the first hour, inside the `host` session ———
  await phase('first hour', async () => {
    const s = backend.sessions.host;
    const sessionEnv = { ...env, LICH_PORT: String(backend.info.port), LICH_TOKEN: backend.info.token, LICH_SESSION_ID: s.id, LICH_BIN: cli.bin };
    const r = await run(process.execPath, [join(consumer.dir, 'build/first-hour.js')], { cwd: consumer.dir, env: sessionEnv, timeoutMs: 120_000 });
    figures.firstHour = { exit: r.code, stdout: r.stdout.trim().split('\n'), stderr: r.stderr.trim(), ms: Math.round(r.ms) };
    if (r.code !== 0 || !r.stdout.includes('{"ok":true}')) fail(`the consumer's first hour failed (exit ${r.code}):\n${r.stdout}${r.stderr}`);
    for (const line of r.stdout.trim().split('\n')) log(`first hour: ${line}`);
  });

  // ——— real opencode, loading the installed plugin ———
  if (NO_AGENTS) {
    log('opencode, claude: skipped (--no-agents)');
  } else {
    await phase('opencode', () => opencodeLoadsThePlugin(consumer, cli, env));
    await phase('claude', () => claudeTakesThePlugin(consumer));
  }

  await phase('quit', async () => {
    const q = await run(cli.bin, ['quit'], { env, timeoutMs: 30_000 });
    if (q.code !== 0) fail(`lich quit exited ${q.code}: ${q.stderr.trim()}`);
    await backend.exited;
    backend = undefined;
  });
  figures.wallMs = Math.round(performance.now() - started);
  log(`ok in ${secs(figures.wallMs)}: ${Object.entries(figures.phases).map(([k, v]) => `${k} ${secs(v)}`).join(', ')}`);
} catch (error) {
  exitCode = 1;
  if (error instanceof CheckFailed) log(`FAILED: ${error.message}`);
  else log(`FAILED: ${error?.stack ?? error}`);
} finally {
  if (backend) await stopBackend(backend);
  await fake?.close();
  if (JSON_OUT) writeFileSync(JSON_OUT, `${JSON.stringify(figures, null, 2)}\n`);
  if (KEEP) log(`kept ${work}`);
  else rmSync(work, { recursive: true, force: true });
}
process.exit(exitCode);

// ——— helpers ———

function secs(ms) {
  return `${(ms / 1000).toFixed(1)} s`;
}

function tail(text, n = 15) {
  return text.trim().split('\n').slice(-n).join('\n');
}

/** Does `--break <what>`'s damage (lib.mjs breakPackage) to the unpacked package and packs it again. */
async function damage(what, packed) {
  const tar = await import('tar');
  const p = packed[BREAKS[what]];
  breakPackage(what, p.dir);
  rmSync(p.file);
  await tar.c({ gzip: true, file: p.file, cwd: dirname(p.dir), portable: true }, ['package']);
  log(`--break ${what}: damaged the packed ${p.name} on purpose; this check must now fail`);
}

/**
 * The real opencode, offline against the fake model, with LICH_* of the `opencode-host` session:
 * the project's opencode.json names the plugin by its installed path (the file
 * `require.resolve('@lich/opencode-plugin')` gives in the consumer). The model calls the
 * plugin's list_sessions; its result must be what the installed lich says.
 */
async function opencodeLoadsThePlugin(consumer, cli, env) {
  const { binaryPath, isInstalled } = await import('../agents/clients.mjs');
  const { prepareOffline } = await import('../agents/offline.mjs');
  const { startFakeModel, rules, titleAction, useTool } = await import('../fake-model/index.mjs');
  if (!isInstalled('opencode')) fail('opencode is not in the agents cache: run node tools/agents/install.mjs (or pass --no-agents)');
  const plugin = createRequire(join(consumer.dir, 'package.json')).resolve('@lich/opencode-plugin');
  if (!plugin.startsWith(consumer.modules + sep)) fail(`@lich/opencode-plugin resolved to ${plugin}, outside the consumer`);
  fake = await startFakeModel({
    script: rules([
      { when: (t) => t.isTitle, then: (t) => titleAction(t, 'Sessions') },
      { when: (t) => t.toolResult !== null, then: { text: 'listed' } },
      { when: (t) => t.has('list_sessions'), then: (t) => useTool(t, 'list_sessions', {}) },
    ]),
    fallback: () => ({ text: 'no lich tools were offered' }),
    log: (line) => log(`fake model: ${line}`),
  });
  const offline = prepareOffline('opencode', { root: join(work, 'opencode'), fakeUrl: fake.url });
  const project = join(work, 'opencode-project');
  mkdirSync(project, { recursive: true });
  // What an opencode user writes: the plugin by the path npm installed it at.
  writeFileSync(join(project, 'opencode.json'), JSON.stringify({ $schema: 'https://opencode.ai/config.json', plugin: [pathToFileURL(plugin).href] }, null, 2));
  const s = backend.sessions['opencode-host'];
  const ocEnv = {
    ...env,
    ...offline.env,
    PATH: env.PATH,
    LICH_PORT: String(backend.info.port),
    LICH_TOKEN: backend.info.token,
    LICH_SESSION_ID: s.id,
    LICH_BIN: cli.bin,
  };
  const r = await run(binaryPath('opencode'), ['run', 'List the lich sessions.'], { cwd: project, env: ocEnv, timeoutMs: 240_000 });
  const turns = fake.turns().map((r) => r.turn);
  const offered = turns.find((t) => t.has('list_sessions'));
  const result = turns.find((t) => t.toolResult?.name === 'list_sessions')?.toolResult;
  if (!offered) {
    fail(`opencode (exit ${r.code}) offered the model no lich tool: ${turns.length} model requests; ${tail(r.stderr || r.stdout, 8)}`);
  }
  // The plugin defines lich mcp's tools as opencode tools (spec/opencode-tools.md): all of them.
  const missing = figures.mcpTools.filter((name) => !offered.has(name));
  if (missing.length > 0) fail(`opencode offered the model lich's tools without ${missing.join(', ')}`);
  if (!result) fail(`opencode (exit ${r.code}) never returned list_sessions to the model: ${tail(r.stderr || r.stdout, 8)}`);
  const labels = [backend.sessions.pong.label, backend.sessions.host.label];
  if (result.isError || !labels.every((l) => result.text.includes(l))) fail(`list_sessions answered ${JSON.stringify(result.text)}; the installed lich has ${labels.join(', ')}`);
  figures.opencode = { exit: r.code, lichTools: figures.mcpTools.length, listSessions: result.text.trim(), ms: Math.round(r.ms) };
  log(`opencode: loaded ${plugin.slice(work.length + 1)}; the model was offered all ${figures.mcpTools.length} of lich's tools, and list_sessions returned ${JSON.stringify(result.text.trim()).slice(0, 120)} (${secs(r.ms)})`);
}

/** The real Claude Code: `claude plugin validate` of the installed plugin, then marketplace add + install, in a home of its own. */
async function claudeTakesThePlugin(consumer) {
  const { binaryPath, isInstalled } = await import('../agents/clients.mjs');
  if (!isInstalled('claude')) fail('Claude Code is not in the agents cache: run node tools/agents/install.mjs (or pass --no-agents)');
  const market = join(consumer.modules, '@lich/claude-plugin/dist');
  const home = join(work, 'claude-home');
  mkdirSync(home, { recursive: true });
  const claudeEnv = {
    PATH: npmEnv.PATH,
    HOME: home,
    DISABLE_AUTOUPDATER: '1',
    DISABLE_TELEMETRY: '1',
    DISABLE_ERROR_REPORTING: '1',
    CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: '1',
  };
  const claude = (...a) => run(binaryPath('claude'), a, { env: claudeEnv, timeoutMs: 120_000 });
  const v = await claude('plugin', 'validate', join(market, 'lich'));
  if (v.code !== 0 || !/Validation passed/.test(v.stdout + v.stderr)) fail(`claude plugin validate refused the installed plugin: ${tail(v.stdout + v.stderr)}`);
  const add = await claude('plugin', 'marketplace', 'add', market);
  if (add.code !== 0) fail(`claude plugin marketplace add ${market}: ${tail(add.stdout + add.stderr)}`);
  const install = await claude('plugin', 'install', 'lich@lich');
  if (install.code !== 0 || !/Successfully installed plugin: lich@lich/.test(install.stdout + install.stderr)) fail(`claude plugin install lich@lich: ${tail(install.stdout + install.stderr)}`);
  figures.claude = { validate: 'passed', installed: 'lich@lich' };
  log(`claude: plugin validate passed on ${join(market, 'lich').slice(work.length + 1)}; marketplace add + install lich@lich from it succeeded`);
}
