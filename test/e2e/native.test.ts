// `lich native` against a real backend (spec/cli.md § lich native; wire.md § 5, system.CloseWindow).
// The native window is a stand-in: an executable script at LICH_NATIVE that records the LICH_*
// variables it was started with, so the test sees exactly what the window would be handed. With
// no lich running, `lich native` starts one as `lich --no-window`, detached, and the test ends it
// with `lich quit`. Every test runs the built CLI.

import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { alive, Backend, LICH_JS, runLich, until } from './harness.js';

let dir: string;
let native: string;
let recorded: string;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'lich-native-'));
  native = join(dir, 'lich-native');
  recorded = join(dir, 'native-env.txt');
  // Written whole and renamed, so the test never reads half of it.
  writeFileSync(native, `#!/bin/sh\nenv | grep '^LICH_' | sort > "${recorded}.tmp" && mv "${recorded}.tmp" "${recorded}"\n`);
  chmodSync(native, 0o755);
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

/** The LICH_* variables the stand-in window was started with, once it has run. */
async function windowEnv(): Promise<Record<string, string>> {
  await until(() => existsSync(recorded), 'the stand-in lich-native to run', 20_000);
  return Object.fromEntries(
    readFileSync(recorded, 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((l) => [l.slice(0, l.indexOf('=')), l.slice(l.indexOf('=') + 1)]),
  );
}

describe('lich native on a running lich', () => {
  let b: Backend | undefined;
  afterEach(async () => {
    const violations = b?.violations ?? [];
    await b?.close();
    b = undefined;
    expect(violations).toEqual([]);
  });

  it('opens the window on it with its port and token, and lich goes on running', async () => {
    const backend = (b = await Backend.start());
    // Outside a session: the CLI finds the backend through its runtime file.
    const r = await runLich(['native'], { configHome: backend.configHome, env: { LICH_NATIVE: native } });
    expect(r).toEqual({ code: 0, stdout: `Opening the native window on lich (port ${backend.port}).\n`, stderr: '' });
    expect(await windowEnv()).toEqual({ LICH_NATIVE: native, LICH_PORT: String(backend.port), LICH_TOKEN: backend.token });
    expect(await backend.lich(['sessions', '--json'])).toEqual({ code: 0, stdout: '[]\n', stderr: '' });
  });

  it('refuses, in one line and before anything closes, when lich-native is not where it is looked for', async () => {
    const backend = (b = await Backend.start());
    const missing = join(dir, 'nowhere');
    const r = await runLich(['native'], { configHome: backend.configHome, env: { LICH_NATIVE: missing } });
    expect(r).toEqual({
      code: 1,
      stdout: '',
      stderr: `lich: no native window to open: there is no executable lich-native at LICH_NATIVE (${missing}) or beside lich (${join(LICH_JS, '..', 'lich-native')})\n`,
    });
    // A file that is there but not executable is no window either.
    chmodSync(native, 0o644);
    expect(await runLich(['native'], { configHome: backend.configHome, env: { LICH_NATIVE: native } })).toMatchObject({ code: 1, stdout: '' });
    expect(existsSync(recorded)).toBe(false);
    expect(await backend.lich(['version', '--json'])).toMatchObject({ code: 0, stdout: expect.stringContaining('"server"') });
  });

  it('takes no flags: there is no --json for a window', async () => {
    const backend = (b = await Backend.start());
    expect(await runLich(['native', '--json'], { configHome: backend.configHome, env: { LICH_NATIVE: native } })).toEqual({
      code: 1,
      stdout: '',
      stderr: 'lich: flag provided but not defined: -json\n',
    });
    expect(existsSync(recorded)).toBe(false);
  });
});

describe('lich native with no lich running', () => {
  let home: string;
  let env: Record<string, string>;
  beforeEach(() => {
    home = mkdtempSync(join(tmpdir(), 'lich-native-home-'));
    env = { HOME: home, XDG_CONFIG_HOME: join(home, 'config'), XDG_DATA_HOME: join(home, 'data'), LICH_LISTEN_PORT: '0', LICH_NATIVE: native };
  });
  afterEach(async () => {
    // Whatever the test left running goes: `lich quit` first, the pid if that failed.
    const runtime = join(home, 'config/lich/runtime.json');
    if (existsSync(runtime)) {
      const { pid } = JSON.parse(readFileSync(runtime, 'utf8')) as { pid: number };
      if ((await runLich(['quit'], { env })).code !== 0 && alive(pid)) process.kill(pid, 'SIGKILL');
    }
    rmSync(home, { recursive: true, force: true });
  });

  it('starts lich --no-window in the background, opens the window on it, and returns while both run', async () => {
    const r = await runLich(['native'], { env });
    expect(r.code).toBe(0);
    expect(r.stderr).toBe('');
    const port = Number(/^Opening the native window on lich \(port (\d+)\)\.\n$/.exec(r.stdout)?.[1]);
    const runtime = JSON.parse(readFileSync(join(home, 'config/lich/runtime.json'), 'utf8')) as { pid: number; port: number; token: string };
    expect(runtime.port).toBe(port);
    expect(await windowEnv()).toEqual({ LICH_LISTEN_PORT: '0', LICH_NATIVE: native, LICH_PORT: String(port), LICH_TOKEN: runtime.token });

    // `lich native` has exited; the backend it started outlives it, and `lich quit` ends it.
    expect(alive(runtime.pid)).toBe(true);
    expect(JSON.parse((await runLich(['version', '--json'], { env })).stdout)).toMatchObject({ server: expect.any(String) });
    expect(await runLich(['quit'], { env })).toEqual({ code: 0, stdout: 'lich has quit.\n', stderr: '' });
    await until(() => !alive(runtime.pid), 'the backend to exit', 15_000);
  });

  it('starts nothing when lich-native is not there', async () => {
    const r = await runLich(['native'], { env: { ...env, LICH_NATIVE: '' } });
    expect(r).toEqual({
      code: 1,
      stdout: '',
      stderr: `lich: no native window to open: there is no executable lich-native beside lich (${join(LICH_JS, '..', 'lich-native')}), and LICH_NATIVE is not set\n`,
    });
    expect(existsSync(join(home, 'config/lich/runtime.json'))).toBe(false);
    expect(await runLich(['version', '--json'], { env })).toMatchObject({ stdout: expect.not.stringContaining('server') });
  });
});
