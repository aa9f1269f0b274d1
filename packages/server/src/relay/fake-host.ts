/**
 * A RelayHost for the relay's unit tests: sessions are plain records a test flips (live,
 * ready, state), and `type` records what would have been typed. The PTY and HTTP are not what
 * those tests are about; the end-to-end tests drive the real ones.
 */
import { vi } from 'vitest';
import { type Clock, systemClock } from '../clock.js';
import { DraftHeld, type RelayHost, type RelaySession } from './host.js';

export interface FakeSession extends RelaySession {
  live: boolean;
  ready: boolean;
  /** Still running its checkout's setup script (then never ready). */
  setup: boolean;
  /** Its provider still not ready when the cap on its start ran out (`RelayHost.overdue`). */
  overdue: boolean;
  /** Looks at its prompt but its plugin has not reported its start (`RelayHost.unheard`; then never ready). */
  unheard: boolean;
  state: string;
  /** What `branch` reports for it. */
  branch: string;
  /** A person's draft is at its prompt: never ready, and `type` rejects with DraftHeld. */
  draft: boolean;
  /** When its plugin's start report made it ready, for a session whose mod is to poll (`RelayHost.startReportedAgo`); absent for any other. */
  startReportedAt?: number;
}

export class FakeHost implements RelayHost {
  readonly sessions = new Map<string, FakeSession>();
  /** Every `type` call, in call order. */
  readonly typed: { id: string; text: string }[] = [];
  /** How many `type` calls `typed` has recorded in all, counting those a test has since cleared. */
  typeCalls = 0;
  private readonly typeWaits: { n: number; resolve: () => void }[] = [];
  /** Sessions whose `type` rejects (as for a session with no PTY). */
  readonly typeFails = new Set<string>();
  /** How long `type` takes before its Enter is "sent", ms (fake timers). */
  typeDelayMs = 0;
  /** Every `paste` call, in call order. */
  readonly pasted: { id: string; text: string }[] = [];
  /** Added to Date.now(): a test jumps the clock without firing timers. */
  skew = 0;
  /** Node's timers, which these tests fake (vi.useFakeTimers), and the time they keep plus the skew. */
  readonly clock: Clock = { now: () => Date.now() + this.skew, after: (ms, fn) => systemClock.after(ms, fn) };
  private readonly exitListeners = new Set<(id: string) => void>();

  add(s: Partial<FakeSession> & { id: string; label: string }): FakeSession {
    const full: FakeSession = {
      projectId: 'p1',
      project: 'lich',
      projectPath: '/src/lich',
      name: `lich-${s.id.slice(0, 4)}`,
      kind: 'example',
      path: '/src/lich',
      reportsState: false,
      hasTools: false,
      live: true,
      ready: true,
      setup: false,
      overdue: false,
      unheard: false,
      state: '',
      branch: '',
      draft: false,
      ...s,
    };
    this.sessions.set(full.id, full);
    return full;
  }

  liveSessions(): RelaySession[] {
    return [...this.sessions.values()].filter((s) => s.live);
  }
  session(id: string): RelaySession | undefined {
    return this.sessions.get(id);
  }
  state(id: string): string {
    return this.sessions.get(id)?.state ?? '';
  }
  startReportedAgo(id: string): number | undefined {
    const at = this.sessions.get(id)?.startReportedAt;
    return at === undefined ? undefined : this.clock.now() - at;
  }
  ready(id: string): boolean {
    const s = this.sessions.get(id);
    return !!s && s.live && s.ready && !s.setup && !s.unheard && !s.draft;
  }
  drafted(id: string): boolean {
    const s = this.sessions.get(id);
    return !!s && s.live && s.draft;
  }
  settled(id: string): boolean {
    const s = this.sessions.get(id);
    return !!s && s.live && s.ready && !s.setup;
  }
  inSetup(id: string): boolean {
    return this.sessions.get(id)?.setup ?? false;
  }
  overdue(id: string): boolean {
    return this.sessions.get(id)?.overdue ?? false;
  }
  unheard(id: string): boolean {
    const s = this.sessions.get(id);
    return !!s && s.live && s.unheard;
  }
  branch(id: string): string {
    return this.sessions.get(id)?.branch ?? '';
  }
  live(id: string): boolean {
    return this.sessions.get(id)?.live ?? false;
  }
  async type(id: string, text: string): Promise<void> {
    if (!this.live(id) || this.typeFails.has(id)) throw new Error(`session ${id} has no terminal`);
    if (this.sessions.get(id)?.draft) throw new DraftHeld(id);
    this.typed.push({ id, text });
    this.typeCalls++;
    for (const w of this.typeWaits.filter((w) => w.n <= this.typeCalls)) {
      this.typeWaits.splice(this.typeWaits.indexOf(w), 1);
      w.resolve();
    }
    if (this.typeDelayMs > 0) await new Promise((r) => setTimeout(r, this.typeDelayMs));
  }
  /** Resolves once `type` has recorded its `n`th call in all (at once if it already has). */
  typeCalled(n: number): Promise<void> {
    if (this.typeCalls >= n) return Promise.resolve();
    return new Promise((resolve) => this.typeWaits.push({ n, resolve }));
  }
  async paste(id: string, text: string): Promise<void> {
    if (!this.live(id) || this.typeFails.has(id)) throw new Error(`session ${id} has no terminal`);
    this.pasted.push({ id, text });
  }
  onExit(listener: (id: string) => void): () => void {
    this.exitListeners.add(listener);
    return () => this.exitListeners.delete(listener);
  }

  /** The session's PTY ends. */
  exit(id: string): void {
    const s = this.sessions.get(id);
    if (s) s.live = false;
    for (const l of this.exitListeners) l(id);
  }

  /** What was typed at one session, in order. */
  typedAt(id: string): string[] {
    return this.typed.filter((t) => t.id === id).map((t) => t.text);
  }
}

/** Lets pending promise callbacks run, then advances the fake timers by `ms`. */
export async function tick(ms = 0): Promise<void> {
  await vi.advanceTimersByTimeAsync(ms);
}

/**
 * The state hook as the backend runs it on POST /hook — the host's state first, then the relay —
 * over whichever relay `relay()` gives now (tests make a new one for each case).
 */
export function reporter(relay: () => { observe(id: string, state: string): void }): (s: FakeSession, state: string) => void {
  return (s, state) => {
    s.state = state;
    relay().observe(s.id, state);
  };
}

/** The ticket in a relayed message: the reply command is spelled the same in every language. */
export function ticketIn(text: string): string {
  const m = /reply ([0-9a-f]{8}) /.exec(text);
  if (!m) throw new Error(`no ticket in ${text}`);
  return m[1]!;
}

