/**
 * JSON the way Go's `json.Encoder` writes it (wire.md § 1.2, encoding detail): `<`, `>`, `&`,
 * U+2028 and U+2029 escaped, one value per line. Kept so a client that compares bytes with the
 * original backend sees the same ones.
 */
export function goJson(value: unknown): string {
  return (
    JSON.stringify(value === undefined ? null : value).replace(/[<>&\u2028\u2029]/g, (c) =>
      `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
    ) + '\n'
  );
}
