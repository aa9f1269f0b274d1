/**
 * `store.CostTotals` and the pricing that keeps its ledger (spec/cli.md § lich cost; wire.md
 * § 5, § 6): what the sessions lich still remembers have cost.
 *
 * When a session is priced — its figures written to the ledger (ledger.ts):
 *
 * - at each `done` its plugin reports (the turn is over, so its tokens are written down);
 * - when it parks (its process ended: the last turn is in);
 * - at every `store.CostTotals`, for each session still running, and once per backend run for
 *   each parked one — so a session an earlier run never saw end (a crash, a kill) is priced
 *   from its transcript the first time anyone asks; one whose transcript is the length the
 *   ledger last read costs a `stat`.
 *
 * Pricing a session: a `/mod/usage` report carrying `cost_usd` (the provider's own figure —
 * Claude Code's through the lich mod, or oh-my-pi's, opencode's, Crush's when their plugin
 * reports one) is written as its conversation's `reported` row; then the transcript of the
 * provider session the row last announced (`/session-start`) is read, for Claude Code and
 * Codex only (transcripts.ts), and priced with data/prices.json as a `priced` row — unless
 * that conversation already has a reported figure, which wins: it is the provider's own
 * arithmetic for the same spend. A transcript with a turn on a model the table does not know
 * carries no price, and its row is removed. An unreadable transcript leaves its row as it was:
 * the ledger outlives a transcript the provider cleaned up.
 *
 * With the readout off (`"costReadout": false` in settings.json) nothing is priced or
 * recorded; the report says so.
 */
import { stat } from 'node:fs/promises';
import type { CostReport, CostTotal, CostTotalSource, StoreCostTotalsOptions } from '@lich/generated/types';
import { goQuote } from '@lich/core/quote';
import { quoteName } from '@lich/core/names';
import { SpawnError } from '../errors.js';
import { equalFold } from '../relay/resolve.js';
import type { SessionRow, Store } from '../store/store.js';
import { readSettings } from '../settings.js';
import { Ledger, type LedgerRow } from './ledger.js';
import { ClaudeTally, CodexTally, findClaudeTranscript, findCodexRollout, type Tally, TranscriptFile } from './transcripts.js';

/** The settings.json key of the cost readout: true or absent counts, false counts nothing. */
export const READOUT_KEY = 'costReadout';

export interface CostDeps {
  store: Store;
  /** The lich config directory (its settings.json holds the readout). */
  configDir: string;
  /** The backend's environment: `HOME`, `CLAUDE_CONFIG_DIR`, `CODEX_HOME` say where transcripts are. */
  env: NodeJS.ProcessEnv;
  /** ms since the epoch: row times, and the activity of a session still open. */
  now: () => number;
  /** Whether a session's process runs. */
  live: (id: string) => boolean;
  log?: (line: string) => void;
}

/** The transcript readers by the provider a session announced. */
const READERS: Record<string, { find: (d: CostDeps, s: SessionRow) => Promise<string | undefined>; tally: () => Tally }> = {
  claude: { find: (d, s) => findClaudeTranscript(d.env, s.path, s.providerSessionId), tally: () => new ClaudeTally() },
  codex: { find: (d, s) => findCodexRollout(d.env, s.providerSessionId, s.createdAt), tally: () => new CodexTally() },
};

/** The ledger, its pricing and its report. */
export class Cost {
  private readonly ledger: Ledger;
  /** The transcripts of running sessions, read incrementally (path → reader). */
  private readonly files = new Map<string, TranscriptFile>();
  /** The transcript each running session was last priced from (session → path). */
  private readonly reading = new Map<string, string>();
  /** Each session's pricing in flight: one at a time per session. */
  private readonly queue = new Map<string, Promise<void>>();
  /** Parked sessions priced since they parked, in this run. */
  private readonly settled = new Set<string>();

  constructor(private readonly d: CostDeps) {
    this.ledger = new Ledger(d.store, d.now);
  }

  /** A session's plugin reported `state`: a `done` prices it, off the request's path. */
  observe(id: string, state: string): void {
    if (state === 'done') this.background(id);
  }

  /** A session parked (its process ended): priced once more, for the turn that ended last. */
  parked(id: string): void {
    this.settled.delete(id);
    this.background(id);
  }

  /** Whether the readout is on (`costReadout` absent or true). @throws SpawnError for a settings file that cannot be read. */
  readout(): boolean {
    const { doc, file } = readSettings(this.d.configDir, 'the cost readout setting');
    const v = doc[READOUT_KEY];
    if (v === undefined || v === true) return true;
    if (v === false) return false;
    throw new SpawnError(`the cost readout setting in ${file} is ${JSON.stringify(v)}, which is not true or false — fix the file`);
  }

  /**
   * Prices session `id` now (see the module comment), after any pricing of it still in flight.
   * Never rejects: what goes wrong is logged, and the ledger keeps what it had.
   */
  price(id: string): Promise<void> {
    const next = (this.queue.get(id) ?? Promise.resolve()).then(() =>
      this.priceNow(id).catch((err) => this.d.log?.(`pricing session ${id} failed: ${(err as Error)?.message ?? String(err)}`)),
    );
    this.queue.set(id, next);
    void next.then(() => {
      if (this.queue.get(id) === next) this.queue.delete(id);
    });
    return next;
  }

  private background(id: string): void {
    void this.price(id);
  }

  private async priceNow(id: string): Promise<void> {
    if (!this.d.store.db.open || !this.readout()) return;
    const s = this.d.store.session(id);
    if (!s) return;
    const parked = !this.d.live(id);
    const usage = this.d.store.usage(id);
    if (usage?.cost_usd !== undefined) {
      await this.ledger.put({
        sessionId: id,
        transcript: usage.conversation_id,
        source: 'reported',
        costUsd: usage.cost_usd,
        countedAt: usage.reported_at,
        scannedBytes: 0,
      });
    }
    await this.priceTranscript(s, parked);
    if (parked) this.settled.add(id);
  }

  private async priceTranscript(s: SessionRow, parked: boolean): Promise<void> {
    const reader = READERS[s.provider];
    if (!reader || s.providerSessionId === '') return;
    const before = this.ledger.row(s.id, s.providerSessionId);
    if (before?.source === 'reported') return;
    const path = await reader.find(this.d, s);
    if (path === undefined) return;
    let file = this.files.get(path);
    if (!file) {
      file = new TranscriptFile(path, reader.tally);
      const prior = before?.scannedBytes ?? -1;
      // Read before, in an earlier run: a transcript still that long has nothing new in it.
      if (parked && prior >= 0) {
        const st = await statSize(path);
        if (st === prior) return;
      }
    }
    const state = await file.read();
    // A session that moved on to another conversation (or ended) will not add to this one.
    const last = this.reading.get(s.id);
    if (last !== undefined && last !== path) this.files.delete(last);
    if (parked) {
      this.files.delete(path);
      this.reading.delete(s.id);
    } else {
      this.files.set(path, file);
      this.reading.set(s.id, path);
    }
    if (state === undefined || !this.d.store.db.open) return;
    const priced = file.tally.result();
    if (this.ledger.row(s.id, s.providerSessionId)?.source === 'reported') return;
    if (priced.unpriced !== undefined) {
      if (before) this.d.log?.(`session ${s.id}: ${goQuote(priced.unpriced)} is not in the price table, so its transcript ${path} carries no price`);
      await this.ledger.remove(s.id, s.providerSessionId);
      return;
    }
    await this.ledger.put({
      sessionId: s.id,
      transcript: s.providerSessionId,
      source: 'priced',
      costUsd: priced.costUsd,
      countedAt: priced.lastTurnAt || (priced.turns > 0 ? Math.trunc(state.mtimeMs) : 0),
      scannedBytes: file.consumed,
    });
  }

  /**
   * `store.CostTotals` (wire.md § 5, § 6): prices what may have moved (every running session,
   * each parked one once per run), then sums the ledger per project over the sessions the
   * filters keep — `project` by name (exact, else case-insensitive; every project of that
   * name), `provider` the session kind exactly, `since` (unix seconds) against each session's
   * activity: its last counted turn, else when it parked, else now while it runs. Rows by
   * project name; a row's source is `priced`, `reported`, `mixed`, or `""` with nothing counted.
   * A session with a reported row counts as reported, else as priced.
   *
   * @throws SpawnError `no sessions in a project named "<p>"` (wire.md § 6), or for a settings
   *   file that cannot be read.
   */
  async totals(o: StoreCostTotalsOptions): Promise<CostReport> {
    const readout = this.readout();
    const all = this.d.store.sessions();
    if (readout) {
      for (const s of all) if (this.d.live(s.id) || !this.settled.has(s.id)) await this.price(s.id);
    }
    const projects = this.d.store.projects();
    let wanted = projects;
    if (o.project !== '') {
      const exact = projects.filter((p) => p.name === o.project);
      wanted = exact.length ? exact : projects.filter((p) => equalFold(p.name, o.project));
      const ids = new Set(wanted.map((p) => p.id));
      if (!all.some((s) => ids.has(s.projectId))) throw new SpawnError(`no sessions in a project named ${quoteName(o.project)}`);
    }
    const byProject = new Map(wanted.map((p) => [p.id, p]));
    const rows = new Map<string, LedgerRow[]>();
    for (const r of this.ledger.rows()) rows.set(r.sessionId, [...(rows.get(r.sessionId) ?? []), r]);
    const parkedAt = this.ledger.parkedAt();
    const now = this.d.now();
    const sinceMs = o.since * 1000;

    const totals = new Map<string, CostTotal & { kinds: Set<string> }>();
    const report: CostReport = { projects: [], sessions: 0, unpriced: 0, costUsd: 0, source: '', priced: 0, reported: 0, readout };
    const kinds = new Set<string>();
    for (const s of all) {
      const project = byProject.get(s.projectId);
      if (!project) continue;
      if (o.provider !== '' && s.kind !== o.provider) continue;
      const own = rows.get(s.id) ?? [];
      const counted = Math.max(0, ...own.map((r) => r.countedAt));
      const activity = counted > 0 ? counted : s.parked ? (parkedAt.get(s.id) ?? s.updatedAt) : now;
      if (o.since > 0 && activity < sinceMs) continue;
      let t = totals.get(project.id);
      if (!t) totals.set(project.id, (t = { project: project.name, sessions: 0, unpriced: 0, costUsd: 0, source: '', kinds: new Set() }));
      t.sessions++;
      report.sessions++;
      if (own.length === 0) {
        t.unpriced++;
        report.unpriced++;
        continue;
      }
      const usd = own.reduce((sum, r) => sum + r.costUsd, 0);
      t.costUsd += usd;
      for (const r of own) {
        t.kinds.add(r.source);
        kinds.add(r.source);
      }
      if (own.some((r) => r.source === 'reported')) report.reported++;
      else report.priced++;
    }
    const order = [...totals.entries()].sort(([a, x], [b, y]) => {
      const byName = x.project.toLowerCase().localeCompare(y.project.toLowerCase());
      return byName !== 0 ? byName : projects.findIndex((p) => p.id === a) - projects.findIndex((p) => p.id === b);
    });
    for (const [, t] of order) {
      const { kinds: k, ...row } = t;
      row.source = sourceOf(k);
      report.projects.push(row);
      report.costUsd += row.costUsd;
    }
    report.source = sourceOf(kinds);
    return report;
  }
}

/** The source of a row or a total from the kinds of money in it. */
function sourceOf(kinds: ReadonlySet<string>): CostTotalSource {
  if (kinds.has('priced') && kinds.has('reported')) return 'mixed';
  if (kinds.has('priced')) return 'priced';
  if (kinds.has('reported')) return 'reported';
  return '';
}

async function statSize(path: string): Promise<number | undefined> {
  try {
    return (await stat(path)).size;
  } catch {
    return undefined;
  }
}
