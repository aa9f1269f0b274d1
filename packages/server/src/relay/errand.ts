/**
 * One errand: a task handed to a session under a ticket, from the send until its result has
 * been taken (or, for an errand that ended unanswered, until its late-answer hour is over).
 * Source: spec/cli.md § lich send, § lich wait, § lich reply; wire.md § 9.
 */
import type { Timer } from '../clock.js';
import type { RelayModTicket } from './relay-mod.js';
import type { Result, Status } from './types.js';

/**
 * Where an errand stands, one value for its whole life, carrying the facts that hold in that
 * phase only. Open, it is where the message stands on its way into the target's terminal:
 *
 * - `queued` — held back: the target is not at a free prompt yet;
 * - `typing` — being pasted, its Enter not sent yet (not delivered);
 * - `offered` — handed to the target's mod as a `prompt` command, no poll collected it yet (not
 *   delivered);
 * - `delivered` — pasted and submitted, or collected by the target's mod.
 *
 * Ended (it has an outcome), it is where that outcome stands:
 *
 * - `ready` — landed and not taken: it waits for its ticket, and — shared, from a session — in
 *   its sender's inbox, announced by a nudge;
 * - `silent` — landed and not taken, for its ticket only: no inbox, no nudge (a subagent stopped
 *   by its own caller; a report its caller's mod collected whole);
 * - `taken` — its outcome was handed over, and it ended unanswered: kept only so a late `reply`
 *   still lands (an errand taken any other way is gone);
 * - `gone` — out of the book: taken, expired, or refused whole before anything was typed (only a
 *   timer or a promise that still holds it sees this, and leaves it alone).
 *
 * It moves only through the transitions below ({@link deliver}, {@link land}, …); each takes
 * the phases it may start from and throws on any other, a bug in the relay.
 */
export type ErrandState =
  | { readonly phase: 'queued'; readonly modOffer: ModOffer }
  | { readonly phase: 'typing'; readonly modOffer: ModOffer }
  | {
      readonly phase: 'offered';
      /** The prompt command offered to the target's mod (wire.md § 8.2 "Mod route", § 11.2). */
      readonly offer: RelayModTicket;
    }
  | Delivered
  | Ready
  | (Landing & { readonly phase: 'silent' | 'taken' })
  | { readonly phase: 'gone' };

/** Every phase an errand can be in. */
export type Phase = ErrandState['phase'];

/** The phases of an errand still open: it has no outcome yet. */
export type OpenPhase = 'queued' | 'typing' | 'offered' | 'delivered';

/**
 * Whether a message not delivered yet may still go to the target's mod (`untried`: no offer of
 * it lapsed), or is typed from now on (`lapsed`: no poll collected an offer of it in time, and
 * it was withdrawn).
 */
export type ModOffer = 'untried' | 'lapsed';

/**
 * A delivered errand, and what is known of the turn that reads it (turns.ts). Each field is
 * set at delivery; `turn` and `receipt` only move forward.
 */
export interface Delivered {
  readonly phase: 'delivered';
  /** Hand-off order among deliveries (the book's one sequence). */
  readonly handedSeq: number;
  /**
   * How it was handed over: `typed` at the prompt; collected by the target's mod (`mod`); or
   * collected by a subagent worker's mod as WorkerTask (`worker-mod`, lich-plugin ≥ 0.17.0),
   * whose POST /mod/answer is the answer — a turn that ends without one does not end the errand
   * (spec/cli.md § lich open, --subagent).
   */
  readonly via: 'typed' | 'mod' | 'worker-mod';
  /**
   * Handed over while the target was mid-turn: it waits in the provider's input behind that
   * turn, and queued input is read in the order it was typed, one turn at a time at the least
   * — so a turn that answered none of it read only the oldest for certain (turns.ts `turnEnded`).
   */
  readonly behindTurn: boolean;
  /**
   * The turn that can be its: `skipped` — the turn running at hand-off is still on, and its
   * `done` is not this errand's; `awaited` — no turn that can be its has started; `started` —
   * one has (a `busy`, or its mod's ack, after that).
   */
  readonly turn: 'skipped' | 'awaited' | 'started';
  /**
   * What the target showed of reading it since hand-off (the never-read check): `none`;
   * `busy` — some `busy` was reported; `acked` — its mod acked this very prompt, so its own
   * turn is known to have started.
   */
  readonly receipt: 'none' | 'busy' | 'acked';
}

/** What every ended phase but `gone` holds. */
export interface Landing {
  /** How it ended. */
  readonly outcome: Result;
  /** Landing order, for collect's oldest-first (the book's one sequence). */
  readonly landedSeq: number;
  /** It was delivered before it ended (the errand news says `delivered`, else `queued`). */
  readonly wasDelivered: boolean;
}

/**
 * A landed result waiting in its sender's inbox (or for its ticket), and how it stands with
 * the announcements (inbox.ts, nudges.ts, mod-route.ts `noteViaMod`): `no` — not announced
 * yet; `nudged` — a nudge announced it (or is being typed), or a note to the sender's mod named
 * it; `noted` — carried whole in a report note to the sender's mod (`note`) that no poll has
 * collected yet. `notes` is `declined` once a note carrying it went uncollected: it is
 * announced by the typed nudge only.
 */
export type Ready = Landing & { readonly phase: 'ready' } & (
    | { readonly announced: 'no' | 'nudged'; readonly notes: 'may' | 'declined' }
    | { readonly announced: 'noted'; readonly note: RelayModTicket }
  );

export interface Waiter {
  resolve(result: Result): void;
  /** The errand was refused after all, before anything was typed: the wait fails with why. */
  fail(error: Error): void;
}

export interface Errand {
  readonly ticket: string;
  /** Sender's lich id; `""` for the command line outside a session. */
  readonly from: string;
  readonly targetId: string;
  /** Target label at the send; results name the current label when the session is still known. */
  readonly targetLabel: string;
  /** The sanitised prompt, for the owed-errand listings. */
  readonly prompt: string;
  /** The whole text typed at the target, kept for the one automatic re-type. */
  readonly message: string;
  readonly private: boolean;
  /**
   * A `lich open --subagent` worker's errand (`relay.SendSubagent`): kept past the ticket's hour
   * while the worker runs, ended `stopped` when the worker is closed, and the worker parked once
   * it has answered (spec/cli.md § lich open, --subagent).
   */
  readonly subagent: boolean;

  /** Where it stands; moved only by this module's transitions. */
  readonly state: ErrandState;

  /** Callers holding the line on this ticket; while any do, the ticket does not expire. */
  readonly waiters: Set<Waiter>;
  /**
   * Host-clock ms at which this ticket lapses: while open, the TTL counted from the send or the
   * last wait that gave up; once ended, the end of the hour its result (or a late answer) is kept.
   */
  deadline: number;
  readonly timers: Set<Timer>;
}

/** An errand in its `delivered` phase (the book's `deliveredAt`). */
export type DeliveredErrand = Errand & { readonly state: Delivered };

/** Whether `e` is still open: no outcome yet. */
export function isOpen(e: Errand): boolean {
  const { phase } = e.state;
  return phase === 'queued' || phase === 'typing' || phase === 'offered' || phase === 'delivered';
}

/** `e`'s state when it has ended and is still in the book (`ready`, `silent` or `taken`); else undefined. */
export function landing(e: Errand): (Landing & { readonly phase: 'ready' | 'silent' | 'taken' }) | undefined {
  const s = e.state;
  return s.phase === 'ready' || s.phase === 'silent' || s.phase === 'taken' ? s : undefined;
}

/** `e`'s outcome once it has one (`ready`, `silent`, `taken`); else undefined. */
export function outcomeOf(e: Errand): Result | undefined {
  return landing(e)?.outcome;
}

/** Whether `e` has landed and nobody has taken its outcome yet (`ready` or `silent`). */
export function isLanded(e: Errand): boolean {
  return e.state.phase === 'ready' || e.state.phase === 'silent';
}

/**
 * Whether `e` ended unanswered and still takes a late answer: until its deadline a late `reply`
 * files one (the outcome's status says it; a late answer lands it again as `answered`) — unless
 * its session ended (`closed` on the outcome): nothing of it is left to answer.
 */
export function isLapsed(e: Errand): boolean {
  const outcome = outcomeOf(e);
  return outcome?.status === 'unanswered' && outcome.closed !== true;
}

/** Whether `e` is delivered and its target has shown nothing of reading it yet (the never-read check). */
export function unreceipted(e: Errand): boolean {
  return e.state.phase === 'delivered' && e.state.receipt === 'none';
}

/** A fresh errand, `queued`, nothing of its way in or its outcome known yet. */
export function newErrand(o: {
  ticket: string;
  from: string;
  targetId: string;
  targetLabel: string;
  prompt: string;
  message: string;
  private: boolean;
  subagent: boolean;
  deadline: number;
}): Errand {
  return {
    ticket: o.ticket,
    from: o.from,
    targetId: o.targetId,
    targetLabel: o.targetLabel,
    prompt: o.prompt,
    message: o.message,
    private: o.private,
    subagent: o.subagent,
    deadline: o.deadline,
    state: { phase: 'queued', modOffer: 'untried' },
    waiters: new Set(),
    timers: new Set(),
  };
}

// ——— transitions: the only writers of `Errand.state` ———

function set(e: Errand, s: ErrandState): void {
  (e as { state: ErrandState }).state = s;
}

function wrong(e: Errand, to: string): Error {
  return new Error(`errand ${e.ticket} cannot go from ${e.state.phase} to ${to}`);
}

/** Held for a free prompt (delivery.ts `queue`): from `queued`, or from `typing` met by a person's draft. */
export function queue(e: Errand): void {
  const s = e.state;
  if (s.phase !== 'queued' && s.phase !== 'typing') throw wrong(e, 'queued');
  set(e, { phase: 'queued', modOffer: s.modOffer });
}

/** Being pasted at a free prompt (delivery.ts `typeIn`). */
export function startTyping(e: Errand): void {
  const s = e.state;
  if (s.phase !== 'queued') throw wrong(e, 'typing');
  set(e, { phase: 'typing', modOffer: s.modOffer });
}

/** Handed to the target's mod as `offer` (mod-route.ts `offer`); only a `queued` errand whose offer never lapsed. */
export function offer(e: Errand, ticket: RelayModTicket): void {
  const s = e.state;
  if (s.phase !== 'queued' || s.modOffer !== 'untried') throw wrong(e, 'offered');
  set(e, { phase: 'offered', offer: ticket });
}

/** No poll collected its offer in time: held again, and typed from now on. */
export function lapseOffer(e: Errand): void {
  if (e.state.phase !== 'offered') throw wrong(e, 'queued');
  set(e, { phase: 'queued', modOffer: 'lapsed' });
}

/** Pasted and submitted (from `typing`) or collected by the target's mod (from `offered`). */
export function deliver(e: Errand, o: { handedSeq: number; via: Delivered['via']; behindTurn: boolean }): void {
  const s = e.state;
  if (s.phase !== 'typing' && s.phase !== 'offered') throw wrong(e, 'delivered');
  if ((s.phase === 'typing') !== (o.via === 'typed')) throw wrong(e, `delivered ${o.via}`);
  set(e, { phase: 'delivered', ...o, turn: o.behindTurn ? 'skipped' : 'awaited', receipt: 'none' });
}

/** Its target reported `busy`: it was read, and — unless that is the turn it waits behind — its turn started. */
export function sawBusy(e: Errand): void {
  const s = e.state;
  if (s.phase !== 'delivered') throw wrong(e, 'delivered (busy seen)');
  set(e, { ...s, receipt: s.receipt === 'acked' ? 'acked' : 'busy', turn: s.turn === 'awaited' ? 'started' : s.turn });
}

/** The target's mod acked this very prompt ok: its own turn started. */
export function acked(e: Errand): void {
  const s = e.state;
  if (s.phase !== 'delivered') throw wrong(e, 'delivered (acked)');
  set(e, { ...s, receipt: 'acked', turn: s.turn === 'awaited' ? 'started' : s.turn });
}

/** A turn ended at its target: the one it waited behind is over, and the next can be its. */
export function turnEnded(e: Errand): void {
  const s = e.state;
  if (s.phase !== 'delivered') throw wrong(e, 'delivered (turn ended)');
  if (s.turn === 'skipped') set(e, { ...s, turn: 'awaited' });
}

/**
 * Ends it with `outcome` (or, ended unanswered and lapsed, lands a late answer): `ready`, or
 * `silent` for its ticket only; not announced yet.
 */
export function land(e: Errand, outcome: Result, landedSeq: number, silent: boolean): void {
  const s = e.state;
  if (s.phase === 'gone') throw wrong(e, silent ? 'silent' : 'ready');
  const ended = landing(e);
  const wasDelivered = ended ? ended.wasDelivered : s.phase === 'delivered';
  if (silent) {
    set(e, { phase: 'silent', outcome, landedSeq, wasDelivered });
    return;
  }
  const notes = s.phase === 'ready' && s.announced !== 'noted' ? s.notes : 'may';
  set(e, { phase: 'ready', outcome, landedSeq, wasDelivered, announced: 'no', notes });
}

/** A nudge announces it (or is being typed); `ready` and not announced only. */
export function nudged(e: Errand): void {
  const s = e.state;
  if (s.phase !== 'ready' || s.announced !== 'no') throw wrong(e, 'ready (nudged)');
  set(e, { ...s, announced: 'nudged' });
}

/** The nudge that announced it was not typed after all: announced by the next one. A no-op unless it is `ready` and `nudged`. */
export function unnudged(e: Errand): void {
  const s = e.state;
  if (s.phase === 'ready' && s.announced === 'nudged') set(e, { ...s, announced: 'no' });
}

/** Carried whole in a report note to its sender's mod, not collected yet. */
export function noted(e: Errand, note: RelayModTicket): void {
  const s = e.state;
  if (s.phase !== 'ready' || s.announced !== 'no' || s.notes !== 'may') throw wrong(e, 'ready (noted)');
  const { outcome, landedSeq, wasDelivered } = s;
  set(e, { phase: 'ready', outcome, landedSeq, wasDelivered, announced: 'noted', note });
}

/** No poll collected the note carrying it: not announced, and by the typed nudge only from now on. A no-op unless `note` still carries it. */
export function noteDeclined(e: Errand, note: RelayModTicket): void {
  const s = e.state;
  if (s.phase !== 'ready' || s.announced !== 'noted' || s.note !== note) return;
  const { outcome, landedSeq, wasDelivered } = s;
  set(e, { phase: 'ready', outcome, landedSeq, wasDelivered, announced: 'no', notes: 'declined' });
}

/** For its ticket only from now on (its caller's mod collected the note carrying it whole). */
export function silence(e: Errand): void {
  const s = e.state;
  if (s.phase !== 'ready' && s.phase !== 'silent') throw wrong(e, 'silent');
  const { outcome, landedSeq, wasDelivered } = s;
  set(e, { phase: 'silent', outcome, landedSeq, wasDelivered });
}

/** Its outcome was handed over and it still takes a late answer ({@link isLapsed}). */
export function taken(e: Errand): void {
  const s = e.state;
  if ((s.phase !== 'ready' && s.phase !== 'silent' && s.phase !== 'taken') || !isLapsed(e)) throw wrong(e, 'taken');
  const { outcome, landedSeq, wasDelivered } = s;
  set(e, { phase: 'taken', outcome, landedSeq, wasDelivered });
}

/** Its session ended: the unanswered outcome it holds takes no late answer (`closed`), in whatever ended phase it is. */
export function closeOutcome(e: Errand): void {
  const s = e.state;
  if (s.phase !== 'ready' && s.phase !== 'silent' && s.phase !== 'taken') throw wrong(e, `${s.phase} (closed)`);
  set(e, { ...s, outcome: { ...s.outcome, closed: true } });
}

/** Out of the book: taken, expired, or refused whole. */
export function drop(e: Errand): void {
  set(e, { phase: 'gone' });
}

/**
 * The wire's Result; `closed` and `private` only when true (spec/cli.md § lich send --json),
 * `held` only on a pending result whose task is held behind a person's draft, or an undelivered
 * one that was still held behind it when it ended (contracts/objects/result.json).
 */
export function result(
  ticket: string,
  target: string,
  status: Status,
  answer: string,
  isPrivate: boolean,
  o: { closed?: boolean; held?: 'draft' } = {},
): Result {
  const r: Result = { ticket, target, status, answer };
  if (o.closed) r.closed = true;
  if (isPrivate) r.private = true;
  if (o.held !== undefined) r.held = o.held;
  return r;
}
