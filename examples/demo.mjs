#!/usr/bin/env node
// The demo (`npm run demo`): a fan-out from one session to three, collected the way an
// orchestrating agent collects it.
//
//   1. starts a headless lich (`lich --no-window`) as a child process, in temporary config and
//      data directories, on a port of its own, and registers the example agent
//      (examples/agent/agent.mjs) as a user-defined provider;
//   2. creates a temporary git repository with a few commits;
//   3. opens four example-agent sessions on it with `lich open`: three workers and an
//      orchestrator;
//   4. hands the orchestrator one task from the command line: a shell script that runs
//      `"$LICH_BIN" send --timeout 1 <worker> '<git command>'` for each worker (each comes back
//      with a ticket) and then `"$LICH_BIN" wait` until everything is collected. The
//      orchestrator's reply — the three answers — comes back here;
//   5. quits lich, checks that the backend and every session process are gone, and removes
//      the temporary directories.
//
// The CLI finds the backend the way a script outside lich does: through the runtime file
// under $XDG_CONFIG_HOME. Exit 0 on success; any failure prints one clear message, still
// cleans up, and exits 1.

import { execFile, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const lichJs = join(root, 'packages/cli/bin/lich.js');
const agentJs = join(root, 'examples/agent/agent.mjs');
const DEMO_LIMIT_MS = 180_000;

const home = mkdtempSync(join(tmpdir(), 'lich-demo-'));
const configHome = join(home, 'config');
const dataHome = join(home, 'data');
const configDir = join(configHome, 'lich');
const agentLog = join(home, 'agents.jsonl');
const backendLog = join(home, 'backend.log');
const repo = join(home, 'repo');

/** The environment of everything the demo starts: this one, with no lich coordinates in it. */
/** @type {NodeJS.ProcessEnv} */
const env = { ...process.env, XDG_CONFIG_HOME: configHome, XDG_DATA_HOME: dataHome };
for (const k of Object.keys(env)) if (k.startsWith('LICH_')) delete env[k];
// Node loads this bundle on every start (~65 ms); nothing here talks TLS.
delete env.NODE_EXTRA_CA_CERTS;

/** @type {import('node:child_process').ChildProcess | null} */
let backend = null;
let backendExited = false;

function step(text) {
  console.log(`\n==> ${text}`);
}

function detail(text) {
  console.log(text.replace(/^/gm, '    '));
}

class DemoError extends Error {}

function sleep(ms) {
  return new Promise((r) => setTimeout(r, ms));
}

function alive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Runs `lich …args`; resolves {code, stdout, stderr}. */
function lich(args, timeoutMs = 150_000) {
  return new Promise((done) => {
    execFile(process.execPath, [lichJs, ...args], { env, timeout: timeoutMs, maxBuffer: 8 << 20 }, (err, stdout, stderr) => {
      done({ code: err ? (typeof err.code === 'number' ? err.code : 1) : 0, stdout, stderr });
    });
  });
}

/** Runs `lich …args` and insists on exit 0. */
async function lichOk(args) {
  const r = await lich(args);
  if (r.code !== 0) {
    throw new DemoError(`lich ${args[0]} exited ${r.code}: ${(r.stderr || r.stdout).trim()}`);
  }
  return r.stdout;
}

function git(...args) {
  const r = spawnSync('git', args, {
    cwd: repo,
    encoding: 'utf8',
    env: { ...env, GIT_COMMITTER_NAME: 'lich demo', GIT_COMMITTER_EMAIL: 'demo@example.invalid' },
  });
  if (r.status !== 0) throw new DemoError(`git ${args.join(' ')} failed: ${(r.stderr || r.error?.message || '').trim()}`);
  return r.stdout;
}

function freePort() {
  return new Promise((done, fail) => {
    const s = createServer();
    s.on('error', fail);
    s.listen(0, '127.0.0.1', () => {
      const { port } = /** @type {import('node:net').AddressInfo} */ (s.address());
      s.close(() => done(port));
    });
  });
}

/** Reads runtime.json once the backend wrote it with a port and a token; null if it did not within `ms`. */
async function readRuntime(ms) {
  const file = join(configDir, 'runtime.json');
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (backendExited) return null;
    if (existsSync(file)) {
      try {
        const info = JSON.parse(readFileSync(file, 'utf8'));
        if (info.token && info.port) return info;
        if (info.port === 0) return info;
      } catch {
        // Half-written; read it again.
      }
    }
    await sleep(100);
  }
  return null;
}

function startBackend(listenPort) {
  const out = openSync(backendLog, 'a');
  backendExited = false;
  const child = spawn(process.execPath, [lichJs, '--no-window'], {
    env: { ...env, LICH_LISTEN_PORT: String(listenPort) },
    stdio: ['ignore', out, out],
  });
  child.on('exit', () => {
    backendExited = true;
  });
  return child;
}

async function stopBackend(child) {
  if (backendExited) return;
  child.kill('SIGTERM');
  for (let i = 0; i < 50 && !backendExited; i++) await sleep(100);
  if (!backendExited) child.kill('SIGKILL');
}

function backendOutput() {
  return existsSync(backendLog) ? readFileSync(backendLog, 'utf8').trim() : '';
}

/** Every session process the agent log says was started. */
function sessionPids() {
  if (!existsSync(agentLog)) return [];
  return readFileSync(agentLog, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l))
    .filter((e) => e.event === 'start')
    .map((e) => e.pid);
}

function shq(s) {
  return `'${String(s).replace(/'/g, `'\\''`)}'`;
}

async function main() {
  step(`Registering the example agent as a user-defined provider in ${join(configDir, 'providers.json')}`);
  mkdirSync(configDir, { recursive: true });
  mkdirSync(dataHome, { recursive: true });
  writeFileSync(
    join(configDir, 'providers.json'),
    JSON.stringify(
      {
        providers: {
          example: {
            name: 'Example agent',
            command: process.execPath,
            args: [agentJs],
            // The id it announces itself as at /session-start: the key it is registered under.
            env: { EXAMPLE_AGENT_LOG: agentLog, EXAMPLE_AGENT_PROVIDER: 'example' },
            reportsState: true,
            tools: false,
          },
        },
      },
      null,
      2,
    ),
  );

  step('Starting a headless lich: lich --no-window');
  backend = startBackend(0);
  let runtime = await readRuntime(20_000);
  if (runtime && !runtime.port) {
    // This lich wrote port 0 back rather than the port it got: give it one instead.
    await stopBackend(backend);
    const port = await freePort();
    detail(`port 0 could not be read back from runtime.json; starting again on port ${port}`);
    backend = startBackend(port);
    runtime = await readRuntime(20_000);
  }
  if (!runtime || !runtime.port) {
    throw new DemoError(`the backend did not come up (no port in runtime.json). Its output:\n${backendOutput() || '(none)'}`);
  }
  detail(`pid ${backend.pid}, listening on 127.0.0.1:${runtime.port}; the CLI finds it through ${join(configDir, 'runtime.json')}`);

  step(`Creating a git repository with a few commits in ${repo}`);
  mkdirSync(repo, { recursive: true });
  git('init', '-q', '-b', 'main');
  const history = [
    ['Ada', 'README.md', '# demo\n', 'Start the demo project'],
    ['Grace', 'src/app.js', 'console.log("hello");\n', 'Add the app'],
    ['Ada', 'src/util.js', 'export const twice = (x) => 2 * x;\n', 'Add a helper'],
    ['Linus', 'src/app.js', 'import { twice } from "./util.js";\nconsole.log(twice(21));\n', 'Use the helper'],
  ];
  for (const [author, file, text, message] of history) {
    mkdirSync(dirname(join(repo, file)), { recursive: true });
    writeFileSync(join(repo, file), text);
    git('add', '.');
    git('-c', `user.name=${author}`, '-c', `user.email=${author.toLowerCase()}@example.invalid`, 'commit', '-q', '-m', message);
  }
  detail(git('log', '--oneline').trim());

  step('Opening three worker sessions and an orchestrator: lich open --project <repo> --kind example');
  const sessions = [];
  for (let i = 0; i < 4; i++) {
    const s = JSON.parse(await lichOk(['open', '--json', '--project', repo, '--kind', 'example']));
    sessions.push(s);
    detail(`${i < 3 ? 'worker      ' : 'orchestrator'}  "${s.label}" (roster name ${s.name}, id ${s.id})`);
  }
  const workers = sessions.slice(0, 3);
  const orchestrator = sessions[3];
  detail((await lichOk(['sessions'])).trimEnd());

  const tasks = [
    { worker: workers[0], command: 'sleep 2; echo "$(git rev-list --count HEAD) commits on $(git branch --show-current)"' },
    { worker: workers[1], command: "sleep 2; git shortlog -sn HEAD | sed 's/^ *//'" },
    { worker: workers[2], command: 'sleep 2; git log -1 --format="last: %s (%an)"' },
  ];
  const script = [
    '# Fan out: each send waits 1 s; a worker still busy by then hands back a ticket and carries on.',
    'ask() {',
    '  out=$("$LICH_BIN" send --timeout 1 "$1" "$2"); code=$?',
    '  case $code in',
    '    0) printf \'Answer from "%s" (within the send):\\n%s\\n\\n\' "$1" "$out" ;;',
    '    2) printf \'%s\\n\\n\' "$out" ;;',
    '    *) printf \'%s\\n\' "$out"; exit 1 ;;',
    '  esac',
    '}',
    ...tasks.map((t) => `ask ${shq(t.worker.label)} ${shq(t.command)}`),
    '# Collect: hold the line until no worker owes an answer.',
    'while :; do',
    '  out=$("$LICH_BIN" wait --timeout 60); code=$?',
    '  printf "%s\\n\\n" "$out"',
    '  [ "$code" -eq 1 ] && exit 1',
    '  case "$out" in *"Still working:"*) continue ;; esac',
    '  [ "$code" -eq 0 ] && break',
    'done',
  ].join('\n');

  step(`Handing the orchestrator "${orchestrator.label}" its task from the command line: lich send "${orchestrator.label}" <script>`);
  detail(script);
  const started = Date.now();
  const sent = await lich(['send', '--timeout', '120', orchestrator.label, script]);
  if (sent.code !== 0) {
    throw new DemoError(`the orchestrator did not answer (lich send exited ${sent.code}): ${(sent.stderr || sent.stdout).trim()}`);
  }
  const report = sent.stdout;
  step(`The orchestrator answered after ${((Date.now() - started) / 1000).toFixed(1)} s. Its report, as it came back:`);
  detail(report.trimEnd());

  step('The three answers');
  const answers = new Map();
  for (const block of report.split(/\n{2,}/)) {
    const m = /^Answer from "((?:[^"\\]|\\.)*)" \((ticket [0-9a-f]+|within the send)\):\n([\s\S]*)$/.exec(block);
    if (m) answers.set(JSON.parse(`"${m[1]}"`), { how: m[2], answer: m[3].trim() });
  }
  for (const t of tasks) {
    const got = answers.get(t.worker.label);
    if (!got) throw new DemoError(`no answer from "${t.worker.label}" in the orchestrator's report`);
    console.log(`\n  "${t.worker.label}" (${got.how}) was asked:  ${t.command}`);
    console.log(got.answer.replace(/^/gm, '    │ '));
  }
}

async function cleanUp(failed) {
  let leftovers = [];
  if (backend) {
    if (!failed && !backendExited) {
      step('Quitting lich: lich quit');
      const r = await lich(['quit'], 30_000);
      detail((r.stdout + r.stderr).trim());
    }
    if (failed) {
      await stopBackend(backend);
    } else {
      // `lich quit` returns once nothing listens on the port; the process may take a moment more.
      for (let i = 0; i < 50 && !backendExited; i++) await sleep(100);
      if (!backendExited) {
        leftovers.push(`the backend (pid ${backend.pid})`);
        await stopBackend(backend);
      }
    }
  }
  // Sessions end with their lich; give their processes a moment to go.
  const pids = sessionPids();
  for (let i = 0; i < 50 && pids.some(alive); i++) await sleep(100);
  for (const pid of pids.filter(alive)) {
    leftovers.push(`a session process (pid ${pid})`);
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // Already gone.
    }
  }
  rmSync(home, { recursive: true, force: true });
  return leftovers;
}

const guard = setTimeout(() => {
  console.error(`\ndemo failed: it did not finish within ${DEMO_LIMIT_MS / 1000} s`);
  void cleanUp(true).finally(() => process.exit(1));
}, DEMO_LIMIT_MS);

let failure = null;
try {
  if (!existsSync(join(root, 'packages/cli/dist/lich.cjs'))) {
    throw new DemoError('the CLI is not built: run `npm run build` first (npm run demo does)');
  }
  await main();
} catch (/** @type {any} */ err) {
  failure = err instanceof DemoError ? err.message : String(err?.stack ?? err);
}
const leftovers = await cleanUp(failure !== null);
clearTimeout(guard);
if (leftovers.length > 0 && failure === null) {
  failure = `processes were left behind after lich quit: ${leftovers.join(', ')} (killed now)`;
}
if (failure !== null) {
  console.error(`\ndemo failed: ${failure}`);
  process.exit(1);
}
step('Done: the backend and all four session processes are gone, and the temporary directories are removed.');
process.exit(0);
