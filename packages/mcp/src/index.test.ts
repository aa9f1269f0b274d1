import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { NO_LICH_RUNNING, openedText, resultText, VERSION, type Peer, type Result, type Session } from '@lich/core';
import { MCP_TOOLS } from '@lich/generated/mcp/tools';
import { serverInstructions } from './index.js';
import { startFakeRpc, type CannedHandler, type FakeRpc } from './testing/fake-rpc.js';
import { serveInProcess, type ServedMcp } from './testing/stream-client.js';

const ISSUE_TOOLS = [
  'list_sessions',
  'send_to_session',
  'wait_for_answer',
  'open_session',
  'close_session',
  'rename_session',
  'list_worktrees',
  'reply_to_session',
  'list_folders',
  'file_session',
  'rename_folder',
  'color_folder',
  'control_session',
  'ask_session',
];
const READ_ONLY_TOOLS = ['list_sessions', 'list_worktrees', 'list_folders'];

const peer: Peer = {
  label: 'docs',
  name: 'lich-a1b2',
  project: 'lich',
  kind: 'codex',
  state: 'busy',
  id: 'S2',
  path: '/work/lich',
  projectPath: '/work/lich',
};

const session: Session = {
  id: 'S3',
  projectId: 'P1',
  project: 'lich',
  label: 'Session 4',
  name: 'lich-9f8e',
  kind: 'claude',
  path: '/work/lich',
  nextSeq: 5,
  originSessionId: 'S1',
  originLabel: 'orchestrator',
  confined: false,
  folder: '',
  run: true,
};

function pending(target: string, ticket: string, priv = false): Result {
  return { ticket, target, status: 'pending', answer: '', ...(priv ? { private: true } : {}) };
}

function text(result: unknown): string {
  const content = (result as CallToolResult).content;
  expect(content).toHaveLength(1);
  expect(content[0]!.type).toBe('text');
  return (content[0] as { text: string }).text;
}

/** Every stdout line, parsed: stdout carries protocol and nothing else. */
function messages(served: ServedMcp): Array<Record<string, any>> {
  return served
    .stdout()
    .split('\n')
    .filter((l) => l !== '')
    .map((l) => {
      const m = JSON.parse(l);
      expect(m.jsonrpc).toBe('2.0');
      return m;
    });
}

describe('lich mcp', () => {
  let rpc: FakeRpc;
  let served: ServedMcp;
  const handlers: Record<string, CannedHandler> = {};

  async function serve(extraEnv: Record<string, string | undefined> = {}) {
    served = await serveInProcess({
      LICH_PORT: String(rpc.port),
      LICH_TOKEN: rpc.token,
      LICH_SESSION_ID: 'S1',
      ...extraEnv,
    });
    return served;
  }

  beforeEach(async () => {
    for (const k of Object.keys(handlers)) delete handlers[k];
    rpc = await startFakeRpc(handlers);
  });

  afterEach(async () => {
    served?.endInput();
    await served?.exit;
    await rpc.close();
  });

  it('introduces itself as lich with its version, the tools capability and the briefing', async () => {
    const { client } = await serve();
    expect(client.getServerVersion()).toEqual({ name: 'lich', version: VERSION });
    expect(client.getServerCapabilities()?.tools).toEqual({});
    expect(client.getInstructions()).toBe(serverInstructions());
  });

  it('lists exactly the contract tools, in contract order, with readOnlyHint on the three list tools alone', async () => {
    const { client } = await serve();
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name)).toEqual(ISSUE_TOOLS);
    expect(tools).toEqual(
      MCP_TOOLS.map((t) => ({ name: t.name, description: t.description, inputSchema: t.inputSchema, annotations: t.annotations })),
    );
    expect(tools.filter((t) => t.annotations?.readOnlyHint).map((t) => t.name)).toEqual(READ_ONLY_TOOLS);
    expect(tools.every((t) => t.annotations?.readOnlyHint === READ_ONLY_TOOLS.includes(t.name))).toBe(true);
  });

  it('returns list_sessions as the JSON array of peers, asked as the calling session', async () => {
    handlers['relay.Peers'] = () => ({ json: [peer] });
    const { client } = await serve();
    const result = await client.callTool({ name: 'list_sessions', arguments: {} });
    expect(result.isError).toBeUndefined();
    expect(JSON.parse(text(result))).toEqual([peer]);
    expect(rpc.calls).toEqual([{ method: 'relay.Peers', body: [{ from: 'S1' }], aborted: false }]);
  });

  it('says No other live sessions. when the roster is empty', async () => {
    handlers['relay.Peers'] = () => ({ json: null });
    const { client } = await serve();
    expect(text(await client.callTool({ name: 'list_sessions' }))).toBe('No other live sessions.');
  });

  it('answers a send whose wait ran out with the pending text and no isError', async () => {
    handlers['relay.Send'] = () => ({ json: pending('docs', 'a1b2c3d4') });
    const { client } = await serve();
    const result = await client.callTool({ name: 'send_to_session', arguments: { session: 'docs', prompt: 'run the tests' } });
    expect(result.isError).toBeUndefined();
    expect(text(result)).toBe(resultText('mcp', pending('docs', 'a1b2c3d4')));
    expect(text(result)).toContain('wait_for_answer (ticket "a1b2c3d4"');
    // The MCP wait defaults to 90 s, never the server's 100 (wire.md § 10.1).
    expect(rpc.calls[0]).toEqual({
      method: 'relay.Send',
      body: [{ from: 'S1', target: 'docs', project: '', prompt: 'run the tests', timeoutSeconds: 90 }],
      aborted: false,
    });
  });

  it('sends a private errand through relay.SendPrivate and words its ticket as the only way to it', async () => {
    handlers['relay.SendPrivate'] = () => ({ json: pending('docs', 'a1b2c3d4', true) });
    const { client } = await serve();
    const result = await client.callTool({
      name: 'send_to_session',
      arguments: { session: 'docs', prompt: 'x', private: true, timeout_seconds: 500, project: 'lich' },
    });
    expect(result.isError).toBeUndefined();
    expect(text(result)).toContain('The errand is private');
    expect(rpc.calls[0]!.body).toEqual([{ from: 'S1', target: 'docs', project: 'lich', prompt: 'x', timeoutSeconds: 90 }]);
  });

  it('reports an errand that ended unanswered as a result, not an error', async () => {
    handlers['relay.Wait'] = () => ({ json: { ticket: 'a1b2c3d4', target: 'docs', status: 'unread', answer: '' } });
    const { client } = await serve();
    const result = await client.callTool({ name: 'wait_for_answer', arguments: { ticket: 'a1b2c3d4', timeout_seconds: 5 } });
    expect(result.isError).toBeUndefined();
    expect(text(result)).toMatch(/^The "docs" session never picked the task up/);
    expect(rpc.calls[0]!.body).toEqual([{ ticket: 'a1b2c3d4', timeoutSeconds: 5 }]);
  });

  it('collects without a ticket, and looks without waiting with no_wait', async () => {
    handlers['relay.Collect'] = () => ({ json: { results: [], open: [] } });
    handlers['relay.CollectNow'] = () => ({
      json: { results: [{ ticket: 'a1b2c3d4', target: 'docs', status: 'answered', answer: 'done' }], open: ['api'] },
    });
    const { client } = await serve();
    expect(text(await client.callTool({ name: 'wait_for_answer', arguments: {} }))).toBe(
      'Nothing to collect: no results are waiting and no errand of yours is open.',
    );
    expect(text(await client.callTool({ name: 'wait_for_answer', arguments: { no_wait: true } }))).toBe(
      'Answer from "docs" (ticket a1b2c3d4):\ndone\n\nStill working: "api". Their results will announce themselves at your prompt.',
    );
    expect(rpc.calls.map((c) => [c.method, c.body])).toEqual([
      ['relay.Collect', [{ from: 'S1', timeoutSeconds: 90 }]],
      ['relay.CollectNow', [{ from: 'S1' }]],
    ]);
  });

  it('refuses a ticket with no_wait in the exact words of the contract, before any call', async () => {
    const { client } = await serve();
    const result = await client.callTool({ name: 'wait_for_answer', arguments: { ticket: 'a1b2c3d4', no_wait: true } });
    expect(result.isError).toBe(true);
    expect(text(result)).toBe(
      'no_wait collects everything that is ready and takes no ticket: drop the ticket to look without waiting, or drop no_wait to wait on it',
    );
    expect(rpc.calls).toEqual([]);
  });

  it('answers Answer sent. for a reply', async () => {
    handlers['relay.Reply'] = () => ({ json: null });
    const { client } = await serve();
    const result = await client.callTool({ name: 'reply_to_session', arguments: { answer: 'all green', ticket: 'a1b2c3d4' } });
    expect(result.isError).toBeUndefined();
    expect(text(result)).toBe('Answer sent.');
    expect(rpc.calls[0]!.body).toEqual([{ from: 'S1', ticket: 'a1b2c3d4', answer: 'all green' }]);
  });

  it('refuses arguments that do not match the tool schema with isError and the reason, before any call', async () => {
    const { client } = await serve();
    const result = await client.callTool({ name: 'send_to_session', arguments: { session: ['docs'], private: 'yes' } });
    expect(result.isError).toBe(true);
    expect(text(result)).toBe(
      'invalid arguments for send_to_session: prompt is required; private must be a boolean (true or false, or "true" or "false"); session must be a string',
    );
    expect(rpc.calls).toEqual([]);
  });

  it('reads a numeric session, a "true" flag and a numeric-string timeout as lich does', async () => {
    handlers['relay.SendPrivate'] = () => ({ json: pending('5', 'a1b2c3d4', true) });
    const { client } = await serve();
    const result = await client.callTool({
      name: 'send_to_session',
      arguments: { session: 5, prompt: 'x', private: 'true', timeout_seconds: '30' },
    });
    expect(result.isError).toBeUndefined();
    expect(rpc.calls).toEqual([
      { method: 'relay.SendPrivate', body: [{ from: 'S1', target: '5', project: '', prompt: 'x', timeoutSeconds: 30 }], aborted: false },
    ]);
  });

  it('counts a flag as set only when it is true or exactly "true"', async () => {
    handlers['relay.Send'] = () => ({ json: pending('docs', 'a1b2c3d4') });
    const { client } = await serve();
    await client.callTool({ name: 'send_to_session', arguments: { session: 'docs', prompt: 'x', private: 'false' } });
    const refused = await client.callTool({ name: 'send_to_session', arguments: { session: 'docs', prompt: 'x', private: 'TRUE' } });
    expect(refused.isError).toBe(true);
    expect(rpc.calls.map((c) => c.method)).toEqual(['relay.Send']);
  });

  it('still lists the strict schema it checks leniently', async () => {
    const { client } = await serve();
    const { tools } = await client.listTools();
    const send = tools.find((t) => t.name === 'send_to_session')!;
    expect((send.inputSchema.properties as Record<string, { type: string }>).private!.type).toBe('boolean');
    expect((send.inputSchema.properties as Record<string, { type: string }>).timeout_seconds!.type).toBe('number');
  });

  it('answers tools/call params of the wrong shape with -32602 and a one-line reason', async () => {
    served = await serveInProcess({}, { connect: false });
    const call = (id: number, params: unknown) =>
      served.writeRaw(`${JSON.stringify({ jsonrpc: '2.0', id, method: 'tools/call', params })}\n`);
    call(1, { name: 'list_sessions', arguments: 'str' });
    call(2, { arguments: {} });
    call(3, { name: 7 });
    served.writeRaw(`${JSON.stringify({ jsonrpc: '2.0', id: 4, method: 'tools/call' })}\n`);
    served.endInput();
    expect(await served.exit).toBe(0);
    expect(messages(served)).toEqual([
      { jsonrpc: '2.0', id: 1, error: { code: -32602, message: 'invalid params: arguments must be an object' } },
      { jsonrpc: '2.0', id: 2, error: { code: -32602, message: 'invalid params: name is required: the tool to call' } },
      { jsonrpc: '2.0', id: 3, error: { code: -32602, message: 'invalid params: name must be a string' } },
      {
        jsonrpc: '2.0',
        id: 4,
        error: { code: -32602, message: 'invalid params: tools/call takes {"name": <tool name>, "arguments": {…}}' },
      },
    ]);
  });

  it('reads a tools/call without arguments, or with null ones, as no arguments', async () => {
    handlers['relay.Peers'] = () => ({ json: [] });
    served = await serveInProcess({ LICH_PORT: String(rpc.port), LICH_TOKEN: rpc.token, LICH_SESSION_ID: 'S1' }, { connect: false });
    served.writeRaw(`${JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'list_sessions' } })}\n`);
    served.writeRaw(
      `${JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'list_sessions', arguments: null } })}\n`,
    );
    served.endInput();
    expect(await served.exit).toBe(0);
    const text = { content: [{ type: 'text', text: 'No other live sessions.' }] };
    expect(messages(served)).toEqual([
      { jsonrpc: '2.0', id: 1, result: text },
      { jsonrpc: '2.0', id: 2, result: text },
    ]);
  });

  it('answers an unknown tool with the JSON-RPC error -32602 unknown tool <name>', async () => {
    const { client } = await serve();
    await expect(client.callTool({ name: 'cost', arguments: {} })).rejects.toMatchObject({ code: -32602 });
    const reply = messages(served).find((m) => m.error);
    expect(reply?.error).toEqual({ code: -32602, message: 'unknown tool cost' });
  });

  it('answers control_session with the control prose: done, and delivered and ended as results, not errors', async () => {
    const controlled = { id: 'S2', project: 'lich', label: 'docs', action: 'command', value: 'compact', command_id: 'm7' };
    const { client } = await serve();
    handlers['spawn.Control'] = () => ({ json: { ...controlled, state: 'done' } });
    let result = await client.callTool({ name: 'control_session', arguments: { session: 'docs', action: 'command', value: '/compact', args: 'keep it' } });
    expect(result.isError).toBeUndefined();
    expect(text(result)).toBe('"docs" ran /compact.');
    expect(rpc.calls[0]!.body).toEqual([{ from: 'S1', target: 'docs', project: '', action: 'command', value: '/compact', args: 'keep it' }]);
    handlers['spawn.Control'] = () => ({ json: { ...controlled, state: 'delivered' } });
    result = await client.callTool({ name: 'control_session', arguments: { session: 'docs', action: 'command', value: 'compact' } });
    expect(result.isError).toBeUndefined();
    expect(text(result)).toBe(
      '"docs" took the command (command, id m7) and has not confirmed it yet: a prompt or a slash command runs only once the session is idle. It still goes through.',
    );
    handlers['spawn.Control'] = () => ({ json: { ...controlled, state: 'ended' } });
    result = await client.callTool({ name: 'control_session', arguments: { session: 'docs', action: 'command', value: 'compact' } });
    expect(result.isError).toBeUndefined();
    expect(text(result)).toBe('"docs" ended before confirming the command (command, id m7).');
  });

  it('answers a withdrawn command, and a refused one, with isError and the reason, and refuses /model before any call', async () => {
    const withdrawn =
      '"docs" did not take the prompt within 10 seconds, so lich withdrew it and nothing ran: its mod stopped polling (Claude Code frozen, or the mod reloading). It is safe to send again';
    handlers['spawn.Control'] = () => ({ status: 400, json: { error: withdrawn } });
    const { client } = await serve();
    let result = await client.callTool({ name: 'control_session', arguments: { session: 'docs', action: 'prompt', value: 'go' } });
    expect(result.isError).toBe(true);
    expect(text(result)).toBe(withdrawn);
    result = await client.callTool({ name: 'control_session', arguments: { session: 'docs', action: 'command', value: '/model', args: 'opus' } });
    expect(result.isError).toBe(true);
    expect(text(result)).toBe(
      '/model is refused as a command: Claude Code saves what it sets as the default for every new session. The model action changes this session only',
    );
    expect(rpc.calls).toHaveLength(1);
  });

  it('answers ask_session with the answer alone, and every other end with isError', async () => {
    handlers['spawn.Ask'] = () => ({ json: { id: 'S2', project: 'lich', label: 'docs', answer: 'Fixing the login test.' } });
    const { client } = await serve();
    let result = await client.callTool({ name: 'ask_session', arguments: { session: 'docs', question: 'what are you working on?' } });
    expect(result.isError).toBeUndefined();
    expect(text(result)).toBe('Fixing the login test.');
    expect(rpc.calls[0]!.body).toEqual([{ from: 'S1', target: 'docs', project: '', question: 'what are you working on?' }]);
    handlers['spawn.Ask'] = () => ({ status: 400, json: { error: '"docs" ended before answering' } });
    result = await client.callTool({ name: 'ask_session', arguments: { session: 'docs', question: 'q' } });
    expect(result.isError).toBe(true);
    expect(text(result)).toBe('"docs" ended before answering');
  });

  it('turns an error lich answered with into isError carrying its text', async () => {
    handlers['spawn.Close'] = () => ({ status: 400, json: { error: 'no live session is named "nope"' } });
    const { client } = await serve();
    const result = await client.callTool({ name: 'close_session', arguments: { session: 'nope' } });
    expect(result.isError).toBe(true);
    expect(text(result)).toBe('no live session is named "nope"');
  });

  it('answers isError when no lich is running', async () => {
    const home = mkdtempSync(join(tmpdir(), 'lich-mcp-'));
    try {
      served = await serveInProcess({ HOME: home, XDG_CONFIG_HOME: join(home, '.config') });
      const result = await served.client.callTool({ name: 'list_sessions', arguments: {} });
      expect(result.isError).toBe(true);
      expect(text(result)).toBe(
        `${NO_LICH_RUNNING}. lich mcp looked for its runtime file at ${join(home, '.config')}/lich/runtime.json, under the XDG_CONFIG_HOME it was given: if lich runs under another one, pass that one in this server's "env"`,
      );
    } finally {
      rmSync(home, { recursive: true, force: true });
    }
  });

  it('refuses a prompt over 8192 bytes before anything is opened, in the relay\'s words', async () => {
    handlers['spawn.Open'] = () => ({ json: session });
    const { client } = await serve();
    const result = await client.callTool({ name: 'open_session', arguments: { prompt: 'x'.repeat(8193) } });
    expect(result.isError).toBe(true);
    expect(text(result)).toBe('prompt is 8193 bytes, over the 8192 limit: name the paths to read instead of pasting their contents');
    expect(rpc.calls).toEqual([]);
  });

  it('leaves close_session\'s worktree values to the operation, so "delete" is refused in the words the CLI prints', async () => {
    const refusal = '"delete" is not something to do with a worktree — "keep" keeps the checkout, "remove" deletes it';
    handlers['spawn.Close'] = () => ({ status: 500, json: { error: refusal } });
    const { client } = await serve();
    const result = await client.callTool({ name: 'close_session', arguments: { session: 'auth-fix', worktree: 'delete' } });
    expect(result.isError).toBe(true);
    expect(text(result)).toBe(refusal);
    expect(rpc.calls.map((c) => c.body)).toEqual([[{ from: 'S1', target: 'auth-fix', project: '', worktree: 'delete', force: false }]]);
    const { tools } = await client.listTools();
    expect(tools.find((t) => t.name === 'close_session')!.inputSchema.properties!.worktree).toMatchObject({ enum: ['keep', 'remove'] });
  });

  it('appends a failed hand-off to the opened text and flags it isError', async () => {
    handlers['spawn.Open'] = () => ({ json: session });
    handlers['relay.Send'] = () => ({ status: 400, json: { error: 'prompt is 9000 bytes; the limit is 8192' } });
    const { client } = await serve();
    const result = await client.callTool({ name: 'open_session', arguments: { prompt: 'build the docs', folder: 'run-1' } });
    expect(result.isError).toBe(true);
    expect(text(result)).toBe(
      `${openedText(session, false)}\nThe task did not reach it: prompt is 9000 bytes; the limit is 8192. The session is open, so hand it the task with send_to_session once whatever that says is dealt with.`,
    );
    expect(rpc.calls.map((c) => c.method)).toEqual(['spawn.Open', 'relay.Send']);
    expect(rpc.calls[1]!.body).toEqual([
      { from: 'S1', target: 'Session 4', project: 'lich', prompt: 'build the docs', timeoutSeconds: 20 },
    ]);
  });

  it('returns the opened text and the hand-off result when the task went in', async () => {
    handlers['spawn.Open'] = () => ({ json: session });
    handlers['relay.Send'] = () => ({ json: pending('Session 4', 'a1b2c3d4') });
    const { client } = await serve();
    const result = await client.callTool({ name: 'open_session', arguments: { prompt: 'build the docs' } });
    expect(result.isError).toBeUndefined();
    expect(text(result)).toBe(`${openedText(session, false)}\n${resultText('mcp', pending('Session 4', 'a1b2c3d4'))}`);
  });

  it('aborts the HTTP request of a cancelled call and never answers it', async () => {
    handlers['relay.Send'] = () => 'hang';
    handlers['relay.Peers'] = () => ({ json: [] });
    const { client } = await serve();
    const abort = new AbortController();
    const call = client.callTool({ name: 'send_to_session', arguments: { session: 'docs', prompt: 'x' } }, undefined, {
      signal: abort.signal,
    });
    const sent = await rpc.nextCall('relay.Send');
    abort.abort('the user pressed Esc');
    await expect(call).rejects.toThrow();
    await rpc.abortedCall(sent);
    expect(sent.aborted).toBe(true);
    // The server goes on serving, and the cancelled request (id 1, after initialize's 0) got no reply.
    expect(text(await client.callTool({ name: 'list_sessions' }))).toBe('No other live sessions.');
    const ids = messages(served).map((m) => m.id);
    expect(ids).not.toContain(1);
    expect(ids).toContain(2);
  });

  it('answers the calls still running when stdin ends, then exits 0', async () => {
    let release!: () => void;
    const released = new Promise<void>((r) => (release = r));
    handlers['relay.Reply'] = async () => {
      await released;
      return { json: null };
    };
    served = await serveInProcess(
      { LICH_PORT: String(rpc.port), LICH_TOKEN: rpc.token, LICH_SESSION_ID: 'S1' },
      { connect: false },
    );
    served.writeRaw(
      `${JSON.stringify({ jsonrpc: '2.0', id: 7, method: 'tools/call', params: { name: 'reply_to_session', arguments: { answer: 'ok' } } })}\n`,
    );
    await rpc.nextCall('relay.Reply');
    served.endInput();
    release();
    expect(await served.exit).toBe(0);
    expect(messages(served)).toEqual([{ jsonrpc: '2.0', id: 7, result: { content: [{ type: 'text', text: 'Answer sent.' }] } }]);
    expect(served.stderr()).toBe('');
  });

  it('answers ping, and an unknown method with -32601 unknown method <m>', async () => {
    served = await serveInProcess({}, { connect: false });
    served.writeRaw(`${JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'ping' })}\n`);
    served.writeRaw(`${JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'resources/list' })}\n`);
    served.endInput();
    expect(await served.exit).toBe(0);
    expect(messages(served)).toEqual([
      { jsonrpc: '2.0', id: 1, result: {} },
      { jsonrpc: '2.0', id: 2, error: { code: -32601, message: 'unknown method resources/list' } },
    ]);
  });

  it('ends with exit 1 and a lich: read message line on stderr when stdin is not JSON-RPC', async () => {
    served = await serveInProcess({}, { connect: false });
    served.writeRaw('this is not json\n');
    expect(await served.exit).toBe(1);
    expect(served.stdout()).toBe('');
    expect(served.stderr()).toMatch(/^lich: read message: .+\n$/);
  });

  it('answers the requests read before a malformed line, reads nothing after it, and exits 1', async () => {
    let release!: () => void;
    const released = new Promise<void>((r) => (release = r));
    handlers['relay.Reply'] = async () => {
      await released;
      return { json: null };
    };
    served = await serveInProcess(
      { LICH_PORT: String(rpc.port), LICH_TOKEN: rpc.token, LICH_SESSION_ID: 'S1' },
      { connect: false },
    );
    served.writeRaw(`${JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'ping' })}\n`);
    served.writeRaw(
      `${JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'reply_to_session', arguments: { answer: 'ok' } } })}\n`,
    );
    await rpc.nextCall('relay.Reply');
    served.writeRaw(`not json\n${JSON.stringify({ jsonrpc: '2.0', id: 3, method: 'ping' })}\n`);
    // The call is still running when the malformed line is read.
    while (served.stderr() === '') await new Promise((r) => setTimeout(r, 5));
    release();
    expect(await served.exit).toBe(1);
    expect(messages(served)).toEqual([
      { jsonrpc: '2.0', id: 1, result: {} },
      { jsonrpc: '2.0', id: 2, result: { content: [{ type: 'text', text: 'Answer sent.' }] } },
    ]);
    expect(served.stderr()).toMatch(/^lich: read message: [^\n]+\n$/);
  });

  it('exits 0 at EOF with nothing written', async () => {
    served = await serveInProcess({}, { connect: false });
    served.endInput();
    expect(await served.exit).toBe(0);
    expect(served.stdout()).toBe('');
    expect(served.stderr()).toBe('');
  });
});
