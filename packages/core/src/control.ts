/**
 * The one rule for what `lich control` and `lich ask` may hand a session's mod (spec/cli.md
 * § lich control, § lich ask; wire.md § 11.2), shared by the client, which refuses before any RPC,
 * and the server (`spawn.Control` / `spawn.Ask`), which refuses the same way for a caller that
 * skipped the client. Refusals are returned, never thrown, in wire.md § 11.2's words.
 */
import { quoteName } from './names.js';

/** The actions of `lich control`, in the order its refusal names them. */
export const CONTROL_ACTIONS = ['prompt', 'abort', 'model', 'effort', 'command'] as const;

/** One of {@link CONTROL_ACTIONS}. */
export type ControlAction = (typeof CONTROL_ACTIONS)[number];

/** The effort levels the lich-plugin mod accepts; it acks any other `unknown effort` (spec/mod-control.md). */
export const EFFORT_LEVELS = ['low', 'medium', 'high', 'xhigh', 'max'] as const;

/** How long lich waits for a session to confirm a prompt, abort, model or effort, in seconds. */
export const CONTROL_WAIT_SECONDS = 10;

/** How long lich waits for a slash command, which runs only once the session is idle, in seconds. */
export const COMMAND_WAIT_SECONDS = 60;

/** How long lich waits for the answer to an ask, in seconds. */
export const ASK_WAIT_SECONDS = 90;

/** The most a question may hold, in UTF-8 bytes (wire.md § 11.2: `question` ≤ 8 KiB). */
export const QUESTION_LIMIT = 8192;

/** The slash commands that are refused as commands: run through a mod, Claude Code saves what they set as the default of every new session. */
const SESSION_DEFAULT_COMMANDS = new Set(['model', 'effort']);

/** Whether `action` is one of {@link CONTROL_ACTIONS}. */
export function isControlAction(action: string): action is ControlAction {
  return (CONTROL_ACTIONS as readonly string[]).includes(action);
}

/**
 * A slash command's name as the mod takes it: `value` trimmed, with one leading `/` stripped
 * (`/compact` and `compact` are the same command; wire.md § 11.2).
 */
export function commandName(value: string): string {
  const name = value.trim();
  return name.startsWith('/') ? name.slice(1).trim() : name;
}

/** How long lich waits for a session to confirm `action`, in seconds: 60 for `command`, else 10. */
export function controlWaitSeconds(action: string): number {
  return action === 'command' ? COMMAND_WAIT_SECONDS : CONTROL_WAIT_SECONDS;
}

/**
 * Why `lich control` refuses these arguments before handing anything over, or undefined when it
 * takes them (wire.md § 11.2; spec/cli.md § lich control). Checked in this order:
 *
 * - an unknown action: `"<a>" is not something lich control does: the actions are prompt, abort, model, effort and command`
 * - an abort with a value or arguments: `an abort takes nothing after it`
 * - arguments on anything but command: `only a command takes arguments, and <a> does not`
 * - a blank prompt: `a prompt needs its text, and none was given`
 * - a blank command name (after one `/` is stripped): `a command needs its name, and none was given`
 * - `/model` or `/effort` as a command: `/<name> is refused as a command: Claude Code saves what it
 *   sets as the default for every new session. The <name> action changes this session only`
 *
 * An effort outside {@link EFFORT_LEVELS} is not refused here: the mod refuses it (`unknown effort`).
 */
export function controlRefusal(o: { action: string; value: string; args: string }): string | undefined {
  const { action, value, args } = o;
  if (!isControlAction(action)) {
    return `${quoteName(action)} is not something lich control does: the actions are prompt, abort, model, effort and command`;
  }
  if (action === 'abort' && (value !== '' || args !== '')) return 'an abort takes nothing after it';
  if (action !== 'command' && args !== '') return `only a command takes arguments, and ${action} does not`;
  if (action === 'prompt' && value.trim() === '') return 'a prompt needs its text, and none was given';
  if (action === 'command') {
    const name = commandName(value);
    if (name === '') return 'a command needs its name, and none was given';
    const lower = name.toLowerCase();
    if (SESSION_DEFAULT_COMMANDS.has(lower)) {
      return `/${lower} is refused as a command: Claude Code saves what it sets as the default for every new session. The ${lower} action changes this session only`;
    }
  }
  return undefined;
}

/**
 * Why `lich ask` refuses `question` before handing it over, or undefined when it takes it
 * (spec/cli.md § lich ask; wire.md § 11.2, `question` ≤ 8 KiB):
 *
 * - blank: `a question needs its text, and none was given`
 * - over 8192 UTF-8 bytes: `question is <n> bytes, over the 8192 limit: ask it in fewer words`
 */
export function askRefusal(question: string): string | undefined {
  if (question.trim() === '') return 'a question needs its text, and none was given';
  // TextEncoder, not Buffer: control.ts is part of what a Claude Code hooks module bundles (no Node there).
  const bytes = new TextEncoder().encode(question).length;
  if (bytes > QUESTION_LIMIT) return `question is ${bytes} bytes, over the ${QUESTION_LIMIT} limit: ask it in fewer words`;
  return undefined;
}
