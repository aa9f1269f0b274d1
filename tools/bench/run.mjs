#!/usr/bin/env node
// `npm run bench`: every figure of issue 4's table against a live headless backend run as a
// child process (`lich --no-window`, temp XDG dirs, LICH_LISTEN_PORT=0), each next to its target.
//
// Why ratios: this 2-core VM drifts ±10 % between runs, so a start-up figure is a ratio to
// `node -e 0` measured alternately in the same run. NODE_EXTRA_CA_CERTS is unset for every
// command on both sides (Node 20 loads that bundle on every start, ~65 ms).
//
// Usage: npm run bench [-- --runs N] [--quick] [--no-web | --web-only] [--no-agents | --agents-only] [--agent-sends N]
//                      [--no-installed | --installed <prefix>] [--fanout-only] [--fanout-runs N]
//                      [--no-delivery | --delivery-only] [--delivery-sends N]
//   --quick skips the 128-session fan-out; --no-web the web view's flood (web.mjs), which needs
//   Debian's chromium; --web-only runs that one and prints its figures alone; --no-agents the real
//   Claude Code figures (agents.mjs), which are also skipped, saying so, when the client is not in
//   the cache; --agents-only runs those alone. The CLI start figures are taken twice, the repository's
//   `lich` beside the one a user installs: @lich/cli packed and `npm install -g`'d into a temp prefix
//   first (node-pty and better-sqlite3 build then, a minute or more), or the one already installed
//   under --installed <prefix> (e.g. a `npm run pack:check -- --keep` left); --no-installed skips it.
//   --fanout-only runs just the fan-out through lich — as an agent makes it, over one `lich mcp`
//   (the headline), and through the CLI — against the same fan-out with no lich (fanout.mjs;
//   --fanout-runs N, default 3 each way, alternating); --delivery-only just the
//   delivery to a real Claude Code broken into its parts (delivery.mjs; --delivery-sends N, default
//   10 per route), which --no-delivery skips and which is skipped, saying so, without the client
//   in the cache.
// Writes tools/bench/results/latest.json and latest.md (latest-agents.*, latest-fanout.*,
// latest-delivery.* with the -only flags); prints the table.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { agentsAvailable, benchClaude } from './agents.mjs';
import { benchDelivery, DELIVERY_OTHER_TARGET_MS } from './delivery.mjs';
import { benchFanoutVsDirect, exampleProvider, exampleToolsProvider, FANOUT_RATIO_TARGET } from './fanout.mjs';
import {
  alive,
  benchFlags,
  cleanEnv,
  countFlag,
  descendants,
  lich,
  lichAsync,
  median,
  now,
  percentile,
  root,
  rpcClient,
  rpcOk,
  rssMb,
  rssSampler,
  modSinks,
  sinkHub,
  sleep,
  slope,
  startBackend,
  steadyRss,
  stopBackend,
  timeSync,
} from './lib.mjs';
import { benchWeb, floodProvider } from './web.mjs';
import { installCliGlobally } from '../pack/lib.mjs';

const flags = benchFlags(
  {
    runs: { type: 'string' },
    quick: { type: 'boolean' },
    'no-web': { type: 'boolean' },
    'web-only': { type: 'boolean' },
    'no-agents': { type: 'boolean' },
    'agents-only': { type: 'boolean' },
    'agent-sends': { type: 'string' },
    'no-installed': { type: 'boolean' },
    installed: { type: 'string' },
    'fanout-only': { type: 'boolean' },
    'fanout-runs': { type: 'string' },
    'no-delivery': { type: 'boolean' },
    'delivery-only': { type: 'boolean' },
    'delivery-sends': { type: 'string' },
  },
  'tools/bench/run.mjs',
);
const count = (name, fallback) => countFlag(flags, name, fallback);
const RUNS = count('runs', 30);
const QUICK = flags.quick === true;
const NO_WEB = flags['no-web'] === true;
const WEB_ONLY = flags['web-only'] === true;
const NO_AGENTS = flags['no-agents'] === true;
const AGENTS_ONLY = flags['agents-only'] === true;
const AGENT_SENDS = count('agent-sends', 20);
const NO_INSTALLED = flags['no-installed'] === true;
const FANOUT_ONLY = flags['fanout-only'] === true;
const FANOUT_RUNS = count('fanout-runs', 3);
const NO_DELIVERY = flags['no-delivery'] === true;
const DELIVERY_ONLY = flags['delivery-only'] === true;
const DELIVERY_SENDS = count('delivery-sends', 10);
const INSTALLED_PREFIX = flags.installed;
const WARMUP = 3;
/** Start-up targets (issue 23): each CLI command ≤ 1.5× a `node -e 0`, `lich mcp` spawn → initialize ≤ 2.5×. */
const CLI_RATIO_TARGET = 1.5;
const MCP_RATIO_TARGET = 2.5;
const MCP_CALLS = 500;
const LATENCY_SAMPLES = 300;
const THROUGHPUT_MS = 3000;
const SINKS = 64;

const round = (x, d = 1) => (Number.isFinite(x) ? +x.toFixed(d) : null);
const log = (s) => process.stderr.write(`bench: ${s}\n`);
const benchStart = now();
const open = (rpc, project, kind) =>
  rpcOk(rpc, 'spawn.Open', { from: '', project, kind, worktree: '', base: '', model: '', effort: '', folder: '', ultracode: false });
const close = (rpc, id) => rpc.call('spawn.Close', { from: '', target: id, project: '', worktree: '', force: true }, 30_000);

/** One full errand over the RPC against a sink: held send, ticket off the paste, reply. */
async function errand(rpc, hub, sink) {
  const ticketP = hub.nextTicket(sink);
  const sendP = rpc.call('relay.Send', { from: '', target: sink.id, project: '', prompt: 'bench', timeoutSeconds: 120 }, 130_000);
  const ticket = await ticketP;
  const rep = await rpc.call('relay.Reply', { from: '', ticket, answer: 'ok' });
  if (rep.status !== 200) throw new Error(`relay.Reply: ${rep.status} ${JSON.stringify(rep.body)}`);
  const sent = await sendP;
  if (sent.status !== 200 || sent.body.status !== 'answered') throw new Error(`relay.Send: ${sent.status} ${JSON.stringify(sent.body)}`);
  return { replyAcceptedAt: rep.endAt, sendReturnedAt: sent.endAt };
}

/** The real Claude Code figures into `figures.claude`, or why they were skipped into `figures.claudeSkipped`. */
async function agentFigures(figures) {
  if (NO_AGENTS) {
    figures.claudeSkipped = 'skipped: --no-agents';
    log(`real Claude Code figures ${figures.claudeSkipped}`);
    return;
  }
  const can = agentsAvailable();
  if (!can.ok) {
    figures.claudeSkipped = `skipped: ${can.why}`;
    log(`real Claude Code figures ${figures.claudeSkipped}`);
    return;
  }
  figures.claude = await benchClaude({ sends: AGENT_SENDS, log });
  log(`real Claude Code ${JSON.stringify(figures.claude)}`);
}

function agentRows(f, row) {
  if (!f.claude) return [row('real Claude Code: `lich send` → task reaches the model, vs. pasting it directly', f.claudeSkipped ?? 'skipped', '—', '—')];
  const c = f.claude;
  return [
    row(
      `real Claude Code (${c.client}): \`lich send\` → task reaches the model, vs. pasting the same text into its terminal directly`,
      `${c.deliveryMedianMs} ms vs ${c.directMedianMs} ms = ${c.deliveryRatio.toFixed(2)} × (${c.sends} sends; lich p90 ${c.deliveryP90Ms} ms)`,
      '— (lich\'s delivery overhead)',
      '—',
    ),
    row(`real Claude Code: \`lich send\` → answer printed (reply_to_session)`, `${c.sendToAnswerMedianMs} ms (p90 ${c.sendToAnswerP90Ms} ms)`, '—', '—'),
  ];
}

/** The real Claude Code delivery breakdown into `figures.delivery`, or why it was skipped into `figures.deliverySkipped`. */
async function deliveryFigures(figures) {
  if (NO_DELIVERY) {
    figures.deliverySkipped = 'skipped: --no-delivery';
    log(`delivery breakdown ${figures.deliverySkipped}`);
    return;
  }
  const can = agentsAvailable();
  if (!can.ok) {
    figures.deliverySkipped = `skipped: ${can.why}`;
    log(`delivery breakdown ${figures.deliverySkipped}`);
    return;
  }
  figures.delivery = await benchDelivery({ sends: DELIVERY_SENDS, log });
}

const ok = (cond) => (cond ? 'met' : '**missed**');
const mdRow = (figure, measured, target, verdict) => `| ${figure} | ${measured} | ${target} | ${verdict} |`;

/** The delivery breakdown's rows: per route, its parts beside the direct paste's, and the target. */
function deliveryRows(f, row) {
  if (!f.delivery) return [row('delivery to a real Claude Code, broken into its parts', f.deliverySkipped ?? 'skipped', `what is not the settle or the CLI's start ≤ ${DELIVERY_OTHER_TARGET_MS} ms`, '—')];
  const d = f.delivery;
  const rows = [];
  for (const route of ['typed', 'mod']) {
    const x = d[route];
    if (!x) continue;
    const l = x.lich;
    const parts =
      route === 'typed'
        ? `CLI start ${l.cliStart} + RPC ${l.rpc} + relay hold ${l.hold} + typing ${l.prep} + the client takes the paste ${l.take} + settle ${l.settle} (the client drawing ${l.settleDrawing}, then quiet ${l.settleQuiet}) + the client, Enter → request ${l.client}`
        : `CLI start ${l.cliStart} + RPC ${l.rpc} + relay hold ${l.hold} + the mod's poll takes it ${l.handOver} + the client (its mod's prompt.submit) → request ${l.client} (→ the turn's \`busy\`, its mod's at turn.start, reaching lich ${l.toBusyReport}, then → request ${l.busyReportToRequest})`;
    const what =
      route === 'typed'
        ? `real Claude Code (${d.client}), typed at (no lich plugin: paste, 150 ms quiet, Enter): \`lich send\` → request at the model`
        : `real Claude Code, built-in kind (its mod polls: handed a \`prompt\`, nothing typed): \`lich send\` → request at the model`;
    rows.push(
      row(
        what,
        `${l.total} ms = ${parts} (medians of ${d.sends} sends, each part's own median; p90 ${x.lichP90Total} ms) vs a direct paste ${x.direct.total} ms = takes the paste ${x.direct.take} + Enter → request ${x.direct.client}`,
        '—',
        '—',
      ),
      ...(x.directWithPlugin
        ? [
            row(
              `… a direct paste into the same client with lich's plugin loaded (its hooks run on a paste as on a prompt its mod submits)`,
              `${x.directWithPlugin.total} ms = takes the paste ${x.directWithPlugin.take} + Enter → request ${x.directWithPlugin.client}; the plugin on the path: ${x.pluginOnPathMs} ms over the paste without it. The mod route over the direct paste, ${x.overDirectMs} ms = CLI start ${l.cliStart} + lich's own (RPC + hold + hand-over) ${x.lichsOwnMs} + lich's plugin on the client's path ${x.pluginOnPathMs} + the rest ${x.restMs} (the client's own and noise; each a median per send, so they need not add up); in means, which do: ${x.meanSplitMs.overDirect} = CLI start ${x.meanSplitMs.cliStart} + lich's own ${x.meanSplitMs.lichsOwn} + lich's plugin ${x.meanSplitMs.plugin} + the rest ${x.meanSplitMs.rest}`,
              '—',
              '—',
            ),
          ]
        : []),
      row(
        `… over the direct paste, what is not the settle or the CLI's start (${route})`,
        `${x.otherThanSettleAndCliMs} ms (median per send of lich − direct − CLI start − settle; over direct in all ${x.overDirectMs} ms); lich's own part of it, RPC + hold${route === 'typed' ? ' + typing' : ' + hand-over'}: ${x.lichsOwnMs} ms, the rest the client's own`,
        `≤ ${DELIVERY_OTHER_TARGET_MS} ms`,
        ok(x.otherThanSettleAndCliMs <= DELIVERY_OTHER_TARGET_MS),
      ),
    );
  }
  return rows;
}

/** The quiet the typed route waits for between a paste and its Enter, in s (wire.md § 8.2: 150 ms). */
const SETTLE_S = 0.15;

/** The fan-out comparison's rows: as an agent fans out (the headline, over `lich mcp`), then through the CLI. */
function fanoutVsRows(f, row) {
  const x = f.fanoutVsDirect;
  if (!x) return [];
  const runs = `medians of ${x.runs} alternating runs each`;
  const d = x.directCpuMs;
  const c = x.mcp.cpuMs;
  return [
    row(
      `fan-out ${x.sessions} example agents with lich's tools, each answering one task with reply_to_session from its own process (one \`relay.Reply\` call, as through a \`lich mcp\` kept running), as an agent fans out (one \`lich mcp\`: ${x.sessions} concurrent \`open_session\` with \`prompt\`, then \`wait_for_answer\` for each ticket) vs started on PTYs directly, task pasted, answer read back`,
      `${x.mcp.medianSeconds} s vs ${x.directMedianSeconds} s = ${x.mcp.ratio.toFixed(2)} × (${runs}: lich ${x.mcp.seconds.join(', ')}; direct ${x.directSeconds.join(', ')}; answered within the open: ${x.mcp.answeredInOpen.join(', ')} of ${x.sessions}). Over direct ${round(x.mcp.medianSeconds - x.directMedianSeconds, 2)} s, of which ${SETTLE_S} s is the quiet lich waits for before each Enter (wire.md § 8.2; the agents' waits run side by side), the rest ${round(x.mcp.medianSeconds - x.directMedianSeconds - SETTLE_S, 2)} s (without that quiet, lich would be ${((x.mcp.medianSeconds - SETTLE_S) / x.directMedianSeconds).toFixed(2)} × direct). CPU, ms: direct — the agents ${d.agents} (+ their shells ${d.agentChildren}); lich — the agents ${c.agents} (their reports and answers to lich included) + their shells ${c.agentChildren} + the backend ${c.backend} (+ its \`stty\` looks ${c.backendChildren}) + \`lich mcp\` ${c.mcp}`,
      `≤ ${FANOUT_RATIO_TARGET} ×`,
      ok(x.mcp.ratio <= FANOUT_RATIO_TARGET),
    ),
    row(
      `… the same, the agents without lich's tools: each answers by running \`"$LICH_BIN" reply\` (a \`lich\` process per answer, as opencode's and oh-my-pi's tools run \`lich\`)`,
      `${x.mcpCliReply.medianSeconds} s = ${x.mcpCliReply.ratio.toFixed(2)} × direct (${runs}: ${x.mcpCliReply.seconds.join(', ')}). CPU, ms: the agents ${x.mcpCliReply.cpuMs.agents} + their shells and \`lich reply\` CLIs ${x.mcpCliReply.cpuMs.agentChildren} + the backend ${x.mcpCliReply.cpuMs.backend} + \`lich mcp\` ${x.mcpCliReply.cpuMs.mcp}`,
      '— (a second figure: a `lich` start per answer is its cost)',
      '—',
    ),
    row(
      `… the same fan-out through the CLI (\`lich open\` + \`lich send\` per agent: ${2 * x.sessions} CLI starts)`,
      `${x.cli.medianSeconds} s = ${x.cli.ratio.toFixed(2)} × direct (${runs}: ${x.cli.seconds.join(', ')}). CPU, ms: the ${2 * x.sessions} open/send CLIs ${x.cli.cpuMs.cli} + the agents ${x.cli.cpuMs.agents} + their shells and \`lich reply\` CLIs ${x.cli.cpuMs.agentChildren} + the backend ${x.cli.cpuMs.backend}`,
      '— (a second figure: the CLI\'s starts are its cost)',
      '—',
    ),
  ];
}

/** Writes `latest-<name>.{json,md}` for a run of one part alone and prints its table. */
function reportOnly(name, what, figures, rows) {
  figures.wallSeconds = round((now() - benchStart) / 1000);
  const md = ['| figure | measured (median) | target | |', '|---|---|---|---|', ...rows].join('\n');
  const dir = join(root, 'tools/bench/results');
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, `latest-${name}.json`), JSON.stringify({ date: new Date().toISOString(), node: process.version, ...figures }, null, 2) + '\n');
  writeFileSync(join(dir, `latest-${name}.md`), md + '\n');
  console.log(`${what} only, NODE_EXTRA_CA_CERTS unset, ${process.version}; ${figures.wallSeconds} s\n`);
  console.log(md);
}

async function main() {
  if (AGENTS_ONLY) {
    const figures = {};
    await agentFigures(figures);
    reportOnly('agents', 'real agents', figures, agentRows(figures, mdRow));
    return;
  }
  if (DELIVERY_ONLY) {
    const figures = {};
    await deliveryFigures(figures);
    reportOnly('delivery', 'delivery to a real Claude Code', figures, deliveryRows(figures, mdRow));
    return;
  }
  if (FANOUT_ONLY) {
    const figures = {};
    const b = await startBackend({ example: exampleProvider, 'example-tools': exampleToolsProvider });
    const rpc = rpcClient(b.info.port, b.info.token);
    try {
      figures.fanoutVsDirect = await benchFanoutVsDirect({ b, rpc, n: 32, runs: FANOUT_RUNS, log });
    } catch (e) {
      log(`failed; the backend ${alive(b.pid) ? 'still runs' : 'is gone'}, and its log's tail reads:\n${b.stderr().slice(-4000)}`);
      throw e;
    } finally {
      rpc.close();
      figures.cleanup = await stopBackend(b);
    }
    reportOnly('fanout', 'fan-out through lich vs direct', figures, fanoutVsRows(figures, mdRow));
    return;
  }
  const benchTmp = mkdtempSync(join(tmpdir(), 'lich-bench-web-'));
  const hub = sinkHub();
  const hubPort = await hub.listen();
  const providers = {
    sink: {
      name: 'Sink',
      command: '/bin/bash',
      // Bracketed paste on, as every agent's TUI turns it on: lich brackets a paste only for a
      // program that asked (terminal/paste.ts), and the hub reads each ticket between the brackets.
      args: ['-c', `stty raw -echo; printf '\\033[?2004h'; exec 3<>/dev/tcp/127.0.0.1/${hubPort}; printf '%s\\n' "$LICH_SESSION_ID" >&3; exec cat >&3`],
      env: {},
      reportsState: false,
      tools: false,
    },
    // A session with a process in its PTY that never reads it: the mod sinks answer for it.
    idle: { name: 'Idle', command: '/bin/sh', args: ['-c', 'exec sleep 2147483647'], env: {}, reportsState: false, tools: false },
    responder: { name: 'Responder', command: process.execPath, args: [join(root, 'tools/bench/responder.mjs')], env: {}, reportsState: false, tools: false },
    'responder-paste': {
      name: 'Responder (on paste)',
      command: process.execPath,
      args: [join(root, 'tools/bench/responder.mjs')],
      env: { BENCH_RESPOND_ON: 'paste' },
      reportsState: false,
      tools: false,
    },
    flood: { ...floodProvider, env: { BENCH_FLOOD_ON: join(benchTmp, 'flood-on') } },
    example: exampleProvider,
    'example-tools': exampleToolsProvider,
  };
  // Installed before the backend starts, so the native builds share the cores with nothing measured.
  const installed = await installedLich(benchTmp);
  const b = await startBackend(providers);
  const rpc = rpcClient(b.info.port, b.info.token);
  const project = join(b.home, 'project');
  mkdirSync(project, { recursive: true });
  const figures = {};
  try {
    // ——— backend: idle RSS, RSS per idle session ———
    await sleep(1500);
    figures.idleRssMb = round(await steadyRss(b.pid, 10));
    log(`idle RSS ${figures.idleRssMb} MB`);
    const points = [[0, figures.idleRssMb]];
    const sinkIds = [];
    for (let n = 8; n <= 32; n += 8) {
      while (sinkIds.length < n) sinkIds.push((await open(rpc, project, 'sink')).id);
      await hub.connected(n);
      await sleep(800);
      points.push([n, await steadyRss(b.pid, 5)]);
    }
    figures.rssPerIdleSessionMb = round(slope(points), 2);
    figures.rssIdleSessionPoints = points.map(([n, mb]) => [n, round(mb)]);
    log(`RSS per idle session ${figures.rssPerIdleSessionMb} MB (${JSON.stringify(figures.rssIdleSessionPoints)})`);
    while (sinkIds.length < SINKS) sinkIds.push((await open(rpc, project, 'sink')).id);
    await hub.connected(SINKS);
    await sleep(800);

    // ——— relay: reply accepted → waiting send returns ———
    for (let i = 0; i < SINKS; i++) await errand(rpc, hub, await hub.acquire()); // every sink ready, sockets warm
    const lat = [];
    const deadline = Date.now() + 60_000;
    for (let i = 0; i < LATENCY_SAMPLES && Date.now() < deadline; i++) {
      const r = await errand(rpc, hub, await hub.acquire());
      lat.push(r.sendReturnedAt - r.replyAcceptedAt);
    }
    figures.relayLatency = { samples: lat.length, medianMs: round(median(lat), 3), p99Ms: round(percentile(lat, 99), 3), minMs: round(Math.min(...lat), 3) };
    log(`relay reply→send ${JSON.stringify(figures.relayLatency)}`);

    // ——— web view: the same errands while a card floods its terminal, with and without the page ———
    figures.web = NO_WEB
      ? { skipped: '--no-web' }
      : await benchWeb({
          b,
          rpc,
          project,
          floodFlag: join(benchTmp, 'flood-on'),
          rounds: 4,
          windowMs: 2500,
          log,
          errand: async () => errand(rpc, hub, await hub.acquire()),
        });
    if (WEB_ONLY) {
      console.log(JSON.stringify(figures.web, null, 2));
      return;
    }

    // ——— relay: errands per second, C concurrent senders ———
    figures.errandsPerSecond = {};
    for (const c of [1, 8, 64]) {
      let done = 0;
      const t0 = now();
      const stopAt = t0 + THROUGHPUT_MS;
      await Promise.all(
        Array.from({ length: c }, async () => {
          while (now() < stopAt && done < 50_000) {
            await errand(rpc, hub, await hub.acquire());
            done++;
          }
        }),
      );
      figures.errandsPerSecond[c] = round(done / ((now() - t0) / 1000), 0);
      log(`errands/s with ${c} senders: ${figures.errandsPerSecond[c]}`);
    }

    // ——— relay: errands per second through the mod route (no PTY) ———
    // The same errand, to sessions whose mod polls: the task is handed over as a `prompt`
    // command and answered over the RPC; nothing is typed, so no 150 ms submit quiet.
    const idleIds = [];
    while (idleIds.length < SINKS) idleIds.push((await open(rpc, project, 'idle')).id);
    const mods = modSinks(b.info.port, b.info.token, idleIds);
    await mods.attached();
    const modErrand = (target) =>
      rpcOk(rpc, 'relay.Send', { from: '', target, project: '', prompt: 'bench', timeoutSeconds: 120 }, 130_000).then((r) => {
        if (r.status !== 'answered') throw new Error(`relay.Send through the mod: ${JSON.stringify(r)}`);
      });
    for (const id of idleIds) await modErrand(id); // warm
    figures.modErrandsPerSecond = {};
    for (const c of [1, 8, 64]) {
      let done = 0;
      const t0 = now();
      const stopAt = t0 + THROUGHPUT_MS;
      await Promise.all(
        Array.from({ length: c }, async (_, i) => {
          while (now() < stopAt && done < 200_000) {
            await modErrand(idleIds[i % idleIds.length]);
            done++;
          }
        }),
      );
      figures.modErrandsPerSecond[c] = round(done / ((now() - t0) / 1000), 0);
      log(`errands/s through the mod route with ${c} senders: ${figures.modErrandsPerSecond[c]}`);
    }
    await mods.stop();
    await Promise.all(idleIds.map((id) => close(rpc, id)));

    // ——— CLI start ———
    // One held send per measured `lich reply`, its ticket read off the sink's paste.
    const total = RUNS + WARMUP;
    const held = [];
    const tickets = [];
    // Twice as many with the installed lich: it replies to the second half.
    for (let i = 0; i < (installed ? 2 * total : total); i++) {
      const s = await hub.acquire();
      const tp = hub.nextTicket(s);
      held.push(rpc.call('relay.Send', { from: '', target: s.id, project: '', prompt: 'bench', timeoutSeconds: 600 }, 700_000));
      tickets.push(await tp);
    }
    const responder = (await open(rpc, project, 'responder')).id;
    const responderPaste = (await open(rpc, project, 'responder-paste')).id;
    await sleep(1000); // both ready (600 ms quiet)
    const noBackendEnv = { ...cleanEnv, XDG_CONFIG_HOME: join(b.home, 'nowhere') };
    // The floor of a command that asks lich anything, on node:http (the loopback wire's library,
    // core rpc.ts): one POST of `sessions --json`'s RPC from a bare node, with no lich code loaded.
    const bareRpc = `const r=require('node:http').request({host:'127.0.0.1',port:${b.info.port},method:'POST',path:'/rpc/relay.Peers?token=${b.info.token}',headers:{'Content-Type':'application/json'}},(s)=>{s.resume();s.on('end',()=>{if(s.statusCode!==200)process.exitCode=1})});r.end('[{"from":""}]')`;
    const cases = {
      'node -e 0': () => timeSync([process.execPath, '-e', '0'], cleanEnv),
      'one node:http RPC, no lich': () => timeSync([process.execPath, '-e', bareRpc], cleanEnv),
      'lich version': () => timeSync([process.execPath, lich, 'version'], noBackendEnv),
      'lich sessions --json': () => timeSync([process.execPath, lich, 'sessions', '--json'], b.env),
      'lich reply': (i) => timeSync([process.execPath, lich, 'reply', tickets[i], 'done'], b.env),
      'lich send (answered on Enter)': () => timeSync([process.execPath, lich, 'send', '--timeout', '10', responder, 'ping'], b.env),
      'lich send (answered on paste)': () => timeSync([process.execPath, lich, 'send', '--timeout', '10', responderPaste, 'ping'], b.env),
    };
    if (installed) {
      // The global lich, run as PATH would find it (node follows npm's link into the install).
      Object.assign(cases, {
        'lich version (installed)': () => timeSync([process.execPath, installed.bin, 'version'], noBackendEnv),
        'lich sessions --json (installed)': () => timeSync([process.execPath, installed.bin, 'sessions', '--json'], b.env),
        'lich reply (installed)': (i) => timeSync([process.execPath, installed.bin, 'reply', tickets[total + i], 'done'], b.env),
      });
    }
    const samples = Object.fromEntries(Object.keys(cases).map((k) => [k, []]));
    for (let i = 0; i < total; i++) {
      for (const [name, run] of Object.entries(cases)) {
        const ms = run(i);
        if (i >= WARMUP) samples[name].push(ms);
      }
    }
    const heldResults = await Promise.all(held);
    if (heldResults.some((r) => r.body?.status !== 'answered')) throw new Error('a held send did not come back answered');
    const base = median(samples['node -e 0']);
    figures.cli = Object.fromEntries(
      Object.entries(samples).map(([name, xs]) => [name, { medianMs: round(median(xs)), p90Ms: round(percentile(xs, 90)), ratio: round(median(xs) / base, 2) }]),
    );
    if (installed) figures.installed = { how: installed.how, prefix: installed.prefix };
    log(`CLI ${JSON.stringify(figures.cli)}`);
    await Promise.all(sinkIds.map((id) => close(rpc, id)));
    await Promise.all([close(rpc, responder), close(rpc, responderPaste)]);

    // ——— lich mcp ———
    figures.mcp = await benchMcp(b.env);
    log(`mcp ${JSON.stringify(figures.mcp)}`);

    // ——— fan-out ———
    figures.fanout = {};
    for (const n of QUICK ? [32] : [32, 128]) {
      figures.fanout[n] = await fanout(b, rpc, n);
      log(`fan-out ${n}: ${JSON.stringify(figures.fanout[n])}`);
    }
    // ——— fan-out: the same 32 through lich and directly, alternating ———
    figures.fanoutVsDirect = await benchFanoutVsDirect({ b, rpc, n: 32, runs: FANOUT_RUNS, log });
    log(`fan-out vs direct: ${JSON.stringify(figures.fanoutVsDirect)}`);
  } catch (e) {
    // What the backend said is what tells a failure of the bench from one of lich.
    log(`failed; the backend ${alive(b.pid) ? 'still runs' : 'is gone'}, and its log's tail reads:\n${b.stderr().slice(-4000)}`);
    throw e;
  } finally {
    rpc.close();
    hub.close();
    rmSync(benchTmp, { recursive: true, force: true });
    const stop = await stopBackend(b);
    figures.cleanup = stop;
    if (stop.leftOver > 0) log(`${stop.leftOver} processes outlived the backend and were killed`);
  }
  // Own backend, after the other one is gone: two idle Claude Codes should not share the cores with it.
  await agentFigures(figures);
  await deliveryFigures(figures);
  figures.wallSeconds = round((now() - benchStart) / 1000);
  report(figures);
}

/**
 * The `lich` a user installs: @lich/cli packed and installed with `npm install -g` into a prefix
 * under `tmp`, or the one under --installed <prefix>; `null` with --no-installed.
 */
async function installedLich(tmp) {
  if (NO_INSTALLED) return null;
  if (INSTALLED_PREFIX) {
    const bin = join(INSTALLED_PREFIX, 'bin', 'lich');
    if (!existsSync(bin)) throw new Error(`--installed ${INSTALLED_PREFIX}: there is no bin/lich in it`);
    log(`installed lich: ${bin} (--installed)`);
    return { bin, prefix: INSTALLED_PREFIX, how: 'given (--installed)' };
  }
  // npm runs with this process's environment: a NODE_EXTRA_CA_CERTS the network needs stays
  // (the bench unsets it only for what it times); without it npm may retry the registry for minutes.
  log('installed lich: packing @lich/cli and installing it globally into a temp prefix (native builds: a minute or more; npm reaches the registry with this environment, so keep any NODE_EXTRA_CA_CERTS your network needs)');
  const prefix = join(tmp, 'prefix');
  const r = await installCliGlobally(prefix);
  log(`installed lich: ${r.bin} (npm install -g in ${round(r.ms / 1000)} s)`);
  return { bin: r.bin, prefix, how: `npm install -g of the packed @lich/cli (${round(r.ms / 1000)} s)` };
}

/** Spawn → `initialize` answered, alternating with `node -e 0` spawned the same way; then list_sessions calls. */
async function benchMcp(env) {
  const spawnTimed = (argv, stdin) =>
    new Promise((res, rej) => {
      const t0 = now();
      const c = spawn(argv[0], argv.slice(1), { env: argv[1] === '-e' ? cleanEnv : env, stdio: ['pipe', 'pipe', 'pipe'] });
      const killer = setTimeout(() => c.kill('SIGKILL'), 30_000);
      let out = '';
      let done = false;
      c.stdout.on('data', (d) => {
        out += d;
        if (!done && out.includes('\n')) {
          done = true;
          const ms = now() - t0;
          c.stdin.end();
          c.once('close', () => {
            clearTimeout(killer);
            res(ms);
          });
        }
      });
      c.on('close', () => {
        clearTimeout(killer);
        if (!done) (argv[1] === '-e' ? res(now() - t0) : rej(new Error('lich mcp ended before answering initialize')));
      });
      if (stdin) c.stdin.write(stdin);
      else c.stdin.end();
    });
  const init = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'bench', version: '0' } } }) + '\n';
  const base = [];
  const spawnInit = [];
  for (let i = 0; i < RUNS + WARMUP; i++) {
    const a = await spawnTimed([process.execPath, '-e', '0']);
    const m = await spawnTimed([process.execPath, lich, 'mcp'], init);
    if (i >= WARMUP) {
      base.push(a);
      spawnInit.push(m);
    }
  }
  // One process, many calls.
  const c = spawn(process.execPath, [lich, 'mcp'], { env, stdio: ['pipe', 'pipe', 'pipe'] });
  const pending = new Map();
  let buf = '';
  c.stdout.setEncoding('utf8');
  c.stdout.on('data', (d) => {
    buf += d;
    let nl;
    while ((nl = buf.indexOf('\n')) >= 0) {
      const line = buf.slice(0, nl);
      buf = buf.slice(nl + 1);
      const msg = JSON.parse(line);
      pending.get(msg.id)?.(msg);
    }
  });
  let id = 1;
  const ask = (method, params) =>
    new Promise((res, rej) => {
      const my = ++id;
      const t = setTimeout(() => rej(new Error(`${method} unanswered`)), 10_000);
      pending.set(my, (m) => {
        clearTimeout(t);
        pending.delete(my);
        res(m);
      });
      c.stdin.write(JSON.stringify({ jsonrpc: '2.0', id: my, method, params }) + '\n');
    });
  try {
    await ask('initialize', { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'bench', version: '0' } });
    c.stdin.write(JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' }) + '\n');
    const calls = [];
    for (let i = 0; i < MCP_CALLS + 30; i++) {
      const t0 = now();
      const r = await ask('tools/call', { name: 'list_sessions', arguments: {} });
      if (r.error || r.result?.isError) throw new Error(`list_sessions: ${JSON.stringify(r.error ?? r.result)}`);
      if (i >= 30) calls.push(now() - t0);
    }
    const b0 = median(base);
    return {
      baselineMs: round(b0),
      spawnToInitializeMs: round(median(spawnInit)),
      spawnToInitializeRatio: round(median(spawnInit) / b0, 2),
      listSessions: { calls: calls.length, medianMs: round(median(calls), 3), p99Ms: round(percentile(calls, 99), 3) },
    };
  } finally {
    c.stdin.end();
    await Promise.race([new Promise((r) => c.once('close', r)), sleep(5000).then(() => c.kill('SIGKILL'))]);
  }
}

/**
 * Opens `n` example-agent sessions with `lich open`, sends each a shell task with
 * `lich send --timeout 1`, and `lich wait`s every ticket not answered within that second:
 * the wall time from the first open to the last answer, and the backend's RSS around it.
 */
async function fanout(b, rpc, n) {
  const proj = join(b.home, `fan-${n}`);
  mkdirSync(proj, { recursive: true });
  await sleep(1000);
  const before = await steadyRss(b.pid, 5);
  const sampler = rssSampler(b.pid);
  const t0 = now();
  const deadline = Date.now() + 300_000;
  const ids = [];
  let answeredAtSend = 0;
  const chain = async (i) => {
    const o = await lichAsync(b.env, ['open', '--project', proj, '--kind', 'example', '--json'], 60_000);
    if (o.code !== 0) throw new Error(`lich open exited ${o.code}: ${o.stderr.trim()}`);
    const session = JSON.parse(o.stdout);
    ids.push(session.id);
    const marker = `task-${i}`;
    const s = await lichAsync(b.env, ['send', '--timeout', '1', '--json', session.id, `echo ${marker}`], 60_000);
    let result = s.stdout ? JSON.parse(s.stdout) : null;
    if (s.code === 0) answeredAtSend++;
    else if (s.code !== 2 || !result) throw new Error(`lich send exited ${s.code}: ${s.stderr.trim()}`);
    while (result.status === 'pending' && Date.now() < deadline) {
      const w = await lichAsync(b.env, ['wait', '--timeout', '30', '--json', result.ticket], 60_000);
      if (w.code !== 0 && w.code !== 2) throw new Error(`lich wait exited ${w.code}: ${w.stderr.trim()}`);
      result = JSON.parse(w.stdout);
    }
    if (result.status !== 'answered' || !result.answer.includes(marker)) throw new Error(`session ${session.id}: ${JSON.stringify(result)}`);
  };
  let failure;
  await Promise.all(Array.from({ length: n }, (_, i) => chain(i).catch((e) => (failure ??= e))));
  const wall = (now() - t0) / 1000;
  const peak = sampler.stop();
  const childrenAtPeak = descendants(b.pid).length;
  await Promise.all(ids.map((id) => close(rpc, id)));
  await sleep(2000);
  const after = await steadyRss(b.pid, 5);
  if (failure) throw failure;
  return { sessions: n, wallSeconds: round(wall, 2), answeredWithinSendSecond: answeredAtSend, rssBeforeMb: round(before), rssPeakMb: round(peak), rssAfterMb: round(after), processesUnderBackend: childrenAtPeak };
}

/** The web view's rows: reply → send with a card flooding and its page open, against quiet windows interleaved with it. */
function webRows(w, row, ok) {
  if (!w || w.skipped) return [row('reply → send with a flooding card and its page open', `skipped: ${w?.skipped ?? 'not run'}`, '—', '—')];
  const within = w.floodWithPage.medianMs <= w.band.medianMs[1];
  const cond = (c) => `${c.medianMs} ms (p99 ${c.p99Ms}), ${c.errandsPerSecond} errands/s, backend CPU ${c.backendCpuPercent} %, chromium ${c.chromiumCpuPercent} %`;
  return [
    row(
      'reply → send while a card prints `yes \| head -c 50M` over and over, its page open (web view; windows interleaved with the two below)',
      `${cond(w.floodWithPage)}; the page took ${w.floodWithPage.pageMbPerSecond} MB/s in ${w.floodWithPage.pageMessagesPerSecond} messages/s`,
      `median within the quiet windows' band, ${w.band.medianMs[0]}–${w.band.medianMs[1]} ms`,
      ok(within),
    ),
    row('… the same flood, no page open', cond(w.floodNoPage), '—', '—'),
    row('… quiet', cond(w.quiet), '—', '—'),
    row(
      'backend RSS through those windows',
      `${w.rssBeforeMb} MB before; peak quiet ${w.quiet.rssPeakMb}, flood ${w.floodNoPage.rssPeakMb}, flood + page ${w.floodWithPage.rssPeakMb}; ${w.rssAfterMb} MB after`,
      'bounded: flood + page peak ≤ flood peak + 32 MB',
      ok(w.floodWithPage.rssPeakMb <= w.floodNoPage.rssPeakMb + 32),
    ),
  ];
}

function report(f) {
  const cli = f.cli;
  const base = cli['node -e 0'].medianMs;
  const row = (figure, measured, target, verdict) => `| ${figure} | ${measured} | ${target} | ${verdict} |`;
  const rows = [
    row('`node -e 0` (baseline)', `${base} ms`, '—', '—'),
    row(
      'one RPC from a bare `node -e` on node:http (the `sessions --json` call, no lich code): the floor of any command that asks lich',
      `${cli['one node:http RPC, no lich'].medianMs} ms = ${cli['one node:http RPC, no lich'].ratio.toFixed(2)} ×`,
      '—',
      '—',
    ),
    ...['lich version', 'lich sessions --json', 'lich reply', 'lich send (answered on paste)'].map((k) =>
      row(`\`${k}\``, `${cli[k].medianMs} ms = ${cli[k].ratio.toFixed(2)} ×`, `≤ ${CLI_RATIO_TARGET} ×`, ok(cli[k].ratio <= CLI_RATIO_TARGET)),
    ),
    row('`lich send (answered on Enter)`', `${cli['lich send (answered on Enter)'].medianMs} ms = ${cli['lich send (answered on Enter)'].ratio.toFixed(2)} ×`, '— (no target; Enter waits 150 ms quiet)', '—'),
    // The installed lich beside the repository's, same run, same baseline (docs/packaging.md).
    ...['lich version', 'lich sessions --json', 'lich reply']
      .filter((k) => cli[`${k} (installed)`])
      .map((k) => {
        const x = cli[`${k} (installed)`];
        return row(`\`${k}\`, installed with npm i -g`, `${x.medianMs} ms = ${x.ratio.toFixed(2)} × (the repository's: ${cli[k].ratio.toFixed(2)} ×)`, `≤ ${CLI_RATIO_TARGET} ×, and ≤ the repository's + 0.1`, ok(x.ratio <= CLI_RATIO_TARGET && x.ratio <= cli[k].ratio + 0.1));
      }),
    row('`lich mcp` spawn → `initialize` answered', `${f.mcp.spawnToInitializeMs} ms = ${f.mcp.spawnToInitializeRatio.toFixed(2)} × (baseline ${f.mcp.baselineMs} ms)`, `≤ ${MCP_RATIO_TARGET} ×`, ok(f.mcp.spawnToInitializeRatio <= MCP_RATIO_TARGET)),
    row('`tools/call list_sessions`', `median ${f.mcp.listSessions.medianMs} ms, p99 ${f.mcp.listSessions.p99Ms} ms`, 'median ≤ 2 ms', ok(f.mcp.listSessions.medianMs <= 2)),
    row('reply accepted → waiting send returns', `median ${f.relayLatency.medianMs} ms, p99 ${f.relayLatency.p99Ms} ms`, 'median ≤ 2 ms, p99 ≤ 10 ms', ok(f.relayLatency.medianMs <= 2 && f.relayLatency.p99Ms <= 10)),
    ...[1, 8, 64].map((c) =>
      row(
        `errands/s, ${c} concurrent sender${c > 1 ? 's' : ''} (RPC, no PTY: ${SINKS} sessions whose mod polls)`,
        `${f.modErrandsPerSecond[c]}`,
        c === 64 ? '≥ 2,000' : '—',
        c === 64 ? ok(f.modErrandsPerSecond[c] >= 2000) : '—',
      ),
    ),
    ...[1, 8, 64].map((c) =>
      row(`errands/s, ${c} concurrent sender${c > 1 ? 's' : ''} (RPC, typed into ${SINKS} sink PTYs)`, `${f.errandsPerSecond[c]}`, '— (each paste waits 150 ms quiet before its Enter)', '—'),
    ),
    ...Object.values(f.fanout).map((x) =>
      row(
        `fan-out ${x.sessions} example agents, open → all answers`,
        `${x.wallSeconds} s; RSS ${x.rssBeforeMb} → peak ${x.rssPeakMb} → after ${x.rssAfterMb} MB`,
        x.sessions === 32 ? '≤ 10 s; peak RSS ≤ 200 MB' : '—',
        x.sessions === 32 ? ok(x.wallSeconds <= 10 && x.rssPeakMb <= 200) : '—',
      ),
    ),
    ...fanoutVsRows(f, row),
    ...webRows(f.web, row, ok),
    row('backend idle RSS', `${f.idleRssMb} MB`, '≤ 80 MB', ok(f.idleRssMb <= 80)),
    row('RSS per idle session', `${f.rssPerIdleSessionMb} MB (slope 0 → 32)`, '—', '—'),
    ...agentRows(f, row),
    ...deliveryRows(f, row),
  ];
  const md = ['| figure | measured (median) | target | |', '|---|---|---|---|', ...rows].join('\n');
  const result = { date: new Date().toISOString(), node: process.version, runs: RUNS, quick: QUICK, ...f };
  const dir = join(root, 'tools/bench/results');
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'latest.json'), JSON.stringify(result, null, 2) + '\n');
  writeFileSync(join(dir, 'latest.md'), md + '\n');
  console.log(`${RUNS} alternating start-up runs after ${WARMUP} warm-ups, NODE_EXTRA_CA_CERTS unset, ${process.version}; whole bench ${f.wallSeconds} s\n`);
  console.log(md);
}

main().catch((err) => {
  console.error(`bench: ${err.stack ?? err.message}`);
  process.exitCode = 1;
});
