/**
 * Validation and normalisation of the session hook bodies (wire.md § 11.1), exactly as the
 * upstream fixtures `fixtures/session-*.jsonl` say: a body is accepted with its fields
 * normalised, or rejected with the fixture's reason sentence (answered as 400).
 *
 * Pure functions over the raw body text, so the contract can be replayed without a listener.
 */
import { cleanName, cutName } from '@lich/core/names';


/** States a plugin may report. `interrupted` is lich's own and refused here. */
export const HOOK_STATES = ['busy', 'done', 'waiting', 'idle', 'compacting'] as const;
export type HookState = (typeof HOOK_STATES)[number];

/** Longest tool / detail / reason kept, in runes (code points). */
export const FIELD_RUNES = 120;

export type Parsed<T> = { ok: true; value: T } | { ok: false; reason: string };

/** `POST /hook` after normalisation. */
export interface StateReport {
  session_id: string;
  state: HookState;
  /** Trimmed, ≤ 120 runes; `""` when none. */
  tool: string;
  /** Trimmed, ≤ 120 runes; `""` without a tool. */
  detail: string;
  /** Trimmed, ≤ 120 runes; `""` unless the state is `waiting`. */
  reason: string;
  /** The conversation that fired the report, as the plugin sent it; `""` when it named none. */
  provider_session_id: string;
}

/** `POST /session-start` after normalisation. */
export interface StartReport {
  session_id: string;
  provider_session_id: string;
  /** Registered provider id; `claude` when absent. */
  provider: string;
}

/** `POST /session-title` after normalisation. */
export interface TitleReport {
  session_id: string;
  /** Trimmed, never blank. */
  title: string;
}

/** `POST /session-touched` after normalisation; every other field is ignored. */
export interface TouchedReport {
  session_id: string;
}

// Shared with mod/validate.ts, which reads the mod bodies by the same conventions.

/** A refusal, answered as 400 with `reason`. */
export const reject = (reason: string): { ok: false; reason: string } => ({ ok: false, reason });

/** The body as a JSON object, or the refusal's reason when it is not one. */
export function object(raw: string): Record<string, unknown> | string {
  let v: unknown;
  try {
    v = JSON.parse(raw);
  } catch {
    return 'body must be a JSON object';
  }
  if (typeof v !== 'object' || v === null || Array.isArray(v)) return 'body must be a JSON object';
  return v as Record<string, unknown>;
}

/** A string field: absent/null → `""`; any other non-string → undefined (a type error). */
export function text(body: Record<string, unknown>, key: string): string | undefined {
  const v = body[key];
  if (v === undefined || v === null) return '';
  return typeof v === 'string' ? v : undefined;
}

/** Trimmed and capped at {@link FIELD_RUNES} runes. */
export function capped(s: string): string {
  const t = s.trim();
  const runes = [...t];
  return runes.length > FIELD_RUNES ? runes.slice(0, FIELD_RUNES).join('').trimEnd() : t;
}

/** A required, non-empty string field, or the reason it is not one (`<label> is required`). */
export function required(body: Record<string, unknown>, key: string, label = key): string | { reason: string } {
  const v = text(body, key);
  if (v === undefined) return { reason: `${label} must be a string` };
  if (v === '') return { reason: `${label} is required` };
  return v;
}

/** `POST /hook`: session_id required; state one of {@link HOOK_STATES}, case-sensitive. */
export function parseStateReport(raw: string): Parsed<StateReport> {
  const body = object(raw);
  if (typeof body === 'string') return reject(body);
  const id = required(body, 'session_id');
  if (typeof id !== 'string') return reject(id.reason);
  const state = body.state;
  if (typeof state !== 'string' || !(HOOK_STATES as readonly string[]).includes(state)) {
    return reject(`state must be one of ${HOOK_STATES.join(', ')}`);
  }
  const fields: Record<'tool' | 'detail' | 'reason', string> = { tool: '', detail: '', reason: '' };
  for (const k of ['tool', 'detail', 'reason'] as const) {
    const v = text(body, k);
    if (v === undefined) return reject(`${k} must be a string`);
    fields[k] = capped(v);
  }
  const conversation = text(body, 'provider_session_id');
  if (conversation === undefined) return reject('provider_session_id must be a string');
  return {
    ok: true,
    value: {
      session_id: id,
      state: state as HookState,
      tool: fields.tool,
      detail: fields.tool ? fields.detail : '',
      reason: state === 'waiting' ? fields.reason : '',
      provider_session_id: conversation.trim(),
    },
  };
}

/**
 * `POST /session-start`: both ids required; provider defaults to `claude` and must be one of
 * `registered`; the provider's session id may name no path or glob (it ends up in resume argv
 * and file lookups).
 */
export function parseStartReport(raw: string, registered: readonly string[]): Parsed<StartReport> {
  const body = object(raw);
  if (typeof body === 'string') return reject(body);
  const id = required(body, 'session_id');
  if (typeof id !== 'string') return reject(id.reason);
  const psid = text(body, 'provider_session_id');
  if (psid === undefined) return reject('provider_session_id must be a string');
  if (psid === '') return reject('provider_session_id is required');
  if (/[/\\*?[\]]/.test(psid) || psid.includes('..')) {
    return reject('provider_session_id must not contain / \\ * ? [ ] or ..');
  }
  const provider = text(body, 'provider');
  if (provider === undefined) return reject('provider must be a string');
  const p = provider === '' ? 'claude' : provider;
  if (!registered.includes(p)) return reject('provider must be a registered provider id');
  return { ok: true, value: { session_id: id, provider_session_id: psid, provider: p } };
}

/**
 * `POST /session-title`: session_id required; title trimmed and not blank (wire.md § 11.1), and
 * stripped of control characters as a label is (core's `cleanName`): a title becomes the
 * session's label while the user has not renamed it, so it is a column of `lich sessions` — and
 * cut to the bound a label has (`NAME_LIMIT`, core's `cutName`).
 */
export function parseTitleReport(raw: string): Parsed<TitleReport> {
  const body = object(raw);
  if (typeof body === 'string') return reject(body);
  const id = required(body, 'session_id');
  if (typeof id !== 'string') return reject(id.reason);
  const title = text(body, 'title');
  const clean = title === undefined ? '' : cleanName(title);
  if (clean === '') return reject('title is required and must not be blank');
  // A provider's own title, not a name the user gave: kept, cut to the bound a label has (issue 22).
  return { ok: true, value: { session_id: id, title: cutName(clean) } };
}

/** `POST /session-touched`: session_id required; extra fields ignored. */
export function parseTouchedReport(raw: string): Parsed<TouchedReport> {
  const body = object(raw);
  if (typeof body === 'string') return reject(body);
  const id = required(body, 'session_id');
  if (typeof id !== 'string') return reject(id.reason);
  return { ok: true, value: { session_id: id } };
}
