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
//
// The faults that kill the backend itself, fill or lock its disk, or put an impostor on its port
// are the fault suite's (test/faults/, `npm run test:faults`).

import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { descendants, killAll, MCP_INITIALIZE, startMcp, type McpChild } from './child-backend.js';
import {
  alive,
  Backend,
  baseEnv,
  exampleProvider,
  inertProvider,
  LICH_JS,
  makeRepo,
  ManualClock,
  openTickets,
  q,
  sleep,
  ticketOf,
  until,
  waitForStatus,
  type ProviderEntry,
  type Session,
} from './harness.js';

let b: Backend | undefined;
let home: string;
const mcps: McpChild[] = [];
const pidsToKill: number[] = [];

beforeEach(() => {
  home = mkdtempSync(join(tmpdir(), 'lich-faults-e2e-'));
});
afterEach(async () => {
  for (const m of mcps.splice(0)) m.child.kill('SIGKILL');
  killAll(pidsToKill.splice(0));
  if (b) {
    const violations = b.violations;
    await b.close();
    b = undefined;
    expect(violations).toEqual([]);
  }
  rmSync(home, { recursive: true, force: true });
});

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
