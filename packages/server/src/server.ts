/**
 * The headless lich backend, assembled (docs/architecture.md § The backend): store, providers,
 * terminal, relay, spawn, the RPC dispatcher and the hook endpoints behind one loopback listener,
 * and the runtime file that lets a command outside a session find it.
 */
import { join } from 'node:path';
import { StartRefusal } from './errors.js';
import { handleHook } from './hooks/endpoints.js';
import { listen, newToken, type Listener } from './listener.js';
import { handleMod } from './mod/endpoints.js';
import { ModHub } from './mod/hub.js';
import { Providers } from './providers/providers.js';
import { sessionClaudePlugin, shippedClaudePlugin } from './providers/claude-plugin.js';
import { systemClock, type Clock } from './clock.js';
import { Relay, type RelayTimings } from './relay/relay.js';
import { promptLang } from '@lich/core/i18n/prompts';
import { RpcDispatcher, rpcHandlers } from './rpc.js';
import { diagnosticReport } from './rage/debug.js';
import { liveInstance, removeRuntimeFile, runtimeFileName, writeRuntimeFile } from './runtime-file.js';
import { Sandbox } from './sandbox/sandbox.js';
import { SessionHost } from './session-host.js';
import { Control } from './spawn/control.js';
import { Spawn } from './spawn/spawn.js';
import { SessionTemps } from './spawn/session-temp.js';
import { recoverCheckouts, storeJournal } from './spawn/recover.js';
import { Worktrees } from './spawn/worktrees.js';
import { openStore } from './store/store.js';
import { WorktreePorts } from './terminal/env.js';
import { ProcessRecords, sweepLeftovers } from './terminal/leftovers.js';
import { Terminal } from './terminal/terminal.js';
import { WebView } from './web/web.js';
import { takeWorkspaceLock } from './workspace-lock.js';
import { deliveryTrace, reportKey } from './trace.js';

/** The port a lich listens on unless `LICH_LISTEN_PORT` says otherwise (`singleton.DefaultPort`). */
export const DEFAULT_PORT = 47821;
/** Longest the shutdown waits for the answers it settled to be written before it closes the port. */
export const ANSWER_GRACE_MS = 2_000;

export interface ServerOptions {
  /** The lich config directory itself: it holds `runtime.json` and `providers.json`. */
  configDir: string;
  /** The lich data directory: it holds `lich.db`. */
  dataDir: string;
  /** Port to bind on 127.0.0.1: 0 = a free one; default `LICH_LISTEN_PORT`, else 47821. */
  port?: number;
  /** Absolute path of the lich CLI, exported into every session as `LICH_BIN`. */
  bin: string;
  /** Reported by `system.Diagnostics`; default `dev`. */
  version?: string;
  /** Clock for tickets and row times (ms since the epoch). */
  clock?: Clock;
  /** Relay and mod-control timings (all ms); defaults from wire.md § 9, § 11.2 and spec/cli.md § lich control, § lich ask. */
  timings?: ServerTimings;
  /** Validate every RPC result against its contract, recording mismatches in `violations`. */
  validateResults?: boolean;
  /** The backend's environment (PATH, SHELL, LICH_SHELL, LICH_DEV, LICH_LISTEN_PORT, HOME …); default `process.env`. */
  env?: NodeJS.ProcessEnv;
  /** Where the backend logs (one line per call, no newline); default stderr. */
  log?: (line: string) => void;
}

/** What tests may shorten, all in milliseconds. */
export interface ServerTimings extends RelayTimings {
  /** `lich control`'s wait for the mod's ack (10 000). */
  controlWaitMs?: number;
  /** … for a slash command (`command`, 60 000). */
  commandWaitMs?: number;
  /** `lich ask`'s wait for the answer (90 000). */
  askWaitMs?: number;
  /** How long `GET /mod/commands` holds a poll with nothing to take (25 000). */
  modPollWaitMs?: number;
  /** How long a poll marks a session's mod attached (30 000). */
  modAttachMs?: number;
  /** How often the parks of ended sessions the database refused are tried again (store/store.ts STORE_PARK_RETRY_MS, 1 000). */
  parkRetryMs?: number;
}

export interface RunningServer {
  port: number;
  token: string;
  /** This process's id, as written in the runtime file. */
  pid: number;
  /** `http://127.0.0.1:<port>`. */
  url: string;
  /** Contract violations seen with `validateResults` (`<method>: result <what>`). */
  violations: string[];
  /**
   * Ends the backend: every session's process ended (rows parked) and the errands at them
   * settled — `unanswered` when delivered, `undelivered` when not — so a caller holding the line
   * gets that outcome, not `pending`; then the relay let go, the answers written (≤ 2 s), the
   * store closed, the runtime file removed and the listener closed. New sends and opens are
   * refused from the first moment. Idempotent.
   */
  close(): Promise<void>;
  /** Resolves once the backend has closed, by `close()` or by `system.Quit`. */
  closed: Promise<void>;
  /** The web view (web/web.ts): its one-time links and the cards' addresses. */
  web: Pick<WebView, 'link' | 'address'>;
}

/**
 * Starts the backend.
 *
 * @throws StartRefusal when another lich is live on the runtime file (naming its pid and port),
 *   another holds the data directory's lock (`workspace-lock.ts`, naming the directory and its
 *   pid), the port is taken, or `LICH_LISTEN_PORT` is not a port; a StoreError when the database
 *   cannot be opened for a reason a person acts on; any other Error for what nobody expected.
 */
export async function startServer(opts: ServerOptions): Promise<RunningServer> {
  const env = opts.env ?? process.env;
  const log = opts.log ?? ((line: string) => process.stderr.write(`${line}\n`));
  const clock = opts.clock ?? systemClock;
  const port = opts.port ?? listenPort(env);
  const runtimeFile = join(opts.configDir, runtimeFileName(env));

  const other = await liveInstance(runtimeFile);
  if (other) {
    throw new StartRefusal(
      `another lich is running (pid ${other.pid}, listening on port ${other.port}), recorded in ${runtimeFile}: use that one, or end it with "lich quit" before starting this one`,
    );
  }

  // Before the store is opened (or migrated): a backend sharing this data directory through
  // another config directory would otherwise have its live sessions parked just below.
  const lock = takeWorkspaceLock(opts.dataDir);
  // Holding the lock, every session record in the data directory is an earlier run's: a run
  // killed outright may have left its sessions' processes running (terminal/leftovers.ts).
  const records = new ProcessRecords(opts.dataDir);
  await sweepLeftovers(records, { log, clock });
  let opened: ReturnType<typeof openStore> | undefined;
  let parked: number;
  try {
    opened = openStore(opts.dataDir, () => clock.now(), { log, clock, parkRetryMs: opts.timings?.parkRetryMs });
    parked = await opened.parkAll();
  } catch (err) {
    opened?.close();
    lock.release();
    throw err;
  }
  const store = opened;
  if (parked > 0) log(`parked ${parked} session${parked === 1 ? '' : 's'} an earlier run left open: no terminal survives a restart`);
  // Under the lock, before any session runs: what the sessions of a run that did not end cleanly left in their TMPDIR.
  const temps = new SessionTemps(opts.dataDir);
  const swept = temps.sweep();
  if (swept > 0) log(`removed the temporary directories of ${swept} session${swept === 1 ? '' : 's'} an earlier run left`);

  const token = newToken();
  // Off unless LICH_TRACE_DELIVERY=1 (the bench's delivery breakdown, trace.ts).
  const trace = deliveryTrace(env, log);
  const terminal = new Terminal({ clock, records, log, trace });
  const providers = new Providers(opts.configDir, env, { bin: opts.bin });
  const ports = new WorktreePorts();
  const host = new SessionHost(store, terminal, providers, ports, clock, log);
  const t = opts.timings ?? {};
  const hub = new ModHub({ now: () => clock.now(), pollWaitMs: t.modPollWaitMs, attachMs: t.modAttachMs, log });
  // A --subagent worker that answered in its caller's checkout closes itself the way `lich close` does.
  const relay = new Relay(host, opts.timings, {
    park: (id) => spawn.close({ from: '', target: id, project: '', worktree: '', force: false }),
    log,
    trace,
    mod: hub,
    // wire.md § 8.4: what the backend types is in the language of its own environment.
    lang: promptLang(env.LICH_PROMPT_LANG),
    home: env.HOME || undefined,
  });
  // A session whose process ended polls no more: what waits on its mod settles `ended`.
  host.onExit((id) => hub.ended(id));
  // wire.md § 11.2: an ok abort ends lich's open turn as `interrupted` — lich's own state, which
  // no hook may report — so the relay and `lich sessions` see the turn over.
  hub.onAck((ack, _command, id) => {
    if (ack.kind !== 'abort' || !ack.ok || !store.db.open || !store.session(id)) return;
    // Asked for before the relay hears it, as a hook's state is (hooks/endpoints.ts).
    store.setState(id, { state: 'interrupted', tool: '', detail: '', reason: '' }).catch((err) =>
      log(`session ${id}: its interrupted turn could not be recorded: ${(err as Error)?.message ?? String(err)}`),
    );
    relay.observe(id, 'interrupted');
    web.observed(id);
  });
  let bound = 0;
  const worktrees = new Worktrees(opts.dataDir, env, storeJournal(store));
  const sandbox = new Sandbox({ configDir: opts.configDir, dataDir: opts.dataDir });
  const spawn = new Spawn({
    store,
    terminal,
    providers,
    ports,
    env,
    worktrees,
    sandbox,
    coordinates: () => ({ port: bound, token, bin: opts.bin, pid: process.pid }),
    closing: (id, by) => relay.closing(id, by),
    claudePlugin: () => sessionClaudePlugin(shippedClaudePlugin(opts.bin), opts.dataDir),
    temps,
  });

  const violations: string[] = [];
  let closing: Promise<void> | undefined;
  let resolveClosed!: () => void;
  const closed = new Promise<void>((r) => (resolveClosed = r));

  const web = new WebView({
    port: () => bound,
    store,
    terminal,
    relay,
    branch: (id) => host.branch(id),
    providerName: (kind) => providers.peek(kind)?.name ?? kind,
    // A page's Resume is `lich open --resume` from the command line (no calling session).
    resume: (id) => spawn.open({ from: '', project: '', kind: '', worktree: '', base: '', model: '', effort: '', folder: '', ultracode: false, resume: id }),
    log,
  });
  const control = new Control({
    store,
    hub,
    liveSessions: () => host.liveSessions(),
    providers,
    env,
    waits: { controlMs: t.controlWaitMs, commandMs: t.commandWaitMs, askMs: t.askWaitMs },
  });
  // Every RPC method, in one table typed by the contracts (rpc.ts).
  const rpc = rpcHandlers({
    store,
    terminal,
    host,
    relay,
    spawn,
    control,
    web,
    env,
    configDir: opts.configDir,
    version: opts.version ?? 'dev',
    now: () => clock.now(),
    log,
  });
  // A session is priced when it parks, as at each `done` (cost/cost.ts).
  host.onExit((id) => rpc.cost.parked(id));
  // The listener hands it every call. system.Quit answers first and closes the backend once its
  // reply has left; from the first moment of the close (`quitting()` below) a new errand or
  // session is refused (rpc.ts NEW_WORK). The web view is not its business: it hears of a change
  // from where it happens (the store's writes, the terminal, the relay, the reports below).
  const dispatcher = new RpcDispatcher({ handlers: rpc.handlers, validateResults: opts.validateResults, violations, log, quit: close });

  let listener: Listener;
  try {
    // Before anything can be opened or closed: a worktree an earlier run was making or removing
    // when it was killed is taken back or finished, so the rows match the disk (spawn/recover.ts).
    await recoverCheckouts({ store, worktrees, sandbox, log });
    listener = await listen(
      port,
      token,
      {
        rpc: dispatcher,
        hook: async (path, body) => {
          if (trace) trace('report', reportKey(path, body));
          // Between the store closing and the port closing, a report has nowhere to go.
          return !store.db.open
            ? { status: 503, body: 'lich is quitting' }
            : handleHook(
                {
                  store,
                  providers,
                  observe: (id, state) => (relay.observe(id, state), rpc.cost.observe(id, state), web.observed(id)),
                  heard: (id) => host.heard(id),
                  started: (id) => (host.started(id), relay.started(id)),
                  log,
                },
                path,
                body,
              );
        },
        mod: (req) =>
          !store.db.open
            ? Promise.resolve({ status: 503, body: 'lich is quitting' })
            : handleMod(
                {
                  hub,
                  store,
                  heard: (id) => host.heard(id),
                  answer: (r) => void ('text' in r ? relay.answerFromMod(r.session_id, r.text) : relay.unansweredFromMod(r.session_id)),
                  status: (id) => relay.status(id),
                  log,
                },
                req,
              ),
        // `lich rage`: the stacks of this process (rage/debug.ts).
        debug: diagnosticReport,
        web,
      },
      log,
      trace,
    );
  } catch (err) {
    web.close();
    hub.close();
    relay.close();
    host.close();
    store.close();
    lock.release();
    throw err;
  }
  bound = listener.port;
  const info = { pid: process.pid, port: bound, token };
  try {
    writeRuntimeFile(runtimeFile, info);
  } catch (err) {
    web.close();
    hub.close();
    relay.close();
    host.close();
    await listener.close();
    store.close();
    lock.release();
    throw new Error(`write the runtime file ${runtimeFile}: ${(err as Error).message}`);
  }

  /*
   * The order is the point (wire.md § 9; spec/cli.md § lich quit). The mod hub closes first, so
   * held polls answer and every wait on a mod ends `ended`. Tickets live in memory, so
   * a send or wait handed back `pending` now could never be collected. So every session's
   * process is ended first, while the relay still listens: each errand at a session that
   * ended lands `unanswered` (delivered) or `undelivered` (queued or being typed), and whoever
   * holds the line on it — a `lich send`, a `lich wait`, a collect — gets that outcome. Only
   * then is the relay let go (anything still held gets what it has), the answers are given time
   * to leave, and the store, the workspace lock and the runtime file go before the port
   * closes: `lich quit` returns once the port refuses, and a lich started right after must
   * find the data directory free.
   */
  function close(): Promise<void> {
    closing ??= (async () => {
      // From now on no new errand and no new session.
      dispatcher.quitting();
      // The pages first: they are told lich is quitting, and their sockets must be gone before the port closes.
      web.close();
      rpc.close();
      // Before the sessions end: a held poll answers at once, and every control, ask or
      // mod hand-off still waiting settles `ended` rather than waiting on a mod that is going.
      hub.close();
      await terminal.killAll();
      // Each session's went as it ended; this takes what a file being written then kept there.
      temps.sweep();
      relay.close();
      host.close();
      await listener.settled(ANSWER_GRACE_MS);
      // A write still waiting for another program's lock on the database (a parked row, a
      // state) gets its wait, then is made or refused: none is dropped by the close.
      await store.settled();
      store.close();
      lock.release();
      removeRuntimeFile(runtimeFile, info);
      await listener.close();
      resolveClosed();
    })();
    return closing;
  }

  return { port: bound, token, pid: process.pid, url: `http://127.0.0.1:${bound}`, violations, close, closed, web };
}

/**
 * `LICH_LISTEN_PORT`, else 47821.
 * @throws StartRefusal when it is set and not a port number.
 */
export function listenPort(env: NodeJS.ProcessEnv): number {
  const v = env.LICH_LISTEN_PORT;
  if (v === undefined || v === '') return DEFAULT_PORT;
  const n = Number(v);
  if (!/^\d+$/.test(v) || n > 65535) throw new StartRefusal(`LICH_LISTEN_PORT is "${v}", which is not a port number (0–65535)`);
  return n;
}
