/**
 * The relay: hands a task to a live session under a ticket and carries the outcome back to
 * whoever asked — to a caller holding the line, else to the sender's inbox with a nudge at its
 * prompt. Source: spec/cli.md § lich send, § lich wait, § lich reply, § The answer is
 * announced, and collected, § Private errands; wire.md §§ 7–9.
 *
 * It sees sessions only through {@link RelayHost}. Tickets live in memory: a lich that
 * restarted has no PTY left to answer into.
 */
import { randomBytes } from 'node:crypto';
import {
  blockedNoticeText,
  blockedSummary,
  composeMessage,
  manyOpenRefusal,
  nudgeText,
  pickTicketNudgeText,
  reportSummary,
  sortedUnique,
  subagentReportText,
  workerTaskText,
  type Owed,
} from './compose.js';
import type { Errand, Waiter } from './errand.js';
import { RelayError } from './errors.js';
import type { RelayHost, RelaySession } from './host.js';
import { Nudges } from './nudges.js';
import { errandNews, type ErrandNews } from './news.js';
import { goQuote } from '@lich/core/quote';
import type { PromptLang } from '@lich/core/i18n/prompts';
import { MOD_ANSWER_PLUGIN, pluginAtLeast, type RelayMod, type RelayModAck, type RelayModPrompt, type RelayModTicket } from './mod-route.js';
import { resolveTarget } from './resolve.js';
import { asked, capAnswer, checkPrompt } from './text.js';
import type { Collected, Peer, RelayStatus, Result, Status } from './types.js';
import type {
  RelayCollectNowOptions,
  RelayCollectOptions,
  RelayPeersOptions,
  RelayReplyOptions,
  RelaySelfOptions,
  RelaySendOptions,
  RelaySendPrivateOptions,
  RelaySendSubagentOptions,
  RelayWaitOptions,
} from '@lich/generated/types';

export { RelayError } from './errors.js';
export type { Collected, Peer, RelayStatus, Result, Status } from './types.js';
export type { RelayMod, RelayModAck, RelayModPrompt, RelayModTicket } from './mod-route.js';
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
}

export const defaultTimings: Required<RelayTimings> = {
  receiptWindowMs: 15_000,
  deliveryLimitMs: 300_000,
  readyPollMs: 250,
  nudgeDelayMs: 2_000,
  ticketTtlMs: 3_600_000,
  modAckWaitMs: 10_000,
};

/** `DefaultWait`: what a wait of ≤ 0 seconds means. */
export const defaultWaitSeconds = 100;
/** `MaxWaitSeconds`: longer waits are capped, not refused. */
export const maxWaitSeconds = 1800;

/** A wait in seconds as the relay holds it, in ms: ≤ 0 (or not a number) is 100 s, above 1800 s is 1800 s. */
export function waitMs(timeoutSeconds: number): number {
  const s = Number.isFinite(timeoutSeconds) && timeoutSeconds > 0 ? Math.min(timeoutSeconds, maxWaitSeconds) : defaultWaitSeconds;
  return s * 1000;
}

/** How many answered or expired tickets the relay remembers at most (see `Relay.bury`). */
export const MAX_TOMBSTONES = 20_000;

/** What is left of a ticket after its errand is gone: enough to word `wait` and `reply` right. */
interface Tombstone {
  kind: 'answered' | 'expired';
  target: string;
  private: boolean;
  /** Host-clock ms after which the ticket is unknown. */
  until: number;
}

interface Collector {
  resolve(c: Collected): void;
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
}

/** wire.md § 9: `relay.SendSubagent` called from outside a session. */
export const SUBAGENT_WITHOUT_SESSION = 'a subagent reports to the session that asked for it, and this call came from no session';

/**
 * The relay engine. Every public method first settles whatever expired by `host.clock.now()`,
 * so a clock that jumps is honoured without waiting for the sweep timer.
 */
export class Relay {
  private readonly t: Required<RelayTimings>;
  private readonly errands = new Map<string, Errand>();
  private readonly tombstones = new Map<string, Tombstone>();
  private readonly collectors = new Map<string, Set<Collector>>();
  /** Last turn state observed per session; `waiting`/`compacting` leave it as it was. */
  private readonly turns = new Map<string, string>();
  /** The state each session's peer shows, as last published (see {@link publishedState}). */
  private readonly published = new Map<string, string>();
  /** Per-session typing queue, so two pastes never interleave with their Enters. */
  private readonly typing = new Map<string, Promise<unknown>>();
  private readonly nudges: Nudges;
  /** Timers that belong to no errand (lich's own notes waiting for a prompt). */
  private readonly loose = new Set<NodeJS.Timeout>();
  private readonly sweeper: NodeJS.Timeout;
  private readonly unsubscribe: () => void;
  private seq = 0;
  private closed = false;
  /** Sessions being closed through `spawn.Close`, and by whom (`""`: the command line). */
  private readonly closers = new Map<string, string>();
  /**
   * Workers that answered a subagent errand, with it: the next `done` they report ends the turn
   * they answered in, and they park then if nothing holds them open.
   */
  private readonly answered = new Map<string, Errand>();
  /** Prompts the targets' mods collected, by command id, until their ack. */
  private readonly modPrompts = new Map<string, Errand>();
  /** Sessions whose mod holds a report note not collected yet, with it. */
  private readonly notes = new Map<string, RelayModTicket>();
  /** Workers blocked on a permission prompt right now, whose callers were told (one note per block). */
  private readonly blocked = new Set<string>();
  /**
   * Per session, the hand-off order (`handedSeq`) of the newest errand answered in the turn it is
   * in: what that turn is known to have read (see `turnEnded`).
   */
  private readonly turnAnswered = new Map<string, number>();
  private readonly unsubscribeMod: () => void;
  /** Errand watchers (`onErrand`): the web view. */
  private readonly watchers = new Set<(news: ErrandNews) => void>();

  constructor(
    private readonly host: RelayHost,
    timings: RelayTimings = {},
    private readonly options: RelayOptions = {},
  ) {
    this.t = { ...defaultTimings, ...dropUndefined(timings) };
    this.nudges = new Nudges({
      host,
      delayMs: this.t.nudgeDelayMs,
      pollMs: this.t.readyPollMs,
      inbox: (sender) => this.inbox(sender).map((e) => ({ label: e.outcome!.target, entry: e })),
      busy: (id) => this.busy(id),
      holding: (sender) => (this.collectors.get(sender)?.size ?? 0) > 0,
      type: (id, text) => this.typeAt(id, text),
      viaMod: (sender) => this.noteViaMod(sender),
      lang: options.lang,
    });
    this.unsubscribe = host.onExit((id) => this.exited(id));
    this.unsubscribeMod = options.mod?.onAck((ack, _command, sessionId) => this.modAcked(ack, sessionId)) ?? (() => {});
    const every = Math.max(1_000, Math.min(60_000, Math.floor(this.t.ticketTtlMs / 60)));
    this.sweeper = setInterval(() => this.sweep(), every);
    this.sweeper.unref?.();
  }

  /**
   * `relay.Peers` (spec/cli.md § lich sessions): every live session but the caller's own.
   * @param o.from the caller's lich id, `""` outside a session.
   */
  peers(o: RelayPeersOptions): Peer[] {
    return this.host
      .liveSessions()
      .filter((s) => s.id !== o.from)
      .map((s) => this.peer(s));
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
    return this.peer(s);
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
    const ticket = this.mint();
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
    if (this.errands.has(ticket)) return this.send(o, mode, signal);
    const e: Errand = {
      ticket,
      from: o.from,
      targetId: target.id,
      targetLabel: target.label,
      prompt,
      message,
      private: mode.private === true,
      subagent: mode.subagent === true,
      open: true,
      phase: 'queued',
      handedSeq: 0,
      skipTurn: false,
      sawBusy: false,
      queued: false,
      read: false,
      receipted: false,
      waiters: new Set(),
      deadline: this.host.clock.now() + this.t.ticketTtlMs,
      timers: new Set(),
      ready: false,
      nudged: false,
      landedSeq: 0,
      lapsed: false,
      silent: false,
      typeOnly: false,
      modAnswers: false,
      noteDeclined: false,
    };
    this.errands.set(ticket, e);
    this.tell(e);
    // A target still running its setup script is queued for and the ticket comes back at once
    // (spec/cli.md § lich send): a fresh worktree's install routinely outlasts any wait the
    // sender asked for, and holding the line through it would only spend the sender's turn.
    // A provider still not reading when the cap on its start ran out is held the same way.
    if (this.host.inSetup?.(target.id) || this.host.overdue?.(target.id)) {
      this.deliver(e);
      return this.giveUp(e);
    }
    // The line is held before the first keystroke, so an outcome that comes back at once reaches it.
    const held = this.hold(e, waitMs(o.timeoutSeconds), signal);
    this.deliver(e);
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
    this.closers.set(id, by);
  }

  /**
   * `relay.Wait` (spec/cli.md § lich wait <ticket>): a result already back is handed over on the
   * spot; an open errand is waited on up to `timeoutSeconds`, then `pending`. An errand that
   * ended unanswered answers with that until a late answer lands; an expired ticket says
   * `expired` for one more hour.
   * @throws RelayError `unknown ticket "<t>" — it was answered long ago, or expired`.
   */
  wait(o: RelayWaitOptions, signal?: AbortSignal): Promise<Result> {
    this.sweep();
    const e = this.errands.get(o.ticket);
    if (!e) {
      const tomb = this.tombstone(o.ticket);
      if (tomb?.kind === 'expired') return Promise.resolve(result(o.ticket, tomb.target, 'expired', '', tomb.private));
      return Promise.reject(new RelayError(`unknown ticket ${goQuote(o.ticket)} — it was answered long ago, or expired`));
    }
    if (!e.open) {
      const r = e.outcome!;
      if (e.ready) this.take(e);
      return Promise.resolve(r);
    }
    return this.hold(e, waitMs(o.timeoutSeconds), signal);
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
    if (now.results.length > 0 || now.open.length === 0 || this.closed || signal?.aborted) return Promise.resolve(now);
    return new Promise((resolve) => {
      let set = this.collectors.get(o.from);
      if (!set) this.collectors.set(o.from, (set = new Set()));
      const timer = setTimeout(() => giveUp(), waitMs(o.timeoutSeconds));
      const c: Collector = {
        resolve: (got) => {
          clearTimeout(timer);
          signal?.removeEventListener('abort', giveUp);
          const mine = this.collectors.get(o.from);
          mine?.delete(c);
          if (mine?.size === 0) this.collectors.delete(o.from);
          resolve(got);
        },
      };
      const giveUp = () => c.resolve({ results: [], open: this.openLabels(o.from) });
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
    this.sweep();
    return this.drain(o.from);
  }

  /**
   * `relay.Reply` (spec/cli.md § lich reply): files `answer` (sanitised, cut at 64 KiB) on the
   * errand `ticket` names, or with `ticket` `""` on the one request open against `from`.
   * An errand that ended unanswered still takes a late answer for its hour.
   * @throws RelayError `ticket "<t>" was already answered`; `unknown ticket "<t>" — it was answered
   *   already, or expired`; the ticketless refusals of wire.md § 9.
   */
  reply(o: RelayReplyOptions): null {
    this.sweep();
    const e = o.ticket === '' ? this.onlyOpen(o.from) : this.errands.get(o.ticket);
    if (!e) {
      if (this.tombstone(o.ticket)?.kind === 'answered') throw new RelayError(`ticket ${goQuote(o.ticket)} was already answered`);
      throw new RelayError(`unknown ticket ${goQuote(o.ticket)} — it was answered already, or expired`);
    }
    if (!e.open && !e.lapsed) {
      if (e.outcome!.status === 'answered') throw new RelayError(`ticket ${goQuote(e.ticket)} was already answered`);
      throw new RelayError(`unknown ticket ${goQuote(e.ticket)} — it was answered already, or expired`);
    }
    this.answeredInTurn(e);
    this.land(e, 'answered', capAnswer(o.answer));
    if (e.subagent) this.answered.set(e.targetId, e);
    return null;
  }

  /** `e` was answered: when its target is mid-turn, that turn read it (and what was typed before it). */
  private answeredInTurn(e: Errand): void {
    if (!e.open || e.phase !== 'delivered' || this.turns.get(e.targetId) !== 'busy') return;
    this.turnAnswered.set(e.targetId, Math.max(this.turnAnswered.get(e.targetId) ?? 0, e.handedSeq));
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
    this.published.set(sessionId, this.publishedState(sessionId, state));
    if (state !== 'waiting') this.blocked.delete(sessionId);
    if (state === 'waiting') this.blockedNotice(sessionId);
    if (state === 'waiting' || state === 'compacting') return;
    // A turn starts: what it answers is counted from here.
    if (state === 'busy' && this.turns.get(sessionId) !== 'busy') this.turnAnswered.delete(sessionId);
    this.turns.set(sessionId, state);
    const delivered = this.deliveredAt(sessionId);
    if (state === 'busy') {
      for (const e of delivered) {
        e.receipted = true;
        if (!e.skipTurn) e.sawBusy = true;
      }
    } else if (state === 'done' || state === 'interrupted') {
      this.turnEnded(sessionId, delivered);
      this.nudges.turnEnded(sessionId);
      // A turn stopped (lich control abort) is not one that ends in a worker's self-close.
      if (state === 'done') this.doneAfterAnswer(sessionId);
      else this.answered.delete(sessionId);
    } else if (state === 'idle') {
      for (const e of delivered) this.land(e, 'unanswered');
    }
  }

  /** Stops every timer and lets go of every caller holding the line, as if its wait ran out. */
  close(): void {
    if (this.closed) return;
    this.closed = true;
    clearInterval(this.sweeper);
    for (const t of this.loose) clearTimeout(t);
    this.loose.clear();
    this.unsubscribe();
    this.unsubscribeMod();
    this.nudges.close();
    for (const note of this.notes.values()) note.withdraw();
    this.notes.clear();
    for (const e of this.errands.values()) {
      this.clearTimers(e);
      e.offer?.withdraw();
      for (const w of [...e.waiters]) w.resolve(this.pending(e));
    }
    for (const [from, set] of this.collectors) {
      for (const c of [...set]) c.resolve({ results: [], open: this.openLabels(from) });
    }
  }

  // ——— delivery ———

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
  private deliver(e: Errand): void {
    if (this.offer(e)) return;
    if (this.host.ready(e.targetId)) {
      this.typeIn(e);
      return;
    }
    e.phase = 'queued';
    this.after(e, this.t.deliveryLimitMs, () => {
      if (e.open && e.phase === 'queued') this.land(e, 'undelivered');
    });
    let counting = false;
    const neverHeard = () => {
      if (!e.open || e.phase !== 'queued' || this.offer(e)) return;
      if (this.host.live(e.targetId) && this.host.unheard?.(e.targetId)) this.land(e, 'unread');
    };
    const poll = () => {
      if (!e.open || e.phase !== 'queued') return;
      if (!this.host.live(e.targetId)) this.land(e, 'undelivered');
      else if (this.offer(e)) return;
      else if (this.host.ready(e.targetId)) this.typeIn(e);
      else {
        if (!counting && this.host.unheard?.(e.targetId)) {
          counting = true;
          this.after(e, 2 * this.t.receiptWindowMs, neverHeard);
        }
        this.after(e, this.t.readyPollMs, poll);
      }
    };
    this.after(e, this.t.readyPollMs, poll);
  }

  private typeIn(e: Errand): void {
    e.phase = 'typing';
    this.clearTimers(e);
    this.typeAt(e.targetId, e.message).then(
      () => {
        if (!e.open || e.phase !== 'typing') return;
        e.phase = 'delivered';
        e.handedSeq = ++this.seq;
        e.skipTurn = this.busy(e.targetId);
        e.queued = e.skipTurn;
        this.tell(e);
        if (!e.skipTurn && this.host.session(e.targetId)?.reportsState) this.watchReceipt(e, false);
      },
      (err: unknown) => {
        if (!e.open || e.phase !== 'typing') return;
        if ((err as Error)?.name === 'PasteRefusal') {
          this.refusedWhole(e, (err as Error).message);
          return;
        }
        this.land(e, 'undelivered');
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
    const refusal = new RelayError(cannotTakeWhole(this.label(e), reason));
    if (e.waiters.size === 0) {
      this.options.log?.(`the task ${e.ticket} was not typed: ${refusal.message}`);
      this.land(e, 'undelivered');
      return;
    }
    e.open = false;
    this.clearTimers(e);
    this.errands.delete(e.ticket);
    for (const w of [...e.waiters]) w.fail(refusal);
    this.releaseCollectors(e.from);
  }

  // ——— the mod route ———

  /**
   * The mod route (wire.md § 8.2 "Mod route", § 9 "mod ack wait"; spec/cli.md § lich send): a
   * target whose mod polls is handed the message as a `prompt` command — without waiting for a
   * free prompt, so the user's draft is left alone. A poll collecting it within `modAckWaitMs`
   * delivers it, and it is never typed again: its ok ack counts as the `busy` that says it was
   * read, and one collected that never starts a turn (no ack or `busy` within two receipt
   * windows, or a failed ack) is `unread`. Not collected, it is withdrawn (nothing ran) and
   * typed as usual. A subagent worker whose mod answers for it (lich-plugin ≥ 0.17.0) is handed
   * WorkerTask instead of the ticketed message. Returns whether it was offered.
   */
  private offer(e: Errand): boolean {
    const mod = this.options.mod;
    if (!mod || e.typeOnly || this.closed || !mod.polling(e.targetId)) return false;
    const worker = e.subagent && pluginAtLeast(mod.plugin(e.targetId), MOD_ANSWER_PLUGIN);
    const text = worker ? workerTaskText(this.host.session(e.from)?.label ?? 'unknown', e.prompt, this.options.lang) : e.message;
    let ticket: RelayModTicket;
    try {
      ticket = mod.enqueue(e.targetId, { kind: 'prompt', text });
    } catch {
      return false;
    }
    this.clearTimers(e);
    e.phase = 'offered';
    e.offer = ticket;
    this.modPrompts.set(ticket.id, e);
    void ticket.wait(this.t.modAckWaitMs);
    void ticket.collected.then((got) => {
      if (e.offer !== ticket) return; // the errand ended meanwhile, and withdrew it
      e.offer = undefined;
      if (this.closed || !e.open || e.phase !== 'offered') return;
      if (!got) {
        this.modPrompts.delete(ticket.id);
        e.typeOnly = true;
        this.deliver(e);
        return;
      }
      e.phase = 'delivered';
      e.handedSeq = ++this.seq;
      e.modAnswers = worker;
      e.skipTurn = this.busy(e.targetId);
      e.queued = e.skipTurn;
      this.tell(e);
      if (!e.skipTurn) {
        this.after(e, 2 * this.t.receiptWindowMs, () => {
          if (e.open && !e.receipted) this.land(e, 'unread');
        });
      }
    });
    return true;
  }

  /**
   * An ack from a session's mod. Only a relayed prompt's matters here: ok, its turn started (as
   * `busy` would say); failed, the session never started on it (`unread`). Deferred a microtask
   * so the collection it proves is recorded first.
   */
  private modAcked(ack: RelayModAck, sessionId: string): void {
    if (ack.kind !== 'prompt') return;
    queueMicrotask(() => {
      const e = this.modPrompts.get(ack.id);
      if (!e || e.targetId !== sessionId || this.closed || !e.open || e.phase !== 'delivered') return;
      this.modPrompts.delete(ack.id);
      if (ack.ok) {
        e.receipted = true;
        e.read = true;
        if (!e.skipTurn) e.sawBusy = true;
      } else if (!e.receipted) {
        this.land(e, 'unread');
      }
    });
  }

  /**
   * POST /mod/answer (wire.md § 11.3; spec/cli.md § lich open, --subagent): a worker's mod
   * reports the final message of a turn that ended with nothing left in the background. It
   * answers the session's single open subagent errand — unless the worker still waits on work
   * it handed off (an errand of its own open, or a result of one unread: the turn that outcome
   * starts is the one that answers). Anything else is ignored. A worker that also calls reply is
   * answered once: the first answer wins. A worker whose turn already ended is parked now, as
   * at the `done` after a reply.
   * @returns whether it answered an errand.
   */
  answerFromMod(sessionId: string, text: string): boolean {
    if (this.closed) return false;
    this.sweep();
    const open = [...this.errands.values()].filter((e) => e.open && e.subagent && e.targetId === sessionId);
    if (open.length !== 1 || open[0]!.phase !== 'delivered' || this.ownOutstanding(sessionId)) return false;
    const e = open[0]!;
    this.answeredInTurn(e);
    this.land(e, 'answered', capAnswer(text));
    this.answered.set(sessionId, e);
    if (this.turns.get(sessionId) !== 'busy') this.doneAfterAnswer(sessionId);
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
    const owed = this.deliveredAt(sessionId).map((e) => ({
      ticket: e.ticket,
      from: e.from === '' ? '' : (this.host.session(e.from)?.label ?? 'unknown'),
      asked: asked(e.prompt),
    }));
    const open = [...this.errands.values()]
      .filter((e) => e.from === sessionId && e.open && !e.private)
      .map((e) => ({ ticket: e.ticket, target: this.label(e), state: e.phase === 'delivered' ? this.host.state(e.targetId) : 'queued' }));
    const ready = this.inbox(sessionId).map((e) => ({ ticket: e.ticket, target: e.outcome!.target, status: e.outcome!.status }));
    return { owed, open, ready };
  }

  /**
   * The nudge's mod route (spec/cli.md § The answer is announced, and collected): a sender
   * whose mod polls and whose fresh results hold a subagent's report is handed one `prompt`
   * with a `completed` notification, carrying each report whole (SubagentReport, wire.md § 8.4)
   * and the nudge for anything else waiting. Collected, the reports leave the inbox (their
   * tickets still return them); not collected, they are announced by the typed nudge. While a
   * note is with the mod, nothing else is announced: its outcome announces the rest.
   */
  private noteViaMod(sender: string): boolean {
    const mod = this.options.mod;
    if (!mod) return false;
    if (this.notes.has(sender)) return true;
    if (!mod.polling(sender)) return false;
    const inbox = this.inbox(sender);
    const reports = inbox.filter((e) => !e.nudged && !e.noteDeclined && e.subagent && e.outcome!.status === 'answered');
    if (reports.length === 0) return false;
    const others = inbox.filter((e) => !reports.includes(e));
    const parts = reports.map((e) =>
      subagentReportText({ label: e.outcome!.target, branch: this.host.branch?.(e.targetId) ?? '', ticket: e.ticket, report: e.outcome!.answer }, this.options.lang),
    );
    if (others.length > 0) {
      parts.push(nudgeText(others.map((e) => e.outcome!.target), this.host.session(sender)?.hasTools ?? false, this.options.lang));
    }
    const body: RelayModPrompt = {
      kind: 'prompt',
      text: parts.join('\n\n'),
      notification: { status: 'completed', summary: reportSummary(reports.map((e) => e.outcome!.target), this.options.lang) },
    };
    let note: RelayModTicket;
    try {
      note = mod.enqueue(sender, body);
    } catch {
      return false;
    }
    const fresh = inbox.filter((e) => !e.nudged);
    for (const e of fresh) e.nudged = true;
    for (const e of reports) e.note = note;
    this.notes.set(sender, note);
    void note.wait(this.t.modAckWaitMs);
    void note.collected.then((got) => {
      if (this.notes.get(sender) === note) this.notes.delete(sender);
      if (this.closed) return;
      const still = (e: Errand) => this.errands.get(e.ticket) === e && e.ready;
      for (const e of reports) if (e.note === note) e.note = undefined;
      if (got) {
        for (const e of reports) if (still(e)) e.silent = true;
        return;
      }
      for (const e of reports) e.noteDeclined = true;
      for (const e of fresh) if (still(e)) e.nudged = false;
      this.nudges.again(sender);
    });
    return true;
  }

  /**
   * A worker reported `waiting` inside a busy turn: each caller with a subagent errand
   * delivered at it is told once per block (BlockedNotice, wire.md § 8.4; spec/cli.md § lich
   * open, --subagent) — as a `waiting` notification when its mod polls, typed otherwise.
   */
  private blockedNotice(worker: string): void {
    if (this.blocked.has(worker) || this.turns.get(worker) !== 'busy') return;
    const callers = sortedUnique(this.deliveredAt(worker).filter((e) => e.subagent && e.from !== '').map((e) => e.from));
    if (callers.length === 0) return;
    this.blocked.add(worker);
    const label = this.host.session(worker)?.label ?? '';
    for (const caller of callers) {
      this.notify(caller, { kind: 'prompt', text: blockedNoticeText(label, this.options.lang), notification: { status: 'waiting', summary: blockedSummary(label, this.options.lang) } });
    }
  }

  /** A note of lich's own for session `id`: to its mod when one polls and collects it in time, else typed at a free prompt. */
  private notify(id: string, body: RelayModPrompt): void {
    const mod = this.options.mod;
    if (mod?.polling(id)) {
      try {
        const note = mod.enqueue(id, body);
        void note.wait(this.t.modAckWaitMs);
        void note.collected.then((got) => {
          if (!got && !this.closed) this.typeWhenReady(id, body.text);
        });
        return;
      } catch {
        // Stopped polling this instant: typed below.
      }
    }
    this.typeWhenReady(id, body.text);
  }

  /**
   * The never-read check: a target that reports its state and was free at delivery must report
   * `busy` within the receipt window. Silence gets one automatic re-type, then `unread`.
   */
  private watchReceipt(e: Errand, retyped: boolean): void {
    this.after(e, this.t.receiptWindowMs, () => {
      if (!e.open || e.receipted) return;
      if (retyped) {
        this.land(e, 'unread');
        return;
      }
      this.typeAt(e.targetId, e.message).then(
        () => {
          if (e.open && !e.receipted) this.watchReceipt(e, true);
        },
        () => {
          if (e.open && !e.receipted) this.land(e, 'unread');
        },
      );
    });
  }

  /**
   * Subscribes to the errands as they move: sent, delivered, ended (a late answer ends one
   * again), expired. Called synchronously with a copy; a watcher that throws is ignored.
   * Returns an unsubscribe function.
   */
  onErrand(listener: (news: ErrandNews) => void): () => void {
    this.watchers.add(listener);
    return () => this.watchers.delete(listener);
  }

  private tell(e: Errand, status?: Status): void {
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

  /** host.type, queued behind whatever the relay is already typing at that session. */
  private typeAt(id: string, text: string): Promise<void> {
    return this.exclusive(id, () => this.host.type(id, text));
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

  // ——— turns and exits ———

  /**
   * A turn ended at `id`. It settles, as `unanswered`, only the errands it is known to have read
   * and left unanswered (spec/cli.md § lich send, "Answered somewhere else"). Of the errands that
   * could be its (delivered, `busy` seen after delivery, the turn already running at delivery
   * skipped), in the order they were typed — the order a provider reads its input in:
   *
   * - those typed before the newest one it answered: reading that one, it read them;
   * - those whose own prompt the target's mod acked (`read`);
   * - when it answered none: the ones typed together at a free prompt before it began — nothing
   *   here can say which of them the turn was, so all go home and the session is told to name
   *   tickets from now on (PickTicketNudge, wire.md § 8.4) — or, when the oldest was queued
   *   behind a running turn, that oldest alone: queued input is read a turn at a time at the
   *   least, and a later one may be the next turn's.
   *
   * The rest stay open for the turns after. A turn that ends while the session still waits on
   * an errand of its own says nothing yet: that outcome reaching its prompt starts the turn that
   * is read.
   */
  private turnEnded(id: string, delivered: Errand[]): void {
    // A worker whose mod answers for it ends its errand by that answer, not by a turn's end: a
    // turn that hands work to the background does not end the errand (spec/cli.md § lich open).
    const could = delivered.filter((e) => !e.skipTurn && e.sawBusy && !e.modAnswers);
    for (const e of delivered) e.skipTurn = false;
    const answeredUpTo = this.turnAnswered.get(id) ?? 0;
    this.turnAnswered.delete(id);
    let ending: Errand[];
    if (answeredUpTo > 0) {
      ending = could.filter((e) => e.read || e.handedSeq < answeredUpTo);
    } else if (could.length > 0 && !could[0]!.queued) {
      ending = could.filter((e) => e.read || !e.queued);
    } else {
      ending = could.filter((e, i) => e.read || i === 0);
    }
    if (ending.length === 0 || this.awaitingOwn(id)) return;
    for (const e of ending) this.land(e, 'unanswered');
    if (ending.length >= 2 && answeredUpTo === 0) {
      const owed: Owed[] = ending.map((e) => ({ ticket: e.ticket, asked: asked(e.prompt) }));
      this.typeWhenReady(id, pickTicketNudgeText(owed, this.options.lang));
    }
  }

  /**
   * Types a note of lich's own once the session is at a free prompt, giving up after the
   * delivery limit or when the session is gone: a note is worth less than a user's draft.
   */
  private typeWhenReady(id: string, text: string): void {
    const started = Date.now();
    const attempt = () => {
      if (this.closed || !this.host.live(id)) return;
      if (this.host.ready(id)) {
        this.typeAt(id, text).catch(() => undefined);
        return;
      }
      if (Date.now() - started >= this.t.deliveryLimitMs) return;
      const t = setTimeout(() => {
        this.loose.delete(t);
        attempt();
      }, this.t.readyPollMs);
      t.unref?.();
      this.loose.add(t);
    };
    attempt();
  }

  private awaitingOwn(id: string): boolean {
    for (const e of this.errands.values()) {
      if (e.from !== id) continue;
      if (e.open) return true;
      if (e.ready && !e.private && !e.silent && !e.nudged) return true;
    }
    return false;
  }

  private exited(id: string): void {
    if (this.closed) return;
    const closer = this.closers.get(id);
    this.closers.delete(id);
    this.answered.delete(id);
    for (const e of [...this.errands.values()]) {
      if (!e.open || e.targetId !== id) continue;
      if (e.subagent && closer !== undefined) {
        // Closed by its own caller: the caller stopped the work, and nothing waits for it —
        // unless the caller is a worker somebody waits on, whose own report waits for this.
        this.land(e, 'stopped', '', closer === e.from && !this.waitedOn(e.from));
      } else {
        this.land(e, e.phase === 'delivered' ? 'unanswered' : 'undelivered');
      }
    }
    this.turns.delete(id);
    this.turnAnswered.delete(id);
    this.published.delete(id);
    this.blocked.delete(id);
    this.nudges.forget(id);
  }

  // ——— outcomes ———

  /**
   * Ends (or, for a late answer, re-ends) an errand: a caller holding the line carries the
   * outcome out; otherwise it waits for its ticket, in the sender's inbox when the errand is
   * shared and the sender is a session.
   */
  private land(e: Errand, status: Exclude<Status, 'pending'>, answer = '', silent = false): void {
    e.open = false;
    e.silent = silent;
    this.clearTimers(e);
    if (e.offer) {
      // Still waiting for a poll: it is not handed over for an errand that is over.
      const offer = e.offer;
      e.offer = undefined;
      offer.withdraw();
    }
    // Its prompt's ack, if one is still to come, no longer matters.
    for (const [id, x] of this.modPrompts) if (x === e) this.modPrompts.delete(id);
    const r = result(e.ticket, this.label(e), status, answer, e.private);
    e.outcome = r;
    e.lapsed = status === 'unanswered';
    e.deadline = this.host.clock.now() + this.t.ticketTtlMs;
    e.ready = true;
    e.nudged = false;
    e.landedSeq = ++this.seq;
    if (e.waiters.size > 0) {
      for (const w of [...e.waiters]) w.resolve(r);
      this.take(e);
    } else if (!e.private && !e.silent && e.from !== '') {
      if (!this.feedCollector(e.from)) this.nudges.announce(e.from);
    }
    this.releaseCollectors(e.from);
    this.tell(e);
  }

  /** The outcome left with a caller: only an errand still taking a late answer stays. */
  private take(e: Errand): void {
    e.ready = false;
    if (e.note) {
      // Collected before its note went out: it is not delivered again.
      const note = e.note;
      e.note = undefined;
      note.withdraw();
    }
    if (e.lapsed) return;
    this.errands.delete(e.ticket);
    const status = e.outcome!.status;
    if (status === 'answered' || status === 'expired') {
      this.bury(e.ticket, {
        kind: status,
        target: e.outcome!.target,
        private: e.private,
        until: this.host.clock.now() + this.t.ticketTtlMs,
      });
    }
  }

  private expire(e: Errand): void {
    if (e.open && !e.private && this.waitedOn(e.from)) {
      // A worker somebody waits on reports only once the work it handed off is back, so this
      // outcome is news to it (spec/cli.md § lich send, Expired).
      this.land(e, 'expired');
      return;
    }
    const wasOpen = e.open;
    e.open = false;
    e.ready = false;
    this.clearTimers(e);
    this.errands.delete(e.ticket);
    this.bury(e.ticket, {
      kind: 'expired',
      target: this.label(e),
      private: e.private,
      until: e.deadline + this.t.ticketTtlMs,
    });
    if (wasOpen) {
      this.releaseCollectors(e.from);
      this.tell(e, 'expired');
    }
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
  private tombstone(ticket: string): Tombstone | undefined {
    const tomb = this.tombstones.get(ticket);
    return tomb && tomb.until > this.host.clock.now() ? tomb : undefined;
  }

  /** Settles everything due by the host clock: lapsed tickets, then tombstones past their grace. */
  private sweep(): void {
    if (this.closed) return;
    const now = this.host.clock.now();
    for (const e of [...this.errands.values()]) {
      if (e.waiters.size > 0) continue; // never expires under somebody waiting on it
      if (e.subagent && this.host.live(e.targetId)) {
        // A subagent's errand, and its report, last as long as its worker runs; the hour
        // starts over from the moment it is gone.
        e.deadline = Math.max(e.deadline, now + this.t.ticketTtlMs);
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

  private hold(e: Errand, ms: number, signal?: AbortSignal): Promise<Result> {
    if (this.closed || signal?.aborted) return Promise.resolve(this.giveUp(e));
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => w.resolve(this.giveUp(e, w)), ms);
      const abort = () => w.resolve(this.giveUp(e, w));
      const done = () => {
        clearTimeout(timer);
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
  private giveUp(e: Errand, w?: Waiter): Result {
    if (w) e.waiters.delete(w);
    if (e.open && e.waiters.size === 0) e.deadline = this.host.clock.now() + this.t.ticketTtlMs;
    return e.open ? this.pending(e) : e.outcome!;
  }

  private feedCollector(from: string): boolean {
    const set = this.collectors.get(from);
    const first = set?.values().next().value;
    if (!first) return false;
    first.resolve(this.drain(from));
    return true;
  }

  /** A collect holding the line with nothing left open comes back now rather than at its timeout. */
  private releaseCollectors(from: string): void {
    const set = this.collectors.get(from);
    if (!set || set.size === 0 || this.openLabels(from).length > 0) return;
    for (const c of [...set]) c.resolve(this.drain(from));
  }

  private drain(from: string): Collected {
    const ready = this.inbox(from);
    const results = ready.map((e) => e.outcome!);
    for (const e of ready) this.take(e);
    return { results, open: this.openLabels(from) };
  }

  // ——— subagent workers ———

  /** Whether `id` is a worker somebody waits on: a subagent errand is open at it. */
  private waitedOn(id: string): boolean {
    if (id === '') return false;
    for (const e of this.errands.values()) if (e.open && e.subagent && e.targetId === id) return true;
    return false;
  }

  /**
   * `id` reported `done`. When it had answered a subagent errand, that was the turn it answered
   * in, and a worker that ran in its caller's checkout is parked now (spec/cli.md § lich open,
   * --subagent: "closes once it is done") — unless {@link selfCloseHold} names a reason to stay.
   */
  private doneAfterAnswer(id: string): void {
    const e = this.answered.get(id);
    if (!e) return;
    this.answered.delete(id);
    if (!this.options.park || this.selfCloseHold(id, e) !== null) return;
    this.options.park(id).catch((err: unknown) => {
      this.options.log?.(`the subagent ${id} answered and could not be parked: ${(err as Error)?.message ?? String(err)}`);
    });
  }

  /**
   * Why worker `id`, which answered `e`, stays open; `null` when nothing holds it. The spec's
   * list minus what this backend cannot see: a card the user pinned (no window) and a turn
   * stopped with Esc (reported by no hook).
   */
  private selfCloseHold(id: string, e: Errand): string | null {
    const worker = this.host.session(id);
    const caller = this.host.session(e.from);
    if (!worker || !this.host.live(id)) return 'gone already';
    if (!caller || !this.host.live(e.from)) return 'its caller is gone';
    if (worker.path !== caller.path) return 'it runs on a checkout of its own';
    for (const x of this.errands.values()) if (x.open && x.targetId === id) return 'another errand is open at it';
    if (this.ownOutstanding(id)) return 'an errand of its own is still out';
    return null;
  }

  /** Whether `id` still waits on work it handed off: an errand it sent is open, or a shared result of one is unread. */
  private ownOutstanding(id: string): boolean {
    for (const x of this.errands.values()) {
      if (x.from === id && (x.open || (x.ready && !x.private && !x.silent))) return true;
    }
    return false;
  }

  // ——— lookups ———

  /** `from`'s inbox: shared results ready for it, oldest first. */
  private inbox(from: string): Errand[] {
    if (from === '') return [];
    return [...this.errands.values()]
      .filter((e) => e.from === from && e.ready && !e.private && !e.silent)
      .sort((a, b) => a.landedSeq - b.landedSeq);
  }

  private openLabels(from: string): string[] {
    return sortedUnique([...this.errands.values()].filter((e) => e.from === from && e.open && !e.private).map((e) => this.label(e)));
  }

  private deliveredAt(id: string): Errand[] {
    return [...this.errands.values()]
      .filter((e) => e.open && e.targetId === id && e.phase === 'delivered')
      .sort((a, b) => a.handedSeq - b.handedSeq);
  }

  /**
   * The ticketless reply's errand: the one request delivered at `from` (Enter sent) and still
   * unanswered. A message still queued or being typed is about something else.
   */
  private onlyOpen(from: string): Errand {
    if (from === '') {
      throw new RelayError(
        'answering without a ticket needs a session of your own — name it instead: lich reply <ticket> "<answer>"',
      );
    }
    const open = this.deliveredAt(from);
    if (open.length === 0) throw new RelayError('no open request to answer — nobody is waiting on this session');
    if (open.length > 1) throw new RelayError(manyOpenRefusal(open.map((e) => ({ ticket: e.ticket, asked: asked(e.prompt) }))));
    return open[0]!;
  }

  /** Mid-turn: `busy`, or blocked on a permission prompt (or compacting) inside a busy turn. */
  private busy(id: string): boolean {
    const state = this.host.state(id);
    if (state === 'busy') return true;
    return (state === 'waiting' || state === 'compacting') && this.turns.get(id) === 'busy';
  }

  private label(e: Errand): string {
    return this.host.session(e.targetId)?.label || e.targetLabel;
  }

  private pending(e: Errand): Result {
    return result(e.ticket, this.label(e), 'pending', '', e.private);
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

  private peer(s: RelaySession): Peer {
    return {
      label: s.label,
      name: s.name,
      project: s.project,
      kind: s.kind,
      // A state the relay never observed (set before it ran) is mapped with no turn history.
      state: this.published.get(s.id) ?? this.publishedState(s.id, this.host.state(s.id)),
      id: s.id,
      path: s.path,
      projectPath: s.projectPath,
    };
  }

  /** 4 random bytes as 8 lowercase hex, unique among the tickets this relay still answers for. */
  private mint(): string {
    for (;;) {
      const t = randomBytes(4).toString('hex');
      if (!this.errands.has(t) && !this.tombstones.has(t)) return t;
    }
  }

  private after(e: Errand, ms: number, fn: () => void): void {
    const t = setTimeout(() => {
      e.timers.delete(t);
      fn();
    }, ms);
    t.unref?.();
    e.timers.add(t);
  }

  private clearTimers(e: Errand): void {
    for (const t of e.timers) clearTimeout(t);
    e.timers.clear();
  }
}

/** A message (or text) a session's program cannot take whole, and what to do (terminal/paste.ts gives `reason`). */
function cannotTakeWhole(label: string, reason: string): string {
  return `${goQuote(label)} cannot take this message whole: ${reason} — nothing was sent; split the task at that line, or put the text in a file and name its path`;
}

function result(ticket: string, target: string, status: Status, answer: string, isPrivate: boolean): Result {
  const r: Result = { ticket, target, status, answer };
  if (isPrivate) r.private = true;
  return r;
}

function dropUndefined<T extends object>(o: T): Partial<T> {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as Partial<T>;
}
