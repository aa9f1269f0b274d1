/**
 * `relay.Insert` (spec/cli.md § lich insert; wire.md § 8.2, insert cap): text pasted at a live
 * session's prompt and left there — a bracketed paste and no Enter, so the person at that
 * session reads what landed and sends it themselves. It is what an editor plugin calls, so
 * besides the `<session>` send takes, it finds the session by where it runs: `project` by name
 * or by directory, exactly one live session there, and a session running in that very
 * directory wins over the others of its project.
 *
 * It is part of the relay (`Relay.insert`), and reaches a session only through the relay's seam
 * (`RelayHost.paste`, in turn with the relay's typing there), but runs no errand: no ticket,
 * nothing to answer.
 */
import { goQuote } from '@lich/core/quote';
import { cutName, quoteName } from '@lich/core/names';
import { waitSeconds as theWait } from '@lich/core/errands';
import { INSERT_DEFAULT_WAIT_SECONDS } from '@lich/core/timeouts';
import { insertRefusal } from '@lich/core/workspace-wording';
import { sleep } from '../clock.js';
import { RelayError } from './errors.js';
import { PasteRefusal, type RelayHost, type RelaySession } from './host.js';
import { expandPath, inProject, isDirectory, resolveTarget } from './resolve.js';
import { sanitize } from './text.js';
import type { Inserted, RelayInsertOptions as InsertOptions } from '@lich/generated/types';

/**
 * What an insert needs of the relay's seam: the sessions, their terminals and the clock
 * (RelayHost's), with `paste` queued behind the relay's own typing at that session.
 */
export type InsertHost = Pick<RelayHost, 'liveSessions' | 'settled' | 'live' | 'state' | 'paste' | 'clock'> & {
  /** Whether its PTY is still running the checkout's setup script (RelayHost.inSetup). */
  inSetup(id: string): boolean;
};

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
    where = `project ${quoteName(o.project)}`;
    candidates = others.filter((s) => inProject(s, o.project, home));
  }
  if (candidates.length === 1) return candidates[0]!;
  if (candidates.length > 1) {
    throw new RelayError(
      `${candidates.length} live sessions are running in ${where}: ${candidates.map((s) => `${quoteName(s.label)} (${s.path})`).join(', ')} — pick one with --session; lich sessions --json lists each with its path`,
    );
  }
  const known =
    others.length === 0 ? 'No other session is live.' : `Live sessions: ${others.map((s) => `${quoteName(s.label)} (${cutName(s.name)})`).join(', ')}.`;
  throw new RelayError(`no live session is running in ${where}. ${known}`);
}

/**
 * Pastes text at live sessions' prompts. One per backend; `close()` lets every waiting insert go
 * (it fails saying lich is quitting).
 */
export class Inserter {
  private readonly waiting = new Set<() => void>();
  private closed = false;

  /**
   * @param o.home HOME, for a `~/…` project.
   * @param o.pollMs how often a session not at its prompt yet is looked at again, ms (default 250).
   */
  constructor(
    private readonly host: InsertHost,
    private readonly o: { home: string; pollMs?: number },
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
    const target = resolveInsertTarget(this.host.liveSessions(), o, this.o.home);
    const text = checkInsert(o.text);
    this.refuseWaiting(target);
    const seconds = waitSeconds(o.timeoutSeconds);
    await this.untilReady(target, seconds, signal);
    this.refuseWaiting(target);
    try {
      await this.host.paste(target.id, text);
    } catch (err) {
      if (err instanceof PasteRefusal) {
        throw new RelayError(
          `${goQuote(target.label)} cannot take this text whole: ${err.message} — nothing was inserted; insert it a line at a time, or the path of a file holding it`,
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
    const { clock } = this.host;
    const deadline = clock.now() + seconds * 1000;
    for (;;) {
      if (!this.host.live(target.id)) throw new RelayError(`${goQuote(target.label)} ended before the text could be inserted`);
      // Not ready(): a person's draft holds the relay's typing, never an insert (spec/cli.md § lich insert).
      if (this.host.settled(target.id)) return;
      if (this.closed) throw new RelayError(QUITTING);
      if (signal?.aborted) throw new RelayError('the insert was cancelled before the session was at its prompt: nothing was inserted');
      if (clock.now() >= deadline) {
        if (this.host.inSetup(target.id)) {
          throw new RelayError(
            `${goQuote(target.label)} is still running its checkout's setup script, so no prompt is there to take the text: nothing was inserted — insert it again once its agent is up`,
          );
        }
        throw new RelayError(
          `${goQuote(target.label)} was still not at its prompt after ${seconds}s: its agent may still be starting — nothing was inserted; insert it again once its card shows a prompt`,
        );
      }
      await sleep(clock, Math.min(this.o.pollMs ?? 250, Math.max(1, deadline - clock.now())), signal, (wake) => {
        this.waiting.add(wake);
        return () => this.waiting.delete(wake);
      });
    }
  }
}

const QUITTING = 'lich is quitting: it is ending every session and takes no new work — start lich again, then retry';

/**
 * The prompt wait: the wait rule with the insert's default (≤ 0 or not a number is 10, above 1800
 * capped), in whole seconds, as its refusal names them.
 */
export function waitSeconds(timeoutSeconds: number): number {
  return theWait(Math.trunc(timeoutSeconds), INSERT_DEFAULT_WAIT_SECONDS);
}
