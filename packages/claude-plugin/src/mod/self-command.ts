/**
 * Self-command in Claude Code (lich-plugin-modules.md § 8; core's `mod/self-command.ts` is the
 * logic): "run /compact" works on the session itself. The `Skill` tool and lich's
 * `control_session` get a paragraph saying so (`tool.describe`); when either refuses a built-in
 * command aimed at this session, the mod queues it with `$.command.run` — from `$.clock.after(0)`,
 * since `$.command.run` rejects inside a hook the turn waits on — and answers that it is queued
 * and runs once the turn ends. A command that fails later has no turn left to answer: a toast says
 * so.
 */
import type { EngineInterface } from 'claude-code';
import { promptLang } from '@lich/core/i18n/prompts';
import {
  commandFailedToast,
  controlNote,
  described,
  queuedByControl,
  queuedBySkill,
  selfCommand,
  skillNote,
  targetsSelf,
} from '@lich/core/mod/self-command';
import type { ModState } from './state.js';

/** The bound of the `lich whoami --json` that names this session, in ms. */
const WHOAMI_TIMEOUT_MS = 2000;

/** `tool.describe` of `Skill`: the paragraph, in a lich session. */
export async function describeSkill($: EngineInterface, description: string, state: ModState): Promise<string> {
  if (!state.interactive) return description;
  return described(description, skillNote(promptLang((await $.env.get('LICH_PROMPT_LANG')) ?? '')));
}

/** `tool.describe` of `control_session`: the paragraph naming this session's id, in a lich session. */
export async function describeControl($: EngineInterface, description: string, state: ModState): Promise<string> {
  const id = (await $.env.get('LICH_SESSION_ID')) ?? '';
  if (!state.interactive || id === '') return description;
  return described(description, controlNote(id, promptLang((await $.env.get('LICH_PROMPT_LANG')) ?? '')));
}

/** The names of this session's built-in slash commands. */
async function builtins($: EngineInterface): Promise<string[]> {
  return (await $.command.list()).filter((c) => c.source === 'builtin').map((c) => c.name);
}

/** Queues `/<command> <args>` to run once the turn ends, a failure then a toast. */
function queue($: EngineInterface, command: string, args: string): void {
  $.clock.after(0, () => {
    $.command.run(args !== '' ? { command, args } : { command }).catch((error: unknown) => {
      $.ui.toast(commandFailedToast(command, error instanceof Error ? error.message : String(error)));
    });
  });
}

/** What the hooks below answer: the tool's own answer, a deny, or the queued note. */
export type SelfAnswer<R> = { kind: 'pass'; result: R } | { kind: 'deny'; deny: string } | { kind: 'queued'; note: string; command: string };

/** After `Skill` refused: a built-in command of this session is queued. */
export async function afterSkill<R extends { isError?: true }>($: EngineInterface, skill: string, args: string, result: R, state: ModState): Promise<SelfAnswer<R>> {
  if (!state.interactive || result.isError !== true) return { kind: 'pass', result };
  const lang = promptLang((await $.env.get('LICH_PROMPT_LANG')) ?? '');
  const d = selfCommand(skill, args, await builtins($), lang);
  if (d.kind === 'pass') return { kind: 'pass', result };
  if (d.kind === 'deny') return d;
  queue($, d.command, d.args);
  return { kind: 'queued', note: queuedBySkill(d.command, d.args, lang), command: d.command };
}

/** The control_session call's input. */
export interface ControlInput {
  session?: string;
  action?: string;
  value?: string;
  args?: string;
}

/** After lich refused a `control_session` `command` aimed at this session: it is queued here. */
export async function afterControl<R extends { isError?: true }>($: EngineInterface, e: ControlInput, result: R, state: ModState): Promise<SelfAnswer<R>> {
  if (!state.interactive || result.isError !== true || e.action !== 'command' || typeof e.value !== 'string') return { kind: 'pass', result };
  const id = (await $.env.get('LICH_SESSION_ID')) ?? '';
  const target = e.session ?? '';
  let me: { label?: string; name?: string } | undefined;
  if (target !== id) {
    // Only on this error path: the model cannot learn its own label (list_sessions leaves it out).
    const bin = (await $.env.get('LICH_BIN')) ?? '';
    try {
      const r = await $.process.run([bin, 'whoami', '--json'], { timeoutMs: WHOAMI_TIMEOUT_MS });
      if (r.exitCode === 0) me = JSON.parse(r.stdout) as { label?: string; name?: string };
    } catch {
      // No match: the tool's own answer stands.
    }
  }
  if (!targetsSelf(target, id, me)) return { kind: 'pass', result };
  const lang = promptLang((await $.env.get('LICH_PROMPT_LANG')) ?? '');
  const d = selfCommand(e.value, e.args ?? '', await builtins($), lang);
  if (d.kind === 'pass') return { kind: 'pass', result };
  if (d.kind === 'deny') return d;
  queue($, d.command, d.args);
  return { kind: 'queued', note: queuedByControl(d.command, d.args, lang), command: d.command };
}
