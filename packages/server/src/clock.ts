/**
 * The backend's one clock: the time it reads and the timers it sets, injected into the relay,
 * the terminal service and the insert (server.ts hands all three the same one), so that every
 * wait of theirs — a ticket's hour, a receipt window, the quiet before an Enter, a prompt to
 * appear — is a timer on it. Tests hand in a clock they move by hand (`testing/clock.ts`
 * `ManualClock`) and never sleep to see a wait run out.
 */

/** A timer a {@link Clock} set. */
export interface Timer {
  /** Stops it; nothing happens if it already ran or was stopped. */
  cancel(): void;
}

export interface Clock {
  /** Milliseconds since the epoch. */
  now(): number;
  /**
   * Runs `fn` once, `ms` milliseconds from now by this clock, unless cancelled first. A timer
   * never keeps the process alive on its own: what the backend waits on holds a socket open.
   */
  after(ms: number, fn: () => void): Timer;
}

/** The wall clock and node's timers. */
export const systemClock: Clock = {
  now: () => Date.now(),
  after(ms, fn) {
    const t = setTimeout(fn, ms);
    t.unref?.();
    return { cancel: () => clearTimeout(t) };
  },
};

/**
 * Resolves `ms` milliseconds from now by `clock`, or as soon as `signal` fires (it never
 * rejects: the caller looks at why it woke). `wake` is handed a function that ends the wait at
 * once, for a caller that lets every sleeper go together (a backend quitting).
 */
export function sleep(clock: Clock, ms: number, signal?: AbortSignal, wake?: (early: () => void) => () => void): Promise<void> {
  return new Promise((resolve) => {
    let release = (): void => {};
    const done = (): void => {
      timer.cancel();
      signal?.removeEventListener('abort', done);
      release();
      resolve();
    };
    const timer = clock.after(ms, done);
    signal?.addEventListener('abort', done, { once: true });
    if (wake) release = wake(done);
  });
}
