/**
 * Go's `%q` / `strconv.Quote`, which every quoted name in lich's sentences goes through
 * (wire.md § 7.2). JSON.stringify differs on exactly the characters a hostile or sloppy label
 * holds (non-printable runes, U+2028, DEL), so the sentences would drift from the original's.
 */

const printable = /^[\p{L}\p{M}\p{N}\p{P}\p{S}]$/u;

const named: Record<string, string> = {
  '\x07': '\\a',
  '\b': '\\b',
  '\f': '\\f',
  '\n': '\\n',
  '\r': '\\r',
  '\t': '\\t',
  '\v': '\\v',
};

function hex(n: number, width: number): string {
  return n.toString(16).padStart(width, '0');
}

/** Quotes `s` the way Go's `strconv.Quote` does: `goQuote('a"b') === '"a\\"b"'`. */
export function goQuote(s: string): string {
  let out = '"';
  for (const ch of s) {
    let cp = ch.codePointAt(0)!;
    if (ch === '"' || ch === '\\') {
      out += '\\' + ch;
      continue;
    }
    if (ch === ' ' || printable.test(ch)) {
      out += ch;
      continue;
    }
    const esc = named[ch];
    if (esc !== undefined) {
      out += esc;
      continue;
    }
    if (cp < 0x20 || cp === 0x7f) {
      out += '\\x' + hex(cp, 2);
      continue;
    }
    // A lone surrogate has no UTF-8 form; Go would have seen U+FFFD, which is printable.
    if (cp >= 0xd800 && cp <= 0xdfff) {
      out += '\ufffd';
      continue;
    }
    out += cp < 0x10000 ? '\\u' + hex(cp, 4) : '\\U' + hex(cp, 8);
  }
  return out + '"';
}
