/**
 * The price table lich's own arithmetic uses (spec/cli.md § lich cost: "priced is lich's own
 * arithmetic over the token counts Claude Code and Codex write down"). The table is data,
 * `data/prices.json` at the repository root, with the pages it was taken from and the date;
 * this module only finds a model's row and multiplies.
 */
import table from '../../../../data/prices.json';

/** Dollars per million tokens of each kind (data/prices.json `columns`). */
export interface Rates {
  input: number;
  output: number;
  /** Cache writes with the 5-minute lifetime (OpenAI has none: the input price). */
  cacheWrite: number;
  /** Cache writes with the 1-hour lifetime; absent: {@link Rates.cacheWrite}. */
  cacheWrite1h?: number;
  cacheRead: number;
}

/** One row of the table: a model id prefix and its rates. */
export interface PriceRow extends Rates {
  prefix: string;
  source: string;
  /** Anthropic's rates for a request whose whole input is over `above` tokens. */
  longContext?: Rates & { above: number };
}

/** The table as data/prices.json holds it. */
export interface PriceTable {
  taken: string;
  sources: Record<string, string>;
  models: PriceRow[];
}

/** data/prices.json, bundled into the backend at build time. */
export const PRICES: PriceTable = table as PriceTable;

/**
 * Token counts of one request (or of a stretch of requests priced at one model), each kind
 * apart: `input` is uncached input only — what a provider that counts cached tokens inside its
 * input (OpenAI) calls input less cached.
 */
export interface Tokens {
  input: number;
  output: number;
  /** Cache writes, 5-minute lifetime (or lifetime unknown). */
  cacheWrite: number;
  /** Cache writes, 1-hour lifetime. */
  cacheWrite1h: number;
  cacheRead: number;
}

/** A model id as the table is keyed: lower case, without a vendor path (`openai/`) or a cloud prefix (`us.anthropic.`). */
export function modelKey(model: string): string {
  let key = model.trim().toLowerCase();
  key = key.slice(key.lastIndexOf('/') + 1);
  return key.replace(/^(?:[a-z]+\.)?anthropic\./, '');
}

/**
 * The row of `model`: the one with the longest prefix the model's key starts with
 * ({@link modelKey}); undefined when none does — the model is unpriced.
 */
export function priceRow(model: string, prices: PriceTable = PRICES): PriceRow | undefined {
  const key = modelKey(model);
  let best: PriceRow | undefined;
  for (const row of prices.models) {
    if (key.startsWith(row.prefix) && (best === undefined || row.prefix.length > best.prefix.length)) best = row;
  }
  return best;
}

/**
 * What `tokens` cost at `row`, in US dollars. A request whose whole input (uncached, cache
 * writes and cache reads) is over the row's long-context threshold is priced at those rates.
 */
export function priceOf(row: PriceRow, tokens: Tokens): number {
  const whole = tokens.input + tokens.cacheWrite + tokens.cacheWrite1h + tokens.cacheRead;
  const r: Rates = row.longContext !== undefined && whole > row.longContext.above ? row.longContext : row;
  const micro =
    tokens.input * r.input +
    tokens.output * r.output +
    tokens.cacheWrite * r.cacheWrite +
    tokens.cacheWrite1h * (r.cacheWrite1h ?? r.cacheWrite) +
    tokens.cacheRead * r.cacheRead;
  return micro / 1_000_000;
}
