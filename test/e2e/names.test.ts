// Names with control characters, end to end through the built `lich` against a real backend: a
// folder name given to file, rename-folder and open --folder, and a project directory whose name
// holds a tab and an escape code. Each comes out of `lich folders` and `lich sessions` as one
// field of one row, with no raw escape sequence reaching the terminal (spec/cli.md: tables are
// tab-separated with a header); a name that cleans to nothing is refused with one `lich:` line.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Backend, exampleProvider, makeRepo, type Session } from './harness.js';

let b: Backend;
let repo: string;
let evil: string;

beforeAll(async () => {
  b = await Backend.start({ providers: ({ log }) => ({ example: exampleProvider(log) }) });
  repo = makeRepo(b.home, 'repo', 1);
  evil = makeRepo(b.home, 'ev\til\x1b[31mdir', 1);
});

afterAll(async () => {
  if (!b) return;
  const violations = b.violations;
  await b.close();
  expect(violations).toEqual([]);
});

/** Every row has `columns` tab-separated fields, and nothing on it is a control character but the tabs. */
function oneFieldPerColumn(stdout: string, columns: number): string[] {
  const rows = stdout.trimEnd().split('\n');
  for (const row of rows) {
    expect(row.split('\t')).toHaveLength(columns);
    expect(row.replace(/\t/g, '')).not.toMatch(/[\x00-\x1f\x7f-\x9f]/);
  }
  return rows;
}

describe('names with control characters', () => {
  let s20: Session;

  it('files, renames and opens into folders under names cleaned of control characters, each one field of `lich folders`', async () => {
    s20 = await b.open(repo, 'example');
    const filed = await b.lich(['file', '--project', 'repo', s20.label, 'col\tor\x1b]0;PWNED\x07']);
    expect(filed).toEqual({ code: 0, stdout: `Filed "${s20.label}" under "color]0;PWNED".\n`, stderr: '' });
    expect((await b.lich(['rename-folder', '--project', 'repo', 'color]0;PWNED', 'new\nname'])).code).toBe(0);
    const s21 = await b.open(repo, 'example', ['--folder', 'F\x1b[2J']);
    expect((s21 as Session & { folder: string }).folder).toBe('F[2J');
    const listed = await b.lich(['folders', '--project', 'repo']);
    expect(listed.code).toBe(0);
    expect(oneFieldPerColumn(listed.stdout, 2)).toEqual(['folder\tsessions', `newname\t${s20.label}`, `F[2J\t${s21.label}`]);
  });

  it('refuses a folder name that cleans to nothing with one lich: line, leaving the session where it was', async () => {
    expect(await b.lich(['file', '--project', 'repo', s20.label, '\t\x1b'])).toEqual({
      code: 1,
      stdout: '',
      stderr: `lich: a folder needs a name, and "\\t\\x1b" holds none once its control characters and surrounding spaces are dropped — '' takes the session out of the folder it is in\n`,
    });
    expect(JSON.parse((await b.lich(['folders', '--json', '--project', 'repo'])).stdout)[0]).toEqual({ name: 'newname', sessions: [s20.label] });
  });

  it('names a project opened from a directory holding a tab and an escape code without them, in its column and its roster names', async () => {
    const s = await b.open(evil, 'example');
    expect(s.project).toBe('evil[31mdir');
    const rows = oneFieldPerColumn((await b.lich(['sessions'])).stdout, 5);
    const row = rows.find((r) => r.split('\t')[1] === 'evil[31mdir');
    expect(row?.split('\t').slice(0, 4)).toEqual([s.label, 'evil[31mdir', 'example', `evil[31mdir-${s.id.slice(0, 4)}`]);
  });
});
