/**
 * The seam between the relay and the rest of the backend.
 *
 * The relay (tickets, the inbox, nudges, statuses, message composition, resolution of a
 * `<session>`) knows nothing about PTYs, SQLite or HTTP: it sees sessions through this
 * interface, which the backend implements over its store and terminal service and which the
 * relay's unit tests implement with a fake. Source: spec/cli.md § lich send, § lich wait,
 * § lich reply, § The answer is announced, and collected; wire.md §§ 7–9.
 */
import type { Clock } from '../clock.js';

/** One session as the relay needs to see it. All strings; `""` where there is none. */
export interface RelaySession {
  /** lich id, the `LICH_SESSION_ID` its process carries. */
  id: string;
  projectId: string;
  /** Project name. */
  project: string;
  /** Project root directory. */
  projectPath: string;
  /** Card label, unique (case-insensitively) within its project. */
  label: string;
  /** Peer-roster name (`<basename(cwd)>-<first 4 alnum of id>`, wire.md § 9). */
  name: string;
  /** Provider id (`claude`, `codex`, …, `shell`, or a user-defined id). */
  kind: string;
  /** Directory the session runs in (its worktree's, for a worktree session). */
  path: string;
  /**
   * Whether silence from this session means something: its provider may report state, and its
   * plugin has reached lich since the session started. Only then is a message it never picks up
   * judged `unread` (spec/cli.md § lich send, Never read).
   */
  reportsState: boolean;
  /** Whether this provider has lich's tools (the message then offers `reply_to_session`). */
  hasTools: boolean;
}

/** The backend's clock (clock.ts): every time and timer of the relay is on it. */
export type { Clock } from '../clock.js';
export { systemClock } from '../clock.js';

/** What `type` and `paste` refuse with, told apart by class (terminal/refusals.ts). */
export { DraftHeld, PasteRefusal } from '../terminal/refusals.js';
import type { DraftHeld, PasteRefusal } from '../terminal/refusals.js';

export interface RelayHost {
  /** Sessions with a process running in their PTY right now (the addressable ones). */
  liveSessions(): RelaySession[];
  /** Any session the workspace knows, live or not, by id. */
  session(id: string): RelaySession | undefined;
  /** Last state the session reported through `/hook`: busy, done, waiting, idle, compacting, or "". */
  state(id: string): string;
  /** Whether the session is at a free prompt: not running its setup script, and its PTY has gone quiet. */
  ready(id: string): boolean;
  /**
   * Whether the session's program has taken its terminal — past its setup script and reading its
   * input (Terminal.settled) — whatever a person left at its prompt: what an insert waits for, a
   * draft being no reason to (spec/cli.md § lich insert).
   */
  settled(id: string): boolean;
  /**
   * Whether the session's PTY is still running its checkout's setup script (before the marker
   * the setup wrapper prints ahead of the provider). Optional: a host without setup scripts
   * leaves it out.
   */
  inSetup?(id: string): boolean;
  /**
   * Whether the session's provider is still not ready to read when the cap on waiting for it ran
   * out (terminal/readiness.ts): a task sent now is queued and the ticket comes back at once, as
   * behind a setup script. Optional: a host without that rule leaves it out.
   */
  overdue?(id: string): boolean;
  /**
   * Whether a person's draft is at the session's prompt (Terminal.drafted): text typed or pasted
   * there and neither submitted nor dropped, which holds the relay's typing — {@link ready} is
   * false meanwhile, and a pending result says so (`held: "draft"`). Optional: a host without
   * drafts leaves it out.
   */
  drafted?(id: string): boolean;
  /**
   * Whether the session looks at its prompt by its provider's own rule, yet is one whose plugin
   * always reports `/session-start` once its program reads — a Claude Code session lich started
   * with its plugin — and has not (terminal/readiness.ts `unheard`): something of the program's
   * own has its terminal (Claude Code's folder-trust dialog, which anything typed answers "No,
   * exit"). Such a session is not {@link ready}: nothing is typed at it, and a task held for it ends
   * `unread` once two receipt windows pass this way. Optional: a host without plugins leaves it out.
   */
  unheard?(id: string): boolean;
  /**
   * How long ago, in ms, its plugin's `/session-start` made ready a session whose plugin's mod is
   * to poll — a Claude Code session lich started with its plugin (terminal/readiness.ts
   * `startReportedAgo`); `undefined` for any other session. The relay gives that mod a moment to
   * poll before it types at the session (mod-route.ts `due`). Optional: a host without plugins
   * leaves it out.
   */
  startReportedAgo?(id: string): number | undefined;
  /**
   * The branch the session's worktree has checked out, `""` for a session in its project's own
   * directory (or detached): what a subagent's report names (SubagentReport, wire.md § 8.4).
   * Optional: without it no branch is named.
   */
  branch?(id: string): string;
  /** Whether a process is running in the session's PTY. */
  live(id: string): boolean;
  /**
   * Why `text` cannot be typed whole at the session's program, undefined when it can (a line its
   * line-reading terminal would cut; terminal/paste.ts) — what `type` would reject with, asked
   * before a ticket is handed out. Optional: without it nothing is refused ahead.
   */
  typeRefusal?(id: string, text: string): Promise<string | undefined>;
  /**
   * Types `text` at the session's prompt: a paste (bracketed when its program asked for it), then
   * a separate carriage return once the PTY has gone quiet (≥ 150 ms, capped at 5 s). Resolves
   * once the CR is written. Rejects, before writing anything, with a {@link PasteRefusal} when
   * its program cannot take the text whole, and a {@link DraftHeld} while a person's draft is at
   * the prompt; otherwise when the session has no PTY.
   */
  type(id: string, text: string): Promise<void>;
  /**
   * Pastes `text` at the session's prompt and leaves it there, as a person's input (`lich
   * insert`; Terminal.paste): bracketed when its program asked for bracketed paste. Rejects with a
   * `PasteRefusal` when it cannot arrive whole, and otherwise when the session has no PTY.
   */
  paste(id: string, text: string): Promise<void>;
  /** Subscribe to a session's PTY ending. Returns an unsubscribe function. */
  onExit(listener: (id: string) => void): () => void;
  clock: Clock;
}
