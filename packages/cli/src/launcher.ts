/**
 * How the CLI starts programs that outlive it — what `lich native` runs (core's {@link Launcher}):
 * the native window, and a backend when none runs. node:child_process is loaded only when a
 * program is actually started, so no other command pays for it.
 */
import { accessSync, constants, statSync } from 'node:fs';
import type { Env, Launcher, Started } from '@lich/core';

/**
 * A launcher for the lich at `bin` (packages/cli/bin/lich.js, absolute). `start` runs the program
 * in a session of its own (`detached`), with stdin, stdout and stderr on /dev/null and nothing
 * holding this process open, so closing the terminal `lich native` ran in ends neither it nor
 * the window.
 */
export function processLauncher(bin: string): Launcher {
  return {
    bin,
    async executable(path: string): Promise<boolean> {
      try {
        if (!statSync(path).isFile()) return false;
        accessSync(path, constants.X_OK);
        return true;
      } catch {
        return false;
      }
    },
    async start(command: string, args: readonly string[], env: Env): Promise<Started> {
      // Loaded here, not at the top: only `lich native` starts anything, and child_process is a
      // millisecond of every start. getBuiltinModule rather than import(): the CLI bundle runs
      // from a vm.Script, where node 20 has no loader for a dynamic import.
      const { spawn } = process.getBuiltinModule('node:child_process');
      const clean: Record<string, string> = {};
      for (const [k, v] of Object.entries(env)) if (v !== undefined) clean[k] = v;
      const child = spawn(command, [...args], { detached: true, stdio: 'ignore', env: clean });
      await new Promise<void>((resolve, reject) => {
        child.once('spawn', resolve);
        child.once('error', reject);
      });
      const exited = new Promise<string>((resolve) =>
        child.once('exit', (code, signal) => resolve(signal ? `signal ${signal}` : `status ${code ?? 0}`)),
      );
      child.unref();
      return { pid: child.pid!, exited };
    },
  };
}
