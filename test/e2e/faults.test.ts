// Faults (issue 7): what happens when the other side goes away mid-flight.
//
// - An MCP client cancels a running tools/call (`notifications/cancelled`): the call's wait is let
//   go at lich and the call is never answered, while the requests read after it are answered in
//   order (wire.md § 10.1, Cancellation).
// - An MCP client vanishes mid-call — stdin closed, stdout closed, or both: `lich mcp` ends with
//   nothing on stderr once its call is over, and the errand it started stays open for the sender.
// - A reader that goes away (`lich sessions | head -c1`): the command ends quietly with the status
//   it had (packages/cli/src/main.ts runProcess; spec/cli.md § Commands: one `lich: …` line is for failures).
// - A session whose process dies mid-errand: delivered, the errand is `unanswered`; still held for
//   a prompt, `undelivered` (spec/cli.md § lich send, "Never delivered", "Answered somewhere else").
// - `kill -9` of the backend mid-fan-out, then a start on the same directories: the held commands
//   end in one line, the store is intact and every session in it parked, the dead pid's lock and
//   runtime file do not stand in the way, and the CLI says where lich went (wire.md § 1.3, § 3).

import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { descendants, freePort, killAll, MCP_INITIALIZE, startChildBackend, startMcp, type ChildBackend, type McpChild } from './child-backend.js';
import {
  AgentLog,
  alive,
  Backend,
  baseEnv,
  exampleProvider,
  inertProvider,
  LICH_JS,
  makeRepo,
  ManualClock,
  q,
  sleep,
  ticketOf,
  until,
  type ProviderEntry,
  type Run,
  type Session,
} from './harness.js';

let b: Backend | undefined;
let home: string;
const mcps: McpChild[] = [];
const cbs: ChildBackend[] = [];
const pidsToKill: number[] = [];

beforeEach(() => {
  home = mkdtempSync(join(tmpdir(), 'lich-faults-e2e-'));
});
afterEach(async () => {
  for (const m of mcps.splice(0)) m.child.kill('SIGKILL');
  for (const cb of cbs.splice(0)) {
    const left = descendants(cb.pid);
    await cb.quit();
    killAll(left);
  }
  killAll(pidsToKill.splice(0));
  if (b) {
    const violations = b.violations;
    await b.close();
    b = undefined;
    expect(violations).toEqual([]);
  }
  rmSync(home, { recursive: true, force: true });
});

/** `GET <path>?token=…&…` against the in-process backend; the JSON reply. */
function getJson(backend: Backend, path: string): Promise<any> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port: backend.port, path: `${path}&token=${backend.token}`, method: 'GET', agent: false }, (res) => {
      let text = '';
      res.on('data', (d) => (text += d));
      res.on('end', () => resolve(JSON.parse(text)));
    });
    req.on('error', reject);
    req.end();
  });
}

/** The tickets `from` has open (GET /mod/status, wire.md § 11.3). */
async function openTickets(backend: Backend, from: string): Promise<string[]> {
  const status = (await getJson(backend, `/mod/status?session_id=${from}`)) as { open: { ticket: string }[] };
  return status.open.map((o) => o.ticket);
}

type Status = { owed: { ticket: string }[]; open: { ticket: string; state: string }[]; ready: unknown[] };

/** Polls GET /mod/status of `session` until `pred` holds (15 s). */
async function waitForStatus(backend: Backend, session: string, pred: (s: Status) => boolean, what: string): Promise<void> {
  const end = Date.now() + 15_000;
  while (!pred((await getJson(backend, `/mod/status?session_id=${session}`)) as Status)) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await sleep(25);
  }
}

/** `lich mcp` as session `from` of `backend` runs it, initialized; killed at the end of the test. */
async function mcpAs(backend: Backend, from: string): Promise<McpChild> {
  const m = startMcp({ LICH_PORT: String(backend.port), LICH_TOKEN: backend.token, LICH_SESSION_ID: from, XDG_CONFIG_HOME: backend.configHome });
  mcps.push(m);
  m.send(MCP_INITIALIZE);
  expect((await m.next()).id).toBe(1);
  return m;
}

const callTool = (id: number, name: string, args: object) => ({ jsonrpc: '2.0', id, method: 'tools/call', params: { name, arguments: args } });
const ping = (id: number) => ({ jsonrpc: '2.0', id, method: 'ping' });

describe('lich mcp when its client cancels a call', () => {
  it('lets the wait go at lich and never answers it, and answers what came after it in order', async () => {
    const clock = new ManualClock();
    const backend = (b = await Backend.start({ providers: () => ({ inert: inertProvider() }), clock }));
    const repo = makeRepo(backend.home, 'cancel-repo', 1);
    const target = await backend.open(repo, 'inert');
    const sender = await backend.open(repo, 'inert');
    const m = await mcpAs(backend, sender.id);

    m.send(callTool(2, 'send_to_session', { session: target.label, prompt: 'a task nobody will answer' }));
    m.send(ping(3));
    m.send(callTool(4, 'list_sessions', {}));
    m.send(ping(5));
    await waitForStatus(backend, sender.id, (st) => st.open.length === 1, 'the errand open');
    const tickets = await openTickets(backend, sender.id);
    expect(tickets).toHaveLength(1);
    // Held behind the running call: replies go out in the order their requests were read.
    await sleep(300);
    expect(m.unread()).toEqual([]);

    m.send({ jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: 2, reason: 'the user pressed Esc' } });
    expect(await m.next()).toEqual({ jsonrpc: '2.0', id: 3, result: {} });
    const listed = await m.next();
    expect(listed.id).toBe(4);
    expect(listed.result.content[0].text).toContain(target.label);
    expect(await m.next()).toEqual({ jsonrpc: '2.0', id: 5, result: {} });
    m.send(ping(6));
    expect(await m.next()).toEqual({ jsonrpc: '2.0', id: 6, result: {} });

    m.child.stdin!.end();
    expect(await m.exited).toBe(0);
    expect(m.stderr()).toBe('');
    expect(m.unread()).toEqual([]); // nothing for id 2, ever

    // Nobody holds the line any more: past the ticket's hour it expires, which it never does
    // under a wait (spec/cli.md § lich wait: "A ticket somebody is waiting on never expires").
    // An hour and a half: past the hour of the ticket, within the hour it then says expired.
    clock.advance(1.5 * 3600);
    const w = await backend.lich(['wait', '--json', '--timeout', '5', tickets[0]!], { session: sender.id });
    expect(w.code).toBe(3);
    expect(JSON.parse(w.stdout)).toMatchObject({ ticket: tickets[0], status: 'expired' });
  });
});

describe('lich mcp when its client vanishes mid-call', () => {
  let backend: Backend;
  let target: Session;
  let sender: Session;
  beforeEach(async () => {
    backend = b = await Backend.start({ providers: () => ({ inert: inertProvider() }) });
    const repo = makeRepo(backend.home, 'vanish-repo', 1);
    target = await backend.open(repo, 'inert');
    sender = await backend.open(repo, 'inert');
  });

  /** A send that waits 2 s for a session that never answers, running once the errand is open. */
  async function midCall(m: McpChild): Promise<void> {
    m.send(callTool(2, 'send_to_session', { session: target.label, prompt: 'still there?', timeout_seconds: 2 }));
    await waitForStatus(backend, sender.id, (st) => st.open.length === 1, 'the errand open');
  }

  it('closed both ways (the client died): exits 0 with nothing on stderr, and the errand stays open for the sender', async () => {
    const m = await mcpAs(backend, sender.id);
    await midCall(m);
    m.child.stdout!.destroy();
    m.child.stdin!.end();
    expect(await m.exited).toBe(0);
    expect(m.stderr()).toBe('');
    const still = await backend.lich(['wait', '--no-wait'], { session: sender.id });
    expect(still).toEqual({ code: 2, stdout: `Still working: ${q(target.label)}. Their results will announce themselves at your prompt.\n`, stderr: '' });
  });

  it('closed its stdin only: answers the call when it is over, then exits 0', async () => {
    const m = await mcpAs(backend, sender.id);
    await midCall(m);
    m.child.stdin!.end();
    const reply = await m.next();
    expect(reply.id).toBe(2);
    expect(reply.result.content[0].text).toContain(`${target.label} is still working.`);
    expect(reply.result.content[0].text).toContain(`ticket "${(await openTickets(backend, sender.id))[0]}"`);
    expect(await m.exited).toBe(0);
    expect(m.stderr()).toBe('');
  });

  it('stopped reading, stdin still open: exits 0 with nothing on stderr at its next reply', async () => {
    const m = await mcpAs(backend, sender.id);
    await midCall(m);
    m.child.stdout!.destroy();
    m.send(ping(3));
    expect(await m.exited).toBe(0);
    expect(m.stderr()).toBe('');
  });
});

/**
 * Runs `$LICH <args> 2>ERR | <reader> >/dev/null` under bash; resolves lich's own exit status
 * (PIPESTATUS) and what it wrote on stderr.
 */
function pipeline(args: string, reader: string, env: Record<string, string>): Promise<{ status: string; stderr: string }> {
  const err = join(home, `stderr-${Math.random().toString(16).slice(2)}`);
  return new Promise((resolve, reject) => {
    const c = spawn('bash', ['-c', `$LICH ${args} 2>"$ERR" | ${reader} >/dev/null; echo "\${PIPESTATUS[0]}"`], {
      env: { ...baseEnv(), ...env, LICH: `${process.execPath} ${LICH_JS}`, ERR: err },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    c.stdout.on('data', (d) => (out += d));
    c.on('error', reject);
    c.on('exit', () => resolve({ status: out.trim(), stderr: readFileSync(err, 'utf8') }));
  });
}

describe('a reader that goes away', () => {
  it('ends lich quietly, with the status it had', async () => {
    const backend = (b = await Backend.start({ providers: () => ({ inert: inertProvider() }) }));
    const repo = makeRepo(backend.home, 'pipe-repo', 1);
    for (let i = 0; i < 3; i++) await backend.open(repo, 'inert');
    const env = { LICH_PORT: String(backend.port), LICH_TOKEN: backend.token, XDG_CONFIG_HOME: backend.configHome };
    const cases: Array<[string, string, string]> = [
      ['sessions', 'head -c1', '0'],
      ['sessions --json', 'head -c1', '0'],
      ['sessions', 'true', '0'],
      [`worktrees --project ${repo}`, 'head -c1', '0'],
      ['help', 'head -c1', '0'],
      ['version', 'true', '0'],
      ['send --timeout 1 nobody-at-all hello', 'head -c1', '1'],
    ];
    for (const [args, reader, status] of cases) {
      const r = await pipeline(args, reader, env);
      expect({ args, reader, ...r }).toEqual({ args, reader, status, stderr: status === '1' ? expect.stringMatching(/^lich: [^\n]+\n$/) : '' });
    }
  });

  it('whose end is closed before lich writes a byte: every command exits with its own status and says nothing', async () => {
    const backend = (b = await Backend.start({ providers: () => ({ inert: inertProvider() }) }));
    const repo = makeRepo(backend.home, 'epipe-repo', 1);
    await backend.open(repo, 'inert');
    const run = (args: string[]) =>
      new Promise<{ code: number | null; stderr: string }>((resolve) => {
        const c = spawn(process.execPath, [LICH_JS, ...args], {
          env: { ...baseEnv(), LICH_PORT: String(backend.port), LICH_TOKEN: backend.token, XDG_CONFIG_HOME: backend.configHome },
          stdio: ['ignore', 'pipe', 'pipe'],
        });
        c.stdout.destroy(); // the reader is gone before the first write: that write is EPIPE
        let stderr = '';
        c.stderr.on('data', (d) => (stderr += d));
        c.on('exit', (code) => resolve({ code, stderr }));
      });
    for (const args of [['sessions'], ['sessions', '--json'], ['help'], ['version'], ['worktrees', '--project', repo], ['whoami']]) {
      const r = await run(args);
      expect({ args, ...r }).toEqual({ args, code: args[0] === 'whoami' ? 1 : 0, stderr: args[0] === 'whoami' ? expect.stringMatching(/^lich: [^\n]+\n$/) : '' });
    }
  });
});

/** A terminal that never goes quiet, so lich never finds it at a prompt; its shell's pid goes to `pidFile`. */
function noisyProvider(pidFile: string): ProviderEntry {
  return {
    name: 'Never at a prompt',
    command: '/bin/sh',
    args: ['-c', `echo $$ > ${pidFile}; while :; do echo working; sleep 0.1; done`],
    env: {},
    reportsState: false,
    tools: false,
  };
}

/** A terminal that is quiet and never reads it, typed at after its quiet (`"ready": "quiet"`); its process's pid goes to `pidFile`. */
function quietProvider(pidFile: string): ProviderEntry {
  return { name: 'Quiet', command: '/bin/sh', args: ['-c', `echo $$ > ${pidFile}; exec sleep 86400`], env: {}, reportsState: false, tools: false, ready: 'quiet' };
}

/** `unanswered` from a session that ended: nothing of it is left to send a late answer, so no hour is promised (issue 22). */
const endedText = (t: string) =>
  `The ${q(t)} session ended before it answered through lich — it was closed, or its program exited — so no answer is coming on this ticket. Whatever it did before that is in its conversation: tell the user to open the ${q(t)} card to read it.\n`;
const undeliveredText = (t: string) =>
  `The task never reached the ${q(t)} session: it was held back because that terminal was not at a prompt — a worktree setup script still running, a provider that never came up — and the session ended or stayed that way for too long. Nothing is queued anymore and nothing was answered. Tell the user to open the ${q(t)} card to see what happened there; the task has to be sent again after that.\n`;

describe('a session whose process dies mid-errand', () => {
  const pidOf = (file: string) => Number(readFileSync(file, 'utf8').trim());
  const hasPid = (file: string) => {
    try {
      return pidOf(file) > 0;
    } catch {
      return false;
    }
  };

  it('turns a task it was working on unanswered for the sender holding the line', async () => {
    const backend = (b = await Backend.start({ providers: ({ log }) => ({ example: exampleProvider(log) }) }));
    const repo = makeRepo(backend.home, 'dies-repo', 1);
    const agent = await backend.open(repo, 'example');
    const { pid } = await backend.log.ready(agent.id);
    const held = backend.lich(['send', '--timeout', '60', agent.label, 'sleep 30; echo too late']);
    await backend.log.waitFor(agent.id, (e) => e.event === 'task', 'the task reaching the agent');
    pidsToKill.push(...descendants(pid));
    process.kill(pid, 'SIGKILL');
    expect(await held).toEqual({ code: 3, stdout: endedText(agent.label), stderr: '' });
  });

  it('turns a task still held for its prompt undelivered', async () => {
    const pidFile = join(home, 'noisy.pid');
    const backend = (b = await Backend.start({ providers: () => ({ noisy: noisyProvider(pidFile), quiet: quietProvider(join(home, 'q.pid')) }) }));
    const repo = makeRepo(backend.home, 'queued-repo', 1);
    const noisy = await backend.open(repo, 'noisy');
    const sender = await backend.open(repo, 'quiet');
    await until(() => hasPid(pidFile), 'the noisy shell');
    const held = backend.lich(['send', '--timeout', '60', noisy.label, 'never typed'], { session: sender.id });
    await waitForStatus(backend, sender.id, (st) => st.open.some((o) => o.state === 'queued'), 'the message queued behind the noise');
    process.kill(pidOf(pidFile), 'SIGKILL');
    expect(await held).toEqual({ code: 3, stdout: undeliveredText(noisy.label), stderr: '' });
  });

  it('hands a sender that let go the unanswered outcome on its ticket and in its inbox', async () => {
    const pidFile = join(home, 'sender.pid');
    const backend = (b = await Backend.start({ providers: ({ log }) => ({ example: exampleProvider(log), quiet: quietProvider(pidFile) }) }));
    const repo = makeRepo(backend.home, 'let-go-repo', 1);
    const agent = await backend.open(repo, 'example');
    const sender = await backend.open(repo, 'quiet');
    const { pid } = await backend.log.ready(agent.id);
    const first = await backend.lich(['send', '--timeout', '1', agent.label, 'sleep 30; echo one'], { session: sender.id });
    expect(first.code).toBe(2);
    const ticket = ticketOf(first.stdout);
    await backend.log.waitFor(agent.id, (e) => e.event === 'task', 'the task reaching the agent');
    pidsToKill.push(...descendants(pid));
    process.kill(pid, 'SIGKILL');
    await until(() => !alive(pid), 'the agent gone');
    const collected = await backend.lich(['wait', '--json', '--timeout', '20'], { session: sender.id });
    expect(collected.code).toBe(0);
    expect(JSON.parse(collected.stdout)).toEqual({ results: [{ ticket, target: agent.label, status: 'unanswered', answer: '', closed: true }], open: [] });
  });

  it('turns a task its Claude Code mod took unanswered too', async () => {
    const pidFile = join(home, 'mod.pid');
    const backend = (b = await Backend.start({ providers: () => ({ quiet: quietProvider(pidFile) }) }));
    const repo = makeRepo(backend.home, 'mod-repo', 1);
    const target = await backend.open(repo, 'quiet');
    await until(() => hasPid(pidFile), 'the quiet shell');
    // Its mod: polls, takes the prompt and acks it (the turn started), and never answers.
    const took: string[] = [];
    const ac = new AbortController();
    const poll = async () => {
      while (!ac.signal.aborted) {
        const r = await new Promise<string | null>((resolve) => {
          const req = request(
            { host: '127.0.0.1', port: backend.port, path: `/mod/commands?session_id=${target.id}&token=${backend.token}`, headers: { 'X-Lich-Plugin': '0.19.0' }, agent: false, signal: ac.signal },
            (res) => {
              let text = '';
              res.on('data', (d) => (text += d));
              res.on('end', () => resolve(res.statusCode === 200 ? text : null));
            },
          );
          req.on('error', () => resolve(null));
          req.end();
        });
        for (const c of r ? (JSON.parse(r) as Array<{ id: string; kind: string }>) : []) {
          if (c.kind !== 'prompt') continue;
          took.push(c.id);
          const body = JSON.stringify({ session_id: target.id, id: c.id, kind: 'prompt', ok: true });
          const ack = request({ host: '127.0.0.1', port: backend.port, path: `/mod/acks?token=${backend.token}`, method: 'POST', headers: { 'Content-Type': 'application/json' }, agent: false });
          ack.on('error', () => {});
          ack.end(body);
        }
        if (!r) await sleep(50);
      }
    };
    const polling = poll();
    await sleep(300);
    const held = backend.lich(['send', '--timeout', '60', target.label, 'take it and never answer']);
    await until(() => took.length > 0, 'the mod taking the prompt');
    await waitForStatus(backend, target.id, (st) => st.owed.length === 1, 'the prompt delivered through the mod');
    process.kill(pidOf(pidFile), 'SIGKILL');
    expect(await held).toEqual({ code: 3, stdout: endedText(target.label), stderr: '' });
    ac.abort();
    await polling;
  });
});

describe('kill -9 of the backend mid-fan-out, then a start on the same directories', () => {
  it('ends every held command in one line, keeps the store whole with its sessions parked, and the new backend takes over', async () => {
    const port = await freePort();
    const log = join(home, 'agents.jsonl');
    const providers = { example: exampleProvider(log) };
    const first = await startChildBackend(home, { providers, port });
    cbs.push(first);
    const repo = makeRepo(home, 'fanout-repo', 1);
    const sessions: Session[] = [];
    for (let i = 0; i < 4; i++) {
      const r = await first.lich(['open', '--json', '--project', repo, '--kind', 'example']);
      expect(r.code, r.stderr).toBe(0);
      sessions.push(JSON.parse(r.stdout));
    }
    const agentLog = new AgentLog(log);
    const agentPids: number[] = [];
    for (const s of sessions) agentPids.push((await agentLog.ready(s.id)).pid);

    // The fan-out: a held send per session, and two opens on their way, when the backend dies.
    const held: Promise<Run>[] = sessions.map((s, i) => first.lich(['send', '--timeout', '60', s.label, `sleep 20; echo part ${i}`]));
    await until(() => agentLog.entries().filter((e) => e.event === 'task').length >= 2, 'the fan-out reaching two sessions');
    const opening: Promise<Run>[] = [0, 1].map(() => first.lich(['open', '--json', '--project', repo, '--kind', 'example']));
    await sleep(50);
    const everything = descendants(first.pid);
    pidsToKill.push(...everything);
    first.child.kill('SIGKILL');
    expect(await first.exited).toBe(null);

    const oneLine = /^lich: (reach lich|read the reply): [^\n]+\n$/;
    for (const r of await Promise.all(held)) {
      expect(r.code).toBe(1);
      expect(r.stdout).toBe('');
      expect(r.stderr).toMatch(oneLine);
      expect(r.stderr).not.toContain(first.token);
    }
    let openedBeforeDeath = 0;
    // An open whose CLI read the runtime file only after the kill finds the lich it names gone.
    const openLine = /^lich: ((reach lich|read the reply): [^\n]+|no lich is running — open lich, or run this inside one of its sessions)\n$/;
    for (const r of await Promise.all(opening)) {
      if (r.code === 0) openedBeforeDeath++;
      else expect({ code: r.code, stdout: r.stdout, stderr: r.stderr }).toEqual({ code: 1, stdout: '', stderr: expect.stringMatching(openLine) });
    }
    // The sessions' processes lost their terminal with it.
    await until(() => agentPids.every((p) => !alive(p)), 'the agents to end with their terminals', 15_000);

    // The dead coordinates, from the runtime file and from a session's environment: refused at once,
    // in one line. Where they name the dead lich's pid, no connection is even tried.
    const gone = 'lich: no lich is running — open lich, or run this inside one of its sessions\n';
    expect(await first.lich(['sessions'])).toEqual({ code: 1, stdout: '', stderr: gone });
    const sessionEnv = { port, token: first.token, session: sessions[0]!.id };
    expect(await first.lich(['sessions'], { ...sessionEnv, env: { LICH_PID: String(first.pid) } })).toEqual({ code: 1, stdout: '', stderr: gone });
    // An original lich's session names no pid: the connection is tried, refused, and said as
    // what it is — the runtime file names no live lich either — not as Go's dial error.
    expect(await first.lich(['sessions'], sessionEnv)).toEqual({ code: 1, stdout: '', stderr: gone });

    // A new backend on the same directories and port: the dead pid's lock and runtime file do not stop it.
    expect(readFileSync(join(first.dataDir, 'lich.lock'), 'utf8')).toBe(`${first.pid}\n`);
    const second = await startChildBackend(home, { providers, port });
    cbs.push(second);
    expect(second.port).toBe(port);
    expect(readFileSync(join(second.dataDir, 'lich.lock'), 'utf8')).toBe(`${second.pid}\n`);
    await until(() => second.stderr().includes('an earlier run left open'), 'the parking line');
    const parked = Number(/parked (\d+) sessions? an earlier run left open: no terminal survives a restart\n/.exec(second.stderr())?.[1]);
    // An open the kill cut off after its row was written has a row its caller never heard of:
    // whole and parked like the rest.
    expect(parked).toBeGreaterThanOrEqual(sessions.length + openedBeforeDeath);
    expect(parked).toBeLessThanOrEqual(sessions.length + opening.length);

    // The store: intact, every row whole and parked.
    const db = new Database(join(second.dataDir, 'lich.db'), { readonly: true, fileMustExist: true });
    try {
      expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
      expect(db.pragma('foreign_key_check')).toEqual([]);
      const rows = db.prepare('SELECT s.id, s.label, s.kind, s.path, s.parked, p.id AS project FROM sessions s LEFT JOIN projects p ON p.id = s.project_id').all() as Array<
        Record<string, unknown>
      >;
      expect(rows).toHaveLength(parked);
      for (const row of rows) {
        expect(row).toMatchObject({ kind: 'example', path: repo, parked: 1 });
        expect(row.label).not.toBe('');
        expect(row.project).not.toBe(null);
      }
      expect(rows.map((r) => r.id)).toEqual(expect.arrayContaining(sessions.map((s) => s.id)));
    } finally {
      db.close();
    }

    // The old coordinates reach the new lich: refused once, retried with the token it recorded (wire.md § 1.3).
    expect(await second.lich(['sessions', '--json'], sessionEnv)).toEqual({ code: 0, stdout: '[]\n', stderr: '' });
    // And it works: a new session takes a task and answers it.
    const fresh = JSON.parse((await second.lich(['open', '--json', '--project', repo, '--kind', 'example'])).stdout) as Session;
    await agentLog.ready(fresh.id);
    expect(await second.lich(['send', '--timeout', '60', fresh.label, 'echo after the crash'])).toEqual({ code: 0, stdout: 'after the crash\n', stderr: '' });
  }, 90_000);
});
