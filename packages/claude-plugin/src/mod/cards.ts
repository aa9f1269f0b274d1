/**
 * Agent cards in Claude Code (lich-plugin-modules.md § 3; core's `mod/cards.ts` is the logic):
 * the model's `Agent` call for a general-purpose subagent opens a lich card — `lich open --kind
 * claude --subagent … --prompt … --json`, run through `$.process.run` — and is answered at once
 * as a background agent; the worker's report reaches this session later as a `[lich]` note lich
 * hands the mod. The model's `TaskStop` on a worker stops it through lich. While workers run,
 * `lich sessions --json` is read every 5 s to see which still do, for the footer.
 *
 * Why every failure is decided here: Claude Code fails a `tool.call` hook open — one that throws,
 * overruns or lets `$.process.run` reject is skipped and the native agent runs in its place
 * (measured by the original on 2.1.289). Before lich may hold the task the native agent runs,
 * with a toast saying why; once lich may hold it, the call is denied, so the work is never done
 * twice.
 */
import type { EngineInterface, ToolCallResult } from 'claude-code';
import { type CliResult, cliFailure } from '@lich/core/mod/cli';
import {
  type AgentCall,
  agentAnswer,
  decideAgentCall,
  interruptedDeny,
  isolated,
  mayHoldTask,
  nativeToast,
  OPEN_TIMEOUT_MS,
  openArgv,
  readOpen,
  readSessions,
  stopAnswer,
  stopArgv,
  stopFallbackArgv,
  WORKER_POLL_MS,
  workersPart,
} from '@lich/core/mod/cards';
import { promptLang } from '@lich/core/i18n/prompts';
import { setPart } from '@lich/core/mod/footer';
import type { ModState } from './state.js';

/** What of a `tool.call` hook's `next` the hooks read. */
export interface ToolNext {
  (e: never): Promise<ToolCallResult>;
  readonly origin: { readonly plugin: string };
  readonly signal: AbortSignal;
}

/** The Agent call's input as the hook receives it. */
interface AgentInput {
  tool: 'Agent';
  tool_use_id?: string;
  agentId?: string;
  description: string;
  prompt: string;
  subagent_type?: string;
  model?: string;
  isolation?: string;
  team_name?: string;
}

/** `$LICH_BIN <argv>` through `$.process.run`, as core's `CliResult`. */
async function runLichCli($: EngineInterface, bin: string, argv: readonly string[], timeoutMs?: number): Promise<CliResult> {
  const r = await $.process.run([bin, ...argv], timeoutMs !== undefined ? { timeoutMs } : {});
  return { exit: r.exitCode, stdout: r.stdout, stderr: r.stderr };
}

/**
 * `tool.call {tool: "Agent"}`: a call {@link decideAgentCall} takes becomes a card; any other goes
 * to `next` untouched (with a toast where a person should know why).
 */
export async function agentCall($: EngineInterface, e: AgentInput, next: ToolNext, state: ModState): Promise<ToolCallResult> {
  const started = await $.clock.now();
  const call: AgentCall = {
    description: e.description,
    prompt: e.prompt,
    ...(e.subagent_type !== undefined ? { subagent_type: e.subagent_type } : {}),
    ...(e.model !== undefined ? { model: e.model } : {}),
    ...(e.isolation !== undefined ? { isolation: e.isolation } : {}),
    ...(e.team_name !== undefined ? { team_name: e.team_name } : {}),
    ...(e.agentId !== undefined ? { agentId: e.agentId } : {}),
    toolUseId: e.tool_use_id ?? '',
    byModel: next.origin.plugin === 'engine',
  };
  const bin = (await $.env.get('LICH_BIN')) ?? '';
  const decision = decideAgentCall(call, {
    interactive: state.interactive,
    bin,
    sessionId: (await $.env.get('LICH_SESSION_ID')) ?? '',
    cards: (await $.env.get('LICH_SUBAGENT_CARDS')) ?? '',
    depth: (await $.env.get('LICH_SUBAGENT_DEPTH')) ?? '',
  });
  if (!decision.take) {
    if (decision.toast) $.ui.toast(decision.toast);
    return next(e as never);
  }
  const lang = promptLang((await $.env.get('LICH_PROMPT_LANG')) ?? '');
  // The worker's branch starts from the caller's last commit: uncommitted changes are not in it.
  let base = '';
  if (isolated(call)) {
    try {
      const r = await $.process.run(['git', 'branch', '--show-current'], { timeoutMs: 5000 });
      if (r.exitCode === 0) base = r.stdout.trim();
    } catch {
      // No base: lich takes the project's current branch.
    }
  }
  let run: CliResult | 'timed-out';
  try {
    run = await bounded($, runLichCli($, bin, openArgv(call, base), OPEN_TIMEOUT_MS), OPEN_TIMEOUT_MS + 5000);
  } catch (error) {
    if (next.signal.aborted) return { deny: interruptedDeny(call, lang) };
    $.ui.toast(nativeToast(call.description, error instanceof Error ? error.message : String(error)));
    return next(e as never);
  }
  if (run === 'timed-out') return { deny: interruptedDeny(call, lang) };
  const opened = readOpen(run);
  if (!opened.ok) {
    // The person's Esc, or a lich that may have handed the task over before its answer was lost:
    // a native agent beside the worker would do the work twice.
    if (next.signal.aborted || (opened.opened === undefined && mayHoldTask(run))) return { deny: interruptedDeny(call, lang) };
    $.ui.toast(nativeToast(call.description, opened.reason));
    return next(e as never);
  }
  const answer = agentAnswer(opened.opened, call, lang, started, await $.clock.now());
  if ('deny' in answer) return { deny: answer.deny };
  if ('context' in answer) {
    if (answer.worker) {
      state.workers.add(answer.worker);
      showWorkers($, state);
      watchWorkers($, state, bin);
    }
    return { result: answer.result, context: [answer.context] } as ToolCallResult;
  }
  return { result: answer.result } as ToolCallResult;
}

/** The TaskStop call's input. */
interface TaskStopInput {
  tool: 'TaskStop';
  task_id?: string;
  shell_id?: string;
}

/**
 * `tool.call {tool: "TaskStop"}`: a worker this session counts is stopped through lich — closed,
 * an isolated one with its worktree kept — and answered in TaskStop's own shape; any other id
 * goes to Claude Code's TaskStop. Esc in this session stops only its own turn, never a worker.
 */
export async function taskStop($: EngineInterface, e: TaskStopInput, next: ToolNext, state: ModState): Promise<ToolCallResult> {
  const id = e.task_id ?? e.shell_id ?? '';
  const worker = state.workers.get(id);
  if (!worker) return next(e as never);
  const lang = promptLang((await $.env.get('LICH_PROMPT_LANG')) ?? '');
  const bin = (await $.env.get('LICH_BIN')) ?? '';
  const close = async (argv: string[]): Promise<CliResult> => {
    try {
      return await runLichCli($, bin, argv);
    } catch (error) {
      return { exit: 1, stdout: '', stderr: error instanceof Error ? error.message : String(error) };
    }
  };
  let run = await close(stopArgv(worker));
  const fallback = stopFallbackArgv(worker);
  if (run.exit !== 0 && fallback) run = await close(fallback);
  const answer = stopAnswer(worker, id, run, lang);
  if ('deny' in answer) return { deny: answer.deny };
  state.workers.drop(worker.name);
  showWorkers($, state);
  return { result: answer.result } as ToolCallResult;
}

/**
 * `p`, or `'timed-out'` after `ms` on Claude Code's clock: `$.process.run`'s own timeout was
 * measured not to end a `lich open` whose lich stopped answering (SIGSTOPped: the call sat past its
 * bound until lich woke).
 */
function bounded<T>($: EngineInterface, p: Promise<T>, ms: number): Promise<T | 'timed-out'> {
  return new Promise((resolve, reject) => {
    const timer = $.clock.after(ms, () => resolve('timed-out'));
    p.then(
      (v) => {
        timer.cancel();
        resolve(v);
      },
      (err: unknown) => {
        timer.cancel();
        reject(err);
      },
    );
  });
}

/** The footer's workers part, redrawn. */
function showWorkers($: EngineInterface, state: ModState): void {
  if (setPart(state.footer, 'workers', workersPart(state.workers.count))) $.ui.invalidate('ui.render');
}

/**
 * Reads `lich sessions --json` every {@link WORKER_POLL_MS} while any worker is counted, dropping
 * the ones that finished; one timer at a time, which stops once none is left. A list lich could not
 * give leaves the count as it was until the next read.
 */
function watchWorkers($: EngineInterface, state: ModState, bin: string): void {
  if (state.workerTimer) return;
  const tick = () => {
    void (async () => {
      let list: ReturnType<typeof readSessions>;
      try {
        list = readSessions(await runLichCli($, bin, ['sessions', '--json']));
      } catch (error) {
        $.ui.log(`lich: the workers could not be counted: ${cliFailure('sessions', { exit: 1, stdout: '', stderr: error instanceof Error ? error.message : String(error) })}`, { to: 'debug' });
      }
      if (list && state.workers.update(list)) showWorkers($, state);
      state.workerTimer = state.workers.count > 0 ? $.clock.after(WORKER_POLL_MS, tick) : undefined;
    })();
  };
  state.workerTimer = $.clock.after(WORKER_POLL_MS, tick);
}
