// The stand-in Claude Code: what lich starts as the built-in `claude` provider when
// examples/claude/bin is first on the backend's PATH (docs/architecture.md § The backend;
// wire.md § 12.1). It takes Claude Code's argv and ignores it (--name, --mcp-config,
// --append-system-prompt, --model, --effort, --resume, --settings, …), and does what the lich
// plugin does inside a real Claude Code and nothing more:
//
// - its "hooks": it announces itself at /session-start with provider `claude` and reports busy
//   and done through /hook, with the typed reporters of @lich/core (wire.md § 11.1);
// - its "mod": it runs the typed mod client of @lich/core (spec/mod-control.md) over an engine
//   whose every call is recorded in the log: submit, abort, setModel, setEffort, runCommand,
//   fork.
//
// Its model is /bin/sh, as the example agent's is (examples/agent/agent.mjs, whose input reader
// and readings of lich's texts it reuses): a turn runs its prompt as a shell command in the
// session's checkout. A relayed task — typed at its prompt, or handed over by the mod as a
// prompt command, which reads the same — is answered with "$LICH_BIN" reply <ticket> <report>;
// a subagent worker's task (wire.md § 8.1, WorkerTask: no ticket) is answered through
// /mod/answer with the turn's final output; a notification prompt (a subagent's report, a
// blocked notice, a nudge) is read from its <result>. The conversation a fork answers from is
// the prompts its turns started on.
//
// Environment (the knobs are read from the environment, and a `.example-claude.env` file of
// KEY=VALUE lines in the session's checkout overrides them, so one backend can run stand-ins
// that differ per project):
//   LICH_PORT, LICH_TOKEN, LICH_SESSION_ID, LICH_BIN  set by lich in every session's PTY
//   EXAMPLE_AGENT_LOG              the JSON-lines log every action is appended to (tests read it)
//   EXAMPLE_CLAUDE_PLUGIN_VERSION  the lich-plugin version it reports as (X-Lich-Plugin); default
//                                  0.17.0, which takes a subagent's task through the mod
//   EXAMPLE_CLAUDE_MOD             `off`: never runs the mod client, like a Claude Code older than
//                                  2.1.280 or a folder not yet trusted
//   EXAMPLE_CLAUDE_SLOW_COMMANDS   `name:seconds[,name:seconds…]`: those slash commands take that
//                                  long to run, e.g. `compact:15`
//   EXAMPLE_CLAUDE_TRUST           `ask`: opens on the folder-trust dialog, as Claude Code 2.1.328
//                                  does in a folder never trusted (real-agents.md § 3.1), and
//                                  takes input there as it was measured to: bracketed paste on,
//                                  nothing of the plugin running (no session-start, no mod) until
//                                  it is answered; pasted or typed text is ignored, Down/Up move
//                                  the choice, Enter confirms it — the preselected "No, exit" says
//                                  so and exits 1, "Yes, I trust this folder" starts — and Esc
//                                  exits 0
//
// Directives (`#example: <word>` lines opening a prompt, as the example agent reads them; they
// stay in the command, where /bin/sh reads them as comments):
//   stop-mod     stops the mod client before the prompt runs: it never polls again
//   ignore, no-reply, ticketless   on a relayed task, as for the example agent
// And in an ask's question, anywhere in it:
//   #example: fork-sleep <seconds>   the fork answers that much later
//   #example: fork-fail <reason>     the fork fails with that reason (api-error 529 overloaded_error, …)

import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { appendFileSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  ForkError,
  answerAsWorker,
  modStatus,
  pluginEndpoint,
  reportSessionStart,
  reportState,
  startModClient,
  type ModClient,
  type ModEngine,
} from '@lich/core';
import { InputReader, classify, directives, report, type Task } from '../agent/parse.mjs';

/** The slash commands the stand-in has; any other one is refused as Claude Code refuses it. */
const COMMANDS = ['compact', 'clear', 'context', 'cost', 'help', 'init', 'memory', 'review', 'status'];
const PROMPT = 'claude> ';
/** What a bracketed paste is framed in (xterm mode 2004). */
const PASTE_START = '\x1b[200~';
const PASTE_END = '\x1b[201~';
/** wire.md § 8.1, WorkerTask: the task a subagent worker is handed through its mod, with no ticket. */
const WORKER_TASK = /^\[lich\] Task from session (".*"), which opened this session as its subagent\. Your final message when you finish is sent back to it as your report\.\n\n/;

const argv = process.argv.slice(2);
const env: NodeJS.ProcessEnv = { ...process.env, ...checkoutKnobs() };
const sessionId = env.LICH_SESSION_ID ?? '';
const logFile = env.EXAMPLE_AGENT_LOG ?? '';
const pluginVersion = env.EXAMPLE_CLAUDE_PLUGIN_VERSION || '0.17.0';
const slowCommands = parseSlow(env.EXAMPLE_CLAUDE_SLOW_COMMANDS ?? '');
const endpoint = pluginEndpoint(env, pluginVersion);

/** Reads `<cwd>/.example-claude.env`: `KEY=VALUE` lines, `#` comments; none when absent. */
function checkoutKnobs(): Record<string, string> {
  let text: string;
  try {
    text = readFileSync(join(process.cwd(), '.example-claude.env'), 'utf8');
  } catch {
    return {};
  }
  const knobs: Record<string, string> = {};
  for (const line of text.split('\n')) {
    const m = /^\s*([A-Z_][A-Z0-9_]*)=(.*)$/.exec(line);
    if (m) knobs[m[1]] = m[2].trim();
  }
  return knobs;
}

/** `compact:15,init:2` → {compact: 15000, init: 2000} (ms). */
function parseSlow(spec: string): Map<string, number> {
  const slow = new Map<string, number>();
  for (const part of spec.split(',')) {
    const m = /^\s*\/?([^:\s]+)\s*:\s*(\d+(?:\.\d+)?)\s*$/.exec(part);
    if (m) slow.set(m[1], Number(m[2]) * 1000);
  }
  return slow;
}

function log(event: string, fields: Record<string, unknown> = {}): void {
  if (!logFile) return;
  const line = JSON.stringify({ t: new Date().toISOString(), session: sessionId, pid: process.pid, event, ...fields });
  try {
    appendFileSync(logFile, line + '\n');
  } catch {
    // A log that cannot be written must not take the stand-in down with it.
  }
}

function out(text: string): void {
  if (process.stdout.writable) process.stdout.write(text.replace(/\r?\n/g, '\r\n'));
}

function say(text: string): void {
  out(text.endsWith('\n') ? text : text + '\n');
}

function sleep(ms: number): Promise<void> {
  return new Promise((r) => setTimeout(r, ms));
}

/** Reports busy or done as the plugin's UserPromptSubmit and Stop hooks do, and logs the outcome. */
async function state(s: 'busy' | 'done'): Promise<void> {
  if (!endpoint) return;
  const result = await reportState(endpoint, { state: s });
  log('state', { state: s, result });
}

// --- the conversation: turns and slash commands, one at a time --------------------------------

type Source = 'typed' | 'mod';

interface Turn {
  child: ChildProcess | null;
  aborted: boolean;
  ended: Promise<void>;
}

type Item =
  /** `started` settles the mod's submit: resolved once the turn started, rejected when it could not. */
  | { kind: 'turn'; text: string; source: Source; started: (err?: Error) => void }
  | { kind: 'command'; name: string; args?: string; settle: (err?: Error) => void };

const items: Item[] = [];
let working = false;
let turn: Turn | null = null;
/** The prompts this conversation's turns started on, oldest first; `/clear` empties it. */
let conversation: string[] = [];
let ending = false;
let mod: ModClient | null = null;
/** Set while the trust dialog is on screen: the next input answers it. */
let trustAnswer: ((input: string) => void) | null = null;

function enqueue(item: Item): void {
  items.push(item);
  void drain();
}

/** Runs what is queued, in order: a turn, or a slash command, which runs only while no turn does. */
async function drain(): Promise<void> {
  if (working) return;
  working = true;
  while (items.length > 0) {
    const item = items.shift()!;
    try {
      if (item.kind === 'turn') await runTurn(item.text, item.source, item.started);
      else await runCommand(item.name, item.args, item.settle);
    } catch (err) {
      if (item.kind === 'turn') item.started(err as Error);
      log('error', { message: String((err as Error)?.stack ?? err) });
      say(`· error: ${(err as Error)?.message ?? err}`);
    }
  }
  working = false;
  if (ending) finish('stdin closed');
  else out(PROMPT);
}

async function runCommand(name: string, args: string | undefined, settle: (err?: Error) => void): Promise<void> {
  if (!COMMANDS.includes(name)) {
    log('command-refused', { name, args: args ?? null });
    settle(new Error(`Unknown slash command: ${name}`));
    return;
  }
  say(`/${name}${args ? ` ${args}` : ''}`);
  const slow = slowCommands.get(name);
  if (slow) await sleep(slow);
  if (name === 'clear') conversation = [];
  log('command-ran', { name, args: args ?? null });
  settle();
}

/**
 * One turn: reports busy, works the submission (a relayed task, a subagent's task, a
 * notification, a nudge, or a line typed at the prompt), and reports done — unless it was
 * aborted, which Claude Code ends without its Stop hook (lich marks that turn interrupted when
 * the abort's ack lands).
 */
async function runTurn(text: string, source: Source, started: (err?: Error) => void): Promise<void> {
  const notification = text.startsWith('<task-notification>') ? readNotification(text) : null;
  const body = notification ? notification.result : text;
  const worker = notification ? null : WORKER_TASK.exec(body);
  let what = worker ? null : classify(body);
  // A notification is lich telling the session something (a subagent's report, a blocked
  // worker): read, never run, unless it asks for a collect.
  if (notification && what!.kind !== 'nudge') what = { kind: 'notice', text: body };
  const kind = worker ? 'worker-task' : what!.kind;
  log('received', { source, kind, text, ...(notification ? { notification } : {}) });

  const prompt = worker ? body.slice(worker[0].length) : what!.kind === 'task' ? what!.prompt : body;
  const flags = directives(prompt);
  if (what?.kind === 'task' && flags.includes('ignore')) {
    say(`· a task (ticket ${what.ticket}) arrived; ignoring it as told`);
    log('ignored', { ticket: what.ticket });
    started();
    return;
  }

  let ended!: () => void;
  const current: Turn = { child: null, aborted: false, ended: new Promise((r) => (ended = r)) };
  turn = current;
  try {
    await state('busy');
    conversation.push(prompt);
    started();
    // After the turn started: a prompt handed over by the mod has been taken by then.
    if (flags.includes('stop-mod')) await stopMod();
    if (worker) await workerTask(current, JSON.parse(worker[1]) as string, prompt);
    else if (what!.kind === 'task') await task(current, what!);
    else if (what!.kind === 'nudge') await collect(body);
    else if (what!.kind === 'notice') say(`· lich says: ${body.split('\n', 1)[0]}`);
    else {
      say(`$ ${body}`);
      const ran = await shell(current, body);
      log('ran', { command: body, code: ran.code, signal: ran.signal, output: ran.output, aborted: current.aborted });
    }
    if (!current.aborted) await state('done');
  } finally {
    turn = null;
    log('turn-ended', { prompt, aborted: current.aborted });
    ended();
  }
}

/**
 * Reads Claude Code's `<task-notification>` (spec/mod-control.md § How it behaves): `<status>`
 * and `<summary>` XML-escaped, decoded here as Claude Code decodes them for its dim line; the
 * prompt's text as `<result>`, unescaped, so it may itself hold `</result>`.
 */
function readNotification(text: string): { status: string; summary: string; result: string } {
  const tag = (name: string) =>
    (new RegExp(`<${name}>([\\s\\S]*?)</${name}>`).exec(text)?.[1] ?? '').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');
  const open = text.indexOf('<result>');
  const close = text.lastIndexOf('</result>');
  const result = open >= 0 && close > open ? text.slice(open + '<result>'.length, close) : '';
  return { status: tag('status'), summary: tag('summary'), result };
}

async function task(current: Turn, t: Task): Promise<void> {
  const from = t.origin === '' ? 'the lich command line' : `session "${t.origin}"`;
  log('task', { origin: t.origin, ticket: t.ticket, prompt: t.prompt, directives: t.directives, tools: t.tools });
  say(`· task from ${from}, ticket ${t.ticket}`);
  say(`$ ${t.prompt}`);
  const ran = await shell(current, t.prompt);
  log('ran', { command: t.prompt, ticket: t.ticket, code: ran.code, signal: ran.signal, output: ran.output, aborted: current.aborted });
  if (current.aborted) return;
  const answer = report(ran.output, ran.code, ran.signal);
  if (t.directives.includes('no-reply')) {
    log('no-reply', { ticket: t.ticket });
    return;
  }
  const args = t.directives.includes('ticketless') ? ['reply', answer] : ['reply', t.ticket, answer];
  const r = await lich(args);
  say(`· replied to ${t.ticket}: exit ${r.code}`);
  log('reply', { ticket: t.ticket, ticketless: args.length === 2, answer, code: r.code, stdout: r.stdout, stderr: r.stderr });
}

async function workerTask(current: Turn, caller: string, prompt: string): Promise<void> {
  say(`· task from session "${caller}", which opened this session as its subagent`);
  say(`$ ${prompt}`);
  const ran = await shell(current, prompt);
  log('ran', { command: prompt, code: ran.code, signal: ran.signal, output: ran.output, aborted: current.aborted });
  if (current.aborted || !endpoint) return;
  // The final message of the turn is the report, as the plugin's Stop hook sends it.
  const answer = report(ran.output, ran.code, ran.signal);
  const result = await answerAsWorker(endpoint, answer);
  log('worker-answer', { caller, answer, result });
}

async function collect(nudge: string): Promise<void> {
  say(`· ${nudge.split('\n', 1)[0]}`);
  const r = await lich(['wait']);
  if (r.stdout) say(r.stdout);
  log('collect', { code: r.code, stdout: r.stdout, stderr: r.stderr });
}

interface Ran {
  output: string;
  code: number | null;
  signal: NodeJS.Signals | null;
}

/**
 * Runs `command` with /bin/sh in the checkout, output of both streams in arrival order. The
 * shell leads its own process group, so an abort ends the whole command line (`sleep 30; echo`
 * included), not only the shell.
 */
function shell(current: Turn, command: string): Promise<Ran> {
  return new Promise((resolve) => {
    let output = '';
    const child = spawn('/bin/sh', ['-c', command], { cwd: process.cwd(), env, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
    current.child = child;
    const take = (chunk: Buffer) => {
      const text = chunk.toString();
      output += text;
      out(text);
    };
    child.stdout!.on('data', take);
    child.stderr!.on('data', take);
    child.on('error', (err) => {
      output += `${err.message}\n`;
    });
    child.on('close', (code, signal) => {
      current.child = null;
      resolve({ output, code, signal });
    });
  });
}

/**
 * Ends the turn's command line. SIGTERM, not SIGINT: /bin/sh signalled with SIGINT in its first
 * milliseconds survives it about one time in ten, and an abort right after a prompt started is
 * exactly the case the tests drive.
 */
function interrupt(current: Turn): void {
  current.aborted = true;
  const pid = current.child?.pid;
  if (pid === undefined) return;
  try {
    process.kill(-pid, 'SIGTERM');
  } catch {
    // Already gone.
  }
}

/** Runs "$LICH_BIN" with `args`, no shell in between: the answer is passed as one argv word. */
function lich(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  const bin = env.LICH_BIN || 'lich';
  return new Promise((resolve) => {
    execFile(bin, args, { env, maxBuffer: 4 << 20 }, (err, stdout, stderr) => {
      const code = err ? (typeof err.code === 'number' ? err.code : 1) : 0;
      if (err && typeof err.code !== 'number') stderr += err.message;
      resolve({ code, stdout, stderr });
    });
  });
}

// --- the engine the mod client drives ----------------------------------------------------------

const engine: ModEngine = {
  submit({ text, asUser }) {
    log('mod', { call: 'submit', text, asUser: asUser ?? false });
    return new Promise<void>((resolve, reject) =>
      enqueue({ kind: 'turn', text, source: 'mod', started: (err) => (err ? reject(err) : resolve()) }),
    );
  },
  async abort() {
    const current = turn;
    log('mod', { call: 'abort', running: current !== null });
    if (!current) throw new Error('no turn is running');
    interrupt(current);
    await current.ended;
    log('aborted', {});
  },
  setModel(model) {
    log('mod', { call: 'setModel', model: model ?? null });
  },
  setEffort(effort) {
    log('mod', { call: 'setEffort', effort: effort ?? null });
  },
  runCommand(name, args) {
    log('mod', { call: 'runCommand', name, args: args ?? null });
    return new Promise<void>((resolve, reject) =>
      enqueue({ kind: 'command', name, args, settle: (err) => (err ? reject(err) : resolve()) }),
    );
  },
  async fork(prompt) {
    log('mod', { call: 'fork', prompt });
    const delay = /#example:\s*fork-sleep\s+(\d+(?:\.\d+)?)/.exec(prompt);
    if (delay) await sleep(Number(delay[1]) * 1000);
    const fail = /#example:\s*fork-fail\s+([^\n]+)/.exec(prompt);
    if (fail) throw new ForkError(fail[1].trim());
    const last = conversation[conversation.length - 1];
    if (last === undefined) throw new ForkError('nothing-to-fork');
    const answer = `working on: ${last}`;
    log('fork-answer', { answer });
    return answer;
  },
};

async function stopMod(): Promise<void> {
  if (!mod) return;
  const client = mod;
  mod = null;
  client.stop();
  await client.stopped;
  log('mod-stopped', {});
}

function finish(reason: string): never {
  log('exit', { reason });
  mod?.stop();
  if (turn) interrupt(turn);
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
    enqueue({ kind: 'turn', text, source: 'typed', started: () => {} });
  },
  onEcho: (text) => out(text),
  onInterrupt: () => {
    if (turn) interrupt(turn);
    else out('^C\r\n' + PROMPT);
  },
  onEof: () => finish('eof'),
});

for (const signal of ['SIGHUP', 'SIGTERM', 'SIGINT'] as const) process.on(signal, () => finish(signal));

if (process.stdin.isTTY) process.stdin.setRawMode(true);
process.stdin.setEncoding('utf8');
process.stdin.on('data', (chunk: string) => {
  if (!trustAnswer) return reader.feed(chunk);
  const answer = trustAnswer;
  trustAnswer = null;
  answer(chunk);
});
process.stdin.on('end', () => {
  ending = true;
  if (!working) finish('stdin closed');
});
process.stdin.on('error', () => finish('stdin error'));

// `claude -p` is not interactive, and its mod never polls (spec/mod-control.md).
const interactive = !argv.includes('-p') && !argv.includes('--print');
const resumeAt = argv.indexOf('--resume');
const providerSessionId = resumeAt >= 0 && argv[resumeAt + 1] ? argv[resumeAt + 1] : randomUUID();
log('start', { cwd: process.cwd(), argv, tty: Boolean(process.stdin.isTTY), pluginVersion, interactive });
if (interactive && env.EXAMPLE_CLAUDE_TRUST === 'ask') await trustDialog();

/**
 * Claude Code's folder-trust dialog: resolves once the folder was trusted (Down, then Enter); the
 * preselected "No, exit" (Enter) ends the process with 1, Esc with 0. Anything else is ignored.
 */
async function trustDialog(): Promise<void> {
  let yes = false;
  const draw = () => {
    say('Quick safety check: Is this a project you created or one you trust?');
    say(`${yes ? ' ' : '❯'} No, exit`);
    say(`${yes ? '❯' : ' '} Yes, I trust this folder`);
    say('Enter to confirm · Esc to cancel');
  };
  out('\x1b[?2004h');
  draw();
  log('trust-dialog', {});
  let pasting = false;
  for (;;) {
    const input = await new Promise<string>((resolve) => (trustAnswer = resolve));
    // Only the keys a person presses count: text, pasted (newlines and all) or typed, lands nowhere (measured).
    for (const key of input.match(/\x1b\[[0-9;]*[A-Za-z~]|\x1b|\r|[\s\S]/g) ?? []) {
      if (key === PASTE_START || key === PASTE_END) pasting = key === PASTE_START;
      else if (pasting) continue;
      else if (key === '\x1b[B' || key === '\x1b[A') {
        yes = key === '\x1b[B';
        draw();
      } else if (key === '\r' && yes) {
        log('trusted', {});
        return;
      } else if (key === '\r' || key === '\x1b') {
        log('trust-refused', { input });
        say("Claude Code didn't start because this folder isn't trusted.");
        out('\x1b[?2004l');
        process.exit(key === '\r' ? 1 : 0);
      }
    }
  }
}

// As measured on Claude Code 2.1.328 (packages/server/src/terminal/readiness.ts, `awaitsPlugin`):
// bracketed paste comes on and the mod's session.start starts the poll before the plugin's
// SessionStart hook reports, and lich takes that report as the sign the session reads — ready,
// its mod already polling, so the relay's mod route takes a task (a --subagent worker's as
// WorkerTask) and nothing is typed before the prompt takes pastes. Reporting first, as this
// stand-in once did, let a task sent in the gap be typed before the poll and before bracketed
// paste was on: plain, one submission per line, its `"$LICH_BIN" reply <ticket> "<your answer>"`
// line run as a command.
if (env.EXAMPLE_CLAUDE_MOD !== 'off') {
  mod = startModClient({ env, interactive, engine, pluginVersion, log: (line: string) => log('mod-client', { line }) });
}
// The first poll went out before this status call, on its own connection: by the time lich
// answers the status, it has the poll.
const status = mod && endpoint ? await modStatus(endpoint) : null;
out('\x1b[?2004h');
say(`stand-in Claude Code — pid ${process.pid}, in ${process.cwd()}`);
out(PROMPT);
if (endpoint) log('session-start', { provider: 'claude', providerSessionId, result: await reportSessionStart(endpoint, { provider_session_id: providerSessionId, provider: 'claude' }) });
// Last: a test that waits for this line finds the mod polling and the session ready.
log('mod-client-started', { polling: mod !== null, status });
