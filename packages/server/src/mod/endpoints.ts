/**
 * The mod endpoints (wire.md §§ 11.2, 11.3; spec/mod-control.md), behind the listener's token
 * check:
 *
 * | path | method | answers |
 * |---|---|---|
 * | `/mod/commands?session_id=` | GET | 200 JSON array of commands, held up to 25 s when none are queued |
 * | `/mod/acks` | POST | 204; settles the command acked (mod/hub.ts) |
 * | `/mod/answer` | POST | 204; hands the text to the relay (`deps.answer`) |
 * | `/mod/status?session_id=` | GET | 200 `RelayStatus` JSON (`deps.status`), at once |
 * | `/mod/usage` | POST | 204; records the report as the session's usage (store) |
 *
 * Any other method is 405 `method not allowed`; a missing `session_id` or a body the fixtures
 * refuse is 400 with the reason (mod/validate.ts); an apply that throws is 500 with its message.
 * A report for a session this lich does not hold is accepted like a hook's (hooks/endpoints.ts).
 */
import type { RelayStatus } from '@lich/generated/types';
import { modBodyLimit, type ModAnswer, type ModPath, type ModRequest } from '../listener.js';
import { StoreError, type Store } from '../store/store.js';
import type { Parsed } from '../hooks/validate.js';
import type { ModHub } from './hub.js';
import { parseAck, parseAnswer, parseUsage, type WorkerReport } from './validate.js';

export interface ModDeps {
  hub: ModHub;
  store: Store;
  /**
   * Told the session id of every poll and every accepted report, before it is applied: the
   * session has a plugin talking to lich (`SessionHost.heard`).
   */
  heard?: (sessionId: string) => void;
  /**
   * `POST /mod/answer`: answers the session's single open subagent errand with the report's text
   * (`relay.answerFromMod`), or ends it unanswered (`relay.unansweredFromMod`); else ignores it.
   */
  answer: (report: WorkerReport) => void;
  /** `GET /mod/status`: how the session's errands stand (`relay.status`). */
  status: (sessionId: string) => RelayStatus;
  log?: (line: string) => void;
}

const METHOD: Record<ModPath, 'GET' | 'POST'> = {
  '/mod/commands': 'GET',
  '/mod/acks': 'POST',
  '/mod/answer': 'POST',
  '/mod/status': 'GET',
  '/mod/usage': 'POST',
};

const json = (value: unknown, settled?: ModAnswer['settled']): ModAnswer => ({
  status: 200,
  body: `${JSON.stringify(value)}\n`,
  contentType: 'application/json',
  ...(settled ? { settled } : {}),
});

/**
 * Answers one request to a mod path. Only `GET /mod/commands` waits (on the hub, until a
 * command comes, its hold runs out, or `req.signal` aborts); its answer's `settled` tells the
 * hub whether the commands it carries reached the wire, so none is lost to a client that
 * hung up.
 */
export async function handleMod(d: ModDeps, req: ModRequest): Promise<ModAnswer> {
  if (req.method !== METHOD[req.path]) return { status: 405, body: 'method not allowed' };
  try {
    switch (req.path) {
      case '/mod/commands': {
        const id = req.query.get('session_id') ?? '';
        if (id === '') return { status: 400, body: 'session_id is required' };
        d.heard?.(id);
        const h = await d.hub.take(id, req.plugin, req.signal);
        return json(h.commands, (written) => (written ? h.written() : h.lost()));
      }
      case '/mod/status': {
        const id = req.query.get('session_id') ?? '';
        if (id === '') return { status: 400, body: 'session_id is required' };
        return json(d.status(id));
      }
      case '/mod/acks':
        return await report(req, parseAck, (a) => {
          d.heard?.(a.session_id);
          d.hub.ack(a);
        });
      case '/mod/answer':
        return await report(req, parseAnswer, (a) => {
          d.heard?.(a.session_id);
          d.answer(a);
        });
      case '/mod/usage':
        return await report(req, parseUsage, async (u) => {
          d.heard?.(u.session_id);
          await d.store.setUsage(u);
        });
    }
  } catch (err) {
    // A store failure worded for a person (a full disk, a lock held too long) is expected: its
    // one line. Anything else is not, and its stack is for lich rage.
    d.log?.(`${req.path} failed: ${err instanceof StoreError ? err.message : ((err as Error)?.stack ?? String(err))}`);
    return { status: 500, body: (err as Error)?.message ?? String(err) };
  }
}

async function report<T>(req: ModRequest, parse: (raw: string) => Parsed<T>, apply: (value: T) => void | Promise<void>): Promise<ModAnswer> {
  if (req.body === null) return { status: 400, body: `body is over the ${modBodyLimit(req.path)}-byte limit` };
  const parsed = parse(req.body.toString('utf8'));
  if (!parsed.ok) return { status: 400, body: parsed.reason };
  await apply(parsed.value);
  return { status: 204 };
}
