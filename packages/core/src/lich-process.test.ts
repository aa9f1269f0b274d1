/**
 * Whether the process coordinates name is still the lich that recorded them, asked of the kernel
 * (Linux /proc) with real processes: this one, one started after a record was written, and one
 * that is gone.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ended, isLich, listenerRefusal, pidAlive, procStat, writtenAt } from './lich-process.js';
import { zombie } from './testing/zombie.js';

/** A pid that was alive a moment ago and is not now. */
async function deadPid(): Promise<number> {
  const child = spawn(process.execPath, ['-e', '0']);
  await new Promise((resolve) => child.once('exit', resolve));
  return child.pid!;
}

describe('whether a process is the lich that recorded its coordinates', () => {
  it('is the process that wrote the record, alive, and not a process started after it', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'lich-process-'));
    try {
      const file = join(dir, 'runtime.json');
      writeFileSync(file, '{}');
      const at = writtenAt(file)!;
      expect(isLich(process.pid, at), 'this process, started before the record').toBe(true);
      // A pid handed to a later process: it started after the record was written.
      const later = spawn('sleep', ['30'], { stdio: 'ignore' });
      try {
        expect(isLich(later.pid!, at - 5000)).toBe(false);
      } finally {
        later.kill('SIGKILL');
      }
      expect(writtenAt(join(dir, 'nothing'))).toBeUndefined();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('takes a session’s LICH_PID as its lich when that process started before the one asking, not after', () => {
    expect(isLich(process.pid)).toBe(true);
    expect(isLich(process.ppid), 'the process that started this one').toBe(true);
    const later = spawn('sleep', ['30'], { stdio: 'ignore' });
    try {
      expect(isLich(later.pid!)).toBe(false);
    } finally {
      later.kill('SIGKILL');
    }
  });

  it('reads a confined session’s lich from the /proc entry LICH_PROC names: that process, alive, and not another one', async () => {
    expect(isLich(process.pid, undefined, `/proc/${process.pid}`)).toBe(true);
    expect(isLich(process.pid, undefined, `/proc/${process.ppid}`), 'the entry of another process').toBe(false);
    const gone = await deadPid();
    expect(isLich(gone, undefined, `/proc/${gone}`)).toBe(false);
    expect(isLich(process.pid, undefined, '/nowhere')).toBe(false);
  });

  it('is no lich for a process that is gone', async () => {
    const pid = await deadPid();
    expect(pidAlive(pid)).toBe(false);
    expect(isLich(pid)).toBe(false);
    expect(pidAlive(0)).toBe(false);
    expect(pidAlive(-3)).toBe(false);
  });

  it('is no lich for a killed process its parent has not reaped yet (a zombie), though a signal 0 still reaches it', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'lich-process-'));
    const z = await zombie();
    try {
      expect(() => process.kill(z.pid, 0), 'the kernel still answers for it').not.toThrow();
      const stat = procStat(z.pid)!;
      expect(ended(stat)).toBe(true);
      expect(pidAlive(z.pid)).toBe(false);
      // The record it wrote before it died: written after it started, as a lich's runtime file is.
      const file = join(dir, 'runtime.json');
      writeFileSync(file, '{}');
      expect(isLich(z.pid, writtenAt(file))).toBe(false);
      expect(isLich(z.pid, undefined, `/proc/${z.pid}`), 'its /proc entry, bound in as a confined session’s LICH_PROC').toBe(false);
      expect(listenerRefusal({ pid: z.pid }, {})).toBe('reach lich: no lich is running — open lich, or run this inside one of its sessions');
    } finally {
      z.release();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('reads a process’s /proc entry: its pid, state, parent, group and start, the same for this process by pid and as self', () => {
    const mine = procStat(process.pid)!;
    expect(mine).toEqual(procStat('self'));
    expect(mine).toEqual(procStat({ dir: `/proc/${process.pid}` }));
    expect(mine.pid).toBe(process.pid);
    expect(mine.ppid).toBe(process.ppid);
    expect(ended(mine)).toBe(false);
    expect(procStat({ dir: '/nowhere' })).toBeUndefined();
  });

  it('refuses a plugin link once, in the spec’s words, whose process is gone, and never one that names no process', async () => {
    const seen: { ok?: boolean } = {};
    expect(listenerRefusal({ pid: process.ppid }, seen)).toBeUndefined();
    expect(seen.ok).toBe(true);
    expect(listenerRefusal({}, {})).toBeUndefined();
    expect(listenerRefusal({ pid: await deadPid() }, {})).toBe('reach lich: no lich is running — open lich, or run this inside one of its sessions');
  });
});
