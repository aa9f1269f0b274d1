#!/usr/bin/env node
// What lich's Claude Code plugin costs a session on every tool call: the classic hook's command
// line (packages/cli/dist/claude/lich/hooks/hooks.json) run as Claude Code runs it — `sh -c`, the
// hook input on stdin — outside lich (no LICH_* variables: the line exits before node starts) and
// inside it (node starts the hook script, which posts `busy` with the tool to a listener that
// answers 204 at once, as lich's /hook does). Each is a ratio to `node -e 0` (and the outside
// figure also to `sh -c true`), measured alternately in the same run: this VM drifts ±10 %
// between runs (run.mjs). NODE_EXTRA_CA_CERTS is unset on both sides.
//
// Usage: node tools/bench/claude-hooks.mjs [--runs N]   (npm run build first; npm run bench runs it too)
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import http from 'node:http';
import { join } from 'node:path';
import { benchFlags, cleanEnv, countFlag, median, now, percentile, root } from './lib.mjs';

const PLUGIN = join(root, 'packages/cli/dist/claude/lich');
const round = (x, d = 1) => +x.toFixed(d);

/** Runs `argv` with `input` on stdin to its end; wall ms. */
function timed(argv, env, input) {
  return new Promise((resolve, reject) => {
    const t0 = now();
    const c = spawn(argv[0], argv.slice(1), { env, stdio: ['pipe', 'ignore', 'ignore'] });
    c.stdin.on('error', () => {});
    c.stdin.end(input);
    c.on('error', reject);
    c.on('close', (code) => (code === 0 ? resolve(now() - t0) : reject(new Error(`${argv.join(' ')} exited ${code}`))));
  });
}

/**
 * @returns `{runs, nodeMs, shMs, outside: {medianMs, p90Ms, ratioToNode, ratioToSh}, inside: {medianMs, p90Ms, ratioToNode, reports}}`
 */
export async function benchClaudeHooks({ runs = 30, warmup = 3 } = {}) {
  const hooks = JSON.parse(readFileSync(join(PLUGIN, 'hooks/hooks.json'), 'utf8'));
  const command = hooks.hooks.PreToolUse[0].hooks[0].command;
  const input = JSON.stringify({ session_id: 'bench', transcript_path: '/t.jsonl', cwd: '/work', hook_event_name: 'PreToolUse', tool_name: 'Bash', tool_input: { command: 'npm test' }, tool_use_id: 'u1' });
  let reports = 0;
  const lich = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      if (req.url.startsWith('/hook?')) reports++;
      res.statusCode = 204;
      res.end();
    });
  });
  await new Promise((r) => lich.listen(0, '127.0.0.1', r));
  const env = { ...cleanEnv, CLAUDE_PLUGIN_ROOT: PLUGIN, CLAUDE_CODE_SESSION_ATTENDED: '1' };
  for (const k of Object.keys(env)) if (k.startsWith('LICH_')) delete env[k];
  const inLich = { ...env, LICH_PORT: String(lich.address().port), LICH_TOKEN: 'f'.repeat(32), LICH_SESSION_ID: 'bench-session' };
  const cases = {
    node: () => timed([process.execPath, '-e', '0'], cleanEnv, ''),
    sh: () => timed(['/bin/sh', '-c', 'true'], cleanEnv, ''),
    outside: () => timed(['/bin/sh', '-c', command], env, input),
    inside: () => timed(['/bin/sh', '-c', command], inLich, input),
  };
  const samples = Object.fromEntries(Object.keys(cases).map((k) => [k, []]));
  try {
    for (let i = 0; i < runs + warmup; i++) {
      for (const [name, run] of Object.entries(cases)) {
        const ms = await run();
        if (i >= warmup) samples[name].push(ms);
      }
    }
  } finally {
    await new Promise((r) => lich.close(r));
  }
  if (reports !== runs + warmup) throw new Error(`the hook script reported ${reports} times in ${runs + warmup} runs inside lich`);
  const node = median(samples.node);
  const sh = median(samples.sh);
  const fig = (xs) => ({ medianMs: round(median(xs)), p90Ms: round(percentile(xs, 90)), ratioToNode: round(median(xs) / node, 2) });
  return {
    runs,
    nodeMs: round(node),
    shMs: round(sh),
    outside: { ...fig(samples.outside), ratioToSh: round(median(samples.outside) / sh, 2) },
    inside: { ...fig(samples.inside), reports },
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const flags = benchFlags({ runs: { type: 'string' } }, 'tools/bench/claude-hooks.mjs');
  const f = await benchClaudeHooks({ runs: countFlag(flags, 'runs', 30) });
  console.log(JSON.stringify(f, null, 2));
  console.log(`\n| hook (PreToolUse, every tool call) | median | ratio |\n|---|---|---|`);
  console.log(`| \`node -e 0\` (baseline) | ${f.nodeMs} ms | — |`);
  console.log(`| \`sh -c true\` | ${f.shMs} ms | — |`);
  console.log(`| outside lich (the command line alone) | ${f.outside.medianMs} ms | ${f.outside.ratioToSh} × sh, ${f.outside.ratioToNode} × node |`);
  console.log(`| inside lich (node + one report) | ${f.inside.medianMs} ms | ${f.inside.ratioToNode} × node |`);
}
