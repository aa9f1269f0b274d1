import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SETUP_MARKER, setupCommand } from './setup.js';

let dir: string;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'lich-setup-'));
  mkdirSync(join(dir, '.lich'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

function run(script: string, file: string, args: string[]) {
  writeFileSync(join(dir, '.lich', 'setup-worktree.sh'), script);
  const c = setupCommand(join('.lich', 'setup-worktree.sh'), file, args);
  return spawnSync(c.file, c.args, { cwd: dir, encoding: 'utf8' });
}

describe('setupCommand', () => {
  it('runs the script, prints the marker, then execs the provider with its argv intact', () => {
    const r = run('echo installing; echo "port $LICH_WORKTREE_PORT"\n', '/bin/sh', ['-c', 'printf "[%s]" "$@"', 'x', 'two words', '$HOME', `it's "quoted"`]);
    expect(r.status).toBe(0);
    expect(r.stdout).toBe(`installing\nport \n${SETUP_MARKER}[two words][$HOME][it's "quoted"]`);
  });

  it('prints the failure line with the exit status and never starts the provider', () => {
    const r = run('echo broken; exit 7\n', '/bin/echo', ['the provider ran']);
    expect(r.status).toBe(7);
    expect(r.stdout).toBe('broken\n\r\n[lich] worktree setup failed (exit 7)\r\n');
    expect(r.stdout).not.toContain(SETUP_MARKER);
  });

  it('runs the script with sh, so it needs no executable bit, in the checkout', () => {
    const r = run('pwd\n', '/bin/true', []);
    expect(r.status).toBe(0);
    expect(r.stdout.split('\n')[0]).toBe(spawnSync('pwd', { cwd: dir, encoding: 'utf8' }).stdout.trim());
  });

  it('is the OSC 6969 lich-setup-done marker of wire.md § 9', () => {
    expect(SETUP_MARKER).toBe('\x1b]6969;lich-setup-done\x07');
  });
});
