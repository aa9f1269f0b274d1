/**
 * The backend's side of the relay seam (`relay/host.ts`): sessions as the relay sees them,
 * read from the store on every call (so a rename or an auto-title is seen at once), liveness
 * and typing from the terminal service, states from the `state` column `/hook` feeds.
 *
 * Whether silence from a session means anything (`reportsState`) is decided here: its provider
 * must be one that can report, and the session must have reached lich through a plugin endpoint
 * since its PTY started (spec/cli.md § lich send, Never read). A provider whose plugin is not
 * installed says nothing ever, and a never-read verdict on it would be a false alarm.
 *
 * It also owns what happens when a PTY's process ends: the row is parked (nothing runs in it
 * any more), the checkout's dev port is let go, and only then is the relay told.
 */
import type { Providers } from './providers/providers.js';
import { goQuote } from '@lich/core/quote';
import type { Clock, RelayHost, RelaySession } from './relay/host.js';
import { rosterName } from './spawn/names.js';
import type { Store } from './store/store.js';
import type { WorktreePorts } from './terminal/env.js';
import type { Terminal } from './terminal/terminal.js';

export class SessionHost implements RelayHost {
  private readonly exitListeners = new Set<(id: string) => void>();
  private readonly unsubscribe: () => void;
  /** Sessions heard from through a plugin endpoint since their PTY started. */
  private readonly heardFrom = new Set<string>();

  constructor(
    private readonly store: Store,
    private readonly terminal: Terminal,
    private readonly providers: Providers,
    private readonly ports: WorktreePorts,
    readonly clock: Clock,
    private readonly log: (line: string) => void = () => {},
  ) {
    this.unsubscribe = terminal.onExit((id, info) => this.exited(id, info.exitCode, info.signal));
  }

  /** Live sessions in the order they were opened. */
  liveSessions(): RelaySession[] {
    const live = new Set(this.terminal.liveIds());
    if (live.size === 0 || !this.store.db.open) return [];
    return this.store
      .sessions()
      .filter((s) => live.has(s.id))
      .map((s) => this.view(s.id))
      .filter((s): s is RelaySession => s !== undefined);
  }

  session(id: string): RelaySession | undefined {
    return this.view(id);
  }

  state(id: string): string {
    if (!this.store.db.open) return '';
    return this.store.session(id)?.state ?? '';
  }

  ready(id: string): boolean {
    return this.terminal.ready(id);
  }

  inSetup(id: string): boolean {
    return this.terminal.inSetup(id);
  }

  live(id: string): boolean {
    return this.terminal.isLive(id);
  }

  /** @throws Error `"<label>" has no terminal running` when the session has no PTY. */
  async type(id: string, text: string): Promise<void> {
    if (!this.terminal.isLive(id)) {
      const label = this.store.db.open ? this.store.session(id)?.label : undefined;
      throw new Error(`${label !== undefined ? goQuote(label) : `session ${id}`} has no terminal running`);
    }
    await this.terminal.type(id, text);
  }

  /**
   * A plugin endpoint (`/hook`, `/session-start`, `/session-title`, `/session-touched`) accepted
   * a report for `id`. Counts only while the session's PTY runs: a report for a session with no
   * process says nothing about the next one started under that id.
   */
  heard(id: string): void {
    if (this.terminal.isLive(id)) this.heardFrom.add(id);
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

  private view(id: string): RelaySession | undefined {
    if (!this.store.db.open) return undefined;
    const s = this.store.session(id);
    if (!s) return undefined;
    const p = this.store.project(s.projectId);
    const provider = this.providers.peek(s.kind);
    return {
      id: s.id,
      projectId: s.projectId,
      project: p?.name ?? '',
      projectPath: p?.path ?? '',
      label: s.label,
      name: rosterName(s.path || p?.path || '', s.id),
      kind: s.kind,
      path: s.path,
      reportsState: (provider?.reportsState ?? false) && this.heardFrom.has(s.id),
      hasTools: provider?.hasTools ?? false,
    };
  }

  private exited(id: string, code: number, signal?: number): void {
    this.heardFrom.delete(id);
    this.ports.release(id);
    if (this.store.db.open && this.store.session(id)) {
      this.store.setParked(id, true);
      this.log(`session ${id} ended (exit ${code}${signal ? `, signal ${signal}` : ''}); its row is parked`);
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
