/**
 * A clock a test moves by hand (the backend's {@link Clock}, clock.ts): nothing it times runs
 * until the test advances it, and then everything due runs in time order, each timer's promise
 * callbacks settled before the next — as vitest's `advanceTimersByTimeAsync` does with node's
 * own timers, but for one service's timers alone, so a real PTY and real sockets keep their own
 * time beside it.
 */
import type { Clock, Timer } from '../clock.js';

interface Pending {
  at: number;
  seq: number;
  fn: () => void;
}

/** Lets every callback already queued run: promise jobs, then one turn of the event loop. */
function settle(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

export class ManualClock implements Clock {
  private t: number;
  private seq = 0;
  private readonly timers = new Map<number, Pending>();
  private readonly setListeners = new Set<() => void>();

  /** @param start the time it reads at first, ms since the epoch (default: the wall clock's). */
  constructor(start = Date.now()) {
    this.t = start;
  }

  now(): number {
    return this.t;
  }

  after(ms: number, fn: () => void): Timer {
    const seq = ++this.seq;
    this.timers.set(seq, { at: this.t + Math.max(0, ms), seq, fn });
    for (const l of [...this.setListeners]) l();
    return { cancel: () => void this.timers.delete(seq) };
  }

  /** How many timers are set and not run yet. */
  get pending(): number {
    return this.timers.size;
  }

  /**
   * Resolves once a timer is set on this clock from now on (resolved at once when `already` and
   * one is pending): the event that says the code under test has started a wait, for a test to
   * advance past it.
   */
  timerSet(already = false): Promise<void> {
    if (already && this.timers.size > 0) return Promise.resolve();
    return new Promise((resolve) => {
      const l = (): void => {
        this.setListeners.delete(l);
        resolve();
      };
      this.setListeners.add(l);
    });
  }

  /**
   * Moves the clock `ms` forward, running every timer due by then in the order it falls due (in
   * the order set, for two due together), letting promise callbacks and I/O callbacks already
   * queued run before the first and after each.
   */
  async advance(ms = 0): Promise<void> {
    const end = this.t + ms;
    await settle();
    for (;;) {
      let next: Pending | undefined;
      for (const p of this.timers.values()) {
        if (p.at <= end && (!next || p.at < next.at || (p.at === next.at && p.seq < next.seq))) next = p;
      }
      if (!next) break;
      this.timers.delete(next.seq);
      this.t = Math.max(this.t, next.at);
      next.fn();
      await settle();
    }
    this.t = end;
    await settle();
  }

  /** Moves the clock `ms` forward without running anything: a jump the next look at the time sees. */
  jump(ms: number): void {
    this.t += ms;
  }
}
