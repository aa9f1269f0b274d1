/**
 * The session hook endpoints (wire.md § 11.1): validate and normalise as `validate.ts` says,
 * then apply to the store — and, for a state, to the relay. 204 applied; 400 with the reason;
 * 500 when applying failed (a write the store refused: its one sentence, store/store.ts).
 *
 * A write may wait for another program's lock on the database (Store.write): the answer waits
 * with it, on the event loop's time, not in it. A state is handed to the relay as soon as its
 * write is asked for — in order behind the writes before it — so an errand does not wait on a
 * lock the relay does not need.
 *
 * A report for a session this lich does not hold is accepted and changes nothing: the hook runs
 * in whatever process a plugin was started from, and refusing it would only surface as a
 * plugin error in a session that has no card here. So is a state report that names another
 * conversation than the one the session's `/session-start` recorded ({@link ownConversation}).
 */
import type { HookAnswer, HookPath } from '../listener.js';
import { HOOK_BODY_LIMIT } from '../listener.js';
import type { Providers } from '../providers/providers.js';
import { StoreError, type Store } from '../store/store.js';
import { parseStartReport, parseStateReport, parseTitleReport, parseTouchedReport, type Parsed } from './validate.js';

export interface HookDeps {
  store: Store;
  providers: Providers;
  /** Hands an accepted state to the relay (`relay.observe`). */
  observe: (sessionId: string, state: string) => void;
  /**
   * Told the session id of every accepted report, on any of the four endpoints, before it is
   * applied: the session has a plugin talking to lich (`SessionHost.heard`).
   */
  heard?: (sessionId: string) => void;
  /**
   * Told the session id of every accepted `/session-start`, after it is applied: the session's
   * plugin says its provider has started, which makes the session ready to be typed at
   * (`SessionHost.started`).
   */
  started?: (sessionId: string) => void;
  log?: (line: string) => void;
}

/** Answers one hook POST. `body` is null when it was over the 4 KiB limit. */
export async function handleHook(d: HookDeps, path: HookPath, body: Buffer | null): Promise<HookAnswer> {
  if (body === null) return { status: 400, body: `body is over the ${HOOK_BODY_LIMIT}-byte limit` };
  const raw = body.toString('utf8');
  try {
    switch (path) {
      case '/hook':
        return await apply(parseStateReport(raw), async (r) => {
          if (!ownConversation(d.store, r.session_id, r.provider_session_id)) return;
          d.heard?.(r.session_id);
          if (!d.store.session(r.session_id)) return;
          // Asked for before the relay hears it: a write the relay's reaction makes (a worker
          // parked at its done) comes after this one, as the turn's own order has it.
          const written = d.store.setState(r.session_id, r);
          written.catch(() => {});
          d.observe(r.session_id, r.state);
          await written;
        });
      case '/session-start': {
        let registered: string[];
        try {
          registered = d.providers.ids();
        } catch (err) {
          return { status: 500, body: (err as Error).message };
        }
        return await apply(parseStartReport(raw, registered), async (r) => {
          d.heard?.(r.session_id);
          await d.store.setProviderSession(r.session_id, r.provider, r.provider_session_id);
          d.started?.(r.session_id);
        });
      }
      case '/session-title':
        return await apply(parseTitleReport(raw), async (r) => {
          d.heard?.(r.session_id);
          await d.store.setTitle(r.session_id, r.title);
        });
      case '/session-touched':
        return await apply(parseTouchedReport(raw), async (r) => {
          d.heard?.(r.session_id);
          await d.store.touch(r.session_id);
        });
    }
  } catch (err) {
    // A store failure worded for a person (a full disk, a lock held too long) is expected: its
    // one line. Anything else is not, and its stack is for lich rage.
    d.log?.(`${path} failed: ${err instanceof StoreError ? err.message : ((err as Error)?.stack ?? String(err))}`);
    return { status: 500, body: (err as Error)?.message ?? String(err) };
  }
}

/**
 * Whether a state report is the card's own: it names no conversation, the session has recorded
 * none yet, or it names the one the session's `/session-start` recorded. Another one is an agent
 * CLI the session runs as a tool (`claude -p`, `omp -p`, a subagent's own CLI), which inherits
 * the session's `LICH_*` variables and its plugin: its busy and done are not the card's, and a
 * `done` from it would end the card's errand as unanswered (lich-plugin 0.20.0's
 * `provider_session_id` on every report, lich-plugin-modules.md § 15).
 */
function ownConversation(store: Store, sessionId: string, conversation: string): boolean {
  if (conversation === '') return true;
  const recorded = store.session(sessionId)?.providerSessionId ?? '';
  return recorded === '' || recorded === conversation;
}

async function apply<T>(parsed: Parsed<T>, run: (value: T) => Promise<void>): Promise<HookAnswer> {
  if (!parsed.ok) return { status: 400, body: parsed.reason };
  await run(parsed.value);
  return { status: 204 };
}
