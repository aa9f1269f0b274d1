/**
 * The nudge: one short line typed at a sender whose results wait in its inbox, never the
 * results themselves (spec/cli.md § The answer is announced, and collected; wire.md § 8.3).
 * Every arrival typed is a prompt submission that restarts the sender's turn, so arrivals are
 * batched (a debounce), held while the sender is mid-turn (flushed on its `done`), and each
 * inbox entry is announced once.
 */
import type { PromptLang } from '@lich/core/i18n/prompts';
import type { Timer } from '../clock.js';
import { nudgeText } from './compose.js';
import { DraftHeld, type RelayHost } from './host.js';

/** A ready result in a sender's inbox, as far as announcing it goes. */
export interface InboxEntry {
  nudged: boolean;
}

export interface NudgeDeps {
  host: RelayHost;
  /** Debounce before a nudge goes out, ms (`defaultNudgeDelay`, 2 s). */
  delayMs: number;
  /** How often a sender that is not at a free prompt is looked at again, ms. */
  pollMs: number;
  /** The sender's inbox, oldest first, with each entry's target label. */
  inbox(sender: string): { label: string; entry: InboxEntry }[];
  /** Whether the sender is mid-turn. */
  busy(sender: string): boolean;
  /** Whether a no-ticket collect of the sender holds the line (it carries results out itself). */
  holding(sender: string): boolean;
  /** Types at a session's prompt, in order with the relay's other typing there. */
  type(id: string, text: string): Promise<void>;
  /**
   * Offered the sender's fresh results before the nudge is typed: true when they were handed to
   * its mod instead (a subagent's report goes whole as a notification, spec/cli.md § The answer
   * is announced, and collected), and the nudge is not typed now. Not at a free prompt is no
   * reason to hold that back: the mod leaves the user's draft alone.
   */
  viaMod?(sender: string): boolean;
  /** The language the nudge is typed in (wire.md § 8.4 "Prompt language"); default `en`. */
  lang?: PromptLang;
}

export class Nudges {
  private readonly timers = new Map<string, Timer>();

  constructor(private readonly deps: NudgeDeps) {}

  /** A result landed in `sender`'s inbox: announce it after the debounce, with whatever else lands by then. */
  announce(sender: string): void {
    if (sender === '' || this.timers.has(sender)) return;
    this.schedule(sender, this.deps.delayMs);
  }

  /** `sender` ended a turn: what was held while it was busy goes out now. */
  turnEnded(sender: string): void {
    this.cancel(sender);
    this.flush(sender);
  }

  /** What is waiting for `sender` is announced now, debounce or not (its note to the mod was not collected). */
  again(sender: string): void {
    this.cancel(sender);
    this.flush(sender);
  }

  /** The session is gone: nothing is typed at it any more. */
  forget(sender: string): void {
    this.cancel(sender);
  }

  close(): void {
    for (const t of this.timers.values()) t.cancel();
    this.timers.clear();
  }

  private schedule(sender: string, ms: number): void {
    const t = this.deps.host.clock.after(ms, () => {
      this.timers.delete(sender);
      this.flush(sender);
    });
    this.timers.set(sender, t);
  }

  private cancel(sender: string): void {
    this.timers.get(sender)?.cancel();
    this.timers.delete(sender);
  }

  private flush(sender: string): void {
    const { host } = this.deps;
    if (sender === '' || this.deps.holding(sender)) return;
    const inbox = this.deps.inbox(sender);
    const fresh = inbox.filter((i) => !i.entry.nudged).map((i) => i.entry);
    if (fresh.length === 0 || !host.live(sender)) return;
    if (this.deps.busy(sender)) return; // its `done` flushes
    if (this.deps.viaMod?.(sender)) return;
    if (!host.ready(sender)) {
      // A half-typed draft or a screen still drawing: typing now would land inside it.
      this.schedule(sender, this.deps.pollMs);
      return;
    }
    for (const e of fresh) e.nudged = true;
    const text = nudgeText(
      inbox.map((i) => i.label),
      host.session(sender)?.hasTools ?? false,
      this.deps.lang,
    );
    this.deps.type(sender, text).catch((err: unknown) => {
      // Not announced after all: the next landing or turn end tries again — and a draft that
      // reached the prompt first, once it is gone.
      for (const e of fresh) e.nudged = false;
      if (err instanceof DraftHeld) this.schedule(sender, this.deps.pollMs);
    });
  }
}
