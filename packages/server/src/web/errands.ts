/**
 * The errands the page lists (docs/web-view.md § What the page shows): every one in flight, and
 * the last {@link MAX_SETTLED} that settled within the hour — who asked whom, under which
 * ticket, how it stands, how old it is, and the first line of its answer. Fed by
 * `Relay.onErrand`; the relay's own records stay the relay's.
 */
import type { ErrandNews } from '../relay/relay.js';
import type { ErrandView } from './protocol.js';

/** Settled errands listed at most. */
export const MAX_SETTLED = 50;
/** In-flight errands listed at most (the oldest beyond it are left out of the list, not out of the relay). */
export const MAX_OPEN = 200;
/** How long a settled errand stays listed: an hour, the ticket's own life. */
export const SETTLED_FOR_MS = 3_600_000;
/** Characters of a first line shown. */
export const FIRST_LINE_CHARS = 200;

/**
 * Escape sequences as a terminal reads them (ECMA-48): CSI (`ESC [ … final`), OSC (`ESC ] …` to BEL
 * or ST), and the short ones (`ESC` intermediates final: `ESC ( B`, `ESC 7`).
 */
const ESCAPES = /\x1b(?:\[[0-?]*[ -/]*[@-~]|\][^\x07\x1b]*(?:\x07|\x1b\\)?|[ -/]*[0-~])/g;
/**
 * What the relay's sanitising (core's `sanitizeText`, which drops ESC and leaves the rest) makes of
 * the commonest sequences in program output: colours (`[38;2;255;100;0m`, `[0m`), private modes
 * (`[?25h`) and cursor or erase moves (`[2K`). A number is required, so text such as `[m]` or
 * `[All]` is left alone.
 */
const ORPHANED_CSI = /\[(?:\?[0-9][0-9;]*[hl]|[0-9][0-9;:]*[mA-HJKST])/g;
/** C0 and C1 control characters but the newline, and DEL. */
const CONTROLS = /[\x00-\x08\x0b-\x1f\x7f-\x9f]/g;

/**
 * `text` as text: escape sequences — whole, or what is left of them once their ESC was dropped —
 * removed, tabs made spaces, other control characters removed; newlines kept. For an answer, which
 * is often a program's coloured output and is shown on the page as text (never parsed as markup).
 */
export function plainText(text: string): string {
  return text.replace(ESCAPES, '').replace(ORPHANED_CSI, '').replace(/\t/g, ' ').replace(CONTROLS, '');
}

/** The first non-blank line of `text`, trimmed and cut at {@link FIRST_LINE_CHARS} (with `…`). */
export function firstLine(text: string): string {
  const line = text.split(/\r?\n/).find((l) => l.trim() !== '')?.trim() ?? '';
  return line.length > FIRST_LINE_CHARS ? `${line.slice(0, FIRST_LINE_CHARS - 1)}…` : line;
}

export class ErrandLog {
  private readonly open = new Map<string, ErrandView>();
  /** Oldest first. */
  private settled: ErrandView[] = [];

  /**
   * @param label the label of a session by id (`""` when unknown), for the sender.
   * @param now ms since the epoch.
   */
  constructor(
    private readonly label: (id: string) => string,
    private readonly now: () => number = Date.now,
  ) {}

  /** Takes the relay's news of one errand. */
  record(news: ErrandNews): void {
    const known = this.open.get(news.ticket) ?? this.settled.find((e) => e.ticket === news.ticket);
    const view: ErrandView = {
      ticket: news.ticket,
      from: news.from === '' ? '' : (this.label(news.from) || known?.from || news.from),
      fromId: news.from,
      to: news.target,
      toId: news.targetId,
      status: news.status,
      phase: news.phase,
      private: news.private,
      subagent: news.subagent,
      asked: firstLine(news.prompt),
      // An answer is often a program's coloured output; the prompt is left as it was asked.
      answer: firstLine(plainText(news.answer)),
      sentAt: known?.sentAt ?? this.now(),
      endedAt: news.status === 'pending' ? 0 : this.now(),
    };
    if (view.status === 'pending') {
      this.open.set(view.ticket, view);
      if (this.open.size > MAX_OPEN) this.open.delete(this.open.keys().next().value!);
      return;
    }
    this.open.delete(view.ticket);
    // A late answer ends an errand again: it moves, rather than being listed twice.
    this.settled = this.settled.filter((e) => e.ticket !== view.ticket);
    this.settled.push(view);
    if (this.settled.length > MAX_SETTLED) this.settled.splice(0, this.settled.length - MAX_SETTLED);
  }

  /** In flight, oldest first; then settled within the hour, newest first. */
  list(): ErrandView[] {
    const cutoff = this.now() - SETTLED_FOR_MS;
    this.settled = this.settled.filter((e) => e.endedAt >= cutoff);
    return [...this.open.values(), ...[...this.settled].reverse()];
  }
}
