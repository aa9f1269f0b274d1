/**
 * A session's process group: what is left of a session once the process in its PTY is gone.
 *
 * node-pty starts the session's program as the leader of a session and process group of its own
 * (forkpty's setsid), so its group id is its pid, and whatever it starts that does not leave the
 * group on purpose stays in it. That is where a closed session can leave something running: a
 * confined session's bubblewrap forks the sandbox's first process (the init of its pid
 * namespace) and only then sets it to die with its parent; a hangup that ends bubblewrap in that
 * window — a session closed as it starts — leaves that process behind for good, parent pid 1,
 * waiting on a parent that is gone. It is still in the group, and SIGKILL reaches it: the one
 * signal a pid namespace's init takes from outside (it ignores the SIGHUP the hangup sends).
 */
import { readdirSync } from 'node:fs';
import { ended, procStat } from '@lich/core/lich-process';

/**
 * Sends `signal` to every process of the group `pgid` (0: only asks whether it has any).
 * @returns false when the group has no process left (ESRCH); never throws.
 */
export function signalGroup(pgid: number, signal: NodeJS.Signals | 0): boolean {
  try {
    process.kill(-pgid, signal);
    return true;
  } catch {
    return false;
  }
}

/**
 * Whether the group `pgid` still has a process that can run: a zombie (dead, not yet reaped by
 * its parent — pid 1 for an orphan) answers `kill(0)` but holds nothing, so on Linux the group's
 * members are read from /proc and zombies are not counted. Elsewhere `kill(-pgid, 0)` alone.
 */
export function groupAlive(pgid: number): boolean {
  if (!signalGroup(pgid, 0)) return false;
  if (process.platform !== 'linux') return true;
  for (const name of readdirSync('/proc')) {
    if (name.charCodeAt(0) < 48 || name.charCodeAt(0) > 57) continue;
    const s = procStat(Number(name)); // undefined: gone since the listing
    if (s !== undefined && s.pgrp === pgid && !ended(s)) return true;
  }
  return false;
}
