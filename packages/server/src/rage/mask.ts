/**
 * Masking the loopback token (spec/cli.md § lich rage: "masked wherever it appeared — by value
 * for the running instance, and by the token= query shape for every earlier one"). The backend's
 * log file is written through it too, so the token never reaches the disk there either.
 */

import { maskableByValue } from '@lich/core/secret';

/** What a masked value reads as. */
export const MASKED = '<masked>';

/**
 * `text` with every occurrence of each of `tokens` that can only be that token
 * (`maskableByValue`, @lich/core/secret: 16 characters or longer, and varied — a short or uniform
 * value would shred the text around it) replaced by {@link MASKED}, and every value of the
 * `token=` shape (`?token=…`, `LICH_TOKEN=…`, any case) and of the JSON `"token":"…"` shape
 * masked as well, whatever its value.
 */
export function maskSecrets(text: string, tokens: readonly string[] = []): string {
  let out = text;
  for (const token of tokens) if (maskableByValue(token)) out = out.split(token).join(MASKED);
  // `<` and `>` end the value, so an already masked one is left as it is.
  out = out.replace(/(token=)[^&\s"'`<>]+/gi, `$1${MASKED}`);
  out = out.replace(/("token"\s*:\s*")[^"<]+(")/gi, `$1${MASKED}$2`);
  return out;
}
