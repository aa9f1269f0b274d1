/**
 * One page's live connection (docs/web-view.md § The live connection, § Cost): what it is sent
 * and how much of it may wait. A card printing as fast as it can must neither grow the backend
 * nor hold up the relay, and no page can draw more than a screen a frame anyway. So output for
 * the watched card is gathered for one frame ({@link FLUSH_MS}) and sent as one message, within
 * a budget of {@link RATE_CHARS_PER_SECOND} (bursts of {@link BURST_CHARS}); never more than
 * {@link PENDING_CHARS} of it waits here, nor {@link HIGH_WATER_BYTES} in the socket. Past the
 * budget the page falls behind: what waits is dropped, and once the budget allows, the page is
 * sent the card's latest output again ({@link CATCH_UP_CHARS} of its scrollback, from a line
 * start) to draw from a reset terminal. What the page shows of a flood is then a jump forward
 * every few frames, never a backlog — a full-screen program may look torn until it next redraws.
 */
import type { WebSocket } from 'ws';
import type { ServerMessage } from './protocol.js';

/** How long output is gathered before it is sent, in ms: one frame. */
export const FLUSH_MS = 16;
/** Output characters a page is sent per second at most, on average. */
export const RATE_CHARS_PER_SECOND = 512 * 1024;
/** … and at most at once. */
export const BURST_CHARS = 128 * 1024;
/** Most output characters waiting here for one page before it counts as behind. */
export const PENDING_CHARS = 256 * 1024;
/** Most bytes waiting in the socket before nothing more is sent to it. */
export const HIGH_WATER_BYTES = 256 * 1024;
/** How much of the scrollback a page that fell behind is sent to catch up. */
export const CATCH_UP_CHARS = 32 * 1024;
/** How soon a full socket or an empty budget is looked at again, in ms. */
export const RETRY_MS = 25;

export interface LiveScreen {
  cols: number;
  rows: number;
  live: boolean;
  /** The card's scrollback (at most the last `tail` characters of it, from a line start, when asked). */
  data: string;
}

export class LiveClient {
  /** The card whose output this page is sent; `""` for none. */
  watching = '';
  private pending = '';
  private behind = false;
  private timer: NodeJS.Timeout | undefined;
  private budget = BURST_CHARS;
  private refilledAt: number;

  /**
   * @param screen the card's screen as of now (its scrollback — its last `tail` characters when
   *   given — and grid); undefined for a card with no scrollback and no process.
   * @param now a clock in ms.
   */
  constructor(
    readonly ws: WebSocket,
    private readonly screen: (id: string, tail?: number) => LiveScreen | undefined,
    private readonly now: () => number = Date.now,
  ) {
    this.refilledAt = now();
  }

  /** Sends one message now (views, notes, focus): small, never dropped. */
  send(message: ServerMessage): void {
    this.sendRaw(JSON.stringify(message));
  }

  /** Sends a message already serialised (a view, the same for every page). */
  sendRaw(json: string): void {
    if (this.ws.readyState !== this.ws.OPEN) return;
    this.ws.send(json);
  }

  /** Starts sending `id`'s output: its whole scrollback first, then what it prints. */
  watch(id: string): void {
    this.watching = id;
    this.pending = '';
    this.behind = false;
    this.sendScreen();
  }

  /** Output of session `id`: queued when it is the card this page watches. */
  output(id: string, data: string): void {
    if (id !== this.watching) return;
    if (!this.behind) {
      this.pending += data;
      if (this.pending.length > PENDING_CHARS) this.fallBehind();
    }
    this.schedule(FLUSH_MS);
  }

  /** Stops its timer; nothing more is sent. */
  close(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    this.pending = '';
  }

  private fallBehind(): void {
    this.pending = '';
    this.behind = true;
  }

  private schedule(ms: number): void {
    if (this.timer) return;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      this.flush();
    }, ms);
  }

  private refill(): void {
    const t = this.now();
    this.budget = Math.min(BURST_CHARS, this.budget + ((t - this.refilledAt) * RATE_CHARS_PER_SECOND) / 1000);
    this.refilledAt = t;
  }

  private flush(): void {
    if (this.ws.readyState !== this.ws.OPEN || this.watching === '') return;
    this.refill();
    // The socket is not taking it as fast as the card prints: what waits here is bounded by
    // output(), which drops it once it passes PENDING_CHARS.
    if (this.ws.bufferedAmount > HIGH_WATER_BYTES) return this.schedule(RETRY_MS);
    if (this.behind) {
      if (this.budget < CATCH_UP_CHARS) return this.schedule(RETRY_MS);
      this.behind = false;
      this.pending = '';
      this.budget -= this.sendScreen(CATCH_UP_CHARS);
      return;
    }
    if (this.pending.length === 0) return;
    if (this.pending.length > this.budget) {
      this.fallBehind();
      return this.schedule(RETRY_MS);
    }
    const d = this.pending;
    this.pending = '';
    this.budget -= d.length;
    this.send({ t: 'out', id: this.watching, d });
  }

  /** Sends the watched card's screen; returns the characters of output it carried. */
  private sendScreen(tail?: number): number {
    if (this.watching === '') return 0;
    const s = this.screen(this.watching, tail);
    if (!s) return 0;
    this.send({ t: 'screen', id: this.watching, cols: s.cols, rows: s.rows, live: s.live, data: s.data });
    return s.data.length;
  }
}
