/**
 * What each session's PTY shows, for the real-agents tier: every PTY the in-process backend
 * starts is observed from its first byte (setup.ts wraps node-pty's `spawn`, passing everything
 * through unchanged) and rendered by @xterm/headless, so a test reads the agent's screen the way
 * a user would see it — a usage error, a trust prompt, the prompt glyph — and waits for text on
 * it as an event, never a sleep.
 *
 * lich itself never reads a screen (packages/server/src/terminal/terminal.ts); this is the test's
 * eye only, at a seam the tests are not about.
 */
import { readFileSync } from 'node:fs';
import xtermHeadless from '@xterm/headless';

const { Terminal: XTerm } = xtermHeadless as unknown as typeof import('@xterm/headless');

/** The subset of node-pty's IPty the tap uses. */
export interface TappedPty {
  pid: number;
  cols: number;
  rows: number;
  onData(fn: (d: string) => void): unknown;
  onExit(fn: (e: { exitCode: number; signal?: number }) => void): unknown;
  resize(cols: number, rows: number): void;
  write(data: string): void;
}

/** One PTY start: the session's process, its environment as lich gave it, and its screen. */
export class Screen {
  readonly term: InstanceType<typeof XTerm>;
  /** Every byte the PTY wrote, in order. */
  raw = '';
  /** Every byte written to the PTY — what lich typed, and {@link keys} — in order. */
  typed = '';
  exit: { exitCode: number; signal?: number } | null = null;
  private readonly waiters = new Set<() => void>();
  private pending = 0;
  /** @internal The PTY's input, set by {@link tap}. */
  writer: (data: string) => void = () => {};

  constructor(
    readonly sessionId: string,
    readonly pid: number,
    readonly file: string,
    readonly args: string[],
    /** The environment lich passed to the PTY's process. */
    readonly env: Record<string, string>,
    cols: number,
    rows: number,
  ) {
    this.term = new XTerm({ cols, rows, allowProposedApi: true, scrollback: 2000 });
  }

  /** @internal */
  feed(d: string): void {
    this.raw += d;
    this.pending++;
    this.term.write(d, () => {
      this.pending--;
      this.notify();
    });
  }

  /** @internal */
  ended(e: { exitCode: number; signal?: number }): void {
    this.exit = e;
    this.notify();
  }

  private notify(): void {
    for (const w of [...this.waiters]) w();
  }

  /**
   * Types `data` at the PTY as a person at the terminal would (keys, not a relayed task): for a
   * test that plays the user answering the client's own question, such as omp's setup wizard.
   */
  keys(data: string): void {
    this.writer(data);
  }

  /** The visible screen, one string per row, trailing blanks trimmed. */
  lines(): string[] {
    const b = this.term.buffer.active;
    const out: string[] = [];
    for (let i = 0; i < this.term.rows; i++) out.push(b.getLine(b.viewportY + i)?.translateToString(true) ?? '');
    return out;
  }

  /** The visible screen as text. */
  text(): string {
    return this.lines().join('\n');
  }

  /** Everything rendered so far, scrollback included. */
  history(): string {
    const b = this.term.buffer.active;
    const out: string[] = [];
    for (let i = 0; i < b.length; i++) out.push(b.getLine(i)?.translateToString(true) ?? '');
    return out.join('\n');
  }

  /**
   * Resolves once the rendered screen (scrollback included) matches — checked after every chunk
   * the PTY writes, and at once; rejects after `ms`, or when the process exits first, quoting the screen.
   */
  waitFor(match: RegExp | string | ((s: Screen) => boolean), what: string, ms = 60_000): Promise<void> {
    const ok = (): boolean =>
      typeof match === 'function' ? match(this) : typeof match === 'string' ? this.history().includes(match) : match.test(this.history());
    return new Promise((resolve, reject) => {
      const done = (err?: Error) => {
        clearTimeout(timer);
        this.waiters.delete(check);
        if (err) reject(err);
        else resolve();
      };
      const check = () => {
        if (this.pending > 0 && !this.exit) return;
        if (ok()) done();
        else if (this.exit) done(new Error(`the process in session ${this.sessionId} exited (${JSON.stringify(this.exit)}) before ${what}; its screen:\n${this.text()}`));
      };
      const timer = setTimeout(() => done(new Error(`timed out after ${ms} ms waiting for ${what} on session ${this.sessionId}'s screen:\n${this.text()}`)), ms);
      this.waiters.add(check);
      check();
    });
  }

  /** The environment of the process now running in the PTY (after the wrapper's `exec`), from /proc. */
  procEnv(): Record<string, string> {
    const env: Record<string, string> = {};
    for (const kv of readFileSync(`/proc/${this.pid}/environ`, 'utf8').split('\0')) {
      const i = kv.indexOf('=');
      if (i > 0) env[kv.slice(0, i)] = kv.slice(i + 1);
    }
    return env;
  }
}

const bySession = new Map<string, Screen[]>();
/** Every PTY start in this worker, oldest first. */
const all: Screen[] = [];
const listeners = new Set<(s: Screen) => void>();

/** Called by setup.ts for every PTY node-pty starts in this worker. */
export function tap(p: TappedPty, file: string, args: string[] | string, opts: { env?: Record<string, string | undefined>; cols?: number; rows?: number }): void {
  const env: Record<string, string> = {};
  for (const [k, v] of Object.entries(opts?.env ?? {})) if (v !== undefined) env[k] = v;
  const id = env.LICH_SESSION_ID ?? `pid-${p.pid}`;
  const s = new Screen(id, p.pid, file, Array.isArray(args) ? args : [args], env, opts?.cols ?? p.cols ?? 80, opts?.rows ?? p.rows ?? 24);
  p.onData((d) => s.feed(d));
  p.onExit((e) => s.ended(e));
  const write = p.write.bind(p);
  p.write = (d: string) => {
    s.typed += d;
    write(d);
  };
  s.writer = (d) => p.write(d);
  const resize = p.resize.bind(p);
  p.resize = (c: number, r: number) => {
    s.term.resize(c, r);
    resize(c, r);
  };
  all.push(s);
  const list = bySession.get(id) ?? [];
  list.push(s);
  bySession.set(id, list);
  for (const l of [...listeners]) l(s);
}

/** How many PTYs have started in this worker: a mark for {@link screensSince}. */
export function screenCount(): number {
  return all.length;
}

/** The PTY starts after mark `n` ({@link screenCount}), oldest first. */
export function screensSince(n: number): Screen[] {
  return all.slice(n);
}

/** Every start of session `id`, oldest first. */
export function screensOf(id: string): Screen[] {
  return bySession.get(id) ?? [];
}

/** The latest start of session `id`; waits up to `ms` for one. */
export function screenOf(id: string, ms = 30_000): Promise<Screen> {
  return nthScreenOf(id, (bySession.get(id)?.length ?? 1) - 1, ms);
}

/** The `n`-th start (0-based) of session `id`, as soon as it exists. */
export function nthScreenOf(id: string, n: number, ms = 30_000): Promise<Screen> {
  const have = bySession.get(id)?.[n];
  if (have) return Promise.resolve(have);
  return new Promise((resolve, reject) => {
    const l = (s: Screen) => {
      const got = bySession.get(id)?.[n];
      if (s.sessionId === id && got) {
        listeners.delete(l);
        clearTimeout(timer);
        resolve(got);
      }
    };
    const timer = setTimeout(() => {
      listeners.delete(l);
      reject(new Error(`no PTY start #${n + 1} of session ${id} within ${ms} ms`));
    }, ms);
    listeners.add(l);
  });
}
