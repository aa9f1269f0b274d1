/**
 * A refusal the caller can act on. The message is the user-facing sentence with no `lich: `
 * prefix (the surfaces add it), worded exactly as spec/cli.md and wire.md §§ 7–9 word it.
 */
export class RelayError extends Error {
  override name = 'RelayError';
}
