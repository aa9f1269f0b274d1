/**
 * Terminal.kill on a confined session, on the real bubblewrap: a session closed while bubblewrap
 * starts keeps no process. bwrap forks the sandbox's first process and only later sets it to die
 * with its parent; a hangup landing between the two used to end bwrap alone and leave that
 * process running for good, parent pid 1 (terminal/group.ts). The window is a few milliseconds
 * wide, so the close comes at once, many times over: before the fix about one start in fifteen
 * here left a process behind.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { bwrapArgs } from '../sandbox/bwrap.js';
import { processesMentioning } from '../testing.js';
import { Terminal } from './terminal.js';

const dir = mkdtempSync(join(tmpdir(), 'lich-term-bwrap-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('Terminal, closing a confined session as bubblewrap starts', () => {
  it('leaves no process of the sandbox behind, however early the close comes', async () => {
    const term = new Terminal();
    const args = [...bwrapArgs({ chdir: dir, tmpfs: ['/tmp'], binds: [{ src: dir, dest: dir, rw: true }], setenv: {} }), '--', '/bin/sh', '-c', 'exec sleep 600'];
    for (let i = 0; i < 30; i++) {
      term.start(`s${i}`, { file: '/usr/bin/bwrap', args, cwd: dir, env: { PATH: process.env.PATH ?? '/usr/bin:/bin' } });
      await term.kill(`s${i}`);
      expect(processesMentioning(dir), `close ${i}`).toEqual([]);
    }
  }, 120_000);
});
