/**
 * What each of Claude Code's classic hooks reports to lich (wire.md § 11.1; contracts/hooks;
 * contracts/fixtures/upstream/session-*.jsonl): the hook script (main.ts) reads Claude Code's
 * hook input from stdin and sends what {@link reportsFor} says, in order.
 *
 * | hook | report |
 * |---|---|
 * | SessionStart | `/session-start` with Claude Code's session id, provider `claude`; its title (below) |
 * | UserPromptSubmit | `busy` — unless the mod reports it (`modReportsBusy`, below); the session's title (below) |
 * | PreToolUse (main loop) | `busy` with the tool and what it runs on |
 * | PostToolUse (main loop) | `busy` — the spinner back after a permission prompt was answered, which fires no UserPromptSubmit; and `/session-touched` after Edit, Write, MultiEdit, NotebookEdit or Bash |
 * | Notification `permission_prompt` | `waiting` with Claude Code's message |
 * | Stop, StopFailure (main loop) | `done` |
 * | PreCompact | `compacting` |
 * | PostCompact | `done` after a `/compact` (run between turns), `busy` after an automatic one (inside a turn) |
 * | SessionEnd | `idle` |
 *
 * A subagent's own tool calls and stops (`agent_id` set) report nothing: the session's state is
 * its main loop's, and a subagent left running in the background must not read as a busy
 * session once the main loop is done. Every state report names the conversation that fired it
 * (`provider_session_id`, the hook input's `session_id`), so lich drops the reports of another
 * Claude Code the session runs as a tool (lich-plugin 0.20.0).
 *
 * The title is Claude Code's `session_title`, except when it is the roster name lich started the
 * session with (`--name`, which Claude Code keeps as the session's title): reported, that would
 * only rename the card after lich's own name for it. A title the user gave (`/rename`), or one
 * Claude Code made for a session lich did not name, is reported.
 */
import { oneLine } from '@lich/core/errors';
import { rosterName } from '@lich/core/roster-name';
import type { StateReport } from '@lich/core/mod/reporters';

/** One report to send. */
export type Report =
  | { kind: 'session-start'; providerSessionId: string }
  | { kind: 'state'; report: StateReport }
  | { kind: 'title'; title: string }
  | { kind: 'touched' };

/** The tools whose run may touch the checkout: the editing tools, and Bash (`sed -i`, a formatter, `git commit`). */
export const EDITING_TOOLS = ['Edit', 'Write', 'MultiEdit', 'NotebookEdit', 'Bash'] as const;

/** The fields of a tool's input that say what it runs on, in the order they are looked for. */
const DETAIL_FIELDS = ['command', 'file_path', 'notebook_path', 'path', 'pattern', 'url', 'query', 'skill', 'description'] as const;

/**
 * The reports for one hook input (Claude Code's stdin: `hook_event_name`, `session_id`, `cwd`,
 * and each event's own fields) of lich session `lichSessionId`, in the order to send them; `[]`
 * for an input this plugin does not report on, or one that is not an object. `modReportsBusy`:
 * the session's mod reports the main loop's `busy` as each turn starts (`LICH_MOD_SESSION` is this
 * session's id, set by the mod; mod/register.ts), so UserPromptSubmit reports the title alone.
 */
export function reportsFor(input: unknown, lichSessionId: string, modReportsBusy = false): Report[] {
  if (typeof input !== 'object' || input === null) return [];
  const i = input as Record<string, unknown>;
  const str = (k: string): string => (typeof i[k] === 'string' ? (i[k] as string) : '');
  const main = i.agent_id === undefined;
  const title = str('session_title').trim();
  const titled: Report[] = title !== '' && title !== rosterName(str('cwd'), lichSessionId) ? [{ kind: 'title', title }] : [];
  const conversation = str('session_id').trim();
  const named = (report: StateReport): Report => ({ kind: 'state', report: conversation !== '' ? { ...report, provider_session_id: conversation } : report });
  switch (str('hook_event_name')) {
    case 'SessionStart': {
      const id = str('session_id');
      return [...(id !== '' ? [{ kind: 'session-start' as const, providerSessionId: id }] : []), ...titled];
    }
    case 'UserPromptSubmit':
      return modReportsBusy ? titled : [named({ state: 'busy' }), ...titled];
    case 'PreToolUse': {
      if (!main) return [];
      const tool = str('tool_name');
      const detail = detailOf(i.tool_input, str('cwd'));
      return [named({ state: 'busy', ...(tool !== '' ? { tool } : {}), ...(tool !== '' && detail !== '' ? { detail } : {}) })];
    }
    case 'PostToolUse':
      if (!main) return [];
      return [named({ state: 'busy' }), ...((EDITING_TOOLS as readonly string[]).includes(str('tool_name')) ? [{ kind: 'touched' as const }] : [])];
    case 'Notification':
      return str('notification_type') === 'permission_prompt'
        ? [named({ state: 'waiting', ...(str('message').trim() !== '' ? { reason: str('message') } : {}) })]
        : [];
    case 'Stop':
    case 'StopFailure':
      return main ? [named({ state: 'done' })] : [];
    case 'PreCompact':
      return [named({ state: 'compacting' })];
    case 'PostCompact':
      return [named({ state: str('trigger') === 'auto' ? 'busy' : 'done' })];
    case 'SessionEnd':
      return [named({ state: 'idle' })];
    default:
      return [];
  }
}

/**
 * What a tool runs on, for the card: the first of its input's `command`, `file_path`, … that is
 * a non-blank string, on one line; a path inside `cwd` relative to it. `""` when none.
 */
export function detailOf(toolInput: unknown, cwd: string): string {
  if (typeof toolInput !== 'object' || toolInput === null) return '';
  const input = toolInput as Record<string, unknown>;
  for (const field of DETAIL_FIELDS) {
    const value = input[field];
    if (typeof value !== 'string' || value.trim() === '') continue;
    const line = oneLine(value);
    return field.endsWith('path') ? relativeTo(line, cwd) : line;
  }
  return '';
}

function relativeTo(path: string, cwd: string): string {
  if (cwd === '' || cwd === '/') return path;
  const base = cwd.endsWith('/') ? cwd : `${cwd}/`;
  return path.startsWith(base) ? path.slice(base.length) : path;
}
