// Scripts: what the fake model answers to a turn (README.md § Scripts). A script is a function
// `(turn) => Action | undefined` or a list of rules `{when, then, times?}`; `undefined` falls
// through to the fallback (by default `replyScript()`).

/** Shell tools by the argument that holds the command (real-agents.md § 2.3). */
const SHELLS = [
  { name: 'Bash', arg: 'command' }, // Claude Code
  { name: 'bash', arg: 'command' }, // opencode
  { name: 'exec_command', arg: 'cmd' }, // Codex
  { name: 'shell', arg: 'command' },
];

/** `s` as one POSIX shell word: single-quoted, with `'` spelled `'\''`. */
export function shellQuote(s) {
  return `'${String(s).replace(/'/g, `'\\''`)}'`;
}

/** The shell tool `turn` offers, as `{tool, arg}`, or `null`. */
export function shellTool(turn) {
  for (const s of SHELLS) {
    const t = turn.tools.find((x) => x.name === s.name && x.namespace === null);
    if (t) return { tool: t, arg: s.arg };
  }
  return null;
}

/**
 * The action that runs `command` through the shell tool `turn` offers, or `null` when it offers
 * none. opencode's `bash` also requires a `description`.
 */
export function runShell(turn, command) {
  const sh = shellTool(turn);
  if (!sh) return null;
  const input = { [sh.arg]: command };
  if (Array.isArray(sh.tool.schema?.required) && sh.tool.schema.required.includes('description')) input.description = 'Run a command';
  return { calls: [{ name: sh.tool.name, input }] };
}

/**
 * The next step towards calling tool `name` with `input`: the call itself when it is offered
 * (its real name and namespace resolved: `whoami` is `mcp__lich__whoami` in Claude Code and
 * `whoami` in namespace `mcp__lich` in Codex); Claude Code's `ToolSearch {"query":"select:…"}`
 * first when it is deferred (real-agents.md § 3.4) — also when lich's server is still
 * connecting, since ToolSearch waits for it; `null` when neither can reach it.
 */
export function useTool(turn, name, input = {}) {
  const t = turn.tool(name);
  if (t) return { calls: [{ name: t.name, input, ...(t.namespace ? { namespace: t.namespace } : {}) }] };
  if (turn.has('ToolSearch') && turn.toolResult?.name !== 'ToolSearch') {
    const full = turn.deferredTool(name) ?? (name.startsWith('mcp__') ? name : `mcp__lich__${name}`);
    return { calls: [{ name: 'ToolSearch', input: { query: `select:${full}`, max_results: 5 } }] };
  }
  return null;
}

/** The harmless answer to a title side request: `{"title":…}` where JSON was asked for. */
export function titleAction(turn, title = 'Fake task') {
  return { text: turn.wantsJson ? JSON.stringify({ title }) : title };
}

/**
 * The default script (real-agents.md § 2.3): a title request gets a title; after a tool result
 * (other than ToolSearch loading a tool) the turn ends with `done`; a turn whose task carries a
 * lich ticket answers it — `via: 'tool'` through `reply_to_session` (after ToolSearch where it is
 * deferred), `'shell'` through the shell tool running `"$LICH_BIN" reply <ticket> '<answer>'`,
 * `'auto'` (default) the tool if it can be reached, else the shell; `'none'` ends the turn with
 * `answer` as text and no reply (an errand ended unanswered). A task without a ticket is
 * answered with `answer` as text.
 *
 * `answer` is a string or `(turn) => string`. Where the route asked for is not offered, the
 * answer says so as text (`fake-model: no reply tool offered`), so a test waiting for the real
 * answer fails rather than passes by another route.
 */
export function replyScript(o = {}) {
  const via = o.via ?? 'auto';
  const done = o.done ?? 'done';
  return (turn) => {
    if (turn.isTitle) return titleAction(turn, o.title);
    if (turn.toolResult && turn.toolResult.name !== 'ToolSearch') return { text: done };
    const answer = typeof o.answer === 'function' ? o.answer(turn) : (o.answer ?? 'ok');
    if (!turn.ticket || via === 'none') return { text: answer };
    if (via === 'tool' || via === 'auto') {
      const step = useTool(turn, 'reply_to_session', { ticket: turn.ticket, answer });
      if (step) return step;
      if (via === 'tool') return { text: 'fake-model: no reply tool offered' };
    }
    const sh = runShell(turn, `"$LICH_BIN" reply ${turn.ticket} ${shellQuote(answer)}`);
    return sh ?? { text: 'fake-model: no shell tool offered' };
  };
}

/**
 * A script from rules: the first rule whose `when` matches answers. `when` is a predicate on the
 * turn, a RegExp tested on `turn.text`, or a string `turn.text` includes; `then` an action or
 * `(turn) => action` (returning `undefined` tries the next rule); `times` how often the rule may
 * answer before it is skipped (default: always).
 */
export function rules(list) {
  const used = new Map();
  return (turn) => {
    for (const r of list) {
      const n = used.get(r) ?? 0;
      if (r.times !== undefined && n >= r.times) continue;
      if (!matches(r.when, turn)) continue;
      const a = typeof r.then === 'function' ? r.then(turn) : r.then;
      if (a === undefined) continue;
      used.set(r, n + 1);
      return a;
    }
    return undefined;
  };
}

function matches(when, turn) {
  if (when === undefined) return true;
  if (typeof when === 'function') return !!when(turn);
  if (when instanceof RegExp) return when.test(turn.text);
  return turn.text.includes(String(when));
}

/**
 * Makes a script function out of what a test gave: a function, a rule list, or nothing; each
 * falls through to `fallback` when it returns `undefined`.
 */
export function toScript(script, fallback) {
  const first = Array.isArray(script) ? rules(script) : typeof script === 'function' ? script : () => undefined;
  return (turn) => {
    const a = first(turn);
    return a === undefined ? fallback(turn) : a;
  };
}

/**
 * Normalises an action: `{text}`, `{calls}`, `{call}` (one call), `{error:{status,message}}`,
 * with `hold`, `delayMs`, `chunkMs`, `stopReason`; a bare string is `{text}`. Call names are
 * resolved on the turn (a bare `whoami` becomes lich's), so a script may name tools plainly.
 */
export function normaliseAction(turn, a) {
  if (typeof a === 'string') a = { text: a };
  if (!a || typeof a !== 'object') throw new Error(`a script answered ${JSON.stringify(a)}, not an action`);
  const calls = [...(a.calls ?? []), ...(a.call ? [a.call] : [])].map((c) => {
    if (c.namespace !== undefined || turn.tools.some((t) => t.name === c.name && t.namespace === null)) return c;
    const t = turn.tool(c.name);
    return t ? { ...c, name: t.name, ...(t.namespace ? { namespace: t.namespace } : {}) } : c;
  });
  const out = { ...a, calls };
  delete out.call;
  if (out.text === undefined && calls.length === 0 && !out.error) out.text = '';
  return out;
}
