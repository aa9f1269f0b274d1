/**
 * When a secret may be masked by its value (spec/cli.md § lich rage: the loopback token is
 * "masked wherever it appeared — by value for the running instance, and by the token= query
 * shape for every earlier one").
 *
 * Masking by value replaces every occurrence of a string, so it is only right for a string
 * whose occurrence in a line can be nothing but the secret: one long and varied enough that
 * ordinary text — a port, an address, a count, a word, a run of zeros — never spells it. The
 * token lich mints is 32 random hex digits and always qualifies. A value that does not (a
 * `LICH_TOKEN=0` typed by hand, which no lich ever minted) is masked by its shapes only —
 * `token=…`, `"token":"…"` — where it is the secret by position rather than by spelling:
 * masking it everywhere would shred the line around it (`127.…․….1`) and hide nothing anyone
 * could not guess.
 */

/** The shortest value masked by value: half a minted token. */
export const MIN_MASKED_LENGTH = 16;
/**
 * How many distinct characters it must have: what a run of zeros, a rule of dashes or `=` or a
 * git null id never has, and 16 random hex digits always do (about 10 of them).
 */
export const MIN_MASKED_DISTINCT = 4;

/** Whether `value` may be masked wherever it appears (see the module comment). */
export function maskableByValue(value: string): boolean {
  return value.length >= MIN_MASKED_LENGTH && new Set(value).size >= MIN_MASKED_DISTINCT;
}
