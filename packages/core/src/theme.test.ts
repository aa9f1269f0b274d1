import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createContext, renderJson, renderText, runOperation } from './operations.js';
import { type FakeLich, startFakeLich } from './testing/fake-lich.js';
import { themesText, themeSwitchedText } from './theme-wording.js';
import type { Theme } from './types.js';
import { inputOf } from './testing/input.js';

const TOKEN = 'e'.repeat(32);
let lich: FakeLich;
beforeEach(async () => {
  lich = await startFakeLich(TOKEN);
});
afterEach(async () => {
  await lich.close();
});

const ctx = () => createContext({ surface: 'cli', env: { LICH_PORT: String(lich.port), LICH_TOKEN: TOKEN } });

/** The spec's example (spec/cli.md § lich theme). */
const THEMES: Theme[] = [
  { id: 'system', name: 'System, the bundled theme the OS asks for', scheme: '', pair: '', inUse: false },
  { id: 'light', name: 'Light', scheme: 'light', pair: 'dark', inUse: false },
  { id: 'dark', name: 'Dark', scheme: 'dark', pair: 'light', inUse: false },
  { id: 'everforest-dark', name: 'Everforest Dark', scheme: 'dark', pair: 'everforest-light', inUse: true },
  { id: 'everforest-light', name: 'Everforest Light', scheme: 'light', pair: 'everforest-dark', inUse: false },
];

describe('theme (the operation)', () => {
  it('lists through themes.List with an empty options object', async () => {
    lich.on('themes.List', { result: THEMES });
    expect(await runOperation(ctx(), 'theme', inputOf('theme', { action: 'list' }))).toMatchObject({ output: THEMES });
    expect(lich.calls.map((c) => [c.method, c.body])).toEqual([['themes.List', [{}]]]);
  });

  it('switches through themes.Switch with the id', async () => {
    lich.on('themes.Switch', { result: { theme: 'dark', previous: 'system' } });
    expect((await runOperation(ctx(), 'theme', { action: 'switch', theme: 'dark' })).output).toEqual({ theme: 'dark', previous: 'system' });
    expect(lich.calls.map((c) => [c.method, c.body])).toEqual([['themes.Switch', [{ theme: 'dark' }]]]);
  });

  it('refuses an unknown action, a theme after list and a switch without one, before any call', async () => {
    await expect(runOperation(ctx(), 'theme', { action: 'use', theme: 'dark' })).rejects.toThrow(
      '"use" is not something lich theme does: the actions are list and switch <theme>',
    );
    await expect(runOperation(ctx(), 'theme', { action: 'list', theme: 'dark' })).rejects.toThrow(
      'list takes nothing after it: to use a theme, run lich theme switch <theme>',
    );
    await expect(runOperation(ctx(), 'theme', inputOf('theme', { action: 'switch' }))).rejects.toThrow('switch needs the id of the theme to use: lich theme list shows them');
    expect(lich.calls).toEqual([]);
  });

  it('passes the server refusal of an unknown id through, naming it', async () => {
    lich.on('themes.Switch', { status: 500, body: '{"error":"no theme named \\"nord\\" is installed — the installed themes are \\"system\\", \\"light\\", \\"dark\\""}\n' });
    await expect(runOperation(ctx(), 'theme', { action: 'switch', theme: 'nord' })).rejects.toThrow(
      'no theme named "nord" is installed — the installed themes are "system", "light", "dark"',
    );
  });
});

describe('the theme texts', () => {
  it('prints the spec example byte for byte', () => {
    expect(themesText(THEMES)).toBe(
      [
        'theme\tscheme\tname',
        'system\t-\tSystem, the bundled theme the OS asks for',
        'light\tlight\tLight',
        'dark\tdark\tDark',
        'everforest-dark\tdark\tEverforest Dark\t(in use)',
        'everforest-light\tlight\tEverforest Light',
      ].join('\n'),
    );
    expect(themeSwitchedText({ theme: 'everforest-light', previous: 'everforest-dark' })).toBe('Switched to "everforest-light".');
  });

  it('renders list and switch by their output, and --json as the output itself', () => {
    expect(renderText('cli', { op: 'theme', input: inputOf('theme', { action: 'list' }), output: THEMES })).toBe(themesText(THEMES));
    expect(renderText('cli', { op: 'theme', input: { action: 'switch', theme: 'dark' }, output: { theme: 'dark', previous: 'light' } })).toBe(
      'Switched to "dark".',
    );
    expect(renderJson({ op: 'theme', input: inputOf('theme', { action: 'list' }), output: THEMES })).toBe(JSON.stringify(THEMES));
  });
});
