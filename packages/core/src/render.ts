/**
 * Turns an operation's outcome into what a surface prints: prose (per surface) or the one
 * `--json` line. The surfaces only choose between these; none writes its own sentences.
 */
import { jsonLine } from './json.js';
import type { Outcome } from './operation.js';
import type { Collected, OperationName, Result } from './types.js';
import {
  ANSWER_SENT,
  answeredText,
  closeText,
  controlledText,
  collectText,
  openText,
  QUIT_DONE,
  resultText,
  sessionsText,
  type Surface,
  versionText,
  whoamiText,
  worktreesText,
} from './wording.js';
import { coloredText, filedText, focusedText, foldersText, insertedText, refiledText, renamedText } from './workspace-wording.js';
import { costOutputText } from './cost-wording.js';
import { themeSwitchedText, themesText } from './theme-wording.js';
import { doctorText, rageText } from './machine-wording.js';
import { nativeText } from './native.js';

/** Whether a `wait` output is a collect (no ticket) rather than one errand's result. */
export function isCollected(output: Result | Collected): output is Collected {
  return Array.isArray((output as Collected).results);
}

/**
 * The prose of an outcome, without a trailing newline (the CLI prints `text + "\n"`). Covers
 * the output only: an `open` hand-off failure (`outcome.failure`) is reported by the surface
 * after it — see {@link renderMcp} for the MCP form.
 */
export function renderText<Op extends OperationName>(surface: Surface, outcome: Outcome<Op>): string {
  const o = outcome as Outcome;
  switch (o.op) {
    case 'sessions':
      return sessionsText(surface, (o as Outcome<'sessions'>).output);
    case 'whoami':
      return whoamiText((o as Outcome<'whoami'>).output);
    case 'send':
      return resultText(surface, (o as Outcome<'send'>).output);
    case 'wait': {
      const output = (o as Outcome<'wait'>).output;
      return isCollected(output) ? collectText(surface, output) : resultText(surface, output);
    }
    case 'reply':
      return ANSWER_SENT;
    case 'open': {
      const open = o as Outcome<'open'>;
      return openText(surface, open.output, (open.input.worktree ?? '') !== '');
    }
    case 'close':
      return closeText((o as Outcome<'close'>).output);
    case 'worktrees':
      return worktreesText(surface, (o as Outcome<'worktrees'>).output);
    case 'version':
      return versionText((o as Outcome<'version'>).output);
    case 'quit':
      return QUIT_DONE;
    case 'rename':
      return renamedText((o as Outcome<'rename'>).output);
    case 'folders':
      return foldersText(surface, (o as Outcome<'folders'>).output);
    case 'file':
      return filedText((o as Outcome<'file'>).output);
    case 'renameFolder':
      return refiledText((o as Outcome<'renameFolder'>).output);
    case 'colorFolder':
      return coloredText((o as Outcome<'colorFolder'>).output);
    case 'insert':
      return insertedText((o as Outcome<'insert'>).output);
    case 'focus':
      return focusedText((o as Outcome<'focus'>).output);
    case 'control':
      return controlledText((o as Outcome<'control'>).output);
    case 'ask':
      return answeredText((o as Outcome<'ask'>).output);
    case 'cost': {
      const c = o as Outcome<'cost'>;
      return costOutputText(c.input, c.output);
    }
    case 'theme': {
      const t = (o as Outcome<'theme'>).output;
      return Array.isArray(t) ? themesText(t) : themeSwitchedText(t);
    }
    case 'doctor':
      return doctorText((o as Outcome<'doctor'>).output);
    case 'rage':
      return rageText((o as Outcome<'rage'>).output);
    case 'native':
      return nativeText((o as Outcome<'native'>).output);
    default:
      return jsonLine(o.output);
  }
}

/**
 * The `--json` line of an outcome (no trailing newline): the output object exactly as the wire
 * carried it — a list is `[]`, never `null`; `open` carries `delivery` only when the hand-off
 * reached the session (spec/cli.md § Commands, § lich open).
 */
export function renderJson(outcome: Outcome): string {
  return jsonLine(outcome.output ?? null);
}

/**
 * An MCP tool result for an outcome: the prose, and for an `open` whose hand-off failed, the
 * opened text, a newline, and the failure's sentence, flagged `isError` (wire.md § 10.2,
 * open_session).
 */
export function renderMcp(outcome: Outcome): { text: string; isError: boolean } {
  const text = renderText('mcp', outcome);
  if (outcome.failure) return { text: `${text}\n${outcome.failure.message}`, isError: true };
  return { text, isError: false };
}
