/**
 * `lich doctor` and `lich rage`: the two operations that read this machine rather than a running
 * lich (spec/cli.md § lich doctor, § lich rage; wire.md § 5.1: no RPC). What they check — the
 * port, the store, node-pty, better-sqlite3, bubblewrap — is the backend's, so the work is done
 * by the backend's own code (packages/server `doctor`, `rage`), reached through the context's
 * {@link Machine} hook: the CLI loads it lazily from the server bundle, so core imports nothing
 * of the server and no other command pays for loading it.
 */
import type { LichContext, Machine, OperationRun, RunOptions } from './operation.js';
import type { Env } from './rpc.js';
import { LichError } from './errors.js';
import type { DoctorInput, DoctorReport, RageInput, RageReport } from './types.js';
import { VERSION } from './version.js';

export type { Machine, MachineOptions, RageOptions } from './operation.js';

/** The refusal on a surface that cannot read the machine (MCP, opencode: neither is a tool). */
export const NO_MACHINE = 'this surface cannot read the machine: run lich doctor and lich rage from a shell';

async function machine(ctx: LichContext): Promise<Machine> {
  if (!ctx.machine) throw new LichError(NO_MACHINE);
  return ctx.machine();
}

/**
 * spec/cli.md § lich doctor: every check, then the exit status wire.md § 2 gives it — 1 when any
 * check failed, with the report on stdout and no `lich:` line (`OperationRun.exit`), else 0.
 *
 * @throws LichError when the machine hook is missing or cannot load (the backend's bundle).
 */
export async function doctor(ctx: LichContext, input: DoctorInput, _opts: RunOptions = {}): Promise<OperationRun<'doctor'>> {
  const report = await (await machine(ctx)).doctor({ env: ctx.env, version: VERSION, bin: ctx.launcher?.bin });
  const failed = report.checks.some((c) => c.verdict === 'fail');
  return { op: 'doctor', input, output: report, ...(failed ? { exit: 1 as const } : {}) };
}

/**
 * spec/cli.md § lich rage: writes the archive (to `input.output`, else the default name in the
 * current directory).
 *
 * @throws LichError when the machine hook is missing or cannot load; the Error `rage` throws
 *   (one line) when the archive cannot be written.
 */
export async function rage(ctx: LichContext, input: RageInput, _opts: RunOptions = {}): Promise<RageReport> {
  return (await machine(ctx)).rage({ env: ctx.env, version: VERSION, output: input.output });
}
