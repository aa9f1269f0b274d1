/**
 * One `--json` line exactly as Go's `json.Encoder` writes it (wire.md § 1.2, § 6): compact,
 * with `<`, `>`, `&`, U+2028 and U+2029 escaped. Those characters can only occur inside JSON
 * strings, so escaping them after `JSON.stringify` is safe; a reader parses the same value
 * either way, and a script comparing bytes with the original lich sees the same bytes.
 * No trailing newline: the surface adds it.
 */
export function jsonLine(value: unknown): string {
  return JSON.stringify(value ?? null).replace(/[<>&\u2028\u2029]/g, (c) => {
    return `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`;
  });
}
