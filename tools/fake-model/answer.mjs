// Writing an answer back in each protocol (README.md § Actions): Anthropic Messages (SSE or
// JSON), OpenAI Chat Completions (SSE with include_usage and [DONE], or JSON) and the OpenAI
// Responses API (SSE events, or JSON). Shapes as the clients accept them: real-agents.md
// §§ 3.2–3.3, 4.2, 5.2.
import { randomBytes } from 'node:crypto';

const rid = (prefix, n = 12) => `${prefix}${randomBytes(n).toString('hex')}`;

/** Splits text into about `n` chunks on word boundaries (at least one chunk, possibly empty). */
export function chunksOf(text, n = 4) {
  if (text === '') return [''];
  const words = text.split(/(?<=\s)/);
  const per = Math.max(1, Math.ceil(words.length / n));
  const out = [];
  for (let i = 0; i < words.length; i += per) out.push(words.slice(i, i + per).join(''));
  return out;
}

/**
 * Pauses the stream: `ms` later, or when the client went away (`io.gone`), whichever first.
 * Resolves `false` when the client went away.
 */
function pause(io, ms) {
  if (io.gone.done) return Promise.resolve(false);
  if (!ms) return Promise.resolve(true);
  return new Promise((res) => {
    const t = setTimeout(() => res(true), ms);
    io.gone.then(() => {
      clearTimeout(t);
      res(false);
    });
  });
}

/** Waits for the action's `hold` promise (a gate the test releases), or the client going away. */
async function holdOpen(io, action) {
  if (io.gone.done) return false;
  if (action.hold) {
    const r = await Promise.race([Promise.resolve(action.hold).then(() => true), io.gone.then(() => false)]);
    if (!r) return false;
  }
  if (action.delayMs) return pause(io, action.delayMs);
  return !io.gone.done;
}

function tokens(x) {
  return Math.max(1, Math.ceil(JSON.stringify(x ?? '').length / 4));
}

// ——— Anthropic Messages ———

async function anthropic(io, turn, action) {
  const id = rid('msg_');
  const model = turn.model ?? 'fake-model';
  const calls = (action.calls ?? []).map((c) => ({ ...c, id: rid('toolu_') }));
  const stop = action.stopReason ?? (calls.length > 0 ? 'tool_use' : 'end_turn');
  const usage = { input_tokens: tokens(turn.record.body), output_tokens: tokens(action) };
  const content = [];
  if (action.text !== undefined) content.push({ type: 'text', text: action.text });
  for (const c of calls) content.push({ type: 'tool_use', id: c.id, name: c.name, input: c.input ?? {} });
  // Auto mode waits for a verdict on every tool call (real-agents.md § 3.3): not_flagged for each.
  const safeguardResults = turn.safeguards
    ? [
        {
          type: 'dangerous_tool_use',
          status: {
            type: 'available',
            tool_uses: Object.fromEntries(calls.map((c) => [c.id, { type: 'evaluated', outcome: 'not_flagged' }])),
          },
        },
      ]
    : undefined;
  if (!turn.stream) {
    if (!(await holdOpen(io, action))) return;
    io.json(200, { id, type: 'message', role: 'assistant', model, content, stop_reason: stop, stop_sequence: null, usage, ...(safeguardResults ? { safeguard_results: safeguardResults } : {}) });
    return;
  }
  io.sse();
  const ev = (type, data) => io.write(`event: ${type}\ndata: ${JSON.stringify({ type, ...data })}\n\n`);
  ev('message_start', { message: { id, type: 'message', role: 'assistant', model, content: [], stop_reason: null, stop_sequence: null, usage: { ...usage, output_tokens: 1 } } });
  ev('ping', {});
  let index = 0;
  let held = false;
  const hold = async () => {
    if (held) return true;
    held = true;
    return holdOpen(io, action);
  };
  if (action.text !== undefined) {
    ev('content_block_start', { index, content_block: { type: 'text', text: '' } });
    const parts = chunksOf(action.text);
    for (let i = 0; i < parts.length; i++) {
      ev('content_block_delta', { index, delta: { type: 'text_delta', text: parts[i] } });
      if (i === 0 && !(await hold())) return;
      if (i > 0 && !(await pause(io, action.chunkMs))) return;
    }
    ev('content_block_stop', { index });
    index++;
  }
  if (!(await hold())) return;
  for (const c of calls) {
    ev('content_block_start', { index, content_block: { type: 'tool_use', id: c.id, name: c.name, input: {} } });
    ev('content_block_delta', { index, delta: { type: 'input_json_delta', partial_json: JSON.stringify(c.input ?? {}) } });
    ev('content_block_stop', { index });
    index++;
  }
  ev('message_delta', {
    delta: { stop_reason: stop, stop_sequence: null, ...(safeguardResults ? { safeguard_results: safeguardResults } : {}) },
    usage: { output_tokens: usage.output_tokens },
  });
  ev('message_stop', {});
  io.end();
}

// ——— OpenAI Chat Completions ———

async function chat(io, turn, action) {
  const id = rid('chatcmpl-');
  const model = turn.model ?? 'fake-model';
  const created = Math.floor(Date.now() / 1000);
  const calls = (action.calls ?? []).map((c) => ({ ...c, id: rid('call_') }));
  const finish = action.stopReason ?? (calls.length > 0 ? 'tool_calls' : 'stop');
  const prompt = tokens(turn.record.body);
  const completion = tokens(action);
  const usage = { prompt_tokens: prompt, completion_tokens: completion, total_tokens: prompt + completion };
  const toolCalls = calls.map((c) => ({ id: c.id, type: 'function', function: { name: c.name, arguments: JSON.stringify(c.input ?? {}) } }));
  if (!turn.stream) {
    if (!(await holdOpen(io, action))) return;
    const message = { role: 'assistant', content: action.text ?? null, ...(toolCalls.length ? { tool_calls: toolCalls } : {}) };
    io.json(200, { id, object: 'chat.completion', created, model, choices: [{ index: 0, message, finish_reason: finish }], usage });
    return;
  }
  io.sse();
  const chunk = (choices, extra = {}) => io.write(`data: ${JSON.stringify({ id, object: 'chat.completion.chunk', created, model, choices, ...extra })}\n\n`);
  chunk([{ index: 0, delta: { role: 'assistant', content: '' }, finish_reason: null }]);
  let held = false;
  const hold = async () => {
    if (held) return true;
    held = true;
    return holdOpen(io, action);
  };
  if (action.text !== undefined) {
    const parts = chunksOf(action.text);
    for (let i = 0; i < parts.length; i++) {
      chunk([{ index: 0, delta: { content: parts[i] }, finish_reason: null }]);
      if (i === 0 && !(await hold())) return;
      if (i > 0 && !(await pause(io, action.chunkMs))) return;
    }
  }
  if (!(await hold())) return;
  calls.forEach((c, i) => {
    chunk([{ index: 0, delta: { tool_calls: [{ index: i, id: c.id, type: 'function', function: { name: c.name, arguments: '' } }] }, finish_reason: null }]);
    chunk([{ index: 0, delta: { tool_calls: [{ index: i, function: { arguments: JSON.stringify(c.input ?? {}) } }] }, finish_reason: null }]);
  });
  chunk([{ index: 0, delta: {}, finish_reason: finish }]);
  if (turn.includeUsage) chunk([], { usage });
  io.write('data: [DONE]\n\n');
  io.end();
}

// ——— OpenAI Responses ———

async function responses(io, turn, action) {
  const id = rid('resp_');
  const model = turn.model ?? 'fake-model';
  const created = Math.floor(Date.now() / 1000);
  const calls = (action.calls ?? []).map((c) => ({ ...c, id: rid('fc_'), callId: rid('call_') }));
  const input = tokens(turn.record.body);
  const output = tokens(action);
  const usage = {
    input_tokens: input,
    input_tokens_details: { cached_tokens: 0 },
    output_tokens: output,
    output_tokens_details: { reasoning_tokens: 0 },
    total_tokens: input + output,
  };
  const items = [];
  const msgId = rid('msg_');
  if (action.text !== undefined) {
    items.push({ id: msgId, type: 'message', status: 'completed', role: 'assistant', content: [{ type: 'output_text', text: action.text, annotations: [] }] });
  }
  for (const c of calls) {
    // A call of a tool offered inside a namespace tool carries that namespace (real-agents.md § 5.2).
    items.push({ id: c.id, type: 'function_call', status: 'completed', call_id: c.callId, name: c.name, arguments: JSON.stringify(c.input ?? {}), ...(c.namespace ? { namespace: c.namespace } : {}) });
  }
  const response = (status, out) => ({
    id,
    object: 'response',
    created_at: created,
    status,
    model,
    output: out,
    parallel_tool_calls: true,
    tool_choice: 'auto',
    tools: [],
    ...(status === 'completed' ? { usage } : {}),
  });
  if (!turn.stream) {
    if (!(await holdOpen(io, action))) return;
    io.json(200, response('completed', items));
    return;
  }
  io.sse();
  let seq = 0;
  const ev = (type, data) => io.write(`event: ${type}\ndata: ${JSON.stringify({ type, sequence_number: seq++, ...data })}\n\n`);
  ev('response.created', { response: response('in_progress', []) });
  ev('response.in_progress', { response: response('in_progress', []) });
  let held = false;
  const hold = async () => {
    if (held) return true;
    held = true;
    return holdOpen(io, action);
  };
  let outputIndex = 0;
  if (action.text !== undefined) {
    const oi = outputIndex++;
    ev('response.output_item.added', { output_index: oi, item: { id: msgId, type: 'message', status: 'in_progress', role: 'assistant', content: [] } });
    ev('response.content_part.added', { item_id: msgId, output_index: oi, content_index: 0, part: { type: 'output_text', text: '', annotations: [] } });
    const parts = chunksOf(action.text);
    for (let i = 0; i < parts.length; i++) {
      ev('response.output_text.delta', { item_id: msgId, output_index: oi, content_index: 0, delta: parts[i] });
      if (i === 0 && !(await hold())) return;
      if (i > 0 && !(await pause(io, action.chunkMs))) return;
    }
    ev('response.output_text.done', { item_id: msgId, output_index: oi, content_index: 0, text: action.text });
    ev('response.content_part.done', { item_id: msgId, output_index: oi, content_index: 0, part: { type: 'output_text', text: action.text, annotations: [] } });
    ev('response.output_item.done', { output_index: oi, item: items[0] });
  }
  if (!(await hold())) return;
  for (const item of items.filter((i) => i.type === 'function_call')) {
    const oi = outputIndex++;
    ev('response.output_item.added', { output_index: oi, item: { ...item, status: 'in_progress', arguments: '' } });
    ev('response.function_call_arguments.delta', { item_id: item.id, output_index: oi, delta: item.arguments });
    ev('response.function_call_arguments.done', { item_id: item.id, output_index: oi, arguments: item.arguments });
    ev('response.output_item.done', { output_index: oi, item });
  }
  ev('response.completed', { response: response('completed', items) });
  io.end();
}

/**
 * Writes `action` (normalised: `{text?, calls?, stopReason?, hold?, delayMs?, chunkMs?}`) as the
 * answer to `turn` in its protocol through `io` (`sse`, `json`, `write`, `end`, and `gone`, a
 * promise with a `done` flag that settles when the client goes away).
 */
export function writeAnswer(io, turn, action) {
  if (turn.protocol === 'anthropic') return anthropic(io, turn, action);
  if (turn.protocol === 'chat') return chat(io, turn, action);
  return responses(io, turn, action);
}

/** The protocol's error body for an HTTP error answer. */
export function errorBody(protocol, status, message) {
  if (protocol === 'anthropic') return { type: 'error', error: { type: status === 429 ? 'rate_limit_error' : status >= 500 ? 'api_error' : 'invalid_request_error', message } };
  return { error: { message, type: status >= 500 ? 'server_error' : 'invalid_request_error', code: null } };
}
