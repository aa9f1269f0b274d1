// The global lich at work, for the pack-and-install check (check.mjs; docs/packaging.md § The
// check, step 3): an environment of its own, a provider with nothing of the repository in it, a
// headless backend, and the send it must answer. In a module of its own so backend.test.ts can
// run the same step on a lich made broken on purpose.
import { spawn } from 'node:child_process';
import { chmodSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { CheckFailed, fail, run } from './lib.mjs';

/**
 * The environment every lich of the check runs in: its own HOME and XDG dirs under `home`, a free
 * port, PATH with the global lich's folder first (and no NODE_EXTRA_CA_CERTS, nothing of npm's).
 */
export function lichEnv(bin, home) {
  const env = {
    PATH: [dirname(bin), dirname(process.execPath), '/usr/local/bin', '/usr/bin', '/bin'].join(':'),
    HOME: home,
    XDG_CONFIG_HOME: join(home, '.config'),
    XDG_DATA_HOME: join(home, '.local/share'),
    XDG_STATE_HOME: join(home, '.local/state'),
    XDG_CACHE_HOME: join(home, '.cache'),
    LICH_LISTEN_PORT: '0',
    LANG: 'C.UTF-8',
    TERM: 'xterm-256color',
  };
  for (const k of ['XDG_CONFIG_HOME', 'XDG_DATA_HOME', 'XDG_STATE_HOME', 'XDG_CACHE_HOME']) mkdirSync(env[k], { recursive: true });
  return env;
}

/**
 * Writes the provider the sessions run (a user-defined one, README § Add a provider) into
 * `agentDir` and registers it as kind `pong` in the environment's providers.json; makes `project`
 * a git repository with a commit. The provider turns bracketed paste on, draws a prompt, and
 * answers every relayed task with `pong: <its prompt's first line>` through `"$LICH_BIN" reply`.
 * No dependency, nothing of the repository.
 */
export async function writeAgent(env, { agentDir, project }) {
  mkdirSync(agentDir, { recursive: true });
  mkdirSync(project, { recursive: true });
  const agent = join(agentDir, 'pong.mjs');
  writeFileSync(
    agent,
    `// pong: the provider tools/pack/check.mjs registers. It answers each relayed task through "$LICH_BIN" reply.
import { execFile } from 'node:child_process';
const seen = new Set();
let text = '';
process.stdout.write('\\x1b[?2004hpong> ');
process.stdin.setEncoding('utf8');
process.stdin.on('data', (chunk) => {
  text += chunk;
  for (const m of text.matchAll(/reply (\\S+) "<your answer>"/g)) {
    if (seen.has(m[1])) continue;
    seen.add(m[1]);
    // The task's prompt is the paragraph after the message's first line.
    const prompt = text.split(/\\r?\\n\\r?\\n/)[1]?.split(/\\r?\\n/)[0]?.trim() ?? '';
    execFile(process.env.LICH_BIN, ['reply', m[1], 'pong: ' + prompt], (error) => {
      process.stdout.write(error ? 'reply failed: ' + error.message + '\\r\\n' : 'replied\\r\\npong> ');
    });
    text = '';
  }
});
`,
  );
  chmodSync(agent, 0o755);
  const config = join(env.XDG_CONFIG_HOME, 'lich');
  mkdirSync(config, { recursive: true });
  writeFileSync(
    join(config, 'providers.json'),
    JSON.stringify({ providers: { pong: { name: 'Pong', command: process.execPath, args: [agent], env: {}, reportsState: true, tools: false } } }, null, 2),
  );
  // A project is a git repository with a commit.
  for (const a of [['init', '-q', '-b', 'main'], ['commit', '-q', '--allow-empty', '-m', 'start']]) {
    const r = await run('git', ['-c', 'user.name=lich pack', '-c', 'user.email=pack@lich.invalid', ...a], { cwd: project, env });
    if (r.code !== 0) fail(`git ${a.join(' ')}: ${r.stderr.trim()}`);
  }
}

/**
 * Starts `lich --no-window` and resolves once it printed its start line.
 *
 * @returns `{child, exited, line, info, sessions, env, bin}`; `info` is the runtime record
 *   (runtime.json: port, token); `sessions` is filled by answerSend
 * @throws CheckFailed when it exits first or prints no start line in 60 s
 */
export async function startBackend(bin, env) {
  const child = spawn(bin, ['--no-window'], { env, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  let stdout = '';
  let stderr = '';
  child.stderr.on('data', (d) => (stderr += d));
  const exited = new Promise((r) => child.once('exit', (code, signal) => r({ code, signal })));
  const line = await new Promise((resolveLine, reject) => {
    const timer = setTimeout(() => reject(new CheckFailed(`lich --no-window printed no start line in 60 s: ${stderr.trim()}`)), 60_000);
    child.stdout.on('data', (d) => {
      stdout += d;
      const m = /^lich .* listens on .*$/m.exec(stdout);
      if (m) {
        clearTimeout(timer);
        resolveLine(m[0]);
      }
    });
    void exited.then(({ code }) => {
      clearTimeout(timer);
      reject(new CheckFailed(`lich --no-window exited ${code} before it listened: ${stderr.trim()}`));
    });
  });
  const info = JSON.parse(readFileSync(join(env.XDG_CONFIG_HOME, 'lich', 'runtime.json'), 'utf8'));
  return { child, exited, line, info, sessions: {}, env, bin };
}

/**
 * `lich quit`; a backend that does not take it (a lich too broken to quit) gets SIGTERM at once,
 * and its process group SIGKILL if it is not gone 15 s after either.
 */
export async function stopBackend(b) {
  const kill = (signal) => {
    try {
      process.kill(-b.child.pid, signal);
    } catch {
      // Already gone.
    }
  };
  const q = await run(b.bin, ['quit'], { env: b.env, timeoutMs: 20_000 }).catch(() => ({ code: 1 }));
  if (q.code !== 0) kill('SIGTERM');
  const gone = await Promise.race([b.exited.then(() => true), new Promise((r) => setTimeout(() => r(false), 15_000))]);
  if (!gone) kill('SIGKILL');
}

/**
 * What a user's first minute asks of the global lich: `lich open --kind pong` once per name in
 * `names` (into `backend.sessions`), then `lich send <the first one's label> ping`, which the
 * provider answers with `pong: ping`.
 *
 * @returns `{exit, stdout, ms}` of the send
 * @throws CheckFailed `the global lich could not answer a send: …` naming the command that failed,
 *   its exit status and what it printed
 */
export async function answerSend(backend, { project, names = ['pong'] }) {
  const { bin, env } = backend;
  const cannot = (why) => fail(`the global lich could not answer a send: ${why}`);
  for (const name of names) {
    const o = await run(bin, ['open', '--project', project, '--kind', 'pong', '--json'], { env, timeoutMs: 60_000 });
    if (o.code !== 0) cannot(`lich open --kind pong exited ${o.code}: ${o.stderr.trim()}`);
    backend.sessions[name] = JSON.parse(o.stdout);
  }
  const label = backend.sessions[names[0]].label;
  const send = await run(bin, ['send', '--timeout', '60', label, 'ping'], { env, timeoutMs: 90_000 });
  if (send.code !== 0 || send.stdout.trim() !== 'pong: ping') {
    cannot(`lich send ${JSON.stringify(label)} ping exited ${send.code}, printed ${JSON.stringify(send.stdout)} ${send.stderr.trim()}`);
  }
  return { exit: send.code, stdout: send.stdout.trim(), ms: Math.round(send.ms) };
}

/** `lich mcp`: initialize, then tools/list; resolves with the tool names. */
export async function mcpTools(bin, env) {
  const lines = [
    { jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'pack-check', version: '1' } } },
    { jsonrpc: '2.0', method: 'notifications/initialized' },
    { jsonrpc: '2.0', id: 2, method: 'tools/list' },
  ];
  const child = spawn(bin, ['mcp'], { env, stdio: ['pipe', 'pipe', 'pipe'] });
  let out = '';
  let err = '';
  child.stderr.on('data', (d) => (err += d));
  const listed = new Promise((resolveList, reject) => {
    const timer = setTimeout(() => reject(new CheckFailed(`lich mcp did not list its tools in 30 s: ${err.trim()}`)), 30_000);
    child.stdout.on('data', (d) => {
      out += d;
      for (const line of out.split('\n')) {
        if (!line.startsWith('{')) continue;
        const msg = JSON.parse(line);
        if (msg.id === 2) {
          clearTimeout(timer);
          resolveList(msg.result?.tools?.map((t) => t.name) ?? []);
        }
      }
    });
  });
  for (const l of lines) child.stdin.write(`${JSON.stringify(l)}\n`);
  try {
    return await listed;
  } finally {
    child.stdin.end();
    child.kill('SIGTERM');
  }
}
