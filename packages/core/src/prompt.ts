/**
 * What the relay accepts as a prompt (wire.md § 8.2; spec/cli.md § lich send: "A prompt is capped
 * at 8192 bytes and stripped of control characters"), known on the client for the one operation
 * that has a side effect before it sends: `open --prompt` opens the session first, so a prompt
 * the relay would refuse is refused here, before anything is opened. `send` leaves the check to
 * the server, the one source of truth for what it relays — but for a prompt already over the
 * cap, which a body past the listener's 1 MiB limit would keep the relay from ever reading.
 *
 * The rule and its wording are the relay's (packages/server/src/relay/text.ts), byte for byte.
 */

/** The most a relayed prompt may hold, in UTF-8 bytes after sanitising. */
export const PROMPT_LIMIT = 8192;

/**
 * Drops every character below 0x20 except `\n` and `\t`, and DEL (wire.md § 8.2, sanitize): what
 * lich types into a terminal is text — an escape sequence inside it would stop being text, and a
 * CR would submit early. The one rule for prompts, answers and inserts, client and server alike.
 */
export function sanitizeText(text: string): string {
  return text.replace(/[\x00-\x08\x0b-\x1f\x7f]/g, '');
}

/**
 * Why the relay would refuse `prompt`, in its own words, or null when it would take it:
 * `nothing to send: the prompt is empty` (blank once sanitised), or
 * `prompt is <n> bytes, over the 8192 limit: name the paths to read instead of pasting their contents`
 * (n counted in UTF-8 bytes after sanitising).
 */
export function promptRefusal(prompt: string): string | null {
  const clean = sanitizeText(prompt);
  if (clean.trim() === '') return 'nothing to send: the prompt is empty';
  const bytes = Buffer.byteLength(clean, 'utf8');
  if (bytes > PROMPT_LIMIT) {
    return `prompt is ${bytes} bytes, over the ${PROMPT_LIMIT} limit: name the paths to read instead of pasting their contents`;
  }
  return null;
}

/** The most `lich insert` pastes, in UTF-8 bytes after sanitising (wire.md § 8.2, insert cap). */
export const INSERT_LIMIT = 65536;

/**
 * Why lich would refuse to insert `text`, in its own words, or null when it would paste it:
 * `nothing to insert: the text is empty` (blank once sanitised), or
 * `text is <n> bytes, over the 65536 limit: insert the path of the file instead of its contents`
 * (n in UTF-8 bytes after sanitising). The server refuses with the same words (relay/insert.ts);
 * the client checks first so a megabyte of stdin is refused in them rather than by the body limit.
 */
export function insertRefusal(text: string): string | null {
  const clean = sanitizeText(text);
  if (clean.trim() === '') return 'nothing to insert: the text is empty';
  const bytes = Buffer.byteLength(clean, 'utf8');
  if (bytes > INSERT_LIMIT) {
    return `text is ${bytes} bytes, over the ${INSERT_LIMIT} limit: insert the path of the file instead of its contents`;
  }
  return null;
}

/** The most an answer keeps, in UTF-8 bytes after sanitising (wire.md § 8.2, answerLimit). */
export const ANSWER_BYTE_LIMIT = 65536;

/** `text` cut to at most `limit` UTF-8 bytes without splitting a character (a lone surrogate counts as U+FFFD). */
export function cutUtf8(text: string, limit: number): string {
  const buf = Buffer.from(text, 'utf8');
  if (buf.length <= limit) return text;
  let end = limit;
  // Back off over continuation bytes so the cut lands on the start of a character.
  while (end > 0 && (buf[end]! & 0xc0) === 0x80) end--;
  return buf.subarray(0, end).toString('utf8');
}

/**
 * An answer as the relay keeps it (wire.md § 8.2: "Answer cap: 65536 bytes, truncated (not
 * refused)"): sanitised, then cut at {@link ANSWER_BYTE_LIMIT} bytes on a character boundary.
 * The relay applies it to every answer; a client applies it to one too long to send whole, so an
 * answer past the 1 MiB RPC body limit is still cut rather than refused by the listener.
 */
export function capAnswer(answer: string): string {
  return cutUtf8(sanitizeText(answer), ANSWER_BYTE_LIMIT);
}
