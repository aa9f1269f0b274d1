/**
 * A PTY's grid, and the one the window last measured (spec/cli.md § Known ceilings, the paragraph
 * on terminal.sizeFor): a headless lich has no terminal of its own to measure, so every PTY
 * starts at the grid a window — here, the web view's page — last reported, and at
 * {@link DEFAULT_GRID} only when none ever has. It is a copy, not a subscription: a session
 * already running keeps its grid until a window views it (web/web.ts resizes the viewed one).
 */

/** A terminal's size in character cells. */
export interface Grid {
  cols: number;
  rows: number;
}

/** The grid of a PTY started before any window measured one. */
export const DEFAULT_GRID: Readonly<Grid> = Object.freeze({ cols: 80, rows: 24 });

/**
 * The bounds a reported grid is clamped to, inclusive: narrower than 20 columns or shorter than
 * 5 rows no agent's TUI draws anything readable, and past 500×200 a page's report is a mistake
 * (or a hostile page) rather than a screen — a grid that size costs every repaint.
 */
export const GRID_BOUNDS = Object.freeze({ minCols: 20, maxCols: 500, minRows: 5, maxRows: 200 });

/**
 * `g` brought within {@link GRID_BOUNDS}: each side rounded down to whole cells, then clamped.
 * @throws RangeError for a side that is not a finite number (NaN, Infinity): nothing to clamp.
 */
export function clampGrid(g: Grid): Grid {
  const side = (n: number, min: number, max: number, what: string): number => {
    if (typeof n !== 'number' || !Number.isFinite(n)) throw new RangeError(`${what} must be a finite number of cells, not ${String(n)}`);
    return Math.min(max, Math.max(min, Math.floor(n)));
  };
  return {
    cols: side(g.cols, GRID_BOUNDS.minCols, GRID_BOUNDS.maxCols, 'cols'),
    rows: side(g.rows, GRID_BOUNDS.minRows, GRID_BOUNDS.maxRows, 'rows'),
  };
}

/**
 * The last grid a window reported, which every later PTY starts at (terminal.sizeFor). In memory:
 * a restarted lich starts at {@link DEFAULT_GRID} again until a page reports.
 */
export class WindowGrid {
  private last: Grid | undefined;

  /** What a PTY started now gets: the last report, or {@link DEFAULT_GRID} when there was none. */
  sizeFor(): Grid {
    return { ...(this.last ?? DEFAULT_GRID) };
  }

  /** Whether any window has reported a grid since this lich started. */
  get measured(): boolean {
    return this.last !== undefined;
  }

  /**
   * A window measured `g`: remembered clamped ({@link clampGrid}) and returned as remembered.
   * @throws RangeError for a side that is not a finite number; nothing is remembered then.
   */
  report(g: Grid): Grid {
    const clamped = clampGrid(g);
    this.last = clamped;
    return { ...clamped };
  }
}
