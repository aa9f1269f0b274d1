import { describe, expect, it } from 'vitest';
import { costText } from './cost-wording.js';
import { nameLimits } from '@lich/generated/contracts';
import { NAME_LIMIT } from './limits.js';
import { cleanName, cutName, dropControls, hasControls, nameControlText, nameLength, nameTooLongText, quoteName, tableCell } from './names.js';
import { rosterName } from './roster-name.js';
import type { CostReport, Peer } from './types.js';
import { sessionsText, whoamiText, worktreesText } from './wording.js';
import { foldersText } from './workspace-wording.js';

const peer: Peer = {
  id: 'S1',
  label: 'Session 1',
  project: 'ev\til\x1b[31mdir',
  kind: 'example',
  name: 'ev\til\x1b[31mdir-8bfd',
  path: '/x',
  state: '',
} as Peer;

/** Every line has exactly `columns` tab-separated fields and no control character but the tabs. */
function oneFieldPerColumn(table: string, columns: number) {
  for (const line of table.split('\n')) {
    expect(line.split('\t')).toHaveLength(columns);
    expect(line.replace(/\t/g, '')).not.toMatch(/[\x00-\x1f\x7f-\x9f]/);
  }
}

describe('names', () => {
  it("cleans a name as a label is cleaned: control characters and surrounding spaces dropped", () => {
    expect(cleanName('a\nb')).toBe('ab');
    expect(cleanName(' col\tor\x1b]0;PWNED\x07 ')).toBe('color]0;PWNED');
    expect(cleanName('\t\x7f ')).toBe('');
    expect(dropControls(' a\x1bb ')).toBe(' ab ');
  });

  it('spells control characters in a table cell as Go quotes them, and leaves everything else', () => {
    expect(tableCell('col\tor\x1b]0;PWNED\x07')).toBe('col\\tor\\x1b]0;PWNED\\a');
    expect(tableCell('new\nname\r\x7f\u009b')).toBe('new\\nname\\r\\x7f\\u009b');
    expect(tableCell('Docs — é 🎉')).toBe('Docs — é 🎉');
  });

  it('prints a folder stored with a tab, a newline or an escape code as one field of one row', () => {
    const table = foldersText('cli', [
      { name: 'col\tor\x1b]0;PWNED\x07', sessions: ['Session 20'] },
      { name: 'new\nname', sessions: ['Session\t21'] },
    ]);
    oneFieldPerColumn(table, 2);
    expect(table).toBe('folder\tsessions\ncol\\tor\\x1b]0;PWNED\\a\tSession 20\nnew\\nname\tSession\\t21');
  });

  it('prints a project and roster name stored with control characters as one field each in sessions and whoami', () => {
    oneFieldPerColumn(sessionsText('cli', [peer]), 5);
    oneFieldPerColumn(whoamiText(peer), 6);
    expect(sessionsText('cli', [peer]).split('\n')[1]).toBe('Session 1\tev\\til\\x1b[31mdir\texample\tev\\til\\x1b[31mdir-8bfd\t-');
  });

  it('keeps the JSON of sessions and folders exact: JSON escapes for itself', () => {
    expect(JSON.parse(sessionsText('mcp', [peer]))[0].project).toBe('ev\til\x1b[31mdir');
  });

  it('prints worktree and cost rows with control characters in names as one field each', () => {
    oneFieldPerColumn(worktreesText('cli', [{ name: 'w\tt', path: '/w', branch: '', dirty: false, missing: false, sessions: ['a\nb'] }] as never), 3);
    const report = {
      sessions: 1,
      unpriced: 0,
      source: 'priced',
      costUsd: 1,
      priced: 1,
      reported: 0,
      readout: true,
      projects: [{ project: 'p\trj', sessions: 1, unpriced: 0, source: 'priced', costUsd: 1 }],
    } as unknown as CostReport;
    oneFieldPerColumn(costText(report).split('\n').slice(0, 3).join('\n'), 5);
  });

  it('drops control characters from the directory part of a roster name, and reads a name of nothing but them as lich', () => {
    expect(rosterName('/src/ev\til\x1b[31mdir', '8bfd-1234')).toBe('evil[31mdir-8bfd');
    expect(rosterName('/src/\x1b\t/', 'ab')).toBe('lich-ab');
    expect(rosterName('/src/my repo', 'ab')).toBe('my repo-ab');
  });
});

describe('the bound on names (issue 22)', () => {
  it('counts characters as JSON Schema counts them: code points, so an emoji is one', () => {
    expect(nameLength('abc')).toBe(3);
    expect(nameLength('🦊é')).toBe(2);
  });

  it('is the one bound every bounded field of the contracts says', () => {
    const bounds = Object.values(nameLimits).flatMap((fields) => Object.values(fields ?? {}).map((f) => f.max));
    expect(bounds.length).toBeGreaterThan(0);
    expect(new Set(bounds)).toEqual(new Set([NAME_LIMIT]));
    // …and names the field in the refusal with a noun, never with an empty one.
    for (const fields of Object.values(nameLimits)) for (const f of Object.values(fields ?? {})) expect(f.noun).toMatch(/^[a-z][a-z ]*$/);
  });

  it('cuts a name to the bound without splitting a character, marking the cut', () => {
    expect(cutName('x'.repeat(NAME_LIMIT))).toBe('x'.repeat(NAME_LIMIT));
    expect(cutName('x'.repeat(500_000))).toBe(`${'x'.repeat(NAME_LIMIT - 1)}…`);
    expect(nameLength(cutName('🦊'.repeat(200)))).toBe(NAME_LIMIT);
    expect(cutName('🦊'.repeat(200)).endsWith('🦊…')).toBe(true);
  });

  it('quotes a name a refusal echoes no longer than the bound, as %q', () => {
    expect(quoteName('docs')).toBe('"docs"');
    expect(quoteName('a"b')).toBe('"a\\"b"');
    expect(quoteName('n'.repeat(500_000)).length).toBe(NAME_LIMIT + 2);
  });

  it('words the refusal of one too long in one line, naming it, its length and the bound', () => {
    expect(nameTooLongText('label', 100_000, 100)).toBe('label is 100000 characters, over the 100 limit: give a shorter one');
  });
});

describe('a given name holding a control character', () => {
  it('is told by any C0 character, DEL or C1 character, and by nothing printable', () => {
    for (const c of ['\x00', '\t', '\n', '\r', '\x1b', '\x7f', '\u0080', '\u009b', '\u009f']) expect(hasControls(`a${c}b`)).toBe(true);
    for (const name of ['auth-fix', 'the login bug', 'F[2J', '🦊', 'naïve', '\u00a0x', '']) expect(hasControls(name)).toBe(false);
  });

  it('is refused in one line naming what it is and spelling what it holds, cut to the bound', () => {
    expect(nameControlText('label', 'x\x1b[31mred')).toBe('a label cannot hold control characters, and "x\\x1b[31mred" holds one: give it without them');
    expect(nameControlText('effort', 'hi\tgh')).toBe('an effort cannot hold control characters, and "hi\\tgh" holds one: give it without them');
    expect(nameControlText('folder name', `${'f'.repeat(500)}\n`)).not.toMatch(/[\n]|f{100}/);
  });
});
