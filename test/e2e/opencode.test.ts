// The same journey through the opencode plugin: the built module (packages/opencode-plugin/
// dist/index.js) is imported as opencode imports it, called with a plugin input, and its tools'
// `execute` run with a tool context carrying an AbortSignal. Each tool shells out to a real
// "$LICH_BIN" (the built CLI) against a real backend. spec/opencode-tools.md.

import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Backend, LICH_JS, ROOT, exampleProvider, inertProvider, makeRepo, pendingText, q, ticketOf, type Session } from './harness.js';

interface OpencodeTool {
  description: string;
  args: Record<string, unknown>;
  execute(args: Record<string, unknown>, context: unknown): Promise<unknown>;
}
type PluginFn = (input: unknown) => Promise<{ tool?: Record<string, OpencodeTool> }>;

const PLUGIN = pathToFileURL(join(ROOT, 'packages/opencode-plugin/dist/index.js')).href;
const LICH_VARS = ['LICH_PORT', 'LICH_TOKEN', 'LICH_SESSION_ID', 'LICH_BIN'];

let b: Backend;
let repo: string;
let worker: Session;
/** The session the opencode agent runs in: an inert terminal, so nothing else acts for it. */
let self: Session;
let plugin: PluginFn;
let tools: Record<string, OpencodeTool>;
const savedEnv: Record<string, string | undefined> = {};

function context(signal: AbortSignal = new AbortController().signal) {
  return {
    sessionID: 'ses_e2e',
    messageID: 'msg_e2e',
    agent: 'build',
    directory: repo,
    worktree: repo,
    abort: signal,
    metadata() {},
    async ask() {},
  };
}

function pluginInput() {
  return { client: {}, project: { id: 'e2e', worktree: repo }, directory: repo, worktree: repo, serverUrl: new URL('http://127.0.0.1:4096'), $: undefined };
}

async function run(name: string, args: Record<string, unknown> = {}, signal?: AbortSignal): Promise<string> {
  const t = tools[name];
  if (!t) throw new Error(`no tool ${name}`);
  const out = await t.execute(args, context(signal));
  return typeof out === 'string' ? out : (out as { output: string }).output;
}

beforeAll(async () => {
  b = await Backend.start({ providers: ({ log }) => ({ example: exampleProvider(log), inert: inertProvider() }) });
  repo = makeRepo(b.home, 'opencode-repo', 2);
  worker = await b.open(repo, 'example');
  self = await b.open(repo, 'inert');
  await b.log.ready(worker.id);
  // The plugin reads the session's coordinates from its own environment, as inside opencode.
  for (const k of [...LICH_VARS, 'NODE_EXTRA_CA_CERTS', 'XDG_CONFIG_HOME']) savedEnv[k] = process.env[k];
  Object.assign(process.env, {
    LICH_PORT: String(b.port),
    LICH_TOKEN: b.token,
    LICH_SESSION_ID: self.id,
    LICH_BIN: LICH_JS,
    XDG_CONFIG_HOME: b.configHome,
  });
  delete process.env.NODE_EXTRA_CA_CERTS;
  plugin = ((await import(PLUGIN)) as { default: PluginFn }).default;
  const hooks = await plugin(pluginInput());
  tools = hooks.tool ?? {};
});

afterAll(async () => {
  for (const [k, v] of Object.entries(savedEnv)) {
    if (v === undefined) delete process.env[k];
    else process.env[k] = v;
  }
  if (!b) return;
  const violations = b.violations;
  await b.close();
  expect(violations).toEqual([]);
});

describe('the opencode plugin', () => {
  it('registers the session tools under the MCP names inside a lich session', () => {
    for (const n of ['list_sessions', 'send_to_session', 'wait_for_answer', 'reply_to_session', 'open_session', 'close_session']) {
      expect(tools[n], n).toBeDefined();
      expect(typeof tools[n]!.execute).toBe('function');
      expect(tools[n]!.description.length).toBeGreaterThan(0);
    }
  });

  it('registers no tool at all outside lich', async () => {
    const saved = LICH_VARS.map((k) => [k, process.env[k]] as const);
    for (const k of LICH_VARS) delete process.env[k];
    try {
      expect((await plugin(pluginInput())).tool ?? {}).toEqual({});
    } finally {
      for (const [k, v] of saved) process.env[k] = v;
    }
  });

  it('list_sessions returns the live sessions as JSON', async () => {
    const peers = JSON.parse(await run('list_sessions')) as Array<Record<string, string>>;
    expect(peers.map((p) => p.id)).toEqual([worker.id]);
    expect(peers[0]).toMatchObject({ label: worker.label, name: worker.name, kind: 'example', path: repo });
  });

  it('send_to_session returns what lich printed: the answer', async () => {
    expect(await run('send_to_session', { session: worker.label, prompt: 'git rev-list --count HEAD' })).toBe('2\n');
  });

  it('send_to_session returns the ticket prose of a wait that ran out, and wait_for_answer picks the answer up', async () => {
    const out = await run('send_to_session', { session: worker.id, prompt: 'sleep 2.5; echo oc-late', timeout_seconds: 1 });
    const ticket = ticketOf(out);
    expect(out).toBe(pendingText(worker.label, ticket));
    expect(await run('wait_for_answer', { ticket, timeout_seconds: 20 })).toBe('oc-late\n');
  });

  it('wait_for_answer without a ticket collects', async () => {
    const out = await run('send_to_session', { session: worker.id, prompt: 'sleep 2; echo oc-collected', timeout_seconds: 1 });
    const ticket = ticketOf(out);
    expect(await run('wait_for_answer', { timeout_seconds: 20 })).toBe(`Answer from ${q(worker.label)} (ticket ${ticket}):\noc-collected\n`);
  });

  it('reply_to_session answers a request open against its session', async () => {
    const sent = await b.lich(['send', '--timeout', '2', self.id, 'what is six times seven']);
    expect(sent.code).toBe(2);
    const ticket = ticketOf(sent.stdout);
    expect(await run('reply_to_session', { ticket, answer: '42' })).toBe('Answer sent.\n');
    expect(await b.lich(['wait', ticket])).toEqual({ code: 0, stdout: '42\n', stderr: '' });
  });

  it('open_session and close_session open and close a session in the project directory', async () => {
    const opened = await run('open_session', { project: repo, kind: 'example' });
    const label = /^Opened session "([^"]+)" \(example\)/.exec(opened)?.[1];
    expect(label, opened).toBeDefined();
    expect(await run('close_session', { session: label })).toBe(`Closed ${q(label!)}.\n`);
  });

  it('throws lich’s own stderr, unedited, when the command fails', async () => {
    const err = await run('send_to_session', { session: 'nosuch', prompt: 'echo x' }).then(
      () => null,
      (e: Error) => e,
    );
    expect(err).toBeInstanceOf(Error);
    expect(err!.message.startsWith('lich: no live session named "nosuch". Live sessions: ')).toBe(true);
  });

  it('stops the command when opencode aborts the call, and the errand stays open', async () => {
    const sent = await b.lich(['send', '--timeout', '1', worker.id, 'sleep 4; echo after-abort']);
    expect(sent.code).toBe(2);
    const ticket = ticketOf(sent.stdout);
    const controller = new AbortController();
    const started = Date.now();
    const waiting = run('wait_for_answer', { ticket, timeout_seconds: 60 }, controller.signal).then(
      () => 'settled',
      () => 'rejected',
    );
    setTimeout(() => controller.abort(), 300);
    expect(await waiting).toBe('rejected');
    expect(Date.now() - started).toBeLessThan(5_000);
    // A wait killed mid-wait takes nothing with it.
    expect(await b.lich(['wait', '--timeout', '20', ticket])).toEqual({ code: 0, stdout: 'after-abort\n', stderr: '' });
  });
});
