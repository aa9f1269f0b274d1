/**
 * The mod's tests' stand-ins for what is not under test: Claude Code's `$` (the calls the mod
 * makes, recorded, answered as a test says), its `on` (the hooks registered, to raise), a clock
 * the test moves, and lich's plugin endpoints in memory behind `$.http.fetch`. No Node here: the
 * mod's tests are type-checked with the mod, against Claude Code's declarations only.
 *
 * The real Claude Code and the real backend run the mod in test/agents/claude-plugin.test.ts.
 */
import type { EngineInterface, On } from 'claude-code';

// The tests run under node (vitest); the mod itself has no timers of its own.
declare function setTimeout(fn: () => void, ms: number): unknown;

/** Lets whatever is under way run: every microtask queued, then one turn of the event loop. */
export function settle(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

/** One request the mod made to lich. */
export interface LichRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: Record<string, string>;
  body: unknown;
}

/** lich's plugin endpoints in memory: POSTs answered 204 (or as `answer` says), polls parked until handed commands. */
export class MemoryLich {
  readonly requests: LichRequest[] = [];
  private parked: Array<(r: { status: number; text: string }) => void> = [];
  private waiters: Array<() => void> = [];
  /** Answers the requests to a path (a POST, or a GET but the parked poll) with another status. */
  readonly answer = new Map<string, number>();

  fetch(url: string, init: { method?: string; headers?: Record<string, string>; body?: unknown } = {}): Promise<{ status: number; ok: boolean; headers: Record<string, string>; text: string }> {
    const u = new URL(url);
    const body = typeof init.body === 'string' && init.body !== '' ? (JSON.parse(init.body) as unknown) : undefined;
    this.requests.push({ method: init.method ?? 'GET', path: u.pathname, query: u.searchParams, headers: init.headers ?? {}, body });
    this.wake();
    const reply = (status: number, text = '') => ({ status, ok: status >= 200 && status < 300, headers: {}, text });
    if ((init.method ?? 'GET') === 'GET' && u.pathname === '/mod/commands') {
      return new Promise((resolve) => this.parked.push((r) => resolve(reply(r.status, r.text))));
    }
    return Promise.resolve(reply(this.answer.get(u.pathname) ?? 204));
  }

  /** Answers the oldest parked poll with `commands` (a 200), or with `status` alone. */
  hand(commands: unknown[] | { status: number }): void {
    const next = this.parked.shift();
    if (!next) throw new Error('no poll is parked');
    next(Array.isArray(commands) ? { status: 200, text: JSON.stringify(commands) } : { status: commands.status, text: '' });
  }

  /** Polls parked now. */
  get polls(): number {
    return this.parked.length;
  }

  /** The requests to `path`. */
  to(path: string): LichRequest[] {
    return this.requests.filter((r) => r.path === path);
  }

  /** Resolves once `cond` holds: checked at every request lich gets and every turn of the event loop, for at most 5 s. */
  async until(cond: () => boolean, what: string): Promise<void> {
    for (let turns = 0; turns < 5000; turns++) {
      if (cond()) return;
      await new Promise<void>((resolve) => {
        this.waiters.push(resolve);
        setTimeout(resolve, 1);
      });
    }
    throw new Error(`never saw ${what}; lich got ${JSON.stringify(this.requests.map((r) => `${r.method} ${r.path} ${JSON.stringify(r.body ?? '')}`))}`);
  }

  private wake(): void {
    for (const w of this.waiters.splice(0)) w();
  }
}

/** A clock the test moves: `$.clock.after` timers fire only when {@link ManualClock.advance} passes them. */
export class ManualClock {
  now = 0;
  private timers: Array<{ at: number; fn: () => void; live: boolean }> = [];

  after(ms: number, fn: () => void): { cancel: () => void } {
    const t = { at: this.now + ms, fn, live: true };
    this.timers.push(t);
    return { cancel: () => (t.live = false) };
  }

  /** Moves time on by `ms`, firing what falls due, in order. */
  advance(ms: number): void {
    this.now += ms;
    for (const t of this.timers.filter((x) => x.live && x.at <= this.now).sort((a, b) => a.at - b.at)) {
      t.live = false;
      t.fn();
    }
    this.timers = this.timers.filter((x) => x.live);
  }

  /** Timers not fired or cancelled yet, by how long until they fire. */
  pending(): number[] {
    return this.timers.filter((t) => t.live).map((t) => t.at - this.now);
  }
}

/** One `$` call the mod made: its name and argument. */
export interface DollarCall {
  call: string;
  arg: unknown;
}

/** What a test hands {@link fakeDollar}: the answers to the calls under test. */
export interface DollarAnswers {
  /** The session's environment (`$.env.get`; unset reads `""`). */
  env?: Record<string, string>;
  submit?: (arg: { text: string; asUser?: true }) => Promise<unknown>;
  abort?: (arg: { turnId: string }) => Promise<void>;
  command?: (arg: { command: string; args?: string }) => Promise<unknown>;
  fork?: (arg: { prompt: string }) => Promise<unknown>;
  sessionId?: string;
  usage?: unknown;
  /** `$.process.run`: the exit, stdout and stderr of a command, by its argv; an unanswered argv exits 127. */
  run?: (argv: readonly string[], init?: { timeoutMs?: number }) => Promise<{ exitCode: number; stdout?: string; stderr?: string }>;
  /** `$.command.list`: the session's slash commands. */
  commands?: Array<{ name: string; source: string }>;
  /** `$.fs`: files by absolute path, read and written in place. */
  files?: Map<string, string>;
}

/** A `$` of the calls the mod makes, recording each; anything else it touches throws. */
export function fakeDollar(lich: MemoryLich, clock: ManualClock, a: DollarAnswers = {}): { $: EngineInterface; calls: DollarCall[]; logs: string[] } {
  const calls: DollarCall[] = [];
  const logs: string[] = [];
  const record = <T>(call: string, arg: unknown, result: T): T => {
    calls.push({ call, arg });
    return result;
  };
  const $ = {
    env: {
      get: (name: string) => record('env.get', name, Promise.resolve(a.env?.[name] ?? '')),
      set: (name: string, value: string | undefined) => record('env.set', { name, value }, Promise.resolve({})),
    },
    http: { fetch: (url: string, init?: { method?: string; headers?: Record<string, string>; body?: unknown }) => lich.fetch(url, init) },
    clock: { after: (ms: number, fn: () => void) => clock.after(ms, fn) },
    prompt: { submit: (arg: { text: string; asUser?: true }) => record('prompt.submit', arg, (a.submit ?? (async () => ({ text: arg.text })))(arg)) },
    turn: { abort: (arg: { turnId: string }) => record('turn.abort', arg, (a.abort ?? (async () => {}))(arg)) },
    command: { run: (arg: { command: string; args?: string }) => record('command.run', arg, (a.command ?? (async () => ({})))(arg)) },
    model: { fork: (arg: { prompt: string }) => record('model.fork', arg, (a.fork ?? (async () => ({ isAnswered: false, reason: 'nothing-to-fork' })))(arg)) },
    session: {
      id: () => Promise.resolve(a.sessionId ?? 'claude-session-1'),
      usage: () => Promise.resolve(a.usage ?? { startedAt: 0, context: { window: 200000 }, rateLimits: [], cost: { usd: 0 } }),
    },
    ui: {
      log: (text: string) => void logs.push(text),
      toast: (text: string) => void record('ui.toast', text, undefined),
      invalidate: (event: string) => void record('ui.invalidate', event, undefined),
    },
    process: {
      run: async (argv: readonly string[], init?: { timeoutMs?: number }) => {
        record('process.run', argv, undefined);
        const r: { exitCode: number; stdout?: string; stderr?: string } = await (a.run ?? (async () => ({ exitCode: 127, stderr: 'not found' })))(argv, init);
        return { exitCode: r.exitCode, stdout: r.stdout ?? '', stderr: r.stderr ?? '', isStdoutTruncated: false, isStderrTruncated: false };
      },
    },
    fs: {
      exists: (path: string) => Promise.resolve(a.files?.has(path) ?? false),
      read: (path: string) => (a.files?.has(path) ? Promise.resolve(a.files.get(path)!) : Promise.reject(new Error(`ENOENT: ${path}`))),
      write: (path: string, text: string) => {
        record('fs.write', { path, text }, undefined);
        a.files?.set(path, text);
        return Promise.resolve();
      },
    },
  };
  Object.assign($.clock, { now: () => Promise.resolve(clock.now) });
  Object.assign($.command, { list: () => Promise.resolve(a.commands ?? []) });
  return { $: $ as unknown as EngineInterface, calls, logs };
}

/** The hooks a module registered, by event, to raise in a test. */
export type Hooks = Map<string, (...args: unknown[]) => unknown>;

/** An `on` that keeps what is registered; `.catch` handlers are kept under `<event>.catch`. */
export function recordingOn(): { on: On; hooks: Hooks } {
  const hooks: Hooks = new Map();
  const on = ((pattern: string, ...rest: unknown[]) => {
    // `on(event, hook)` or `on(event, matcher, hook)`: a matched hook is kept as `<event> <value>`
    // (`tool.call Agent`, `ui.render SessionMode`).
    const hook = rest[rest.length - 1] as (...args: unknown[]) => unknown;
    const matcher = rest.length > 1 ? (rest[0] as Record<string, string>) : undefined;
    const key = matcher ? `${pattern} ${Object.values(matcher).join(' ')}` : pattern;
    if (hooks.has(key)) throw new Error(`${key} registered twice`);
    hooks.set(key, hook);
    return { catch: (handler: (...args: unknown[]) => unknown) => hooks.set(`${key}.catch`, handler) };
  }) as unknown as On;
  return { on, hooks };
}
