/**
 * One page's live connection (docs/web-view.md § The live connection, § Cost): what it is sent
 * and how much of it may wait. A card printing as fast as it can must neither grow the backend
 * nor hold up the relay, so output for the watched card is gathered for one frame
 * ({@link FLUSH_MS}) and sent as one message, and never more than {@link PENDING_CHARS} of it
 * waits here or {@link HIGH_WATER_BYTES} in the socket: past that the page falls behind, the
 * waiting output is dropped, and once the socket drains the page is sent the card's screen again
 * from its scrollback (which holds the dropped part's end). What the page shows is then a jump
 * forward, never a backlog.
 */
import type { WebSocket } from 'ws';
import type { ServerMessage } from './protocol.js';

/** How long output is gathered before it is sent, in ms: one frame. */
export const FLUSH_MS = 16;
/** Most output characters waiting here for one page before it counts as behind. */
export const PENDING_CHARS = 256 * 1024;
/** Most bytes waiting in the socket before nothing more is sent to it. */
export const HIGH_WATER_BYTES = 256 * 1024;
/** How soon a full socket is looked at again, in ms. */
export const DRAIN_POLL_MS = 25;

export interface LiveScreen {
  cols: number;
  rows: number;
  live: boolean;
  /** The card's scrollback. */
  data: string;
}

export class LiveClient {
  /** The card whose output this page is sent; `""` for none. */
  watching = '';
  private pending = '';
  private behind = false;
  private timer: NodeJS.Timeout | undefined;

  /**
   * @param screen the card's screen as of now (its scrollback and grid); undefined for a card
   *   with no scrollback and no process.
   */
  constructor(
    readonly ws: WebSocket,
    private readonly screen: (id: string) => LiveScreen | undefined,
  ) {}

  /** Sends one message now (views, notes, focus): small, never dropped. */
  send(message: ServerMessage): void {
    if (this.ws.readyState !== this.ws.OPEN) return;
    this.ws.send(JSON.stringify(message));
  }

  /** Starts sending `id`'s output: its screen first, then what it prints. */
  watch(id: string): void {
    this.watching = id;
    this.pending = '';
    this.behind = false;
    this.sendScreen();
  }

  /** Output of session `id`: queued when it is the card this page watches. */
  output(id: string, data: string): void {
    if (id !== this.watching || this.behind) return;
    this.pending += data;
    if (this.pending.length > PENDING_CHARS) {
      this.pending = '';
      this.behind = true;
    }
    this.schedule(FLUSH_MS);
  }

  /** Stops its timer; nothing more is sent. */
  close(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    this.pending = '';
  }

  private schedule(ms: number): void {
    if (this.timer) return;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      this.flush();
    }, ms);
  }

  private flush(): void {
    if (this.ws.readyState !== this.ws.OPEN) return;
    if (this.ws.bufferedAmount > HIGH_WATER_BYTES) {
      // The socket is not taking it as fast as the card prints: what waits here is bounded by
      // output(), which drops it once it passes PENDING_CHARS.
      this.schedule(DRAIN_POLL_MS);
      return;
    }
    if (this.behind) {
      this.behind = false;
      this.pending = '';
      this.sendScreen();
      return;
    }
    if (this.pending.length === 0) return;
    const d = this.pending;
    this.pending = '';
    this.send({ t: 'out', id: this.watching, d });
  }

  private sendScreen(): void {
    if (this.watching === '') return;
    const s = this.screen(this.watching);
    if (!s) return;
    this.send({ t: 'screen', id: this.watching, cols: s.cols, rows: s.rows, live: s.live, data: s.data });
  }
}
