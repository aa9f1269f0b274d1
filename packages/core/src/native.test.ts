import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createContext, type LichContext, runOperation, renderText } from './operations.js';
import type { Env } from './rpc.js';
import { LichError } from './errors.js';
import { NO_LAUNCHER, type Launcher, type Started } from './native.js';
import { type FakeLich, startFakeLich } from './testing/fake-lich.js';

const TOKEN = 'e'.repeat(32);
const BIN = '/opt/lich/bin/lich.js';
const BESIDE = '/opt/lich/bin/lich-native';

let lich: FakeLich;
let contexts: LichContext[] = [];

beforeEach(async () => {
  lich = await startFakeLich(TOKEN);
  lich.on('system.CloseWindow', { result: null });
});
afterEach(async () => {
  for (const c of contexts) c.rpc.close();
  contexts = [];
  await lich.close();
});

/** A launcher that records what it was asked to start and runs nothing. */
class FakeLauncher implements Launcher {
  readonly bin = BIN;
  readonly started: { command: string; args: readonly string[]; env: Env }[] = [];
  /** Paths `executable` says yes to. */
  readonly programs = new Set<string>();
  /** What the next `start` of a backend does: record itself at the fake's port, end at once, or do nothing. */
  backend: 'records' | 'ends' | 'silent' = 'records';
  failWindow = false;
  private pid = 4000;
  private endBackend?: (how: string) => void;
  /** The runtime file as the started backend left it (`null`: none). */
  runtime: string | null = null;

  async executable(path: string): Promise<boolean> {
    return this.programs.has(path);
  }

  async start(command: string, args: readonly string[], env: Env): Promise<Started> {
    this.started.push({ command, args, env });
    // The backend this fake starts is the fake lich, which listens in this process.
    const pid = command === BIN ? process.pid : ++this.pid;
    if (command !== BIN) {
      if (this.failWindow) throw Object.assign(new Error('spawn EACCES'), { code: 'EACCES' });
      return { pid, exited: new Promise(() => {}) };
    }
    if (this.backend === 'records') this.runtime = JSON.stringify({ pid, port: lich.port, token: TOKEN });
    const exited = new Promise<string>((r) => (this.endBackend = r));
    if (this.backend === 'ends') this.endBackend!('status 1');
    return { pid, exited };
  }
}

/**
 * A context over the fake lich. `running`: a runtime file naming the fake from the start; else
 * only what the launcher's backend records. Time is a counter `sleep` moves.
 */
function ctx(launcher: FakeLauncher | undefined, o: { running?: boolean; env?: Env } = {}): LichContext {
  let clock = 0;
  const before = o.running ? JSON.stringify({ pid: process.pid, port: lich.port, token: TOKEN }) : null;
  const c = createContext({
    surface: 'cli',
    env: { HOME: '/home/u', LICH_NATIVE: '', ...o.env },
    readFile: async () => {
      const text = before ?? launcher?.runtime ?? null;
      if (text === null) throw Object.assign(new Error('no file'), { code: 'ENOENT' });
      return text;
    },
    now: () => clock,
    sleep: async (ms) => void (clock += ms),
    launcher,
  });
  contexts.push(c);
  return c;
}

async function refusal(p: Promise<unknown>): Promise<string> {
  try {
    await p;
  } catch (e) {
    expect(e).toBeInstanceOf(LichError);
    return (e as Error).message;
  }
  throw new Error('expected a refusal');
}

describe('lich native', () => {
  it('refuses before anything starts or closes when lich-native is neither beside lich nor at LICH_NATIVE', async () => {
    const launcher = new FakeLauncher();
    expect(await refusal(runOperation(ctx(launcher, { running: true }), 'native', {}))).toBe(
      `no native window to open: there is no executable lich-native beside lich (${BESIDE}), and LICH_NATIVE is not set`,
    );
    expect(await refusal(runOperation(ctx(launcher, { env: { LICH_NATIVE: '/tmp/none' } }), 'native', {}))).toBe(
      `no native window to open: there is no executable lich-native at LICH_NATIVE (/tmp/none) or beside lich (${BESIDE})`,
    );
    expect(launcher.started).toEqual([]);
    expect(lich.calls).toEqual([]);
  });

  it('on a running lich closes the web window with [{}], then starts the window detached with its port and token', async () => {
    const launcher = new FakeLauncher();
    launcher.programs.add(BESIDE);
    const outcome = await runOperation(ctx(launcher, { running: true, env: { PATH: '/usr/bin' } }), 'native', {});
    expect(outcome.output).toEqual({ port: lich.port });
    expect(renderText('cli', outcome)).toBe(`Opening the native window on lich (port ${lich.port}).`);
    expect(lich.calls.map((c) => ({ method: c.method, body: c.body }))).toEqual([{ method: 'system.CloseWindow', body: [{}] }]);
    expect(launcher.started).toEqual([
      { command: BESIDE, args: [], env: { HOME: '/home/u', LICH_NATIVE: '', PATH: '/usr/bin', LICH_PORT: String(lich.port), LICH_TOKEN: TOKEN } },
    ]);
  });

  it('prefers the lich-native LICH_NATIVE names, and looks beside lich when nothing runs there', async () => {
    const launcher = new FakeLauncher();
    launcher.programs.add('/tmp/mine').add(BESIDE);
    await runOperation(ctx(launcher, { running: true, env: { LICH_NATIVE: '/tmp/mine' } }), 'native', {});
    launcher.programs.delete('/tmp/mine');
    await runOperation(ctx(launcher, { running: true, env: { LICH_NATIVE: '/tmp/mine' } }), 'native', {});
    expect(launcher.started.map((s) => s.command)).toEqual(['/tmp/mine', BESIDE]);
  });

  it('starts lich --no-window first when none runs, without another lichs coordinates, and opens the window on it', async () => {
    const launcher = new FakeLauncher();
    launcher.programs.add(BESIDE);
    const outcome = await runOperation(ctx(launcher, { env: { LICH_SESSION_ID: 'stale', LICH_PORT: '' } }), 'native', {});
    expect(outcome.output).toEqual({ port: lich.port });
    expect(launcher.started.map((s) => [s.command, s.args])).toEqual([
      [BIN, ['--no-window']],
      [BESIDE, []],
    ]);
    expect(launcher.started[0]!.env).toEqual({ HOME: '/home/u', LICH_NATIVE: '' });
    expect(launcher.started[1]!.env).toMatchObject({ LICH_PORT: String(lich.port), LICH_TOKEN: TOKEN });
    expect(lich.calls.map((c) => c.method)).toEqual(['system.CloseWindow']);
  });

  it('says so when the backend it started ended before it listened, and opens no window', async () => {
    const launcher = new FakeLauncher();
    launcher.programs.add(BESIDE);
    launcher.backend = 'ends';
    expect(await refusal(runOperation(ctx(launcher), 'native', {}))).toBe(
      'lich --no-window ended (status 1) before it listened: run lich --no-window to see why',
    );
    expect(launcher.started.map((s) => s.command)).toEqual([BIN]);
  });

  it('gives up on a backend that does not listen within 15 s', async () => {
    const launcher = new FakeLauncher();
    launcher.programs.add(BESIDE);
    launcher.backend = 'silent';
    expect(await refusal(runOperation(ctx(launcher), 'native', {}))).toBe('lich --no-window did not listen within 15s');
    expect(lich.calls).toEqual([]);
  });

  it('reports a window that cannot be started in one line', async () => {
    const launcher = new FakeLauncher();
    launcher.programs.add(BESIDE);
    launcher.failWindow = true;
    expect(await refusal(runOperation(ctx(launcher, { running: true }), 'native', {}))).toBe(`start ${BESIDE}: permission denied`);
  });

  it('is refused on a surface that starts no programs', async () => {
    expect(await refusal(runOperation(ctx(undefined, { running: true }), 'native', {}))).toBe(NO_LAUNCHER);
  });
});
