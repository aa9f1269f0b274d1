import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readSettings, writeSetting } from '../settings.js';
import { Themes } from './themes.js';

let dir: string;
const logged: string[] = [];
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'lich-themes-'));
  logged.length = 0;
});
afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
});

const themes = () => new Themes({ configDir: dir, log: (l) => logged.push(l) });
const settingsFile = () => join(dir, 'settings.json');

function themeFile(name: string, body: unknown): void {
  mkdirSync(join(dir, 'themes'), { recursive: true });
  writeFileSync(join(dir, 'themes', name), typeof body === 'string' ? body : JSON.stringify(body));
}

describe('Themes.list', () => {
  it('lists system, light and dark with system in use when nothing was chosen', () => {
    expect(themes().list()).toEqual([
      { id: 'system', name: 'System, the bundled theme the OS asks for', scheme: '', pair: '', inUse: true },
      { id: 'light', name: 'Light', scheme: 'light', pair: 'dark', inUse: false },
      { id: 'dark', name: 'Dark', scheme: 'dark', pair: 'light', inUse: false },
    ]);
  });

  it('adds the theme files by id after the bundled ones, a pair only when that theme is installed too', () => {
    themeFile('z.json', { id: 'everforest-light', name: 'Everforest Light', scheme: 'light', pair: 'everforest-dark' });
    themeFile('everforest-dark.json', { name: 'Everforest Dark', scheme: 'dark', pair: 'everforest-light', palette: { bg: '#2d353b' } });
    themeFile('solo.json', { scheme: 'dark', pair: 'solo-light' });
    themeFile('notes.txt', 'not a theme');
    expect(themes().list().slice(3)).toEqual([
      { id: 'everforest-dark', name: 'Everforest Dark', scheme: 'dark', pair: 'everforest-light', inUse: false },
      { id: 'everforest-light', name: 'Everforest Light', scheme: 'light', pair: 'everforest-dark', inUse: false },
      { id: 'solo', name: 'solo', scheme: 'dark', pair: '', inUse: false },
    ]);
  });

  it('skips a file that is not a theme, or whose id is taken, with a line saying why', () => {
    themeFile('broken.json', '{"scheme":');
    themeFile('noscheme.json', { name: 'No scheme' });
    themeFile('dark.json', { scheme: 'dark' });
    themeFile('bad-id.json', { id: '../x', scheme: 'dark' });
    expect(themes().list().map((t) => t.id)).toEqual(['system', 'light', 'dark']);
    expect(logged).toEqual([
      `theme file ${join(dir, 'themes', 'bad-id.json')} skipped: its id "../x" is not a word of letters, digits, dots, dashes and underscores`,
      expect.stringMatching(/^theme file .*broken\.json skipped: it is not readable JSON \(/),
      `theme file ${join(dir, 'themes', 'dark.json')} skipped: the id "dark" is already installed`,
      `theme file ${join(dir, 'themes', 'noscheme.json')} skipped: its scheme is undefined, not "light" or "dark"`,
    ]);
  });
});

describe('Themes.switch', () => {
  it('marks the chosen theme in use and keeps it in settings.json, every other key as it was', () => {
    writeFileSync(settingsFile(), JSON.stringify({ sandbox: 'worktrees', costReadout: false }));
    themeFile('everforest-dark.json', { name: 'Everforest Dark', scheme: 'dark' });
    expect(themes().switch('everforest-dark')).toEqual({ theme: 'everforest-dark', previous: 'system' });
    expect(JSON.parse(readFileSync(settingsFile(), 'utf8'))).toEqual({ sandbox: 'worktrees', costReadout: false, theme: 'everforest-dark' });
    expect(themes().list().filter((t) => t.inUse).map((t) => t.id)).toEqual(['everforest-dark']);
    expect(themes().switch('system')).toEqual({ theme: 'system', previous: 'everforest-dark' });
  });

  it('refuses an id no installed theme has, naming it and the installed ones, and writes nothing', () => {
    expect(() => themes().switch('nord')).toThrow('no theme named "nord" is installed — the installed themes are "system", "light", "dark"');
    expect(() => statSync(settingsFile())).toThrow();
  });

  it('falls back to system when the saved theme is no longer installed', () => {
    writeFileSync(settingsFile(), JSON.stringify({ theme: 'gone' }));
    expect(themes().list()[0]).toMatchObject({ id: 'system', inUse: true });
  });

  it('refuses to touch a settings file it cannot read', () => {
    writeFileSync(settingsFile(), '{"sandbox": "off",');
    expect(() => themes().switch('dark')).toThrow(new RegExp(`^${settingsFile()} is not valid JSON \\(.*\\), so the theme setting cannot be read — fix the file$`));
    expect(readFileSync(settingsFile(), 'utf8')).toBe('{"sandbox": "off",');
  });
});

describe('settings.json', () => {
  it('creates the file 0600 and keeps the mode of one that exists', () => {
    writeSetting(dir, 'theme', 'dark', 'the theme setting');
    expect(statSync(settingsFile()).mode & 0o777).toBe(0o600);
    writeFileSync(settingsFile(), '{}');
    chmodSync(settingsFile(), 0o644);
    writeSetting(dir, 'theme', 'light', 'the theme setting');
    expect(statSync(settingsFile()).mode & 0o777).toBe(0o644);
    expect(readSettings(dir, 'x').doc).toEqual({ theme: 'light' });
  });

  it('reads a missing file as no settings, and refuses one that is not an object', () => {
    expect(readSettings(dir, 'x')).toEqual({ doc: {}, file: settingsFile() });
    writeFileSync(settingsFile(), '[]');
    expect(() => readSettings(dir, 'the theme setting')).toThrow(`${settingsFile()} must hold a JSON object, so the theme setting cannot be read — fix the file`);
  });
});

describe('a theme file a person wrote by hand', () => {
  it('lists a name holding tabs, newlines or other control characters as one line, each run of them one space', () => {
    themeFile('tabs.json', { name: 'Ever\tforest\r\nDark\u0085\u2028', scheme: 'dark' });
    themeFile('bell.json', { name: '\u0007', scheme: 'light' });
    expect(themes().list().slice(3)).toEqual([{ id: 'tabs', name: 'Ever forest Dark', scheme: 'dark', pair: '', inUse: false }]);
    expect(logged).toEqual([`theme file ${join(dir, 'themes', 'bell.json')} skipped: its name is not a non-empty string`]);
  });

  it('skips a file whose id would come from a file name holding a tab or a newline', () => {
    themeFile('a\tb.json', { scheme: 'dark' });
    themeFile('c\nd.json', { scheme: 'dark' });
    expect(themes().list().map((t) => t.id)).toEqual(['system', 'light', 'dark']);
    expect(logged).toEqual([
      `theme file ${join(dir, 'themes', 'a\tb.json')} skipped: its id "a\\tb" is not a word of letters, digits, dots, dashes and underscores`,
      `theme file ${join(dir, 'themes', 'c\nd.json')} skipped: its id "c\\nd" is not a word of letters, digits, dots, dashes and underscores`,
    ]);
  });

  it('switches away from a saved theme that is not an id at all, which list still reports', () => {
    writeFileSync(settingsFile(), JSON.stringify({ theme: 5, sandbox: 'off' }));
    expect(() => themes().list()).toThrow(`the theme setting in ${settingsFile()} is 5, which is not a theme's id — set it to one lich theme list shows`);
    expect(themes().switch('dark')).toEqual({ theme: 'dark', previous: 'system' });
    expect(JSON.parse(readFileSync(settingsFile(), 'utf8'))).toEqual({ theme: 'dark', sandbox: 'off' });
    expect(themes().list().filter((t) => t.inUse).map((t) => t.id)).toEqual(['dark']);
  });
});
