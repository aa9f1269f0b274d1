/**
 * Agent cards (lich-plugin-modules.md § 3; spec/cli.md § lich open, --subagent): a Claude Code
 * session's own general-purpose subagent runs as a lich card — a session the user can watch and
 * steer — instead of hidden inside the session. The model's `Agent` call is answered at once as a
 * background agent, the worker's report arrives later at the caller's prompt as a `[lich]` note
 * (lich types it through the mod), and the model's `TaskStop` on it stops it through lich.
 *
 * This module is the logic, portable and harness-free: which calls are taken
 * ({@link decideAgentCall}), the worker's branch ({@link subagentBranch}), the `lich open` argv
 * ({@link openArgv}) and how its answer reads ({@link readOpen}, {@link agentAnswer}), the workers
 * a session counts ({@link Workers}) and how one is stopped ({@link stopArgv}, {@link stopAnswer}).
 * lich's Claude Code mod drives it over `$` (packages/claude-plugin/src/mod/cards.ts), running
 * `lich` with `$.process.run` and handing the logic each run's {@link CliResult}.
 *
 * Agent-facing texts come from the prompt catalogs (`LICH_PROMPT_LANG`); the toasts a person reads
 * are English, as the original's are.
 */
import { toArgv } from '../contract-runtime.js';
import type { Opened, Peer, Result } from '@lich/generated/types';
import { PROMPT_LIMIT } from '../limits.js';
import { type PromptLang, promptText } from '../i18n/prompts.js';
import { type CliResult, cliFailure } from './cli.js';

/** The bound of the `lich open` a taken call runs, in ms: it only has to outlast lich's own 60 s open, 20 s hand-off and slack. */
export const OPEN_TIMEOUT_MS = 120_000;

/** How often a session with workers reads `lich sessions --json` to see which still run, in ms. */
export const WORKER_POLL_MS = 5000;

/** The `Agent` call as the mod's `tool.call` hook sees it (Claude Code 2.1.328's `Agent` input, claude-code-tools). */
export interface AgentCall {
  description: string;
  prompt: string;
  subagent_type?: string;
  model?: string;
  isolation?: string;
  team_name?: string;
  /** The call's id, `tool_use_id`; its last four letters or digits end an isolated worker's branch. */
  toolUseId: string;
  /** The loop the call runs in (`agentId`): absent on the main loop, set in a subagent's own. */
  agentId?: string;
  /** Whether the model made the call (`next.origin.plugin === "engine"`), not another plugin's `$.agent.spawn`. */
  byModel: boolean;
}

/** What of the session decides whether a call is taken. */
export interface CardsContext {
  /** Whether the session's `session.start` said it is interactive: a `claude -p` run inside a lich session is not the card's. */
  interactive: boolean;
  /** `LICH_BIN`: the lich to run; `""` outside lich. */
  bin: string;
  /** `LICH_SESSION_ID`: the calling session; `""` outside lich. */
  sessionId: string;
  /** `LICH_SUBAGENT_CARDS`: `off` keeps every subagent native (the user's setting, or lich's depth limit). */
  cards: string;
  /** `LICH_SUBAGENT_DEPTH`: how many `--subagent` levels down this session runs; absent or `""` is 0, a top-level session. */
  depth: string;
}

/** Whether a call becomes a card, or runs as Claude Code's own subagent — with a toast saying why, where a person should know. */
export type CardDecision = { take: true } | { take: false; toast?: string };

/** The toast of a worker at lich's depth limit (English: a person reads it). */
export const DEPTH_LIMIT_TOAST = 'this session is itself a lich subagent card, and lich keeps its subagents inside it';

/** The size of `s` in UTF-8 bytes. */
function utf8Bytes(s: string): number {
  return new TextEncoder().encode(s).length;
}

/** The session's subagent depth, 0 when absent or not a whole number. */
export function subagentDepth(depth: string): number {
  const n = Number(depth);
  return depth.trim() !== '' && Number.isInteger(n) && n > 0 ? n : 0;
}

/**
 * Whether `call` is taken as a card (lich-plugin-modules.md § 3.2): every one of these must hold,
 * else Claude Code's own agent runs, untouched —
 *
 * - the model made it on the main loop (not another plugin's spawn, not a subagent's own subagent);
 * - a general-purpose agent (`subagent_type` absent or `general-purpose`): Explore, Plan, project
 *   and plugin types keep Claude Code's behaviour, its error for an unknown type included;
 * - no team, and not `isolation: "remote"`;
 * - an interactive session inside lich (`LICH_BIN`, `LICH_SESSION_ID`);
 * - cards not turned off — a worker at lich's depth limit says so in a toast; a user's setting
 *   stays silent;
 * - the task fits lich's prompt limit (8192 UTF-8 bytes), which lich checks only once the card is
 *   open: a longer one runs natively, with a toast.
 */
export function decideAgentCall(call: AgentCall, ctx: CardsContext): CardDecision {
  if (!call.byModel || call.agentId !== undefined) return { take: false };
  if (call.subagent_type !== undefined && call.subagent_type !== '' && call.subagent_type !== 'general-purpose') return { take: false };
  if ((call.team_name ?? '') !== '' || call.isolation === 'remote') return { take: false };
  if (!ctx.interactive || ctx.bin === '' || ctx.sessionId === '') return { take: false };
  if (ctx.cards === 'off') return subagentDepth(ctx.depth) > 0 ? { take: false, toast: DEPTH_LIMIT_TOAST } : { take: false };
  const bytes = utf8Bytes(call.prompt);
  if (bytes > PROMPT_LIMIT) return { take: false, toast: `the task is ${bytes} bytes, over lich's ${PROMPT_LIMIT}` };
  return { take: true };
}

/** The toast of a card that could not be opened, the native agent running in its place. */
export function nativeToast(description: string, reason: string): string {
  return `lich: ran "${description}" as a Claude Code subagent: ${reason.replace(/^lich: /, '')}`;
}

/**
 * Whether a `lich open` that gave no session may all the same have handed its worker the task —
 * so a native agent beside it would do the work twice: the run outlived its bound (lich stopped
 * answering mid-open), or the CLI's line says the request was sent and its reply lost (its
 * transport failures after sending: `… context deadline exceeded …`, `read the reply: …`). A
 * refusal lich answered, or a lich that could not be reached, opened nothing.
 */
export function mayHoldTask(r: CliResult | 'timed-out'): boolean {
  if (r === 'timed-out') return true;
  return /context deadline exceeded|^lich: read the reply: /m.test(r.stderr);
}

/**
 * The words of a branch name in lich's worktree-dialog rules: lowercased, every run of characters
 * that are neither letters nor digits (any script) splits words; words are taken up to five, and
 * once two or more are taken with ten or more characters, none that would go over forty.
 */
export function branchSlug(text: string): string {
  const words = text.toLowerCase().split(/[^\p{L}\p{N}]+/u).filter((w) => w !== '');
  const taken: string[] = [];
  for (const w of words) {
    if (taken.length >= 5) break;
    const joined = taken.join('-');
    if (taken.length >= 2 && joined.length >= 10 && `${joined}-${w}`.length > 40) break;
    taken.push(w);
  }
  return taken.join('-').slice(0, 40).replace(/-+$/, '');
}

/**
 * An isolated worker's branch: `subagent/` + the slug of the call's description (`agent` when
 * nothing is left of it) + `-` + the last four letters or digits of its `tool_use_id`, lowercased
 * — lich checks an existing branch out as it stands, so two calls must never share one.
 *
 * @example subagentBranch('Fix the auth flow', 'toolu_01QxW7zAB12') // 'subagent/fix-the-auth-flow-ab12'
 */
export function subagentBranch(description: string, toolUseId: string): string {
  const slug = branchSlug(description) || 'agent';
  const tail = toolUseId.replace(/[^A-Za-z0-9]/g, '').slice(-4).toLowerCase();
  return `subagent/${slug}${tail ? `-${tail}` : ''}`;
}

/** Whether the call asks for a checkout of its own (`isolation: "worktree"`). */
export function isolated(call: AgentCall): boolean {
  return call.isolation === 'worktree';
}

/**
 * The `lich open` argv of a taken call: `open --kind claude --subagent [--worktree <branch>
 * [--base <base>]] [--model <model>] --prompt <prompt> --json`. `--worktree` only for an isolated
 * call (`base` its caller's current branch, `""` to let lich take the project's); `--model` only
 * when the call names one — otherwise the worker starts on the model lich opens Claude Code with.
 */
export function openArgv(call: AgentCall, base = ''): string[] {
  const worktree = isolated(call) ? subagentBranch(call.description, call.toolUseId) : '';
  return toArgv(
    'open',
    {
      project: '',
      kind: 'claude',
      worktree,
      base: worktree ? base : '',
      model: call.model ?? '',
      effort: '',
      ultracode: false,
      resume: '',
      folder: '',
      prompt: call.prompt,
      private: false,
      subagent: true,
    },
    { json: true },
  );
}

/** What a `lich open --json` came to: the worker and its delivery, or why nothing was handed over. */
export type OpenOutcome = { ok: true; opened: Opened & { delivery: Result } } | { ok: false; reason: string; opened?: Opened };

/**
 * Reads a `lich open --json` run, whatever its exit status: stdout that is not JSON is a failure
 * whose reason is lich's `lich: …` line (or `lich open exited <code>`); a session without a
 * `delivery` is a failure too — the card is open, the task did not reach it.
 */
export function readOpen(r: CliResult): OpenOutcome {
  let opened: Opened;
  try {
    opened = JSON.parse(r.stdout) as Opened;
  } catch {
    return { ok: false, reason: cliFailure('open', r) };
  }
  if (typeof opened !== 'object' || opened === null || typeof opened.label !== 'string' || typeof opened.name !== 'string') {
    return { ok: false, reason: cliFailure('open', r) };
  }
  if (!opened.delivery) return { ok: false, reason: `the task did not reach "${opened.label}": ${cliFailure('open', r)}`, opened };
  return { ok: true, opened: opened as Opened & { delivery: Result } };
}

/** A worker this session counts: opened by one of its `Agent` calls and answered as a background agent. */
export interface Worker {
  /** Its roster name: the `agentId` the call answered with, what `TaskStop` names it by. */
  name: string;
  label: string;
  /** The call's description. */
  description: string;
  /** Whether it runs in the caller's checkout (no worktree of its own). */
  shared: boolean;
}

/** Claude Code's `async_launched` Agent result, as a native background agent's (claude-code-tools `BuiltinToolResults.Agent`). */
export interface AsyncLaunched {
  status: 'async_launched';
  agentId: string;
  description: string;
  prompt: string;
  /** `""`: Claude Code's own value for an agent without an output file; the model never sees it without `canReadOutputFile`. */
  outputFile: '';
}

/** Claude Code's `completed` Agent result, with the counts the worker's own session holds left at zero. */
export interface AgentCompleted {
  status: 'completed';
  agentId: string;
  content: Array<{ type: 'text'; text: string }>;
  totalToolUseCount: 0;
  totalDurationMs: number;
  totalTokens: 0;
  usage: {
    input_tokens: 0;
    output_tokens: 0;
    cache_creation_input_tokens: null;
    cache_read_input_tokens: null;
    server_tool_use: null;
    service_tier: null;
    cache_creation: null;
  };
  prompt: string;
  worktreePath?: string;
  worktreeBranch?: string;
}

/** How the `Agent` call is answered once lich opened the card. */
export type AgentAnswer =
  /** Answered at once as a background agent; `worker` is counted when the task is still out. */
  | { result: AsyncLaunched; context: string; worker?: Worker }
  /** Answered already (the worker replied within the hand-off's wait). */
  | { result: AgentCompleted }
  /** The call is refused with this text: lich may hold the task, so a native agent would do the work twice. */
  | { deny: string };

/** The statuses of a task that never reached its worker. */
const NEVER_REACHED = ['unread', 'undelivered'];

/**
 * How the `Agent` call answers once `lich open` handed the worker its task (§ 3.3's table):
 *
 * | delivery | answer |
 * |---|---|
 * | `pending` | `async_launched` with a context line saying where the worker runs and how its report arrives; the worker is counted |
 * | `unanswered` | the same, not counted: its turn ended with a background command left running, whose result still comes — unless `closed`: the worker ended, and nothing will come (the last row) |
 * | `answered` | `completed`: the answer, then where the work is |
 * | `unread`, `undelivered` | deny: the task never reached it, open its card |
 * | anything else | deny: lich's word about it, open its card |
 *
 * @param startedAt when the call began, in ms (for `totalDurationMs`); `now` its end.
 */
export function agentAnswer(opened: Opened & { delivery: Result }, call: AgentCall, lang: PromptLang, startedAt: number, now: number): AgentAnswer {
  const status = opened.delivery.status;
  const branch = isolated(call) ? subagentBranch(call.description, call.toolUseId) : '';
  const where = { label: opened.label, path: opened.path, branch };
  if (status === 'pending' || (status === 'unanswered' && opened.delivery.closed !== true)) {
    const worker = { name: opened.name, label: opened.label, description: call.description, shared: branch === '' };
    return {
      result: { status: 'async_launched', agentId: opened.name, description: call.description, prompt: call.prompt, outputFile: '' },
      context: promptText(lang, branch ? 'mod.cards.launched.worktree' : 'mod.cards.launched.shared', where),
      ...(status === 'pending' ? { worker } : {}),
    };
  }
  if (status === 'answered') {
    const text = `${opened.delivery.answer}\n\n${promptText(lang, branch ? 'mod.cards.completed.worktree' : 'mod.cards.completed.shared', where)}`;
    return {
      result: {
        status: 'completed',
        agentId: opened.name,
        content: [{ type: 'text', text }],
        totalToolUseCount: 0,
        totalDurationMs: Math.max(0, now - startedAt),
        totalTokens: 0,
        usage: {
          input_tokens: 0,
          output_tokens: 0,
          cache_creation_input_tokens: null,
          cache_read_input_tokens: null,
          server_tool_use: null,
          service_tier: null,
          cache_creation: null,
        },
        prompt: call.prompt,
        ...(branch ? { worktreePath: opened.path, worktreeBranch: branch } : {}),
      },
    };
  }
  if (NEVER_REACHED.includes(status)) return { deny: promptText(lang, 'mod.cards.neverReached', { label: opened.label, status }) };
  return { deny: promptText(lang, branch ? 'mod.cards.otherStatus.branch' : 'mod.cards.otherStatus', { label: opened.label, status, branch }) };
}

/** The deny of a call whose open failed after the person pressed Esc: lich may already hold the task. */
export function interruptedDeny(call: AgentCall, lang: PromptLang): string {
  // Esc, or a lich that stopped answering mid-open: either way a worker may have the task.
  const branch = isolated(call) ? subagentBranch(call.description, call.toolUseId) : '';
  return branch ? promptText(lang, 'mod.cards.interrupted.branch', { branch }) : promptText(lang, 'mod.cards.interrupted');
}

/**
 * The workers a session counts, for its footer (`N workers`) and its `TaskStop`: added when a
 * call answered `pending`, dropped when stopped or once `lich sessions --json` shows it finished.
 */
export class Workers {
  private readonly byName = new Map<string, Worker>();

  add(w: Worker): void {
    this.byName.set(w.name, w);
  }

  get(name: string): Worker | undefined {
    return this.byName.get(name);
  }

  drop(name: string): boolean {
    return this.byName.delete(name);
  }

  get count(): number {
    return this.byName.size;
  }

  /**
   * Drops every worker no longer running, from `lich sessions --json`'s list: a shared worker runs
   * until lich stops listing it (lich parks it once it answered and its turn ended); an isolated one
   * while it is listed and not `done` (lich keeps its card after it reports). A worker renamed in
   * Claude Code is not found by name, and reads as finished.
   *
   * @returns whether the count changed.
   */
  update(listed: readonly Pick<Peer, 'name' | 'state'>[]): boolean {
    const before = this.byName.size;
    for (const w of [...this.byName.values()]) {
      const row = listed.find((p) => p.name === w.name);
      if (!row || (!w.shared && row.state === 'done')) this.byName.delete(w.name);
    }
    return this.byName.size !== before;
  }
}

/** `N worker` / `N workers`: the footer's part for the workers a session counts; `undefined` for none. */
export function workersPart(count: number): string | undefined {
  if (count <= 0) return undefined;
  return `${count} worker${count === 1 ? '' : 's'}`;
}

/** Reads `lich sessions --json`'s stdout; `undefined` for anything that is not the list (a failed run leaves the count alone). */
export function readSessions(r: CliResult): Peer[] | undefined {
  if (r.exit !== 0) return undefined;
  try {
    const list = JSON.parse(r.stdout) as unknown;
    return Array.isArray(list) ? (list as Peer[]) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * How a counted worker is stopped (§ 3.5): closed by its caller, which lich takes as the errand
 * ending in silence (spec/cli.md § lich open, --subagent) — a shared one outright, it has nothing
 * of its own to keep; an isolated one with its worktree kept (`--worktree keep`: parked, its
 * checkout on disk, resumed by `lich open --worktree <branch>`). The original aborted an isolated
 * worker's turn instead and left its card open, which left the errand open too: the caller went
 * on counting it, and the next thing the user said in that card came back as the task's report.
 * `keep` is refused when someone else works in that worktree too; {@link stopFallbackArgv} then.
 */
export function stopArgv(w: Worker): string[] {
  return toArgv('close', { project: '', worktree: w.shared ? '' : 'keep', force: false, target: w.name }, { json: false });
}

/** The close an isolated worker gets when {@link stopArgv}'s `--worktree keep` was refused; `undefined` for a shared one. */
export function stopFallbackArgv(w: Worker): string[] | undefined {
  return w.shared ? undefined : toArgv('close', { project: '', worktree: '', force: false, target: w.name }, { json: false });
}

/** Claude Code's `TaskStop` result (claude-code-tools `BuiltinToolResults.TaskStop`). */
export interface TaskStopped {
  message: string;
  task_id: string;
  task_type: 'local_agent';
  command: string;
}

/** How `TaskStop` answers the close of {@link stopArgv}: stopped on exit 0, else refused with lich's own line. */
export function stopAnswer(w: Worker, taskId: string, r: CliResult, lang: PromptLang): { result: TaskStopped } | { deny: string } {
  if (r.exit !== 0) return { deny: promptText(lang, 'mod.cards.stopFailed', { label: w.label, reason: cliFailure('close', r) }) };
  return {
    result: { message: `Successfully stopped task: ${taskId} (${w.description})`, task_id: taskId, task_type: 'local_agent', command: w.description },
  };
}
