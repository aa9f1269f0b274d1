/**
 * The relay: hands a task to a live session under a ticket and carries the outcome back to
 * whoever asked — to a caller holding the line, else to the sender's inbox with a nudge at its
 * prompt. Source: spec/cli.md § lich send, § lich wait, § lich reply, § The answer is
 * announced, and collected, § Private errands; wire.md §§ 7–9.
 *
 * This module is the relay's façade: every RPC method and hook the backend wires to the relay
 * is a method here, and each hands its work to the part that owns it —
 *
 * | part | owns |
 * |---|---|
 * | book.ts | the errands by ticket, their outcomes, holding the line, the hour, tombstones |
 * | delivery.ts | typing a message in (or holding it for a free prompt), the typing queue, never-read |
 * | mod-route.ts | handing a message, a report or a notice to a session's Claude Code mod |
 * | inbox.ts | results waiting for their sender, the nudge (nudges.ts), the collect |
 * | turns.ts | what a reported state means: receipts, the turn that settles errands, the peer's state |
 * | subagents.ts | a `--subagent` worker's errand: stopped on close, the self-close after answering |
 * | insert.ts | `relay.Insert`: text pasted at a prompt and left there, in turn with the typing |
 *
 * — over an errand whose whole life is one {@link ErrandState} (errand.ts): a union of phases,
 * each carrying the facts that hold in it, moved only by errand.ts's transitions. It sees sessions only
 * through {@link RelayHost}, and time only through the host's clock. Tickets live in memory: a
 * lich that restarted has no PTY left to answer into.
 */
import { homedir } from 'node:os';
import { goQuote } from '@lich/core/quote';
import { quoteName } from '@lich/core/names';
import type { PromptLang } from '@lich/core/i18n/prompts';
import { waitSeconds } from '@lich/core/errands';
import type { Timer } from '../clock.js';
import { composeMessage } from './compose.js';
import { cannotTakeWhole, Delivery } from './delivery.js';
import { isLanded, isLapsed, isOpen, newErrand, outcomeOf, result } from './errand.js';
import { RelayError } from './errors.js';
import type { RelayHost } from './host.js';
import { Inbox } from './inbox.js';
import { Inserter } from './insert.js';
import { ModRoute } from './mod-route.js';
import type { ErrandNews } from './news.js';
import { ErrandBook } from './book.js';
import type { RelayMod } from './relay-mod.js';
import { resolveTarget } from './resolve.js';
import { Subagents } from './subagents.js';
import { capAnswer, checkAnswer, checkPrompt, placeholderIn } from './text.js';
import { Turns } from './turns.js';
import type { Trace } from '../trace.js';
import type { Collected, Peer, RelayStatus, Result, Status } from './types.js';
import type {
  Inserted,
  RelayCollectNowOptions,
  RelayCollectOptions,
  RelayInsertOptions,
  RelayPeersOptions,
  RelayReplyOptions,
  RelaySelfOptions,
  RelaySendOptions,
  RelaySendPrivateOptions,
  RelaySendSubagentOptions,
  RelayWaitOptions,
} from '@lich/generated/types';

export { RelayError } from './errors.js';
export { MAX_TOMBSTONES } from './book.js';
export type { ErrandState, Phase } from './errand.js';
export type { Collected, Peer, RelayStatus, Result, Status } from './types.js';
export type { RelayMod, RelayModAck, RelayModPrompt, RelayModTicket } from './relay-mod.js';
export type { ErrandNews } from './news.js';

/** The relay's clocks, all in milliseconds; defaults from wire.md § 9 unless said otherwise. */
export interface RelayTimings {
  /**
   * One never-read window: silence for this long after delivery gets one automatic re-type,
   * silence for this long again is `unread` — the whole verdict takes two windows. Default
   * 15 000, so the wait ends in half a minute (spec/cli.md § Known ceilings: "the wait ends in
   * half a minute with somewhere to look"; wire.md § 9's 30 s is the original's per window,
   * which made it a minute).
   */
  receiptWindowMs?: number;
  /** How long a message is held for a target not at a prompt before `undelivered`. Default 300 000. */
  deliveryLimitMs?: number;
  /** How often a held message (or a nudge) looks at its session again. Default 250. */
  readyPollMs?: number;
  /** Nudge debounce. Default 2 000. */
  nudgeDelayMs?: number;
  /** Ticket TTL; the `expired` grace after it is the same length again. Default 3 600 000. */
  ticketTtlMs?: number;
  /**
   * How long a message handed to a session's mod waits for a poll to collect it before it is
   * withdrawn and typed instead (wire.md § 9 "mod ack wait"). Default 10 000.
   */
  modAckWaitMs?: number;
  /**
   * How long, after its plugin reported the start of a session whose plugin's mod is to poll (a
   * Claude Code session lich started with its plugin), a task for it waits for that mod's first
   * poll before it is typed: the mod route is the one a fresh `--subagent` worker answers by
   * itself through (spec/cli.md § lich open), and Claude Code starts its hooks module after the
   * SessionStart hook's report. Default 2 000.
   */
  modFirstPollGraceMs?: number;
}

export const defaultTimings: Required<RelayTimings> = {
  receiptWindowMs: 15_000,
  deliveryLimitMs: 300_000,
  readyPollMs: 250,
  nudgeDelayMs: 2_000,
  ticketTtlMs: 3_600_000,
  modAckWaitMs: 10_000,
  modFirstPollGraceMs: 2_000,
};

/** A wait in seconds as the relay holds it, in ms: the wait rule (core's `waitSeconds`: ≤ 0 or not a number is 100 s, above 1800 s is 1800 s). */
export function waitMs(timeoutSeconds: number): number {
  return waitSeconds(timeoutSeconds) * 1000;
}

/** What the relay may do to sessions beyond typing at them. */
export interface RelayOptions {
  /**
   * Parks a session the way `lich close` does (its process ended, its row kept): how a
   * `--subagent` worker that answered in its caller's checkout closes itself. Without it,
   * workers stay open.
   */
  park?: (id: string) => Promise<unknown>;
  /** Where the relay logs what it cannot tell anybody (a self-close that failed). */
  log?: (line: string) => void;
  /**
   * The sessions' Claude Code mods (`ModHub`). With it, a message for a session whose mod polls
   * is handed over as a `prompt` command instead of typed (wire.md § 8.2 "Mod route"), and a
   * subagent's report or blocked notice reaches a caller whose mod polls as a notification.
   * Without it, everything is typed.
   */
  mod?: RelayMod;
  /**
   * The language of every text the relay types or hands a mod (wire.md § 8.4 "Prompt language"):
   * the backend's own `LICH_PROMPT_LANG`, through `promptLang`. Default `en`.
   */
  lang?: PromptLang;
  /** HOME, for a `~/…` project an insert names (default: this process's home). */
  home?: string;
  /** The delivery trace (trace.ts; bench only, off by default): where each send's steps are marked. */
  trace?: Trace;
}

/** wire.md § 9: `relay.SendSubagent` called from outside a session. */
export const SUBAGENT_WITHOUT_SESSION = 'a subagent reports to the session that asked for it, and this call came from no session';

/** The options of relay.Send, relay.SendPrivate and relay.SendSubagent that {@link Relay.send} reads. */
type SendReads = 'from' | 'target' | 'project' | 'prompt' | 'timeoutSeconds';
/** `true` when `Reads` names every option of `O`; else a type naming those it leaves out. */
type ReadsEvery<O, Reads extends string> = [O extends unknown ? Exclude<keyof O, Reads> : never] extends [never]
  ? true
  : { 'options the relay does not read': O extends unknown ? Exclude<keyof O, Reads> : never };
// An option the contract adds and the relay does not read fails to compile here, naming it (the
// drift test adds `urgent`), so a field cannot be carried all the way to the backend and dropped.
const sendReadsEveryOption: ReadsEvery<RelaySendOptions | RelaySendPrivateOptions | RelaySendSubagentOptions, SendReads> = true;
void sendReadsEveryOption;

/**
 * The relay engine. Every public method first settles whatever expired by `host.clock.now()`,
 * so a clock that jumps is honoured without waiting for the sweep timer.
 */
export class Relay {
  private readonly t: Required<RelayTimings>;
  private readonly book: ErrandBook;
  private readonly delivery: Delivery;
  private readonly modRoute: ModRoute;
  private readonly inbox: Inbox;
  private readonly turns: Turns;
  private readonly subagents: Subagents;
  private readonly inserter: Inserter;
  private sweeper: Timer;
  private readonly unsubscribe: () => void;
  private closed = false;

  constructor(
    private readonly host: RelayHost,
    timings: RelayTimings = {},
    private readonly options: RelayOptions = {},
  ) {
    const t = (this.t = { ...defaultTimings, ...dropUndefined(timings) });
    const closed = () => this.closed;
    const { lang } = options;
    // The parts reach each other only through what is wired here, so none imports another
    // but the book (book.ts): no circle, and each says what it needs in its own Deps.
    this.book = new ErrandBook(host, t.ticketTtlMs, {
      ended: (e) => this.modRoute.forget(e),
      announce: (from) => this.inbox.announce(from),
      release: (from) => this.inbox.release(from),
    });
    const book = this.book;
    this.turns = new Turns({
      host,
      book,
      lang,
      notify: (id, body) => this.modRoute.notify(id, body),
      typeWhenReady: (id, text) => this.delivery.typeWhenReady(id, text),
      nudgeAfterTurn: (id) => this.inbox.turnEnded(id),
      doneAfterAnswer: (id) => this.subagents.doneAfterAnswer(id),
      stoppedAfterAnswer: (id) => this.subagents.stopped(id),
    });
    const busy = (id: string) => this.turns.busy(id);
    this.delivery = new Delivery({ host, book, timings: t, offer: (e) => this.modRoute.offer(e), modDue: (id) => this.modRoute.due(id), busy, closed, log: options.log, trace: options.trace });
    this.modRoute = new ModRoute({
      host,
      book,
      timings: t,
      mod: options.mod,
      lang,
      trace: options.trace,
      deliver: (e) => this.delivery.deliver(e),
      busy,
      typeWhenReady: (id, text) => this.delivery.typeWhenReady(id, text),
      announceAgain: (sender) => this.inbox.again(sender),
      closed,
    });
    this.inbox = new Inbox({
      host,
      book,
      timings: t,
      waitMs,
      busy,
      typeAt: (id, text) => this.delivery.typeAt(id, text),
      viaMod: (sender) => this.modRoute.noteViaMod(sender),
      closed,
      lang,
    });
    this.subagents = new Subagents({ host, book, park: options.park, log: options.log });
    this.inserter = new Inserter(
      {
        ...pick(host),
        // In turn with the relay's typing, so a paste never lands between a message and its Enter.
        paste: (id, text) => this.delivery.exclusive(id, () => host.paste(id, text)),
      },
      { home: options.home ?? homedir(), pollMs: t.readyPollMs },
    );
    this.unsubscribe = host.onExit((id) => this.exited(id));
    const every = Math.max(1_000, Math.min(60_000, Math.floor(t.ticketTtlMs / 60)));
    const sweep = () => {
      this.sweep();
      this.sweeper = host.clock.after(every, sweep);
    };
    this.sweeper = host.clock.after(every, sweep);
  }

  /**
   * `relay.Peers` (spec/cli.md § lich sessions): every live session but the caller's own.
   * @param o.from the caller's lich id, `""` outside a session.
   */
  peers(o: RelayPeersOptions): Peer[] {
    return this.host
      .liveSessions()
      .filter((s) => s.id !== o.from)
      .map((s) => this.turns.peer(s));
  }

  /**
   * `relay.Self` (spec/cli.md § lich whoami): the session the caller runs in.
   * @throws RelayError outside a session, or for an id the workspace does not know.
   */
  self(o: RelaySelfOptions): Peer {
    if (o.from === '') {
      throw new RelayError(
        'this is not running in a lich session (LICH_SESSION_ID is unset), so there is no session of its own to show — run it from inside one',
      );
    }
    const s = this.host.session(o.from);
    if (!s) throw new RelayError(`no session has the id ${goQuote(o.from)}: LICH_SESSION_ID names a session this lich does not know`);
    return this.turns.peer(s);
  }

  /**
   * `relay.Send` / `relay.SendPrivate` (spec/cli.md § lich send): resolves `target`, types the
   * composed message at it (now, or once it is at a prompt), and holds the line up to
   * `timeoutSeconds` (≤ 0: 100 s; capped at 1800 s). Resolves with the outcome, or `pending`
   * with the ticket when the wait runs out (or `signal` aborts) first.
   * @throws RelayError for an unresolvable target, or a blank or oversized prompt (wire.md § 8.2, § 9).
   */
  async send(
    o: RelaySendOptions | RelaySendPrivateOptions | RelaySendSubagentOptions,
    mode: { private?: boolean; subagent?: boolean } = {},
    signal?: AbortSignal,
  ): Promise<Result> {
    if (mode.subagent && o.from === '') throw new RelayError(SUBAGENT_WITHOUT_SESSION);
    this.sweep();
    const target = resolveTarget(this.host.liveSessions(), o);
    const prompt = checkPrompt(o.prompt);
    const ticket = this.book.mint();
    const origin = o.from === '' ? { commandLine: true as const } : { session: this.host.session(o.from)?.label ?? 'unknown' };
    const message = composeMessage({ origin, prompt, ticket, hasTools: target.hasTools }, this.options.lang);
    // A message its program would get cut (a line too long for a terminal that reads lines) is
    // refused now, with the reason, rather than typed short and reported as read. A session not
    // at its prompt yet (its setup script, a TUI still starting) is asked when it is typed at:
    // what has its terminal now is not what will read the message.
    if (this.host.typeRefusal && !this.host.inSetup?.(target.id) && this.host.ready(target.id)) {
      const refusal = await this.host.typeRefusal(target.id, message);
      if (refusal !== undefined) throw new RelayError(cannotTakeWhole(target.label, refusal));
    }
    if (this.book.has(ticket)) return this.send(o, mode, signal);
    const e = newErrand({
      ticket,
      from: o.from,
      targetId: target.id,
      targetLabel: target.label,
      prompt,
      message,
      private: mode.private === true,
      subagent: mode.subagent === true,
      deadline: this.book.hourFromNow(),
    });
    this.book.add(e);
    this.book.tell(e);
    // A target still running its setup script is queued for and the ticket comes back at once
    // (spec/cli.md § lich send): a fresh worktree's install routinely outlasts any wait the
    // sender asked for, and holding the line through it would only spend the sender's turn.
    // A provider still not reading when the cap on its start ran out is held the same way.
    this.options.trace?.('send-accepted', ticket);
    if (this.host.inSetup?.(target.id) || this.host.overdue?.(target.id)) {
      this.delivery.deliver(e);
      return this.book.giveUp(e);
    }
    // The line is held before the first keystroke, so an outcome that comes back at once reaches it.
    const held = this.book.hold(e, waitMs(o.timeoutSeconds), signal);
    this.delivery.deliver(e);
    return held;
  }

  /**
   * `relay.SendSubagent` (spec/cli.md § lich open, --subagent): `send` for a subagent worker's
   * errand. The worker is handed the ticket and answers through it, as any target; what differs
   * is how the errand lives and ends:
   *
   * - it is not dropped by the ticket's hour while the worker's session runs (nor is its result,
   *   while it waits in the caller's inbox);
   * - closing the worker ends it `stopped`: closed by its own caller, in silence (nothing waits
   *   in the inbox) unless that caller is itself a worker somebody waits on; closed by anyone
   *   else, the caller is nudged and collects `stopped`. A caller holding the line hears it either way;
   * - a worker in its caller's checkout is parked (`RelayOptions.park`) once it has answered and
   *   the turn it answered in has ended — unless its caller is gone, another errand is open at
   *   it, or an errand of its own is still out or unread.
   *
   * @throws RelayError `a subagent reports to the session that asked for it, and this call came
   *   from no session` for `from` `""`; otherwise as `send`.
   */
  sendSubagent(
    o: RelaySendSubagentOptions,
    signal?: AbortSignal,
  ): Promise<Result> {
    return this.send(o, { subagent: true }, signal);
  }

  /**
   * The session `id` is being closed by `by` (`spawn.Close`, after its refusals and before its
   * process ends): when it exits, its open subagent errands end `stopped` rather than
   * `unanswered`. A session with no process is not recorded: no exit will follow.
   */
  closing(id: string, by: string): void {
    if (this.closed || !this.host.live(id)) return;
    this.subagents.closing(id, by);
  }

  /**
   * `relay.Wait` (spec/cli.md § lich wait <ticket>): a result already back is handed over on the
   * spot; an open errand is waited on up to `timeoutSeconds`, then `pending`. An errand that
   * ended unanswered answers with that until a late answer lands; an expired ticket says
   * `expired` for one more hour.
   * @throws RelayError {@link collectedText} for a ticket whose outcome was collected within the
   *   hour; `unknown ticket "<t>" — it was answered long ago, or expired` for one lich has no
   *   trace of (wire.md § 9).
   */
  wait(o: RelayWaitOptions, signal?: AbortSignal): Promise<Result> {
    this.sweep();
    const e = this.book.get(o.ticket);
    if (!e) {
      const tomb = this.book.tombstone(o.ticket);
      if (tomb?.kind === 'expired') return Promise.resolve(result(o.ticket, tomb.target, 'expired', '', tomb.private));
      if (tomb) return Promise.reject(new RelayError(collectedText(o.ticket, tomb.kind)));
      return Promise.reject(new RelayError(`unknown ticket ${quoteName(o.ticket)} — it was answered long ago, or expired`));
    }
    if (!isOpen(e)) {
      const r = outcomeOf(e)!;
      if (isLanded(e)) this.book.take(e);
      return Promise.resolve(r);
    }
    return this.book.hold(e, waitMs(o.timeoutSeconds), signal);
  }

  /**
   * `relay.Collect` (spec/cli.md § lich wait without a ticket): every result ready in `from`'s
   * inbox, oldest first, and the labels still owing one. With nothing ready and errands open it
   * holds the line for the next result up to `timeoutSeconds`; with nothing open it returns at once.
   * A collect that gives up (timeout or `signal`) takes nothing with it.
   * @throws RelayError `collecting needs a session of your own — …` for `from` `""`.
   */
  collect(o: RelayCollectOptions, signal?: AbortSignal): Promise<Collected> {
    return this.inbox.collect(o, signal);
  }

  /**
   * `relay.CollectNow` (spec/cli.md § lich wait --no-wait): what `collect` returns, without ever
   * holding the line.
   * @throws RelayError for `from` `""`, as `collect`.
   */
  collectNow(o: RelayCollectNowOptions): Collected {
    return this.inbox.collectNow(o);
  }

  /**
   * `relay.Reply` (spec/cli.md § lich reply): files `answer` (sanitised, cut at 64 KiB) on the
   * errand `ticket` names, or with `ticket` `""` on the one request open against `from`.
   * An errand that ended unanswered still takes a late answer for its hour.
   * @throws RelayError {@link endedText} for an errand that is over (`ticket "<t>" was already
   *   answered`, …); `unknown ticket "<t>" — it was answered already, or expired` for one this
   *   lich has no trace of; the ticketless refusals of wire.md § 9; an answer that is only the
   *   message's own placeholder (text.ts `checkAnswer`), the errand left open.
   */
  reply(o: RelayReplyOptions): null {
    this.sweep();
    checkAnswer(o.answer);
    const e = o.ticket === '' ? this.book.onlyOpen(o.from) : this.book.get(o.ticket);
    if (!e) {
      const tomb = this.book.tombstone(o.ticket);
      if (tomb) throw new RelayError(endedText(o.ticket, tomb.kind));
      throw new RelayError(`unknown ticket ${quoteName(o.ticket)} — it was answered already, or expired`);
    }
    if (!isOpen(e) && !isLapsed(e)) throw new RelayError(endedText(e.ticket, outcomeOf(e)!.status as Ended));
    this.turns.answeredInTurn(e);
    this.book.land(e, 'answered', capAnswer(o.answer));
    if (e.subagent) this.subagents.answeredBy(e.targetId, e);
    return null;
  }

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
    if (this.closed) return;
    this.sweep();
    this.turns.observe(sessionId, state);
  }

  /**
   * POST /session-start (SessionHost.started, which the backend calls first): the session's
   * plugin reported its program up, which may have made it ready — the oldest task held for it is
   * typed now rather than at its next look, up to `readyPollMs` (250 ms) later.
   */
  started(sessionId: string): void {
    if (this.closed) return;
    this.delivery.wake(sessionId);
  }

  /**
   * POST /mod/answer (wire.md § 11.3; spec/cli.md § lich open, --subagent): a worker's mod
   * reports the final message of a turn that ended with nothing left in the background. It
   * answers the session's single open subagent errand — unless the worker still waits on work
   * it handed off (an errand of its own open, or a result of one unread: the turn that outcome
   * starts is the one that answers). Anything else is ignored — a final message that is only the
   * placeholder of a reply line (text.ts `placeholderIn`) too. A worker that also calls reply is
   * answered once: the first answer wins. A worker whose turn already ended is parked now, as
   * at the `done` after a reply.
   * @returns whether it answered an errand.
   */
  answerFromMod(sessionId: string, text: string): boolean {
    if (this.closed) return false;
    this.sweep();
    const open = this.book.openSubagentAt(sessionId);
    if (open.length !== 1 || open[0]!.state.phase !== 'delivered' || this.book.ownOutstanding(sessionId)) return false;
    if (placeholderIn(text) !== undefined) return false;
    const e = open[0]!;
    this.turns.answeredInTurn(e);
    this.book.land(e, 'answered', capAnswer(text));
    this.subagents.answeredBy(sessionId, e);
    if (!this.turns.inTurn(sessionId)) this.subagents.doneAfterAnswer(sessionId);
    return true;
  }

  /**
   * POST /mod/answer with `unanswered` (lich-plugin 0.20.0): a worker's turn that worked on its
   * task ended with nothing to report — its final message blank. The session's single open
   * subagent errand ends `unanswered`, as a turn that ended without a reply does: whatever the
   * worker did is in its card, which stays open for the user. Ignored as {@link answerFromMod}
   * ignores a report (none open, two open, or the worker still waiting on work it handed off).
   * @returns whether it ended an errand.
   */
  unansweredFromMod(sessionId: string): boolean {
    if (this.closed) return false;
    this.sweep();
    const open = this.book.openSubagentAt(sessionId);
    if (open.length !== 1 || open[0]!.state.phase !== 'delivered' || this.book.ownOutstanding(sessionId)) return false;
    this.book.land(open[0]!, 'unanswered');
    return true;
  }

  /**
   * GET /mod/status (wire.md § 6 `relay.Status`, § 7.1, § 11.3): what `sessionId` owes (errands
   * delivered at it, private ones included, in hand-off order; `from` the sender's label, `""`
   * for the command line), what it has open (its shared errands not ended; `state` `queued`
   * until delivered, then the target's last reported state) and what is ready for it (its
   * inbox, oldest first). Never holds, never collects; every array present.
   */
  status(sessionId: string): RelayStatus {
    this.sweep();
    return this.book.status(sessionId);
  }

  /**
   * `relay.Insert` (spec/cli.md § lich insert; insert.ts): text pasted at a live session's prompt
   * and left there, in turn with the relay's own typing at it. No ticket, no errand.
   * @throws RelayError the refusals of {@link Inserter.insert}.
   */
  insert(o: RelayInsertOptions, signal?: AbortSignal): Promise<Inserted> {
    return this.inserter.insert(o, signal);
  }

  /** Lets every insert still waiting for a prompt go (it fails saying lich is quitting), and refuses later ones. */
  refuseInserts(): void {
    this.inserter.close();
  }

  /**
   * Subscribes to the errands as they move: sent, delivered, ended (a late answer ends one
   * again), expired. Called synchronously with a copy; a watcher that throws is ignored.
   * Returns an unsubscribe function.
   */
  onErrand(listener: (news: ErrandNews) => void): () => void {
    return this.book.onErrand(listener);
  }

  /**
   * Runs `write` once nothing else is being typed at session `id`, and holds every later typing
   * until it settles: what `relay.Insert` pastes must not land between a relayed message's
   * paste and its Enter. Resolves or rejects with `write`'s own outcome.
   */
  exclusive<T>(id: string, write: () => T | Promise<T>): Promise<T> {
    return this.delivery.exclusive(id, write);
  }

  /** Stops every timer and lets go of every caller holding the line, as if its wait ran out. */
  close(): void {
    if (this.closed) return;
    this.closed = true;
    this.sweeper.cancel();
    this.delivery.close();
    this.unsubscribe();
    this.modRoute.close();
    this.inbox.stopNudges();
    this.inserter.close();
    this.book.close();
    this.inbox.close();
  }

  /** Settles everything due by the host clock (book.ts). */
  private sweep(): void {
    if (this.closed) return;
    this.book.sweep();
  }

  /**
   * Session `id`'s process ended: every errand open at it ends — a subagent's `stopped` when it
   * was closed through `spawn.Close` (in silence when its own caller closed it, unless that
   * caller is a worker somebody waits on), others `unanswered` once delivered (`closed`: no late
   * answer can come), `undelivered` before; one that ended unanswered earlier takes no late
   * answer from now on — and what the relay kept about the session is forgotten.
   */
  private exited(id: string): void {
    if (this.closed) return;
    const closer = this.subagents.exited(id);
    for (const e of this.book.all()) {
      if (!isOpen(e) || e.targetId !== id) continue;
      if (e.subagent && closer !== undefined) {
        // Closed by its own caller: the caller stopped the work, and nothing waits for it —
        // unless the caller is a worker somebody waits on, whose own report waits for this.
        this.book.land(e, 'stopped', '', { silent: closer === e.from && !this.book.waitedOn(e.from) });
      } else if (e.state.phase === 'delivered') {
        // Its session is gone, and what it left in its process group with it: no late answer.
        this.book.land(e, 'unanswered', '', { closed: true });
      } else {
        this.book.land(e, 'undelivered');
      }
    }
    // Ended unanswered before, and still taking a late answer: nothing is left to send one.
    for (const e of this.book.all()) if (e.targetId === id) this.book.targetEnded(e);
    this.turns.forget(id);
    this.inbox.forget(id);
  }
}

/** How an errand can have ended. */
type Ended = Exclude<Status, 'pending'>;

/** Why an errand that ended with no answer is over, as the refusals below say it. */
const WHY_OVER: Record<Exclude<Ended, 'answered' | 'expired'>, string> = {
  unread: 'its task was typed and never read',
  undelivered: 'its task was never delivered',
  stopped: 'its worker was closed before it answered',
  unanswered: 'its session ended before it answered',
};

/**
 * The refusal of a `wait` on a ticket whose outcome was already collected, within the hour its
 * tombstone lasts (an expired one answers `expired` instead, spec/cli.md § lich wait):
 * `ticket "<t>" was answered, and its answer was already collected: an answer is handed over
 * once`, or `ticket "<t>" is over — <why> — and that was already reported: nothing more comes on
 * it`. Before, both read "answered long ago", a second after the answer came.
 */
export function collectedText(ticket: string, status: Exclude<Ended, 'expired'>): string {
  if (status === 'answered') return `ticket ${goQuote(ticket)} was answered, and its answer was already collected: an answer is handed over once`;
  return `ticket ${goQuote(ticket)} is over — ${WHY_OVER[status]} — and that was already reported: nothing more comes on it`;
}

/**
 * The refusal of a `reply` to an errand that is over and takes no late answer:
 * `ticket "<t>" was already answered` (wire.md § 9), `ticket "<t>" expired — nobody answered it
 * within its hour — and takes no answer now`, or `ticket "<t>" is over — <why> — and takes no
 * answer now`.
 */
export function endedText(ticket: string, status: Ended): string {
  if (status === 'answered') return `ticket ${goQuote(ticket)} was already answered`;
  if (status === 'expired') return `ticket ${goQuote(ticket)} expired — nobody answered it within its hour — and takes no answer now`;
  return `ticket ${goQuote(ticket)} is over — ${WHY_OVER[status]} — and takes no answer now`;
}

/** The host as the insert sees it: its sessions and their terminals (insert.ts `InsertHost`). */
function pick(host: RelayHost) {
  return {
    liveSessions: () => host.liveSessions(),
    settled: (id: string) => host.settled(id),
    inSetup: (id: string) => host.inSetup?.(id) ?? false,
    live: (id: string) => host.live(id),
    state: (id: string) => host.state(id),
    clock: host.clock,
  };
}

function dropUndefined<T extends object>(o: T): Partial<T> {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as Partial<T>;
}
