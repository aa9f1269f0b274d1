import { goQuote } from '@lich/core';
import { quoteName } from '@lich/core/names';
import { distance } from 'fastest-levenshtein';

/**
 * The refusal of a word that names no command, without the `lich: ` prefix (wire.md § 4.1):
 * `unknown command "<w>" — did you mean "<c>"?`, a newline, ``Run `lich help` for the list.``
 * The guess is the first name in table order at the smallest Levenshtein distance, and only
 * within 3 — a typo must not open a window, and a guess four edits away is not a guess.
 */
export function unknownCommandText(word: string, names: readonly string[]): string {
  let best = '';
  let bestDistance = 4;
  for (const name of names) {
    const d = distance(word, name);
    if (d < bestDistance) {
      best = name;
      bestDistance = d;
    }
  }
  const guess = best !== '' ? ` — did you mean ${goQuote(best)}?` : '';
  // The word quoted no longer than a name may be: a 100,000-character word is one short line (issue 22).
  return `unknown command ${quoteName(word)}${guess}\nRun \`lich help\` for the list.`;
}
