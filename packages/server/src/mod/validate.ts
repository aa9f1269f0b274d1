/**
 * Validation and normalisation of the mod report bodies (wire.md §§ 11.2, 11.3), exactly as the
 * upstream fixtures say: `mod-control.jsonl` (`POST /mod/acks`), `mod-answer.jsonl`
 * (`POST /mod/answer`), `mod-usage.jsonl` (`POST /mod/usage`). A body is accepted with its
 * fields normalised, or rejected with the fixture's reason (answered as 400). Fields a body
 * carries beyond these are ignored.
 *
 * Pure functions over the raw body text, like hooks/validate.ts, whose conventions these keep:
 * absent and null read alike, a present field of another type is `<field> must be a string`.
 */
import type { ModUsageBody } from '@lich/generated/types';
import { capped, object, type Parsed, reject, required, text } from '../hooks/validate.js';
import type { ModAck } from './hub.js';

/** The command kinds an ack may name (wire.md § 11.2). */
export const MOD_KINDS = ['prompt', 'abort', 'model', 'effort', 'command', 'ask'] as const;

/** Longest `/mod/answer` text, in UTF-16 code units (wire.md § 11.3). */
export const ANSWER_UNITS = 16_000;

type Body = Record<string, unknown>;

/** A JSON-number field: absent/null → undefined; else the number, or the reason it is none. */
function number(body: Body, key: string, label: string, integer: boolean): number | undefined | { reason: string } {
  const v = body[key];
  if (v === undefined || v === null) return undefined;
  if (typeof v !== 'number' || !Number.isFinite(v)) return { reason: `${label} must be a number` };
  if (integer && !Number.isInteger(v)) return { reason: `${label} must be an integer` };
  return v;
}

const RFC3339 = /^([0-9]{4})-([0-9]{2})-([0-9]{2})[Tt]([0-9]{2}):([0-9]{2}):([0-9]{2})(\.[0-9]+)?(?:[Zz]|[+-]([0-9]{2}):([0-9]{2}))$/;

/**
 * RFC 3339 as Go's `time.RFC3339` reads it: the shape, and a time that exists — month 1–12, a
 * day the month has (leap years counted), hour < 24, minute and second < 60, and an offset of at
 * most 24 hours and 60 minutes (Go's own bounds, format_rfc3339.go). `Date.parse` is no judge of
 * that: V8 reads `2026-02-30` as 2 March.
 */
function rfc3339(s: string): boolean {
  const m = RFC3339.exec(s);
  if (!m) return false;
  const [year, month, day, hour, minute, second] = m.slice(1, 7).map(Number) as [number, number, number, number, number, number];
  if (month < 1 || month > 12 || day < 1 || hour > 23 || minute > 59 || second > 59) return false;
  if (m[8] !== undefined && (Number(m[8]) > 24 || Number(m[9]) > 60)) return false;
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  const days = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1]!;
  return day <= days;
}

/**
 * `POST /mod/acks`: session_id, id and kind required, kind one of {@link MOD_KINDS}; `ok` a
 * boolean, absent read as false; `error` trimmed and capped at 120 runes, left out when empty;
 * `answer` only on an ok `ask` (any other ack carrying one is refused), kept as sent.
 */
export function parseAck(raw: string): Parsed<ModAck> {
  const body = object(raw);
  if (typeof body === 'string') return reject(body);
  const sessionId = required(body, 'session_id');
  if (typeof sessionId !== 'string') return reject(sessionId.reason);
  const id = required(body, 'id');
  if (typeof id !== 'string') return reject(id.reason);
  const kind = required(body, 'kind');
  if (typeof kind !== 'string') return reject(kind.reason);
  if (!(MOD_KINDS as readonly string[]).includes(kind)) return reject('kind must be prompt, abort, model, effort, command or ask');
  const ok = body.ok ?? false;
  if (typeof ok !== 'boolean') return reject('ok must be a boolean');
  const error = text(body, 'error');
  if (error === undefined) return reject('error must be a string');
  const answer = text(body, 'answer');
  if (answer === undefined) return reject('answer must be a string');
  if (answer !== '' && !(kind === 'ask' && ok)) return reject('only an answered ask carries an answer');
  const ack: ModAck = { session_id: sessionId, id, kind: kind as ModAck['kind'], ok };
  const why = capped(error);
  if (why !== '') ack.error = why;
  if (answer !== '') ack.answer = answer;
  return { ok: true, value: ack };
}

/** A worker's report as `/mod/answer` takes it: its text, or that its turn ended with nothing to report. */
export type WorkerReport = { session_id: string; text: string } | { session_id: string; unanswered: 'blank' };

/**
 * `POST /mod/answer`: session_id required; then either text — not blank, at most 16,000 UTF-16
 * units, kept exactly as sent — or `unanswered: "blank"` (lich-plugin 0.20.0), never both.
 */
export function parseAnswer(raw: string): Parsed<WorkerReport> {
  const body = object(raw);
  if (typeof body === 'string') return reject(body);
  const sessionId = required(body, 'session_id');
  if (typeof sessionId !== 'string') return reject(sessionId.reason);
  if (body.unanswered !== undefined) {
    if (body.text !== undefined) return reject('a report is its text or unanswered, not both');
    if (body.unanswered !== 'blank') return reject('unanswered must be "blank"');
    return { ok: true, value: { session_id: sessionId, unanswered: 'blank' } };
  }
  const t = required(body, 'text');
  if (typeof t !== 'string') return reject(t.reason);
  if (t.trim() === '') return reject('a blank text is no answer');
  if (t.length > ANSWER_UNITS) return reject(`text must be at most ${ANSWER_UNITS} UTF-16 units`);
  return { ok: true, value: { session_id: sessionId, text: t } };
}

/**
 * `POST /mod/usage`: session_id and conversation_id required; `context.window` a positive
 * integer, `tokens` a non-negative integer and `percent` an integer 0 to 100 when present;
 * each rate limit a kind, a non-negative `percent_used` and an RFC 3339 `resets_at` when
 * present; `cost_usd` non-negative when present. Absent optional fields stay absent, and
 * `rate_limits: []` stays `[]` (off a subscription, unlike none reported).
 */
export function parseUsage(raw: string): Parsed<ModUsageBody> {
  const body = object(raw);
  if (typeof body === 'string') return reject(body);
  const sessionId = required(body, 'session_id');
  if (typeof sessionId !== 'string') return reject(sessionId.reason);
  const conversationId = required(body, 'conversation_id');
  if (typeof conversationId !== 'string') return reject(conversationId.reason);

  const ctx = body.context ?? {};
  if (typeof ctx !== 'object' || Array.isArray(ctx)) return reject('context must be an object');
  const window = number(ctx as Body, 'window', 'context.window', true);
  if (typeof window === 'object') return reject(window.reason);
  if (window === undefined) return reject('context.window is required');
  if (window <= 0) return reject('context.window must be positive');
  const context: ModUsageBody['context'] = { window };
  const tokens = number(ctx as Body, 'tokens', 'context.tokens', true);
  if (typeof tokens === 'object') return reject(tokens.reason);
  if (tokens !== undefined) {
    if (tokens < 0) return reject('context.tokens must not be negative');
    context.tokens = tokens;
  }
  const percent = number(ctx as Body, 'percent', 'context.percent', true);
  if (typeof percent === 'object') return reject(percent.reason);
  if (percent !== undefined) {
    if (percent < 0 || percent > 100) return reject('context.percent must be 0 to 100');
    context.percent = percent;
  }
  const value: ModUsageBody = { session_id: sessionId, conversation_id: conversationId, context };

  const limits = body.rate_limits;
  if (limits !== undefined && limits !== null) {
    if (!Array.isArray(limits)) return reject('rate_limits must be an array');
    const kept: NonNullable<ModUsageBody['rate_limits']> = [];
    for (const l of limits) {
      if (typeof l !== 'object' || l === null || Array.isArray(l)) return reject('a rate limit must be an object');
      const kind = required(l as Body, 'kind', "a rate limit's kind");
      if (typeof kind !== 'string') return reject(kind.reason);
      const used = number(l as Body, 'percent_used', 'percent_used', false);
      if (typeof used === 'object') return reject(used.reason);
      if (used === undefined) return reject("a rate limit's percent_used is required");
      if (used < 0) return reject('percent_used must not be negative');
      const resets = text(l as Body, 'resets_at');
      if (resets === undefined) return reject('resets_at must be a string');
      if (resets !== '' && !rfc3339(resets)) return reject('resets_at must be RFC 3339');
      kept.push({ kind, percent_used: used, ...(resets !== '' ? { resets_at: resets } : {}) });
    }
    value.rate_limits = kept;
  }

  const cost = number(body, 'cost_usd', 'cost_usd', false);
  if (typeof cost === 'object') return reject(cost.reason);
  if (cost !== undefined) {
    if (cost < 0) return reject('cost_usd must not be negative');
    value.cost_usd = cost;
  }
  return { ok: true, value };
}
