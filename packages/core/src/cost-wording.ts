/**
 * The words and formats of `lich cost` (spec/cli.md § lich cost; wire.md § 5.3, § 6 and the
 * cost prose under its table): the table, the CSV, the refusals. Every function returns its
 * text without a trailing newline.
 */
import { jsonLine } from './rpc.js';
import { quoteName, tableCell } from './names.js';
import type { CostInput, CostReport, CostTotal } from './types.js';

/** What `lich cost` prints when no session matched the filters (wire.md § 6, cost prose). */
export const NO_SESSIONS_MATCHED = 'No sessions matched.';

/** The last line of a report with no unpriced session (spec/cli.md § lich cost). */
export const COST_COMPLETE = 'Complete: every session in this total is priced.';

/** The readout-off line, after a blank line (wire.md § 6, cost prose). */
export const READOUT_OFF =
  'The cost readout is off, so nothing is being priced — turn on Settings › "Session readout in the footer" › "And cost".';

/**
 * What this headless lich adds under {@link READOUT_OFF}: it has no Settings window, so it names
 * where the setting is kept (wording of this build).
 */
export const READOUT_SETTING_HERE =
  'This lich has no window: the setting is the "costReadout" key of settings.json in lich\'s config directory — set it to true, or remove it.';

/** `lich cost --json --csv` (wording of this build: wire.md § 5.3 has the rule, not the line). */
export const JSON_AND_CSV = '--json and --csv are two formats of one report: pick one';

/** `lich cost --since <v>` that is not a window (wire.md § 5.3). */
export function costSinceRefusal(value: string): string {
  return `--since takes a window like 7d, 24h or 90m, not ${quoteName(value)}`;
}

/** The last line of a report with unpriced sessions: the total is a lower bound (spec/cli.md § lich cost). */
export function lowerBoundText(unpriced: number, sessions: number): string {
  return `Lower bound: ${unpriced} unpriced of ${sessions} sessions — their spend is not in this total.`;
}

/** The line above the last one when the total mixes lich's pricing and providers' figures. */
export function priceSplitText(priced: number, reported: number): string {
  return `${priced} priced by lich, ${reported} reported by their provider.`;
}

/**
 * Go's `%.<digits>f` of a non-negative number. It differs from `toFixed` only on an exact tie —
 * a binary value exactly halfway, like 0.125 — which Go rounds to the even digit (`0.12`) and
 * `toFixed` up (`0.13`); the exact decimal expansion of the double tells a tie apart.
 */
export function goFixed(x: number, digits: number): string {
  const exact = x.toFixed(Math.min(100, digits + 80));
  const point = exact.indexOf('.');
  const tail = exact.slice(point + 1 + digits);
  if (!/^50*$/.test(tail)) return x.toFixed(digits);
  const kept = exact.slice(0, digits === 0 ? point : point + 1 + digits);
  return Number(kept[kept.length - 1]) % 2 === 0 ? kept : x.toFixed(digits);
}

/** Dollars as the table prints them: `$%.2f`. */
function dollars(usd: number): string {
  return `$${goFixed(usd, 2)}`;
}

function row(name: string, t: Pick<CostTotal, 'sessions' | 'unpriced' | 'source' | 'costUsd'>): string {
  return `${tableCell(name)}\t${t.sessions}\t${t.unpriced}\t${t.source === '' ? '—' : t.source}\t${dollars(t.costUsd)}`;
}

/**
 * The prose report (spec/cli.md § lich cost; wire.md § 6): the header
 * `project\tsessions\tunpriced\tsource\tcost`, one row per project and the `total` row (a row
 * with no rung reads `—`), the priced/reported split when the total is mixed, then the
 * complete or lower-bound line; with the readout off, a blank line, {@link READOUT_OFF} and
 * {@link READOUT_SETTING_HERE}. {@link NO_SESSIONS_MATCHED} when nothing matched.
 */
export function costText(report: CostReport): string {
  if (report.sessions === 0) return NO_SESSIONS_MATCHED;
  const lines = ['project\tsessions\tunpriced\tsource\tcost', ...report.projects.map((p) => row(p.project, p)), row('total', report)];
  if (report.source === 'mixed') lines.push(priceSplitText(report.priced, report.reported));
  lines.push(report.unpriced === 0 ? COST_COMPLETE : lowerBoundText(report.unpriced, report.sessions));
  if (!report.readout) lines.push('', READOUT_OFF, READOUT_SETTING_HERE);
  return lines.join('\n');
}

/** One CSV field as Go's encoding/csv writes it: quoted when it holds a comma, a quote, a line break or starts with a space. */
function csvField(field: string): string {
  const quote = field !== '' && (field === '\\.' || /[",\r\n]/.test(field) || /^\s/u.test(field));
  return quote ? `"${field.replace(/"/g, '""')}"` : field;
}

/**
 * `lich cost --csv` (spec/cli.md § lich cost): the header `project,sessions,unpriced,source,cost_usd`
 * and one line per project, cost as `%.6f`, a row with no rung leaving its source cell empty,
 * and no total row — the totals are the sum of the columns, unpriced included.
 */
export function costCsv(report: CostReport): string {
  const lines = ['project,sessions,unpriced,source,cost_usd'];
  for (const p of report.projects) {
    lines.push([csvField(p.project), String(p.sessions), String(p.unpriced), p.source, goFixed(p.costUsd, 6)].join(','));
  }
  return lines.join('\n');
}

/** What `lich cost` prints for `input`: the JSON line, the CSV or the table. */
export function costOutputText(input: CostInput, report: CostReport): string {
  if (input.json) return jsonLine(report);
  if (input.csv) return costCsv(report);
  return costText(report);
}
