// The real-agent figures of `npm run bench` (issue 12): a real Claude Code on the fake model
// (tools/fake-model), as a lich session of a backend run as a child process, against the same
// client started directly in a PTY of this process with no lich in between.
//
// 1. lich's delivery overhead: `lich send` spawned → the task's request reaches the fake model,
//    as a ratio to pasting the same text (what lich typed) into the direct client's terminal and
//    pressing Enter → its request reaching the fake model. Medians over N sends, alternating.
// 2. `lich send` spawned → the answer printed (its exit), the model replying through
//    `reply_to_session`.
//
// Without the clients in the cache (tools/agents/clients.mjs) it says so and is skipped.
import { spawnSync } from 'node:child_process';
import { mkdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pty from 'node-pty';
import { allInstalled, cacheRoot, CLIENTS } from '../agents/clients.mjs';
import { prepareOffline } from '../agents/offline.mjs';
import { replyScript, startFakeModel } from '../fake-model/index.mjs';
import { cleanEnv, lichAsync, median, now, percentile, sleep, startBackend, stopBackend } from './lib.mjs';

const PASTE_START = '\x1b[200~';
const PASTE_END = '\x1b[201~';

const round = (x, d = 1) => (Number.isFinite(x) ? +x.toFixed(d) : null);

/** Whether the bench can run real agents here; else the line that says why not. */
export function agentsAvailable() {
  if (allInstalled(['claude'])) return { ok: true };
  const c = CLIENTS.claude;
  return { ok: false, why: `${c.pkg}@${c.version} is not in ${cacheRoot()} (node tools/agents/install.mjs claude puts it there)` };
}

/** A git repository at `dir` with one empty commit: the project a bench's Claude Code session runs in. */
export function makeRepo(dir) {
  mkdirSync(dir, { recursive: true });
  const env = { ...cleanEnv, GIT_AUTHOR_NAME: 'bench', GIT_AUTHOR_EMAIL: 'bench@example.invalid', GIT_COMMITTER_NAME: 'bench', GIT_COMMITTER_EMAIL: 'bench@example.invalid' };
  for (const args of [['init', '-q', '-b', 'main'], ['commit', '-q', '--allow-empty', '-m', 'init']]) {
    const r = spawnSync('git', args, { cwd: dir, env, encoding: 'utf8' });
    if (r.status !== 0) throw new Error(`git ${args.join(' ')}: ${r.stderr}`);
  }
}

/** Resolves once `pty` has written nothing for `ms` (checked on its own output events). */
export function quiet(p, ms, capMs = 30_000) {
  return new Promise((res) => {
    let t = setTimeout(done, ms);
    const cap = setTimeout(done, capMs);
    const sub = p.onData(() => {
      clearTimeout(t);
      t = setTimeout(done, ms);
    });
    function done() {
      clearTimeout(t);
      clearTimeout(cap);
      sub.dispose();
      res();
    }
  });
}

/**
 * @param {{sends?: number, log?: (s: string) => void}} o
 * @returns {Promise<object>} the figures
 */
export async function benchClaude(o = {}) {
  const N = o.sends ?? 20;
  const log = o.log ?? (() => {});
  // The model answers a lich task through reply_to_session (ToolSearch first, once per
  // conversation), and a direct paste with text; both end their turn with text.
  const reply = replyScript({ answer: 'bench answer' });
  const fake = await startFakeModel({ script: (turn) => (turn.text.includes('bench-direct-') ? { text: 'ok' } : reply(turn)), log: () => {} });
  let backend;
  let direct;
  let scratch;
  const out = {};
  try {
    // One offline home (and wrapper) serves both clients: the same binary, env and settings.
    scratch = join(tmpdir(), `lich-bench-agents-${process.pid}`);
    const project = join(scratch, 'project');
    makeRepo(project);
    const offline = prepareOffline('claude', { root: join(scratch, 'claude'), fakeUrl: fake.url, trust: [project] });
    const PATH = `${offline.binDir}:${cleanEnv.PATH ?? ''}`;
    backend = await startBackend({}, { PATH });
    const env = { ...backend.env, PATH };

    // ——— the lich session, warmed by one answered send ———
    const opened = await lichAsync(env, ['open', '--json', '--project', project, '--kind', 'claude'], 60_000);
    if (opened.code !== 0) throw new Error(`lich open --kind claude exited ${opened.code}: ${opened.stderr.trim()}`);
    const session = JSON.parse(opened.stdout);
    const warm = await lichAsync(env, ['send', '--timeout', '120', session.id, 'bench warm-up'], 130_000);
    if (warm.code !== 0) throw new Error(`the warm-up send exited ${warm.code}: ${warm.stdout}${warm.stderr}`);
    const warmText = (await fake.waitForTurn((t) => t.text.includes('bench warm-up'))).turn.text;

    // ——— the same client, directly in a PTY here ———
    direct = pty.spawn(offline.wrapper, [], { name: 'xterm-256color', cols: 80, rows: 24, cwd: project, env: { ...cleanEnv, PATH } });
    let exited = false;
    direct.onExit(() => (exited = true));
    /** Pastes `text` and presses Enter once the client has taken the paste in (its echo). */
    const paste = async (text) => {
      const echoed = new Promise((r) => {
        const sub = direct.onData(() => {
          sub.dispose();
          r();
        });
      });
      direct.write(`${PASTE_START}${text}${PASTE_END}`);
      await echoed;
      direct.write('\r');
    };
    // Ready: a first direct paste answered.
    await quiet(direct, 1500);
    {
      const m = fake.mark();
      await paste('bench-direct-warm');
      await fake.waitFor((r) => r.turn?.text.includes('bench-direct-warm') && r.done, { after: m, timeoutMs: 120_000, what: 'the direct warm-up' });
    }

    const toRequest = [];
    const direct_ = [];
    const toAnswer = [];
    const endOfTurn = (after, what) => fake.waitFor((r) => r.turn && r.done && r.action && r.action.calls.length === 0 && !r.turn.isTitle, { after, timeoutMs: 120_000, what });
    for (let i = 0; i < N; i++) {
      if (exited) throw new Error('the direct Claude Code exited');
      // lich: spawn → request, spawn → answer printed.
      let m = fake.mark();
      const marker = `bench-lich-${i}`;
      const t0 = now();
      const sent = lichAsync(env, ['send', '--timeout', '120', session.id, marker], 130_000);
      const req = await fake.waitForTurn((t) => t.text.includes(marker), { after: m, timeoutMs: 120_000, what: `lich send #${i} reaching the model` });
      const r = await sent;
      const t2 = now();
      if (r.code !== 0 || r.stdout !== 'bench answer\n') throw new Error(`lich send #${i} exited ${r.code}: ${r.stdout}${r.stderr}`);
      toRequest.push(req.receivedHr - t0);
      toAnswer.push(t2 - t0);
      await endOfTurn(req.seq + 1, `the end of lich turn #${i}`);
      await sleep(300); // the client draws its answer before the next task
      // direct: paste what lich typed, with a marker of its own, → request.
      m = fake.mark();
      const text = warmText.replace('bench warm-up', `bench-direct-${i}`);
      const d0 = now();
      await paste(text);
      const dreq = await fake.waitForTurn((t) => t.text.includes(`bench-direct-${i}`), { after: m, timeoutMs: 120_000, what: `direct paste #${i} reaching the model` });
      direct_.push(dreq.receivedHr - d0);
      await endOfTurn(dreq.seq, `the end of direct turn #${i}`);
      await sleep(300);
      log(`claude #${i}: lich → request ${round(toRequest[i])} ms, direct ${round(direct_[i])} ms, lich → answer ${round(toAnswer[i])} ms`);
    }
    out.sends = N;
    out.deliveryMedianMs = round(median(toRequest));
    out.directMedianMs = round(median(direct_));
    out.deliveryRatio = round(median(toRequest) / median(direct_), 2);
    out.deliveryP90Ms = round(percentile(toRequest, 90));
    out.sendToAnswerMedianMs = round(median(toAnswer));
    out.sendToAnswerP90Ms = round(percentile(toAnswer, 90));
    out.client = `${CLIENTS.claude.pkg}@${CLIENTS.claude.version}`;
  } finally {
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
    if (scratch) rmSync(scratch, { recursive: true, force: true });
  }
  return out;
}
