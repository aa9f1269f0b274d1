/**
 * What the upstream fixtures leave open (their every line is replayed over HTTP in
 * fixtures.test.ts): the refusals of shapes no fixture tries, and the normalisation around them.
 */
import { describe, expect, it } from 'vitest';
import { parseAck, parseAnswer, parseUsage } from './validate.js';

const usage = (extra: Record<string, unknown>, context: Record<string, unknown> = { window: 200000 }) =>
  JSON.stringify({ session_id: 's1', conversation_id: 'c1', context, ...extra });

describe('parseAck', () => {
  it('trims an error, leaves out an empty one, and reads null as absent', () => {
    expect(parseAck(JSON.stringify({ session_id: 's1', id: 'm1', kind: 'abort', ok: false, error: '  no turn is running \n' }))).toEqual({
      ok: true,
      value: { session_id: 's1', id: 'm1', kind: 'abort', ok: false, error: 'no turn is running' },
    });
    expect(parseAck(JSON.stringify({ session_id: 's1', id: 'm1', kind: 'abort', ok: null, error: '   ', answer: '' }))).toEqual({
      ok: true,
      value: { session_id: 's1', id: 'm1', kind: 'abort', ok: false },
    });
  });

  it('caps an error at 120 runes, not UTF-16 units', () => {
    const r = parseAck(JSON.stringify({ session_id: 's1', id: 'm1', kind: 'ask', ok: false, error: '🙂'.repeat(130) }));
    expect(r.ok && [...r.value.error!].length).toBe(120);
  });

  it('refuses fields of the wrong type and a body that is not an object', () => {
    const base = { session_id: 's1', id: 'm1', kind: 'abort', ok: true };
    expect(parseAck(JSON.stringify({ ...base, id: 7 }))).toEqual({ ok: false, reason: 'id must be a string' });
    expect(parseAck(JSON.stringify({ ...base, kind: 3 }))).toEqual({ ok: false, reason: 'kind must be a string' });
    expect(parseAck(JSON.stringify({ ...base, error: 1 }))).toEqual({ ok: false, reason: 'error must be a string' });
    expect(parseAck(JSON.stringify({ ...base, answer: {} }))).toEqual({ ok: false, reason: 'answer must be a string' });
    expect(parseAck('[]')).toEqual({ ok: false, reason: 'body must be a JSON object' });
  });
});

describe('parseAnswer', () => {
  it('keeps the text exactly as sent, surrounding whitespace included', () => {
    expect(parseAnswer(JSON.stringify({ session_id: 's1', text: '\n Done. \n' }))).toEqual({ ok: true, value: { session_id: 's1', text: '\n Done. \n' } });
  });

  it('counts the 16,000 limit in UTF-16 units', () => {
    expect(parseAnswer(JSON.stringify({ session_id: 's1', text: '🙂'.repeat(8000) })).ok).toBe(true);
    expect(parseAnswer(JSON.stringify({ session_id: 's1', text: `${'🙂'.repeat(8000)}x` }))).toEqual({
      ok: false,
      reason: 'text must be at most 16000 UTF-16 units',
    });
  });
});

describe('parseUsage', () => {
  it('refuses a context, window, tokens or rate limits of the wrong shape', () => {
    for (const [body, reason] of [
      [JSON.stringify({ session_id: 's1', conversation_id: 'c1', context: 5 }), 'context must be an object'],
      [usage({}, { window: 200000.5 }), 'context.window must be an integer'],
      [usage({}, { window: '200000' }), 'context.window must be a number'],
      [usage({}, { window: -3 }), 'context.window must be positive'],
      [usage({}, { window: 1, tokens: 1.5 }), 'context.tokens must be an integer'],
      [usage({}, { window: 1, percent: -1 }), 'context.percent must be 0 to 100'],
      [usage({ rate_limits: {} }), 'rate_limits must be an array'],
      [usage({ rate_limits: ['five_hour'] }), 'a rate limit must be an object'],
      [usage({ rate_limits: [{ kind: 'five_hour' }] }), "a rate limit's percent_used is required"],
      [usage({ rate_limits: [{ kind: 'five_hour', percent_used: 1, resets_at: 5 }] }), 'resets_at must be a string'],
      [usage({ rate_limits: [{ kind: 'five_hour', percent_used: 1, resets_at: '2026-13-05T00:30:00Z' }] }), 'resets_at must be RFC 3339'],
      [usage({ rate_limits: [{ kind: 'five_hour', percent_used: 1, resets_at: '2026-02-29T00:30:00Z' }] }), 'resets_at must be RFC 3339'],
      [usage({ rate_limits: [{ kind: 'five_hour', percent_used: 1, resets_at: '2026-10-05T24:00:00Z' }] }), 'resets_at must be RFC 3339'],
      [usage({ cost_usd: '0.1' }), 'cost_usd must be a number'],
      [JSON.stringify({ session_id: 's1', conversation_id: 3, context: { window: 1 } }), 'conversation_id must be a string'],
    ] as const) {
      expect(parseUsage(body), body).toEqual({ ok: false, reason });
    }
  });

  it('takes an RFC 3339 time with an offset or lower-case letters, and reads null fields as absent', () => {
    const r = parseUsage(
      usage({ rate_limits: [{ kind: 'five_hour', percent_used: 2, resets_at: '2026-10-05t00:30:00+02:00' }], cost_usd: null }, { window: 1, tokens: null }),
    );
    expect(r).toEqual({
      ok: true,
      value: { session_id: 's1', conversation_id: 'c1', context: { window: 1 }, rate_limits: [{ kind: 'five_hour', percent_used: 2, resets_at: '2026-10-05t00:30:00+02:00' }] },
    });
  });
});
