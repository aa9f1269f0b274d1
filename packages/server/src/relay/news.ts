/**
 * What the relay tells a watcher about its errands (`Relay.onErrand`): the web view's list of
 * errands in flight and recently settled — who asked whom, under which ticket, how it stands and
 * how it ended. A copy taken at the moment, never the errand itself: nothing outside the relay
 * may move an errand.
 */
import { type Errand, isOpen, landing, type OpenPhase } from './errand.js';
import type { Status } from './types.js';

/** One errand as it stood when the relay last moved it. */
export interface ErrandNews {
  ticket: string;
  /** The sender's lich id; `""` for the command line outside a session. */
  from: string;
  targetId: string;
  /** The target's label now (its label at the send when the session is gone). */
  target: string;
  /** The sanitised prompt. */
  prompt: string;
  private: boolean;
  subagent: boolean;
  /**
   * Where the message stands on its way in; meaningful while `status` is `pending`. An ended
   * errand says `delivered` when it got there, else `queued`.
   */
  phase: OpenPhase;
  /** `pending` while the errand is open; then how it ended. */
  status: Status;
  /** The answer, for `answered`; `""` otherwise. */
  answer: string;
}

/** The news of `e`, its target named `target`. */
export function errandNews(e: Errand, target: string, status?: Status): ErrandNews {
  const s = e.state;
  const ended = landing(e);
  return {
    ticket: e.ticket,
    from: e.from,
    targetId: e.targetId,
    target,
    prompt: e.prompt,
    private: e.private,
    subagent: e.subagent,
    phase: isOpen(e) ? (s.phase as OpenPhase) : ended?.wasDelivered ? 'delivered' : 'queued',
    status: status ?? ended?.outcome.status ?? 'pending',
    answer: ended?.outcome.answer ?? '',
  };
}
