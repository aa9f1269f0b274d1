/**
 * What the relay does to the text it carries before it reaches a terminal or a sender
 * (wire.md § 8.2, spec/cli.md § lich send, § lich reply).
 */
import { ANSWER_BYTE_LIMIT, capAnswer as capAnswerText, cutUtf8, promptRefusal, sanitizeText } from '@lich/core/errands';
import { CATALOGS } from '@lich/core/i18n/prompts';
import { goQuote } from '@lich/core/quote';
import { RelayError } from './errors.js';

/** The most an answer may hold, in UTF-8 bytes; longer ones are cut, not refused (core's rule). */
export const answerLimit = ANSWER_BYTE_LIMIT;
/** How much of a prompt names it in an owed-errand listing, in bytes (`askedLimit`). */
export const askedLimit = 72;

/** The one sanitising rule (packages/core/src/errands.ts), which the client's pre-checks share. */
export const sanitize = sanitizeText;

/**
 * Sanitises a prompt and refuses one that is blank or over 8192 bytes (core's PROMPT_LIMIT).
 * @throws RelayError `nothing to send: the prompt is empty` /
 *   `prompt is <n> bytes, over the 8192 limit: name the paths to read instead of pasting their contents`
 */
export function checkPrompt(prompt: string): string {
  const refusal = promptRefusal(prompt);
  if (refusal !== null) throw new RelayError(refusal);
  return sanitizeText(prompt);
}

/**
 * The placeholders lich's own texts put where an answer goes: the `"<your answer>"` of a relayed
 * message's reply line in every prompt language (the catalogs' `reply {ticket} "<…>"`), and the
 * `"<answer>"` of the owed-errand listings (compose.ts). Lower-cased.
 */
export const ANSWER_PLACEHOLDERS: ReadonlySet<string> = new Set(
  ['<answer>', ...Object.values(CATALOGS).flatMap((c) => Object.values(c).flatMap((text) => [...text.matchAll(/reply \{ticket\} "(<[^"<>]+>)"/g)].map((m) => m[1]!)))].map(
    (p) => p.toLowerCase(),
  ),
);

/**
 * Refuses an answer that is only a placeholder of lich's own texts ({@link ANSWER_PLACEHOLDERS},
 * quotes and whitespace around it ignored): a reply line run as it was typed — by an agent that
 * copied it, or by a shell that got a relayed message glued to a person's draft — files no
 * answer, so the errand stays open for the real one rather than ending answered with `<your answer>`.
 * @throws RelayError `the answer is the placeholder "<your answer>" of the task's reply line, not
 *   an answer — nothing was sent: reply again with the answer in its place`
 */
export function checkAnswer(answer: string): void {
  const bare = placeholderIn(answer);
  if (bare !== undefined) {
    throw new RelayError(`the answer is the placeholder ${goQuote(bare)} of the task's reply line, not an answer — nothing was sent: reply again with the answer in its place`);
  }
}

/** The placeholder `answer` consists of (as {@link checkAnswer} reads it), undefined when it is something else. */
export function placeholderIn(answer: string): string | undefined {
  const bare = sanitizeText(answer).trim().replace(/^(["'])(.*)\1$/s, '$2').trim();
  return ANSWER_PLACEHOLDERS.has(bare.toLowerCase()) ? bare : undefined;
}

/** Cuts `text` to at most `limit` UTF-8 bytes without splitting a character (core's `cutUtf8`). */
export const cutBytes = cutUtf8;

/** Sanitises an answer and cuts it at {@link answerLimit} bytes (truncation, never refusal; core's `capAnswer`). */
export const capAnswer = capAnswerText;

/**
 * The opening of a prompt that names an errand in a listing: whitespace collapsed, the first
 * {@link askedLimit} bytes, `…` appended only when something was cut.
 */
export function asked(prompt: string): string {
  const collapsed = prompt.split(/\s+/).filter(Boolean).join(' ');
  const cut = cutBytes(collapsed, askedLimit);
  return cut.length < collapsed.length ? cut + '…' : cut;
}
