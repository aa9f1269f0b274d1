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
   * never dropped anything).
   */
  text(): string {
    const all = this.chunks.join('');
    if (this.chunks.length > 1) this.chunks = [all];
    if (!this.dropped) return all;
    const nl = all.indexOf('\n');
    return nl < 0 ? all : all.slice(nl + 1);
  }
}
