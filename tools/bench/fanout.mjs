// Fan-out through lich against the same fan-out with no lich in between (issue 23, build item 4):
// `n` example agents (examples/agent/agent.mjs, the demo's) each answering one task.
//
// - lich: per agent, `lich open --kind example` then `lich send --timeout 120 <id> "echo task-<i>"`,
//   all `n` chains at once, as a user fanning out would; the agent runs the task and answers with
//   "$LICH_BIN" reply, which the send prints. Wall time: the first spawn → the last answer printed.
// - direct: per agent, the same program started on a PTY of this process (node-pty, as lich starts
//   it: xterm-256color, 80×24, the project as its cwd, no LICH_* variables), its task pasted at its
//   prompt and submitted as lich types it (bracketed paste, then Enter), its answer — the task's
//   output — read back off the PTY. Wall time: the first spawn → the last answer read.
//
// The two alternate, `runs` times each; the figure is the ratio of their medians.
import { join } from 'node:path';
import pty from 'node-pty';
import { cleanEnv, lichAsync, median, now, root, rpcOk, sleep } from './lib.mjs';

const round = (x, d = 1) => (Number.isFinite(x) ? +x.toFixed(d) : null);
/** The target ratio, lich over direct (issue 23 item 4). */
export const FANOUT_RATIO_TARGET = 1.3;
const AGENT = join(root, 'examples/agent/agent.mjs');

/** The example provider as providers.json declares it for the bench (run.mjs uses the same). */
export const exampleProvider = {
  name: 'Example agent',
  command: process.execPath,
  args: [AGENT],
  env: { EXAMPLE_AGENT_PROVIDER: 'example' },
  reportsState: true,
  tools: false,
};

/** One lich fan-out: `n` open → send chains at once; wall seconds, and the ids opened. */
async function throughLich(b, project, n) {
  const ids = [];
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
  return { wall, ids, failure };
}

/** One direct fan-out: `n` agents on PTYs of this process, each pasted its task; wall seconds. */
async function direct(project, n) {
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
  for (const p of procs) {
    try {
      p.kill('SIGKILL');
    } catch {
      // Gone.
    }
  }
  return { wall, failure };
}

/**
 * `runs` alternating fan-outs of `n` agents each way. `b` a backend from startBackend whose
 * providers include `example` ({@link exampleProvider}); `rpc` its client (sessions are closed
 * between runs).
 * @returns `{sessions, runs, lichSeconds: number[], directSeconds: number[], lichMedianSeconds, directMedianSeconds, ratio}`
 */
export async function benchFanoutVsDirect({ b, rpc, n = 32, runs = 3, log = () => {} }) {
  const lichS = [];
  const directS = [];
  for (let r = 0; r < runs; r++) {
    const project = join(b.home, `fan-vs-${n}-${r}`);
    await import('node:fs').then((fs) => fs.mkdirSync(project, { recursive: true }));
    const d = await direct(project, n);
    if (d.failure) throw d.failure;
    directS.push(d.wall);
    await sleep(1000);
    const l = await throughLich(b, project, n);
    await Promise.all(l.ids.map((id) => rpc.call('spawn.Close', { from: '', target: id, project: '', worktree: '', force: true }, 30_000)));
    if (l.failure) throw l.failure;
    lichS.push(l.wall);
    log(`fan-out ${n} run ${r + 1}/${runs}: lich ${round(l.wall, 2)} s, direct ${round(d.wall, 2)} s`);
    await sleep(1500);
  }
  const lm = median(lichS);
  const dm = median(directS);
  return {
    sessions: n,
    runs,
    lichSeconds: lichS.map((x) => round(x, 2)),
    directSeconds: directS.map((x) => round(x, 2)),
    lichMedianSeconds: round(lm, 2),
    directMedianSeconds: round(dm, 2),
    ratio: round(lm / dm, 2),
  };
}

export { rpcOk };
