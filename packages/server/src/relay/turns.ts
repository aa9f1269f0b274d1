/**
 * Turns: what the states a session reports through `/hook` mean to the errands delivered at it
 * (wire.md § 9 "Observe"; spec/cli.md § lich send, "Answered somewhere else", § lich sessions'
 * state column). A `busy` says the messages typed there were read and a turn began; the `done`
 * that ends the turn settles, `unanswered`, the errands it is known to have read; a `waiting`
 * inside a busy turn of a subagent worker tells its callers it is blocked.
 */
import type { PromptLang } from '@lich/core/i18n/prompts';
import { blockedNoticeText, blockedSummary, type Owed, pickTicketNudgeText, sortedUnique } from './compose.js';
import * as errand from './errand.js';
import type { DeliveredErrand, Errand } from './errand.js';
import type { RelayHost, RelaySession } from './host.js';
import type { ErrandBook } from './book.js';
import type { RelayModPrompt } from './relay-mod.js';
import { asked } from './text.js';
import type { Peer } from './types.js';

/** What turns need of the rest of the relay, wired by relay.ts. */
export interface TurnsDeps {
  host: RelayHost;
  book: ErrandBook;
  /** A note of lich's own for a session: to its mod, else typed at a free prompt (mod-route.ts). */
  notify(id: string, body: RelayModPrompt): void;
  /** Types a note of lich's own at a free prompt (delivery.ts). */
  typeWhenReady(id: string, text: string): void;
  /** `id` ended a turn: what its inbox held back while it was busy is announced (inbox.ts). */
  nudgeAfterTurn(id: string): void;
  /** `id` reported the `done` of a turn: a worker that answered in it may park (subagents.ts). */
  doneAfterAnswer(id: string): void;
  /** `id`'s turn was stopped: a worker that answered in it stays (subagents.ts). */
  stoppedAfterAnswer(id: string): void;
  lang?: PromptLang;
}

export class Turns {
  /** Last turn state observed per session; `waiting`/`compacting` leave it as it was. */
  private readonly turns = new Map<string, string>();
  /** The state each session's peer shows, as last published (see {@link publishedState}). */
  private readonly published = new Map<string, string>();
  /**
   * Per session, the hand-off order (`handedSeq`) of the newest errand answered in the turn it is
   * in: what that turn is known to have read (see `turnEnded`).
   */
  private readonly turnAnswered = new Map<string, number>();
  /** Workers blocked on a permission prompt right now, whose callers were told (one note per block). */
  private readonly blocked = new Set<string>();

  constructor(private readonly d: TurnsDeps) {}

  /**
   * A state the session reported through `/hook` (wire.md § 9 "Observe"): `busy` marks the
   * errands delivered there as read and their turn as started; `done` ends the errands whose
   * turn it was, `unanswered`, and flushes the session's own held nudge; `idle` (SessionEnd)
   * ends every delivered errand there; `waiting` and `compacting` keep the previous turn state.
   * Every state also sets what the session's peer shows (`publishedState`).
   *
   * `interrupted` is lich's own (wire.md § 11.2: an ok `abort` ack ends lich's open turn as
   * `interrupted`; the backend writes it to the session's state first): the turn ended, as at
   * `done`, except that a worker which answered in it is not parked (a stopped turn keeps it open).
   * A `waiting` inside a busy turn of a subagent worker tells its caller, once per block
   * (BlockedNotice, wire.md § 8.4).
   */
  observe(sessionId: string, state: string): void {
    this.published.set(sessionId, this.publishedState(sessionId, state));
    if (state !== 'waiting') this.blocked.delete(sessionId);
    if (state === 'waiting') this.blockedNotice(sessionId);
    if (state === 'waiting' || state === 'compacting') return;
    // A turn starts: what it answers is counted from here.
    if (state === 'busy' && this.turns.get(sessionId) !== 'busy') this.turnAnswered.delete(sessionId);
    this.turns.set(sessionId, state);
    const delivered = this.d.book.deliveredAt(sessionId);
    if (state === 'busy') {
      for (const e of delivered) errand.sawBusy(e);
    } else if (state === 'done' || state === 'interrupted') {
      this.turnEnded(sessionId, delivered);
      this.d.nudgeAfterTurn(sessionId);
      // A turn stopped (lich control abort) is not one that ends in a worker's self-close.
      if (state === 'done') this.d.doneAfterAnswer(sessionId);
      else this.d.stoppedAfterAnswer(sessionId);
    } else if (state === 'idle') {
      for (const e of delivered) this.d.book.land(e, 'unanswered');
    }
  }

  /** Mid-turn: `busy`, or blocked on a permission prompt (or compacting) inside a busy turn. */
  busy(id: string): boolean {
    const state = this.d.host.state(id);
    if (state === 'busy') return true;
    return (state === 'waiting' || state === 'compacting') && this.turns.get(id) === 'busy';
  }

  /** Whether the last turn state `id` reported is `busy`: a turn is running. */
  inTurn(id: string): boolean {
    return this.turns.get(id) === 'busy';
  }

  /** `e` was answered: when its target is mid-turn, that turn read it (and what was typed before it). */
  answeredInTurn(e: Errand): void {
    if (e.state.phase !== 'delivered' || this.turns.get(e.targetId) !== 'busy') return;
    this.turnAnswered.set(e.targetId, Math.max(this.turnAnswered.get(e.targetId) ?? 0, e.state.handedSeq));
  }

  /** The session is gone: its turns are forgotten. */
  forget(id: string): void {
    this.turns.delete(id);
    this.turnAnswered.delete(id);
    this.published.delete(id);
    this.blocked.delete(id);
  }

  /** A session as `lich sessions` lists it, its state as published. */
  peer(s: RelaySession): Peer {
    return {
      label: s.label,
      name: s.name,
      project: s.project,
      kind: s.kind,
      // A state the relay never observed (set before it ran) is mapped with no turn history.
      state: this.published.get(s.id) ?? this.publishedState(s.id, this.d.host.state(s.id)),
      id: s.id,
      path: s.path,
      projectPath: s.projectPath,
    };
  }

  /**
   * A turn ended at `id`. It settles, as `unanswered`, only the errands it is known to have read
   * and left unanswered (spec/cli.md § lich send, "Answered somewhere else"). Of the errands that
   * could be its (delivered, its turn `started`: a `busy` seen after delivery, the turn already
   * running at delivery skipped), in the order they were typed — the order a provider reads its
   * input in:
   *
   * - those typed before the newest one it answered: reading that one, it read them;
   * - those whose own prompt the target's mod acked (receipt `acked`);
   * - when it answered none: the ones typed together at a free prompt before it began — nothing
   *   here can say which of them the turn was, so all go home and the session is told to name
   *   tickets from now on (PickTicketNudge, wire.md § 8.4) — or, when the oldest was handed
   *   over behind a running turn (`behindTurn`), that oldest alone: queued input is read a turn at a time at the
   *   least, and a later one may be the next turn's.
   *
   * The rest stay open for the turns after. A turn that ends while the session still waits on
   * an errand of its own says nothing yet: that outcome reaching its prompt starts the turn that
   * is read.
   */
  private turnEnded(id: string, delivered: DeliveredErrand[]): void {
    // A worker whose mod answers for it ends its errand by that answer, not by a turn's end: a
    // turn that hands work to the background does not end the errand (spec/cli.md § lich open).
    const could = delivered.filter((e) => e.state.turn === 'started' && e.state.via !== 'worker-mod');
    for (const e of delivered) errand.turnEnded(e);
    const answeredUpTo = this.turnAnswered.get(id) ?? 0;
    this.turnAnswered.delete(id);
    const read = (e: DeliveredErrand) => e.state.receipt === 'acked';
    let ending: DeliveredErrand[];
    if (answeredUpTo > 0) {
      ending = could.filter((e) => read(e) || e.state.handedSeq < answeredUpTo);
    } else if (could.length > 0 && !could[0]!.state.behindTurn) {
      ending = could.filter((e) => read(e) || !e.state.behindTurn);
    } else {
      ending = could.filter((e, i) => read(e) || i === 0);
    }
    if (ending.length === 0 || this.d.book.awaitingOwn(id)) return;
    for (const e of ending) this.d.book.land(e, 'unanswered');
    if (ending.length >= 2 && answeredUpTo === 0) {
      const owed: Owed[] = ending.map((e) => ({ ticket: e.ticket, asked: asked(e.prompt) }));
      this.d.typeWhenReady(id, pickTicketNudgeText(owed, this.d.lang));
    }
  }

  /**
   * A worker reported `waiting` inside a busy turn: each caller with a subagent errand
   * delivered at it is told once per block (BlockedNotice, wire.md § 8.4; spec/cli.md § lich
   * open, --subagent) — as a `waiting` notification when its mod polls, typed otherwise.
   */
  private blockedNotice(worker: string): void {
    if (this.blocked.has(worker) || this.turns.get(worker) !== 'busy') return;
    const callers = sortedUnique(this.d.book.deliveredAt(worker).filter((e) => e.subagent && e.from !== '').map((e) => e.from));
    if (callers.length === 0) return;
    this.blocked.add(worker);
    const label = this.d.host.session(worker)?.label ?? '';
    for (const caller of callers) {
      this.d.notify(caller, {
        kind: 'prompt',
        text: blockedNoticeText(label, this.d.lang),
        notification: { status: 'waiting', summary: blockedSummary(label, this.d.lang) },
      });
    }
  }

  /**
   * What a peer shows for a hook state (spec/cli.md § lich sessions: busy, done, waiting or "";
   * wire.md § 9: the roster publishes `waiting` only when mid-turn): `busy` and `compacting` are
   * busy — mid-turn, a message sent now waits for the turn; `done` is done, and so is lich's own
   * `interrupted` (a turn stopped by an abort: the session is at a prompt and free); `idle` (SessionEnd)
   * and anything unknown are ""; `waiting` is waiting inside a busy turn, and otherwise leaves
   * what was published before — a permission prompt outside a turn is not the blocked-mid-turn
   * the column promises.
   */
  private publishedState(id: string, state: string): string {
    switch (state) {
      case 'busy':
      case 'compacting':
        return 'busy';
      case 'done':
      case 'interrupted':
        return 'done';
      case 'waiting':
        return this.turns.get(id) === 'busy' ? 'waiting' : (this.published.get(id) ?? '');
      default:
        return '';
    }
  }
}
