/**
 * `lich theme` against a real backend (spec/cli.md § lich theme): the installed themes — system,
 * the bundled light and dark, and the files of the config directory's themes folder — the
 * switch, kept in settings.json across a restart of the backend, and the refusals.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer } from '@lich/server';
import { baseEnv, LICH_JS, runLich } from './harness.js';

let root: string;
let configDir: string;
let dataDir: string;
let server: Awaited<ReturnType<typeof startServer>> | undefined;

async function start(): Promise<void> {
  server = await startServer({ configDir, dataDir, port: 0, bin: LICH_JS, validateResults: true, env: baseEnv(), log: () => {} });
}

async function stop(): Promise<void> {
  expect(server?.violations).toEqual([]);
  await server?.close();
  server = undefined;
}

const lich = (...args: string[]) => runLich(args, { port: server!.port, token: server!.token, configHome: join(root, 'config') });

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'lich-e2e-theme-'));
  configDir = join(root, 'config', 'lich');
  dataDir = join(root, 'data', 'lich');
  mkdirSync(join(configDir, 'themes'), { recursive: true });
  writeFileSync(
    join(configDir, 'themes', 'everforest-dark.json'),
    JSON.stringify({ id: 'everforest-dark', name: 'Everforest Dark', scheme: 'dark', pair: 'everforest-light', palette: { bg: '#2d353b' } }),
  );
  writeFileSync(
    join(configDir, 'themes', 'everforest-light.json'),
    JSON.stringify({ id: 'everforest-light', name: 'Everforest Light', scheme: 'light', pair: 'everforest-dark' }),
  );
  writeFileSync(join(configDir, 'settings.json'), JSON.stringify({ sandbox: 'off' }));
  await start();
});

afterAll(async () => {
  await server?.close();
  rmSync(root, { recursive: true, force: true });
});

const table = (inUse: string) =>
  [
    'theme\tscheme\tname',
    'system\t-\tSystem, the bundled theme the OS asks for',
    'light\tlight\tLight',
    'dark\tdark\tDark',
    'everforest-dark\tdark\tEverforest Dark',
    'everforest-light\tlight\tEverforest Light',
  ]
    .map((line) => (line.startsWith(`${inUse}\t`) ? `${line}\t(in use)` : line))
    .join('\n') + '\n';

describe('lich theme', () => {
  it('lists the installed themes, system first and in use until one is chosen', async () => {
    expect(await lich('theme', 'list')).toEqual({ code: 0, stdout: table('system'), stderr: '' });
  });

  it('prints each theme with its pair as one JSON line', async () => {
    const r = await lich('theme', '--json', 'list');
    expect(r.code).toBe(0);
    expect(r.stdout.indexOf('\n')).toBe(r.stdout.length - 1);
    expect(JSON.parse(r.stdout)).toEqual([
      { id: 'system', name: 'System, the bundled theme the OS asks for', scheme: '', pair: '', inUse: true },
      { id: 'light', name: 'Light', scheme: 'light', pair: 'dark', inUse: false },
      { id: 'dark', name: 'Dark', scheme: 'dark', pair: 'light', inUse: false },
      { id: 'everforest-dark', name: 'Everforest Dark', scheme: 'dark', pair: 'everforest-light', inUse: false },
      { id: 'everforest-light', name: 'Everforest Light', scheme: 'light', pair: 'everforest-dark', inUse: false },
    ]);
  });

  it('switches the theme in use and keeps the other settings as they were', async () => {
    expect(await lich('theme', 'switch', 'everforest-light')).toEqual({ code: 0, stdout: 'Switched to "everforest-light".\n', stderr: '' });
    expect(JSON.parse(readFileSync(join(configDir, 'settings.json'), 'utf8'))).toEqual({ sandbox: 'off', theme: 'everforest-light' });
    expect((await lich('theme', 'list')).stdout).toBe(table('everforest-light'));
  });

  it('refuses an id no installed theme has, naming it, and changes nothing', async () => {
    expect(await lich('theme', 'switch', 'nord')).toEqual({
      code: 1,
      stdout: '',
      stderr: 'lich: no theme named "nord" is installed — the installed themes are "system", "light", "dark", "everforest-dark", "everforest-light"\n',
    });
    expect((await lich('theme', 'list')).stdout).toBe(table('everforest-light'));
  });

  it('refuses a command line that is not list or switch <theme>', async () => {
    expect(await lich('theme')).toEqual({ code: 1, stdout: '', stderr: 'lich: usage: lich theme [--json] list | switch <theme>\n' });
    expect(await lich('theme', 'switch')).toEqual({ code: 1, stdout: '', stderr: 'lich: switch needs the id of the theme to use: lich theme list shows them\n' });
    expect(await lich('theme', 'use', 'dark')).toEqual({
      code: 1,
      stdout: '',
      stderr: 'lich: "use" is not something lich theme does: the actions are list and switch <theme>\n',
    });
  });

  it('answers --help with its own flags, and lich help lists it', async () => {
    const help = await lich('theme', '--help');
    expect(help.code).toBe(0);
    expect(help.stdout).toContain('usage: lich theme [--json] list | switch <theme>\n  --json\n');
    expect((await lich('help')).stdout).toContain('\n  lich theme [--json] list | switch <theme>\n      List the installed themes, or switch the one in use.\n');
  });

  it('keeps the choice across a restart of the backend', async () => {
    await stop();
    await start();
    expect(await lich('theme', 'list')).toEqual({ code: 0, stdout: table('everforest-light'), stderr: '' });
    expect(await lich('theme', '--json', 'switch', 'dark')).toEqual({ code: 0, stdout: '{"theme":"dark","previous":"everforest-light"}\n', stderr: '' });
    await stop();
    await start();
    expect((await lich('theme', 'list')).stdout).toBe(table('dark'));
  });

  it('lists a theme whose name holds a tab and a newline as one row of exactly its columns', async () => {
    const file = join(configDir, 'themes', 'tabbed.json');
    writeFileSync(file, JSON.stringify({ name: 'Tabbed\tName\nSecond line', scheme: 'light' }));
    try {
      const r = await lich('theme', 'list');
      expect(r.code).toBe(0);
      const rows = r.stdout.split('\n').slice(1, -1);
      expect(rows).toHaveLength(6);
      expect(rows.filter((row) => row.startsWith('tabbed\t'))).toEqual(['tabbed\tlight\tTabbed Name Second line']);
      for (const row of rows) expect(row.split('\t').length, row).toBe(row.endsWith('\t(in use)') ? 4 : 3);
    } finally {
      rmSync(file);
    }
  });

  it('switches away from a "theme" in settings.json that is no id at all, which list reports until then', async () => {
    writeFileSync(join(configDir, 'settings.json'), JSON.stringify({ sandbox: 'off', theme: 5 }));
    const file = join(configDir, 'settings.json');
    expect(await lich('theme', 'list')).toEqual({
      code: 1,
      stdout: '',
      stderr: `lich: the theme setting in ${file} is 5, which is not a theme's id — set it to one lich theme list shows\n`,
    });
    expect(await lich('theme', '--json', 'switch', 'everforest-dark')).toEqual({ code: 0, stdout: '{"theme":"everforest-dark","previous":"system"}\n', stderr: '' });
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual({ sandbox: 'off', theme: 'everforest-dark' });
    expect((await lich('theme', 'list')).stdout).toBe(table('everforest-dark'));
  });
});
