/**
 * End-to-end harness: a real headless backend (`startServer` from `@lich/server`, in this
 * process, on port 0, in temporary config and data directories, with `validateResults` on),
 * real sessions running the example agent in real PTYs, and the built `lich` CLI run as a
 * child process exactly as an agent's shell runs it.
 *
 * Nothing here is mocked. The one liberty taken is time: a test may hand the backend a clock
 * it advances itself (`ManualClock`) and shortened relay timings, so an hour-long TTL or a
 * 15 s receipt window is exercised in seconds.
 *
 * Every CLI child runs with the environment an agent's shell would have: `LICH_PORT`,
 * `LICH_TOKEN` and `LICH_SESSION_ID` when the test plays a session, none of them when it
 * plays a script outside lich, and `XDG_CONFIG_HOME` pointing at this backend's own config
 * home so the machine's real `runtime.json` is never read. `NODE_EXTRA_CA_CERTS` is unset:
 * it costs ~65 ms on every node start and no test talks TLS.
 */
import { execFile, spawnSync, type ChildProcess } from 'node:child_process';
import { request } from 'node:http';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { request as httpRequest } from 'node:http';
import { pidAlive } from '@lich/core/lich-process';
import { startServer, systemClock, type Clock, type Timer } from '@lich/server';
import WebSocket from 'ws';

export const ROOT = resolve(fileURLToPath(new URL('.', import.meta.url)), '../..');
/** The `lich` bin, which runs the built bundle (`npm run build`). */
export const LICH_JS = join(ROOT, 'packages/cli/bin/lich.js');
export const AGENT_JS = join(ROOT, 'examples/agent/agent.mjs');
/** Holds the stand-in Claude Code's `claude` (examples/claude; the bundle `npm run build` writes). */
export const CLAUDE_BIN_DIR = join(ROOT, 'examples/claude/bin');

/** The environment every child starts from: this one without lich's coordinates and the CA bundle. */
export function baseEnv(): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [k, v] of Object.entries(process.env)) {
    if (v === undefined || k.startsWith('LICH_') || k === 'NODE_EXTRA_CA_CERTS') continue;
    env[k] = v;
  }
  return env;
}

export interface Run {
  /** Exit code; null only when the process was killed. */
  code: number | null;
  stdout: string;
  stderr: string;
}

export interface RunOptions {
  /** `LICH_PORT`; omitted = not set. */
  port?: number | string;
  /** `LICH_TOKEN`; omitted = not set. */
  token?: string;
  /** `LICH_SESSION_ID`: the session the command plays; omitted = a caller outside lich. */
  session?: string;
  /** `XDG_CONFIG_HOME` for the runtime-file fallback. */
  configHome?: string;
  /** Anything else to add to (or, as undefined, remove from) the environment. */
  env?: Record<string, string | undefined>;
  /** Kill the command after this many milliseconds (default 60 s). */
  timeoutMs?: number;
}

/**
 * Runs `node packages/cli/bin/lich.js …args` and resolves with its exit code and output.
 * Asynchronous on purpose: the backend lives in this process, and a synchronous child would
 * stop it from answering.
 */
export function runLich(args: string[], o: RunOptions = {}): Promise<Run> {
  return startLich(args, o).done;
}

/** `runLich`, with the child process at hand (its pid, to signal it or read its sockets). */
export function startLich(args: string[], o: RunOptions = {}): { child: ChildProcess; done: Promise<Run> } {
  const env = baseEnv();
  if (o.port !== undefined) env.LICH_PORT = String(o.port);
  if (o.token !== undefined) env.LICH_TOKEN = o.token;
  if (o.session !== undefined) env.LICH_SESSION_ID = o.session;
  if (o.configHome !== undefined) env.XDG_CONFIG_HOME = o.configHome;
  for (const [k, v] of Object.entries(o.env ?? {})) {
    if (v === undefined) delete env[k];
    else env[k] = v;
  }
  let child!: ChildProcess;
  const done = new Promise<Run>((resolve) => {
    child = execFile(
      process.execPath,
      [LICH_JS, ...args],
      { env, timeout: o.timeoutMs ?? 60_000, maxBuffer: 8 << 20 },
      (err, stdout, stderr) => {
        const code = err ? (typeof err.code === 'number' ? err.code : null) : 0;
        resolve({ code, stdout, stderr });
      },
    );
  });
  return { child, done };
}

/** A user-defined provider entry of `<configDir>/providers.json`. */
export interface ProviderEntry {
  name: string;
  command: string;
  args: string[];
  env: Record<string, string>;
  reportsState: boolean;
  tools: boolean;
  /** How its program shows it reads (README § Add a provider): `"quiet"`, an object of signs; absent, its terminal's signs. */
  ready?: 'quiet' | Record<string, unknown>;
}

/**
 * The example agent as a provider. `log` is its `EXAMPLE_AGENT_LOG`; `id` the providers.json
 * key it is registered under (default `example`), which it announces at `/session-start`;
 * `hooks: false` makes it report nothing (and `reportsState` false with it), like a provider
 * without a plugin; `tools: true` registers it as having lich's tools, so its message offers
 * reply_to_session, which it answers with from its own process (examples/agent/agent.mjs).
 */
export function exampleProvider(log: string, o: { hooks?: boolean; name?: string; id?: string; tools?: boolean } = {}): ProviderEntry {
  const hooks = o.hooks ?? true;
  return {
    name: o.name ?? 'Example agent',
    command: process.execPath,
    args: [AGENT_JS],
    env: { EXAMPLE_AGENT_LOG: log, EXAMPLE_AGENT_PROVIDER: o.id ?? 'example', ...(hooks ? {} : { EXAMPLE_AGENT_HOOKS: 'off' }) },
    reportsState: hooks,
    tools: o.tools ?? false,
  };
}

/**
 * A session that is a terminal and nothing else: what is typed at it is delivered and never
 * read, and it reports no state. It stands for the sending session when a test plays that
 * session's shell itself, and for a target that must never answer. Its program never reads, so
 * it shows none of the signs a reading program shows; it declares `"ready": "quiet"`, to be typed
 * at after the PTY's quiet as before.
 */
export function inertProvider(): ProviderEntry {
  return {
    name: 'Inert terminal',
    command: '/bin/sh',
    args: ['-c', 'exec sleep 86400'],
    env: {},
    reportsState: false,
    tools: false,
    ready: 'quiet',
  };
}

/**
 * A clock the test moves by hand; ms since the epoch, starting at the real time. Its timers run
 * on node's own: a jump is seen at the next look at the time (the relay settles what expired
 * then), while every wait in between stays real.
 */
export class ManualClock implements Clock {
  private offset = 0;
  now(): number {
    return Date.now() + this.offset;
  }
  after(ms: number, fn: () => void): Timer {
    return systemClock.after(ms, fn);
  }
  /** Moves time forward by `seconds`. */
  advance(seconds: number): void {
    this.offset += seconds * 1000;
  }
}

export interface BackendOptions {
  /**
   * The user-defined providers to write into providers.json; `log` is the path of the agent log
   * this backend's sessions share (`Backend.log`), for `exampleProvider(log)`.
   */
  providers?: (paths: { log: string; home: string }) => Record<string, ProviderEntry>;
  clock?: Clock;
  /** Relay timings to shorten, passed through to `startServer` unchanged. */
  timings?: Parameters<typeof startServer>[0]['timings'];
  /**
   * Variables added to the backend's environment (and so to every session's PTY, built-in
   * providers included): `standInClaude(log)` makes the built-in `claude` the stand-in.
   */
  env?: (paths: { log: string; home: string }) => Record<string, string>;
}

/**
 * The backend environment under which the built-in `claude` provider is the stand-in Claude
 * Code (examples/claude/claude.ts): its bin directory first on `PATH`, `log` as its
 * `EXAMPLE_AGENT_LOG`, and `knobs` (its `EXAMPLE_CLAUDE_*` variables) on top.
 */
export function standInClaude(log: string, knobs: Record<string, string> = {}): Record<string, string> {
  return {
    PATH: `${CLAUDE_BIN_DIR}:${process.env.PATH ?? ''}`,
    EXAMPLE_AGENT_LOG: log,
    EXAMPLE_CLAUDE_NODE: process.execPath,
    ...knobs,
  };
}

export interface Session {
  id: string;
  projectId: string;
  project: string;
  label: string;
  name: string;
  kind: string;
  path: string;
  [k: string]: unknown;
}

export class Backend {
  /** Parent of the config and data dirs; also where tests put repositories and logs. */
  readonly home: string;
  /** `XDG_CONFIG_HOME` for CLI children; the lich config dir is `<configHome>/lich`. */
  readonly configHome: string;
  /** The JSON-lines log every example-agent session of this backend appends to. */
  readonly log: AgentLog;
  /** What the backend logged (one line per entry), kept rather than printed over the test output. */
  readonly backendLog: string[];

  private constructor(
    home: string,
    private readonly server: Awaited<ReturnType<typeof startServer>>,
    backendLog: string[],
  ) {
    this.home = home;
    this.configHome = join(home, 'config');
    this.log = new AgentLog(join(home, 'agents.jsonl'));
    this.backendLog = backendLog;
  }

  static async start(o: BackendOptions = {}): Promise<Backend> {
    const home = mkdtempSync(join(tmpdir(), 'lich-e2e-'));
    const configDir = join(home, 'config', 'lich');
    const dataDir = join(home, 'data', 'lich');
    mkdirSync(configDir, { recursive: true });
    mkdirSync(dataDir, { recursive: true });
    if (o.providers) {
      const providers = o.providers({ log: join(home, 'agents.jsonl'), home });
      writeFileSync(join(configDir, 'providers.json'), JSON.stringify({ providers }, null, 2));
    }
    const backendLog: string[] = [];
    const server = await startServer({
      configDir,
      dataDir,
      port: 0,
      bin: LICH_JS,
      validateResults: true,
      env: { ...baseEnv(), ...o.env?.({ log: join(home, 'agents.jsonl'), home }) },
      log: (line) => backendLog.push(line),
      ...(o.clock ? { clock: o.clock } : {}),
      ...(o.timings ? { timings: o.timings } : {}),
    });
    return new Backend(home, server, backendLog);
  }

  get port(): number {
    return this.server.port;
  }
  get token(): string {
    return this.server.token;
  }
  get pid(): number {
    return this.server.pid;
  }
  /** Results the backend returned that failed their JSON Schema (`validateResults`). */
  get violations(): string[] {
    return this.server.violations;
  }

  /** Runs `lich …args` against this backend; `session` plays that session's shell. */
  lich(args: string[], o: RunOptions = {}): Promise<Run> {
    return this.startLich(args, o).done;
  }

  /** `lich`, as `lich()`, with its process at hand (`startLich`). */
  startLich(args: string[], o: RunOptions = {}): { child: ChildProcess; done: Promise<Run> } {
    return startLich(args, { port: this.port, token: this.token, configHome: this.configHome, ...o });
  }

  /** `lich open --json --project <project> --kind <kind>`, failing the test on anything but exit 0. */
  async open(project: string, kind: string, extra: string[] = []): Promise<Session> {
    const r = await this.lich(['open', '--json', '--project', project, '--kind', kind, ...extra]);
    if (r.code !== 0) throw new Error(`lich open exited ${r.code}: ${r.stderr}${r.stdout}`);
    return JSON.parse(r.stdout) as Session;
  }

  /**
   * Types `data` at session `id` as a person at this lich's page does (docs/web-view.md): a
   * one-time link from `lich focus --json`, spent for the page's cookie, and one `in` message on
   * the page's live connection. Resolves once the connection has answered a `watch` sent after
   * it: the backend has taken the typing, which goes into the PTY at once — or, while the relay
   * is typing there, right after (`Relay.exclusive`).
   */
  async typeAsPerson(id: string, data: string): Promise<void> {
    const focused = await this.lich(['focus', '--json', id]);
    if (focused.code !== 0) throw new Error(`lich focus exited ${focused.code}: ${focused.stderr}`);
    const link = new URL((JSON.parse(focused.stdout) as { page: string }).page);
    const cookie = await new Promise<string>((done, fail) => {
      const req = httpRequest({ host: '127.0.0.1', port: this.port, path: `${link.pathname}${link.search}` }, (res) => {
        res.resume();
        const set = res.headers['set-cookie']?.[0];
        if (res.statusCode !== 303 || !set) fail(new Error(`the page's link answered ${res.statusCode}`));
        else done(set.split(';')[0]!);
      });
      req.on('error', fail);
      req.end();
    });
    const ws = new WebSocket(`ws://127.0.0.1:${this.port}/web/live`, { headers: { Cookie: cookie, Origin: `http://127.0.0.1:${this.port}` } });
    try {
      await new Promise<void>((done, fail) => {
        ws.once('open', () => done());
        ws.once('error', fail);
      });
      const screen = new Promise<void>((done) =>
        ws.on('message', (m) => {
          const msg = JSON.parse(String(m)) as { t: string; id?: string };
          if (msg.t === 'screen' && msg.id === id) done();
        }),
      );
      ws.send(JSON.stringify({ t: 'in', id, d: data }));
      ws.send(JSON.stringify({ t: 'watch', id }));
      await screen;
    } finally {
      ws.close();
    }
  }

  async close(): Promise<void> {
    await this.server.close();
    rmSync(this.home, { recursive: true, force: true });
  }
}

/** Creates a git repository `<parent>/<name>` with `commits` commits; returns its path. */
export function makeRepo(parent: string, name: string, commits = 3): string {
  const dir = join(parent, name);
  mkdirSync(dir, { recursive: true });
  const git = (...args: string[]) => {
    const r = spawnSync('git', args, {
      cwd: dir,
      env: { ...baseEnv(), GIT_AUTHOR_NAME: 'e2e', GIT_AUTHOR_EMAIL: 'e2e@example.invalid', GIT_COMMITTER_NAME: 'e2e', GIT_COMMITTER_EMAIL: 'e2e@example.invalid' },
      encoding: 'utf8',
    });
    if (r.status !== 0) throw new Error(`git ${args.join(' ')}: ${r.stderr}`);
  };
  git('init', '-q', '-b', 'main');
  for (let i = 1; i <= commits; i++) {
    writeFileSync(join(dir, `file${i}.txt`), `content ${i}\n`);
    git('add', '.');
    git('commit', '-q', '-m', `commit ${i}`);
  }
  return dir;
}

export interface AgentEntry {
  t: string;
  session: string;
  pid: number;
  event: string;
  [k: string]: unknown;
}

/** The JSON-lines log the example agent writes (`EXAMPLE_AGENT_LOG`). */
export class AgentLog {
  constructor(readonly path: string) {}

  entries(session?: string): AgentEntry[] {
    if (!existsSync(this.path)) return [];
    const text = readFileSync(this.path, 'utf8');
    // Agents append while this reads: only a line its newline ended is whole.
    return text
      .slice(0, text.lastIndexOf('\n') + 1)
      .split('\n')
      .filter(Boolean)
      .map((l) => JSON.parse(l) as AgentEntry)
      .filter((e) => session === undefined || e.session === session);
  }

  /** Resolves with the first entry of `session` matching `pred`, polling until `ms` runs out. */
  async waitFor(session: string, pred: (e: AgentEntry) => boolean, what: string, ms = 15_000): Promise<AgentEntry> {
    let found: AgentEntry | undefined;
    await until(() => (found = this.entries(session).find(pred)) !== undefined, `${what} in the agent log`, ms);
    return found!;
  }

  /** Resolves once the agent in `session` has started and drawn its prompt. */
  ready(session: string): Promise<AgentEntry> {
    return this.waitFor(session, (e) => e.event === 'start', 'the agent starting');
  }
}

/** Polls `cond` every 25 ms; rejects naming `what` after `ms`. */
export async function until(cond: () => boolean, what: string, ms = 15_000): Promise<void> {
  const end = Date.now() + ms;
  while (!cond()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await sleep(25);
  }
}

export function sleep(ms: number): Promise<void> {
  return new Promise((r) => setTimeout(r, ms));
}

/** Whether a process with this pid is still running: there, and not a zombie (core's `pidAlive`). */
export const alive = pidAlive;

/** The ticket a pending prose names on its `lich wait <ticket>` line. */
export function ticketOf(prose: string): string {
  const m = /lich wait ([0-9a-f]{8})\b/.exec(prose) ?? /ticket "([0-9a-f]{8})"/.exec(prose);
  if (!m) throw new Error(`no ticket in: ${prose}`);
  return m[1];
}

/**
 * The pending prose of a shared errand, exactly: spec/cli.md § lich send's words for a send from
 * a session; from outside one (`outside`), no note is promised — there is no prompt to type it at.
 */
export function pendingText(target: string, ticket: string, from: 'session' | 'outside' = 'session'): string {
  const head = `${target} is still working. The errand is open — a message that session was not ready for is held until it is`;
  return from === 'session'
    ? `${head} — and a note will be typed at the sending session's prompt when its result is ready. To hold the line for it instead:\n  lich wait ${ticket}\n`
    : `${head}. It was sent from outside a lich session, so no note will announce its result; it waits for its ticket for an hour. Hold the line for it with:\n  lich wait ${ticket}\n`;
}

/** wire.md § 7.2: the pending prose of a private errand, exactly. */
export function privatePendingText(target: string, ticket: string): string {
  return (
    `${target} is still working. The errand is private: no note will be typed at the sending session's prompt, ` +
    `and \`lich wait\` without a ticket will not return it. Hold the line for it with:\n` +
    `  lich wait ${ticket}\n`
  );
}

/** The line `lich open` adds under its session on this backend: the card's address on its page (the web view). */
export function pageLine(port: number, id: string): string {
  return `Its card is on this lich's page: http://127.0.0.1:${port}/web/#card=${id}\n`;
}

/** Go `%q` of a plain label (no escapes needed in the labels tests use). */
export function q(s: string): string {
  return JSON.stringify(s);
}

/** A lich's coordinates: the in-process `Backend`, or a `ChildBackend`. */
export interface Reachable {
  port: number;
  token: string;
}

/** `GET <path>?token=…&…` (`path` carries its own query) against `b`; the JSON reply. */
export function getJson(b: Reachable, path: string): Promise<any> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port: b.port, path: `${path}&token=${b.token}`, method: 'GET', agent: false }, (res) => {
      let text = '';
      res.on('data', (d) => (text += d));
      res.on('end', () => resolve(JSON.parse(text)));
    });
    req.on('error', reject);
    req.end();
  });
}

/** GET /mod/status of a session (wire.md § 11.3): the errands it owes, the ones it has open, the results ready for it. */
export interface ModStatus {
  owed: { ticket: string; from: string; asked: string }[];
  open: { ticket: string; target: string; state: string }[];
  ready: { ticket: string; target: string; status: string }[];
}

/** The tickets `from` has open. */
export async function openTickets(b: Reachable, from: string): Promise<string[]> {
  const status = (await getJson(b, `/mod/status?session_id=${from}`)) as ModStatus;
  return status.open.map((o) => o.ticket);
}

/** Polls GET /mod/status of `session` until `pred` holds (15 s). */
export async function waitForStatus(b: Reachable, session: string, pred: (s: ModStatus) => boolean, what: string): Promise<void> {
  const end = Date.now() + 15_000;
  while (!pred((await getJson(b, `/mod/status?session_id=${session}`)) as ModStatus)) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await sleep(25);
  }
}
