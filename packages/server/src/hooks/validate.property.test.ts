// Properties of the session hook body parsers (wire.md § 11.1) over arbitrary bodies — bytes that
// are not JSON, JSON of every shape, and near-valid bodies with fields of every type: none
// throws; a refusal is one of the parser's own sentences; an accepted report is normalised as
// the fixtures say (a known state, fields trimmed and at most 120 runes, detail only with a tool,
// reason only while waiting, a provider session id that names no path).
import { describe, expect } from 'vitest';
import { fc, it } from '@fast-check/vitest';
import { FIELD_RUNES, HOOK_STATES, parseStartReport, parseStateReport, parseTitleReport, parseTouchedReport } from './validate.js';
import { NAME_LIMIT } from '@lich/core/limits';
import { nameLength } from '@lich/core/names';

const REASONS = new Set([
  'body must be a JSON object',
  'session_id must be a string',
  'session_id is required',
  `state must be one of ${HOOK_STATES.join(', ')}`,
  'tool must be a string',
  'detail must be a string',
  'reason must be a string',
  'provider_session_id must be a string',
  'provider_session_id is required',
  'provider_session_id must not contain / \\ * ? [ ] or ..',
  'provider must be a string',
  'provider must be a registered provider id',
  'title is required and must not be blank',
]);
const REGISTERED = ['claude', 'codex', 'example'];

/** A field value of any JSON type, strings weighted towards the edges (blank, long, escapes). */
const field = fc.oneof(
  { weight: 4, arbitrary: fc.string({ unit: 'binary', maxLength: 20 }) },
  { weight: 2, arbitrary: fc.string({ unit: fc.constantFrom(' ', '\t', '\n', 'x', 'é', '😀', '/', '..', '*', '\x00'), maxLength: 200 }) },
  { weight: 2, arbitrary: fc.constantFrom(...HOOK_STATES, 'interrupted', 'Busy', '', 'claude', 'codex', 'aider', 's1') },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
);
const body = fc.record(
  { session_id: field, state: field, tool: field, detail: field, reason: field, provider_session_id: field, provider: field, title: field },
  { requiredKeys: [] },
);
/** A raw body: JSON of a near-valid object, any JSON, or bytes that may not be JSON at all. */
const raw = fc.oneof(
  { weight: 5, arbitrary: body.map((b) => JSON.stringify(b)) },
  { weight: 1, arbitrary: fc.json({ maxDepth: 4 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 60 }) },
  { weight: 1, arbitrary: fc.integer({ min: 1, max: 3000 }).map((n) => `${'['.repeat(n)}${']'.repeat(n)}`) },
);

const runes = (s: string) => [...s].length;

describe('the session hook parsers over arbitrary bodies', () => {
  it.prop([raw], { numRuns: 500 })('POST /hook: a known refusal, or a normalised state report', (r) => {
    const p = parseStateReport(r);
    if (!p.ok) return void expect(REASONS.has(p.reason)).toBe(true);
    const v = p.value;
    expect(v.session_id).not.toBe('');
    expect(HOOK_STATES).toContain(v.state);
    for (const f of [v.tool, v.detail, v.reason]) {
      expect(runes(f)).toBeLessThanOrEqual(FIELD_RUNES);
      expect(f).toBe(f.trim());
    }
    if (v.tool === '') expect(v.detail).toBe('');
    if (v.state !== 'waiting') expect(v.reason).toBe('');
  });

  it.prop([raw], { numRuns: 500 })('POST /session-start: a known refusal, or a registered provider and an id that names no path', (r) => {
    const p = parseStartReport(r, REGISTERED);
    if (!p.ok) return void expect(REASONS.has(p.reason)).toBe(true);
    expect(p.value.session_id).not.toBe('');
    expect(REGISTERED).toContain(p.value.provider);
    expect(/[/\\*?[\]]/.test(p.value.provider_session_id) || p.value.provider_session_id.includes('..')).toBe(false);
    expect(p.value.provider_session_id).not.toBe('');
  });

  it.prop([raw], { numRuns: 500 })('POST /session-title and /session-touched: a known refusal, or a session id and a trimmed title free of control characters', (r) => {
    const t = parseTitleReport(r);
    if (!t.ok) expect(REASONS.has(t.reason)).toBe(true);
    else {
      expect(t.value.title).toBe(t.value.title.trim());
      expect(t.value.title).not.toMatch(/[\x00-\x1f\x7f]/);
      expect(t.value.title).not.toBe('');
      // It becomes the label while the user has not renamed the session: bounded as a label is.
      expect(nameLength(t.value.title)).toBeLessThanOrEqual(NAME_LIMIT);
    }
    const u = parseTouchedReport(r);
    if (!u.ok) expect(REASONS.has(u.reason)).toBe(true);
    else expect(u.value.session_id).not.toBe('');
  });
});

describe('a provider\'s title over the bound a label has (issue 22)', () => {
  it('is kept, cut to the bound, rather than refused: it is the provider\'s own name for the session, not one the user gave', () => {
    const t = parseTitleReport(JSON.stringify({ session_id: 's1', title: `  ${'t'.repeat(4000)}  ` }));
    expect(t).toEqual({ ok: true, value: { session_id: 's1', title: `${'t'.repeat(NAME_LIMIT - 1)}…` } });
  });
});
