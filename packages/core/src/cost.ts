/**
 * `lich cost` (spec/cli.md § lich cost; wire.md § 5 `store.CostTotals`, § 5.3): the client-side
 * refusals — `--json` with `--csv`, a `--since` that is not a window — and the one RPC. The
 * words and the three formats are in cost-wording.ts.
 */
import type { LichContext, RunOptions } from './operation.js';
import { costSinceRefusal, JSON_AND_CSV } from './cost-wording.js';
import { LichError } from './errors.js';
import { SHORT_CALL_MS } from './timeouts.js';
import type { CostInput, CostReport } from './types.js';
import { rpcMethod } from './contract-tables.js';

const NANOS_PER_UNIT: Readonly<Record<string, number>> = {
  ns: 1,
  us: 1e3,
  'µs': 1e3, // U+00B5 MICRO SIGN
  'μs': 1e3, // U+03BC GREEK SMALL LETTER MU
  ms: 1e6,
  s: 1e9,
  m: 60e9,
  h: 3600e9,
};

/** The longest Go `time.Duration` (int64 nanoseconds), past which `time.ParseDuration` fails. */
const MAX_DURATION_NANOS = 2 ** 63 - 1;

/**
 * Go's `time.ParseDuration`, in seconds: a sign, then one or more `<number><unit>` parts (`1h30m`,
 * `1.5h`, `300ms`), units ns, us, µs, ms, s, m, h; `0` alone is zero. Undefined for anything Go
 * refuses, and for a total past the int64 nanoseconds a Go duration holds.
 */
export function parseGoDuration(text: string): number | undefined {
  let s = text;
  let sign = 1;
  if (s.startsWith('-') || s.startsWith('+')) {
    if (s[0] === '-') sign = -1;
    s = s.slice(1);
  }
  if (s === '0') return 0;
  if (s === '') return undefined;
  const part = /^(\d*)(?:\.(\d*))?([^\d.]+)/u;
  let nanos = 0;
  while (s !== '') {
    const m = part.exec(s);
    if (!m) return undefined;
    const [whole, int = '', frac] = m;
    if (int === '' && (frac === undefined || frac === '')) return undefined;
    const unit = m[3]!;
    // The unit runs up to the next digit or dot, as Go reads it: `1hour` is an unknown unit.
    const scale = NANOS_PER_UNIT[unit];
    if (scale === undefined) return undefined;
    nanos += Number(`${int === '' ? '0' : int}.${frac ?? ''}0`) * scale;
    if (nanos > MAX_DURATION_NANOS) return undefined;
    s = s.slice(whole.length);
  }
  return (sign * nanos) / 1e9;
}

/**
 * A `--since` window in seconds (wire.md § 5.3): `<n>d` — n whole days — or a Go duration,
 * above zero. Undefined for anything else, zero and negative windows included.
 */
export function parseWindow(text: string): number | undefined {
  const days = /^([+-]?\d+)d$/.exec(text);
  const seconds = days ? Number(days[1]) * 86_400 : parseGoDuration(text);
  if (seconds === undefined || !Number.isFinite(seconds) || seconds <= 0) return undefined;
  return seconds;
}

/**
 * The `since` of `store.CostTotals` for a `--since` window: unix seconds, `nowMs` (ms since the
 * epoch) less the window, never below 0; 0 for `""` (no bound).
 *
 * @throws LichError `--since takes a window like 7d, 24h or 90m, not "<v>"` (wire.md § 5.3).
 */
export function sinceSeconds(window: string, nowMs: number): number {
  if (window === '') return 0;
  const seconds = parseWindow(window);
  if (seconds === undefined) throw new LichError(costSinceRefusal(window));
  return Math.max(0, Math.floor(nowMs / 1000 - seconds));
}

/**
 * spec/cli.md § lich cost: refuses `--json` with `--csv` and a `--since` that is not a window,
 * before any call; then `store.CostTotals` `{project, provider, since}` (since in unix seconds,
 * 0 for none; wire.md § 5) with the 10 s budget. The server refuses a project no session sits
 * under; a null project list is `[]`.
 *
 * @param nowMs the wall clock, ms since the epoch (a test's seam; default `Date.now()`).
 * @throws LichError the client-side refusal, or the server's.
 */
export async function cost(ctx: LichContext, input: CostInput, opts: RunOptions = {}, nowMs = Date.now()): Promise<CostReport> {
  if (input.json && input.csv) throw new LichError(JSON_AND_CSV);
  const since = sinceSeconds(input.since, nowMs);
  const report = await ctx.rpc.call(
    rpcMethod('cost', 'call', input),
    { project: input.project, provider: input.provider, since },
    { timeoutMs: SHORT_CALL_MS, signal: opts.signal },
  );
  return { ...report, projects: report.projects ?? [] };
}
