/**
 * Go's `strconv.Quote`, which every refusal of the original lich used for the names it
 * quotes (`%q`). Emulated rather than `JSON.stringify`d because the two differ on non-ASCII
 * spaces, C1 controls and `\x` escapes, and the wording is contract (wire.md § 7.2).
 */
export function goQuote(s: string): string {
  let out = '"';
  for (const ch of s) {
    const cp = ch.codePointAt(0)!;
    switch (ch) {
      case '"': out += '\\"'; continue;
      case '\\': out += '\\\\'; continue;
      case '\x07': out += '\\a'; continue;
      case '\b': out += '\\b'; continue;
      case '\f': out += '\\f'; continue;
      case '\n': out += '\\n'; continue;
      case '\r': out += '\\r'; continue;
      case '\t': out += '\\t'; continue;
      case '\v': out += '\\v'; continue;
    }
    if (cp >= 0xd800 && cp <= 0xdfff) {
      out += '\\ufffd';
    } else if (cp === 0x20 || printable.test(ch)) {
      out += ch;
    } else if (cp < 0x80) {
      out += `\\x${cp.toString(16).padStart(2, '0')}`;
    } else if (cp < 0x10000) {
      out += `\\u${cp.toString(16).padStart(4, '0')}`;
    } else {
      out += `\\U${cp.toString(16).padStart(8, '0')}`;
    }
  }
  return out + '"';
}

/** Go's `unicode.IsPrint` minus the ASCII space, which is handled above. */
const printable = /^[\p{L}\p{M}\p{N}\p{P}\p{S}]$/u;
