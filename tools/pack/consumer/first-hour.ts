/**
 * A plugin author's first hour with `@lich/core`, run by tools/pack/check.mjs in a project of its
 * own outside the repository, against the packed tarball, type-checked there with `module:
 * NodeNext` and `strict`, and run against a real lich backend the installed `@lich/cli` started
 * (docs/packaging.md § The check). In the repository `npm run check` type-checks it too, through
 * the workspace aliases.
 *
 * It plays a plugin running inside a lich session — its environment is the session's:
 * `LICH_PORT`, `LICH_TOKEN`, `LICH_SESSION_ID`, `LICH_BIN`, and the `XDG_CONFIG_HOME` the backend
 * runs under — and does what such a plugin does first:
 *
 *   1. reads the coordinates, from the session's variables and from the runtime file (as a
 *      command outside a session would), and they agree;
 *   2. lists the sessions over the typed RPC client (`runOperation`);
 *   3. posts a state report (`busy`) and sees it in `lich sessions --json`, run through the typed
 *      runner (`runLich`);
 *   4. starts the mod client on a recording engine, over a link that notes its polls; hands its
 *      session a task with `lich send` (from outside the session); the engine takes it as a
 *      prompt, answers it with `lich reply`, and the send prints the answer;
 *   5. reports `done` and stops.
 *
 * Prints one JSON line per step (`{"step": …}`) and `{"ok": true}` last; a failed step prints
 * `first-hour: <why>` on stderr and exits 1.
 */
import { readFile } from 'node:fs/promises';
import { type Coordinates, type LichRun, createContext, resolveCoordinates, runLich, runOperation, VERSION } from '@lich/core';
import { type ModClient, type ModEngine, type PluginLink, pluginEndpoint, reportState, runModClient } from '@lich/core/mod';
import type { Peer, SessionsOutput } from '@lich/core/contract';

const env = process.env;
const bin = env.LICH_BIN ?? '';
const sessionId = env.LICH_SESSION_ID ?? '';
/** The environment of a command run outside any session (a person at a terminal). */
const outside = { ...env, LICH_SESSION_ID: undefined, LICH_PORT: undefined, LICH_TOKEN: undefined };
const PLUGIN_VERSION = '0.1.0';

function step(name: string, fields: Record<string, unknown>): void {
  process.stdout.write(`${JSON.stringify({ step: name, ...fields })}\n`);
}

function fail(why: string): never {
  process.stderr.write(`first-hour: ${why}\n`);
  process.exit(1);
}

async function lich(argv: string[], where: NodeJS.ProcessEnv = outside): Promise<LichRun> {
  const run = await runLich({ bin, argv, env: where });
  if (run.outcome !== 'done') fail(`lich ${argv.join(' ')} exited ${run.exit}: ${run.stderr.trim()}`);
  return run;
}

if (bin === '' || sessionId === '') fail('run me inside a lich session: LICH_BIN and LICH_SESSION_ID are not set');

// 1. Coordinates: the session's variables, and the running lich's runtime file.
const readUtf8 = (path: string) => readFile(path, 'utf8');
const fromEnv: Coordinates = await resolveCoordinates(env, readUtf8);
const fromFile: Coordinates = await resolveCoordinates(outside, readUtf8);
if (fromEnv.port !== fromFile.port || fromEnv.token !== fromFile.token) fail(`the session's coordinates (${fromEnv.port}) are not the runtime file's (${fromFile.port})`);
step('coordinates', { port: fromEnv.port, sources: [fromEnv.source, fromFile.source], core: VERSION });

// 2. The typed RPC client: the operation `lich sessions` runs, from outside the session.
const ctx = createContext({ surface: 'cli', env: outside });
const listed = await runOperation(ctx, 'sessions', {});
const peers: SessionsOutput = listed.output;
const me: Peer | undefined = peers.find((p) => p.id === sessionId);
if (!me) fail(`session ${sessionId} is not among ${peers.map((p) => p.label).join(', ')}`);
step('sessions', { labels: peers.map((p) => p.label).sort(), me: me.label });

// 3. A state report, then what `lich sessions --json` says of it.
const ep = pluginEndpoint(env, PLUGIN_VERSION);
if (!ep) fail('pluginEndpoint found no lich session in the environment');
const reported = await reportState(ep, { state: 'busy', tool: 'bash', detail: 'npm test' });
if (!reported.ok) fail(`the busy report was not taken: ${reported.reason}`);
const after = JSON.parse((await lich(['sessions', '--json'])).stdout) as Peer[];
const state = after.find((p) => p.id === sessionId)?.state;
if (state !== 'busy') fail(`lich sessions says ${me.label} is ${JSON.stringify(state)} after the busy report`);
step('report', { state });

// 4. The mod client on a recording engine. The link is the endpoint's own, noting each poll it sends.
const calls: { call: string; text?: string }[] = [];
let polled!: () => void;
const firstPoll = new Promise<void>((resolve) => (polled = resolve));
const link: PluginLink = {
  sessionId: ep.sessionId,
  pluginVersion: ep.pluginVersion,
  exchange: (x) => {
    if (x.method === 'GET' && x.path === '/mod/commands') polled();
    return ep.exchange(x);
  },
  refusal: (path, body) => ep.refusal(path, body),
  close: () => ep.close(),
};
let answered!: (ticket: string) => void;
const replied = new Promise<string>((resolve) => (answered = resolve));
const engine: ModEngine = {
  async submit(p) {
    calls.push({ call: 'submit', text: p.text });
    // The task spells out how to answer it: `"$LICH_BIN" reply <ticket> "<your answer>"`.
    const ticket = /reply (\S+) "<your answer>"/.exec(p.text)?.[1];
    if (ticket) {
      // Answered once the turn has started, as an agent would: after this resolves and is acked.
      setImmediate(() => void lich(['reply', ticket, '42'], env).then(() => answered(ticket)));
    }
  },
  async abort() {
    calls.push({ call: 'abort' });
    throw new Error('no turn is running');
  },
  setModel(model) {
    calls.push({ call: 'setModel', text: model });
  },
  setEffort(effort) {
    calls.push({ call: 'setEffort', text: effort });
  },
  async runCommand(name) {
    calls.push({ call: 'runCommand', text: name });
  },
  async fork(prompt) {
    calls.push({ call: 'fork', text: prompt });
    return 'a side answer';
  },
};
const client: ModClient | null = runModClient({
  link,
  interactive: true,
  engine,
  log: (line) => process.stderr.write(`first-hour: mod: ${line}\n`),
  backoff: (ms, signal) => new Promise((resolve) => setTimeout(resolve, signal.aborted ? 0 : ms)),
});
if (!client) fail('runModClient did not start');
await firstPoll;
const sent = await lich(['send', '--timeout', '60', me.label, 'What is six times seven?']);
const ticket = await replied;
const prompt = calls.find((c) => c.call === 'submit')?.text ?? '';
if (sent.stdout.trim() !== '42') fail(`lich send printed ${JSON.stringify(sent.stdout)}, not the engine's answer`);
if (!prompt.includes('What is six times seven?')) fail(`the engine was handed ${JSON.stringify(prompt)}`);
step('mod', { engine: calls.map((c) => c.call), ticket, answer: sent.stdout.trim() });

// 5. Done.
const done = await reportState(ep, { state: 'done' });
if (!done.ok) fail(`the done report was not taken: ${done.reason}`);
client.stop();
await client.stopped;
ep.close();
ctx.rpc.close();
step('done', { state: 'done' });
process.stdout.write(`${JSON.stringify({ ok: true })}\n`);
