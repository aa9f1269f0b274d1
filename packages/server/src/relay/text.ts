/**
 * What the relay does to the text it carries before it reaches a terminal or a sender
 * (wire.md § 8.2, spec/cli.md § lich send, § lich reply).
 */
import { ANSWER_BYTE_LIMIT, capAnswer as capAnswerText, cutUtf8, promptRefusal, sanitizeText } from '@lich/core/errands';
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
