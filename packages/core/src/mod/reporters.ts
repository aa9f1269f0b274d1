/**
 * Typed reporters for a plugin running inside a lich session: the session hooks of wire.md
 * § 11.1 (`/hook`, `/session-start`, `/session-title`, `/session-touched`) and the mod endpoints
 * of § 11.3 (`/mod/usage`, `/mod/answer`, `GET /mod/status`).
 *
 * Every reporter resolves `{ok: true}` once lich took the report (204), or `{ok: false, reason}`
 * — never a throw, never a rejection, since a plugin's report failing must not take down the
 * provider it runs in. A body the contract refuses is not sent at all: the reason comes back
 * without a request (contracts/fixtures/upstream/README.md). `session_id` is always the
 * endpoint's own (`LICH_SESSION_ID`).
 */
import type {
  HookBodies,
  HookPath,
  ModUsageBody,
  RelayStatus,
  SessionStartBody,
  SessionStateBody,
} from '@lich/generated/types';
import { cutText, TRUNCATED } from './cut.js';
import { bodyLimit, type PluginLink, refusalText, utf8Length } from './link.js';

/** What a report came to: taken (204), or why not, one line. */
export type ReportResult = { ok: true } | { ok: false; reason: string };

/**
 * What `GET /mod/status` came to. A failure carries lich's HTTP status when lich answered
 * (`httpStatus`: 404 is a lich older than the endpoint, which a poller stops on).
 */
export type StatusResult = { ok: true; status: RelayStatus } | { ok: false; reason: string; httpStatus?: number };

/** Every endpoint a plugin POSTs to, with the body it takes (generated from contracts/hooks). */
export type ReportBodies = HookBodies;

/** An endpoint a plugin POSTs to. */
export type ReportPath = HookPath;

/** The budget of one report, in milliseconds: lich answers a report at once, or is not there. */
export const REPORT_TIMEOUT_MS = 5000;

/** The most runes of `tool`, `detail` and `reason` lich keeps (wire.md § 11.1). */
const FIELD_RUNES = 120;

/**
 * POSTs `body` to `path` once the contract of `path` takes it.
 *
 * @param body the whole body, `session_id` included: this is the one place every report goes
 *   through, so its check sees exactly the bytes that would be sent.
 * @returns `{ok: true}` on a 2xx; `{ok: false, reason}` when the contract refuses the body (no
 *   request is made: `not sent to <path>: <why>`), when the body is over the endpoint's limit,
 *   when lich refuses it (its error text), or when lich cannot be reached (`reach lich: …`).
 *   Never rejects.
 */
export async function postReport<P extends ReportPath>(
  ep: PluginLink,
  path: P,
  body: ReportBodies[P],
  options: { timeoutMs?: number } = {},
): Promise<ReportResult> {
  try {
    const refusal = await ep.refusal(path, body);
    if (refusal !== undefined) return { ok: false, reason: `not sent to ${path}: ${refusal}` };
  } catch (error) {
    return { ok: false, reason: error instanceof Error ? error.message : String(error) };
  }
  return postUnchecked(ep, path, body, options);
}

/**
 * POSTs `body` to `path` without checking it against the contract — only for the one body the
 * contract of this lich may not know yet: the ack of a command kind this client does not know,
 * echoed so that the newer lich that sent it hears of it (spec/mod-control.md § How it behaves).
 * Everything else goes through {@link postReport}. Never rejects.
 */
export async function postUnchecked(
  ep: PluginLink,
  path: ReportPath,
  body: object,
  options: { timeoutMs?: number } = {},
): Promise<ReportResult> {
  try {
    const text = JSON.stringify(body);
    const bytes = utf8Length(text);
    const limit = bodyLimit(path);
    if (bytes > limit) return { ok: false, reason: `not sent to ${path}: the body is ${bytes} bytes, over its limit of ${limit}` };
    const reply = await ep.exchange({ method: 'POST', path, body: text, timeoutMs: options.timeoutMs ?? REPORT_TIMEOUT_MS });
    if (reply.status >= 200 && reply.status < 300) return { ok: true };
    return { ok: false, reason: `${path}: ${refusalText(reply)}` };
  } catch (error) {
    return { ok: false, reason: error instanceof Error ? error.message : String(error) };
  }
}

/** A session-state report: everything of `POST /hook` but the session id. */
export type StateReport = Omit<SessionStateBody, 'session_id'>;

/**
 * `POST /hook`: what the session is doing (wire.md § 11.1) — `busy` when a turn starts or a tool
 * is about to run (with `tool` and `detail`), `done` when the turn ended, `waiting` on a
 * permission prompt (with `reason`), `idle` when the session ended, `compacting`; with
 * `provider_session_id`, the conversation that fired it, so lich drops a report from an agent
 * CLI the session runs as a tool (a blank one is left out).
 *
 * A `tool`, `detail` or `reason` longer than lich keeps (120 runes) is trimmed and cut to that
 * before sending, so a long shell command never pushes the report past its 4 KiB; shorter ones
 * go as given, and lich trims them.
 */
export function reportState(ep: PluginLink, report: StateReport): Promise<ReportResult> {
  const body: SessionStateBody = { session_id: ep.sessionId, state: report.state };
  if (report.tool !== undefined) body.tool = capRunes(report.tool);
  if (report.detail !== undefined) body.detail = capRunes(report.detail);
  if (report.reason !== undefined) body.reason = capRunes(report.reason);
  // Left out rather than sent empty (lich-plugin-modules.md § 10).
  if (report.provider_session_id) body.provider_session_id = report.provider_session_id;
  return postReport(ep, '/hook', body);
}

/**
 * `POST /session-start`: the provider's own id of the conversation, so lich can resume it
 * (wire.md § 11.1). `provider` is a registered provider id (`opencode`, `claude`, a user-defined
 * one); lich checks that, so an unregistered one comes back as lich's refusal.
 */
export function reportSessionStart(ep: PluginLink, report: Omit<SessionStartBody, 'session_id'>): Promise<ReportResult> {
  return postReport(ep, '/session-start', { session_id: ep.sessionId, ...report });
}

/** `POST /session-title`: the provider's title for the session; a blank one is not sent (wire.md § 11.1). */
export function reportTitle(ep: PluginLink, title: string): Promise<ReportResult> {
  return postReport(ep, '/session-title', { session_id: ep.sessionId, title });
}

/** `POST /session-touched`: the session touched its checkout (an editing tool ran) (wire.md § 11.1). */
export function reportTouched(ep: PluginLink): Promise<ReportResult> {
  return postReport(ep, '/session-touched', { session_id: ep.sessionId });
}

/**
 * `POST /mod/usage`: the context window, rate limits and cost of the session's conversation,
 * at its start and at every turn's end (wire.md § 11.3). `context.window` > 0, `tokens` ≥ 0,
 * `percent` a whole 0–100, `resets_at` RFC 3339, `cost_usd` ≥ 0 in US dollars.
 */
export function reportUsage(ep: PluginLink, usage: Omit<ModUsageBody, 'session_id'>): Promise<ReportResult> {
  return postReport(ep, '/mod/usage', { session_id: ep.sessionId, ...usage });
}

/**
 * `POST /mod/answer`: a subagent worker hands back the report that ends its turn; it answers
 * the session's single open subagent errand, and lich ignores it when none is open (wire.md
 * § 11.3). `text` is kept as written; blank or over 16,000 UTF-16 units is not sent.
 */
export function answerAsWorker(ep: PluginLink, text: string): Promise<ReportResult> {
  return postReport(ep, '/mod/answer', { session_id: ep.sessionId, text });
}

/**
 * `POST /mod/answer` with `unanswered: "blank"` (lich-plugin 0.20.0): a subagent worker's turn
 * that worked on its task ended with nothing to report, its final message blank; lich ends the
 * session's single open subagent errand unanswered rather than leave it open while the card runs.
 */
export function answerAsWorkerBlank(ep: PluginLink): Promise<ReportResult> {
  return postReport(ep, '/mod/answer', { session_id: ep.sessionId, unanswered: 'blank' });
}

/** The longest worker answer `/mod/answer` takes, in UTF-16 units (wire.md § 11.3). */
export const WORKER_ANSWER_LIMIT = 16_000;

/**
 * `text` cut to fit {@link WORKER_ANSWER_LIMIT} with {@link TRUNCATED} as its last line, as an
 * ask's answer is cut (spec/mod-control.md); as it is when it fits. A surrogate pair is never
 * split: the cut falls before it instead.
 */
export function cutWorkerAnswer(text: string): string {
  return cutText(text, WORKER_ANSWER_LIMIT, WORKER_ANSWER_LIMIT - TRUNCATED.length);
}

/**
 * `GET /mod/status`: how the session's errands stand — owed, open, ready — read without
 * waiting and without collecting anything (wire.md § 6, § 11.3).
 *
 * @returns `{ok: true, status}`, or `{ok: false, reason}` when lich refused, could not be
 *   reached, or answered something that is not a relay status. Never rejects.
 */
export async function modStatus(ep: PluginLink, options: { timeoutMs?: number } = {}): Promise<StatusResult> {
  try {
    const reply = await ep.exchange({ method: 'GET', path: '/mod/status', timeoutMs: options.timeoutMs ?? REPORT_TIMEOUT_MS });
    if (reply.status !== 200) return { ok: false, reason: `/mod/status: ${refusalText(reply)}`, httpStatus: reply.status };
    const status = JSON.parse(reply.body) as RelayStatus;
    if (!isRelayStatus(status)) return { ok: false, reason: '/mod/status: lich answered something that is not a relay status' };
    return { ok: true, status };
  } catch (error) {
    return { ok: false, reason: error instanceof SyntaxError ? '/mod/status: lich answered something that is not JSON' : (error as Error).message };
  }
}

function isRelayStatus(value: unknown): value is RelayStatus {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return Array.isArray(v.owed) && Array.isArray(v.open) && Array.isArray(v.ready);
}

/** `text` as lich keeps it when it is longer than that: trimmed, at most 120 code points. */
function capRunes(text: string): string {
  const runes = Array.from(text);
  if (runes.length <= FIELD_RUNES) return text;
  return Array.from(text.trim()).slice(0, FIELD_RUNES).join('');
}
