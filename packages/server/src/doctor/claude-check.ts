/**
 * `lich doctor`'s claude check: whether Claude Code would load lich's own plugin
 * (packages/claude-plugin), which lich passes to every Claude Code session it opens
 * (providers/claude-plugin.ts) and which is what lich control, lich ask, a task handed over
 * without typing and every state a Claude Code session reports rest on (spec/mod-control.md).
 *
 * Claude Code on PATH, 2.1.280 or later (the first to run a plugin's hooks module,
 * spec/mod-control.md § Which Claude Code runs it), and `claude plugin validate` passing on the
 * plugin this lich ships — the static scan Claude Code runs before it loads a module. Never a
 * failure: lich starts either way, and a session without the plugin still runs.
 */
import { execFile } from 'node:child_process';
import type { DoctorCheck } from '@lich/generated/types';
import { pluginVersion, shippedClaudePlugin } from '../providers/claude-plugin.js';
import { findOnPath } from '../sandbox/sandbox.js';

/** The first Claude Code that runs a plugin's hooks module (spec/mod-control.md). */
export const MOD_CLAUDE_CODE = '2.1.280';

/** The bound on each `claude` child, in ms: `--version` answers in a tenth of a second, validate in one or two. */
export const CLAUDE_BOUND_MS = 15_000;

type Found = Pick<DoctorCheck, 'verdict' | 'finding'>;

/**
 * The check: skip without Claude Code on PATH; warn when this lich ships no plugin, when Claude
 * Code will not say its version or is older than {@link MOD_CLAUDE_CODE}, or when it refuses the
 * plugin; else ok, naming both versions and the plugin's folder (what a user installs from).
 */
export async function checkClaudePlugin(env: NodeJS.ProcessEnv, bin: string): Promise<Found> {
  const claude = findOnPath('claude', env.PATH ?? '');
  if (!claude) return { verdict: 'skip', finding: 'claude is not on PATH: there is no Claude Code to load lich’s plugin into' };
  const plugin = shippedClaudePlugin(bin);
  if (plugin === '') return { verdict: 'warn', finding: `lich’s Claude Code plugin is not built beside this lich (${bin || 'no executable'}): its Claude Code sessions run without it` };
  // Offline and quiet: a diagnosis fetches nothing.
  const childEnv = { ...env, DISABLE_AUTOUPDATER: '1', DISABLE_TELEMETRY: '1', DISABLE_ERROR_REPORTING: '1', CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: '1' };
  const v = await run(claude, ['--version'], childEnv);
  const version = /^(\d+\.\d+\.\d+)/.exec(v.out.trim())?.[1];
  if (!version) return { verdict: 'warn', finding: `${claude} did not say its version (${v.why || v.out.trim() || 'nothing printed'}): lich cannot tell whether it loads lich’s plugin` };
  if (older(version, MOD_CLAUDE_CODE)) {
    return {
      verdict: 'warn',
      finding: `Claude Code ${version} runs lich’s hooks but not its mod: lich control and lich ask refuse its sessions — update Claude Code to ${MOD_CLAUDE_CODE} or later`,
    };
  }
  const checked = await run(claude, ['plugin', 'validate', plugin], childEnv);
  if (checked.code !== 0) {
    const why = checked.out.split('\n').find((l) => l.trim().startsWith('❯'))?.trim().slice(1).trim() || checked.why || `exit ${checked.code}`;
    return { verdict: 'warn', finding: `Claude Code ${version} refuses lich’s plugin (${plugin}): ${why}` };
  }
  return { verdict: 'ok', finding: `Claude Code ${version} loads lich’s plugin ${pluginVersion(plugin)} (${plugin})` };
}

/** Whether dotted version `a` is older than `b` (numeric parts; a missing part reads 0). */
export function older(a: string, b: string): boolean {
  const pa = a.split('.').map(Number);
  const pb = b.split('.').map(Number);
  for (let i = 0; i < Math.max(pa.length, pb.length); i++) {
    const x = pa[i] ?? 0;
    const y = pb[i] ?? 0;
    if (x !== y) return x < y;
  }
  return false;
}

function run(file: string, args: string[], env: NodeJS.ProcessEnv): Promise<{ code: number; out: string; why: string }> {
  return new Promise((resolve) => {
    execFile(file, args, { env, timeout: CLAUDE_BOUND_MS, killSignal: 'SIGKILL', maxBuffer: 4 << 20 }, (err, stdout, stderr) => {
      const out = `${stdout}${stderr}`;
      if (!err) resolve({ code: 0, out, why: '' });
      else if (err.killed) resolve({ code: -1, out, why: `no answer within ${CLAUDE_BOUND_MS / 1000} s` });
      else resolve({ code: typeof err.code === 'number' ? err.code : -1, out, why: typeof err.code === 'number' ? '' : String(err.message).split('\n')[0]! });
    });
  });
}
