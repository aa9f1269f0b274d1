/**
 * The inbox (spec/cli.md § The answer is announced, and collected; § lich wait without a
 * ticket; wire.md § 8.3): a sender's shared results that landed while nobody held the line on
 * them wait here, oldest first, announced by one nudge at its prompt (nudges.ts) and collected
 * by `lich wait` without a ticket — which, with nothing ready and errands still open, holds the
 * line for the next one.
 */
import type { PromptLang } from '@lich/core/i18n/prompts';
import * as errand from './errand.js';
import { type Errand, outcomeOf } from './errand.js';
import { RelayError } from './errors.js';
import type { RelayHost } from './host.js';
import { type InboxEntry, Nudges } from './nudges.js';
import type { ErrandBook } from './book.js';
import type { Collected } from './types.js';
import type { RelayCollectNowOptions, RelayCollectOptions } from '@lich/generated/types';

/** What the inbox needs of the rest of the relay, wired by relay.ts. */
export interface InboxDeps {
  host: RelayHost;
  book: ErrandBook;
  timings: { nudgeDelayMs: number; readyPollMs: number };
  /** How long a collect holds the line for `timeoutSeconds`, ms (the wait rule). */
  waitMs(timeoutSeconds: number): number;
  /** Whether the session is mid-turn (turns.ts). */
  busy(id: string): boolean;
  /** Types at a session's prompt, in turn with the relay's other typing there (delivery.ts). */
  typeAt(id: string, text: string): Promise<void>;
  /** Hands a sender's fresh reports to its mod instead of the typed nudge (mod-route.ts). */
  viaMod(sender: string): boolean;
  /** Whether the relay has closed. */
  closed(): boolean;
  lang?: PromptLang;
}

interface Collector {
  resolve(c: Collected): void;
}

export class Inbox {
  private readonly collectors = new Map<string, Set<Collector>>();
  private readonly nudges: Nudges;

  constructor(private readonly d: InboxDeps) {
    this.nudges = new Nudges({
      host: d.host,
      delayMs: d.timings.nudgeDelayMs,
      pollMs: d.timings.readyPollMs,
      inbox: (sender) => d.book.inbox(sender).map((e: Errand) => ({ label: outcomeOf(e)!.target, entry: entryOf(e) })),
      busy: (id) => d.busy(id),
      holding: (sender) => (this.collectors.get(sender)?.size ?? 0) > 0,
      type: (id, text) => d.typeAt(id, text),
      viaMod: (sender) => d.viaMod(sender),
      lang: d.lang,
    });
  }

  /**
   * `relay.Collect` (spec/cli.md § lich wait without a ticket): every result ready in `from`'s
   * inbox, oldest first, and the labels still owing one. With nothing ready and errands open it
   * holds the line for the next result up to `timeoutSeconds`; with nothing open it returns at once.
   * A collect that gives up (timeout or `signal`) takes nothing with it.
   * @throws RelayError `collecting needs a session of your own — …` for `from` `""`.
   */
  collect(o: RelayCollectOptions, signal?: AbortSignal): Promise<Collected> {
    let now: Collected;
    try {
      now = this.collectNow(o);
    } catch (e) {
      return Promise.reject(e);
    }
    if (now.results.length > 0 || now.open.length === 0 || this.d.closed() || signal?.aborted) return Promise.resolve(now);
    return new Promise((resolve) => {
      let set = this.collectors.get(o.from);
      if (!set) this.collectors.set(o.from, (set = new Set()));
      const timer = this.d.host.clock.after(this.d.waitMs(o.timeoutSeconds), () => giveUp());
      const c: Collector = {
        resolve: (got) => {
          timer.cancel();
          signal?.removeEventListener('abort', giveUp);
          const mine = this.collectors.get(o.from);
          mine?.delete(c);
          if (mine?.size === 0) this.collectors.delete(o.from);
          resolve(got);
        },
      };
      const giveUp = () => c.resolve({ results: [], open: this.d.book.openLabels(o.from) });
      signal?.addEventListener('abort', giveUp, { once: true });
      set.add(c);
    });
  }

  /**
   * `relay.CollectNow` (spec/cli.md § lich wait --no-wait): what `collect` returns, without ever
   * holding the line.
   * @throws RelayError for `from` `""`, as `collect`.
   */
  collectNow(o: RelayCollectNowOptions): Collected {
    if (o.from === '') {
      throw new RelayError('collecting needs a session of your own — outside one, wait on the ticket instead: lich wait <ticket>');
    }
    this.d.book.sweep();
    return this.drain(o.from);
  }

  /** A shared result landed for `from` with nobody on its line: a collect holding the line takes it, else it is announced. */
  announce(from: string): void {
    if (!this.feedCollector(from)) this.nudges.announce(from);
  }

  /** A collect holding the line with nothing left open comes back now rather than at its timeout. */
  release(from: string): void {
    const set = this.collectors.get(from);
    if (!set || set.size === 0 || this.d.book.openLabels(from).length > 0) return;
    for (const c of [...set]) c.resolve(this.drain(from));
  }

  /** `sender` ended a turn: what was held while it was busy is announced now. */
  turnEnded(sender: string): void {
    this.nudges.turnEnded(sender);
  }

  /** What is waiting for `sender` is announced now, by the typed nudge (its note to the mod was not collected). */
  again(sender: string): void {
    this.nudges.again(sender);
  }

  /** The session is gone: nothing is typed at it any more. */
  forget(id: string): void {
    this.nudges.forget(id);
  }

  /** Stops the nudges: nothing more is announced. */
  stopNudges(): void {
    this.nudges.close();
  }

  /** Every collect holding the line comes back with what is open. */
  close(): void {
    for (const [from, set] of this.collectors) {
      for (const c of [...set]) c.resolve({ results: [], open: this.d.book.openLabels(from) });
    }
  }

  private feedCollector(from: string): boolean {
    const set = this.collectors.get(from);
    const first = set?.values().next().value;
    if (!first) return false;
    first.resolve(this.drain(from));
    return true;
  }

  private drain(from: string): Collected {
    const { book } = this.d;
    const ready = book.inbox(from);
    const results = ready.map((e) => outcomeOf(e)!);
    for (const e of ready) book.take(e);
    return { results, open: book.openLabels(from) };
  }
}

/**
 * A ready result as the nudges see it: `nudged` reads whether it was announced (a nudge, or a
 * note to its sender's mod), and marking or un-marking it moves the errand through its
 * transitions ({@link errand.nudged}, {@link errand.unnudged}).
 */
function entryOf(e: Errand): InboxEntry {
  return {
    get nudged() {
      return e.state.phase !== 'ready' || e.state.announced !== 'no';
    },
    set nudged(announced: boolean) {
      if (!announced) errand.unnudged(e);
      else if (e.state.phase === 'ready' && e.state.announced === 'no') errand.nudged(e);
    },
  };
}
