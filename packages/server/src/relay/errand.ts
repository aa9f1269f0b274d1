/**
 * One errand: a task handed to a session under a ticket, from the send until its result has
 * been taken (or, for an errand that ended unanswered, until its late-answer hour is over).
 * Source: spec/cli.md § lich send, § lich wait, § lich reply; wire.md § 9.
 */
import type { RelayModTicket } from './mod-route.js';
import type { Result } from './types.js';

/** Where the message stands on its way into the target's terminal. */
export type Phase =
  /** held back: the target is not at a free prompt yet. */
  | 'queued'
  /** being pasted; its Enter not sent yet. Not delivered. */
  | 'typing'
  /** handed to the target's mod as a `prompt` command, no poll collected it yet. Not delivered. */
  | 'offered'
  /** pasted and submitted. */
  | 'delivered';

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

  /** True until the errand ends with an outcome. */
  open: boolean;
  phase: Phase;
  /** Hand-off order among deliveries (0 until delivered). */
  handedSeq: number;
  /** The target was mid-turn at delivery: the `done` ending that turn is not this errand's. */
  skipTurn: boolean;
  /** A turn that can be this errand's has started (a `busy` after delivery, skipped turn excluded). */
  sawBusy: boolean;
  /**
   * Typed while the target was mid-turn: it waits in the provider's input behind that turn, and
   * queued input is read in the order it was typed, one turn at a time at the least — so a turn
   * that answered none of it read only the oldest for certain (Relay.turnEnded).
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
  readonly timers: Set<NodeJS.Timeout>;

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

  /** How the errand ended (set once `open` is false). */
  outcome?: Result;
  /** The outcome has landed and nobody has taken it yet. */
  ready: boolean;
  /** A nudge has announced this ready result (or is being typed). */
  nudged: boolean;
  /** Landing order, for collect's oldest-first. */
  landedSeq: number;
  /** Ended unanswered: until `deadline`, a late `reply` still files an answer. */
  lapsed: boolean;
  /**
   * Ended in silence: a subagent stopped by its own caller. Its outcome waits for its ticket
   * only — no inbox, no nudge, nothing that holds the caller's turn.
   */
  silent: boolean;
}
