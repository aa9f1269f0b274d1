/**
 * Running a confined child with a bound: bubblewrap forks the command it confines, so a bound that
 * kills only the direct child leaves the rest running. Used by the open's namespace probe
 * (sandbox.ts) and by `lich doctor`'s check (prove.ts).
 */
import { spawn } from 'node:child_process';

/** How a {@link runGroup} child ended. */
export interface GroupRun {
  /** The exit code, the signal that ended it, or the spawn error's code (`ENOENT`, …). */
  code: number | string | null;
  /** True when the bound ran out and the group was killed. */
  killed: boolean;
  stdout: string;
  stderr: string;
}

/**
 * Runs `file` in a process group of its own (detached) and SIGKILLs the whole group when
 * `timeoutMs` (ms) runs out, and again once the child is gone: bubblewrap forks the confined
 * command, so killing the direct child alone would leave that running — and, while it holds the
 * output pipes, this waiting on it too. The second kill is for a straggler that let go of the
 * pipes; a group id is not handed out again while any member of the group lives, so it reaches
 * only this run's processes (or nothing).
 *
 * @returns once the child has exited and its output pipes have closed; never rejects.
 */
export function runGroup(file: string, args: readonly string[], env: Record<string, string>, timeoutMs: number): Promise<GroupRun> {
  return new Promise((done) => {
    const child = spawn(file, [...args], { env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    child.stdout.on('data', (b: Buffer) => out.push(b));
    child.stderr.on('data', (b: Buffer) => err.push(b));
    let killed = false;
    let settled = false;
    const killGroup = () => {
      if (child.pid === undefined) return;
      try {
        process.kill(-child.pid, 'SIGKILL');
      } catch {
        // ESRCH: nothing of the group is left.
      }
    };
    const timer = setTimeout(() => {
      killed = true;
      killGroup();
    }, timeoutMs);
    const finish = (code: number | string | null) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      killGroup();
      done({ code, killed, stdout: Buffer.concat(out).toString('utf8'), stderr: Buffer.concat(err).toString('utf8') });
    };
    child.on('error', (e: NodeJS.ErrnoException) => finish(e.code ?? e.message));
    child.on('close', (code, signal) => finish(code ?? signal));
  });
}
