/**
 * One errand: a task handed to a session under a ticket, from the send until its result has
 * been taken (or, for an errand that ended unanswered, until its late-answer hour is over).
 * Source: spec/cli.md § lich send, § lich wait, § lich reply; wire.md § 9.
 */
import type { Timer } from '../clock.js';
import type { RelayModTicket } from './relay-mod.js';
import type { Result, Status } from './types.js';

/**
 * Where an errand stands, one value for its whole life. Open, it is where the message stands on
 * its way into the target's terminal:
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
 */
export type Phase = 'queued' | 'typing' | 'offered' | 'delivered' | 'ready' | 'silent' | 'taken' | 'gone';

/** The phases of an errand still open: it has no outcome yet. */
export type OpenPhase = 'queued' | 'typing' | 'offered' | 'delivered';

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

  phase: Phase;

  // ——— the turn that reads it (Relay turns.ts), once delivered ———

  /** Hand-off order among deliveries (0 until delivered). */
  handedSeq: number;
  /** The target was mid-turn at delivery: the `done` ending that turn is not this errand's. */
  skipTurn: boolean;
  /** A turn that can be this errand's has started (a `busy` after delivery, skipped turn excluded). */
  sawBusy: boolean;
  /**
   * Typed while the target was mid-turn: it waits in the provider's input behind that turn, and
   * queued input is read in the order it was typed, one turn at a time at the least — so a turn
   * that answered none of it read only the oldest for certain (turns.ts `turnEnded`).
   */
  queued: boolean;
  /** Its own turn is known to have started: the target's mod acked this very prompt. */
  read: boolean;
  /** Some `busy` was seen since delivery: the message was read (never-read check). */
  receipted: boolean;

  /** Callers holding the line on this ticket; while any do, the ticket does not expire. */
  readonly waiters: Set<Waiter>;
  /**
   * Host-clock ms at which this ticket lapses: while open, the TTL counted from the send or the
   * last wait that gave up; once ended, the end of the hour its result (or a late answer) is kept.
   */
  deadline: number;
  readonly timers: Set<Timer>;

  // ——— the mod route (wire.md § 8.2 "Mod route", § 11.2) ———

  /** The prompt command offered to the target's mod while `phase` is `offered`. */
  offer?: RelayModTicket;
  /** No poll collected the offer in time: it was withdrawn, and the message is typed from now on. */
  typeOnly: boolean;
  /**
   * A subagent worker's mod was handed WorkerTask (lich-plugin ≥ 0.17.0): its POST /mod/answer is
   * the answer, and a turn that ends without one does not end the errand (spec/cli.md § lich open,
   * --subagent).
   */
  modAnswers: boolean;
  /** The report note carrying this result, offered to the sender's mod and not collected yet. */
  note?: RelayModTicket;
  /** The sender's mod did not collect a note carrying it: it is announced by the typed nudge only. */
  noteDeclined: boolean;

  // ——— the outcome ———

  /** How the errand ended (set once it leaves the open phases). */
  outcome?: Result;
  /** A nudge has announced this ready result (or is being typed). */
  nudged: boolean;
  /** Landing order, for collect's oldest-first. */
  landedSeq: number;
}

/** Whether `e` is still open: no outcome yet. */
export function isOpen(e: Errand): boolean {
  return e.phase === 'queued' || e.phase === 'typing' || e.phase === 'offered' || e.phase === 'delivered';
}

/** Whether `e` has landed and nobody has taken its outcome yet (`ready` or `silent`). */
export function isLanded(e: Errand): boolean {
  return e.phase === 'ready' || e.phase === 'silent';
}

/**
 * Whether `e` ended unanswered and still takes a late answer: until its deadline a late `reply`
 * files one (the outcome's status says it; a late answer lands it again as `answered`) — unless
 * its session ended (`closed` on the outcome): nothing of it is left to answer.
 */
export function isLapsed(e: Errand): boolean {
  return !isOpen(e) && e.outcome?.status === 'unanswered' && e.outcome.closed !== true;
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
    phase: 'queued',
    handedSeq: 0,
    skipTurn: false,
    sawBusy: false,
    queued: false,
    read: false,
    receipted: false,
    waiters: new Set(),
    timers: new Set(),
    typeOnly: false,
    modAnswers: false,
    noteDeclined: false,
    nudged: false,
    landedSeq: 0,
  };
}

/**
 * The wire's Result; `closed` and `private` only when true (spec/cli.md § lich send --json),
 * `held` only on a pending result whose task is held behind a person's draft
 * (contracts/objects/result.json).
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
