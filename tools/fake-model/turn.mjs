// What a model request says, whatever protocol carried it: the protocol-neutral `Turn` a script
// reads (README.md § Turn). One parser per protocol: Anthropic Messages, OpenAI Chat
// Completions, OpenAI Responses. Facts from docs/spec/real-agents.md §§ 3.2, 4.2, 5.2.

/** A lich ticket in relayed text: 8 hex digits after `reply` or `ticket` (real-agents.md § 2.3). */
const TICKET = /\b(?:reply|ticket)\s+([0-9a-f]{8})\b/;

/** Finds the lich ticket a text carries, or `null`. */
export function ticketIn(text) {
  const m = TICKET.exec(text ?? '');
  return m ? m[1] : null;
}

/**
 * Task text as it was typed: Claude Code's `<pasted_content id="…">` wrapper and its
 * `<system-reminder>` blocks taken out, opencode's trailing space (and any outer blank lines)
 * trimmed (real-agents.md §§ 3.5, 4.5).
 */
export function normaliseTask(text) {
  let t = String(text ?? '');
  t = t.replace(/<system-reminder>[\s\S]*?<\/system-reminder>/g, '');
  t = t.replace(/<pasted_content id="([^"]*)">\n?([\s\S]*?)\n?<\/pasted_content id="\1">/g, (_, __, body) => body);
  return t.trim();
}

function textOf(content) {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return '';
  return content
    .map((b) => {
      if (typeof b === 'string') return b;
      if (!b || typeof b !== 'object') return '';
      if (typeof b.text === 'string') return b.text;
      if (b.type === 'tool_reference') return `[tool_reference ${b.tool_name}]`;
      if (Array.isArray(b.content)) return textOf(b.content);
      if (typeof b.content === 'string') return b.content;
      return '';
    })
    .filter((s) => s !== '')
    .join('\n');
}

function tool(name, description, schema, extra = {}) {
  return { name, namespace: extra.namespace ?? null, description: description ?? '', schema: schema ?? null, deferred: !!extra.deferred, raw: extra.raw };
}

/** Every MCP tool name (`mcp__<server>__<tool>`) a text mentions, in order, once each. */
function mcpNames(text) {
  return [...new Set(String(text).match(/\bmcp__[A-Za-z0-9_-]+?__[A-Za-z0-9_-]+\b/g) ?? [])];
}

// ——— Anthropic Messages ———

function anthropicTurn(body) {
  const messages = Array.isArray(body.messages) ? body.messages : [];
  const tools = (Array.isArray(body.tools) ? body.tools : []).map((t) =>
    tool(t.name, t.description, t.input_schema, { deferred: t.defer_loading === true, raw: t }),
  );
  // Claude Code lists its deferred tools (every MCP tool among them) in a `role: "system"`
  // message, or a <system-reminder>, naming them without schemas (real-agents.md § 3.4).
  const deferred = [];
  for (const m of messages) {
    const t = textOf(m.content);
    if (/deferred tools/i.test(t)) for (const n of mcpNames(t)) if (!deferred.includes(n)) deferred.push(n);
  }
  const userMsgs = messages.filter((m) => m.role === 'user');
  // Claude Code 2.1.328 may put a `role: "system"` message (its environment block) after a tool's
  // result: the turn answers that result all the same.
  const last = [...messages].reverse().find((m) => m.role !== 'system');
  let toolResult = null;
  if (last && last.role === 'user' && Array.isArray(last.content)) {
    const tr = [...last.content].reverse().find((b) => b && b.type === 'tool_result');
    if (tr) {
      const call = findAnthropicCall(messages, tr.tool_use_id);
      toolResult = { id: tr.tool_use_id, name: call?.name ?? null, input: call?.input ?? null, text: textOf(tr.content), isError: tr.is_error === true };
    }
  }
  // The task: the last user message that is typed text rather than tool results.
  let task = '';
  for (let i = userMsgs.length - 1; i >= 0; i--) {
    const c = userMsgs[i].content;
    const blocks = typeof c === 'string' ? [{ type: 'text', text: c }] : Array.isArray(c) ? c : [];
    const texts = blocks.filter((b) => b && b.type === 'text' && !/^\s*<system-reminder>[\s\S]*<\/system-reminder>\s*$/.test(b.text));
    // A message carrying tool results is the client's, not typed: Claude Code adds a text
    // (`Tool loaded.`) beside ToolSearch's result.
    if (blocks.some((b) => b && b.type === 'tool_result')) continue;
    if (texts.length === 0) continue;
    task = texts.map((b) => b.text).join('\n');
    break;
  }
  const system = typeof body.system === 'string' ? body.system : textOf(body.system);
  return {
    protocol: 'anthropic',
    model: body.model ?? null,
    stream: body.stream === true,
    system,
    rawTask: task,
    tools,
    deferred,
    toolResult,
    messageCount: messages.length,
    // The title side request carries no tools and asks for a JSON `title` (real-agents.md § 3.2).
    wantsJson: body.output_config?.format != null,
    safeguards: Array.isArray(body.safeguards) && body.safeguards.length > 0,
    effort: body.output_config?.effort ?? null,
  };
}

function findAnthropicCall(messages, id) {
  for (const m of messages) {
    if (m.role !== 'assistant' || !Array.isArray(m.content)) continue;
    for (const b of m.content) if (b && b.type === 'tool_use' && b.id === id) return b;
  }
  return null;
}

// ——— OpenAI Chat Completions ———

function chatTurn(body) {
  const messages = Array.isArray(body.messages) ? body.messages : [];
  const tools = (Array.isArray(body.tools) ? body.tools : [])
    .filter((t) => t && t.type === 'function' && t.function)
    .map((t) => tool(t.function.name, t.function.description, t.function.parameters, { raw: t }));
  const last = messages[messages.length - 1];
  let toolResult = null;
  if (last && last.role === 'tool') {
    let call = null;
    for (const m of messages) {
      if (m.role !== 'assistant' || !Array.isArray(m.tool_calls)) continue;
      for (const c of m.tool_calls) if (c.id === last.tool_call_id) call = c;
    }
    let input = null;
    try {
      input = call ? JSON.parse(call.function?.arguments || 'null') : null;
    } catch {
      input = call?.function?.arguments ?? null;
    }
    toolResult = { id: last.tool_call_id, name: call?.function?.name ?? null, input, text: textOf(last.content), isError: false };
  }
  const lastUser = [...messages].reverse().find((m) => m.role === 'user');
  const system = messages.filter((m) => m.role === 'system').map((m) => textOf(m.content)).join('\n');
  return {
    protocol: 'chat',
    model: body.model ?? null,
    stream: body.stream === true,
    system,
    rawTask: lastUser ? textOf(lastUser.content) : '',
    tools,
    deferred: [],
    toolResult,
    messageCount: messages.length,
    wantsJson: body.response_format?.type === 'json_schema' || body.response_format?.type === 'json_object',
    safeguards: false,
    effort: body.reasoning_effort ?? null,
    includeUsage: body.stream_options?.include_usage === true,
  };
}

// ——— OpenAI Responses ———

function responsesTurn(body) {
  const input = typeof body.input === 'string' ? [{ type: 'message', role: 'user', content: body.input }] : Array.isArray(body.input) ? body.input : [];
  const tools = [];
  for (const t of Array.isArray(body.tools) ? body.tools : []) {
    if (!t) continue;
    if (t.type === 'function') tools.push(tool(t.name, t.description, t.parameters, { raw: t }));
    else if (t.type === 'namespace' && Array.isArray(t.tools)) {
      for (const inner of t.tools) if (inner && inner.type === 'function') tools.push(tool(inner.name, inner.description, inner.parameters, { namespace: t.name, raw: inner }));
    }
  }
  const items = input.map((i) => (i.type === undefined && i.role ? { ...i, type: 'message' } : i));
  const last = items[items.length - 1];
  let toolResult = null;
  if (last && last.type === 'function_call_output') {
    const call = items.find((i) => i.type === 'function_call' && i.call_id === last.call_id);
    let args = null;
    try {
      args = call ? JSON.parse(call.arguments || 'null') : null;
    } catch {
      args = call?.arguments ?? null;
    }
    const out = typeof last.output === 'string' ? last.output : textOf(last.output);
    toolResult = { id: last.call_id, name: call?.name ?? null, namespace: call?.namespace ?? null, input: args, text: out, isError: false };
  }
  const lastUser = [...items].reverse().find((i) => i.type === 'message' && i.role === 'user' && !/^\s*<environment_context>/.test(textOf(i.content)));
  const developer = items.filter((i) => i.type === 'message' && (i.role === 'developer' || i.role === 'system')).map((i) => textOf(i.content));
  return {
    protocol: 'responses',
    model: body.model ?? null,
    stream: body.stream === true,
    system: [body.instructions ?? '', ...developer].filter(Boolean).join('\n'),
    rawTask: lastUser ? textOf(lastUser.content) : '',
    tools,
    deferred: [],
    toolResult,
    messageCount: items.length,
    wantsJson: body.text?.format?.type === 'json_schema',
    safeguards: false,
    effort: body.reasoning?.effort ?? null,
  };
}

const TITLE = /\btitle\b/i;

/**
 * The protocol-neutral view of one request (README.md § Turn). `protocol` is `anthropic`,
 * `chat` or `responses`; `record` the recorded request it was made from.
 */
export function makeTurn(protocol, body, record) {
  const base = protocol === 'anthropic' ? anthropicTurn(body) : protocol === 'chat' ? chatTurn(body) : responsesTurn(body);
  const text = normaliseTask(base.rawTask);
  const turn = {
    ...base,
    text,
    ticket: ticketIn(text),
    // A side request for a session title: no tools offered, and the prompt or system asks for a title.
    isTitle: base.tools.length === 0 && base.toolResult === null && (TITLE.test(base.system) || TITLE.test(base.rawTask)),
    /** The offered tool called `name`: exact, else `mcp__<server>__<name>` (Claude Code), else in a namespace (Codex; lich's first). */
    tool(name) {
      return findTool(turn.tools, name);
    },
    /** Whether `name` is offered now (see {@link tool}). */
    has(name) {
      return findTool(turn.tools, name) !== null;
    },
    /** The deferred tool (Claude Code, behind ToolSearch) whose name is or ends in `__<name>`. */
    deferredTool(name) {
      return turn.deferred.find((n) => n === name || n.endsWith(`__${name}`)) ?? null;
    },
  };
  // Not enumerable: a record (which holds its turn) stays JSON-serialisable for a test's dump.
  Object.defineProperty(turn, 'record', { value: record, enumerable: false });
  return turn;
}

function findTool(tools, name) {
  const exact = tools.filter((t) => t.name === name);
  if (exact.length > 0) {
    // Codex's TUI has its own `list_worktrees` (namespace mcp__codex_tui): lich's wins.
    return exact.find((t) => t.namespace === 'mcp__lich') ?? exact.find((t) => t.namespace === null) ?? exact[0];
  }
  return tools.find((t) => /^mcp__.+?__/.test(t.name) && t.name.replace(/^mcp__.+?__/, '') === name) ?? null;
}
