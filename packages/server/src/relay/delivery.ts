/**
 * Delivery: how a relayed message gets into its target's terminal (spec/cli.md § lich send,
 * Delivery, Never read; wire.md § 8.2, § 9). Handed to the target's mod when one polls (the mod
 * route, mod-route.ts); otherwise typed at a free prompt — now, or once the target reaches one,
 * within the delivery limit — and watched for the `busy` that says it was read. Everything the
 * relay types at a session goes through one queue per session here, so two pastes never
 * interleave with their Enters, and a note of lich's own waits for a free prompt the same way.
 */
import { goQuote } from '@lich/core/quote';
import type { Timer } from '../clock.js';
import * as errand from './errand.js';
import { type Errand, unreceipted } from './errand.js';
import { RelayError } from './errors.js';
import { DraftHeld, PasteRefusal, type RelayHost } from './host.js';
import type { ErrandBook } from './book.js';
import type { Trace } from '../trace.js';

/** What delivery needs of the rest of the relay, wired by relay.ts. */
export interface DeliveryDeps {
  host: RelayHost;
  book: ErrandBook;
  timings: { deliveryLimitMs: number; readyPollMs: number; receiptWindowMs: number };
  /** Hands `e` to its target's mod when one polls (mod-route.ts); whether it did. */
  offer(e: Errand): boolean;
  /** Whether the target's mod is due to poll for the first time, so nothing is typed at it yet (mod-route.ts `due`). */
  modDue(id: string): boolean;
  /** Whether the session is mid-turn (turns.ts). */
  busy(id: string): boolean;
  /** Whether the relay has closed: nothing more is typed. */
  closed(): boolean;
  log?: (line: string) => void;
  /** The delivery trace (trace.ts; bench only): `held` and `typing` of each errand. */
  trace?: Trace;
}

/** A message (or text) a session's program cannot take whole, and what to do (terminal/paste.ts gives `reason`). */
export function cannotTakeWhole(label: string, reason: string): string {
  return `${goQuote(label)} cannot take this message whole: ${reason} — nothing was sent; split the task at that line, or put the text in a file and name its path`;
}

export class Delivery {
  /** Per-session typing queue, so two pastes never interleave with their Enters. */
  private readonly typing = new Map<string, Promise<unknown>>();
  /** Timers that belong to no errand (lich's own notes waiting for a prompt). */
  private readonly loose = new Set<Timer>();
  /** Per session, the next look of each note of lich's own waiting for its prompt (typeWhenReady), for {@link wake}. */
  private readonly notesWaiting = new Map<string, Set<() => void>>();
  /**
   * Per target, the errands held for a prompt (`queued`), oldest send first: only the oldest may
   * be handed over (typed, or offered to the mod). Each held errand polls on its own timer, so
   * without this the one whose poll first saw the prompt went first, whatever the order sent.
   * Entries that left `queued` are pruned as they are met.
   */
  private readonly held = new Map<string, Errand[]>();
  /** Send order, stamped at an errand's first delivery; a withdrawn offer keeps its place. */
  private readonly order = new WeakMap<Errand, number>();
  private sent = 0;

  constructor(private readonly d: DeliveryDeps) {}

  /**
   * Hands the message to the target's mod when one polls; otherwise types it now if the target
   * is at a prompt, and holds it until it is (or until its mod polls), within the delivery
   * limit.
   *
   * A target that looks at its prompt but whose plugin has not reported its start
   * (`RelayHost.unheard`: a Claude Code session on its folder-trust dialog, where a typed task
   * would answer the dialog and end the session) is never typed at. Held that way for two receipt
   * windows — counted from when it would have been typed, as the never-read check counts from
   * delivery — it ends `unread` (spec/cli.md § lich send, Never read; § Known ceilings: "the wait
   * ends in half a minute"), unless its mod polls or its start is reported first.
   */
  deliver(e: Errand): void {
    const { host, book, timings } = this.d;
    if (!this.order.has(e)) this.order.set(e, ++this.sent);
    const first = !this.behind(e);
    if (first && this.d.offer(e)) return;
    if (first && this.typable(e.targetId)) {
      this.typeIn(e);
      return;
    }
    this.queue(e);
  }

  /**
   * Holds `e` for a free prompt: polls every `readyPollMs` until its target is ready and no
   * errand sent before it is still held, within the delivery limit (then `undelivered`); a
   * target that ends first makes it `undelivered`, and one whose start is never heard ends it
   * `unread` (see {@link deliver}).
   */
  private queue(e: Errand): void {
    const { host, book, timings } = this.d;
    errand.queue(e);
    this.d.trace?.('held', e.ticket);
    this.hold(e);
    book.after(e, timings.deliveryLimitMs, () => {
      if (e.state.phase === 'queued') book.land(e, 'undelivered');
    });
    let counting = false;
    const neverHeard = () => {
      if (e.state.phase !== 'queued' || this.d.offer(e)) return;
      if (host.live(e.targetId) && host.unheard?.(e.targetId)) book.land(e, 'unread');
    };
    const poll = () => {
      if (e.state.phase !== 'queued') return;
      if (!host.live(e.targetId)) book.land(e, 'undelivered');
      else if (!this.behind(e) && this.d.offer(e)) return;
      else if (!this.behind(e) && this.typable(e.targetId)) this.typeIn(e);
      else {
        if (!counting && host.unheard?.(e.targetId)) {
          counting = true;
          book.after(e, 2 * timings.receiptWindowMs, neverHeard);
        }
        book.after(e, timings.readyPollMs, poll);
      }
    };
    book.after(e, timings.readyPollMs, poll);
  }

  /**
   * Something that may have made `targetId` ready happened (its plugin reported its start,
   * Relay.started): the notes of lich's own waiting for its prompt look again now, and the oldest
   * errand held for it is handed over now, as its next poll would —
   * offered to its mod, or typed once the target is ready — rather than up to `readyPollMs` later
   * (measured: ~125 ms on each fresh worker's path to its task). Otherwise its polls go on.
   */
  wake(targetId: string): void {
    // The notes of lich's own waiting there look again too (typeWhenReady), each once.
    const notes = this.notesWaiting.get(targetId);
    this.notesWaiting.delete(targetId);
    for (const look of notes ?? []) look();
    const e = this.held.get(targetId)?.find((x) => x.state.phase === 'queued');
    if (!e || this.behind(e) || !this.d.host.live(targetId)) return;
    if (this.d.offer(e)) return;
    if (this.typable(targetId)) this.typeIn(e);
  }

  /**
   * Whether a task may be typed at `id` now: at a free prompt, and no mod due to poll there first
   * (a fresh Claude Code session's, which takes the task as a `prompt` instead: mod-route.ts `due`).
   */
  private typable(id: string): boolean {
    return this.d.host.ready(id) && !this.d.modDue(id);
  }

  /** Files `e` among the errands held for its target, in send order. */
  private hold(e: Errand): void {
    const list = this.held.get(e.targetId) ?? [];
    if (!list.includes(e)) {
      const seq = this.order.get(e) ?? 0;
      const at = list.findIndex((x) => (this.order.get(x) ?? 0) > seq);
      list.splice(at < 0 ? list.length : at, 0, e);
    }
    this.held.set(e.targetId, list);
  }

  /** Whether an errand sent before `e` is still held for the same target. */
  private behind(e: Errand): boolean {
    const list = this.held.get(e.targetId);
    if (!list) return false;
    const live = list.filter((x) => x.state.phase === 'queued');
    if (live.length === 0) this.held.delete(e.targetId);
    else if (live.length !== list.length) this.held.set(e.targetId, live);
    const seq = this.order.get(e) ?? 0;
    return live.some((x) => x !== e && (this.order.get(x) ?? 0) < seq);
  }

  private typeIn(e: Errand): void {
    const { host, book } = this.d;
    errand.startTyping(e);
    this.d.trace?.('typing', e.ticket);
    book.clearTimers(e);
    this.typeAt(e.targetId, e.message).then(
      () => {
        if (e.state.phase !== 'typing') return;
        const behindTurn = this.d.busy(e.targetId);
        errand.deliver(e, { handedSeq: book.nextSeq(), via: 'typed', behindTurn });
        book.tell(e);
        if (!behindTurn && host.session(e.targetId)?.reportsState) this.watchReceipt(e, false);
      },
      (err: unknown) => {
        if (e.state.phase !== 'typing') return;
        if (err instanceof DraftHeld) {
          // A person's draft reached the prompt after the errand was found free: held behind it,
          // looked at again at the next poll (never typed again at once: that could spin).
          this.queue(e);
          return;
        }
        if (err instanceof PasteRefusal) {
          this.refusedWhole(e, err.message);
          return;
        }
        book.land(e, 'undelivered');
      },
    );
  }

  /**
   * Its program cannot take `e`'s message whole (a line its terminal would cut; nothing was
   * typed), found only when it was typed — the session was not at its prompt when it was sent.
   * A caller holding the line hears the reason, as a send would have, and the errand is gone as
   * if never sent; nobody holding it, it ends `undelivered` in the sender's inbox, the reason in
   * the log.
   */
  private refusedWhole(e: Errand, reason: string): void {
    const { book } = this.d;
    const refusal = new RelayError(cannotTakeWhole(book.label(e), reason));
    if (e.waiters.size === 0) {
      this.d.log?.(`the task ${e.ticket} was not typed: ${refusal.message}`);
      book.land(e, 'undelivered');
      return;
    }
    book.refuse(e, refusal);
  }

  /**
   * The never-read check: a target that reports its state and was free at delivery must report
   * `busy` within the receipt window. Silence gets one automatic re-type, then `unread`.
   */
  private watchReceipt(e: Errand, retyped: boolean): void {
    const { book } = this.d;
    book.after(e, this.d.timings.receiptWindowMs, () => {
      if (!unreceipted(e)) return;
      if (retyped) {
        book.land(e, 'unread');
        return;
      }
      this.typeAt(e.targetId, e.message).then(
        () => {
          if (unreceipted(e)) this.watchReceipt(e, true);
        },
        (err: unknown) => {
          if (!unreceipted(e)) return;
          // Someone is writing at that prompt: the re-type would go out with their draft. The
          // second window still runs, so silence ends it unread as a re-type would.
          if (err instanceof DraftHeld) this.watchReceipt(e, true);
          else book.land(e, 'unread');
        },
      );
    });
  }

  /** host.type, queued behind whatever the relay is already typing at that session. */
  typeAt(id: string, text: string): Promise<void> {
    return this.exclusive(id, () => this.d.host.type(id, text));
  }

  /**
   * Runs `write` once nothing else is being typed at session `id`, and holds every later typing
   * until it settles: what `relay.Insert` pastes must not land between a relayed message's
   * paste and its Enter. Resolves or rejects with `write`'s own outcome.
   */
  exclusive<T>(id: string, write: () => T | Promise<T>): Promise<T> {
    const before = this.typing.get(id) ?? Promise.resolve();
    const mine = before.then(write);
    const settled = mine.catch(() => undefined);
    this.typing.set(id, settled);
    void settled.then(() => {
      if (this.typing.get(id) === settled) this.typing.delete(id);
    });
    return mine;
  }

  /**
   * Types a note of lich's own once the session is at a free prompt, giving up after the
   * delivery limit or when the session is gone: a note is worth less than a user's draft.
   */
  typeWhenReady(id: string, text: string): void {
    const { host, timings } = this.d;
    const started = host.clock.now();
    const attempt = () => {
      if (this.d.closed() || !host.live(id)) return;
      if (host.ready(id)) {
        this.typeAt(id, text).catch((err: unknown) => {
          if (err instanceof DraftHeld) later();
        });
        return;
      }
      later();
    };
    const later = () => {
      if (host.clock.now() - started >= timings.deliveryLimitMs) return;
      const now = () => {
        t.cancel();
        this.loose.delete(t);
        this.notesWaiting.get(id)?.delete(now);
        attempt();
      };
      const t = host.clock.after(timings.readyPollMs, now);
      this.loose.add(t);
      // A reported start (wake) looks again at once rather than at this poll.
      let waiting = this.notesWaiting.get(id);
      if (!waiting) this.notesWaiting.set(id, (waiting = new Set()));
      waiting.add(now);
    };
    attempt();
  }

  /** Stops every note still waiting for a prompt. */
  close(): void {
    for (const t of this.loose) t.cancel();
    this.loose.clear();
    this.notesWaiting.clear();
  }
}
