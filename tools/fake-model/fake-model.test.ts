import { request as httpRequest, Agent } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { type FakeModel, gate, normaliseTask, replyScript, startFakeModel, ticketIn } from './index.mjs';

let fake: FakeModel | undefined;
const logged: string[] = [];
async function start(o: Parameters<typeof startFakeModel>[0] = {}): Promise<FakeModel> {
  fake = await startFakeModel({ log: (l) => logged.push(l), ...o });
  return fake;
}
afterEach(async () => {
  await fake?.close();
  fake = undefined;
  logged.length = 0;
});

interface SseEvent {
  event: string | null;
  data: string;
}
function parseSse(text: string): SseEvent[] {
  return text
    .split('\n\n')
    .filter((b) => b.trim() !== '')
    .map((b) => {
      const lines = b.split('\n');
      const ev = lines.find((l) => l.startsWith('event: '));
      return { event: ev ? ev.slice(7) : null, data: lines.filter((l) => l.startsWith('data: ')).map((l) => l.slice(6)).join('\n') };
    });
}
async function post(path: string, body: unknown, headers: Record<string, string> = {}): Promise<{ status: number; text: string; type: string }> {
  const r = await fetch(`${fake!.url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });
  return { status: r.status, text: await r.text(), type: r.headers.get('content-type') ?? '' };
}

/** A Claude Code–shaped main-loop request: deferred MCP tools listed in a system message. */
function claudeBody(o: { user: unknown[]; toolsExtra?: unknown[]; safeguards?: boolean; stream?: boolean }) {
  return {
    model: 'claude-opus-5-5',
    stream: o.stream ?? true,
    system: [{ type: 'text', text: 'You are Claude Code.' }],
    tools: [
      { name: 'Bash', description: 'Run a command', input_schema: { type: 'object', properties: { command: { type: 'string' } }, required: ['command'] } },
      { name: 'ToolSearch', description: 'Load deferred tools', input_schema: { type: 'object', properties: { query: { type: 'string' } } } },
      ...(o.toolsExtra ?? []),
    ],
    messages: [
      { role: 'user', content: [{ type: 'text', text: '<system-reminder>\nstuff\n</system-reminder>' }, { type: 'text', text: 'hello' }] },
      { role: 'system', content: 'The following deferred tools are now available via ToolSearch.\nmcp__lich__reply_to_session\nmcp__lich__whoami' },
      ...o.user,
    ],
    ...(o.safeguards ? { safeguards: [{ type: 'dangerous_tool_use', classifier_context: {} }] } : {}),
  };
}

const relayed = (ticket: string) =>
  `[lich] Message relayed by the lich command line, not from your own prompt.\n\nwhat is 2+2\n\nWhen you have an answer, send it back by running:\n  "$LICH_BIN" reply ${ticket} "<your answer>"`;

describe('the fake model speaking Anthropic Messages', () => {
  it('streams a text answer as message_start, a text block, message_delta and message_stop', async () => {
    await start({ script: () => ({ text: 'the scripted answer' }) });
    const r = await post('/v1/messages?beta=true', { model: 'm', stream: true, messages: [{ role: 'user', content: 'hi' }] });
    expect(r.status).toBe(200);
    expect(r.type).toContain('text/event-stream');
    const evs = parseSse(r.text);
    expect(evs.map((e) => e.event)).toEqual([
      'message_start',
      'ping',
      'content_block_start',
      ...evs.filter((e) => e.event === 'content_block_delta').map(() => 'content_block_delta'),
      'content_block_stop',
      'message_delta',
      'message_stop',
    ]);
    const text = evs.filter((e) => e.event === 'content_block_delta').map((e) => JSON.parse(e.data).delta.text).join('');
    expect(text).toBe('the scripted answer');
    expect(JSON.parse(evs.find((e) => e.event === 'message_delta')!.data).delta.stop_reason).toBe('end_turn');
  });

  it('answers a non-streaming request with one JSON message', async () => {
    await start({ script: () => ({ text: 'plain', calls: [{ name: 'Bash', input: { command: 'ls' } }] }) });
    const r = await post('/v1/messages', claudeBody({ user: [], stream: false }));
    const msg = JSON.parse(r.text);
    expect(msg.type).toBe('message');
    expect(msg.stop_reason).toBe('tool_use');
    expect(msg.content[0]).toEqual({ type: 'text', text: 'plain' });
    expect(msg.content[1]).toMatchObject({ type: 'tool_use', name: 'Bash', input: { command: 'ls' } });
  });

  it("clears auto mode's safety check: every tool_use id is not_flagged in message_delta.delta.safeguard_results", async () => {
    await start({ script: () => ({ calls: [{ name: 'Bash', input: { command: 'a' } }, { name: 'Bash', input: { command: 'b' } }] }) });
    const r = await post('/v1/messages?beta=true', claudeBody({ user: [], safeguards: true }));
    const evs = parseSse(r.text);
    const ids = evs.filter((e) => e.event === 'content_block_start').map((e) => JSON.parse(e.data).content_block.id);
    expect(ids).toHaveLength(2);
    const delta = JSON.parse(evs.find((e) => e.event === 'message_delta')!.data).delta;
    expect(delta.stop_reason).toBe('tool_use');
    expect(delta.safeguard_results).toEqual([
      {
        type: 'dangerous_tool_use',
        status: { type: 'available', tool_uses: Object.fromEntries(ids.map((id: string) => [id, { type: 'evaluated', outcome: 'not_flagged' }])) },
      },
    ]);
    const args = evs.filter((e) => e.event === 'content_block_delta').map((e) => JSON.parse(JSON.parse(e.data).delta.partial_json));
    expect(args).toEqual([{ command: 'a' }, { command: 'b' }]);
  });

  it('sends no safeguard_results to a request that carried no safeguards', async () => {
    await start({ script: () => ({ calls: [{ name: 'Bash', input: { command: 'a' } }] }) });
    const r = await post('/v1/messages', claudeBody({ user: [] }));
    const delta = JSON.parse(parseSse(r.text).find((e) => e.event === 'message_delta')!.data).delta;
    expect(delta).not.toHaveProperty('safeguard_results');
  });

  it("loads a deferred reply tool through ToolSearch select:, calls it, then ends the turn with text", async () => {
    await start({ script: replyScript({ answer: 'four', via: 'tool' }) });
    const ticket = 'ab12cd34';
    const task = { role: 'user', content: [{ type: 'text', text: relayed(ticket) }] };
    const first = await post('/v1/messages', claudeBody({ user: [task], stream: false }));
    const search = JSON.parse(first.text).content[0];
    expect(search).toMatchObject({ type: 'tool_use', name: 'ToolSearch', input: { query: 'select:mcp__lich__reply_to_session' } });
    const loaded = {
      name: 'mcp__lich__reply_to_session',
      description: 'Answer a task',
      input_schema: { type: 'object', properties: { ticket: { type: 'string' }, answer: { type: 'string' } } },
      defer_loading: true,
    };
    const afterSearch = [
      task,
      { role: 'assistant', content: [search] },
      {
        role: 'user',
        content: [
          { type: 'tool_result', tool_use_id: search.id, content: [{ type: 'tool_reference', tool_name: loaded.name }] },
          { type: 'text', text: 'Tool loaded.' },
        ],
      },
    ];
    const second = JSON.parse((await post('/v1/messages', claudeBody({ user: afterSearch, toolsExtra: [loaded], stream: false }))).text).content[0];
    expect(second).toMatchObject({ type: 'tool_use', name: 'mcp__lich__reply_to_session', input: { ticket, answer: 'four' } });
    const afterReply = [
      ...afterSearch,
      { role: 'assistant', content: [second] },
      { role: 'user', content: [{ type: 'tool_result', tool_use_id: second.id, content: 'Answer sent.' }] },
    ];
    const third = JSON.parse((await post('/v1/messages', claudeBody({ user: afterReply, toolsExtra: [loaded], stream: false }))).text);
    expect(third.content).toEqual([{ type: 'text', text: 'done' }]);
    expect(third.stop_reason).toBe('end_turn');
    const last = fake!.requests[2].turn!;
    expect(last.toolResult).toMatchObject({ name: 'mcp__lich__reply_to_session', text: 'Answer sent.' });
    expect(last.text).toBe(relayed(ticket));
  });

  it('answers through Bash running "$LICH_BIN" reply when told to use the shell, quoting the answer', async () => {
    await start({ script: replyScript({ answer: "it's 4", via: 'shell' }) });
    const r = await post('/v1/messages', claudeBody({ user: [{ role: 'user', content: relayed('0123abcd') }], stream: false }));
    expect(JSON.parse(r.text).content[0]).toMatchObject({ name: 'Bash', input: { command: `"$LICH_BIN" reply 0123abcd 'it'\\''s 4'` } });
  });

  it("answers Claude Code's title side request with a JSON title", async () => {
    await start();
    const r = await post('/v1/messages', {
      model: 'claude-haiku-5-5',
      stream: false,
      output_config: { format: { type: 'json_schema', schema: { type: 'object', properties: { title: { type: 'string' } } } } },
      messages: [{ role: 'user', content: '<session>\nhello\n</session>\n\nWrite the title for this session.' }],
    });
    expect(JSON.parse(JSON.parse(r.text).content[0].text)).toEqual({ title: 'Fake task' });
    expect(fake!.requests[0].turn!.isTitle).toBe(true);
  });
});

describe('the fake model speaking OpenAI Chat Completions', () => {
  const body = (extra: Record<string, unknown> = {}) => ({
    model: 'fake-model',
    stream: true,
    stream_options: { include_usage: true },
    tools: [
      {
        type: 'function',
        function: { name: 'bash', description: 'Run', parameters: { type: 'object', properties: { command: { type: 'string' }, description: { type: 'string' } }, required: ['command', 'description'] } },
      },
      { type: 'function', function: { name: 'reply_to_session', description: 'Answer', parameters: { type: 'object' } } },
    ],
    messages: [
      { role: 'system', content: 'You are opencode.' },
      { role: 'user', content: `${relayed('feedbeef')}\nsecond line ` },
    ],
    ...extra,
  });

  it('streams chunks, the usage chunk include_usage asked for, and [DONE]', async () => {
    await start({ script: () => ({ text: 'hello there' }) });
    const r = await post('/v1/chat/completions', body());
    const datas = parseSse(r.text).map((e) => e.data);
    expect(datas[datas.length - 1]).toBe('[DONE]');
    const chunks = datas.slice(0, -1).map((d) => JSON.parse(d));
    expect(chunks.every((c) => c.object === 'chat.completion.chunk')).toBe(true);
    expect(chunks.map((c) => c.choices[0]?.delta?.content ?? '').join('')).toBe('hello there');
    expect(chunks[chunks.length - 2].choices[0].finish_reason).toBe('stop');
    expect(chunks[chunks.length - 1]).toMatchObject({ choices: [], usage: { total_tokens: expect.any(Number) } });
  });

  it('calls the reply tool an opencode session offers, with the ticket, and streams it as tool_calls', async () => {
    await start({ script: replyScript({ answer: 'done it' }) });
    const chunks = parseSse((await post('/v1/chat/completions', body())).text)
      .map((e) => e.data)
      .filter((d) => d !== '[DONE]')
      .map((d) => JSON.parse(d));
    const calls = chunks.flatMap((c) => c.choices[0]?.delta?.tool_calls ?? []);
    expect(calls[0]).toMatchObject({ index: 0, type: 'function', function: { name: 'reply_to_session', arguments: '' } });
    expect(JSON.parse(calls.map((c) => c.function.arguments).join(''))).toEqual({ ticket: 'feedbeef', answer: 'done it' });
    expect(chunks.find((c) => c.choices[0]?.finish_reason)!.choices[0].finish_reason).toBe('tool_calls');
  });

  it("gives opencode's bash the description it requires when answering through the shell", async () => {
    await start({ script: replyScript({ answer: 'x', via: 'shell' }) });
    const r = await post('/v1/chat/completions', body({ stream: false }));
    const call = JSON.parse(r.text).choices[0].message.tool_calls[0];
    expect(call.function.name).toBe('bash');
    expect(JSON.parse(call.function.arguments)).toEqual({ command: `"$LICH_BIN" reply feedbeef 'x'`, description: 'Run a command' });
  });

  it("trims opencode's trailing space from the task text", async () => {
    await start();
    await post('/v1/chat/completions', body({ stream: false }));
    expect(fake!.requests[0].turn!.text).toBe(`${relayed('feedbeef')}\nsecond line`);
  });
});

describe('the fake model speaking the OpenAI Responses API', () => {
  const body = (input: unknown[] = [{ type: 'message', role: 'user', content: [{ type: 'input_text', text: relayed('c0ffee00') }] }]) => ({
    model: 'fake-model',
    stream: true,
    instructions: '',
    tools: [
      { type: 'function', name: 'exec_command', parameters: { type: 'object', properties: { cmd: { type: 'string' } } } },
      { type: 'namespace', name: 'mcp__codex_tui', tools: [{ type: 'function', name: 'list_worktrees', parameters: {} }] },
      {
        type: 'namespace',
        name: 'mcp__lich',
        description: 'lich',
        tools: [
          { type: 'function', name: 'reply_to_session', parameters: { type: 'object' } },
          { type: 'function', name: 'list_worktrees', parameters: {} },
        ],
      },
    ],
    input: [{ type: 'message', role: 'user', content: [{ type: 'input_text', text: '<environment_context>x</environment_context>' }] }, ...input],
  });

  it('streams a function_call for a namespaced tool carrying its namespace', async () => {
    await start({ script: replyScript({ answer: 'yes' }) });
    const evs = parseSse((await post('/v1/responses', body())).text);
    expect(evs[0].event).toBe('response.created');
    expect(evs[evs.length - 1].event).toBe('response.completed');
    const done = evs.filter((e) => e.event === 'response.output_item.done').map((e) => JSON.parse(e.data).item);
    expect(done).toHaveLength(1);
    expect(done[0]).toMatchObject({ type: 'function_call', name: 'reply_to_session', namespace: 'mcp__lich' });
    expect(JSON.parse(done[0].arguments)).toEqual({ ticket: 'c0ffee00', answer: 'yes' });
    const seqs = evs.map((e) => JSON.parse(e.data).sequence_number);
    expect(seqs).toEqual(seqs.map((_, i) => i));
  });

  it("resolves a bare tool name to lich's namespace before Codex's own", async () => {
    await start({ script: () => ({ call: { name: 'list_worktrees', input: {} } }) });
    const evs = parseSse((await post('/v1/responses', body())).text);
    const item = evs.filter((e) => e.event === 'response.output_item.done').map((e) => JSON.parse(e.data).item)[0];
    expect(item).toMatchObject({ name: 'list_worktrees', namespace: 'mcp__lich' });
  });

  it('streams text as output_text deltas and reads the tool output a follow-up carries', async () => {
    await start();
    const follow = body([
      { type: 'message', role: 'user', content: [{ type: 'input_text', text: relayed('c0ffee00') }] },
      { type: 'function_call', call_id: 'call_1', name: 'reply_to_session', namespace: 'mcp__lich', arguments: '{"ticket":"c0ffee00"}' },
      { type: 'function_call_output', call_id: 'call_1', output: [{ type: 'input_text', text: 'Wall time: 0.1 seconds\nOutput:' }, { type: 'input_text', text: 'Answer sent.' }] },
    ]);
    const evs = parseSse((await post('/v1/responses', follow)).text);
    expect(evs.filter((e) => e.event === 'response.output_text.delta').map((e) => JSON.parse(e.data).delta).join('')).toBe('done');
    const completed = JSON.parse(evs[evs.length - 1].data).response;
    expect(completed.status).toBe('completed');
    expect(completed.output[0].content[0].text).toBe('done');
    expect(completed.usage.total_tokens).toBeGreaterThan(0);
    expect(fake!.requests[0].turn!.toolResult).toMatchObject({ name: 'reply_to_session', namespace: 'mcp__lich', input: { ticket: 'c0ffee00' } });
    expect(fake!.requests[0].turn!.toolResult!.text).toContain('Answer sent.');
  });
});

describe('recording and waiting', () => {
  it('records method, path, parsed body and headers with the credentials masked', async () => {
    await start();
    await post('/v1/messages?beta=true', { model: 'm', messages: [{ role: 'user', content: 'hi' }] }, { 'x-api-key': 'sk-secret', authorization: 'Bearer sk-secret', 'x-app': 'cli' });
    const r = fake!.requests[0];
    expect(r).toMatchObject({ method: 'POST', path: '/v1/messages', query: { beta: 'true' }, protocol: 'anthropic', status: 200, done: true });
    expect(r.body.messages[0].content).toBe('hi');
    expect(r.headers['x-api-key']).toBe('***');
    expect(r.headers.authorization).toBe('***');
    expect(r.headers['x-app']).toBe('cli');
    expect(JSON.stringify(fake!.requests)).not.toContain('sk-secret');
  });

  it('answers anything else 404 and logs it', async () => {
    await start();
    const r = await fetch(`${fake!.url}/v1/models`);
    expect(r.status).toBe(404);
    const h = await fetch(`${fake!.url}/api/hello`, { method: 'HEAD' });
    expect(h.status).toBe(404);
    expect(logged).toEqual(['404 GET /v1/models', '404 HEAD /api/hello']);
    expect(fake!.requests.map((q) => q.status)).toEqual([404, 404]);
  });

  it('resolves a wait when a matching request arrives, and at once for one that already did', async () => {
    await start();
    const mark = fake!.mark();
    const waiting = fake!.waitForTurn((t) => t.text === 'second', { after: mark });
    await post('/v1/chat/completions', { model: 'm', messages: [{ role: 'user', content: 'first' }] });
    await post('/v1/chat/completions', { model: 'm', messages: [{ role: 'user', content: 'second' }] });
    expect((await waiting).seq).toBe(1);
    expect((await fake!.waitForTurn((t) => t.text === 'first')).seq).toBe(0);
  });

  it('rejects a wait that times out, listing what did arrive', async () => {
    await start();
    await post('/v1/chat/completions', { model: 'm', messages: [{ role: 'user', content: 'only this' }] });
    await expect(fake!.waitForTurn((t) => t.text === 'never', { timeoutMs: 50, what: 'the never request' })).rejects.toThrow(
      /timed out after 50 ms waiting for the never request;[\s\S]*"only this"/,
    );
  });

  it('answers 500 in the protocol shape, and logs, when the script throws', async () => {
    await start({
      script: () => {
        throw new Error('boom');
      },
    });
    const r = await post('/v1/messages', { model: 'm', messages: [{ role: 'user', content: 'x' }] });
    expect(r.status).toBe(500);
    expect(JSON.parse(r.text)).toMatchObject({ type: 'error', error: { type: 'api_error', message: 'fake-model script failed: boom' } });
    expect(logged[0]).toMatch(/^script failed on request 0: Error: boom/);
  });

  it('answers from rules in order, counting their times, then falls through to the default', async () => {
    await start({ script: [{ when: /ping/, then: 'pong', times: 1 }, { when: (t) => t.text === 'x', then: { text: 'ex' } }] });
    const ask = async (content: string) =>
      JSON.parse((await post('/v1/chat/completions', { model: 'm', messages: [{ role: 'user', content }] })).text).choices[0].message.content;
    expect(await ask('ping')).toBe('pong');
    expect(await ask('ping')).toBe('ok');
    expect(await ask('x')).toBe('ex');
  });
});

describe('held and cancelled answers', () => {
  it('holds a streamed answer open after its first chunk until the gate is released', async () => {
    const g = gate();
    await start({ script: () => ({ text: 'slow answer here', hold: g.promise }) });
    const res = await fetch(`${fake!.url}/v1/chat/completions`, { method: 'POST', body: JSON.stringify({ model: 'm', stream: true, messages: [{ role: 'user', content: 'x' }] }) });
    const reader = res.body!.getReader();
    const first = new TextDecoder().decode((await reader.read()).value);
    expect(first).toContain('"role":"assistant"');
    expect(fake!.requests[0].done).toBe(false);
    const answered = new Promise((r) => fake!.events.once('answered', r));
    g.release();
    let rest = '';
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      rest += new TextDecoder().decode(value);
    }
    await answered;
    expect(first + rest).toContain('[DONE]');
    expect(fake!.requests[0]).toMatchObject({ done: true, cancelled: false });
  });

  it('records a held answer the client abandons as cancelled, and says so as an event', async () => {
    const g = gate();
    await start({ script: () => ({ text: 'never finished', hold: g.promise }) });
    const ac = new AbortController();
    const res = await fetch(`${fake!.url}/v1/messages`, { method: 'POST', signal: ac.signal, body: JSON.stringify({ model: 'm', stream: true, messages: [{ role: 'user', content: 'x' }] }) });
    await res.body!.getReader().read();
    const cancelled = fake!.waitFor((r) => r.cancelled, { timeoutMs: 5000 });
    ac.abort();
    expect((await cancelled).seq).toBe(0);
    expect(fake!.requests[0].done).toBe(false);
  });

  it('close() ends held answers and keep-alive sockets at once, so the port can be taken again', async () => {
    const g = gate();
    await start({ script: () => ({ text: 'held', hold: g.promise }) });
    const agent = new Agent({ keepAlive: true });
    // One finished keep-alive request leaves an idle socket behind; a second stays held.
    await new Promise<void>((done) => {
      const req = httpRequest(`${fake!.url}/nothing`, { agent }, (res) => {
        res.resume();
        res.on('end', () => done());
      });
      req.end();
    });
    const heldReq = httpRequest(`${fake!.url}/v1/messages`, { method: 'POST', agent });
    heldReq.on('error', () => {});
    heldReq.end(JSON.stringify({ model: 'm', stream: true, messages: [{ role: 'user', content: 'x' }] }));
    await fake!.waitFor((r) => r.path === '/v1/messages');
    const port = fake!.port;
    const t0 = Date.now();
    await fake!.close();
    expect(Date.now() - t0).toBeLessThan(1000);
    fake = await startFakeModel({ port, log: () => {} });
    expect(fake.port).toBe(port);
    agent.destroy();
  });
});

describe('task text', () => {
  it("unwraps Claude Code's <pasted_content> and drops its system reminders", () => {
    expect(normaliseTask('\n\n<pasted_content id="4ecc">\nline 1\nline 2\n</pasted_content id="4ecc">\n')).toBe('line 1\nline 2');
    expect(normaliseTask('<system-reminder>\nx\n</system-reminder>\ntask')).toBe('task');
  });

  it('finds a ticket after reply or ticket, and nothing in text without one', () => {
    expect(ticketIn('"$LICH_BIN" reply 0a1b2c3d "<your answer>"')).toBe('0a1b2c3d');
    expect(ticketIn('`reply_to_session` (ticket 9f8e7d6c)')).toBe('9f8e7d6c');
    expect(ticketIn('reply 12345 to me')).toBeNull();
  });
});
