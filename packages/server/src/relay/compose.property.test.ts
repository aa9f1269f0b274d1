// Properties of what the relay types at a session (wire.md §§ 8.1–8.4) and of the caps on what
// it carries (§ 8.2), over arbitrary prompts, labels and answers, in every prompt language: a
// composed text never holds a control character but \n and \t — a label is quoted, a prompt
// sanitised — so nothing in it can end the bracketed paste it is typed in; the prompt and the
// ticket are in it whole; and an answer or an excerpt never passes its byte cap, nor splits a
// character to meet it.
import { describe, expect } from 'vitest';
import { fc, it } from '@fast-check/vitest';
import { PROMPT_LANGS } from '@lich/core/i18n/prompts';
import {
  blockedNoticeText,
  composeMessage,
  nudgeText,
  pickTicketNudgeText,
  quotedLabels,
  subagentReportText,
  workerTaskText,
} from './compose.js';
import { answerLimit, asked, askedLimit, capAnswer, cutBytes, sanitize } from './text.js';

const CONTROL = /[\x00-\x08\x0b-\x1f\x7f]/;

/** Anything an agent or a user may put in a label or a prompt. */
const anyText = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ unit: fc.constantFrom('\x1b', '[', '2', '0', '1', '~', '\x00', '\r', '\n', '\t', '\x7f', '"', '\\', 'a', ' ', 'é', '\u2028', '😀'), maxLength: 40 }),
);
const prompt = anyText.map(sanitize).filter((p) => p.trim() !== '');
const ticket = fc.stringMatching(/^[0-9a-f]{8}$/);
const lang = fc.constantFrom(...PROMPT_LANGS);

describe('the texts the relay types', () => {
  it.prop([prompt, anyText, fc.boolean(), ticket, fc.boolean(), lang], { numRuns: 300 })(
    'a relayed task holds its prompt and ticket whole, and no control character but newline and tab',
    (p, label, fromSession, t, hasTools, l) => {
      const origin = fromSession ? { session: label } : ({ commandLine: true } as const);
      const msg = composeMessage({ origin, prompt: p, ticket: t, hasTools }, l);
      expect(msg.startsWith('[lich] ')).toBe(true);
      expect(msg.includes(`\n\n${p}\n\n`)).toBe(true);
      expect(msg.includes(t)).toBe(true);
      expect(CONTROL.test(msg)).toBe(false);
    },
  );

  it.prop([fc.array(anyText, { minLength: 1, maxLength: 6 }), fc.boolean(), lang], { numRuns: 200 })(
    'a nudge names every label quoted on one line, whatever the labels hold',
    (labels, hasTools, l) => {
      const text = nudgeText(labels, hasTools, l);
      expect(CONTROL.test(text)).toBe(false);
      expect(text.includes(labels.length === 1 ? quotedLabels(labels) : String(labels.length))).toBe(true);
    },
  );

  it.prop([fc.array(fc.record({ ticket, prompt }), { minLength: 2, maxLength: 5 }), lang], { numRuns: 200 })(
    'the pick-a-ticket nudge lists each ticket with an excerpt of its prompt, free of control characters',
    (owed, l) => {
      const text = pickTicketNudgeText(owed.map((o) => ({ ticket: o.ticket, asked: asked(o.prompt) })), l);
      expect(CONTROL.test(text)).toBe(false);
      for (const o of owed) expect(text.includes(o.ticket)).toBe(true);
    },
  );

  it.prop([anyText, prompt, anyText, ticket, lang], { numRuns: 200 })(
    'a worker task, a subagent report and a blocked notice quote their labels and keep their text whole',
    (caller, p, label, t, l) => {
      const task = workerTaskText(caller, p, l);
      expect(task.includes(p)).toBe(true);
      const report = subagentReportText({ label, branch: 'feature/x', ticket: t, report: capAnswer(p) }, l);
      expect(report.includes(capAnswer(p))).toBe(true);
      for (const text of [task, report, blockedNoticeText(label, l)]) expect(CONTROL.test(text)).toBe(false);
    },
  );
});

describe('the caps on what the relay carries', () => {
  /** Answers near and over the 65536-byte cap, in characters of every UTF-8 width. */
  const long = fc
    .record({ ch: fc.constantFrom('a', 'é', '€', '😀', '\x1b'), n: fc.integer({ min: 0, max: 24 }), noise: anyText })
    .map(({ ch, n, noise }) => noise + ch.repeat(Math.floor(answerLimit / Buffer.byteLength(ch)) - 12 + n));

  it.prop([fc.oneof(anyText, long)], { numRuns: 150 })(
    'an answer is sanitised and cut to at most 65536 bytes, on a character boundary, never refused',
    (a) => {
      const out = capAnswer(a);
      const clean = Buffer.from(sanitize(a), 'utf8');
      const cut = Buffer.from(out, 'utf8');
      expect(CONTROL.test(out)).toBe(false);
      expect(cut.length).toBeLessThanOrEqual(answerLimit);
      expect(clean.subarray(0, cut.length).equals(cut)).toBe(true);
      // Cut only as far as needed: what follows the cut is a character that would not fit.
      if (cut.length < clean.length) expect(cut.length).toBeGreaterThan(answerLimit - 4);
    },
  );

  it.prop([anyText, fc.integer({ min: 0, max: 64 })], { numRuns: 300 })('cutBytes keeps a byte prefix within the limit that ends on a whole character', (s, limit) => {
    const out = Buffer.from(cutBytes(s, limit), 'utf8');
    const all = Buffer.from(s, 'utf8');
    expect(out.length).toBeLessThanOrEqual(Math.max(limit, all.length <= limit ? all.length : 0));
    expect(all.subarray(0, out.length).equals(out)).toBe(true);
    if (out.length < all.length) expect((all[out.length]! & 0xc0) === 0x80).toBe(false);
  });

  it.prop([prompt], { numRuns: 300 })('an excerpt is the prompt’s words, at most 72 bytes before its ellipsis', (p) => {
    const e = asked(p);
    const body = e.endsWith('…') ? e.slice(0, -1) : e;
    expect(Buffer.byteLength(body, 'utf8')).toBeLessThanOrEqual(askedLimit);
    expect(/\s\s|^\s|\s$/.test(body)).toBe(false);
    expect(p.split(/\s+/).filter(Boolean).join(' ').startsWith(body)).toBe(true);
  });
});
