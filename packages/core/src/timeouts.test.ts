import { describe, expect, it } from 'vitest';
import { waitBudgetMs } from './timeouts.js';

describe('waitBudgetMs', () => {
  it('gives the default wait plus slack for 0, a negative or no timeout', () => {
    expect(waitBudgetMs(0)).toBe(130_000);
    expect(waitBudgetMs(-5)).toBe(130_000);
    expect(waitBudgetMs(undefined)).toBe(130_000);
  });

  it('adds 30 s of slack to the asked wait', () => {
    expect(waitBudgetMs(20)).toBe(50_000);
    expect(waitBudgetMs(1800)).toBe(1_830_000);
  });

  it('caps the wait at 1800 s before adding the slack', () => {
    expect(waitBudgetMs(99_999_999_999)).toBe(1_830_000);
  });
});
