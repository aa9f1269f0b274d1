import { describe, expect, it } from 'vitest';
import { clampGrid, DEFAULT_GRID, GRID_BOUNDS, WindowGrid } from './grid.js';

describe('clampGrid', () => {
  it('keeps a grid within the bounds as it is', () => {
    expect(clampGrid({ cols: 120, rows: 40 })).toEqual({ cols: 120, rows: 40 });
    expect(clampGrid({ cols: GRID_BOUNDS.minCols, rows: GRID_BOUNDS.maxRows })).toEqual({ cols: 20, rows: 200 });
  });

  it('brings each side within cols 20–500 and rows 5–200', () => {
    expect(clampGrid({ cols: 1, rows: 0 })).toEqual({ cols: 20, rows: 5 });
    expect(clampGrid({ cols: 10_000, rows: 10_000 })).toEqual({ cols: 500, rows: 200 });
    expect(clampGrid({ cols: -3, rows: 50 })).toEqual({ cols: 20, rows: 50 });
  });

  it('rounds a fraction of a cell down', () => {
    expect(clampGrid({ cols: 99.9, rows: 30.5 })).toEqual({ cols: 99, rows: 30 });
  });

  it('refuses a side that is not a finite number', () => {
    expect(() => clampGrid({ cols: Number.NaN, rows: 24 })).toThrow(/cols must be a finite number of cells/);
    expect(() => clampGrid({ cols: 80, rows: Number.POSITIVE_INFINITY })).toThrow(/rows must be a finite number of cells/);
    expect(() => clampGrid({ cols: '80' as unknown as number, rows: 24 })).toThrow(RangeError);
  });
});

describe('WindowGrid', () => {
  it('gives 80×24 until a window reports a grid', () => {
    const w = new WindowGrid();
    expect(w.measured).toBe(false);
    expect(w.sizeFor()).toEqual(DEFAULT_GRID);
  });

  it('gives the last grid reported, clamped, from then on', () => {
    const w = new WindowGrid();
    expect(w.report({ cols: 150, rows: 45 })).toEqual({ cols: 150, rows: 45 });
    expect(w.report({ cols: 900, rows: 2 })).toEqual({ cols: 500, rows: 5 });
    expect(w.measured).toBe(true);
    expect(w.sizeFor()).toEqual({ cols: 500, rows: 5 });
  });

  it('keeps the grid it had when a report is refused', () => {
    const w = new WindowGrid();
    w.report({ cols: 100, rows: 30 });
    expect(() => w.report({ cols: Number.NaN, rows: 30 })).toThrow(RangeError);
    expect(w.sizeFor()).toEqual({ cols: 100, rows: 30 });
  });

  it('hands out copies: changing one changes nothing it remembers', () => {
    const w = new WindowGrid();
    const g = w.sizeFor();
    g.cols = 1;
    expect(w.sizeFor()).toEqual({ cols: 80, rows: 24 });
    expect(DEFAULT_GRID).toEqual({ cols: 80, rows: 24 });
  });
});
