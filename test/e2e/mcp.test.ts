// The same journey through `lich mcp`, driven by the MCP SDK's own Client over stdio exactly
// as a provider's harness drives it: list, send (answered, pending, private), wait (with and
// without a ticket), reply, open, close, and a tool that fails answering isError with the
// reason as text. spec/cli.md § lich mcp; wire.md §§ 7.3, 7.4, 10.

import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Backend, LICH_JS, baseEnv, exampleProvider, inertProvider, makeRepo, q, ticketOf, type Session } from './harness.js';

let b: Backend;
let repo: string;
let worker: Session;
/** The session the MCP server runs in: an inert terminal, so nothing but this test acts for it. */
let self: Session;
let client: Client;
let stderr = '';

beforeAll(async () => {
  b = await Backend.start({ providers: ({ log }) => ({ example: exampleProvider(log), inert: inertProvider() }) });
  repo = makeRepo(b.home, 'mcp-repo', 2);
  worker = await b.open(repo, 'example');
  self = await b.open(repo, 'inert');
  await b.log.ready(worker.id);
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [LICH_JS, 'mcp'],
    env: { ...baseEnv(), LICH_PORT: String(b.port), LICH_TOKEN: b.token, LICH_SESSION_ID: self.id, LICH_BIN: LICH_JS },
    stderr: 'pipe',
  });
  transport.stderr?.on('data', (d) => (stderr += d));
  client = new Client({ name: 'lich-e2e', version: '0.0.0' });
  await client.connect(transport);
});

afterAll(async () => {
  await client?.close();
  if (!b) return;
  const violations = b.violations;
  await b.close();
  expect(violations).toEqual([]);
  expect(stderr).toBe('');
});

interface ToolOutcome {
  text: string;
  isError: boolean;
}

async function call(name: string, args: Record<string, unknown> = {}): Promise<ToolOutcome> {
  const r = (await client.callTool({ name, arguments: args })) as { content: Array<{ type: string; text: string }>; isError?: boolean };
  expect(r.content).toHaveLength(1);
  expect(r.content[0]!.type).toBe('text');
  return { text: r.content[0]!.text, isError: r.isError === true };
}

const mcpPending = (target: string, ticket: string) =>
  `${target} is still working. The errand is open — if that session was not at a prompt yet, the task is held and goes in when it is. When its result is ready a short note will arrive at your own prompt, so carry on — there is nothing to poll. Collect it with wait_for_answer (ticket "${ticket}", or no ticket for everything at once).`;
const mcpPrivatePending = (target: string, ticket: string) =>
  `${target} is still working. The errand is private: no note will announce its result and wait_for_answer without a ticket never returns it. Call wait_for_answer with ticket "${ticket}" to hold the line for it — waiting on your own ticket is not polling.`;

describe('lich mcp', () => {
  it('introduces itself as lich, with instructions, and lists the session tools', async () => {
    expect(client.getServerVersion()?.name).toBe('lich');
    expect(client.getInstructions()).toBeTruthy();
    const { tools } = await client.listTools();
    const names = tools.map((t) => t.name);
    for (const n of ['list_sessions', 'send_to_session', 'wait_for_answer', 'reply_to_session', 'open_session', 'close_session']) {
      expect(names).toContain(n);
    }
    expect(tools.find((t) => t.name === 'list_sessions')?.annotations?.readOnlyHint).toBe(true);
  });

  it('list_sessions returns the live sessions as JSON, its own left out', async () => {
    const r = await call('list_sessions');
    expect(r.isError).toBe(false);
    const peers = JSON.parse(r.text) as Array<Record<string, string>>;
    expect(peers.map((p) => p.id)).toEqual([worker.id]);
    expect(peers[0]).toEqual({
      label: worker.label,
      name: worker.name,
      project: worker.project,
      kind: 'example',
      state: '',
      id: worker.id,
      path: repo,
      projectPath: repo,
    });
  });

  it('send_to_session returns the answer when the target answers in time', async () => {
    expect(await call('send_to_session', { session: worker.label, prompt: 'git rev-list --count HEAD' })).toEqual({
      text: '2',
      isError: false,
    });
  });

  it('send_to_session hands back a ticket when the wait runs out, and wait_for_answer with it picks the answer up', async () => {
    const sent = await call('send_to_session', { session: worker.id, prompt: 'sleep 2.5; echo mcp-late', timeout_seconds: 1 });
    expect(sent.isError).toBe(false);
    const ticket = ticketOf(sent.text);
    expect(sent.text).toBe(mcpPending(worker.label, ticket));
    expect(await call('wait_for_answer', { ticket, timeout_seconds: 20 })).toEqual({ text: 'mcp-late', isError: false });
  });

  it('wait_for_answer without a ticket collects what the session is owed', async () => {
    const sent = await call('send_to_session', { session: worker.id, prompt: 'sleep 2; echo collected', timeout_seconds: 1 });
    const ticket = ticketOf(sent.text);
    expect(await call('wait_for_answer', { timeout_seconds: 20 })).toEqual({
      text: `Answer from ${q(worker.label)} (ticket ${ticket}):\ncollected`,
      isError: false,
    });
    expect(await call('wait_for_answer', { no_wait: true })).toEqual({
      text: 'Nothing to collect: no results are waiting and no errand of yours is open.',
      isError: false,
    });
  });

  it('a private send is held for its ticket alone', async () => {
    const sent = await call('send_to_session', { session: worker.id, prompt: 'sleep 1; echo private', timeout_seconds: 1, private: true });
    const ticket = ticketOf(sent.text);
    expect(sent.text).toBe(mcpPrivatePending(worker.label, ticket));
    await b.log.waitFor(worker.id, (e) => e.event === 'reply' && e.ticket === ticket, 'the private reply');
    expect((await call('wait_for_answer', { no_wait: true })).text).toBe(
      'Nothing to collect: no results are waiting and no errand of yours is open.',
    );
    expect(await call('wait_for_answer', { ticket, timeout_seconds: 5 })).toEqual({ text: 'private', isError: false });
  });

  it('reply_to_session answers a request open against its session, with a ticket and without one', async () => {
    const first = await b.lich(['send', '--timeout', '2', self.id, 'what is six times seven']);
    expect(first.code).toBe(2);
    const t1 = ticketOf(first.stdout);
    expect(await call('reply_to_session', { ticket: t1, answer: '42' })).toEqual({ text: 'Answer sent.', isError: false });
    expect(await b.lich(['wait', t1])).toEqual({ code: 0, stdout: '42\n', stderr: '' });

    const second = await b.lich(['send', '--timeout', '2', self.id, 'and seven times six']);
    const t2 = ticketOf(second.stdout);
    expect(await call('reply_to_session', { answer: 'also 42' })).toEqual({ text: 'Answer sent.', isError: false });
    expect(await b.lich(['wait', t2])).toEqual({ code: 0, stdout: 'also 42\n', stderr: '' });
  });

  it('open_session opens a session in the project directory, and close_session closes it', async () => {
    const opened = await call('open_session', { project: repo, kind: 'example' });
    expect(opened.isError).toBe(false);
    const m = /^Opened session "([^"]+)" \(example\) in project "([^"]+)"\.\nIt answers to "\1" and to "([^"]+)"\./.exec(opened.text);
    expect(m, opened.text).not.toBeNull();
    const [, label, project, name] = m!;
    expect(project).toBe(worker.project);
    const peers = JSON.parse((await call('list_sessions')).text) as Array<Record<string, string>>;
    expect(peers.find((p) => p.label === label)).toMatchObject({ name, kind: 'example', path: repo });

    expect(await call('close_session', { session: label })).toEqual({ text: `Closed ${q(label!)}.`, isError: false });
    const after = JSON.parse((await call('list_sessions')).text) as Array<Record<string, string>>;
    expect(after.map((p) => p.label)).not.toContain(label);
  });

  it('answers a tool that fails with isError and the reason as text', async () => {
    const r = await call('send_to_session', { session: 'nosuch', prompt: 'echo x' });
    expect(r.isError).toBe(true);
    expect(r.text.startsWith('no live session named "nosuch". Live sessions: ')).toBe(true);

    expect(await call('wait_for_answer', { ticket: '0badc0de', no_wait: true })).toEqual({
      text: 'no_wait collects everything that is ready and takes no ticket: drop the ticket to look without waiting, or drop no_wait to wait on it',
      isError: true,
    });
    expect(await call('close_session', { session: self.label })).toEqual({
      text: `${q(self.label)} is this session — closing it would take down the agent asking for it`,
      isError: true,
    });
  });
});
