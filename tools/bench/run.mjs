#!/usr/bin/env node
// CLI start-up benchmark: `lich version` (no backend), `lich sessions --json` and `lich reply`
// against a live headless backend, each as a ratio to `node -e 0` measured in the same run.
//
// Why ratios: this 2-core VM drifts ±10 % between runs (ecosystem.md § 0), so an absolute
// millisecond figure says little; a ratio to the platform floor measured alternately in the
// same run does. NODE_EXTRA_CA_CERTS is unset for every command on both sides: Node 20 loads
// that bundle on every start (~65 ms) and it would flatten every ratio toward 1.
//
// Usage: npm run bench [-- --runs N]   Writes tools/bench/results/latest.{json,md}.

import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const lich = join(root, 'packages/cli/bin/lich.js');
const runsArg = process.argv.indexOf('--runs');
const RUNS = runsArg > 0 ? Number(process.argv[runsArg + 1]) : 30;
const WARMUP = 3;

const cleanEnv = { ...process.env };
delete cleanEnv.NODE_EXTRA_CA_CERTS;

function sleep(ms) {
  return new Promise((r) => setTimeout(r, ms));
}

/** Runs argv once; returns wall milliseconds. Throws when the exit code is not the expected one. */
function timeOnce(argv, env, expectExit = 0) {
  const t0 = process.hrtime.bigint();
  const r = spawnSync(argv[0], argv.slice(1), { env, stdio: ['ignore', 'pipe', 'pipe'] });
  const ms = Number(process.hrtime.bigint() - t0) / 1e6;
  if (r.status !== expectExit) {
    throw new Error(`${argv.join(' ')} exited ${r.status}: ${r.stderr.toString().trim()}`);
  }
  return ms;
}

function median(xs) {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
}

function percentile(xs, p) {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)];
}

async function startBackend() {
  const home = mkdtempSync(join(tmpdir(), 'lich-bench-'));
  const config = join(home, 'config');
  const data = join(home, 'data');
  mkdirSync(join(config, 'lich'), { recursive: true });
  // A provider that never reports state and never answers: a ticket sent to it stays open
  // for its hour, so every `lich reply` run below has a fresh ticket to answer.
  writeFileSync(
    join(config, 'lich', 'providers.json'),
    JSON.stringify({
      providers: { sink: { name: 'Sink', command: '/bin/cat', args: [], reportsState: false, tools: false } },
    }),
  );
  const env = { ...cleanEnv, XDG_CONFIG_HOME: config, XDG_DATA_HOME: data, LICH_LISTEN_PORT: '0' };
  delete env.LICH_PORT;
  delete env.LICH_TOKEN;
  delete env.LICH_SESSION_ID;
  const child = spawn(process.execPath, [lich, '--no-window'], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (d) => (stderr += d));
  const runtime = join(config, 'lich', 'runtime.json');
  for (let i = 0; i < 200 && !existsSync(runtime); i++) await sleep(50);
  if (!existsSync(runtime)) {
    child.kill('SIGTERM');
    throw new Error(`the backend did not start: ${stderr.trim()}`);
  }
  const info = JSON.parse(readFileSync(runtime, 'utf8'));
  const clientEnv = { ...cleanEnv, LICH_PORT: String(info.port), LICH_TOKEN: info.token, LICH_SESSION_ID: '' };
  return {
    info,
    env: clientEnv,
    async stop() {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
      rmSync(home, { recursive: true, force: true });
    },
    home,
  };
}

function cli(env, args, expectExit = 0) {
  const r = spawnSync(process.execPath, [lich, ...args], { env, encoding: 'utf8' });
  if (r.status !== expectExit) throw new Error(`lich ${args.join(' ')} exited ${r.status}: ${r.stderr.trim()}`);
  return r.stdout;
}

async function main() {
  const backend = await startBackend();
  try {
    const opened = JSON.parse(
      cli(backend.env, ['open', '--project', join(backend.home), '--kind', 'sink', '--json']),
    );
    // One pending ticket per measured reply, handed out concurrently so set-up stays short.
    const total = RUNS + WARMUP;
    const sends = await Promise.all(
      Array.from({ length: total }, () =>
        new Promise((res, rej) => {
          const c = spawn(process.execPath, [lich, 'send', '--timeout', '1', '--json', opened.label, 'bench'], {
            env: backend.env,
          });
          let out = '';
          c.stdout.on('data', (d) => (out += d));
          c.on('exit', (code) => (code === 2 ? res(JSON.parse(out).ticket) : rej(new Error(`send exited ${code}`))));
        }),
      ),
    );

    const noBackendEnv = { ...cleanEnv, XDG_CONFIG_HOME: join(backend.home, 'nowhere') };
    delete noBackendEnv.LICH_PORT;
    delete noBackendEnv.LICH_TOKEN;
    const cases = {
      'node -e 0': () => timeOnce([process.execPath, '-e', '0'], cleanEnv),
      'lich version': () => timeOnce([process.execPath, lich, 'version'], noBackendEnv),
      'lich sessions --json': () => timeOnce([process.execPath, lich, 'sessions', '--json'], backend.env),
      'lich reply': (i) => timeOnce([process.execPath, lich, 'reply', sends[i], 'done'], backend.env),
    };
    const samples = Object.fromEntries(Object.keys(cases).map((k) => [k, []]));
    // Alternate the cases inside each round so drift hits every figure alike.
    for (let i = 0; i < total; i++) {
      for (const [name, run] of Object.entries(cases)) {
        const ms = run(i);
        if (i >= WARMUP) samples[name].push(ms);
      }
    }
    const base = median(samples['node -e 0']);
    const rows = Object.entries(samples).map(([name, xs]) => ({
      name,
      medianMs: +median(xs).toFixed(1),
      p90Ms: +percentile(xs, 90).toFixed(1),
      ratio: +(median(xs) / base).toFixed(2),
    }));
    const result = { date: new Date().toISOString(), node: process.version, runs: RUNS, rows };
    const dir = join(root, 'tools/bench/results');
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, 'latest.json'), JSON.stringify(result, null, 2) + '\n');
    const md = [
      `| command | median ms | p90 ms | ÷ node -e 0 | target |`,
      `|---|---|---|---|---|`,
      ...rows.map(
        (r) => `| \`${r.name}\` | ${r.medianMs} | ${r.p90Ms} | ${r.ratio.toFixed(2)} | ${r.name === 'node -e 0' ? '1.00' : '≤ 3 (goal ≤ 2)'} |`,
      ),
    ].join('\n');
    writeFileSync(join(dir, 'latest.md'), md + '\n');
    console.log(`${RUNS} alternating runs after ${WARMUP} warm-ups, NODE_EXTRA_CA_CERTS unset, ${process.version}\n`);
    console.log(md);
  } finally {
    await backend.stop();
  }
}

main().catch((err) => {
  console.error(`bench: ${err.message}`);
  process.exit(1);
});
