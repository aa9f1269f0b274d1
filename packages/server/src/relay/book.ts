/**
 * The relay's book of errands and how they end (spec/cli.md § lich send, § lich wait, § lich
 * reply, Expired; wire.md § 9): the errands by ticket, the tickets it mints, an outcome landing
 * and being taken, a caller holding the line, the hour a ticket lives and the tombstone it leaves.
 * Every other part of the relay (delivery, the mod route, the inbox, turns, subagents) reads and
 * moves errands through this book; what a landing means to them comes back through
 * {@link BookEvents}.
 */
import { randomBytes } from 'node:crypto';
import type { Clock } from '../clock.js';
import { manyOpenRefusal, sortedUnique } from './compose.js';
import * as errand from './errand.js';
import { type DeliveredErrand, type Errand, isLapsed, isOpen, outcomeOf, result, type Waiter } from './errand.js';
import { RelayError } from './errors.js';
import type { RelayHost } from './host.js';
import { errandNews, type ErrandNews } from './news.js';
import { asked } from './text.js';
import type { RelayStatus, Result, Status } from './types.js';

/** How many ended tickets the relay remembers at most (see {@link ErrandBook.bury}). */
export const MAX_TOMBSTONES = 20_000;

/**
 * What is left of a ticket after its errand is gone: enough to word `wait` and `reply` right —
 * an outcome collected a second ago is not "answered long ago" (issue 22).
 */
export interface Tombstone {
  /** How the errand ended. */
  kind: Exclude<Status, 'pending'>;
  target: string;
  private: boolean;
  /** Host-clock ms after which the ticket is unknown. */
  until: number;
}

/** What an errand's end means beyond the book, wired by the relay to its other parts. */
export interface BookEvents {
  /** `e` ended: anything still following it elsewhere (its mod prompt's ack) lets it go. */
  ended(e: Errand): void;
  /** A shared result landed for sender `from`, and no caller held the line for it: announce it. */
  announce(from: string): void;
  /** One of `from`'s errands ended: a collect holding the line with nothing left open comes back. */
  release(from: string): void;
}

export class ErrandBook {
  private readonly errands = new Map<string, Errand>();
  private readonly tombstones = new Map<string, Tombstone>();
  /** Errand watchers (`onErrand`): the web view. */
  private readonly watchers = new Set<(news: ErrandNews) => void>();
  /** One order for hand-offs and landings alike (`handedSeq`, `landedSeq`). */
  private seq = 0;
  private closed = false;

  constructor(
    private readonly host: RelayHost,
    private readonly ttlMs: number,
    private readonly events: BookEvents,
  ) {}

  private get clock(): Clock {
    return this.host.clock;
  }

  // ——— the errands ———

  get(ticket: string): Errand | undefined {
    return this.errands.get(ticket);
  }

  has(ticket: string): boolean {
    return this.errands.has(ticket);
  }

  add(e: Errand): void {
    this.errands.set(e.ticket, e);
  }

  all(): Errand[] {
    return [...this.errands.values()];
  }

  /** How many errands and tombstones the book holds (the load test reads it). */
  size(): { errands: number; tombstones: number } {
    return { errands: this.errands.size, tombstones: this.tombstones.size };
  }

  /** The next number in hand-off and landing order. */
  nextSeq(): number {
    return ++this.seq;
  }

  /** 4 random bytes as 8 lowercase hex, unique among the tickets this relay still answers for. */
  mint(): string {
    for (;;) {
      const t = randomBytes(4).toString('hex');
      if (!this.errands.has(t) && !this.tombstones.has(t)) return t;
    }
  }

  /** The new deadline of an errand that starts (or starts again) its hour now. */
  hourFromNow(): number {
    return this.clock.now() + this.ttlMs;
  }

  /** Runs `fn` after `ms` on the host's clock, as one of `e`'s timers (cleared when it ends or moves on). */
  after(e: Errand, ms: number, fn: () => void): void {
    const t = this.clock.after(ms, () => {
      e.timers.delete(t);
      fn();
    });
    e.timers.add(t);
  }

  clearTimers(e: Errand): void {
    for (const t of e.timers) t.cancel();
    e.timers.clear();
  }

  // ——— outcomes ———

  /**
   * Ends (or, for a late answer, re-ends) an errand: a caller holding the line carries the
   * outcome out; otherwise it waits for its ticket, in the sender's inbox when the errand is
   * shared and the sender is a session. `silent`: for its ticket only. `closed`: an `unanswered`
   * whose session ended, which takes no late answer (the Result says so).
   */
  land(e: Errand, status: Exclude<Status, 'pending'>, answer = '', o: { silent?: boolean; closed?: boolean } = {}): void {
    const silent = o.silent ?? false;
    this.clearTimers(e);
    // Still waiting for a poll: it is not handed over for an errand that is over.
    const offer = e.state.phase === 'offered' ? e.state.offer : undefined;
    this.events.ended(e);
    // A task that ran out of time behind a person's draft says so: that text is still at the prompt.
    const held = status === 'undelivered' && this.behindDraft(e) ? ('draft' as const) : undefined;
    const r = result(e.ticket, this.label(e), status, answer, e.private, { closed: o.closed === true && status === 'unanswered', held });
    errand.land(e, r, this.nextSeq(), silent);
    offer?.withdraw();
    e.deadline = this.hourFromNow();
    // Told before it is taken: a taken errand may leave the book, and the news is of its landing.
    this.tell(e);
    if (e.waiters.size > 0) {
      for (const w of [...e.waiters]) w.resolve(r);
      this.take(e);
    } else if (!e.private && !silent && e.from !== '') {
      this.events.announce(e.from);
    }
    this.events.release(e.from);
  }

  /**
   * `e` ended unanswered and was still taking a late answer, and now its session has ended too:
   * nothing of it is left to send one. An outcome not collected yet says so from now on
   * (`closed`); one already handed over is over, its ticket kept as a tombstone for the hour.
   */
  targetEnded(e: Errand): void {
    if (!isLapsed(e)) return;
    errand.closeOutcome(e);
    if (e.state.phase === 'taken') this.take(e);
  }

  /** The outcome left with a caller: only an errand still taking a late answer stays. */
  take(e: Errand): void {
    const s = e.state;
    // Collected before its note went out: it is not delivered again.
    const note = s.phase === 'ready' && s.announced === 'noted' ? s.note : undefined;
    const outcome = outcomeOf(e)!;
    if (isLapsed(e)) {
      errand.taken(e);
      note?.withdraw();
      return;
    }
    errand.drop(e);
    note?.withdraw();
    this.errands.delete(e.ticket);
    const status = outcome.status as Tombstone['kind'];
    this.bury(e.ticket, { kind: status, target: outcome.target, private: e.private, until: this.hourFromNow() });
  }

  /**
   * An errand refused after all, before anything was typed (its program cannot take the message
   * whole): gone as if never sent, and every caller holding the line hears `refusal`.
   */
  refuse(e: Errand, refusal: Error): void {
    errand.drop(e);
    this.clearTimers(e);
    this.errands.delete(e.ticket);
    for (const w of [...e.waiters]) w.fail(refusal);
    this.events.release(e.from);
  }

  private expire(e: Errand): void {
    if (isOpen(e) && !e.private && this.waitedOn(e.from)) {
      // A worker somebody waits on reports only once the work it handed off is back, so this
      // outcome is news to it (spec/cli.md § lich send, Expired).
      this.land(e, 'expired');
      return;
    }
    const wasOpen = isOpen(e);
    this.clearTimers(e);
    this.errands.delete(e.ticket);
    this.bury(e.ticket, { kind: 'expired', target: this.label(e), private: e.private, until: e.deadline + this.ttlMs });
    if (wasOpen) {
      this.events.release(e.from);
      this.tell(e, 'expired');
    }
    errand.drop(e);
  }

  /**
   * Keeps what is left of a ticket for its grace, and at most {@link MAX_TOMBSTONES} of them: past
   * that the oldest goes first, and a late `wait` or `reply` on it reads "unknown ticket … answered
   * long ago, or expired", which is still true. Without the cap a relay answering thousands of
   * errands a second would hold an hour of them.
   */
  private bury(ticket: string, tomb: Tombstone): void {
    this.tombstones.delete(ticket);
    this.tombstones.set(ticket, tomb);
    if (this.tombstones.size > MAX_TOMBSTONES) this.tombstones.delete(this.tombstones.keys().next().value!);
  }

  /** The tombstone of `ticket` while its grace lasts. */
  tombstone(ticket: string): Tombstone | undefined {
    const tomb = this.tombstones.get(ticket);
    return tomb && tomb.until > this.clock.now() ? tomb : undefined;
  }

  /** Settles everything due by the host clock: lapsed tickets, then tombstones past their grace. */
  sweep(): void {
    if (this.closed) return;
    const now = this.clock.now();
    for (const e of [...this.errands.values()]) {
      if (e.waiters.size > 0) continue; // never expires under somebody waiting on it
      if (e.subagent && this.host.live(e.targetId)) {
        // A subagent's errand, and its report, last as long as its worker runs; the hour
        // starts over from the moment it is gone.
        e.deadline = Math.max(e.deadline, now + this.ttlMs);
        continue;
      }
      if (e.deadline <= now) this.expire(e);
    }
    // Tombstones are made in time order with one lifetime, so the first one still standing
    // ends the walk: a sweep costs what expired, not every ticket answered in the last hour.
    for (const [ticket, tomb] of this.tombstones) {
      if (tomb.until > now) break;
      this.tombstones.delete(ticket);
    }
  }

  // ——— holding the line ———

  /** A caller holds the line on `e` for `ms` (or until `signal`): the outcome, or `pending`. */
  hold(e: Errand, ms: number, signal?: AbortSignal): Promise<Result> {
    if (this.closed || signal?.aborted) return Promise.resolve(this.giveUp(e));
    return new Promise((resolve, reject) => {
      const timer = this.clock.after(ms, () => w.resolve(this.giveUp(e, w)));
      const abort = () => w.resolve(this.giveUp(e, w));
      const done = () => {
        timer.cancel();
        signal?.removeEventListener('abort', abort);
        e.waiters.delete(w);
      };
      const w: Waiter = {
        resolve: (r) => {
          done();
          resolve(r);
        },
        fail: (err) => {
          done();
          reject(err);
        },
      };
      signal?.addEventListener('abort', abort, { once: true });
      e.waiters.add(w);
    });
  }

  /** A wait let go: the hour starts again from now, and the errand stays open. */
  giveUp(e: Errand, w?: Waiter): Result {
    if (w) e.waiters.delete(w);
    const open = isOpen(e);
    if (open && e.waiters.size === 0) e.deadline = this.hourFromNow();
    return open ? this.pending(e) : outcomeOf(e)!;
  }

  /** `e` as a pending Result: `held: "draft"` while it is held for a target with a person's draft at its prompt. */
  pending(e: Errand): Result {
    return result(e.ticket, this.label(e), 'pending', '', e.private, this.behindDraft(e) ? { held: 'draft' } : {});
  }

  /** Whether `e` is held for a live target with a person's draft at its prompt (RelayHost.drafted). */
  private behindDraft(e: Errand): boolean {
    return e.state.phase === 'queued' && this.host.live(e.targetId) && (this.host.drafted?.(e.targetId) ?? false);
  }

  /** The target's label now, or its label at the send when the session is gone. */
  label(e: Errand): string {
    return this.host.session(e.targetId)?.label || e.targetLabel;
  }

  // ——— lookups ———

  /** `from`'s inbox: shared results ready for it, oldest first. */
  inbox(from: string): Errand[] {
    if (from === '') return [];
    return [...this.errands.values()]
      .filter((e) => e.from === from && e.state.phase === 'ready' && !e.private)
      .sort((a, b) => errand.landing(a)!.landedSeq - errand.landing(b)!.landedSeq);
  }

  /** The labels `from`'s shared errands still open are at, sorted, each once. */
  openLabels(from: string): string[] {
    return sortedUnique([...this.errands.values()].filter((e) => e.from === from && isOpen(e) && !e.private).map((e) => this.label(e)));
  }

  /** The errands delivered at `id` and not ended, in hand-off order. */
  deliveredAt(id: string): DeliveredErrand[] {
    return [...this.errands.values()]
      .filter((e): e is DeliveredErrand => e.targetId === id && e.state.phase === 'delivered')
      .sort((a, b) => a.state.handedSeq - b.state.handedSeq);
  }

  /** The subagent errands open at worker `id`. */
  openSubagentAt(id: string): Errand[] {
    return [...this.errands.values()].filter((e) => isOpen(e) && e.subagent && e.targetId === id);
  }

  /** Whether `id` is a worker somebody waits on: a subagent errand is open at it. */
  waitedOn(id: string): boolean {
    if (id === '') return false;
    for (const e of this.errands.values()) if (isOpen(e) && e.subagent && e.targetId === id) return true;
    return false;
  }

  /** Whether any errand is open at `id`. */
  openAt(id: string): boolean {
    for (const e of this.errands.values()) if (isOpen(e) && e.targetId === id) return true;
    return false;
  }

  /** Whether `id` still waits on work it handed off: an errand it sent is open, or a shared result of one is unread. */
  ownOutstanding(id: string): boolean {
    for (const x of this.errands.values()) {
      if (x.from === id && (isOpen(x) || (x.state.phase === 'ready' && !x.private))) return true;
    }
    return false;
  }

  /** Whether `id` waits on an errand of its own: one open, or a shared result of one not announced yet. */
  awaitingOwn(id: string): boolean {
    for (const e of this.errands.values()) {
      if (e.from !== id) continue;
      if (isOpen(e)) return true;
      if (e.state.phase === 'ready' && !e.private && e.state.announced === 'no') return true;
    }
    return false;
  }

  /**
   * The ticketless reply's errand: the one request delivered at `from` (Enter sent) and still
   * unanswered. A message still queued or being typed is about something else.
   */
  onlyOpen(from: string): Errand {
    if (from === '') {
      throw new RelayError('answering without a ticket needs a session of your own — name it instead: lich reply <ticket> "<answer>"');
    }
    const open = this.deliveredAt(from);
    if (open.length === 0) throw new RelayError('no open request to answer — nobody is waiting on this session');
    if (open.length > 1) throw new RelayError(manyOpenRefusal(open.map((e) => ({ ticket: e.ticket, asked: asked(e.prompt) }))));
    return open[0]!;
  }

  /**
   * GET /mod/status (wire.md § 6 `relay.Status`, § 7.1, § 11.3): what `sessionId` owes (errands
   * delivered at it, private ones included, in hand-off order; `from` the sender's label, `""`
   * for the command line), what it has open (its shared errands not ended; `state` `queued`
   * until delivered, then the target's last reported state) and what is ready for it (its
   * inbox, oldest first). Never holds, never collects; every array present.
   */
  status(sessionId: string): RelayStatus {
    const owed = this.deliveredAt(sessionId).map((e) => ({
      ticket: e.ticket,
      from: e.from === '' ? '' : (this.host.session(e.from)?.label ?? 'unknown'),
      asked: asked(e.prompt),
    }));
    const open = [...this.errands.values()]
      .filter((e) => e.from === sessionId && isOpen(e) && !e.private)
      .map((e) => ({ ticket: e.ticket, target: this.label(e), state: e.state.phase === 'delivered' ? this.host.state(e.targetId) : 'queued' }));
    const ready = this.inbox(sessionId).map((e) => {
      const outcome = outcomeOf(e)!;
      return { ticket: e.ticket, target: outcome.target, status: outcome.status };
    });
    return { owed, open, ready };
  }

  // ——— watchers ———

  /**
   * Subscribes to the errands as they move: sent, delivered, ended (a late answer ends one
   * again), expired. Called synchronously with a copy; a watcher that throws is ignored.
   * Returns an unsubscribe function.
   */
  onErrand(listener: (news: ErrandNews) => void): () => void {
    this.watchers.add(listener);
    return () => this.watchers.delete(listener);
  }

  tell(e: Errand, status?: Status): void {
    if (this.watchers.size === 0) return;
    const news = errandNews(e, this.label(e), status);
    for (const w of this.watchers) {
      try {
        w(news);
      } catch {
        // A watcher's failure is no errand's business.
      }
    }
  }

  /** Stops every errand's timers and lets every caller holding the line go with what it has. */
  close(): void {
    this.closed = true;
    for (const e of this.errands.values()) {
      this.clearTimers(e);
      if (e.state.phase === 'offered') e.state.offer.withdraw();
      for (const w of [...e.waiters]) w.resolve(this.pending(e));
    }
  }
}
