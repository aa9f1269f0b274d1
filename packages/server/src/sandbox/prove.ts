/**
 * `lich doctor`'s sandbox check (spec/cli.md § lich doctor, sandbox): the confinement a session
 * gets, run on a child that reads two files through it — one planted in the checkout, which must
 * come back, and one planted in the real home, which must not. Both halves are needed: a backend
 * that applied nothing would start perfectly and confine nothing, and one the kernel refuses
 * never starts at all. The child is bounded and killed with everything it started, so a kernel
 * that blocks the request cannot hang the report or leave processes behind. It never turns a
 * session confined or unconfined.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { bwrapArgs } from './bwrap.js';
import { runGroup } from './group.js';
import { planConfinement, PlanError } from './plan.js';
import { BWRAP, bwrapWords, findOnPath, PROBE_TIMEOUT_MS } from './sandbox.js';

/** What the check found. */
export interface SandboxProof {
  /** Both halves held: the checkout's file came back and the home's did not. */
  ok: boolean;
  /** How long the confined child took, in ms (0 when none was started). */
  ms: number;
  /** One line: `bubblewrap confines a session here`, or why it does not. */
  detail: string;
}

export interface ProveOptions {
  /** A directory to confine a child to, as a session's checkout; a file is planted in it and removed again. */
  checkout: string;
  /** The real home the confinement must hide; a file is planted in it and removed again. */
  home: string;
  /** Bound on the child, in ms (default 2000). */
  timeoutMs?: number;
  /** Environment whose `PATH` finds bubblewrap and which the child runs with (default `process.env`); `HOME` is taken from `home`. */
  env?: NodeJS.ProcessEnv;
}

/** The line the check prints when both halves hold (spec/cli.md § lich doctor). */
export const PROVEN = 'bubblewrap confines a session here';

/**
 * Confines a child to `checkout` as a session would be, with `home` as the home it must not see,
 * and proves both halves.
 *
 * @returns never rejects: every failure is a `{ok: false, detail}` naming the cause — bubblewrap
 *   not installed, the kernel refusing it (bubblewrap's words), the bound outlasted, the
 *   checkout's file not coming back, the home's file coming back.
 */
export async function proveSandbox(o: ProveOptions): Promise<SandboxProof> {
  const env: Record<string, string> = {};
  for (const [k, v] of Object.entries(o.env ?? process.env)) if (v !== undefined) env[k] = v;
  env.HOME = o.home;
  const bwrap = findOnPath(BWRAP, env.PATH ?? '');
  if (!bwrap) return { ok: false, ms: 0, detail: 'bubblewrap is not installed: install it (Debian: apt install bubblewrap)' };

  const timeoutMs = o.timeoutMs ?? PROBE_TIMEOUT_MS;
  const token = randomBytes(8).toString('hex');
  const name = `.lich-sandbox-proof-${token}`;
  const inCheckout = join(o.checkout, name);
  const inHome = join(o.home, name);
  const privateHome = mkdtempSync(join(tmpdir(), 'lich-sandbox-proof-'));
  try {
    writeFileSync(inCheckout, `checkout ${token}\n`);
    writeFileSync(inHome, `home ${token}\n`);
    const c = planConfinement({ checkout: o.checkout, env, privateHome, gitCommonDir: '', kind: '', runs: [], reads: [] });
    // Each file's content, or "absent": what the child reads is what a session would.
    const script = 'for f in "$@"; do if [ -e "$f" ]; then cat "$f"; else echo absent; fi; done';
    const started = Date.now();
    const run = await runGroup(bwrap, [...bwrapArgs(c), '--', '/bin/sh', '-c', script, 'sh', inCheckout, inHome], env, timeoutMs);
    const ms = Date.now() - started;
    if (run.killed) {
      return { ok: false, ms, detail: `bubblewrap did not finish within ${timeoutMs / 1000} s and was killed: the kernel may be blocking it` };
    }
    if (run.code !== 0) {
      return { ok: false, ms, detail: `bubblewrap cannot confine a session here: ${bwrapWords(run.stderr) || `exit ${run.code}`}` };
    }
    const [back, leaked] = run.stdout.split('\n');
    if (back !== `checkout ${token}`) {
      return { ok: false, ms, detail: 'bubblewrap starts, but a file in the checkout does not come back through it, so a confined session could not work there' };
    }
    if (leaked !== 'absent') {
      return { ok: false, ms, detail: 'bubblewrap starts, but a file in the real home comes back through it, so a session marked confined would run on the machine' };
    }
    return { ok: true, ms, detail: PROVEN };
  } catch (err) {
    const why = err instanceof PlanError ? err.message : (err as Error).message;
    return { ok: false, ms: 0, detail: `the confinement could not be set up: ${why}` };
  } finally {
    rmSync(inCheckout, { force: true });
    rmSync(inHome, { force: true });
    rmSync(privateHome, { recursive: true, force: true });
  }
}

