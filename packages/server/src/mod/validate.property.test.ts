// Properties of the mod report parsers (wire.md §§ 11.2, 11.3) over arbitrary bodies: none
// throws; a refusal is one line naming what is wrong; an accepted ack, answer or usage report
// keeps every cap and rule the fixtures set — an error of at most 120 runes, an answer only on an
// answered ask, an answer text of at most 16,000 UTF-16 units, a positive integer context window,
// a percent from 0 to 100, and a reset time that is RFC 3339 on a day the calendar has.
import { describe, expect } from 'vitest';
import { fc, it } from '@fast-check/vitest';
import { FIELD_RUNES } from '../hooks/validate.js';
import { ANSWER_UNITS, MOD_KINDS, parseAck, parseAnswer, parseUsage } from './validate.js';

const field = fc.oneof(
  { weight: 3, arbitrary: fc.string({ unit: 'binary', maxLength: 20 }) },
  { weight: 2, arbitrary: fc.constantFrom(...MOD_KINDS, 'dance', '', 's1', 'm1', ' ') },
  { weight: 1, arbitrary: fc.string({ unit: fc.constantFrom(' ', 'x', '😀', '\n'), maxLength: 300 }) },
  { weight: 2, arbitrary: fc.oneof(fc.boolean(), fc.integer({ min: -5, max: 300_000 }), fc.double({ noNaN: false }), fc.constant(null)) },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
  { weight: 1, arbitrary: fc.constantFrom('2026-10-05T00:30:00Z', '2024-02-29T23:59:59.5+24:00', '2026-02-29T00:00:00Z', '2026-04-31T00:00:00Z', 'tomorrow') },
);
const usageBody = fc.record(
  {
    session_id: field,
    conversation_id: field,
    context: fc.oneof(field, fc.record({ window: field, tokens: field, percent: field }, { requiredKeys: [] })),
    rate_limits: fc.oneof(field, fc.array(fc.oneof(field, fc.record({ kind: field, percent_used: field, resets_at: field }, { requiredKeys: [] })), { maxLength: 3 })),
    cost_usd: field,
  },
  { requiredKeys: [] },
);
const ackBody = fc.record({ session_id: field, id: field, kind: field, ok: field, error: field, answer: field }, { requiredKeys: [] });
const raw = (b: fc.Arbitrary<unknown>) =>
  fc.oneof(
    { weight: 6, arbitrary: b.map((x) => JSON.stringify(x)) },
    { weight: 1, arbitrary: fc.json({ maxDepth: 4 }) },
    { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  );

/** A refusal is a short sentence on one line. */
function oneLine(reason: string): void {
  expect(reason).not.toBe('');
  expect(reason.includes('\n')).toBe(false);
}

const DAYS = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
const leap = (y: number) => (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;

describe('the mod report parsers over arbitrary bodies', () => {
  it.prop([raw(ackBody)], { numRuns: 500 })('POST /mod/acks: one line of refusal, or an ack within its caps', (r) => {
    const p = parseAck(r);
    if (!p.ok) return oneLine(p.reason);
    expect(MOD_KINDS).toContain(p.value.kind);
    expect(p.value.session_id).not.toBe('');
    expect(p.value.id).not.toBe('');
    expect(typeof p.value.ok).toBe('boolean');
    if (p.value.error !== undefined) {
      expect([...p.value.error].length).toBeLessThanOrEqual(FIELD_RUNES);
      expect(p.value.error).not.toBe('');
    }
    if (p.value.answer !== undefined) expect(p.value.kind === 'ask' && p.value.ok).toBe(true);
  });

  it.prop([raw(fc.record({ session_id: field, text: field }, { requiredKeys: [] }))], { numRuns: 400 })(
    'POST /mod/answer: one line of refusal, or a text that is not blank and at most 16,000 units',
    (r) => {
      const p = parseAnswer(r);
      if (!p.ok) return oneLine(p.reason);
      if (!('text' in p.value)) throw new Error('a body without unanswered was taken as unanswered');
      expect(p.value.text.trim()).not.toBe('');
      expect(p.value.text.length).toBeLessThanOrEqual(ANSWER_UNITS);
    },
  );

  it.prop([raw(usageBody)], { numRuns: 500 })('POST /mod/usage: one line of refusal, or a report within its ranges', (r) => {
    const p = parseUsage(r);
    if (!p.ok) return oneLine(p.reason);
    const { context, rate_limits, cost_usd } = p.value;
    expect(Number.isInteger(context.window) && context.window > 0).toBe(true);
    if (context.tokens !== undefined) expect(Number.isInteger(context.tokens) && context.tokens >= 0).toBe(true);
    if (context.percent !== undefined) expect(Number.isInteger(context.percent) && context.percent >= 0 && context.percent <= 100).toBe(true);
    if (cost_usd !== undefined) expect(cost_usd).toBeGreaterThanOrEqual(0);
    for (const l of rate_limits ?? []) {
      expect(l.kind).not.toBe('');
      expect(l.percent_used).toBeGreaterThanOrEqual(0);
      if (l.resets_at !== undefined) {
        const [, y, mo, d] = /^(\d{4})-(\d{2})-(\d{2})/.exec(l.resets_at)!.map(Number);
        expect(d).toBeLessThanOrEqual(mo === 2 && leap(y!) ? 29 : DAYS[mo! - 1]!);
      }
    }
  });

  it.prop([fc.integer({ min: 0, max: 9999 }), fc.integer({ min: 1, max: 12 }), fc.integer({ min: 1, max: 31 })], { numRuns: 400 })(
    'a reset time is taken exactly when its day is on the calendar',
    (y, mo, d) => {
      const at = `${String(y).padStart(4, '0')}-${String(mo).padStart(2, '0')}-${String(d).padStart(2, '0')}T12:00:00Z`;
      const p = parseUsage(JSON.stringify({ session_id: 's1', conversation_id: 'c1', context: { window: 1 }, rate_limits: [{ kind: 'k', percent_used: 1, resets_at: at }] }));
      expect(p.ok).toBe(d <= (mo === 2 && leap(y) ? 29 : DAYS[mo - 1]!));
    },
  );
});
