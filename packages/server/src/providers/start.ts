/**
 * The argv a session's row is started with, birth or resume (spec/cli.md § lich open, --model,
 * --effort, --ultracode; § lich close, "keep … open --worktree <branch> on that branch resumes
 * it"). The one place that turns what a row recorded into {@link providerArgs} options, so the
 * opener (spawn.Open) and the resumer (a parked worktree row reopened) cannot disagree about
 * what is repeated on a resume.
 */
import type { SessionRow } from '../store/store.js';
import { codexHookEnv, codexHookScript } from './codex-hooks.js';
import { ompExtension, ompOverlay } from './omp.js';
import { kiroAgent, providerArgs, spawnBriefing, type Provider } from './providers.js';

/** What of a row decides its argv. */
export type StartRow = Pick<SessionRow, 'model' | 'effort' | 'ultracode' | 'confined' | 'provider' | 'providerSessionId' | 'subagentDepth'>;

export interface StartOptions {
  /** The session's roster name (`rosterName(row.path, row.id)`, spawn/names.ts): Claude Code's `--name` at birth. */
  rosterName: string;
  /** `LICH_BIN`, named by the MCP registration; `""` registers nothing. */
  bin: string;
  /** The backend's environment: `HOME`, where Kiro's plugin agent is looked for. */
  env: NodeJS.ProcessEnv;
  /**
   * True to pick the row's conversation back up: `row.providerSessionId`, when `/session-start`
   * reported one for this same provider. A row with none (the provider never reported, or another
   * provider did) starts a new conversation instead, and a new conversation repeats the recorded
   * model and effort. Default false: birth.
   */
  resume?: boolean;
  /**
   * The system-prompt briefing, when the caller has a different one; otherwise providers.ts
   * `spawnBriefing` for the row's depth, so a worker two levels down is told to keep its
   * subagents inside its CLI on every start, a resume included.
   */
  briefing?: string;
  /** The folder of lich's Claude Code plugin the session loads (`--plugin-dir`, providers/claude-plugin.ts); `""` or absent for none. */
  pluginDir?: string;
}

/**
 * The argv after the binary for starting `row`'s session with provider `p`: at birth (or when
 * there is nothing to resume) the recorded model and effort and `--name`; on a resume the
 * provider's resume args instead, and neither model nor effort; ultracode on both. The
 * skip-permissions flag goes only to a confined row, and so does Codex's bypass of its hook
 * review. Codex's hooks go on every start (providers/codex-hooks.ts), and so does omp's
 * extension (providers/omp.ts).
 */
export function startArgs(p: Provider, row: StartRow, o: StartOptions): string[] {
  const resumeId = o.resume && row.provider === p.id ? row.providerSessionId : '';
  return providerArgs(p, {
    rosterName: o.rosterName,
    model: row.model,
    effort: row.effort,
    ultracode: row.ultracode,
    resumeId,
    skipPermissions: row.confined,
    bin: o.bin,
    briefing: o.briefing ?? spawnBriefing(p, o.bin, row.subagentDepth),
    agent: p.id === 'kiro' ? kiroAgent(o.env) : '',
    pluginDir: o.pluginDir ?? '',
    codexHook: lichCodexHook(p, o.bin),
    // The built-in omp reports and has lich's tools through the extension beside LICH_BIN.
    ompExtension: p.id === 'omp' && !p.userDefined ? ompExtension(o.bin) : '',
    ompOverlay: p.id === 'omp' && !p.userDefined ? ompOverlay(o.bin) : '',
  });
}

/**
 * The variables a start of provider `p` needs beside its argv ({@link startArgs}, from the same
 * `bin`): for the built-in Codex with lich's hooks, `LICH_CODEX_HOOK`, the script its constant
 * hook command runs (providers/codex-hooks.ts `codexHookEnv`); `{}` for every other.
 */
export function startEnv(p: Provider, bin: string): Record<string, string> {
  return codexHookEnv(lichCodexHook(p, bin));
}

/** The built-in Codex reports through its hooks, run by the script beside LICH_BIN: that script, or `""`. */
function lichCodexHook(p: Provider, bin: string): string {
  return p.id === 'codex' && !p.userDefined ? codexHookScript(bin) : '';
}
