/**
 * One errand: a task handed to a session under a ticket, from the send until its result has
 * been taken (or, for an errand that ended unanswered, until its late-answer hour is over).
 * Source: spec/cli.md § lich send, § lich wait, § lich reply; wire.md § 9.
 */
import type { Result } from './types.js';

/** Where the message stands on its way into the target's terminal. */
export type Phase =
  /** held back: the target is not at a free prompt yet. */
  | 'queued'
  /** being pasted; its Enter not sent yet. Not delivered. */
  | 'typing'
  /** pasted and submitted. */
  | 'delivered';

export interface Waiter {
  resolve(result: Result): void;
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
