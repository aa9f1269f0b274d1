/**
 * The operations as every surface reaches them (docs/architecture.md § Operations;
 * docs/how-a-command-flows.md), in the order a command meets them:
 *
 * - the context an operation runs in ({@link createContext}): the environment, the RPC client
 *   over its coordinates (rpc.ts), and the other seams, replaceable one by one in tests;
 * - the registry ({@link OPERATIONS}): every operation by name, how it runs and how its outcome
 *   reads — {@link runOperation} is a look-up in it, no switch;
 * - how an outcome reads on a surface ({@link renderText}, {@link renderJson}, {@link renderMcp}):
 *   the surfaces only choose between these, none writes its own sentences;
 * - the operations on sessions and on lich itself that have no module of their own — sessions,
 *   whoami, open, close, control, ask, worktrees, version, quit (their words in wording.ts).
 *
 * Each operation module holds the rest: errands.ts (send, wait, reply), workspace.ts, cost.ts,
 * theme.ts, machine.ts, native.ts. Every operation validates what only the client can (refusals
 * that must come before anything is opened), makes its RPC calls with the wire's options
 * objects — every field sent, G3 rule — and the budgets of wire.md § 1.4, and returns the output
 * object.
 */
import { readFile as fsReadFile } from 'node:fs';
import net from 'node:net';
import type { Launcher, LichContext, Machine, OperationEntry, OperationTable, OperationRun, RunOptions, Surface } from './operation.js';
import { askRefusal, controlRefusal } from './control.js';
import { ANSWER_SENT, collectText, from, isCollected, privateWithoutPromptText, promptRefusal, reply, resultText, send, wait, waitBudgetMs } from './errands.js';
import { abortError, isAbortError, LichError, LichTransportError } from './errors.js';
import { createHttpRpcClient, type Env, jsonLine, type ReadFile, readRuntimeFile, resolveCoordinates, type RpcClient, unreachableText } from './rpc.js';
import {
  ASK_CALL_MS,
  CONTROL_CALL_MS,
  DELIVER_WAIT_SECONDS,
  OPEN_CALL_MS,
  QUIT_POLL_MS,
  QUIT_WAIT_MS,
  SHORT_CALL_MS,
  VERSION_CALL_MS,
} from './timeouts.js';
import type {
  Answered,
  AskInput,
  Checkout,
  Closed,
  CloseInput,
  ControlInput,
  Controlled,
  Opened,
  OpenInput,
  OperationInput,
  OperationName,
  OperationOutput,
  Peer,
  VersionReport,
  WorktreesInput,
} from './types.js';
import { cost } from './cost.js';
import { theme } from './theme.js';
import { VERSION } from './version.js';
import { nameLimits } from '@lich/generated/contracts';
import { rpcMethod } from './contract-tables.js';
import { nameControlRefusal, nameLength, nameTooLongText } from './names.js';
import { doctor, rage } from './machine.js';
import { native } from './native.js';
import { colorFolder, file, focus, folders, insert, rename, renameFolder } from './workspace.js';
import {
  answeredText,
  closeText,
  controlledText,
  handOffFailureText,
  openText,
  QUIT_DONE,
  quitFailedText,
  sessionsText,
  SUBAGENT_REFUSALS,
  versionText,
  whoamiText,
  worktreesText,
} from './wording.js';
import { coloredText, filedText, focusedText, foldersText, insertedText, refiledText, renamedText } from './workspace-wording.js';
import { costOutputText } from './cost-wording.js';
import { themeSwitchedText, themesText } from './theme-wording.js';
import { doctorText, rageText } from './machine-wording.js';
import { nativeText } from './native.js';

export type { LichContext, OperationEntry, OperationTable, OperationRun, Outcome, RunOptions } from './operation.js';

// ---- The context (spec/cli.md § Transport): every effect an operation has goes through a seam of it.

/** What {@link createContext} takes: the surface and environment, and any seam to replace. */
export interface ContextOptions {
  surface: Surface;
  env: Env;
  /** Defaults to the HTTP client over the coordinates of `env` (then the runtime file). */
  rpc?: RpcClient;
  /** Reads the runtime file; defaults to `fs.readFile(path, 'utf8')`. */
  readFile?: ReadFile;
  portListens?: (port: number) => Promise<boolean>;
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
  now?: () => number;
  /** See {@link LichContext.readStdin}; absent means there is no stdin. */
  readStdin?: (limitBytes: number) => Promise<string | null>;
  /** See {@link LichContext.machine}; absent means this surface cannot read the machine. */
  machine?: () => Promise<Machine>;
  /** See {@link LichContext.launcher}; absent means this surface starts no programs. */
  launcher?: Launcher;
}

/**
 * Builds the context a surface runs operations in. Nothing is resolved up front: a command
 * that never calls lich (a refusal, `version` with no lich running) never reads the runtime file.
 */
export function createContext(options: ContextOptions): LichContext {
  const env = options.env;
  // node:fs rather than node:fs/promises: the latter loads readline and the stream machinery,
  // a millisecond of every `lich` start for one small file.
  const readFile =
    options.readFile ??
    ((path: string) => new Promise<string>((resolve, reject) => fsReadFile(path, 'utf8', (error, text) => (error ? reject(error) : resolve(text)))));
  const rpc =
    options.rpc ??
    createHttpRpcClient({
      coordinates: () => resolveCoordinates(env, readFile, options.surface),
      readRuntime: () => readRuntimeFile(env, readFile),
      unreachable: (where) => unreachableText(where, env, readFile, options.surface),
    });
  return {
    surface: options.surface,
    env,
    rpc,
    portListens: options.portListens ?? portListens,
    sleep: options.sleep ?? sleep,
    now: options.now ?? (() => performance.now()),
    readStdin: options.readStdin,
    machine: options.machine,
    readRuntime: () => readRuntimeFile(env, readFile),
    launcher: options.launcher,
  };
}

/** Connects to 127.0.0.1:`port` and hangs up: true when something accepted, false when refused. */
export function portListens(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host: '127.0.0.1', port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => {
      socket.destroy();
      resolve(false);
    });
  });
}

function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(abortError(signal));
    const onAbort = () => {
      clearTimeout(timer);
      reject(abortError(signal!));
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

// ---- The registry.

/** An operation that produces only an output, as a registry `run`. */
function outputOnly<Op extends OperationName>(
  op: Op,
  fn: (ctx: LichContext, input: OperationInput<Op>, opts: RunOptions) => Promise<OperationOutput<Op>>,
): OperationEntry<Op>['run'] {
  return async (ctx, input, opts) => ({ op, input, output: await fn(ctx, input, opts) });
}

/**
 * The registry: every operation by name — how it runs and how its outcome reads — in one table,
 * the one place a surface's name for an operation becomes code (docs/how-a-command-flows.md).
 * Typed by {@link OperationTable}: an operation the contracts name and this table lacks does not
 * compile.
 */
export const OPERATIONS: OperationTable = {
  sessions: { run: outputOnly('sessions', sessions), text: (surface, o) => sessionsText(surface, o.output) },
  whoami: { run: outputOnly('whoami', whoami), text: (_surface, o) => whoamiText(o.output) },
  send: { run: outputOnly('send', send), text: (surface, o) => resultText(surface, o.output, o.from !== '') },
  insert: { run: outputOnly('insert', insert), text: (_surface, o) => insertedText(o.output) },
  focus: { run: outputOnly('focus', focus), text: (_surface, o) => focusedText(o.output) },
  wait: {
    run: outputOnly('wait', wait),
    text: (surface, o) => (isCollected(o.output) ? collectText(surface, o.output) : resultText(surface, o.output, o.from !== '')),
  },
  reply: { run: outputOnly('reply', reply), text: () => ANSWER_SENT },
  open: { run: open, text: (surface, o) => openText(surface, o.output, o.input.worktree !== '', o.from !== '') },
  close: { run: outputOnly('close', close), text: (_surface, o) => closeText(o.output) },
  rename: { run: outputOnly('rename', rename), text: (_surface, o) => renamedText(o.output) },
  control: { run: outputOnly('control', control), text: (_surface, o) => controlledText(o.output) },
  ask: { run: outputOnly('ask', ask), text: (_surface, o) => answeredText(o.output) },
  worktrees: { run: outputOnly('worktrees', worktrees), text: (surface, o) => worktreesText(surface, o.output) },
  folders: { run: outputOnly('folders', folders), text: (surface, o) => foldersText(surface, o.output) },
  file: { run: outputOnly('file', file), text: (_surface, o) => filedText(o.output) },
  renameFolder: { run: outputOnly('renameFolder', renameFolder), text: (_surface, o) => refiledText(o.output) },
  colorFolder: { run: outputOnly('colorFolder', colorFolder), text: (_surface, o) => coloredText(o.output) },
  cost: { run: outputOnly('cost', cost), text: (_surface, o) => costOutputText(o.input, o.output) },
  version: { run: outputOnly('version', version), text: (_surface, o) => versionText(o.output) },
  quit: { run: outputOnly('quit', quit), text: () => QUIT_DONE },
  native: { run: outputOnly('native', native), text: (_surface, o) => nativeText(o.output) },
  theme: {
    run: outputOnly('theme', theme),
    text: (_surface, o) => (Array.isArray(o.output) ? themesText(o.output) : themeSwitchedText(o.output)),
  },
  rage: { run: outputOnly('rage', rage), text: (_surface, o) => rageText(o.output) },
  doctor: { run: doctor, text: (_surface, o) => doctorText(o.output) },
};

/**
 * Runs one operation by name: the single entry every surface uses — a look-up in
 * {@link OPERATIONS}. Resolves with the output (and, for `open`, a hand-off failure to report
 * after it); rejects with a `LichError` the user reads, or an AbortError when `opts.signal` fired.
 */
export function runOperation<Op extends OperationName>(
  ctx: LichContext,
  op: Op,
  input: OperationInput<Op>,
  opts: RunOptions = {},
): Promise<OperationRun<Op>> {
  if (!Object.hasOwn(OPERATIONS, op)) return Promise.reject(new LichError(`unknown operation ${JSON.stringify(op)}`));
  const refused = nameRefusal(op, input);
  if (refused !== undefined) return Promise.reject(new LichError(refused));
  return (OPERATIONS[op] as OperationEntry<Op>).run(ctx, input, opts).then((outcome) => ({ ...outcome, from: from(ctx) }));
}

/**
 * The refusal of a name in `input` — one of its contract's bounded names (`nameLimits`, from the
 * contracts' `maxLength` and `title`; issue 22) — over its bound, or holding a control character
 * (core/names.ts), or `undefined`: checked here, before anything is called, so every surface —
 * the CLI, `lich mcp`, the opencode plugin — refuses it in the same one line, and the backend
 * refuses what reaches it past a client in the same words (server rpc.ts).
 */
function nameRefusal(op: OperationName, input: object): string | undefined {
  const limits = nameLimits[op];
  if (limits === undefined) return undefined;
  for (const [field, { max, noun }] of Object.entries(limits)) {
    const value = (input as Record<string, unknown>)[field];
    if (typeof value !== 'string') continue;
    const length = value.length <= max ? value.length : nameLength(value);
    if (length > max) return nameTooLongText(noun, length, max);
    const controls = nameControlRefusal(noun, value);
    if (controls !== undefined) return controls;
  }
  return undefined;
}

/** The operation names core runs, in the order of the CLI's help (docs/architecture.md). */
export const OPERATION_NAMES: readonly OperationName[] = [
  'sessions',
  'whoami',
  'send',
  'insert',
  'focus',
  'wait',
  'reply',
  'open',
  'close',
  'rename',
  'control',
  'ask',
  'worktrees',
  'folders',
  'file',
  'renameFolder',
  'colorFolder',
  'cost',
  'version',
  'quit',
  'native',
  'theme',
  'rage',
  'doctor',
];

// ---- How an outcome reads.

/**
 * The prose of an outcome, without a trailing newline (the CLI prints `text + "\n"`): the
 * operation's own `text` in the registry ({@link OPERATIONS}). Covers the output only: an
 * `open` hand-off failure (`outcome.failure`) is reported by the surface after it — see
 * {@link renderMcp} for the MCP form. An operation the registry does not know prints its output
 * as JSON.
 */
export function renderText<Op extends OperationName>(surface: Surface, outcome: OperationRun<Op>): string {
  if (!Object.hasOwn(OPERATIONS, outcome.op)) return jsonLine(outcome.output);
  return OPERATIONS[outcome.op].text(surface, outcome as never);
}

/**
 * The `--json` line of an outcome (no trailing newline): the output object exactly as the wire
 * carried it — a list is `[]`, never `null`; `open` carries `delivery` only when the hand-off
 * reached the session (spec/cli.md § Commands, § lich open).
 */
export function renderJson(outcome: OperationRun): string {
  return jsonLine(outcome.output ?? null);
}

/**
 * An MCP tool result for an outcome: the prose, and for an `open` whose hand-off failed, the
 * opened text, a newline, and the failure's sentence, flagged `isError` (wire.md § 10.2,
 * open_session).
 */
export function renderMcp(outcome: OperationRun): { text: string; isError: boolean } {
  const text = renderText('mcp', outcome);
  if (outcome.failure) return { text: `${text}\n${outcome.failure.message}`, isError: true };
  return { text, isError: false };
}

// ---- The operations on sessions and on lich itself.

/** spec/cli.md § lich sessions: `relay.Peers`; a null roster is `[]`, never null. */
export async function sessions(ctx: LichContext, input: OperationInput<'sessions'>, opts: RunOptions = {}): Promise<Peer[]> {
  const peers = await ctx.rpc.call(rpcMethod('sessions', 'call', input), { from: from(ctx) }, { timeoutMs: SHORT_CALL_MS, signal: opts.signal });
  return peers ?? [];
}

/** spec/cli.md § lich whoami: `relay.Self`. Outside a session the server refuses. */
export async function whoami(ctx: LichContext, input: OperationInput<'whoami'>, opts: RunOptions = {}): Promise<Peer> {
  return ctx.rpc.call(rpcMethod('whoami', 'call', input), { from: from(ctx) }, { timeoutMs: SHORT_CALL_MS, signal: opts.signal });
}

/**
 * spec/cli.md § lich open: `spawn.Open`, then with a prompt the hand-off — `relay.Send` (or
 * `relay.SendPrivate`) to the opened label in its project, with the wait fixed at 20 s. Refused
 * before anything is opened: a private errand without a prompt, and a prompt the relay would
 * refuse — blank once sanitised, or over 8192 bytes (errands.ts `promptRefusal`, in the relay's words) — since
 * the open cannot be taken back once the hand-off fails. A hand-off that fails
 * does not undo the open: the outcome carries the session and the failure, worded for the
 * surface (the `lich send` to retry with, or `send_to_session`).
 *
 * With `subagent` (spec/cli.md § lich open, --subagent): refused before anything is opened
 * outside a session, without a prompt, and with a project, a folder or private (the lines of
 * `SUBAGENT_REFUSALS` in wording.ts); then `spawn.OpenSubagent` and the hand-off through
 * `relay.SendSubagent`, same options and wait. The output keeps its shape.
 *
 * With `resume` (a parked session: its label, roster name or id) `spawn.Open` starts that session
 * again instead of opening a new one; the server refuses what would be dropped with it.
 */
export async function open(ctx: LichContext, input: OpenInput, opts: RunOptions = {}): Promise<OperationRun<'open'>> {
  const prompt = input.prompt;
  if (input.subagent) subagentRefusal(ctx, input);
  if (input.private && prompt === '') throw new LichError(privateWithoutPromptText(ctx.surface));
  const refusal = prompt === '' ? null : promptRefusal(prompt);
  if (refusal !== null) throw new LichError(refusal);
  const opener = rpcMethod('open', 'open', input);
  const session =
    opener === 'spawn.OpenSubagent'
      ? await ctx.rpc.call(
          opener,
          {
            from: from(ctx),
            kind: input.kind,
            worktree: input.worktree,
            base: input.base,
            model: input.model,
            effort: input.effort,
            ultracode: input.ultracode,
          },
          { timeoutMs: OPEN_CALL_MS, signal: opts.signal },
        )
      : await ctx.rpc.call(
          opener,
          {
            from: from(ctx),
            project: input.project,
            kind: input.kind,
            worktree: input.worktree,
            base: input.base,
            model: input.model,
            effort: input.effort,
            folder: input.folder,
            ultracode: input.ultracode,
            resume: input.resume,
          },
          { timeoutMs: OPEN_CALL_MS, signal: opts.signal },
        );
  const opened: Opened = { ...session };
  if (prompt === '') return { op: 'open', input, output: opened };
  try {
    opened.delivery = await ctx.rpc.call(
      rpcMethod('open', 'handOff', input),
      { from: from(ctx), target: session.label, project: session.project, prompt, timeoutSeconds: DELIVER_WAIT_SECONDS },
      { timeoutMs: waitBudgetMs(DELIVER_WAIT_SECONDS), signal: opts.signal },
    );
    return { op: 'open', input, output: opened };
  } catch (error) {
    if (isAbortError(error) || !(error instanceof LichError)) throw error;
    const reason = error.message;
    const failure = new LichError(
      handOffFailureText(ctx.surface, { label: session.label, prompt, private: input.private, reason }),
      { cause: error },
    );
    return { op: 'open', input, output: opened, failure };
  }
}

/**
 * The client-side refusals of `open --subagent` (wire.md § 5.3), in its order: a calling
 * session, a prompt, then no --project, --folder or --private. Each comes before anything is opened.
 * @throws LichError with the refusal's exact line.
 */
function subagentRefusal(ctx: LichContext, input: OpenInput): void {
  if (from(ctx) === '') throw new LichError(SUBAGENT_REFUSALS.noSession);
  if (input.prompt === '') throw new LichError(SUBAGENT_REFUSALS.noPrompt);
  if (input.project !== '') throw new LichError(SUBAGENT_REFUSALS.project);
  if (input.folder !== '') throw new LichError(SUBAGENT_REFUSALS.folder);
  if (input.private) throw new LichError(SUBAGENT_REFUSALS.private);
  if (input.resume !== '') throw new LichError(SUBAGENT_REFUSALS.resume);
}

/** spec/cli.md § lich close: `spawn.Close`. */
export async function close(ctx: LichContext, input: CloseInput, opts: RunOptions = {}): Promise<Closed> {
  return ctx.rpc.call(
    rpcMethod('close', 'call', input),
    {
      from: from(ctx),
      target: input.target,
      project: input.project,
      worktree: input.worktree,
      force: input.force,
    },
    { timeoutMs: OPEN_CALL_MS, signal: opts.signal },
  );
}

/**
 * spec/cli.md § lich control: `spawn.Control` with the 90 s budget (controlCall, wire.md § 1.4).
 * The arguments `controlRefusal` refuses (control.ts, wire.md § 11.2) are refused before any call.
 * Every ending the server reports as a state is an output — done, delivered, ended; the exit code
 * comes from the contract's outcomes — and every other ending (withdrawn, refused) is its error.
 *
 * @throws LichError the client-side refusal, or the server's.
 */
export async function control(ctx: LichContext, input: ControlInput, opts: RunOptions = {}): Promise<Controlled> {
  const options = {
    from: from(ctx),
    target: input.target,
    project: input.project,
    action: input.action,
    value: input.value,
    args: input.args,
  };
  const refusal = controlRefusal(options);
  if (refusal !== undefined) throw new LichError(refusal);
  return ctx.rpc.call(rpcMethod('control', 'call', input), options, { timeoutMs: CONTROL_CALL_MS, signal: opts.signal });
}

/**
 * spec/cli.md § lich ask: `spawn.Ask` with the 120 s budget (askCall, wire.md § 1.4). A question
 * `askRefusal` refuses (blank, over 8192 bytes) is refused before any call. The answer is the
 * output; every way the ask ends without one is the server's error.
 *
 * @throws LichError the client-side refusal, or the server's.
 */
export async function ask(ctx: LichContext, input: AskInput, opts: RunOptions = {}): Promise<Answered> {
  const refusal = askRefusal(input.question);
  if (refusal !== undefined) throw new LichError(refusal);
  return ctx.rpc.call(
    rpcMethod('ask', 'call', input),
    { from: from(ctx), target: input.target, project: input.project, question: input.question },
    { timeoutMs: ASK_CALL_MS, signal: opts.signal },
  );
}

/**
 * spec/cli.md § lich worktrees: `spawn.Worktrees`; a null list is `[]`, never null, and so is a
 * checkout's null session list.
 */
export async function worktrees(ctx: LichContext, input: WorktreesInput, opts: RunOptions = {}): Promise<Checkout[]> {
  const list = await ctx.rpc.call(
    rpcMethod('worktrees', 'call', input),
    { from: from(ctx), project: input.project },
    { timeoutMs: SHORT_CALL_MS, signal: opts.signal },
  );
  return (list ?? []).map((c) => ({ ...c, sessions: c.sessions ?? [] }));
}

/**
 * spec/cli.md § Commands (lich version): this build, plus the version `system.Diagnostics`
 * reports when a lich answers within 2 s. No lich — none recorded, none listening, one too slow
 * — is a normal state here and leaves `server` out; it is never a failure.
 */
export async function version(ctx: LichContext, input: OperationInput<'version'>, opts: RunOptions = {}): Promise<VersionReport> {
  const report: VersionReport = { cli: VERSION };
  try {
    const diagnostics = await ctx.rpc.call(rpcMethod('version', 'call', input), undefined, {
      timeoutMs: VERSION_CALL_MS,
      signal: opts.signal,
    });
    if (typeof diagnostics?.version === 'string' && diagnostics.version !== '') report.server = diagnostics.version;
  } catch (error) {
    if (isAbortError(error)) throw error;
  }
  return report;
}

/**
 * spec/cli.md § lich quit: `system.Quit`, then polls the port until nothing listens, so a script
 * can launch lich again straight after. A lich that closed the connection before its reply left
 * has quit too. Gives up after 15 s.
 *
 * @throws LichError `lich was asked to quit and still listens on port <p> after 15s`.
 */
export async function quit(ctx: LichContext, input: OperationInput<'quit'>, opts: RunOptions = {}): Promise<null> {
  const { port } = await ctx.rpc.coordinates();
  try {
    await ctx.rpc.call(rpcMethod('quit', 'call', input), {}, { timeoutMs: SHORT_CALL_MS, signal: opts.signal });
  } catch (error) {
    const exitedFirst = error instanceof LichTransportError && error.sent && !error.timedOut;
    if (!exitedFirst) throw error;
  }
  // Our own idle keep-alive connection would otherwise be one more thing the server waits out.
  ctx.rpc.close();
  const deadline = ctx.now() + QUIT_WAIT_MS;
  while (await ctx.portListens(port)) {
    if (ctx.now() >= deadline) throw new LichError(quitFailedText(port));
    await ctx.sleep(QUIT_POLL_MS, opts.signal);
  }
  return null;
}
