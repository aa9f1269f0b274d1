/**
 * What each of Codex's hooks reports to lich (wire.md § 11.1; contracts/hooks): the Codex hook
 * script (main.ts, shipped as `packages/cli/dist/codex-hook.cjs`) reads Codex's hook input from
 * stdin and sends what {@link codexReportsFor} says, in order. lich registers the hooks on the
 * command line of every Codex session it starts, for the events server providers/codex-hooks.ts
 * `CODEX_HOOK_EVENTS` lists.
 *
 * Codex 0.169.0's hook inputs are Claude Code's shapes (`hook_event_name`, `session_id`, `cwd`,
 * `tool_name`, `tool_input`, …, plus Codex's `turn_id`, `model`, `permission_mode`), measured on
 * the real TUI: its shell tool arrives as `tool_name: "Bash"`, `tool_input: {"command": …}`.
 * `session_id` is the thread id — the one `codex resume <id>` takes and its rollout file is named
 * by. Its SessionStart fires when the thread is made, at the first submitted prompt (`source:
 * "startup"`), not when the TUI draws: so it says nothing about when Codex reads input.
 *
 * | hook | report |
 * |---|---|
 * | SessionStart | `/session-start` with the thread id, provider `codex` |
 * | UserPromptSubmit | `busy` |
 * | PreToolUse (main loop) | `busy` with the tool and what it runs on (Claude Code's {@link detailOf}) |
 * | PermissionRequest (main loop) | `waiting`, naming the tool and what it would run on |
 * | Stop (main loop) | `done` |
 * | Interrupt | `done`: the user stopped the turn (Esc), and Codex then runs no Stop hook (measured) |
 * | PreCompact | `compacting` |
 * | PostCompact | `done` after a `/compact` (between turns), `busy` after an automatic one |
 * | SessionEnd | `idle` |
 *
 * Not reported: Codex's inputs carry no title, and a checkout touched is left to the shell tool's
 * own record (its edits go through `Bash` as often as through a patch tool, so a PostToolUse rule
 * would miss most of them). A subagent's own calls and stops (`agent_id` set, or its own
 * SubagentStart/SubagentStop events) report nothing, as for Claude Code.
 */
import { oneLine } from '@lich/core/errors';
import { detailOf } from '../hook/reports.js';
import type { Report } from '../hook/reports.js';

/** The provider id a Codex session reports under (server providers.ts, the built-in `codex`). */
export const CODEX_PROVIDER = 'codex';

/**
 * The reports for one Codex hook input (its stdin) of lich session `lichSessionId`, in the order
 * to send them; `[]` for an input lich does not report on, or one that is not an object.
 */
export function codexReportsFor(input: unknown, _lichSessionId: string): Report[] {
  if (typeof input !== 'object' || input === null || Array.isArray(input)) return [];
  const i = input as Record<string, unknown>;
  const str = (k: string): string => (typeof i[k] === 'string' ? (i[k] as string) : '');
  const main = i.agent_id === undefined || i.agent_id === null;
  switch (str('hook_event_name')) {
    case 'SessionStart': {
      const id = str('session_id');
      return id !== '' ? [{ kind: 'session-start', providerSessionId: id }] : [];
    }
    case 'UserPromptSubmit':
      return [{ kind: 'state', report: { state: 'busy' } }];
    case 'PreToolUse': {
      if (!main) return [];
      const tool = str('tool_name');
      const detail = detailOf(i.tool_input, str('cwd'));
      return [{ kind: 'state', report: { state: 'busy', ...(tool !== '' ? { tool } : {}), ...(tool !== '' && detail !== '' ? { detail } : {}) } }];
    }
    case 'PermissionRequest': {
      if (!main) return [];
      const tool = str('tool_name');
      const detail = detailOf(i.tool_input, str('cwd'));
      const reason = tool === '' ? '' : oneLine(`Codex asks to run ${tool}${detail !== '' ? `: ${detail}` : ''}`);
      return [{ kind: 'state', report: { state: 'waiting', ...(reason !== '' ? { reason } : {}) } }];
    }
    case 'Stop':
      return main ? [{ kind: 'state', report: { state: 'done' } }] : [];
    case 'Interrupt':
      return [{ kind: 'state', report: { state: 'done' } }];
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
