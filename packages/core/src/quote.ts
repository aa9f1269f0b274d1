/**
 * Go's `%q` for a string (`strconv.Quote`), which every lich output line uses to quote a label,
 * a project or a command word (wire.md § 7.5: "A TS port should emulate it rather than use
 * JSON.stringify"). The two differ exactly where it shows: JSON escapes nothing above U+001F
 * except `"` and `\`, keeps U+007F and U+00A0 raw and writes `\u001b`; Go writes `\x1b`,
 * `\x7f`, `\u00a0`, and keeps every printable rune (any script, emoji) as it is.
 */
export function goQuote(s: string): string {
  let out = '"';
  for (const ch of s) {
    const cp = ch.codePointAt(0)!;
    if (ch === '"' || ch === '\\') {
      out += `\\${ch}`;
    } else if (cp >= 0xd800 && cp <= 0xdfff) {
      // A lone surrogate is not valid UTF-8: Go would have received U+FFFD in its place,
      // which is printable.
      out += '\ufffd';
    } else if (isPrint(ch)) {
      out += ch;
    } else {
      out += escapeRune(cp);
    }
  }
  return `${out}"`;
}

// unicode.IsPrint: letters, marks, numbers, punctuation, symbols and the ASCII space.
const printable = /^[\p{L}\p{M}\p{N}\p{P}\p{S} ]$/u;

function isPrint(ch: string): boolean {
  return printable.test(ch);
}

const shortEscapes: Record<number, string> = {
  0x07: '\\a',
  0x08: '\\b',
  0x0c: '\\f',
  0x0a: '\\n',
  0x0d: '\\r',
  0x09: '\\t',
  0x0b: '\\v',
};

function escapeRune(cp: number): string {
  const short = shortEscapes[cp];
  if (short) return short;
  if (cp < 0x20 || cp === 0x7f) return `\\x${hex(cp, 2)}`;
  if (cp < 0x10000) return `\\u${hex(cp, 4)}`;
  return `\\U${hex(cp, 8)}`;
}

function hex(n: number, width: number): string {
  return n.toString(16).padStart(width, '0');
}

/**
 * `s` as one POSIX shell word, always single-quoted, a `'` inside spelled `'\''`: a command lich
 * prints for pasting reads back exactly `s`, whatever it holds (wording.ts: the `lich send` that
 * retries a hand-off). Where a word is left bare when nothing in it is special, the caller decides
 * that first (packages/cli/src/input.ts `shellWord`).
 */
export function shellQuote(s: string): string {
  return `'${s.replace(/'/g, `'\\''`)}'`;
}
