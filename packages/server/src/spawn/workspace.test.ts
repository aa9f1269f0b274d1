import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Store } from '../store/store.js';
import { rosterName } from './names.js';
import { PALETTE, Workspace } from './workspace.js';

let store: Store;
let ws: Workspace;

const row = { kind: 'claude', model: '', originSessionId: '', originLabel: '', confined: false };

/** Two projects: lich (/src/lich) with five sessions, one parked and one on a worktree; revu with one. */
beforeEach(async () => {
  store = new Store(':memory:');
  await store.insertProject({ id: 'p1', name: 'lich', path: '/src/lich' });
  await store.insertProject({ id: 'p2', name: 'revu', path: '/src/revu' });
  const add = (id: string, projectId: string, label: string, folder = '', path = '/src/lich', parked = false) =>
    store.insertSession({ ...row, id, projectId, label, folder, path, parked });
  await add('s1', 'p1', 'auth-fix', 'Auth');
  await add('s2', 'p1', 'changelog', 'Docs');
  await add('s3', 'p1', 'login-tests', 'Auth', '/wt/login-tests');
  await add('s4', 'p1', 'old-auth', 'Auth', '/src/lich', true);
  await add('s5', 'p1', 'docs');
  await add('r1', 'p2', 'docs', '', '/src/revu');
  ws = new Workspace({ store, env: { HOME: '/home/you' } });
});

afterEach(() => store.close());

const from = 's5';
const labelOf = (id: string) => store.session(id)!.label;
const folderOf = (id: string) => store.session(id)!.folder;
const colorOf = (id: string) => store.session(id)!.color;

describe('rename', () => {
  it("renames the caller's own session when no target is named, and makes the label the user's", async () => {
    expect(await ws.rename({ from, target: '', project: '', label: '  the login bug ' })).toEqual({
      id: 's5',
      project: 'lich',
      label: 'the login bug',
      previous: 'docs',
    });
    expect(store.session('s5')).toMatchObject({ label: 'the login bug', labelAuto: false });
    // An auto-title no longer moves it.
    expect(await store.setTitle('s5', 'Some title')).toBe(false);
  });

  it('resolves the target by lich id, label or roster name, parked sessions included', async () => {
    expect((await ws.rename({ from: '', target: 's1', project: '', label: 'a' })).previous).toBe('auth-fix');
    expect((await ws.rename({ from: '', target: 'OLD-AUTH', project: '', label: 'b' })).id).toBe('s4');
    expect((await ws.rename({ from: '', target: rosterName('/wt/login-tests', 's3'), project: '', label: 'c' })).id).toBe('s3');
  });

  it('refuses a label two projects share without the project, and narrows with it by name or directory', async () => {
    await expect(ws.rename({ from: '', target: 'docs', project: '', label: 'x' })).rejects.toThrow('"docs" names 2 sessions — narrow it with the project');
    expect((await ws.rename({ from: '', target: 'docs', project: 'REVU', label: 'x' })).id).toBe('r1');
    expect((await ws.rename({ from: '', target: 'docs', project: '/src/lich/', label: 'y' })).id).toBe('s5');
  });

  it('refuses a name another session of the project holds, case-insensitively, parked ones included', async () => {
    await expect(ws.rename({ from, target: '', project: '', label: 'Auth-Fix' })).rejects.toThrow(
      '"Auth-Fix" already names another session in lich, and two sessions under one name is the one thing `lich send` cannot resolve',
    );
    await expect(ws.rename({ from, target: '', project: '', label: 'old-auth' })).rejects.toThrow('already names another session in lich');
    expect(labelOf('s5')).toBe('docs');
  });

  it("takes a name a session of another project holds, and the session's own in another case", async () => {
    expect((await ws.rename({ from: '', target: 'r1', project: '', label: 'auth-fix' })).label).toBe('auth-fix');
    expect((await ws.rename({ from, target: '', project: '', label: 'DOCS' })).label).toBe('DOCS');
  });

  it('refuses an empty name, and no session named outside a session', async () => {
    await expect(ws.rename({ from, target: '', project: '', label: '  ' })).rejects.toThrow('a rename needs a name, and none was given');
    await expect(ws.rename({ from: '', target: '', project: '', label: 'x' })).rejects.toThrow(
      'no session was named to rename, and this is not running in one — name the session',
    );
    await expect(ws.rename({ from: '', target: 'nobody', project: 'lich', label: 'x' })).rejects.toThrow('no session named "nobody" in project "lich"');
  });
});

describe('folders', () => {
  it("lists the caller's project's folders where their first cards fall, parked sessions left out", async () => {
    expect(ws.folders({ from, project: '' })).toEqual([
      { name: 'Auth', sessions: ['auth-fix', 'login-tests'] },
      { name: 'Docs', sessions: ['changelog'] },
    ]);
  });

  it('finds the project by name, by its directory, or by a worktree of it', async () => {
    const lich = ws.folders({ from: '', project: 'lich' });
    expect(ws.folders({ from: '', project: '/src/lich' })).toEqual(lich);
    expect(ws.folders({ from: '', project: '/wt/login-tests' })).toEqual(lich);
    expect(ws.folders({ from: '', project: 'revu' })).toEqual([]);
  });

  it('refuses a project it cannot tell, naming the ones there are', async () => {
    expect(() => ws.folders({ from: '', project: '' })).toThrow(
      'no project was named, and this is not running in a lich session whose project it could default to — name one with --project: "lich", "revu"',
    );
    expect(() => ws.folders({ from: '', project: 'nope' })).toThrow('no project named "nope" is open — the open projects are "lich", "revu"');
    expect(() => ws.folders({ from: '', project: '/elsewhere' })).toThrow(
      'no project is open at /elsewhere — the open projects are "lich", "revu"; only lich open opens a directory as a project',
    );
  });
});

describe('file', () => {
  it('files a session under a folder, matched exactly, starting one nobody carries', async () => {
    expect(await ws.file({ from: '', target: 'changelog', project: '', folder: 'auth' })).toEqual({
      id: 's2',
      project: 'lich',
      label: 'changelog',
      folder: 'auth',
      previous: 'Docs',
    });
    expect(ws.folders({ from, project: '' }).map((f) => f.name)).toEqual(['Auth', 'auth']);
  });

  it("files the caller's own with one argument, and takes a session out with ''", async () => {
    expect(await ws.file({ from, target: '', project: '', folder: 'Docs' })).toMatchObject({ id: 's5', folder: 'Docs', previous: '' });
    expect(await ws.file({ from, target: '', project: '', folder: '' })).toMatchObject({ folder: '', previous: 'Docs' });
    expect(await ws.file({ from, target: '', project: '', folder: '' })).toMatchObject({ folder: '', previous: '' });
    expect(folderOf('s5')).toBe('');
  });

  it('refuses no session named outside a session', async () => {
    await expect(ws.file({ from: '', target: '', project: '', folder: 'Auth' })).rejects.toThrow(
      'no session was named to file, and this is not running in one — name the session',
    );
  });
});

describe('rename-folder', () => {
  it('moves every session filed under the folder, parked ones too, and names the cards that moved', async () => {
    expect(await ws.renameFolder({ from, project: '', folder: 'Auth', to: 'Login' })).toEqual({
      project: 'lich',
      from: 'Auth',
      to: 'Login',
      sessions: ['auth-fix', 'login-tests'],
    });
    expect(['s1', 's3', 's4'].map(folderOf)).toEqual(['Login', 'Login', 'Login']);
  });

  it('merges onto a name the project already has', async () => {
    expect((await ws.renameFolder({ from, project: '', folder: 'Docs', to: 'Auth' })).sessions).toEqual(['changelog']);
    expect(ws.folders({ from, project: '' })).toEqual([{ name: 'Auth', sessions: ['auth-fix', 'changelog', 'login-tests'] }]);
  });

  it("takes the folder apart with ''", async () => {
    expect((await ws.renameFolder({ from, project: '', folder: 'Auth', to: '' })).sessions).toEqual(['auth-fix', 'login-tests']);
    expect(ws.folders({ from, project: '' })).toEqual([{ name: 'Docs', sessions: ['changelog'] }]);
    expect(folderOf('s4')).toBe('');
  });

  it("refuses a name no card carries, listing the project's folders, and changes nothing", async () => {
    await expect(ws.renameFolder({ from, project: '', folder: 'auth', to: 'x' })).rejects.toThrow(
      'no session in project "lich" is filed under "auth", so there is no folder to rename — its folders are "Auth", "Docs"',
    );
    await expect(ws.renameFolder({ from: '', project: 'revu', folder: 'Auth', to: 'x' })).rejects.toThrow(
      'no session in project "revu" is filed under "Auth", so there is no folder to rename — project "revu" has no folders',
    );
    await expect(ws.renameFolder({ from, project: '', folder: '', to: 'x' })).rejects.toThrow(
      'no folder was named, so there is no folder to rename — its folders are "Auth", "Docs"',
    );
    expect(['s1', 's2', 's3', 's4', 's5'].map(folderOf)).toEqual(['Auth', 'Docs', 'Auth', 'Auth', '']);
  });
});

describe('color-folder', () => {
  it('writes the color on every card in the folder, parked ones too, and clears it with ""', async () => {
    expect(await ws.colorFolder({ from, project: 'lich', folder: 'Auth', color: 'teal' })).toEqual({
      project: 'lich',
      folder: 'Auth',
      color: 'teal',
      sessions: ['auth-fix', 'login-tests'],
    });
    expect(['s1', 's2', 's3', 's4'].map(colorOf)).toEqual(['teal', '', 'teal', 'teal']);
    expect((await ws.colorFolder({ from, project: '', folder: 'Auth', color: '' })).color).toBe('');
    expect(['s1', 's3', 's4'].map(colorOf)).toEqual(['', '', '']);
  });

  it('leaves a card filed there later its own color', async () => {
    await ws.colorFolder({ from, project: '', folder: 'Auth', color: 'pink' });
    await ws.file({ from, target: '', project: '', folder: 'Auth' });
    expect(colorOf('s5')).toBe('');
  });

  it('takes every color of the palette', async () => {
    for (const color of PALETTE) expect((await ws.colorFolder({ from, project: '', folder: 'Docs', color })).color).toBe(color);
  });

  it('refuses a color outside the palette, listing it, and a folder nobody carries, changing nothing', async () => {
    await expect(ws.colorFolder({ from, project: '', folder: 'Auth', color: 'Teal' })).rejects.toThrow(
      '"Teal" is not a folder color — the palette is red, orange, amber, green, teal, blue, violet and pink, and "" hands the cards back to the theme',
    );
    await expect(ws.colorFolder({ from, project: '', folder: 'Nope', color: 'red' })).rejects.toThrow(
      'no session in project "lich" is filed under "Nope", so there is no folder to paint — its folders are "Auth", "Docs"',
    );
    expect(['s1', 's2', 's3', 's4', 's5'].map(colorOf)).toEqual(['', '', '', '', '']);
  });
});

describe('names from the user holding control characters', () => {
  it('refuses a folder name holding one in one line, never cleaning it into another name, and changes nothing', async () => {
    await expect(ws.file({ from, target: '', project: '', folder: 'col\tor\x1b]0;PWNED\x07' })).rejects.toThrow(
      'a folder name cannot hold control characters, and "col\\tor\\x1b]0;PWNED\\a" holds one: give it without them',
    );
    await expect(ws.file({ from: '', target: 'changelog', project: '', folder: '\u009b2J' })).rejects.toThrow(
      'a folder name cannot hold control characters, and "\\u009b2J" holds one: give it without them',
    );
    expect(folderOf('s5')).toBe('');
    expect(folderOf('s2')).toBe('Docs');
  });

  it('trims the spaces around a folder name, and refuses spaces alone instead of taking the session out', async () => {
    expect((await ws.file({ from: '', target: 'changelog', project: '', folder: ' F[2J ' })).folder).toBe('F[2J');
    await expect(ws.file({ from: '', target: 'auth-fix', project: '', folder: '   ' })).rejects.toThrow(
      `a folder needs a name, and "   " holds none once its surrounding spaces are dropped — '' takes the session out of the folder it is in`,
    );
    expect(folderOf('s1')).toBe('Auth');
  });

  it('refuses a new folder name holding one, and changes nothing', async () => {
    await expect(ws.renameFolder({ from, project: '', folder: 'Auth', to: 'new\nname' })).rejects.toThrow(
      'a folder name cannot hold control characters, and "new\\nname" holds one: give it without them',
    );
    expect(folderOf('s1')).toBe('Auth');
    expect(folderOf('s4')).toBe('Auth');
  });

  it('still reaches a folder stored with control characters by its exact name, so it can be renamed clean', async () => {
    store.refile(['s2'], { folder: 'do\tcs' });
    expect(await ws.renameFolder({ from, project: '', folder: 'do\tcs', to: 'docs' })).toMatchObject({ from: 'do\tcs', to: 'docs', sessions: ['changelog'] });
    expect(folderOf('s2')).toBe('docs');
  });

  it('refuses a label holding one, so the name given is never stored as another that it would not find', async () => {
    await expect(ws.rename({ from, target: '', project: '', label: 'x\x1b[31mred' })).rejects.toThrow(
      'a label cannot hold control characters, and "x\\x1b[31mred" holds one: give it without them',
    );
    await expect(ws.rename({ from, target: '', project: '', label: 'a\tb' })).rejects.toThrow('a label cannot hold control characters');
    expect(labelOf('s5')).toBe('docs');
  });
});
