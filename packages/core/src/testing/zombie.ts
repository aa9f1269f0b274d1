/**
 * Zombies for tests: processes that have died and that their parent never reaps, as a lich
 * started by a parent that does not wait for it stays after a kill -9 (issue 22: `kill(pid, 0)`
 * still answers for one, and its port's impostor was sent the token). The parent is a shell that
 * starts the program in the background and then execs `sleep`, which never waits for a child.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { procStat } from '../lich-process.js';

/** A program running under a parent that will never reap it. */
export interface Unreaped {
  /** The program's pid. */
  pid: number;
  /** The parent (`sleep`): it holds the program's zombie once it dies. */
  parent: ChildProcess;
  /** Ends the parent: pid 1 then takes the zombie over and reaps it. */
  release(): void;
}

/**
 * Starts `argv` as the child of a parent that never waits for it: `sh -c '"$@" >out 2>&1 & echo
 * $!; exec sleep 3600'`.
 * @param o.env the environment of both (default this process's); `o.out` the file the program's
 *   stdout and stderr go to (default `/dev/null`).
 * @throws when the shell does not name the program's pid within 10 s.
 */
export async function underNonReapingParent(argv: readonly string[], o: { env?: NodeJS.ProcessEnv; out?: string } = {}): Promise<Unreaped> {
  const script = '"$@" >"$LICH_TEST_OUT" 2>&1 </dev/null & echo $!; exec sleep 3600';
  const parent = spawn('sh', ['-c', script, 'sh', ...argv], {
    env: { ...(o.env ?? process.env), LICH_TEST_OUT: o.out ?? '/dev/null' },
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  const release = () => {
    parent.kill('SIGKILL');
  };
  const pid = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`sh did not name the pid of ${argv.join(' ')}`)), 10_000);
    parent.stdout!.once('data', (d) => {
      clearTimeout(timer);
      resolve(Number.parseInt(String(d), 10));
    });
  }).catch((err: unknown) => {
    release();
    throw err;
  });
  // Until the shell has become `sleep` it may still reap its child (dash does, between commands).
  const end = Date.now() + 10_000;
  while (!commandLine(parent.pid!).startsWith('sleep\0')) {
    if (Date.now() > end) {
      release();
      throw new Error(`the parent shell of ${argv.join(' ')} did not exec sleep`);
    }
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  return { pid, parent, release };
}

/**
 * Resolves once process `pid` is a zombie (`Z` in `/proc/<pid>/stat`): killed, not yet reaped.
 * @throws when it is not one within `ms` (gone, reaped, or still running).
 */
export async function becameZombie(pid: number, ms = 10_000): Promise<void> {
  const end = Date.now() + ms;
  while (procStat(pid)?.state !== 'Z') {
    if (Date.now() > end) throw new Error(`process ${pid} did not become a zombie within ${ms} ms: ${JSON.stringify(procStat(pid))}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** A `sleep` killed with SIGKILL and left unreaped: a zombie until `release()`. */
export async function zombie(): Promise<Unreaped> {
  const z = await underNonReapingParent(['sleep', '3600']);
  process.kill(z.pid, 'SIGKILL');
  try {
    await becameZombie(z.pid);
  } catch (err) {
    z.release();
    throw err;
  }
  return z;
}

function commandLine(pid: number): string {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'latin1');
  } catch {
    return '';
  }
}
