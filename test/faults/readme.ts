/**
 * README.md § What lich promises under faults, as the fault suite defines it: the table's rows
 * (one per case of cases.ts, in order, a pending one marked) and the line of figures a run
 * writes to last-run.json. test/docs/faults-readme.test.ts holds the README to them.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { CASES, CASE_LIST, type FaultCase } from './cases.js';
import type { LastRun } from './reporter.js';

const HERE = fileURLToPath(new URL('.', import.meta.url));

/** The README's heading of the section. */
export const SECTION = '## What lich promises under faults';

/**
 * The cases skipped in the suite's source (`it.skip(CASES.<key>.fault, …)`): their fix is on
 * another branch, named in the comment above each.
 */
export function pendingCases(): FaultCase[] {
  const keys = new Set<string>();
  for (const f of readdirSync(HERE).filter((n) => n.endsWith('.test.ts'))) {
    for (const m of readFileSync(join(HERE, f), 'utf8').matchAll(/\bit\.skip\(\s*CASES\.(\w+)\.fault/g)) keys.add(m[1]!);
  }
  return [...keys].map((k) => CASES[k as keyof typeof CASES]);
}

/** The table, header included: fault, what a user sees, what is kept; a pending case's fault marked so. */
export function tableLines(): string[] {
  const pending = new Set(pendingCases());
  return [
    '| fault | what a user sees | what is kept |',
    '|---|---|---|',
    ...CASE_LIST.map((c) => `| ${c.fault}${pending.has(c) ? ' *(pending: its fix is not merged yet)*' : ''} | ${c.sees} | ${c.kept} |`),
  ];
}

/** The README's line of figures for a whole run. */
export function figuresLine(run: Pick<LastRun, 'cases' | 'passed' | 'pending' | 'errands' | 'lost' | 'duplicated' | 'crossed' | 'leftBehind'>): string {
  return (
    `The last run: ${run.cases} cases, ${run.passed} passed and ${run.pending.length} pending; ` +
    `${run.errands} errands sent, lost ${run.lost}, duplicated ${run.duplicated}, crossed ${run.crossed}; ` +
    `left behind ${run.leftBehind}.`
  );
}
