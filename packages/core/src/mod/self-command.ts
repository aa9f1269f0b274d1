/**
 * Self-command (lich-plugin-modules.md § 8): asked "run /compact", the model of a lich session can
 * have a built-in slash command run on its own session. Nothing goes through lich — lich's
 * `control` refuses a session controlling itself, and the mod is already in the session's process:
 * the command is queued (`$.command.run`) and runs once the turn that asked ends.
 *
 * The model asks through tools it already uses (measured by the original on 2.1.295): Claude Code's
 * `Skill` tool, which refuses a built-in command (`compact is a built-in CLI command, not a skill`),
 * and lich's own `control_session` with this session as the target, which lich refuses. The mod
 * lets each answer first, and acts only on that refusal. `/model` and `/effort` are refused: run
 * this way, Claude Code saves what they set as the default for every new session.
 *
 * The logic only: the descriptions the two tools get, which call is one to act on, and what it is
 * answered; the Claude Code mod hooks the tools and queues the command.
 */
import { type PromptLang, promptText } from '../i18n/prompts.js';

/** The name Claude Code gives lich's `control_session` (MCP server `lich`). */
export const CONTROL_TOOL = 'mcp__lich__control_session';

/** The commands never run this way (see the module's note). */
export const REFUSED_COMMANDS: readonly string[] = ['model', 'effort'];

/** A slash command's name as asked: trimmed, its leading `/` dropped. */
export function commandName(raw: string): string {
  return raw.trim().replace(/^\/+/, '').trim();
}

/** The paragraph `Skill`'s description gets in a lich session. */
export function skillNote(lang: PromptLang): string {
  return promptText(lang, 'mod.self.skillNote');
}

/** The paragraph `control_session`'s description gets: its own session can be named as the target, by `sessionId`. */
export function controlNote(sessionId: string, lang: PromptLang): string {
  return promptText(lang, 'mod.self.controlNote', { sessionId });
}

/** The model's description with `note` as a paragraph of its own after it. */
export function described(description: string, note: string): string {
  return description.trim() === '' ? note : `${description.trimEnd()}\n\n${note}`;
}

/** What to do with a refused call naming command `name` with `args`. */
export type SelfCommand =
  /** Not a built-in command of this session's Claude Code: the tool's own answer stands. */
  | { kind: 'pass' }
  /** `/model` or `/effort`: refused, pointing at lich's per-session override. */
  | { kind: 'deny'; deny: string }
  /** Queued: `command.run` it once the hook returned, and answer that it is queued. */
  | { kind: 'queue'; command: string; args: string };

/**
 * Decides a refused call: `name` must be a built-in command of this session (`builtins`, the
 * names `$.command.list()` gives with `source: "builtin"`); `/model` and `/effort` are refused first.
 */
export function selfCommand(name: string, args: string, builtins: readonly string[], lang: PromptLang): SelfCommand {
  const command = commandName(name);
  if (REFUSED_COMMANDS.includes(command)) return { kind: 'deny', deny: promptText(lang, 'mod.self.refused', { command }) };
  if (command === '' || !builtins.includes(command)) return { kind: 'pass' };
  return { kind: 'queue', command, args: args.trim() };
}

/** `/<command>[ <args>]`. */
function spelled(command: string, args: string): string {
  return args === '' ? `/${command}` : `/${command} ${args}`;
}

/** The note a queued command answers the `Skill` call with. */
export function queuedBySkill(command: string, args: string, lang: PromptLang): string {
  return promptText(lang, 'mod.self.queued', { command: spelled(command, args) });
}

/** What a queued command answers the `control_session` call with. */
export function queuedByControl(command: string, args: string, lang: PromptLang): string {
  return promptText(lang, 'mod.self.queuedHere', { command: spelled(command, args) });
}

/** The toast of a queued command that failed later, with no turn left to answer (English: a person reads it). */
export function commandFailedToast(command: string, reason: string): string {
  return `/${command} did not run: ${reason}`;
}

/**
 * Whether a `control_session` call targets this session: by its id, or by its label or roster
 * name ignoring case (`lich whoami --json`'s `label` and `name`).
 */
export function targetsSelf(target: string, sessionId: string, me: { label?: string; name?: string } | undefined): boolean {
  const t = target.trim();
  if (t === '') return false;
  if (t === sessionId) return true;
  const lower = t.toLowerCase();
  return (me?.label ?? '').toLowerCase() === lower || (me?.name ?? '').toLowerCase() === lower;
}
