/**
 * The backend's side of the relay seam (`relay/host.ts`): sessions as the relay sees them,
 * read from the store again whenever it was written (so a rename or an auto-title is seen at once), liveness
 * and typing from the terminal service, states from the `state` column `/hook` feeds.
 *
 * Whether silence from a session means anything (`reportsState`) is decided here: its provider
 * must be one that can report, and the session must have reached lich through a plugin endpoint
 * since its PTY started (spec/cli.md § lich send, Never read). A provider whose plugin is not
 * installed says nothing ever, and a never-read verdict on it would be a false alarm.
 *
 * It also owns what happens when a PTY's process ends: the row is parked (nothing runs in it
 * any more; a park the database refuses is owed and made later, Store.parkEnded), the
 * checkout's dev port is let go, and the relay is told at once.
 */
import { readFileSync, statSync } from 'node:fs';
import { isAbsolute, join, resolve } from 'node:path';
import type { Providers } from './providers/providers.js';
import { goQuote } from '@lich/core/quote';
import type { Clock, RelayHost, RelaySession } from './relay/host.js';
import { rosterName } from './spawn/names.js';
import type { Store } from './store/store.js';
import { samePath } from './spawn/worktrees.js';
import type { WorktreePorts } from './terminal/env.js';
import { lastLine } from './terminal/output-text.js';
import type { ExitInfo, Terminal } from './terminal/terminal.js';

export class SessionHost implements RelayHost {
  private readonly exitListeners = new Set<(id: string) => void>();
  private readonly unsubscribe: () => void;
  /** Sessions heard from through a plugin endpoint since their PTY started. */
  private readonly heardFrom = new Set<string>();
  /**
   * Every row as the relay sees it, read once per store revision: the relay asks for the live
   * sessions on every send, reply and collect, and reading each row and its project again was
   * most of what an errand cost the backend (two queries per session, per call). A rename or an
   * auto-title is a write, so it is still seen at once.
   */
  private rows?: { revision: number; order: string[]; byId: Map<string, Row> };

  constructor(
    private readonly store: Store,
    private readonly terminal: Terminal,
    private readonly providers: Providers,
    private readonly ports: WorktreePorts,
    readonly clock: Clock,
    private readonly log: (line: string) => void = () => {},
  ) {
    this.unsubscribe = terminal.onExit((id, info, tail) => this.exited(id, info, tail));
  }

  /** Live sessions in the order they were opened. */
  liveSessions(): RelaySession[] {
    const live = this.terminal.liveIds();
    if (live.length === 0) return [];
    const rows = this.current();
    if (!rows) return [];
    const liveSet = new Set(live);
    const kinds = new Map<string, ProviderFlags>();
    const out: RelaySession[] = [];
    for (const id of rows.order) if (liveSet.has(id)) out.push(this.view(rows.byId.get(id)!, kinds));
    return out;
  }

  session(id: string): RelaySession | undefined {
    const row = this.current()?.byId.get(id);
    return row && this.view(row);
  }

  state(id: string): string {
    return this.current()?.byId.get(id)?.state ?? '';
  }

  /**
   * Whether the session reads what is typed: past its setup script, and either its plugin
   * reported its provider's start ({@link started}) or its terminal's readiness rule held
   * (terminal/readiness.ts).
   */
  ready(id: string): boolean {
    return this.terminal.ready(id);
  }

  /** Past its setup script and reading its input, a person's draft there or not (Terminal.settled). */
  settled(id: string): boolean {
    return this.terminal.settled(id);
  }

  overdue(id: string): boolean {
    return this.terminal.overdue(id);
  }

  drafted(id: string): boolean {
    return this.terminal.drafted(id);
  }

  unheard(id: string): boolean {
    return this.terminal.unheard(id);
  }

  startReportedAgo(id: string): number | undefined {
    return this.terminal.startReportedAgo(id);
  }

  inSetup(id: string): boolean {
    return this.terminal.inSetup(id);
  }

  live(id: string): boolean {
    return this.terminal.isLive(id);
  }

  /**
   * The branch checked out in the session's worktree, read from its git metadata (`.git` file
   * → gitdir → `HEAD`); `""` for a session in its project's own directory, a detached HEAD, or
   * anything unreadable.
   */
  branch(id: string): string {
    const s = this.session(id);
    if (!s || s.path === '' || samePath(s.path, s.projectPath)) return '';
    return checkedOutBranch(s.path);
  }

  typeRefusal(id: string, text: string): Promise<string | undefined> {
    return this.terminal.pasteRefusal(id, text);
  }

  /** @throws Error `"<label>" has no terminal running` when the session has no PTY. */
  async type(id: string, text: string): Promise<void> {
    if (!this.terminal.isLive(id)) {
      const label = this.store.db.open ? this.store.session(id)?.label : undefined;
      throw new Error(`${label !== undefined ? goQuote(label) : `session ${id}`} has no terminal running`);
    }
    await this.terminal.type(id, text);
  }

  /** Pastes `text` and leaves it at the prompt (Terminal.paste). @throws as Terminal.paste. */
  paste(id: string, text: string): Promise<void> {
    return this.terminal.paste(id, text);
  }

  /**
   * A plugin endpoint (`/hook`, `/session-start`, `/session-title`, `/session-touched`) accepted
   * a report for `id`. Counts only while the session's PTY runs: a report for a session with no
   * process says nothing about the next one started under that id.
   */
  heard(id: string): void {
    if (this.terminal.isLive(id)) this.heardFrom.add(id);
  }

  /**
   * The session's plugin reported `/session-start`: its provider runs. Counts, like
   * {@link heard}, only while the session's PTY runs; it makes the session {@link ready} — unless
   * the session's readiness rule says that report comes before its program reads
   * (`ReadyRule.startMeansReading` false, terminal/readiness.ts `latch`).
   */
  started(id: string): void {
    if (!this.terminal.isLive(id)) return;
    this.terminal.markReading(id);
  }

  onExit(listener: (id: string) => void): () => void {
    this.exitListeners.add(listener);
    return () => this.exitListeners.delete(listener);
  }

  /** Stops listening to the terminal service. */
  close(): void {
    this.unsubscribe();
    this.exitListeners.clear();
  }

  /** The rows as of the store's current revision; undefined once the store is closed. */
  private current(): { order: string[]; byId: Map<string, Row> } | undefined {
    if (!this.store.db.open) return undefined;
    const revision = this.store.revision;
    if (this.rows?.revision === revision) return this.rows;
    const projects = new Map(this.store.projects().map((p) => [p.id, p]));
    const byId = new Map<string, Row>();
    const order: string[] = [];
    for (const s of this.store.sessions()) {
      const p = projects.get(s.projectId);
      order.push(s.id);
      byId.set(s.id, {
        id: s.id,
        projectId: s.projectId,
        project: p?.name ?? '',
        projectPath: p?.path ?? '',
        label: s.label,
        name: rosterName(s.path || p?.path || '', s.id),
        kind: s.kind,
        path: s.path,
        state: s.state,
      });
    }
    this.rows = { revision, order, byId };
    return this.rows;
  }

  // What depends on more than the row (the provider registry, what was heard since the PTY
  // started) is decided on every call; `kinds` shares the provider lookup across one listing.
  private view(row: Row, kinds = new Map<string, ProviderFlags>()): RelaySession {
    let flags = kinds.get(row.kind);
    if (!flags) {
      const provider = this.providers.peek(row.kind);
      flags = { reportsState: provider?.reportsState ?? false, hasTools: provider?.hasTools ?? false };
      kinds.set(row.kind, flags);
    }
    return {
      id: row.id,
      projectId: row.projectId,
      project: row.project,
      projectPath: row.projectPath,
      label: row.label,
      name: row.name,
      kind: row.kind,
      path: row.path,
      reportsState: flags.reportsState && this.heardFrom.has(row.id),
      hasTools: flags.hasTools,
    };
  }

  /**
   * The session's process ended: its row is parked and the log says so — and, for one that ended
   * before it ever read its input (a provider refusing to start: a nested Claude Code, a flag it
   * will not take as root), how soon and the last line it printed, since `lich open` had already
   * answered and no card here shows its screen.
   */
  private exited(id: string, info: ExitInfo, tail: string): void {
    const { exitCode: code, signal } = info;
    const reading = info.wasReady !== false;
    this.heardFrom.delete(id);
    this.ports.release(id);
    let ended = `session ${id} ended (exit ${code}${signal ? `, signal ${signal}` : ''})`;
    if (!reading) {
      const last = lastLine(tail);
      const after = ((info.ranMs ?? 0) / 1000).toFixed(1);
      ended = `${ended} ${after} s after it started, before its agent read any input${last ? ` — its last output: ${last}` : ''}`;
    }
    const row = this.store.db.open ? this.store.session(id) : undefined;
    // A close parks the row before it ends the process (spawn/spawn.ts close): nothing left to write.
    if (row?.parked) this.log(`${ended}; its row is parked`);
    else if (row) {
      // Asked for now, made at once unless another program holds the database's lock (then
      // within its wait, store/store.ts) or the database refuses it (then owed, and made once it
      // takes writes again: Store.parkEnded). Either way the relay hears the exit below at once:
      // every errand at this session would otherwise wait for an answer nobody can give.
      this.store.parkEnded(id).then(
        () => this.log(`${ended}; its row is parked`),
        (err) =>
          this.log(
            `${ended}, and its row could not be parked yet (lich parks it once the workspace database takes writes again): ${(err as Error)?.message ?? String(err)}`,
          ),
      );
    }
    for (const l of [...this.exitListeners]) {
      try {
        l(id);
      } catch (err) {
        this.log(`an exit listener failed for session ${id}: ${(err as Error)?.stack ?? String(err)}`);
      }
    }
  }
}

/** A session row as the relay reads it, with its project's name and path and its last state. */
type Row = Omit<RelaySession, 'reportsState' | 'hasTools'> & { state: string };

type ProviderFlags = Pick<RelaySession, 'reportsState' | 'hasTools'>;

/** The short branch name `HEAD` points at in the checkout `dir`; `""` when detached or unreadable. */
export function checkedOutBranch(dir: string): string {
  try {
    const dotGit = join(dir, '.git');
    let gitDir = dotGit;
    if (!statSync(dotGit).isDirectory()) {
      const m = /^gitdir:\s*(.+?)\s*$/m.exec(readFileSync(dotGit, 'utf8'));
      if (!m) return '';
      gitDir = isAbsolute(m[1]!) ? m[1]! : resolve(dir, m[1]!);
    }
    const head = readFileSync(join(gitDir, 'HEAD'), 'utf8').trim();
    return head.startsWith('ref: refs/heads/') ? head.slice('ref: refs/heads/'.length) : '';
  } catch {
    return '';
  }
}
