import { describe, expect, it } from 'vitest';
import { modelKey, PRICES, priceOf, priceRow, type Tokens } from './prices.js';

const none: Tokens = { input: 0, output: 0, cacheWrite: 0, cacheWrite1h: 0, cacheRead: 0 };

describe('the price table (data/prices.json)', () => {
  it('says where it was taken from and when, and every row is a prefix with four non-negative rates', () => {
    expect(PRICES.taken).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(Object.values(PRICES.sources).every((url) => url.startsWith('https://'))).toBe(true);
    const prefixes = new Set<string>();
    for (const row of PRICES.models) {
      expect(row.prefix).toBe(row.prefix.toLowerCase());
      expect(prefixes.has(row.prefix), row.prefix).toBe(false);
      prefixes.add(row.prefix);
      expect(PRICES.sources[row.source], row.prefix).toBeDefined();
      for (const rate of [row.input, row.output, row.cacheWrite, row.cacheRead]) expect(rate).toBeGreaterThanOrEqual(0);
    }
  });
});

describe('priceRow', () => {
  it('takes the longest prefix the model id starts with', () => {
    expect(priceRow('claude-opus-4-1-20250805')?.prefix).toBe('claude-opus-4-1');
    expect(priceRow('claude-opus-4-20250514')?.prefix).toBe('claude-opus-4');
    expect(priceRow('claude-sonnet-4-5-20250929')?.prefix).toBe('claude-sonnet-4-5');
    expect(priceRow('gpt-5-codex')?.prefix).toBe('gpt-5-codex');
    expect(priceRow('gpt-5-mini-2025-08-07')?.prefix).toBe('gpt-5-mini');
    expect(priceRow('gpt-5.1-codex-max')?.prefix).toBe('gpt-5.1-codex');
  });

  it('reads a model through a vendor path or a cloud prefix, in any case', () => {
    expect(modelKey('us.anthropic.claude-sonnet-4-5-20250929-v1:0')).toBe('claude-sonnet-4-5-20250929-v1:0');
    expect(modelKey('openai/GPT-5')).toBe('gpt-5');
    expect(priceRow('anthropic.claude-haiku-4-5-20251001-v1:0')?.prefix).toBe('claude-haiku-4-5');
  });

  it('has no row for a model the table does not know', () => {
    expect(priceRow('llama-3-70b')).toBeUndefined();
    expect(priceRow('')).toBeUndefined();
  });
});

describe('priceOf', () => {
  it('multiplies each kind of token by its rate per million', () => {
    const sonnet = priceRow('claude-sonnet-4-5')!;
    // 1M input at $3, 100k output at $15, 200k 5-minute writes at $3.75, 100k 1-hour writes at $6, 1M reads at $0.30.
    expect(priceOf(sonnet, { input: 100_000, output: 100_000, cacheWrite: 0, cacheWrite1h: 0, cacheRead: 0 })).toBeCloseTo(0.3 + 1.5, 10);
    expect(priceOf(sonnet, { ...none, cacheWrite: 20_000, cacheWrite1h: 10_000, cacheRead: 100_000 })).toBeCloseTo(0.075 + 0.06 + 0.03, 10);
  });

  it('prices a request over the long-context threshold at those rates', () => {
    const sonnet = priceRow('claude-sonnet-4-5')!;
    expect(priceOf(sonnet, { ...none, input: 150_000, cacheRead: 60_000, output: 1000 })).toBeCloseTo(0.15 * 6 + 0.06 * 0.6 + 0.001 * 22.5, 10);
    expect(priceOf(sonnet, { ...none, input: 200_000, output: 1000 })).toBeCloseTo(0.2 * 3 + 0.001 * 15, 10);
  });

  it('takes the 5-minute write rate for 1-hour writes when a row has no 1-hour rate', () => {
    const codex = priceRow('gpt-5-codex')!;
    expect(priceOf(codex, { ...none, cacheWrite1h: 1_000_000 })).toBe(codex.cacheWrite);
  });
});
