// The app's own arguments (spec/cli.md § Commands; wire.md § 4.1): `lich -- <flags>` is taken,
// the flags are ignored, and a line on stderr says why — this backend has no browser window —
// while the backend runs in the foreground as it does for bare `lich` and `--no-window`.
// Runs the built CLI; the backend it starts is ended with `lich quit`.

import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { baseEnv, LICH_JS, runLich, until } from './harness.js';

const NO_WINDOW = 'This lich has no window: it runs the backend in the foreground, as lich --no-window does, until lich quit.\n';
const ignored = (flags: string) => `This lich has no browser window, so the flags after -- are ignored: ${flags}\n`;

let home: string;
let env: Record<string, string>;
beforeEach(() => {
  home = mkdtempSync(join(tmpdir(), 'lich-launch-'));
  env = { ...baseEnv(), HOME: home, XDG_CONFIG_HOME: join(home, 'config'), XDG_DATA_HOME: join(home, 'data'), LICH_LISTEN_PORT: '0' };
});
afterEach(() => rmSync(home, { recursive: true, force: true }));

/** Runs `lich …args` in the foreground until it records itself, then `lich quit`; resolves with its exit code and stderr. */
async function launchAndQuit(args: string[]): Promise<{ code: number | null; stderr: string }> {
  const child = spawn(process.execPath, [LICH_JS, ...args], { env, stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (c: Buffer) => (stderr += c.toString('utf8')));
  const exited = new Promise<number | null>((resolve) => child.on('close', resolve));
  try {
    await until(() => existsSync(join(home, 'config/lich/runtime.json')), 'the backend to record itself', 20_000);
    expect(await runLich(['quit'], { env })).toEqual({ code: 0, stdout: 'lich has quit.\n', stderr: '' });
    return { code: await exited, stderr };
  } finally {
    child.kill();
  }
}

describe('lich -- <flags>', () => {
  it('runs the backend and says the flags are ignored, for there is no browser window', async () => {
    const { code, stderr } = await launchAndQuit(['--', '--enable-features=X', '--disable-gpu']);
    expect(code).toBe(0);
    expect(stderr.startsWith(NO_WINDOW + ignored('--enable-features=X --disable-gpu'))).toBe(true);
  });

  it('says it beside --no-window and --shell too, and only the flags after -- are ignored', async () => {
    const { code, stderr } = await launchAndQuit(['--no-window', '--shell', '/bin/sh', '--', '--kiosk']);
    expect(code).toBe(0);
    expect(stderr.startsWith(ignored('--kiosk'))).toBe(true);
    expect(stderr).not.toContain(NO_WINDOW);
  });

  it('says nothing about flags when none follow', async () => {
    const { code, stderr } = await launchAndQuit(['--no-window']);
    expect(code).toBe(0);
    expect(stderr).not.toContain('browser window');
  });
});

describe('lich, with another lich running', () => {
  it('is refused in one lich: line, bare or with -- <flags>, and lich.log keeps that one line', async () => {
    const child = spawn(process.execPath, [LICH_JS, '--no-window'], { env, stdio: 'ignore' });
    const exited = new Promise<number | null>((resolve) => child.on('close', resolve));
    try {
      await until(() => existsSync(join(home, 'config/lich/runtime.json')), 'the backend to record itself', 20_000);
      for (const args of [['--', '--foo'], []]) {
        const run = await runLich(args, { env });
        expect(run.code).toBe(1);
        expect(run.stdout).toBe('');
        expect(run.stderr).toMatch(/^lich: another lich is running \(pid \d+, listening on port \d+\), recorded in [^\n]+ before starting this one\n$/);
      }
      // `lich rage` bundles this log: an expected refusal is a line in it, not a stack.
      const log = readFileSync(join(home, 'config/lich/lich.log'), 'utf8');
      expect(log.match(/did not start: another lich is running/g)).toHaveLength(2);
      expect(log).not.toMatch(/^\s+at /m);
      expect(await runLich(['quit'], { env })).toMatchObject({ code: 0 });
      expect(await exited).toBe(0);
    } finally {
      child.kill();
    }
  });
});
