import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createContext, renderJson, renderText, runOperation } from './operations.js';
import { cost, parseGoDuration, parseWindow, sinceSeconds } from './cost.js';
import { costCsv, costText, goFixed } from './cost-wording.js';
import { type FakeLich, startFakeLich } from './testing/fake-lich.js';
import type { CostInput, CostReport } from './types.js';
import { inputOf } from './testing/input.js';

const TOKEN = 'd'.repeat(32);
let lich: FakeLich;
beforeEach(async () => {
  lich = await startFakeLich(TOKEN);
});
afterEach(async () => {
  await lich.close();
});

const ctx = () => createContext({ surface: 'cli', env: { LICH_PORT: String(lich.port), LICH_TOKEN: TOKEN } });

/** The spec's own example (spec/cli.md § lich cost). */
const MIXED: CostReport = {
  projects: [
    { project: 'lich', sessions: 12, unpriced: 2, costUsd: 4.3125, source: 'mixed' },
    { project: 'revu', sessions: 3, unpriced: 0, costUsd: 0.88, source: 'priced' },
  ],
  sessions: 15,
  unpriced: 2,
  costUsd: 5.1925,
  source: 'mixed',
  priced: 9,
  reported: 4,
  readout: true,
};

describe('parseGoDuration (time.ParseDuration)', () => {
  it('reads every unit, fractions and several parts', () => {
    expect(parseGoDuration('90m')).toBe(5400);
    expect(parseGoDuration('24h')).toBe(86_400);
    expect(parseGoDuration('1h30m')).toBe(5400);
    expect(parseGoDuration('1.5h')).toBe(5400);
    expect(parseGoDuration('.5s')).toBe(0.5);
    expect(parseGoDuration('300ms')).toBeCloseTo(0.3);
    expect(parseGoDuration('2us')).toBeCloseTo(2e-6);
    expect(parseGoDuration('2µs')).toBeCloseTo(2e-6);
    expect(parseGoDuration('0')).toBe(0);
    expect(parseGoDuration('-5m')).toBe(-300);
  });

  it('refuses what Go refuses: no unit, an unknown unit, a bare dot, nothing', () => {
    for (const bad of ['', '5', '1hour', '.h', '1d', 'h', '1h ', ' 1h', '1..5h', '+', '9999999999h']) {
      expect(parseGoDuration(bad), bad).toBeUndefined();
    }
  });
});

describe('parseWindow (wire.md § 5.3)', () => {
  it('takes whole days as <n>d and Go durations, in seconds', () => {
    expect(parseWindow('7d')).toBe(7 * 86_400);
    expect(parseWindow('24h')).toBe(86_400);
    expect(parseWindow('90m')).toBe(5400);
  });

  it('refuses a window that is not above zero, and fractional days', () => {
    for (const bad of ['0d', '0', '-1d', '-2h', '1.5d', 'd', 'week']) expect(parseWindow(bad), bad).toBeUndefined();
  });
});

describe('sinceSeconds', () => {
  it('is now less the window in unix seconds, 0 for no window', () => {
    expect(sinceSeconds('', 1_700_000_000_500)).toBe(0);
    expect(sinceSeconds('90m', 1_700_000_000_500)).toBe(1_700_000_000 - 5400);
    expect(sinceSeconds('7d', 1_700_000_000_000)).toBe(1_700_000_000 - 7 * 86_400);
  });

  it('refuses anything else with the wire line, the value quoted as Go quotes it', () => {
    expect(() => sinceSeconds('week', 0)).toThrow('--since takes a window like 7d, 24h or 90m, not "week"');
    expect(() => sinceSeconds('0h', 0)).toThrow('--since takes a window like 7d, 24h or 90m, not "0h"');
    expect(() => sinceSeconds('a\tb', 0)).toThrow('--since takes a window like 7d, 24h or 90m, not "a\\tb"');
    expect(() => sinceSeconds('w'.repeat(100_000), 0)).toThrow(/^--since takes a window like 7d, 24h or 90m, not "w{99}…"$/);
  });
});

describe('cost (the operation)', () => {
  it('sends {project, provider, since} with since in unix seconds', async () => {
    lich.on('store.CostTotals', { result: MIXED });
    const now = 1_800_000_000_000;
    const report = await cost(ctx(), inputOf('cost', { project: 'lich', provider: 'claude', since: '24h' }), {}, now);
    expect(report).toEqual(MIXED);
    expect(lich.calls.map((c) => [c.method, c.body])).toEqual([
      ['store.CostTotals', [{ project: 'lich', provider: 'claude', since: 1_800_000_000 - 86_400 }]],
    ]);
  });

  it('sends since 0 without a window', async () => {
    lich.on('store.CostTotals', { result: MIXED });
    await runOperation(ctx(), 'cost', inputOf('cost', {}));
    expect(lich.calls[0]!.body).toEqual([{ project: '', provider: '', since: 0 }]);
  });

  it('refuses --json with --csv and a bad --since before any call', async () => {
    await expect(runOperation(ctx(), 'cost', inputOf('cost', { json: true, csv: true }))).rejects.toThrow('--json and --csv are two formats of one report: pick one');
    await expect(runOperation(ctx(), 'cost', inputOf('cost', { since: '7 days' }))).rejects.toThrow('--since takes a window like 7d, 24h or 90m, not "7 days"');
    expect(lich.calls).toEqual([]);
  });

  it('passes the server refusal of an unknown project through as it is', async () => {
    lich.on('store.CostTotals', { status: 500, body: '{"error":"no sessions in a project named \\"nope\\""}\n' });
    await expect(runOperation(ctx(), 'cost', inputOf('cost', { project: 'nope' }))).rejects.toThrow('no sessions in a project named "nope"');
  });
});

describe('goFixed (Go %.Nf)', () => {
  it('rounds an exact binary tie to the even digit, as Go does, and everything else as toFixed', () => {
    expect(goFixed(0.125, 2)).toBe('0.12');
    expect(goFixed(0.375, 2)).toBe('0.38');
    expect(goFixed(2.5, 0)).toBe('2');
    expect(goFixed(3.5, 0)).toBe('4');
    expect(goFixed(0.0000005, 6)).toBe((0.0000005).toFixed(6));
    expect(goFixed(4.3125, 2)).toBe('4.31');
    expect(goFixed(4.3125, 6)).toBe('4.312500');
    expect(goFixed(0.2375, 2)).toBe('0.24');
    expect(goFixed(0, 2)).toBe('0.00');
  });
});

describe('the cost report, as prose, CSV and JSON', () => {
  it('prints the spec example byte for byte, with the split line of a mixed total and the lower bound', () => {
    expect(costText(MIXED)).toBe(
      [
        'project\tsessions\tunpriced\tsource\tcost',
        'lich\t12\t2\tmixed\t$4.31',
        'revu\t3\t0\tpriced\t$0.88',
        'total\t15\t2\tmixed\t$5.19',
        '9 priced by lich, 4 reported by their provider.',
        'Lower bound: 2 unpriced of 15 sessions — their spend is not in this total.',
      ].join('\n'),
    );
  });

  it('says the total is complete when nothing is unpriced, with no split line when it is not mixed', () => {
    const report: CostReport = { ...MIXED, projects: [MIXED.projects[1]!], sessions: 3, unpriced: 0, costUsd: 0.88, source: 'priced', priced: 3, reported: 0 };
    expect(costText(report)).toBe(
      ['project\tsessions\tunpriced\tsource\tcost', 'revu\t3\t0\tpriced\t$0.88', 'total\t3\t0\tpriced\t$0.88', 'Complete: every session in this total is priced.'].join('\n'),
    );
  });

  it('prints a row with no money to attribute with a dash, and names the setting when the readout is off', () => {
    const report: CostReport = {
      projects: [{ project: 'lich', sessions: 2, unpriced: 2, costUsd: 0, source: '' }],
      sessions: 2,
      unpriced: 2,
      costUsd: 0,
      source: '',
      priced: 0,
      reported: 0,
      readout: false,
    };
    expect(costText(report)).toBe(
      [
        'project\tsessions\tunpriced\tsource\tcost',
        'lich\t2\t2\t—\t$0.00',
        'total\t2\t2\t—\t$0.00',
        'Lower bound: 2 unpriced of 2 sessions — their spend is not in this total.',
        '',
        'The cost readout is off, so nothing is being priced — turn on Settings › "Session readout in the footer" › "And cost".',
        'This lich has no window: the setting is the "costReadout" key of settings.json in lich\'s config directory — set it to true, or remove it.',
      ].join('\n'),
    );
  });

  it('says no sessions matched when none did', () => {
    expect(costText({ ...MIXED, projects: [], sessions: 0, unpriced: 0, costUsd: 0, source: '', priced: 0, reported: 0 })).toBe('No sessions matched.');
  });

  it('writes CSV rows with six decimals, an empty source cell for no rung, quoting as Go does, and no total row', () => {
    const report: CostReport = {
      ...MIXED,
      projects: [...MIXED.projects, { project: 'a, "b"', sessions: 1, unpriced: 1, costUsd: 0, source: '' }],
    };
    expect(costCsv(report)).toBe(
      ['project,sessions,unpriced,source,cost_usd', 'lich,12,2,mixed,4.312500', 'revu,3,0,priced,0.880000', '"a, ""b""",1,1,,0.000000'].join('\n'),
    );
  });

  it('renders each format by the flag given, the JSON as one line of the whole report', () => {
    const outcome = (given: Partial<CostInput>) => ({ op: 'cost' as const, input: inputOf('cost', given), output: MIXED });
    expect(renderText('cli', outcome({ json: true }))).toBe(JSON.stringify(MIXED));
    expect(renderText('cli', outcome({ csv: true }))).toBe(costCsv(MIXED));
    expect(renderText('cli', outcome({}))).toBe(costText(MIXED));
    expect(renderJson(outcome({}))).toBe(JSON.stringify(MIXED));
  });
});
