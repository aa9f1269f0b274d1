// Fan-out through lich against the same fan-out with no lich in between (issue 23, build item 4):
// `n` example agents (examples/agent/agent.mjs, the demo's) each answering one task.
//
// - as an agent fans out (the headline figure): one `lich mcp` process, spawned and initialized as
//   an agent's MCP client runs it (before the clock starts), `n` concurrent `open_session` calls
//   with `prompt` — the hand-off, which holds up to 20 s for the answer — then `wait_for_answer`
//   on every ticket still pending. The workers have lich's tools (`example-tools`, registered
//   `"tools": true`): each answers with reply_to_session from its own process — one `relay.Reply`
//   call, no process started for it, as a tool call reaches lich through the `lich mcp` a Claude
//   Code or Codex session keeps running (whose own start, once per session, this leaves out).
//   Wall time: the first call → the last answer.
// - the same, workers without lich's tools (`example`): each answers by running
//   "$LICH_BIN" reply, a `lich` process per answer — what a provider without lich's tools costs,
//   and what opencode's and oh-my-pi's tools cost too (they run `lich`).
// - through the CLI (a second figure): per agent, `lich open --kind example` then
//   `lich send --timeout 120 <id> "echo task-<i>"`, all `n` chains at once, as a user fanning out
//   by hand would. Wall time: the first spawn → the last answer printed.
// - direct: per agent, the same program started on a PTY of this process (node-pty, as lich starts
//   it: xterm-256color, 80×24, the project as its cwd, no LICH_* variables), its task pasted at its
//   prompt and submitted as lich types it (bracketed paste, then Enter), its answer — the task's
//   output — read back off the PTY. Wall time: the first spawn → the last answer read.
//
// The three alternate, `runs` times each; each figure is the ratio of its median to direct's. Each
// run also reads the CPU every part took off /proc (cpuOf): the agents and their children (the
// tasks' shells; through lich, the `lich reply` CLIs too), the backend, `lich mcp`, the CLIs.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import pty from 'node-pty';
import { readFileSync } from 'node:fs';
import { cleanEnv, descendants, lich, lichAsync, median, now, root, rpcOk, sleep } from './lib.mjs';

const round = (x, d = 1) => (Number.isFinite(x) ? +x.toFixed(d) : null);
/** The target ratio, lich over direct (issue 23 item 4). */
export const FANOUT_RATIO_TARGET = 1.3;
const AGENT = join(root, 'examples/agent/agent.mjs');
/** Clock ticks per second of /proc/<pid>/stat's times (USER_HZ: 100 on Linux). */
const HZ = 100;

/**
 * CPU time of `pid` off /proc/<pid>/stat, in ms: its own (`self`, user + system) and its reaped
 * children's (`children`: cutime + cstime — processes it waited for, and theirs); zeros when gone.
 */
export function cpuOf(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // Fields 14–17 of stat(5) (utime stime cutime cstime) are 11–14 after the command's `)`.
    const t = (i) => (Number(f[i]) * 1000) / HZ;
    return { self: t(11) + t(12), children: t(13) + t(14) };
  } catch {
    return { self: 0, children: 0 };
  }
}

/** `cpuOf` summed over `pids`. */
function cpuOfAll(pids) {
  const sum = { self: 0, children: 0 };
  for (const p of pids) {
    const c = cpuOf(p);
    sum.self += c.self;
    sum.children += c.children;
  }
  return sum;
}

/** The example provider as providers.json declares it for the bench (run.mjs uses the same), under `example`. */
export const exampleProvider = {
  name: 'Example agent',
  command: process.execPath,
  args: [AGENT],
  env: { EXAMPLE_AGENT_PROVIDER: 'example' },
  reportsState: true,
  tools: false,
};

/**
 * The example agent with lich's tools, registered under `example-tools`: its message offers
 * reply_to_session, which it answers with from its own process (examples/agent/agent.mjs).
 */
export const exampleToolsProvider = {
  ...exampleProvider,
  name: 'Example agent with lich\'s tools',
  env: { EXAMPLE_AGENT_PROVIDER: 'example-tools' },
  tools: true,
};

/** One lich fan-out: `n` open → send chains at once; wall seconds, and the ids opened. */
export async function throughLich(b, project, n) {
  const ids = [];
  const b0 = cpuOf(b.pid);
  const me0 = cpuOf(process.pid).children;
  const t0 = now();
  let failure;
  await Promise.all(
    Array.from({ length: n }, async (_, i) => {
      try {
        const o = await lichAsync(b.env, ['open', '--project', project, '--kind', 'example', '--json'], 120_000);
        if (o.code !== 0) throw new Error(`lich open exited ${o.code}: ${o.stderr.trim()}`);
        const id = JSON.parse(o.stdout).id;
        ids.push(id);
        const marker = `task-${i}`;
        const s = await lichAsync(b.env, ['send', '--timeout', '120', id, `echo ${marker}`], 130_000);
        if (s.code !== 0 || !s.stdout.includes(marker)) throw new Error(`lich send to ${id} exited ${s.code}: ${s.stdout.trim()} ${s.stderr.trim()}`);
      } catch (e) {
        failure ??= e;
      }
    }),
  );
  const wall = (now() - t0) / 1000;
  // The open and send CLIs are this process's children, reaped by now.
  return { wall, ids, failure, cpu: lichCpu(b, b0, { cli: cpuOf(process.pid).children - me0 }) };
}

/**
 * `lich mcp` as an agent's MCP client runs it: one process on stdio, spawned with `env` (a
 * session's LICH_* or none), `initialize`d. `call(name, args)` resolves the tool result's text and
 * its isError; `close()` ends it (stdin closed, SIGKILL after 5 s).
 */
export async function mcpClient(env) {
  const c = spawn(process.execPath, [lich, 'mcp'], { env, stdio: ['pipe', 'pipe', 'pipe'] });
  let stderr = '';
  c.stderr.on('data', (d) => (stderr += d));
  const pending = new Map();
  let buf = '';
  let id = 0;
  const gone = new Promise((r) => c.once('close', r));
  c.stdout.setEncoding('utf8');
  c.stdout.on('data', (d) => {
    buf += d;
    let nl;
    while ((nl = buf.indexOf('\n')) >= 0) {
      const msg = JSON.parse(buf.slice(0, nl));
      buf = buf.slice(nl + 1);
      pending.get(msg.id)?.(msg);
    }
  });
  void gone.then(() => {
    for (const p of pending.values()) p({ error: { message: `lich mcp exited: ${stderr.trim()}` } });
  });
  const ask = (method, params) =>
    new Promise((res) => {
      const my = ++id;
      pending.set(my, (m) => {
        pending.delete(my);
        res(m);
      });
      c.stdin.write(JSON.stringify({ jsonrpc: '2.0', id: my, method, params }) + '\n');
    });
  const init = await ask('initialize', { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'bench', version: '0' } });
  if (init.error) throw new Error(`lich mcp initialize: ${init.error.message}`);
  c.stdin.write(JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' }) + '\n');
  return {
    pid: c.pid,
    async call(name, args) {
      const r = await ask('tools/call', { name, arguments: args });
      if (r.error) throw new Error(`${name}: ${r.error.message}`);
      return { text: r.result.content.map((x) => x.text).join(''), isError: r.result.isError === true };
    },
    async close() {
      c.stdin.end();
      await Promise.race([gone, sleep(5000).then(() => c.kill('SIGKILL'))]);
    },
  };
}

/**
 * One fan-out as an agent makes it: over one `lich mcp` (`mcp`, already initialized — an agent's
 * MCP client is up before its turn), `n` concurrent `open_session` calls of `kind` with `prompt` (the
 * hand-off, which holds up to 20 s for the answer), then `wait_for_answer` on each ticket still
 * pending until every answer is in. Wall seconds: the first call → the last answer; the ids
 * opened; how many answers came back in the open itself.
 */
export async function throughMcp(b, mcp, project, n, kind = 'example-tools') {
  const ids = [];
  let inOpen = 0;
  const b0 = cpuOf(b.pid);
  const m0 = cpuOf(mcp.pid);
  const t0 = now();
  let failure;
  await Promise.all(
    Array.from({ length: n }, async (_, i) => {
      try {
        const marker = `task-${i}`;
        const o = await mcp.call('open_session', { project, kind, prompt: `echo ${marker}` });
        const card = /#card=([0-9a-f]+)/.exec(o.text)?.[1];
        if (card) ids.push(card);
        if (o.isError || !card) throw new Error(`open_session: ${o.text}`);
        let text = o.text;
        if (text.endsWith(`\n${marker}`)) inOpen++;
        for (let k = 0; !text.endsWith(marker); k++) {
          const ticket = /ticket "([0-9a-f]{8})"/.exec(text)?.[1];
          if (!ticket || k > 10) throw new Error(`open_session ${marker}: neither its answer nor a ticket: ${text}`);
          const w = await mcp.call('wait_for_answer', { ticket, timeout_seconds: 90 });
          if (w.isError) throw new Error(`wait_for_answer ${ticket}: ${w.text}`);
          text = w.text.includes(marker) ? marker : w.text;
        }
      } catch (e) {
        failure ??= e;
      }
    }),
  );
  const wall = (now() - t0) / 1000;
  return { wall, ids, failure, inOpen, cpu: lichCpu(b, b0, { mcp: cpuOf(mcp.pid).self - m0.self }) };
}

/**
 * The CPU a lich fan-out took, in ms, read at its end: the backend's own since `b0`
 * ({@link cpuOf}) and what it reaped meanwhile (`stty` looks), its sessions' agents
 * (`agents`: every live process under the backend) and what they reaped (`agentChildren`: the
 * tasks' shells and the `lich reply` CLIs), and `more` as given.
 */
function lichCpu(b, b0, more = {}) {
  const b1 = cpuOf(b.pid);
  const tree = cpuOfAll(descendants(b.pid));
  return { backend: b1.self - b0.self, backendChildren: b1.children - b0.children, agents: tree.self, agentChildren: tree.children, ...more };
}

/** One direct fan-out: `n` agents on PTYs of this process, each pasted its task; wall seconds. */
export async function direct(project, n) {
  const env = { ...cleanEnv, EXAMPLE_AGENT_PROVIDER: 'example' };
  const procs = [];
  const t0 = now();
  let failure;
  await Promise.all(
    Array.from({ length: n }, (_, i) =>
      new Promise((resolve) => {
        const marker = `task-${i}`;
        const p = pty.spawn(process.execPath, [AGENT], { name: 'xterm-256color', cols: 80, rows: 24, cwd: project, env });
        procs.push(p);
        let out = '';
        let typed = false;
        const timer = setTimeout(() => {
          failure ??= new Error(`direct agent ${i}: no answer in 120 s; it printed ${JSON.stringify(out.slice(-300))}`);
          resolve();
        }, 120_000);
        p.onData((d) => {
          out += d;
          if (!typed && out.includes('example> ')) {
            typed = true;
            out = '';
            p.write(`\x1b[200~echo ${marker}\x1b[201~`);
            p.write('\r');
          } else if (typed && out.includes(`\n${marker}\r`)) {
            clearTimeout(timer);
            resolve();
          }
        });
        p.onExit(() => {
          clearTimeout(timer);
          resolve();
        });
      }),
    ),
  );
  const wall = (now() - t0) / 1000;
  // The agents' own CPU and their shells', read before they are killed.
  const cpu = cpuOfAll(procs.map((p) => p.pid));
  for (const p of procs) {
    try {
      p.kill('SIGKILL');
    } catch {
      // Gone.
    }
  }
  return { wall, failure, cpu: { agents: cpu.self, agentChildren: cpu.children } };
}

/**
 * `runs` alternating fan-outs of `n` agents each way: directly, as an agent fans out (one
 * `lich mcp`, the headline figure: workers with lich's tools), the same with workers answering by
 * "$LICH_BIN" reply, and through the CLI (`lich open` + `lich send` per agent). `b` a backend
 * from startBackend whose providers include `example` ({@link exampleProvider}) and
 * `example-tools` ({@link exampleToolsProvider}); `rpc` its client (sessions are closed between runs).
 * @returns `{sessions, runs, directSeconds: number[], directMedianSeconds, directCpuMs, mcp: {seconds, medianSeconds, ratio, answeredInOpen, cpuMs}, mcpCliReply: {seconds, medianSeconds, ratio, cpuMs}, cli: {seconds, medianSeconds, ratio, cpuMs}}`
 */
export async function benchFanoutVsDirect({ b, rpc, n = 32, runs = 3, log = () => {} }) {
  const mcpS = [];
  const mcpReplyS = [];
  const cliS = [];
  const directS = [];
  const inOpen = [];
  const [mcpCpu, mcpReplyCpu, cliCpu, directCpu] = [[], [], [], []];
  const closeAll = (ids) => Promise.all(ids.map((id) => rpc.call('spawn.Close', { from: '', target: id, project: '', worktree: '', force: true }, 30_000)));
  const fs = await import('node:fs');
  for (let r = 0; r < runs; r++) {
    const project = join(b.home, `fan-vs-${n}-${r}`);
    fs.mkdirSync(project, { recursive: true });
    const d = await direct(project, n);
    if (d.failure) throw d.failure;
    directS.push(d.wall);
    await sleep(1000);
    directCpu.push(d.cpu);
    // The agent's MCP client is up before its turn: spawned and initialized outside the clock.
    const viaMcp = async (kind) => {
      const mcp = await mcpClient(b.env);
      await sleep(300);
      const m = await throughMcp(b, mcp, project, n, kind);
      await mcp.close();
      await closeAll(m.ids);
      if (m.failure) throw m.failure;
      await sleep(1500);
      return m;
    };
    const m = await viaMcp('example-tools');
    mcpS.push(m.wall);
    inOpen.push(m.inOpen);
    mcpCpu.push(m.cpu);
    const mr = await viaMcp('example');
    mcpReplyS.push(mr.wall);
    mcpReplyCpu.push(mr.cpu);
    const l = await throughLich(b, project, n);
    await closeAll(l.ids);
    if (l.failure) throw l.failure;
    cliS.push(l.wall);
    cliCpu.push(l.cpu);
    log(`fan-out ${n} run ${r + 1}/${runs}: direct ${round(d.wall, 2)} s, lich mcp ${round(m.wall, 2)} s (${m.inOpen} answered in the open; answering with "$LICH_BIN" reply ${round(mr.wall, 2)} s), lich CLI ${round(l.wall, 2)} s`);
    await sleep(1500);
  }
  const dm = median(directS);
  const fig = (xs) => ({ seconds: xs.map((x) => round(x, 2)), medianSeconds: round(median(xs), 2), ratio: round(median(xs) / dm, 2) });
  /** Each field's median over the runs, in ms. */
  const cpuMed = (xs) => Object.fromEntries(Object.keys(xs[0]).map((k) => [k, round(median(xs.map((x) => x[k])), 0)]));
  return {
    sessions: n,
    runs,
    directSeconds: directS.map((x) => round(x, 2)),
    directMedianSeconds: round(dm, 2),
    directCpuMs: cpuMed(directCpu),
    mcp: { ...fig(mcpS), answeredInOpen: inOpen, cpuMs: cpuMed(mcpCpu) },
    mcpCliReply: { ...fig(mcpReplyS), cpuMs: cpuMed(mcpReplyCpu) },
    cli: { ...fig(cliS), cpuMs: cpuMed(cliCpu) },
  };
}

export { rpcOk };
