/**
 * What `lich doctor` and `lich rage` print (spec/cli.md § lich doctor, § lich rage; wire.md § 6).
 * Every function returns its text without a trailing newline; the CLI prints `text + "\n"`.
 */
import type { DoctorCheck, DoctorReport, RageReport } from './types.js';

/** doctor's closing line when nothing warned and nothing failed (spec/cli.md § lich doctor). */
export const DOCTOR_CLEAN = 'lich starts here — nothing is in the way.';

/** rage's last line (spec/cli.md § lich rage). */
export const RAGE_READ_IT = 'Read it before you attach it: it carries absolute paths, project and branch names.';

/** The check name column: the longest name (`providers`) and a space. */
const CHECK_WIDTH = 10;
/** The time column, right-aligned: room for `99999ms`. */
const TIME_WIDTH = 7;
/** The verdict column: the longest verdict (`fail`, `warn`, `skip`) and two spaces. */
const VERDICT_WIDTH = 6;

/** `lich v0.25.0`; an unstamped build says `lich dev`, not `lich vdev`. */
export function lichVersion(version: string): string {
  return /^\d/.test(version) ? `lich v${version}` : `lich ${version}`;
}

/** A check's time as doctor prints it: `<1ms` under a millisecond, else whole milliseconds (`17ms`). */
export function doctorTime(ms: number): string {
  return ms < 1 ? '<1ms' : `${Math.round(ms)}ms`;
}

/** One row: `  <verdict> <check> <time>  <finding>`, the columns of the spec's sample. */
export function doctorRow(check: DoctorCheck): string {
  return `  ${check.verdict.padEnd(VERDICT_WIDTH)}${check.name.padEnd(CHECK_WIDTH)}${doctorTime(check.ms).padStart(TIME_WIDTH)}  ${check.finding}`;
}

/** `a`, `a and b`, `a, b and c`. */
function listed(names: readonly string[]): string {
  return names.length <= 1 ? names.join('') : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
}

/**
 * The closing line: {@link DOCTOR_CLEAN} when nothing warned or failed; with warnings only,
 * `lich starts here, with a warning: gh.` / `…, with 2 warnings: providers and gh.`; with a
 * failure, `lich will not run here — listener failed.` (every failed check named, warnings left
 * to their rows).
 */
export function doctorClosing(checks: readonly DoctorCheck[]): string {
  const failed = checks.filter((c) => c.verdict === 'fail').map((c) => c.name);
  if (failed.length > 0) return `lich will not run here — ${listed(failed)} failed.`;
  const warned = checks.filter((c) => c.verdict === 'warn').map((c) => c.name);
  if (warned.length === 1) return `lich starts here, with a warning: ${warned[0]}.`;
  if (warned.length > 1) return `lich starts here, with ${warned.length} warnings: ${listed(warned)}.`;
  return DOCTOR_CLEAN;
}

/**
 * The whole report (spec/cli.md § lich doctor): `lich v<version> — <os>/<arch>`, a blank line,
 * one row per check, the `total` row, a blank line and the closing line.
 */
export function doctorText(report: DoctorReport): string {
  const total = `  ${''.padEnd(VERDICT_WIDTH)}${'total'.padEnd(CHECK_WIDTH)}${doctorTime(report.totalMs).padStart(TIME_WIDTH)}`;
  return [`${lichVersion(report.version)} — ${report.platform}`, '', ...report.checks.map(doctorRow), total, '', doctorClosing(report.checks)].join('\n');
}

/** rage's second line: the instance as it found it. */
function rageInstance(report: RageReport): string {
  switch (report.instance) {
    case 'running':
      return `running (pid ${report.pid}, port ${report.port})`;
    case 'silent':
      return `running (pid ${report.pid}, port ${report.port}) but not answering`;
    default:
      return 'not running';
  }
}

/**
 * The three lines of spec/cli.md § lich rage: `Wrote <path>`, `lich v<version> on <os>/<arch>,
 * <instance>.`, and {@link RAGE_READ_IT}.
 */
export function rageText(report: RageReport): string {
  return [`Wrote ${report.path}`, `${lichVersion(report.version)} on ${report.platform}, ${rageInstance(report)}.`, RAGE_READ_IT].join('\n');
}
