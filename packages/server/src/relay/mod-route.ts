/**
 * The relay's mod route (spec/mod-control.md; wire.md § 11.2, § 8.2 "Mod route"; spec/cli.md
 * § lich send): a message for a session whose Claude Code mod polls is handed to the mod as a
 * `prompt` command instead of typed, and lich's own notes (a subagent's report, a blocked notice)
 * reach a caller whose mod polls as notifications. What it needs of the backend's mod hub
 * (`mod/hub.ts`, `ModHub`) is {@link RelayMod}, a structural slice, so the relay's unit tests can
 * drive the real hub or leave the mod out entirely.
 */
import type { PromptLang } from '@lich/core/i18n/prompts';
import { nudgeText, reportSummary, subagentReportText, workerTaskText } from './compose.js';
import * as errand from './errand.js';
import { type Errand, isLanded, outcomeOf, unreceipted } from './errand.js';
import type { RelayHost } from './host.js';
import type { ErrandBook } from './book.js';
import type { Trace } from '../trace.js';

import { MOD_ANSWER_PLUGIN, pluginAtLeast, type RelayMod, type RelayModAck, type RelayModPrompt, type RelayModTicket } from './relay-mod.js';

export { MOD_ANSWER_PLUGIN, pluginAtLeast, type RelayMod, type RelayModAck, type RelayModPrompt, type RelayModTicket } from './relay-mod.js';

/** What the mod route needs of the rest of the relay, wired by relay.ts. */
export interface ModRouteDeps {
  host: RelayHost;
  book: ErrandBook;
  timings: { modAckWaitMs: number; receiptWindowMs: number; modFirstPollGraceMs: number };
  /** The sessions' mods; without it, nothing goes this way. */
  mod?: RelayMod;
  lang?: PromptLang;
  /** Delivers `e` again, by typing now (delivery.ts): its offer was not collected. */
  deliver(e: Errand): void;
  /** Whether the session is mid-turn (turns.ts). */
  busy(id: string): boolean;
  /** Types a note of lich's own at a free prompt (delivery.ts). */
  typeWhenReady(id: string, text: string): void;
  /** Announces what waits for `sender` now, by the typed nudge (inbox.ts): its note was not collected. */
  announceAgain(sender: string): void;
  /** Whether the relay has closed. */
  closed(): boolean;
  /** The delivery trace (trace.ts; bench only): `offered`, `collected` and `acked` of each errand. */
  trace?: Trace;
}

export class ModRoute {
  /** Prompts the targets' mods collected, by command id, until their ack. */
  private readonly prompts = new Map<string, Errand>();
  /** Sessions whose mod holds a report note not collected yet, with it. */
  private readonly notes = new Map<string, RelayModTicket>();
  private readonly unsubscribe: () => void;

  constructor(private readonly d: ModRouteDeps) {
    this.unsubscribe = d.mod?.onAck((ack, _command, sessionId) => this.acked(ack, sessionId)) ?? (() => {});
  }

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
  offer(e: Errand): boolean {
    const { mod, host, book } = this.d;
    const s = e.state;
    if (!mod || s.phase !== 'queued' || s.modOffer === 'lapsed' || this.d.closed() || !mod.polling(e.targetId)) return false;
    const worker = e.subagent && pluginAtLeast(mod.plugin(e.targetId), MOD_ANSWER_PLUGIN);
    const text = worker ? workerTaskText(host.session(e.from)?.label ?? 'unknown', e.prompt, this.d.lang) : e.message;
    let ticket: RelayModTicket;
    try {
      ticket = mod.enqueue(e.targetId, { kind: 'prompt', text });
    } catch {
      return false;
    }
    book.clearTimers(e);
    errand.offer(e, ticket);
    this.d.trace?.('offered', e.ticket);
    this.prompts.set(ticket.id, e);
    void ticket.wait(this.d.timings.modAckWaitMs);
    void ticket.collected.then((got) => {
      // The errand ended meanwhile, and withdrew it; or the relay closed.
      if (e.state.phase !== 'offered' || e.state.offer !== ticket || this.d.closed()) return;
      if (!got) {
        this.prompts.delete(ticket.id);
        errand.lapseOffer(e);
        this.d.deliver(e);
        return;
      }
      this.d.trace?.('collected', e.ticket);
      const behindTurn = this.d.busy(e.targetId);
      errand.deliver(e, { handedSeq: book.nextSeq(), via: worker ? 'worker-mod' : 'mod', behindTurn });
      book.tell(e);
      if (!behindTurn) {
        book.after(e, 2 * this.d.timings.receiptWindowMs, () => {
          if (unreceipted(e)) book.land(e, 'unread');
        });
      }
    });
    return true;
  }

  /**
   * Whether the mod of session `id` is due to poll for the first time: its plugin reported the
   * session's start less than `modFirstPollGraceMs` ago, in a session whose mod is to poll (a
   * Claude Code session lich started with its plugin: `RelayHost.startReportedAgo`), and no poll
   * of it came yet. Claude Code starts its hooks module after the SessionStart hook's report, so
   * for a moment the session reads before its mod polls; a task typed then would go in with its
   * ticket where the mod route hands a fresh `--subagent` worker the task it answers by itself.
   * Past the grace, a session whose mod never polls (its hooks modules off) is typed at as usual.
   */
  due(id: string): boolean {
    const { mod, host } = this.d;
    if (!mod || mod.plugin(id) !== '' || mod.polling(id)) return false;
    const ago = host.startReportedAgo?.(id);
    return ago !== undefined && ago < this.d.timings.modFirstPollGraceMs;
  }

  /** `e` ended: its prompt's ack, if one is still to come, no longer matters. */
  forget(e: Errand): void {
    for (const [id, x] of this.prompts) if (x === e) this.prompts.delete(id);
  }

  /**
   * An ack from a session's mod. Only a relayed prompt's matters here: ok, its turn started (as
   * `busy` would say); failed, the session never started on it (`unread`). Deferred a microtask
   * so the collection it proves is recorded first.
   */
  private acked(ack: RelayModAck, sessionId: string): void {
    if (ack.kind !== 'prompt') return;
    queueMicrotask(() => {
      const e = this.prompts.get(ack.id);
      if (!e || e.targetId !== sessionId || this.d.closed() || e.state.phase !== 'delivered') return;
      this.prompts.delete(ack.id);
      if (ack.ok) {
        this.d.trace?.('acked', e.ticket);
        errand.acked(e);
      } else if (unreceipted(e)) this.d.book.land(e, 'unread');
    });
  }

  /**
   * The nudge's mod route (spec/cli.md § The answer is announced, and collected): a sender
   * whose mod polls and whose fresh results hold a subagent's report is handed one `prompt`
   * with a `completed` notification, carrying each report whole (SubagentReport, wire.md § 8.4)
   * and the nudge for anything else waiting. Collected, the reports leave the inbox (their
   * tickets still return them); not collected, they are announced by the typed nudge. While a
   * note is with the mod, nothing else is announced: its outcome announces the rest.
   */
  noteViaMod(sender: string): boolean {
    const { mod, host, book } = this.d;
    if (!mod) return false;
    if (this.notes.has(sender)) return true;
    if (!mod.polling(sender)) return false;
    const inbox = book.inbox(sender);
    const outcome = (e: Errand) => outcomeOf(e)!;
    const reports = inbox.filter(
      (e) => e.state.phase === 'ready' && e.state.announced === 'no' && e.state.notes === 'may' && e.subagent && outcome(e).status === 'answered',
    );
    if (reports.length === 0) return false;
    const others = inbox.filter((e) => !reports.includes(e));
    const parts = reports.map((e) =>
      subagentReportText({ label: outcome(e).target, branch: host.branch?.(e.targetId) ?? '', ticket: e.ticket, report: outcome(e).answer }, this.d.lang),
    );
    if (others.length > 0) {
      parts.push(nudgeText(others.map((e) => outcome(e).target), host.session(sender)?.hasTools ?? false, this.d.lang));
    }
    const body: RelayModPrompt = {
      kind: 'prompt',
      text: parts.join('\n\n'),
      notification: { status: 'completed', summary: reportSummary(reports.map((e) => outcome(e).target), this.d.lang) },
    };
    let note: RelayModTicket;
    try {
      note = mod.enqueue(sender, body);
    } catch {
      return false;
    }
    // Every fresh result is announced by this note: the reports carried whole, the rest named by its nudge.
    const fresh = inbox.filter((e) => e.state.phase === 'ready' && e.state.announced === 'no');
    for (const e of fresh) {
      if (reports.includes(e)) errand.noted(e, note);
      else errand.nudged(e);
    }
    this.notes.set(sender, note);
    void note.wait(this.d.timings.modAckWaitMs);
    void note.collected.then((got) => {
      if (this.notes.get(sender) === note) this.notes.delete(sender);
      if (this.d.closed()) return;
      const still = (e: Errand) => book.get(e.ticket) === e && isLanded(e);
      if (got) {
        for (const e of reports) if (still(e)) errand.silence(e);
        return;
      }
      for (const e of reports) errand.noteDeclined(e, note);
      for (const e of fresh) if (still(e)) errand.unnudged(e);
      this.d.announceAgain(sender);
    });
    return true;
  }

  /** A note of lich's own for session `id`: to its mod when one polls and collects it in time, else typed at a free prompt. */
  notify(id: string, body: RelayModPrompt): void {
    const { mod } = this.d;
    if (mod?.polling(id)) {
      try {
        const note = mod.enqueue(id, body);
        void note.wait(this.d.timings.modAckWaitMs);
        void note.collected.then((got) => {
          if (!got && !this.d.closed()) this.d.typeWhenReady(id, body.text);
        });
        return;
      } catch {
        // Stopped polling this instant: typed below.
      }
    }
    this.d.typeWhenReady(id, body.text);
  }

  /** Stops following acks and takes back every note no poll collected. */
  close(): void {
    this.unsubscribe();
    for (const note of this.notes.values()) note.withdraw();
    this.notes.clear();
  }
}
