/**
 * `relay.Insert` (spec/cli.md § lich insert; wire.md § 8.2, insert cap): text pasted at a live
 * session's prompt and left there — a bracketed paste and no Enter, so the person at that
 * session reads what landed and sends it themselves. It is what an editor plugin calls, so
 * besides the `<session>` send takes, it finds the session by where it runs: `project` by name
 * or by directory, exactly one live session there, and a session running in that very
 * directory wins over the others of its project.
 *
 * It is apart from the relay engine: no ticket, no errand, nothing to answer.
 */
import { homedir } from 'node:os';
import { insertRefusal } from '@lich/core/prompt';
import { goQuote } from '@lich/core/quote';
import { RelayError } from './errors.js';
import type { RelaySession } from './host.js';
import { expandPath, inProject, isDirectory, resolveTarget } from './resolve.js';
import { sanitize } from './text.js';
import type { Inserted, RelayInsertOptions as InsertOptions } from '@lich/generated/types';

/** The wait for the prompt when `timeoutSeconds` ≤ 0 (spec/cli.md § lich insert: default 10). */
export const defaultInsertWaitSeconds = 10;
/** The longest wait honoured, as for every wait (MaxWaitSeconds). */
export const maxInsertWaitSeconds = 1800;

/** What an insert needs of the backend: the sessions and their terminals. */
export interface InsertHost {
  /** Sessions with a process running in their PTY (RelayHost.liveSessions). */
  liveSessions(): RelaySession[];
  /**
   * Whether the session's program has taken its terminal: past its setup script, its PTY gone
   * quiet (Terminal.settled). A person's draft there is no reason to wait: the text goes after it.
   */
  ready(id: string): boolean;
  /** Whether its PTY is still running the checkout's setup script. */
  inSetup(id: string): boolean;
  /** Whether a process runs in its PTY. */
  live(id: string): boolean;
  /** The state it last reported through `/hook` (RelayHost.state). */
  state(id: string): string;
  /**
   * Pastes `text` at its prompt and leaves it there, in turn with the relay's own typing:
   * bracketed when its program asked for bracketed paste (Terminal.paste). Rejects with a
   * `PasteRefusal` when the text cannot arrive whole, and otherwise when it has no terminal.
   */
  paste(id: string, text: string): Promise<void>;
  /** Milliseconds since the epoch. */
  now(): number;
  /** HOME, for a `~/…` project. */
  home?: string;
}

/** `relay.Insert`'s options and its result, `relay.Inserted` (wire.md § 6): the contract's (contracts/rpc/relay.Insert.json). */
export type { RelayInsertOptions as InsertOptions, Inserted } from '@lich/generated/types';

/**
 * Sanitises the text and refuses one that is blank or over 65536 bytes (core's INSERT_LIMIT).
 * @throws RelayError `nothing to insert: the text is empty` /
 *   `text is <n> bytes, over the 65536 limit: insert the path of the file instead of its contents`
 */
export function checkInsert(text: string): string {
  const refusal = insertRefusal(text);
  if (refusal !== null) throw new RelayError(refusal);
  return sanitize(text);
}

/**
 * Picks the live session an insert lands in, the caller excluded. With `session`, as send
 * resolves its target (narrowed by `project`). Without, `project` is where to look: a directory
 * takes the sessions running in it when there are any, else every live session of the project
 * rooted there (or whose worktree it is); a name takes the project's live sessions. Exactly one
 * must remain: two are an error naming both, never a guess.
 *
 * @throws RelayError the send resolution refusals (resolve.ts); `name the session to insert at
 *   with --session, or where to look for it with --project …` for neither;
 *   `no live session is running in <where>. <known>`;
 *   `<n> live sessions are running in <where>: "<a>" (<path>), … — pick one with --session; lich
 *   sessions --json lists each with its path`.
 */
export function resolveInsertTarget(live: RelaySession[], o: { from: string; session: string; project: string }, home?: string): RelaySession {
  if (o.session !== '') return resolveTarget(live, { from: o.from, target: o.session, project: o.project }, home);
  if (o.project === '') {
    throw new RelayError(
      'name the session to insert at with --session, or where to look for it with --project (a project name or the absolute path of a directory)',
    );
  }
  const others = live.filter((s) => s.id !== o.from);
  let candidates: RelaySession[];
  let where: string;
  if (isDirectory(o.project)) {
    const dir = expandPath(o.project, home);
    where = goQuote(dir);
    const here = others.filter((s) => s.path !== '' && expandPath(s.path, home) === dir);
    if (here.length > 0) {
      candidates = here;
    } else {
      // The directory is a project's root, or a worktree of one nothing runs in now: its project's sessions.
      const projectIds = new Set(others.filter((s) => inProject(s, o.project, home)).map((s) => s.projectId));
      candidates = others.filter((s) => projectIds.has(s.projectId));
    }
  } else {
    where = `project ${goQuote(o.project)}`;
    candidates = others.filter((s) => inProject(s, o.project, home));
  }
  if (candidates.length === 1) return candidates[0]!;
  if (candidates.length > 1) {
    throw new RelayError(
      `${candidates.length} live sessions are running in ${where}: ${candidates.map((s) => `${goQuote(s.label)} (${s.path})`).join(', ')} — pick one with --session; lich sessions --json lists each with its path`,
    );
  }
  const known =
    others.length === 0 ? 'No other session is live.' : `Live sessions: ${others.map((s) => `${goQuote(s.label)} (${s.name})`).join(', ')}.`;
  throw new RelayError(`no live session is running in ${where}. ${known}`);
}

/**
 * Pastes text at live sessions' prompts. One per backend; `close()` lets every waiting insert go
 * (it fails saying lich is quitting).
 */
export class Inserter {
  private readonly waiting = new Set<() => void>();
  private closed = false;

  constructor(
    private readonly host: InsertHost,
    private readonly pollMs = 250,
  ) {}

  /**
   * `relay.Insert`: resolves the target, checks the text, waits up to `timeoutSeconds` (≤ 0 → 10,
   * capped at 1800) for the session to be at its prompt, then writes the text as one paste —
   * bracketed when its program asked for bracketed paste — and nothing after it. A half-written
   * line at the prompt is no reason to wait: the text goes after it.
   *
   * @throws RelayError the resolution refusals of {@link resolveInsertTarget}; the text refusals
   *   of {@link checkInsert}; `"<label>" is waiting on a permission prompt: …` (before and after
   *   the wait); `"<label>" is still running its checkout's setup script: …` and
   *   `"<label>" was still not at its prompt after <n>s: …` when the wait runs out;
   *   `"<label>" ended before the text could be inserted`; `"<label>" cannot take this text whole:
   *   <reason> — nothing was inserted; …` for a program that never turned on bracketed paste
   *   when the text has a newline, or a line its line-reading terminal would cut
   *   (terminal/paste.ts); `the insert was cancelled …` when the caller hung up.
   */
  async insert(o: InsertOptions, signal?: AbortSignal): Promise<Inserted> {
    if (this.closed) throw new RelayError(QUITTING);
    const target = resolveInsertTarget(this.host.liveSessions(), o, this.host.home ?? homedir());
    const text = checkInsert(o.text);
    this.refuseWaiting(target);
    const seconds = waitSeconds(o.timeoutSeconds);
    await this.untilReady(target, seconds, signal);
    this.refuseWaiting(target);
    try {
      await this.host.paste(target.id, text);
    } catch (err) {
      if ((err as Error)?.name === 'PasteRefusal') {
        throw new RelayError(
          `${goQuote(target.label)} cannot take this text whole: ${(err as Error).message} — nothing was inserted; insert it a line at a time, or the path of a file holding it`,
        );
      }
      throw new RelayError(`${goQuote(target.label)} ended before the text could be inserted`);
    }
    return { id: target.id, label: target.label, project: target.project, kind: target.kind, bytes: Buffer.byteLength(text, 'utf8') };
  }

  /** Lets every waiting insert go; later ones are refused. */
  close(): void {
    this.closed = true;
    for (const wake of [...this.waiting]) wake();
  }

  // A permission dialog reads what is typed, not the prompt (spec/cli.md § lich insert).
  private refuseWaiting(target: RelaySession): void {
    if (this.host.state(target.id) === 'waiting') {
      throw new RelayError(
        `${goQuote(target.label)} is waiting on a permission prompt: what is typed there is read by the dialog, not the prompt — answer it in that card, then insert again`,
      );
    }
  }

  private async untilReady(target: RelaySession, seconds: number, signal?: AbortSignal): Promise<void> {
    const deadline = this.host.now() + seconds * 1000;
    for (;;) {
      if (!this.host.live(target.id)) throw new RelayError(`${goQuote(target.label)} ended before the text could be inserted`);
      if (this.host.ready(target.id)) return;
      if (this.closed) throw new RelayError(QUITTING);
      if (signal?.aborted) throw new RelayError('the insert was cancelled before the session was at its prompt: nothing was inserted');
      if (this.host.now() >= deadline) {
        if (this.host.inSetup(target.id)) {
          throw new RelayError(
            `${goQuote(target.label)} is still running its checkout's setup script, so no prompt is there to take the text: nothing was inserted — insert it again once its agent is up`,
          );
        }
        throw new RelayError(
          `${goQuote(target.label)} was still not at its prompt after ${seconds}s: its agent may still be starting — nothing was inserted; insert it again once its card shows a prompt`,
        );
      }
      await this.sleep(Math.min(this.pollMs, Math.max(1, deadline - this.host.now())), signal);
    }
  }

  private sleep(ms: number, signal?: AbortSignal): Promise<void> {
    return new Promise((resolve) => {
      const wake = () => {
        clearTimeout(timer);
        signal?.removeEventListener('abort', wake);
        this.waiting.delete(wake);
        resolve();
      };
      const timer = setTimeout(wake, ms);
      signal?.addEventListener('abort', wake, { once: true });
      this.waiting.add(wake);
    });
  }
}

const QUITTING = 'lich is quitting: it is ending every session and takes no new work — start lich again, then retry';

/** The prompt wait in whole seconds: ≤ 0 (or not a number) is the default 10, above 1800 capped. */
export function waitSeconds(timeoutSeconds: number): number {
  const s = Number.isFinite(timeoutSeconds) ? Math.trunc(timeoutSeconds) : 0;
  if (s <= 0) return defaultInsertWaitSeconds;
  return Math.min(s, maxInsertWaitSeconds);
}
