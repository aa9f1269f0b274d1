// Names with control characters, end to end through the built `lich` against a real backend. A
// name a person gives — a label to rename, a folder name to file, rename-folder and open --folder
// — holding one is refused in one `lich:` line, never cleaned into another name that the one given
// would not find again; a project directory whose name holds a tab and an escape code is named
// without them (nobody gave that name at a door). Every table row stays one field per column,
// with no raw escape sequence reaching the terminal (spec/cli.md: tables are tab-separated).

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

  it('refuses a label holding one, and the session keeps the name that still finds it', async () => {
    s20 = await b.open(repo, 'example');
    const refusal = (name: string) => ({
      code: 1,
      stdout: '',
      stderr: `lich: a label cannot hold control characters, and ${name} holds one: give it without them\n`,
    });
    expect(await b.lich(['rename', s20.label, 'x\x1b[31mred'])).toEqual(refusal('"x\\x1b[31mred"'));
    expect(await b.lich(['rename', s20.label, 'a\tb'])).toEqual(refusal('"a\\tb"'));
    // Nothing was renamed: the label it had still names it, and the name given names nothing.
    expect(await b.lich(['rename', 'x[31mred', 'y'])).toMatchObject({ code: 1, stderr: 'lich: no session named "x[31mred"\n' });
    expect(await b.lich(['rename', s20.label, 'red'])).toEqual({ code: 0, stdout: `Renamed "${s20.label}" to "red".\n`, stderr: '' });
    s20 = { ...s20, label: 'red' };
  });

  it('refuses a folder name holding one to file, rename-folder and open --folder, changing nothing', async () => {
    const refusal = (name: string) => ({
      code: 1,
      stdout: '',
      stderr: `lich: a folder name cannot hold control characters, and ${name} holds one: give it without them\n`,
    });
    expect(await b.lich(['file', '--project', 'repo', s20.label, 'col\tor\x1b]0;PWNED\x07'])).toEqual(refusal('"col\\tor\\x1b]0;PWNED\\a"'));
    expect(await b.lich(['file', '--project', 'repo', s20.label, 'color'])).toMatchObject({ code: 0, stderr: '' });
    expect(await b.lich(['rename-folder', '--project', 'repo', 'color', 'new\nname'])).toEqual(refusal('"new\\nname"'));
    const opened = await b.lich(['open', '--project', repo, '--kind', 'example', '--folder', 'F\x1b[2J']);
    expect(opened).toEqual(refusal('"F\\x1b[2J"'));
    const listed = await b.lich(['folders', '--project', 'repo']);
    expect(listed.code).toBe(0);
    expect(oneFieldPerColumn(listed.stdout, 2)).toEqual(['folder\tsessions', `color\t${s20.label}`]);
    expect(JSON.parse((await b.lich(['sessions', '--json'])).stdout)).toHaveLength(1);
  });

  it('names a project opened from a directory holding a tab and an escape code without them, in its column and its roster names', async () => {
    const s = await b.open(evil, 'example');
    expect(s.project).toBe('evil[31mdir');
    const rows = oneFieldPerColumn((await b.lich(['sessions'])).stdout, 5);
    const row = rows.find((r) => r.split('\t')[1] === 'evil[31mdir');
    expect(row?.split('\t').slice(0, 4)).toEqual([s.label, 'evil[31mdir', 'example', `evil[31mdir-${s.id.slice(0, 4)}`]);
  });
});
