/**
 * The cost ledger (store migration 6; spec/cli.md § lich cost): a running total per
 * (session, transcript) pair, with no per-turn history behind it.
 *
 * | column | holds |
 * |---|---|
 * | `session_id` | the lich session (rows go with it when it is deleted) |
 * | `transcript` | the provider's id of the conversation: the transcript's session id, or `/mod/usage`'s `conversation_id` |
 * | `source` | `priced` — lich's arithmetic over the transcript; `reported` — the provider's own figure |
 * | `cost_usd` | what the conversation cost so far, US dollars |
 * | `counted_at` | when its last counted turn happened, ms since the epoch; 0 when none is known |
 * | `scanned_bytes` | how much of the transcript the figure covers (priced only): a transcript still that long has nothing new |
 * | `updated_at` | when the row was last written, ms |
 *
 * A session with no row carries no price. `cost_parked` holds when each session was last
 * parked, written by a trigger on `sessions.parked`, so it is right whoever parks the row.
 */
import type { Store } from '../store/store.js';

export type LedgerSource = 'priced' | 'reported';

/** One row of `cost_ledger`. */
export interface LedgerRow {
  sessionId: string;
  transcript: string;
  source: LedgerSource;
  costUsd: number;
  /** ms since the epoch; 0 when no counted turn carried a time. */
  countedAt: number;
  scannedBytes: number;
}

interface RawRow {
  session_id: string;
  transcript: string;
  source: LedgerSource;
  cost_usd: number;
  counted_at: number;
  scanned_bytes: number;
}

const row = (r: RawRow): LedgerRow => ({
  sessionId: r.session_id,
  transcript: r.transcript,
  source: r.source,
  costUsd: r.cost_usd,
  countedAt: r.counted_at,
  scannedBytes: r.scanned_bytes,
});

/** Reads and writes the ledger tables of an open, migrated store; its writes go through the store's (Store.write). */
export class Ledger {
  private readonly q;

  constructor(
    private readonly store: Store,
    private readonly now: () => number,
  ) {
    const db = store.db;
    this.q = {
      all: db.prepare('SELECT * FROM cost_ledger ORDER BY session_id, transcript'),
      one: db.prepare('SELECT * FROM cost_ledger WHERE session_id = ? AND transcript = ?'),
      put: db.prepare(`INSERT INTO cost_ledger (session_id, transcript, source, cost_usd, counted_at, scanned_bytes, updated_at)
        SELECT @sessionId, @transcript, @source, @costUsd, @countedAt, @scannedBytes, @now
        WHERE EXISTS (SELECT 1 FROM sessions WHERE id = @sessionId)
        ON CONFLICT(session_id, transcript) DO UPDATE SET source = excluded.source, cost_usd = excluded.cost_usd,
          counted_at = excluded.counted_at, scanned_bytes = excluded.scanned_bytes, updated_at = excluded.updated_at`),
      remove: db.prepare('DELETE FROM cost_ledger WHERE session_id = ? AND transcript = ?'),
      parked: db.prepare('SELECT session_id, parked_at FROM cost_parked'),
    };
  }

  /** Every row, by session then transcript. */
  rows(): LedgerRow[] {
    return (this.q.all.all() as RawRow[]).map(row);
  }

  /** The row of one pair, or undefined. */
  row(sessionId: string, transcript: string): LedgerRow | undefined {
    const r = this.q.one.get(sessionId, transcript) as RawRow | undefined;
    return r && row(r);
  }

  /**
   * Writes the pair's row, replacing the one before: the figure is a running total. Nothing is
   * written for a session the store does not hold. Resolves whether a row was written.
   */
  put(r: LedgerRow): Promise<boolean> {
    return this.store.write(() => this.q.put.run({ ...r, now: this.now() }).changes > 0);
  }

  /** Deletes the pair's row: the transcript no longer carries a price. */
  remove(sessionId: string, transcript: string): Promise<void> {
    return this.store.write(() => void this.q.remove.run(sessionId, transcript));
  }

  /** When each session was last parked, ms since the epoch. */
  parkedAt(): Map<string, number> {
    return new Map((this.q.parked.all() as Array<{ session_id: string; parked_at: number }>).map((r) => [r.session_id, r.parked_at]));
  }
}
