// @lich/core's entry points (package.json `exports`; docs/PUBLIC-API.md): the
// plugin side behind `@lich/core/mod` is the same code `@lich/core` exports, name for name, so
// the two can never drift apart; and the contract entry point loads nothing.
import { describe, expect, it } from 'vitest';
import * as core from './index.js';
import * as contract from './contract.js';
import * as mod from './mod/index.js';

describe("@lich/core's entry points", () => {
  it('exports from @lich/core/mod exactly what @lich/core exports under the same names', () => {
    const names = Object.keys(mod);
    expect(names.length).toBeGreaterThan(20);
    for (const name of names) expect([name, (core as Record<string, unknown>)[name]]).toEqual([name, (mod as Record<string, unknown>)[name]]);
  });

  it('has @lich/core/contract export types only, so importing it runs nothing', () => {
    expect(Object.keys(contract)).toEqual([]);
  });
});
