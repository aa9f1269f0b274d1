/**
 * What the relay does to the text it carries before it reaches a terminal or a sender
 * (wire.md § 8.2, spec/cli.md § lich send, § lich reply).
 */
import { RelayError } from './errors.js';

/** The most a relayed prompt may hold, in UTF-8 bytes after sanitising (wire.md § 8.2). */
export const promptLimit = 8192;
/** The most an answer may hold, in UTF-8 bytes; longer ones are cut, not refused. */
export const answerLimit = 65536;
/** How much of a prompt names it in an owed-errand listing, in bytes (`askedLimit`). */
export const askedLimit = 72;

/**
 * Drops every character below 0x20 except `\n` and `\t`, and DEL. The text is typed into a
 * terminal: an escape sequence inside it would stop being text, and a CR would submit early.
 */
export function sanitize(text: string): string {
  return text.replace(/[\x00-\x08\x0b-\x1f\x7f]/g, '');
}

/**
 * Sanitises a prompt and refuses one that is blank or over {@link promptLimit} bytes.
 * @throws RelayError `nothing to send: the prompt is empty` /
 *   `prompt is <n> bytes, over the 8192 limit: name the paths to read instead of pasting their contents`
 */
export function checkPrompt(prompt: string): string {
  const clean = sanitize(prompt);
  if (clean.trim() === '') throw new RelayError('nothing to send: the prompt is empty');
  const bytes = Buffer.byteLength(clean, 'utf8');
  if (bytes > promptLimit) {
    throw new RelayError(
      `prompt is ${bytes} bytes, over the ${promptLimit} limit: name the paths to read instead of pasting their contents`,
    );
  }
  return clean;
}

/** Cuts `text` to at most `limit` UTF-8 bytes without splitting a character. */
export function cutBytes(text: string, limit: number): string {
  const buf = Buffer.from(text, 'utf8');
  if (buf.length <= limit) return text;
  let end = limit;
  // Back off over continuation bytes so the cut lands on the start of a character.
  while (end > 0 && (buf[end]! & 0xc0) === 0x80) end--;
  return buf.subarray(0, end).toString('utf8');
}

/** Sanitises an answer and cuts it at {@link answerLimit} bytes (truncation, never refusal). */
export function capAnswer(answer: string): string {
  return cutBytes(sanitize(answer), answerLimit);
}

/**
 * The opening of a prompt that names an errand in a listing: whitespace collapsed, the first
 * {@link askedLimit} bytes, `…` appended only when something was cut.
 */
export function asked(prompt: string): string {
  const collapsed = prompt.split(/\s+/).filter(Boolean).join(' ');
  const cut = cutBytes(collapsed, askedLimit);
  return cut.length < collapsed.length ? cut + '…' : cut;
}
