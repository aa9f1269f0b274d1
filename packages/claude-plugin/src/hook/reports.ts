/**
 * What each of Claude Code's classic hooks reports to lich (wire.md § 11.1; contracts/hooks;
 * contracts/fixtures/upstream/session-*.jsonl): the hook script (main.ts) reads Claude Code's
 * hook input from stdin and sends what {@link reportsFor} says, in order.
 *
 * | hook | report |
 * |---|---|
 * | SessionStart | `/session-start` with Claude Code's session id, provider `claude`; its title (below) |
 * | UserPromptSubmit | `busy`; the session's title (below) |
 * | PreToolUse (main loop) | `busy` with the tool and what it runs on |
 * | PostToolUse Edit, Write, MultiEdit, NotebookEdit | `/session-touched` (the one hook run `async`: it orders against nothing) |
 * | Notification `permission_prompt` | `waiting` with Claude Code's message |
 * | Stop, StopFailure (main loop) | `done` |
 * | PreCompact | `compacting` |
 * | PostCompact | `done` after a `/compact` (run between turns), `busy` after an automatic one (inside a turn) |
 * | SessionEnd | `idle` |
 *
 * A subagent's own tool calls and stops (`agent_id` set) report nothing: the session's state is
 * its main loop's, and a subagent left running in the background must not read as a busy
 * session once the main loop is done.
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

/** The editing tools whose run touches the checkout (hooks.json's PostToolUse matcher). */
export const EDITING_TOOLS = ['Edit', 'Write', 'MultiEdit', 'NotebookEdit'] as const;

/** The fields of a tool's input that say what it runs on, in the order they are looked for. */
const DETAIL_FIELDS = ['command', 'file_path', 'notebook_path', 'path', 'pattern', 'url', 'query', 'skill', 'description'] as const;

/**
 * The reports for one hook input (Claude Code's stdin: `hook_event_name`, `session_id`, `cwd`,
 * and each event's own fields) of lich session `lichSessionId`, in the order to send them; `[]`
 * for an input this plugin does not report on, or one that is not an object.
 */
export function reportsFor(input: unknown, lichSessionId: string): Report[] {
  if (typeof input !== 'object' || input === null) return [];
  const i = input as Record<string, unknown>;
  const str = (k: string): string => (typeof i[k] === 'string' ? (i[k] as string) : '');
  const main = i.agent_id === undefined;
  const title = str('session_title').trim();
  const titled: Report[] = title !== '' && title !== rosterName(str('cwd'), lichSessionId) ? [{ kind: 'title', title }] : [];
  switch (str('hook_event_name')) {
    case 'SessionStart': {
      const id = str('session_id');
      return [...(id !== '' ? [{ kind: 'session-start' as const, providerSessionId: id }] : []), ...titled];
    }
    case 'UserPromptSubmit':
      return [{ kind: 'state', report: { state: 'busy' } }, ...titled];
    case 'PreToolUse': {
      if (!main) return [];
      const tool = str('tool_name');
      const detail = detailOf(i.tool_input, str('cwd'));
      return [{ kind: 'state', report: { state: 'busy', ...(tool !== '' ? { tool } : {}), ...(tool !== '' && detail !== '' ? { detail } : {}) } }];
    }
    case 'PostToolUse':
      return (EDITING_TOOLS as readonly string[]).includes(str('tool_name')) ? [{ kind: 'touched' }] : [];
    case 'Notification':
      return str('notification_type') === 'permission_prompt'
        ? [{ kind: 'state', report: { state: 'waiting', ...(str('message').trim() !== '' ? { reason: str('message') } : {}) } }]
        : [];
    case 'Stop':
    case 'StopFailure':
      return main ? [{ kind: 'state', report: { state: 'done' } }] : [];
    case 'PreCompact':
      return [{ kind: 'state', report: { state: 'compacting' } }];
    case 'PostCompact':
      return [{ kind: 'state', report: { state: str('trigger') === 'auto' ? 'busy' : 'done' } }];
    case 'SessionEnd':
      return [{ kind: 'state', report: { state: 'idle' } }];
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
