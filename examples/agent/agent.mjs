#!/usr/bin/env node
// The example agent: a stand-in for a coding-agent CLI, run by lich in a PTY like any
// provider (registered as a user-defined provider in <configDir>/providers.json).
//
// It does what a real agent does with lich and nothing more: it reads its prompt with
// bracketed paste on, announces itself through /session-start at startup and reports
// busy/done through the session-state hook the way the lich plugin does (wire.md § 11.1) —
// the announcement is what tells lich its silence means something — and answers a relayed task by running the one command the
// message spells out, "$LICH_BIN" reply <ticket> "<answer>" (spec/cli.md § The message a
// target receives). Its "model" is /bin/sh: the task's prompt is run as a shell command in
// the session's checkout, and the command's output is the report. A nudge at its prompt
// (spec/cli.md § The answer is announced, and collected) makes it run "$LICH_BIN" wait.
// Registered with `"tools": true` (providers.json), it has lich's tools: a message offering
// reply_to_session is answered with that tool — one `relay.Reply` call to lich from this process,
// as a tool call reaches lich through an MCP server the agent keeps running (Claude Code's and
// Codex's `lich mcp`), with no process started for the answer — and by the command only when the
// tool fails.
//
// Environment:
//   LICH_PORT, LICH_TOKEN, LICH_SESSION_ID, LICH_BIN  set by lich in every session's PTY
//   EXAMPLE_AGENT_LOG    a file every action is appended to as one JSON line (tests read it)
//   EXAMPLE_AGENT_HOOKS  "off" to report nothing at all (no session-start, no state), like a
//                        provider without a plugin
//   EXAMPLE_AGENT_PROVIDER  the provider id it announces itself as at session-start; it must
//                        be the id lich registered it under in providers.json (default "example")
//   EXAMPLE_AGENT_ASK    a question it asks on start, before its prompt exists — a stand-in for
//                        Claude Code asking whether a directory is trusted: "1" typed on its own
//                        goes on to the prompt, "2" ends the agent, and everything else (a pasted
//                        message, an Enter) is swallowed. It announces itself before asking.
//
// Zero dependencies: it has to start as fast as node does.

import { execFile, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { appendFileSync } from 'node:fs';
import { request } from 'node:http';
import { InputReader, QuestionReader, classify, report } from './parse.mjs';

const env = process.env;
const sessionId = env.LICH_SESSION_ID ?? '';
const logFile = env.EXAMPLE_AGENT_LOG ?? '';
const hooksOn = env.EXAMPLE_AGENT_HOOKS !== 'off';
const providerId = env.EXAMPLE_AGENT_PROVIDER || 'example';
const question = env.EXAMPLE_AGENT_ASK ?? '';
const PROMPT = 'example> ';

/** @type {string[]} */
const queue = [];
let working = false;
let ending = false;
/** @type {import('node:child_process').ChildProcess | null} */
let running = null;

function log(event, fields = {}) {
  if (!logFile) return;
  const line = JSON.stringify({ t: new Date().toISOString(), session: sessionId, pid: process.pid, event, ...fields });
  try {
    appendFileSync(logFile, line + '\n');
  } catch {
    // A log that cannot be written must not take the agent down with it.
  }
}

function out(text) {
  if (process.stdout.writable) process.stdout.write(text.replace(/\r?\n/g, '\r\n'));
}

function say(text) {
  out(text.endsWith('\n') ? text : text + '\n');
}

/**
 * POSTs one plugin report to lich (`<path>?token=…`, 204 expected) and logs it as `event`.
 * Resolves with the HTTP status, 0 when lich could not be reached, -1 when hooks are off or
 * this is not a lich session; never rejects: a missed report is logged and the agent goes on,
 * as it would with a real plugin.
 *
 * @param {string} path
 * @param {Record<string, string>} body
 * @param {string} event
 * @param {Record<string, unknown>} fields logged with the outcome
 */
function post(path, body, event, fields) {
  return exchange(path, body, event, fields).then((r) => r.status);
}

/**
 * {@link post}, resolving `{status, text}`: the HTTP status as post's, and the response body.
 *
 * @param {string} path
 * @param {unknown} body
 * @param {string} event
 * @param {Record<string, unknown>} fields
 * @returns {Promise<{status: number, text: string}>}
 */
function exchange(path, body, event, fields) {
  if (!hooksOn || !env.LICH_PORT || !env.LICH_TOKEN || !sessionId) return Promise.resolve({ status: -1, text: '' });
  const text = JSON.stringify(body);
  return new Promise((resolve) => {
    const req = request(
      {
        host: '127.0.0.1',
        port: Number(env.LICH_PORT),
        path: `${path}?token=${encodeURIComponent(String(env.LICH_TOKEN))}`,
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(text) },
        timeout: 5000,
      },
      (res) => {
        let answer = '';
        res.setEncoding('utf8');
        res.on('data', (chunk) => (answer += chunk));
        res.on('end', () => {
          log(event, { ...fields, status: res.statusCode });
          resolve({ status: res.statusCode ?? 0, text: answer });
        });
      },
    );
    req.on('timeout', () => req.destroy(new Error('timed out')));
    req.on('error', (err) => {
      log(event, { ...fields, status: 0, error: err.message });
      resolve({ status: 0, text: err.message });
    });
    req.end(text);
  });
}

/**
 * Reports the session's state through the session-state hook, as the lich plugin does
 * (`POST /hook` with `{"session_id","state"}`).
 *
 * @param {'busy' | 'done'} state
 */
function reportState(state) {
  return post('/hook', { session_id: sessionId, state }, 'state', { state });
}

/**
 * Announces the session once at startup, as the lich plugin's SessionStart hook does
 * (`POST /session-start` with `{"session_id","provider_session_id","provider"}`): a fresh
 * provider session id, and the provider id lich knows this agent by.
 */
function reportStart() {
  const providerSessionId = randomUUID();
  return post(
    '/session-start',
    { session_id: sessionId, provider_session_id: providerSessionId, provider: providerId },
    'session-start',
    { provider: providerId, providerSessionId },
  );
}

/** Runs `command` with /bin/sh in the checkout, output of both streams in arrival order. */
function shell(command) {
  return new Promise((resolve) => {
    let output = '';
    const child = spawn('/bin/sh', ['-c', command], { cwd: process.cwd(), env, stdio: ['ignore', 'pipe', 'pipe'] });
    running = child;
    const take = (chunk) => {
      const text = chunk.toString();
      output += text;
      out(text);
    };
    child.stdout.on('data', take);
    child.stderr.on('data', take);
    child.on('error', (err) => {
      output += `${err.message}\n`;
    });
    child.on('close', (code, signal) => {
      running = null;
      resolve({ output, code, signal });
    });
  });
}

/** Runs "$LICH_BIN" with `args`, no shell in between: the answer is passed as one argv word. */
function lich(args) {
  const bin = env.LICH_BIN || 'lich';
  return new Promise((resolve) => {
    execFile(bin, args, { env, maxBuffer: 4 << 20 }, (err, stdout, stderr) => {
      const code = err ? (typeof err.code === 'number' ? err.code : 1) : 0;
      if (err && typeof err.code !== 'number') stderr += err.message;
      resolve({ code, stdout, stderr });
    });
  });
}

async function work(text) {
  const what = classify(text);
  log('received', { kind: what.kind, text });
  if (what.kind === 'task') return task(what);
  if (what.kind === 'nudge') return collect(what.text);
  if (what.kind === 'notice') {
    say(`· lich says: ${what.text.split('\n', 1)[0]}`);
    return;
  }
  // Typed by a person at the prompt: run it, answer nobody.
  await reportState('busy');
  say(`$ ${what.text}`);
  const ran = await shell(what.text);
  log('ran', { command: what.text, code: ran.code, signal: ran.signal, output: ran.output });
  await reportState('done');
}

async function task(t) {
  const from = t.origin === '' ? 'the lich command line' : `session "${t.origin}"`;
  log('task', { origin: t.origin, ticket: t.ticket, prompt: t.prompt, directives: t.directives, tools: t.tools });
  if (t.directives.includes('ignore')) {
    // The "never read" case: the text sits at the prompt and nothing picks it up.
    say(`· a task from ${from} (ticket ${t.ticket}) arrived; ignoring it as told`);
    log('ignored', { ticket: t.ticket });
    return;
  }
  await reportState('busy');
  say(`· task from ${from}, ticket ${t.ticket}`);
  say(`$ ${t.prompt}`);
  const ran = await shell(t.prompt);
  const answer = report(ran.output, ran.code, ran.signal);
  log('ran', { command: t.prompt, ticket: t.ticket, code: ran.code, signal: ran.signal, output: ran.output });
  if (t.directives.includes('no-reply')) {
    say(`· not replying to ticket ${t.ticket}, as told`);
    log('no-reply', { ticket: t.ticket });
  } else {
    const ticketless = t.directives.includes('ticketless');
    const tool = t.tools ? await replyTool(ticketless ? '' : t.ticket, answer) : undefined;
    if (tool?.ok) {
      say(`· ${ticketless ? 'replied without a ticket' : `replied to ${t.ticket}`} with reply_to_session`);
    } else {
      if (tool) say(`· reply_to_session failed (${tool.why}); running the command instead`);
      const args = ticketless ? ['reply', answer] : ['reply', t.ticket, answer];
      const r = await lich(args);
      say(`· ${ticketless ? 'replied without a ticket' : `replied to ${t.ticket}`}: exit ${r.code}`);
      if (r.stderr) say(r.stderr);
      log('reply', { ticket: t.ticket, ticketless, answer, code: r.code, stdout: r.stdout, stderr: r.stderr });
    }
  }
  await reportState('done');
}

/**
 * The reply_to_session tool, as a plugin loaded into the agent runs it: one `relay.Reply` call to
 * lich (`POST /rpc/relay.Reply?token=…`, body `[{"from","ticket","answer"}]`, contracts/rpc/
 * relay.Reply.json), from this session. Logged as a `reply` with `via: "tool"`.
 *
 * @param {string} ticket "" for the one request open against this session
 * @param {string} answer
 * @returns {Promise<{ok: true} | {ok: false, why: string}>}
 */
async function replyTool(ticket, answer) {
  const r = await exchange('/rpc/relay.Reply', [{ from: sessionId, ticket, answer }], 'reply', { via: 'tool', ticket, ticketless: ticket === '', answer });
  if (r.status === 200) return { ok: true };
  if (r.status === -1) return { ok: false, why: 'this is not a lich session' };
  let why = r.status === 0 ? `lich could not be reached: ${r.text}` : `HTTP ${r.status}`;
  try {
    why = JSON.parse(r.text).error ?? why;
  } catch {
    // Not JSON: the status says it.
  }
  return { ok: false, why };
}

async function collect(nudge) {
  await reportState('busy');
  say(`· ${nudge.split('\n', 1)[0]}`);
  say('$ "$LICH_BIN" wait');
  const r = await lich(['wait']);
  if (r.stdout) say(r.stdout);
  if (r.stderr) say(r.stderr);
  log('collect', { code: r.code, stdout: r.stdout, stderr: r.stderr });
  await reportState('done');
}

async function drain() {
  if (working) return;
  working = true;
  while (queue.length > 0) {
    const text = queue.shift();
    try {
      await work(text);
    } catch (/** @type {any} */ err) {
      log('error', { message: String(err?.stack ?? err) });
      say(`· error: ${err?.message ?? err}`);
    }
  }
  working = false;
  if (ending) finish('stdin closed');
  else out(PROMPT);
}

/** Whether {@link finish} ran: a write to a terminal that is gone fails again and would call it again. */
let finished = false;

/**
 * Ends the agent, once. At its terminal's end (the hangup, or its input failing or ending on a
 * terminal) it leaves the terminal alone and dies of the hangup, as a terminal program does: node's
 * exit puts back the terminal modes it changed (raw mode), and on a terminal that is gone that
 * fails an assertion of node's and the process aborts.
 */
function finish(reason) {
  if (finished) return;
  finished = true;
  log('exit', { reason });
  if (running) running.kill('SIGTERM');
  if (process.stdin.isTTY && ['SIGHUP', 'stdin error', 'stdin closed'].includes(reason)) {
    process.removeAllListeners('SIGHUP');
    process.kill(process.pid, 'SIGHUP');
    return;
  }
  if (process.stdin.isTTY) {
    try {
      process.stdin.setRawMode(false);
    } catch {
      // The terminal may already be gone.
    }
  }
  out('\x1b[?2004l');
  process.exit(0);
}

const reader = new InputReader({
  onSubmit(text) {
    queue.push(text);
    void drain();
  },
  onEcho: (text) => out(text),
  onInterrupt: () => {
    if (running) running.kill('SIGINT');
    else out('^C\r\n' + PROMPT);
  },
  onEof: () => finish('eof'),
});

for (const signal of ['SIGHUP', 'SIGTERM', 'SIGINT']) process.on(signal, () => finish(signal));

if (process.stdin.isTTY) process.stdin.setRawMode(true);
process.stdin.setEncoding('utf8');
/** @type {QuestionReader | null} the question still on screen, until it is answered */
let asking = null;
// setEncoding above makes every chunk a string.
process.stdin.on('data', (chunk) => {
  const text = String(chunk);
  if (!asking) return reader.feed(text);
  const answered = asking.feed(text);
  if (answered) answer(answered.key, answered.rest);
});
process.stdin.on('end', () => {
  ending = true;
  if (!working) finish('stdin closed');
});
process.stdin.on('error', () => finish('stdin error'));

log('start', { cwd: process.cwd(), argv: process.argv.slice(2), tty: Boolean(process.stdin.isTTY) });
// Bracketed paste first, then the announcement, then the prompt — the order the real agents were
// measured in (docs/spec/real-agents.md): lich may take /session-start as ready, and a task typed
// before mode 2004 reached it goes in as plain lines, each one submitted (its reply line run).
// Announced before the prompt is drawn, as a provider's SessionStart hook fires before it reads
// input: by the time lich finds this terminal at a prompt, it has heard from the plugin.
out('\x1b[?2004h');
await reportStart();
say(`example agent — pid ${process.pid}, in ${process.cwd()}`);
if (question) {
  asking = new QuestionReader();
  log('asking', { question });
  say(question);
  say('  1. Yes, go on');
  say('  2. No, exit');
  out('Press 1 or 2: ');
} else {
  out(PROMPT);
}

/** The question was answered by a key typed on its own: on to the prompt, or out. */
function answer(key, rest) {
  asking = null;
  log('answered', { key });
  say(key);
  if (key === '2') return finish('declined');
  out(PROMPT);
  if (rest) reader.feed(rest);
}
