// Delivery to a real Claude Code, broken down into its parts (issue 23, build item 4): a
// `lich send` to a Claude Code session of a backend run with LICH_TRACE_DELIVERY=1
// (packages/server/src/trace.ts), against pasting the same bytes into the same client started
// directly in a PTY here, no lich in between — so that every millisecond over the direct paste
// is accounted for.
//
// Two routes, each measured against the direct paste:
// - typed: a Claude Code session without lich's plugin (a user-defined provider running the same
//   client), which lich types at as wire.md § 8.2 says — paste, quiet ≥ 150 ms, Enter;
// - mod: the built-in `claude` kind, whose plugin's mod polls, so lich hands the task over as a
//   `prompt` command and types nothing (spec/cli.md § lich send) — what a user of the built-in
//   kind gets.
//
// The parts of one send (ms, every clock CLOCK_MONOTONIC: the bench's, the backend's marks and
// the fake model's receipt read the same clock):
//   cliStart   `lich send` spawned → its connection accepted by the backend (rpc-connect)
//   rpc        → relay.Send accepted: the errand filed, about to be delivered (send-accepted)
//   hold       → the wait for a free prompt over (typing; mod route: offered)
//   prep       → the paste written to the PTY (pasted): the typing queue and the paste's checks
//   take       → the client's first output after the paste (output-first): it took the paste in
//   settle     → the Enter written (enter): the client still drawing, then 150 ms of quiet
//   client     → the request reaching the fake model: the client's own, from Enter
// (mod route: hold = accepted → offered; handOver = offered → collected by the mod's poll;
// client = collected → request, split at the turn's `busy` reaching lich — its mod's, made at
// turn.start, once the prompt is taken: toBusyReport, busyReportToRequest.) On the mod route a third client is pasted at too: the
// same one with lich's plugin loaded and a lich session's variables, whose hooks run on a paste as
// they do on a prompt its mod submits — what the plugin costs on the path to the request. The direct paste has take (paste → first output, where Enter is
// pressed at once) and client (Enter → request). What is not the settle or the CLI's start is
// lich total − direct total − cliStart − settle.
import { cpSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pty from 'node-pty';
import { prepareOffline } from '../agents/offline.mjs';
import { replyScript, startFakeModel } from '../fake-model/index.mjs';
import { CLIENTS } from '../agents/clients.mjs';
import { makeRepo, quiet } from './agents.mjs';
import { benchFlags, cleanEnv, countFlag, lich, median, now, percentile, root, sleep, startBackend, stopBackend } from './lib.mjs';
import { spawn } from 'node:child_process';

const PASTE_START = '\x1b[200~';
const PASTE_END = '\x1b[201~';
const round = (x, d = 1) => (Number.isFinite(x) ? +x.toFixed(d) : null);

/** The target: what is not the settle or the CLI's start, over a direct paste (issue 23 item 4). */
export const DELIVERY_OTHER_TARGET_MS = 30;

/** `lich <args>` spawned now: resolves `{code, stdout, stderr, spawnedAt}` (spawnedAt: just before the spawn, hrtime ms). */
function lichTimed(env, args, timeoutMs) {
  return new Promise((res) => {
    const spawnedAt = now();
    const c = spawn(process.execPath, [lich, ...args], { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    c.stdout.on('data', (d) => (stdout += d));
    c.stderr.on('data', (d) => (stderr += d));
    const t = setTimeout(() => c.kill('SIGKILL'), timeoutMs);
    c.on('close', (code) => {
      clearTimeout(t);
      res({ code, stdout, stderr, spawnedAt });
    });
  });
}

/** Every `lich-trace` mark in `text`: `{event, key, at}`. */
export function traceMarks(text) {
  const out = [];
  for (const m of text.matchAll(/lich-trace (\S+) (\S+) at=([\d.]+)/g)) out.push({ event: m[1], key: m[2], at: Number(m[3]) });
  return out;
}

/**
 * The parts of one send from the marks the backend logged for it (`marks`, those logged since
 * the send was spawned), its spawn time and the model's receipt; throws naming a missing mark.
 */
export function sendParts(marks, spawnedAt, requestAt, sessionId) {
  const find = (event, pred = () => true) => {
    const m = marks.find((x) => x.event === event && pred(x));
    if (!m) throw new Error(`no ${event} mark for the send (the backend logged: ${marks.map((x) => x.event).join(', ') || 'nothing'})`);
    return m;
  };
  const req = find('rpc-request', (x) => x.key.startsWith('relay.Send:'));
  const port = req.key.split(':')[1];
  const connect = find('rpc-connect', (x) => x.key === port);
  const accepted = find('send-accepted');
  const ticket = accepted.key;
  const total = requestAt - spawnedAt;
  const offered = marks.find((x) => x.event === 'offered' && x.key === ticket);
  if (offered) {
    const collected = find('collected', (x) => x.key === ticket);
    // The turn's `busy`: reported by the mod at turn.start, before the turn's first request
    // (before lich-plugin's mod made it, the UserPromptSubmit hook's process did, blocking).
    const busy = marks.find((x) => x.event === 'report' && x.at >= collected.at && x.key.endsWith(':busy') && (sessionId === undefined || x.key === `/hook:${sessionId}:busy`));
    return {
      route: 'mod',
      total,
      cliStart: connect.at - spawnedAt,
      rpc: accepted.at - connect.at,
      hold: offered.at - accepted.at,
      handOver: collected.at - offered.at,
      client: requestAt - collected.at,
      toBusyReport: busy ? busy.at - collected.at : NaN,
      busyReportToRequest: busy ? requestAt - busy.at : NaN,
    };
  }
  const typing = find('typing', (x) => x.key === ticket);
  const pasted = find('pasted');
  const first = marks.find((x) => x.event === 'output-first' && x.key === pasted.key);
  const last = marks.find((x) => x.event === 'output-last' && x.key === pasted.key);
  const enter = find('enter', (x) => x.key === pasted.key);
  const firstAt = first?.at ?? pasted.at;
  return {
    route: 'typed',
    total,
    cliStart: connect.at - spawnedAt,
    rpc: accepted.at - connect.at,
    hold: typing.at - accepted.at,
    prep: pasted.at - typing.at,
    take: firstAt - pasted.at,
    settle: enter.at - firstAt,
    settleDrawing: (last?.at ?? firstAt) - firstAt,
    settleQuiet: enter.at - (last?.at ?? firstAt),
    client: requestAt - enter.at,
  };
}

/**
 * The mod route over the direct paste, in means over the sends (ms), which add up exactly:
 * `overDirect = cliStart + lichsOwn (RPC + hold + hand-over) + plugin (a direct paste with lich's
 * plugin over one without) + rest (the client's own, and the noise between two pastes)`.
 */
function meanSplit(lichParts, directParts, pluginParts) {
  const mean = (xs) => xs.reduce((a, b) => a + b, 0) / xs.length;
  const overDirect = mean(lichParts.map((x, i) => x.total - directParts[i].total));
  const cliStart = mean(lichParts.map((x) => x.cliStart));
  const lichsOwn = mean(lichParts.map((x) => x.rpc + x.hold + x.handOver));
  const plugin = mean(pluginParts.map((x, i) => x.total - directParts[i].total));
  return { overDirect: round(overDirect), cliStart: round(cliStart), lichsOwn: round(lichsOwn), plugin: round(plugin), rest: round(overDirect - cliStart - lichsOwn - plugin) };
}

/**
 * @param {{sends?: number, log?: (s: string) => void, routes?: Array<'typed'|'mod'>}} o
 * @returns {Promise<object>} `{client, sends, typed?: {...}, mod?: {...}, direct: {...}}`, medians in ms
 */
export async function benchDelivery(o = {}) {
  const N = o.sends ?? 10;
  const log = o.log ?? (() => {});
  const routes = o.routes ?? ['typed', 'mod'];
  const reply = replyScript({ answer: 'bench answer' });
  const fake = await startFakeModel({ script: (turn) => (turn.text.includes('bench-direct-') ? { text: 'ok' } : reply(turn)), log: () => {} });
  let backend;
  let direct;
  let withPlugin;
  const scratch = join(tmpdir(), `lich-bench-delivery-${process.pid}`);
  const out = { client: `${CLIENTS.claude.pkg}@${CLIENTS.claude.version}`, sends: N };
  try {
    const project = join(scratch, 'project');
    makeRepo(project);
    const offline = prepareOffline('claude', { root: join(scratch, 'claude'), fakeUrl: fake.url, trust: [project] });
    const PATH = `${offline.binDir}:${cleanEnv.PATH ?? ''}`;
    // The same client without lich's plugin: nothing polls, so lich types (and it has no lich tools:
    // the model answers through Bash, "$LICH_BIN" reply). Ready by the built-in kind's sign, bracketed paste on.
    const providers = { 'claude-typed': { name: 'Claude Code (typed at)', command: offline.wrapper, args: [], env: {}, reportsState: false, tools: false, ready: { bracketedPaste: true } } };
    backend = await startBackend(providers, { PATH, LICH_TRACE_DELIVERY: '1' });
    const env = { ...backend.env, PATH };

    // ——— the same client, directly in a PTY here ———
    direct = pty.spawn(offline.wrapper, [], { name: 'xterm-256color', cols: 80, rows: 24, cwd: project, env: { ...cleanEnv, PATH } });
    let exited = false;
    direct.onExit(() => (exited = true));
    /** Pastes `text` into `client` (default the direct one), presses Enter at its first echo; resolves `{pastedAt, echoAt}`. */
    const paste = async (text, client = direct) => {
      let echoAt = 0;
      const echoed = new Promise((r) => {
        const sub = client.onData(() => {
          echoAt = now();
          sub.dispose();
          r();
        });
      });
      const pastedAt = now();
      client.write(`${PASTE_START}${text}${PASTE_END}`);
      await echoed;
      client.write('\r');
      return { pastedAt, echoAt };
    };
    /** Ready: a first paste answered. */
    const warmDirect = async (client, marker) => {
      await quiet(client, 1500);
      const m = fake.mark();
      await paste(marker, client);
      await fake.waitFor((r) => r.turn?.text.includes(marker) && r.done, { after: m, timeoutMs: 120_000, what: `the warm-up of ${marker}` });
    };
    await warmDirect(direct, 'bench-direct-warm');
    const endOfTurn = (after, what) => fake.waitFor((r) => r.turn && r.done && r.action && r.action.calls.length === 0 && !r.turn.isTitle, { after, timeoutMs: 120_000, what });

    for (const route of routes) {
      const kind = route === 'typed' ? 'claude-typed' : 'claude';
      const opened = await lichTimed(env, ['open', '--json', '--project', project, '--kind', kind], 60_000);
      if (opened.code !== 0) throw new Error(`lich open --kind ${kind} exited ${opened.code}: ${opened.stderr.trim()}`);
      const session = JSON.parse(opened.stdout);
      // Warmed by one send the model saw (and, on the mod route, answered: its mod polls by then).
      const wm = fake.mark();
      const warm = lichTimed(env, ['send', '--timeout', '120', session.id, `bench warm-up ${route}`], 130_000);
      const warmText = (await fake.waitForTurn((t) => t.text.includes(`bench warm-up ${route}`), { after: wm, timeoutMs: 120_000, what: `the ${route} warm-up` })).turn.text;
      const w = await warm;
      if (route === 'mod' && w.code !== 0) throw new Error(`the warm-up send exited ${w.code}: ${w.stdout}${w.stderr}`);
      await endOfTurn(wm, `the end of the ${route} warm-up`).catch(() => undefined);
      await sleep(1000);

      // On the mod route, also the same client with lich's plugin loaded and a lich session's
      // variables (of a session lich does not know: its reports are refused, their cost is paid),
      // so its classic hooks run on a direct paste as they do on a prompt its mod submits.
      if (route === 'mod' && !withPlugin) {
        const copy = join(scratch, 'plugin', 'lich');
        cpSync(join(root, 'packages/cli/dist/claude/lich'), copy, { recursive: true });
        const lichEnv = { LICH_PORT: env.LICH_PORT, LICH_TOKEN: env.LICH_TOKEN, LICH_SESSION_ID: 'bench-direct-plugin', LICH_BIN: lich };
        withPlugin = pty.spawn(offline.wrapper, ['--plugin-dir', copy], { name: 'xterm-256color', cols: 80, rows: 24, cwd: project, env: { ...cleanEnv, PATH, ...lichEnv } });
        withPlugin.onExit(() => (exited = true));
        await warmDirect(withPlugin, 'bench-direct-plugin-warm');
      }
      const lichParts = [];
      const directParts = [];
      const pluginParts = [];
      for (let i = 0; i < N; i++) {
        if (exited) throw new Error('the direct Claude Code exited');
        let m = fake.mark();
        const marker = `bench-${route}-${i}`;
        const logFrom = backend.stderr().length;
        const sent = lichTimed(env, ['send', '--timeout', '120', session.id, marker], 130_000);
        const req = await fake.waitForTurn((t) => t.text.includes(marker), { after: m, timeoutMs: 120_000, what: `lich send #${i} reaching the model` });
        const r = await sent;
        if (route === 'mod' && (r.code !== 0 || r.stdout !== 'bench answer\n')) throw new Error(`lich send #${i} exited ${r.code}: ${r.stdout}${r.stderr}`);
        const parts = sendParts(traceMarks(backend.stderr().slice(logFrom)), r.spawnedAt, req.receivedHr, session.id);
        // BENCH_DELIVERY_DUMP=1: every mark of the send, ms from its spawn, for a look by hand.
        if (process.env.BENCH_DELIVERY_DUMP) log(traceMarks(backend.stderr().slice(logFrom)).map((x) => `${x.event} ${x.key} ${round(x.at - r.spawnedAt)}`).join(' | ') + ` | request ${round(req.receivedHr - r.spawnedAt)}`);
        lichParts.push(parts);
        await endOfTurn(req.seq + 1, `the end of lich turn #${i}`).catch(() => undefined);
        await sleep(300);
        // direct: what lich typed, a marker of its own in it.
        m = fake.mark();
        const text = warmText.replace(`bench warm-up ${route}`, `bench-direct-${i}`);
        const p = await paste(text);
        const dreq = await fake.waitForTurn((t) => t.text.includes(`bench-direct-${i}`), { after: m, timeoutMs: 120_000, what: `direct paste #${i} reaching the model` });
        directParts.push({ total: dreq.receivedHr - p.pastedAt, take: p.echoAt - p.pastedAt, client: dreq.receivedHr - p.echoAt });
        await endOfTurn(dreq.seq, `the end of direct turn #${i}`).catch(() => undefined);
        await sleep(300);
        if (route === 'mod') {
          // direct, with lich's plugin and its hooks: the same paste.
          m = fake.mark();
          const ptext = warmText.replace(`bench warm-up ${route}`, `bench-direct-plugin-${i}`);
          const pp = await paste(ptext, withPlugin);
          const preq = await fake.waitForTurn((t) => t.text.includes(`bench-direct-plugin-${i}`), { after: m, timeoutMs: 120_000, what: `direct paste #${i} with the plugin reaching the model` });
          pluginParts.push({ total: preq.receivedHr - pp.pastedAt, take: pp.echoAt - pp.pastedAt, client: preq.receivedHr - pp.echoAt });
          await endOfTurn(preq.seq, `the end of direct turn #${i} with the plugin`).catch(() => undefined);
          await sleep(300);
        }
        log(`delivery ${route} #${i}: lich ${JSON.stringify(Object.fromEntries(Object.entries(parts).map(([k, v]) => [k, typeof v === 'number' ? round(v) : v])))}; direct ${round(directParts[i].total)} ms`);
      }
      const med = (xs, k) => round(median(xs.map((x) => x[k])));
      const keys = Object.keys(lichParts[0]).filter((k) => k !== 'route');
      const lichMed = Object.fromEntries(keys.map((k) => [k, med(lichParts, k)]));
      const directMed = { total: med(directParts, 'total'), take: med(directParts, 'take'), client: med(directParts, 'client') };
      // Per send, over the direct paste beside it: what is neither the settle nor the CLI's start.
      const other = lichParts.map((x, i) => x.total - directParts[i].total - x.cliStart - (x.settle ?? 0));
      const lichsOwn = lichParts.map((x) => x.rpc + x.hold + (x.prep ?? 0) + (x.handOver ?? 0));
      const pluginMed = pluginParts.length ? { total: med(pluginParts, 'total'), take: med(pluginParts, 'take'), client: med(pluginParts, 'client') } : undefined;
      out[route] = {
        session: kind,
        lich: lichMed,
        // The mod route over the direct paste, each part named: the CLI's start, lich's own (RPC,
        // hold, hand-over), lich's plugin on the client's path (a direct paste with it loaded over
        // one without), and what is left — the client's own, noise included. Medians per send.
        ...(pluginMed
          ? {
              directWithPlugin: pluginMed,
              pluginOnPathMs: round(median(pluginParts.map((x, i) => x.total - directParts[i].total))),
              restMs: round(median(lichParts.map((x, i) => x.total - pluginParts[i].total - x.cliStart - (x.rpc + x.hold + x.handOver)))),
              // The same split in means, which add up to the mean over the direct paste exactly.
              meanSplitMs: meanSplit(lichParts, directParts, pluginParts),
            }
          : {}),
        lichP90Total: round(percentile(lichParts.map((x) => x.total), 90)),
        direct: directMed,
        overDirectMs: round(median(lichParts.map((x, i) => x.total - directParts[i].total))),
        otherThanSettleAndCliMs: round(median(other)),
        lichsOwnMs: round(median(lichsOwn)),
      };
      log(`delivery ${route}: ${JSON.stringify(out[route])}`);
      await lichTimed(env, ['close', '--force', session.id], 60_000);
    }
  } catch (e) {
    if (backend) log(`delivery failed; the backend's log tail:\n${backend.stderr().slice(-3000)}`);
    throw e;
  } finally {
    if (withPlugin) {
      withPlugin.kill('SIGHUP');
      await sleep(300);
      try {
        withPlugin.kill('SIGKILL');
      } catch {
        // Gone.
      }
    }
    if (direct) {
      direct.kill('SIGHUP');
      await sleep(500);
      try {
        direct.kill('SIGKILL');
      } catch {
        // Gone.
      }
    }
    if (backend) out.cleanup = await stopBackend(backend);
    await fake.close();
    rmSync(scratch, { recursive: true, force: true });
  }
  return out;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const flags = benchFlags({ sends: { type: 'string' }, route: { type: 'string' } }, 'tools/bench/delivery.mjs');
  if (flags.route !== undefined && !['typed', 'mod'].includes(flags.route)) {
    process.stderr.write(`bench: --route is typed or mod, not "${flags.route}"\n`);
    process.exit(2);
  }
  const f = await benchDelivery({ sends: countFlag(flags, 'sends', 10), routes: flags.route !== undefined ? [flags.route] : undefined, log: (s) => process.stderr.write(`bench: ${s}\n`) });
  console.log(JSON.stringify(f, null, 2));
}
