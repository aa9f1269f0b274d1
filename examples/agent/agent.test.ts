// The example agent as a process in a real PTY, against a stand-in for the two things of
// lich it talks to: the plugin endpoints (an HTTP server recording the reports) and "$LICH_BIN"
// (a script recording its argv). The end-to-end suite (test/e2e) runs it against the real
// backend and CLI; this file pins the agent's own behaviour: the session-start announcement,
// paste handling, the order busy → run → reply → done, and the directives.

import { createServer, type Server } from 'node:http';
import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as pty from 'node-pty';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const agentPath = fileURLToPath(new URL('./agent.mjs', import.meta.url));
const ONLY_WAY_BACK =
  'That ticket is the only way back: whoever asked is blocked on it and is reading nothing else. Do not answer by messaging a peer session — an answer sent any other way is lost. Keep the answer a concise report — what was done, where, and what remains — never a transcript: the sender pays to read every byte, and the detail is in your commits and files anyway.';

function relayed(prompt: string, ticket: string) {
  return `[lich] Message from session "planner", not from your own prompt.\n\n${prompt}\n\nWhen you have an answer, send it back by running:\n  "$LICH_BIN" reply ${ticket} "<your answer>"\n\n${ONLY_WAY_BACK}`;
}

/** The message as it reads for a target that has lich's tools: the tool first, the command beside it. */
function relayedWithTools(prompt: string, ticket: string) {
  return `[lich] Message from session "planner", not from your own prompt.\n\n${prompt}\n\nWhen you have an answer, send it back with the lich tool \`reply_to_session\`\n(ticket ${ticket}), or by running:\n  "$LICH_BIN" reply ${ticket} "<your answer>"\n\n${ONLY_WAY_BACK}`;
}

interface Entry {
  event: string;
  [k: string]: unknown;
}

let dir: string;
let server: Server;
let port: number;
const hooks: Array<{ path: string; token: string | null; body: unknown }> = [];

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'example-agent-'));
  // "$LICH_BIN" stand-in: records its argv (one JSON array per line) and answers `wait` with a collect.
  const bin = join(dir, 'lich');
  writeFileSync(
    bin,
    `#!/usr/bin/env node
const fs = require('node:fs');
fs.appendFileSync(${JSON.stringify(join(dir, 'bin.log'))}, JSON.stringify(process.argv.slice(2)) + '\\n');
if (process.argv[2] === 'wait') { process.stdout.write('Answer from "w1" (ticket 11111111):\\n42\\n'); }
else if (process.argv[2] === 'reply') { process.stdout.write('Answer sent.\\n'); }
`,
  );
  chmodSync(bin, 0o755);
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://x');
      hooks.push({ path: url.pathname, token: url.searchParams.get('token'), body: JSON.parse(body) });
      // relay.Reply as lich answers it: `null`, or a refusal for the ticket a test marks as refused.
      if (url.pathname === '/rpc/relay.Reply') {
        const [{ ticket }] = JSON.parse(body) as Array<{ ticket: string }>;
        if (ticket === 'bad0bad0') res.writeHead(400, { 'Content-Type': 'application/json' }).end('{"error":"no request is open with ticket bad0bad0"}');
        else res.writeHead(200, { 'Content-Type': 'application/json' }).end('null');
        return;
      }
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  port = (server.address() as { port: number }).port;
});

afterAll(async () => {
  await new Promise((r) => server.close(r));
  rmSync(dir, { recursive: true, force: true });
});

/** Starts the agent in a PTY; resolves once it drew its prompt (or, with `o.until`, that text). */
async function startAgent(sessionId: string, extraEnv: Record<string, string> = {}, o: { until?: string } = {}) {
  const log = join(dir, `${sessionId}.jsonl`);
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? '/usr/bin:/bin',
    HOME: dir,
    LICH_PORT: String(port),
    LICH_TOKEN: 'a'.repeat(32),
    LICH_SESSION_ID: sessionId,
    LICH_BIN: join(dir, 'lich'),
    EXAMPLE_AGENT_LOG: log,
    ...extraEnv,
  };
  const p = pty.spawn(process.execPath, [agentPath], { cols: 120, rows: 30, cwd: dir, env });
  let screen = '';
  p.onData((d) => (screen += d));
  await until(() => screen.includes(o.until ?? 'example> '), o.until ?? 'the prompt');
  return {
    p,
    screen: () => screen,
    entries: (): Entry[] =>
      existsSync(log)
        ? readFileSync(log, 'utf8')
            .split('\n')
            .filter(Boolean)
            .map((l) => JSON.parse(l))
        : [],
    paste: (text: string) => {
      p.write(`\x1b[200~${text}\x1b[201~`);
      setTimeout(() => p.write('\r'), 50);
    },
  };
}

async function until(cond: () => boolean, what: string, ms = 10_000) {
  const end = Date.now() + ms;
  while (!cond()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

function binCalls(): string[][] {
  const f = join(dir, 'bin.log');
  return existsSync(f)
    ? readFileSync(f, 'utf8')
        .split('\n')
        .filter(Boolean)
        .map((l) => JSON.parse(l))
    : [];
}

describe('the example agent in a PTY', () => {
  it('asks its own question on start, announced first, swallows a pasted task there, and goes on to its prompt at a 1 typed on its own', async () => {
    hooks.length = 0;
    const a = await startAgent('s-ask', { EXAMPLE_AGENT_ASK: 'Do you trust the files in this folder?' }, { until: 'Press 1 or 2: ' });
    expect(hooks.filter((h) => h.path === '/session-start')).toHaveLength(1);
    expect(a.screen()).not.toContain('example> ');
    a.paste('[lich] Message relayed by the lich command line, not from your own prompt.\n\necho 1 2');
    await new Promise((r) => setTimeout(r, 300));
    expect(a.entries().map((e) => e.event)).not.toContain('received');
    a.p.write('1');
    await until(() => a.screen().includes('example> '), 'the prompt after the answer');
    a.p.write('echo stepped in\r');
    await until(() => a.entries().some((e) => e.event === 'ran' && e.command === 'echo stepped in'), 'the typed command run');
    expect(a.entries().filter((e) => e.event === 'received')).toHaveLength(1);
    expect(a.entries().find((e) => e.event === 'answered')).toMatchObject({ key: '1' });
    a.p.kill();
  });

  it('enables bracketed paste and prints its prompt', async () => {
    const a = await startAgent('s-prompt');
    expect(a.screen()).toContain('\x1b[?2004h');
    expect(a.entries()[0]).toMatchObject({ event: 'start', session: 's-prompt', tty: true });
    a.p.kill();
  });

  it('announces itself once through /session-start before it draws its prompt, as the plugin\'s SessionStart hook does', async () => {
    hooks.length = 0;
    const a = await startAgent('s-start', { EXAMPLE_AGENT_PROVIDER: 'agent-x' });
    // Already recorded when the prompt shows: lich has heard from it before it can be typed at.
    const starts = hooks.filter((h) => h.path === '/session-start');
    expect(starts).toHaveLength(1);
    const body = starts[0]!.body as Record<string, string>;
    expect(body).toEqual({ session_id: 's-start', provider_session_id: expect.any(String), provider: 'agent-x' });
    expect(body.provider_session_id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(starts[0]!.token).toBe('a'.repeat(32));
    expect(a.entries()[1]).toMatchObject({ event: 'session-start', status: 204, provider: 'agent-x', providerSessionId: body.provider_session_id });
    a.p.kill();
  });

  it('announces itself as "example" unless told its provider id, with a fresh provider session id each start', async () => {
    hooks.length = 0;
    const a = await startAgent('s-start2');
    const b = await startAgent('s-start3');
    const starts = hooks.filter((h) => h.path === '/session-start').map((h) => h.body as Record<string, string>);
    expect(starts.map((s) => s.provider)).toEqual(['example', 'example']);
    expect(starts[0]!.provider_session_id).not.toBe(starts[1]!.provider_session_id);
    a.p.kill();
    b.p.kill();
  });

  it('runs a relayed task in its checkout and replies with the output, reporting busy before and done after', async () => {
    const a = await startAgent('s-task');
    hooks.length = 0;
    a.paste(relayed('echo "in $(basename "$PWD")"; echo line2', 'a1b2c3d4'));
    await until(() => a.entries().some((e) => e.event === 'state' && e.state === 'done'), 'done');
    const reply = a.entries().find((e) => e.event === 'reply');
    expect(reply).toMatchObject({ ticket: 'a1b2c3d4', code: 0, answer: `in ${dir.split('/').pop()}\nline2` });
    expect(binCalls()).toContainEqual(['reply', 'a1b2c3d4', `in ${dir.split('/').pop()}\nline2`]);
    expect(hooks.map((h) => [h.path, h.body])).toEqual([
      ['/hook', { session_id: 's-task', state: 'busy' }],
      ['/hook', { session_id: 's-task', state: 'done' }],
    ]);
    expect(hooks.every((h) => h.token === 'a'.repeat(32))).toBe(true);
    const order = a.entries().map((e) => (e.event === 'state' ? `state:${e.state}` : e.event));
    expect(order.indexOf('state:busy')).toBeLessThan(order.indexOf('ran'));
    expect(order.indexOf('reply')).toBeLessThan(order.indexOf('state:done'));
    a.p.kill();
  });

  it('answers a task that offers reply_to_session with the tool, from its own process: one relay.Reply call from its session, no "$LICH_BIN" started', async () => {
    const a = await startAgent('s-tool');
    hooks.length = 0;
    const before = binCalls().length;
    a.paste(relayedWithTools('echo tooled', 'c0ffee00'));
    await until(() => a.entries().some((e) => e.event === 'state' && e.state === 'done'), 'done');
    expect(hooks.map((h) => [h.path, h.body])).toEqual([
      ['/hook', { session_id: 's-tool', state: 'busy' }],
      ['/rpc/relay.Reply', [{ from: 's-tool', ticket: 'c0ffee00', answer: 'tooled' }]],
      ['/hook', { session_id: 's-tool', state: 'done' }],
    ]);
    expect(a.entries().find((e) => e.event === 'reply')).toMatchObject({ via: 'tool', ticket: 'c0ffee00', status: 200 });
    expect(binCalls().length).toBe(before);
    a.p.kill();
  });

  it('runs the reply command when the tool is refused, saying why', async () => {
    const a = await startAgent('s-tool-refused');
    const before = binCalls().length;
    a.paste(relayedWithTools('echo again', 'bad0bad0'));
    await until(() => a.entries().some((e) => e.event === 'state' && e.state === 'done'), 'done');
    expect(binCalls().slice(before)).toEqual([['reply', 'bad0bad0', 'again']]);
    expect(a.screen()).toContain('reply_to_session failed (no request is open with ticket bad0bad0); running the command instead');
    a.p.kill();
  });

  it('answers with the exit status when the command fails', async () => {
    const a = await startAgent('s-fail');
    a.paste(relayed('echo broken >&2; exit 4', 'feedf00d'));
    await until(() => a.entries().some((e) => e.event === 'reply'), 'the reply');
    expect(binCalls()).toContainEqual(['reply', 'feedf00d', 'broken\n(exit status 4)']);
    a.p.kill();
  });

  it('never picks up a task marked ignore: no state, no run, no reply', async () => {
    const a = await startAgent('s-ignore');
    hooks.length = 0;
    a.paste(relayed('#example: ignore\necho nope', '0000aaaa'));
    await until(() => a.entries().some((e) => e.event === 'ignored'), 'ignored');
    await new Promise((r) => setTimeout(r, 200));
    expect(a.entries().map((e) => e.event)).toEqual(['start', 'session-start', 'received', 'task', 'ignored']);
    expect(hooks).toEqual([]);
    a.p.kill();
  });

  it('works a task marked no-reply and ends its turn without replying', async () => {
    const a = await startAgent('s-noreply');
    hooks.length = 0;
    a.paste(relayed('#example: no-reply\necho done', '0000bbbb'));
    await until(() => a.entries().some((e) => e.event === 'state' && e.state === 'done'), 'done');
    expect(a.entries().some((e) => e.event === 'reply')).toBe(false);
    expect(hooks.map((h) => (h.body as { state: string }).state)).toEqual(['busy', 'done']);
    a.p.kill();
  });

  it('answers a task marked ticketless with the answer alone', async () => {
    const a = await startAgent('s-ticketless');
    a.paste(relayed('#example: ticketless\necho fine', '0000cccc'));
    await until(() => a.entries().some((e) => e.event === 'reply'), 'the reply');
    expect(binCalls()).toContainEqual(['reply', 'fine']);
    a.p.kill();
  });

  it('collects with "$LICH_BIN" wait when nudged, and records what came back', async () => {
    const a = await startAgent('s-nudge');
    a.paste('[lich] The task you sent "w1" has its result ready. To collect everything at once, run:\n  "$LICH_BIN" wait');
    await until(() => a.entries().some((e) => e.event === 'collect'), 'the collect');
    expect(a.entries().find((e) => e.event === 'collect')).toMatchObject({
      code: 0,
      stdout: 'Answer from "w1" (ticket 11111111):\n42\n',
    });
    a.p.kill();
  });

  it('queues a task that arrives mid-turn and works it when the turn ends', async () => {
    const a = await startAgent('s-queue');
    a.paste(relayed('sleep 0.5; echo first', '1111aaaa'));
    await until(() => a.entries().some((e) => e.event === 'task'), 'the first task');
    a.paste(relayed('echo second', '2222bbbb'));
    await until(() => a.entries().filter((e) => e.event === 'reply').length === 2, 'two replies');
    expect(a.entries().filter((e) => e.event === 'reply').map((e) => e.ticket)).toEqual(['1111aaaa', '2222bbbb']);
    a.p.kill();
  });

  it('reports nothing when hooks are off — no session-start, no state — like a provider without a plugin', async () => {
    const a = await startAgent('s-quiet', { EXAMPLE_AGENT_HOOKS: 'off' });
    a.paste(relayed('echo q', '3333cccc'));
    await until(() => a.entries().some((e) => e.event === 'reply'), 'the reply');
    // Only this agent's: one an earlier test killed may still be delivering its last report.
    expect(hooks.filter((h) => (h.body as { session_id?: string }).session_id === 's-quiet')).toEqual([]);
    a.p.kill();
  });

  it('ends once, of the hangup, when its terminal is closed under it (no abort from restoring a terminal that is gone)', async () => {
    const a = await startAgent('s-hangup');
    const exited = new Promise<{ exitCode: number; signal?: number }>((r) => a.p.onExit(r));
    // The master side closed, as when lich's PTY goes: the kernel hangs the terminal up
    // (node-pty's Terminal.destroy, which its IPty type leaves out).
    (a.p as unknown as { destroy(): void }).destroy();
    expect(await exited).toMatchObject({ signal: 1 });
    expect(a.entries().filter((e) => e.event === 'exit')).toHaveLength(1);
  });

  it('exits when its terminal goes away', async () => {
    const a = await startAgent('s-exit');
    const exited = new Promise<number>((r) => a.p.onExit((e) => r(e.exitCode)));
    a.p.kill('SIGHUP');
    await exited;
    expect(a.entries().at(-1)).toMatchObject({ event: 'exit', reason: 'SIGHUP' });
  });
});
