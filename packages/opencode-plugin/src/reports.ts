/**
 * What the opencode plugin reports to lich (wire.md § 11.1), from opencode's events: the
 * session started (`/session-start`, provider `opencode`, opencode's own session id), and its
 * state — `busy` when a prompt starts, `done` when the session goes idle, `waiting` while a
 * permission ask is open. That gives an opencode session a `state` in `lich sessions`, and its
 * errands the unread and unanswered detection.
 *
 * The event names and shapes are the ones `@opencode-ai/plugin`'s `Hooks.event` is typed with
 * (`@opencode-ai/sdk`: `session.created`, `session.updated`, `session.status` with `busy` /
 * `retry` / `idle`, `session.idle`, `permission.updated`, `permission.replied`), plus the
 * current permission event of `@opencode-ai/sdk/v2`, `permission.asked`.
 *
 * Nothing here throws or rejects into opencode: reports go out one after another on a queue of
 * their own, and one that fails is logged and dropped.
 */
import type { Hooks } from '@opencode-ai/plugin';
import { type PluginEndpoint, type ReportResult, reportSessionStart, reportState, type StateReport } from '@lich/core';

/** One event as the `event` hook receives it; read defensively, since opencode adds kinds. */
export type OpencodeEvent = Parameters<NonNullable<Hooks['event']>>[0]['event'] | { type: string; properties?: unknown };

/** The plugin's reporting side. */
export interface SessionReporter {
  /** The `event` hook: reads the event and queues what it means for lich; resolves at once. */
  event(input: { event: OpencodeEvent }): Promise<void>;
  /** Resolves once every report queued so far was sent or dropped. Never rejects. */
  settled(): Promise<void>;
}

/**
 * Builds the reporter of one opencode process in one lich session.
 *
 * Which opencode session is the lich session's: the root one (no `parentID`) that was created or
 * started a turn last — a subagent's child session runs inside the parent's turn, so its own
 * busy and idle say nothing about the card. Its id is reported with `/session-start` whenever it
 * changes (a new session, `/new`, a resumed one), before its state.
 *
 * @param log receives one line per dropped report; defaults to nothing.
 */
export function sessionReporter(ep: PluginEndpoint, log: (line: string) => void = () => {}): SessionReporter {
  /** Child sessions (subagents), whose turns are the parent's. */
  const children = new Set<string>();
  /** The opencode session last reported with `/session-start`. */
  let started: string | undefined;
  /** The state last queued, and its reason: the same state twice is one report. */
  let last: { state: StateReport['state']; reason: string } | undefined;
  let queue: Promise<void> = Promise.resolve();

  const enqueue = (what: string, report: () => Promise<ReportResult>, onFailure?: () => void) => {
    queue = queue.then(async () => {
      try {
        const result = await report();
        if (!result.ok) {
          onFailure?.();
          log(`lich: ${what} not reported: ${result.reason}`);
        }
      } catch (error) {
        onFailure?.();
        log(`lich: ${what} not reported: ${(error as Error).message}`);
      }
    });
  };

  const adopt = (sessionId: string) => {
    if (started === sessionId) return;
    started = sessionId;
    // A start lich never heard is sent again with the next turn.
    enqueue('session start', () => reportSessionStart(ep, { provider_session_id: sessionId, provider: 'opencode' }), () => {
      if (started === sessionId) started = undefined;
    });
  };

  const state = (next: StateReport['state'], reason = '') => {
    if (last && last.state === next && last.reason === reason) return;
    // A done with no turn before it (opencode idles at start) would end a turn lich never saw.
    if (next === 'done' && last?.state !== 'busy' && last?.state !== 'waiting') return;
    last = { state: next, reason };
    enqueue(`state ${next}`, () => reportState(ep, next === 'waiting' ? { state: next, reason } : { state: next }));
  };

  const root = (sessionId: unknown): sessionId is string => typeof sessionId === 'string' && sessionId !== '' && !children.has(sessionId);

  function read(event: OpencodeEvent): void {
    const props = (event.properties ?? {}) as Record<string, unknown>;
    switch (event.type) {
      case 'session.created':
      case 'session.updated': {
        const info = (props.info ?? {}) as { id?: unknown; parentID?: unknown };
        if (typeof info.id !== 'string') return;
        if (typeof info.parentID === 'string' && info.parentID !== '') children.add(info.id);
        else if (event.type === 'session.created') adopt(info.id);
        return;
      }
      case 'session.status': {
        if (!root(props.sessionID)) return;
        const type = (props.status as { type?: unknown } | undefined)?.type;
        if (type === 'busy' || type === 'retry') {
          adopt(props.sessionID);
          state('busy');
        } else if (type === 'idle') state('done');
        return;
      }
      case 'session.idle':
        if (root(props.sessionID)) state('done');
        return;
      case 'permission.updated':
      case 'permission.asked':
        // Any session's ask blocks the turn, a subagent's included: the user answers it here.
        state('waiting', permissionReason(props));
        return;
      case 'permission.replied':
        if (last?.state === 'waiting') state('busy');
        return;
    }
  }

  return {
    async event({ event }) {
      try {
        read(event);
      } catch (error) {
        log(`lich: an opencode event could not be read: ${(error as Error).message}`);
      }
    },
    settled: () => queue,
  };
}

/**
 * What a waiting session is blocked on: a `permission.updated` ask's title (`Run command: ls`),
 * or a `permission.asked` one's permission and patterns (`bash: rm -rf build`).
 */
function permissionReason(props: Record<string, unknown>): string {
  if (typeof props.title === 'string' && props.title.trim() !== '') return props.title.trim();
  const permission = typeof props.permission === 'string' ? props.permission : '';
  const patterns = Array.isArray(props.patterns) ? props.patterns.filter((p): p is string => typeof p === 'string') : [];
  if (permission === '') return patterns.join(', ');
  return patterns.length > 0 ? `${permission}: ${patterns.join(', ')}` : permission;
}
