/**
 * A marker in a PTY's output stream, found however the stream was split into chunks: what the
 * terminal uses to tell a worktree's setup script from the provider it hands over to
 * (`spawn/setup.ts`; wire.md § 9, setup marker).
 */

/**
 * Watches a PTY's output for the setup marker, across chunk boundaries. `feed` returns true on
 * the chunk that completes the marker (and every one after).
 */
export class MarkerWatch {
  private carry = '';
  private seen = false;

  constructor(private readonly marker: string) {}

  get done(): boolean {
    return this.seen;
  }

  feed(chunk: string): boolean {
    if (this.seen) return true;
    const text = this.carry + chunk;
    if (text.includes(this.marker)) {
      this.seen = true;
      this.carry = '';
      return true;
    }
    // Keep only what could be the start of a marker split across chunks.
    this.carry = text.slice(-(this.marker.length - 1));
    return false;
  }
}
