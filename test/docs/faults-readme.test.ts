/**
 * README.md § What lich promises under faults says what the fault suite checks, and nothing else
 * (issue 22): its table's rows are the suite's cases (test/faults/cases.ts), in order, each case
 * the source skips marked pending; its line of figures is a whole run's, checked against
 * test/faults/last-run.json when a whole run (`npm run test:faults`) has written one here.
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { CASE_LIST } from '../faults/cases.js';
import { LAST_RUN, type LastRun } from '../faults/reporter.js';
import { figuresLine, pendingCases, SECTION, tableLines } from '../faults/readme.js';

const repo = join(dirname(fileURLToPath(import.meta.url)), '../..');

/** The section's text, from its heading to the next one. */
function section(): string {
  const readme = readFileSync(join(repo, 'README.md'), 'utf8');
  const at = readme.indexOf(`\n${SECTION}\n`);
  expect(at, `README.md has no "${SECTION}" section`).toBeGreaterThan(0);
  const end = readme.indexOf('\n## ', at + SECTION.length + 2);
  return readme.slice(at + 1, end < 0 ? undefined : end + 1);
}

describe('README.md § What lich promises under faults', () => {
  it('has one table row per case of the fault suite, in its order, a pending case marked', () => {
    const rows = section()
      .split('\n')
      .filter((l) => l.startsWith('|'));
    expect(rows, 'regenerate the table from test/faults/readme.ts tableLines()').toEqual(tableLines());
  });

  it('quotes a whole run’s figures: as many cases as the suite has, as many pending as it skips', () => {
    const line = section()
      .split('\n')
      .find((l) => l.startsWith('The last run: '));
    expect(line, 'the section has no line of figures ("The last run: …")').toBeDefined();
    const m = /^The last run: (\d+) cases, (\d+) passed and (\d+) pending;/.exec(line!);
    expect(m, line).not.toBe(null);
    expect({ cases: Number(m![1]), pending: Number(m![3]) }).toEqual({ cases: CASE_LIST.length, pending: pendingCases().length });
    expect(Number(m![2]) + Number(m![3])).toBe(CASE_LIST.length);
  });

  const run: LastRun | undefined = existsSync(LAST_RUN) ? JSON.parse(readFileSync(LAST_RUN, 'utf8')) : undefined;
  const whole = run !== undefined && run.notRun.length === 0 && run.failed === 0 && run.cases === CASE_LIST.length;
  it.skipIf(!whole)(
    whole
      ? 'quotes the figures of the whole run in test/faults/last-run.json'
      : 'quotes the figures of the last whole run (skipped: no whole, passing run of npm run test:faults has written test/faults/last-run.json here)',
    () => {
      expect(section()).toContain(`\n${figuresLine(run!)}\n`);
    },
  );
});
