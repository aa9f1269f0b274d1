// What a backend killed outright leaves running, and the next start's sweep of it (issue 22,
// items 5b and 5c; packages/server/src/terminal/leftovers.ts, terminal/inherit.ts;
// docs/sandbox.md): a real `lich --no-window`, real PTYs, `kill -9`, the real bubblewrap.
//
// - A session whose program ignores SIGHUP runs on after the kill, orphaned; the next start
//   on the same directories ends it and says so in one line. A session that takes the hangup
//   ends with the backend, though a session opened after it lives on: it no longer holds the
//   first one's PTY master, so the kernel's hangup reaches the first.
// - A confined session killed as bubblewrap starts: a hangup between bubblewrap's fork of the
//   sandbox's first process and its `--die-with-parent` leaves that process and the provider
//   under it running for good. The window is a few milliseconds wide, so the kill lands at the
//   moment bubblewrap appears, start after start, until one is caught; after each the next
//   start must leave nothing of that session running.

import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { argvOf, descendants, killAll, startChildBackend, type ChildBackend } from './child-backend.js';
import { makeRepo, sleep, until, type ProviderEntry } from './harness.js';

let home: string;
const backends: ChildBackend[] = [];
const leftBehind: number[] = [];

beforeEach(() => {
  home = mkdtempSync(join(tmpdir(), 'lich-leftovers-e2e-'));
});
afterEach(async () => {
  for (const cb of backends.splice(0)) {
    const left = descendants(cb.pid);
    await cb.quit();
    killAll(left);
  }
  killAll(leftBehind.splice(0));
  rmSync(home, { recursive: true, force: true });
});

/** A provider whose program prints `up` and sleeps `seconds`; `deaf`: it ignores SIGHUP first. */
const sleeper = (seconds: number, deaf = false): ProviderEntry => ({
  name: deaf ? 'Deaf sleeper' : 'Sleeper',
  command: '/bin/sh',
  args: ['-c', `${deaf ? "trap '' HUP; " : ''}echo up; exec sleep ${seconds}`],
  env: {},
  reportsState: false,
  tools: false,
});

interface Proc {
  pid: number;
  ppid: number;
  pgrp: number;
  argv: string[];
}

/** Every running process (zombies and processes mid-exit left out). */
function processes(): Proc[] {
  const out: Proc[] = [];
  for (const d of readdirSync('/proc')) {
    if (!/^\d+$/.test(d)) continue;
    try {
      const stat = readFileSync(`/proc/${d}/stat`, 'utf8');
      const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (f[0] === 'Z' || f[0] === 'X') continue;
      const argv = argvOf(Number(d)) ?? [];
      // A process mid-exit has let go of its memory, cmdline with it: it is not running on.
      if (argv.length === 0) continue;
      out.push({ pid: Number(d), ppid: Number(f[1]), pgrp: Number(f[2]), argv });
    } catch {
      // Gone while we looked.
    }
  }
  return out;
}

const runs = (pid: number) => processes().some((p) => p.pid === pid);
/** Whether `pid` has a SIGKILL pending: it is about to die (`/proc/<pid>/status` SigPnd, ShdPnd). */
function killPending(pid: number): boolean {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    return [...status.matchAll(/^(?:SigPnd|ShdPnd):\s+([0-9a-f]+)$/gm)].some((m) => (BigInt(`0x${m[1]}`) & (1n << 8n)) !== 0n);
  } catch {
    return true; // gone
  }
}
/** The processes of the process group `pgid`. */
const inGroup = (pgid: number) => processes().filter((p) => p.pgrp === pgid);
/** The pid of the running `sleep <seconds>`, undefined while there is none. */
const sleeping = (seconds: number) => processes().find((p) => p.argv[0] === 'sleep' && p.argv[1] === String(seconds))?.pid;
const records = (cb: ChildBackend) => readdirSync(join(cb.dataDir, 'processes')).sort();

describe('a backend killed outright', () => {
  it('leaves a session that ignores the hangup running until the next start ends it, and says so in one line; one that takes the hangup ends with it', async () => {
    const providers = { plain: sleeper(86_401), deaf: sleeper(86_402, true) };
    const first = await startChildBackend(home, { providers });
    backends.push(first);
    const repo = makeRepo(home, 'proj', 1);
    // The plain one first: the deaf one, opened after it, used to hold its PTY master.
    expect((await first.lich(['open', '--project', repo, '--kind', 'plain'])).code).toBe(0);
    expect((await first.lich(['open', '--project', repo, '--kind', 'deaf'])).code).toBe(0);
    await until(() => sleeping(86_401) !== undefined && sleeping(86_402) !== undefined, 'both sessions running');
    const plain = sleeping(86_401)!;
    const deaf = sleeping(86_402)!;
    leftBehind.push(plain, deaf);
    expect(records(first)).toEqual([`${plain}.json`, `${deaf}.json`].sort());

    process.kill(first.pid, 'SIGKILL');
    await first.exited;
    await until(() => !runs(plain), 'the session that takes the hangup to end with the backend');
    expect(processes().find((p) => p.pid === deaf)).toMatchObject({ pgrp: deaf });

    const second = await startChildBackend(home, { providers });
    backends.push(second);
    expect(runs(deaf)).toBe(false);
    expect(second.stderr().split('\n').filter((l) => l.startsWith('swept'))).toEqual([
      `swept what an earlier run left running: 1 process of 1 session (pids ${deaf}), ended by SIGTERM`,
    ]);
    expect(records(second)).toEqual([]);
  }, 60_000);
});

describe('a confined session whose backend is killed as bubblewrap starts', () => {
  it('leaves nothing of the sandbox running once the next lich has started', async () => {
    const providers = { confined: sleeper(86_403) };
    const repo = makeRepo(home, 'proj', 1);
    let cb = await startChildBackend(home, { providers });
    backends.push(cb);
    writeFileSync(join(cb.configDir, 'settings.json'), JSON.stringify({ sandbox: 'everywhere' }));
    let caught = 0;
    for (let round = 0; round < 60 && caught === 0; round++) {
      const open = cb.lich(['open', '--project', repo, '--kind', 'confined']);
      // The PTY's process: bubblewrap, the leader of a process group of its own, the backend's child.
      let bwrap: number | undefined;
      while (bwrap === undefined) {
        bwrap = processes().find((p) => p.ppid === cb.pid && p.pgrp === p.pid && p.argv[0] === '/usr/bin/bwrap' && p.argv.includes('echo up; exec sleep 86403'))?.pid;
        if (bwrap === undefined) await new Promise((r) => setImmediate(r));
      }
      // Now, or a few ms on: the fork and its --die-with-parent are that far apart.
      if (round % 4) await sleep(round % 4);
      process.kill(cb.pid, 'SIGKILL');
      await open;
      await cb.exited;
      backends.pop();
      // The hangup ends bubblewrap itself. By then the sandbox's first process has its SIGKILL
      // (--die-with-parent) if it was set in time, and is dying; if it was set too late, it stays
      // for good, and so does the provider it starts. Which of the two happened is not visible at
      // once (a first process that set its parent-death signal after its parent died ends itself
      // a moment later): whatever of the group is seen running is noted, and the next start must
      // leave none of it — sweeping, and saying so, when something was still there.
      await until(() => !runs(bwrap!), 'bubblewrap to end with its terminal');
      const seen = new Set<number>();
      const init = inGroup(bwrap).find((p) => p.argv[0] === '/usr/bin/bwrap' && !killPending(p.pid));
      if (init) {
        await until(() => {
          const group = inGroup(bwrap!);
          for (const p of group) seen.add(p.pid);
          return group.length === 0 || group.some((p) => p.argv[0] === 'sleep');
        }, 'the provider to start in the sandbox left running, or the sandbox to end after all');
        for (const p of inGroup(bwrap)) seen.add(p.pid);
        leftBehind.push(...seen);
      }

      cb = await startChildBackend(home, { providers });
      backends.push(cb);
      expect(inGroup(bwrap), `round ${round}: what the killed start left`).toEqual([]);
      const swept = /^swept what an earlier run left running: (\d+) process(?:es)? of 1 session \(pids ([\d, ]+)\)/m.exec(cb.stderr());
      if (swept) {
        caught++;
        expect(swept[2]!.split(', ').map(Number).every((pid) => seen.has(pid)), `round ${round}: swept ${swept[2]}, seen ${[...seen].join(', ')}`).toBe(true);
      }
    }
    expect(caught, 'a kill that landed in bubblewrap’s window').toBe(1);
  }, 300_000);
});
