/**
 * The web view's scrollback of one session: the last {@link SCROLLBACK_CHARS} characters its
 * PTY wrote, kept so a page that opens the card later sees what is on it. Bounded by
 * construction: appending past the bound drops whole chunks from the front, and what is handed
 * out starts at a line boundary, so a replay does not begin inside an escape sequence.
 */

/** Characters of output kept per session: 512 Ki (about 6 000 lines of 80 columns). */
export const SCROLLBACK_CHARS = 512 * 1024;

export class OutputLog {
  private chunks: string[] = [];
  private size = 0;
  /** Whether anything was ever dropped from the front. */
  private dropped = false;

  constructor(private readonly limit = SCROLLBACK_CHARS) {}

  /** Adds `data` at the end, dropping the oldest output past the bound. */
  append(data: string): void {
    if (data.length === 0) return;
    if (data.length >= this.limit) {
      this.dropped = true;
      this.chunks = [data.slice(data.length - this.limit)];
      this.size = this.limit;
      return;
    }
    this.chunks.push(data);
    this.size += data.length;
    while (this.size > this.limit) {
      this.dropped = true;
      const first = this.chunks[0]!;
      const over = this.size - this.limit;
      if (first.length <= over) {
        this.chunks.shift();
        this.size -= first.length;
      } else {
        this.chunks[0] = first.slice(over);
        this.size -= over;
      }
    }
    // Many small chunks cost a join each replay; fold them now and then.
    if (this.chunks.length > 512) this.chunks = [this.chunks.join('')];
  }

  /** Characters held. */
  get length(): number {
    return this.size;
  }

  /**
   * What is held, from the first line start on (the whole of it when it holds no newline, or
   * never dropped anything) — or only its last `tail` characters, from the first line start in
   * them.
   */
  text(tail?: number): string {
    const cut = tail !== undefined && tail < this.size;
    let from: string;
    if (cut) {
      // Only the chunks the tail reaches into are joined: a page catching up asks often.
      let i = this.chunks.length;
      let n = 0;
      while (i > 0 && n < tail) n += this.chunks[--i]!.length;
      const joined = this.chunks.slice(i).join('');
      from = joined.slice(joined.length - tail);
    } else {
      from = this.chunks.join('');
      if (this.chunks.length > 1) this.chunks = [from];
      if (!this.dropped) return from;
    }
    const nl = from.indexOf('\n');
    return nl < 0 ? from : from.slice(nl + 1);
  }
}
