import { describe, expect, it } from 'vitest';
import { codexReportsFor } from './reports.js';

const LICH_ID = 'a1b2c3d4e5f60718293a4b5c6d7e8f90';
/** What every input of Codex 0.169.0 carried (measured on its TUI); each event adds its own fields. */
const base = {
  session_id: '01a232f1-d8f9-7e82-9aa8-bd7d76829292',
  transcript_path: '/h/.codex/sessions/2026/12/01/rollout-2026-12-01T18-50-40-01a232f1-d8f9-7e82-9aa8-bd7d76829292.jsonl',
  cwd: '/work/repo',
  model: 'gpt-5',
  permission_mode: 'bypassPermissions',
};
const turn = { ...base, turn_id: '01a232f1-e256-7a41-85b7-c44ebd19e639' };

describe('Codex’s hooks’ reports', () => {
  it('announce the session with Codex’s thread id, provider codex, when the thread starts or is resumed', () => {
    for (const source of ['startup', 'resume']) {
      expect(codexReportsFor({ ...base, hook_event_name: 'SessionStart', source }, LICH_ID)).toEqual([
        { kind: 'session-start', providerSessionId: '01a232f1-d8f9-7e82-9aa8-bd7d76829292' },
      ]);
    }
    expect(codexReportsFor({ ...base, session_id: '', hook_event_name: 'SessionStart', source: 'startup' }, LICH_ID)).toEqual([]);
  });

  it('report busy when a prompt is submitted, and busy with the tool and what it runs on before it runs', () => {
    expect(codexReportsFor({ ...turn, hook_event_name: 'UserPromptSubmit', prompt: 'hi' }, LICH_ID)).toEqual([{ kind: 'state', report: { state: 'busy' } }]);
    expect(
      codexReportsFor({ ...turn, hook_event_name: 'PreToolUse', tool_name: 'Bash', tool_input: { command: 'ls /' }, tool_use_id: 'call_a4e0892f6219e275f0d43789' }, LICH_ID),
    ).toEqual([{ kind: 'state', report: { state: 'busy', tool: 'Bash', detail: 'ls /' } }]);
    expect(codexReportsFor({ ...turn, hook_event_name: 'PreToolUse', tool_name: 'mcp__lich__list_sessions', tool_input: {} }, LICH_ID)).toEqual([
      { kind: 'state', report: { state: 'busy', tool: 'mcp__lich__list_sessions' } },
    ]);
  });

  it('report waiting when Codex asks to run a tool, naming the tool and what it runs on', () => {
    const asked = { ...turn, permission_mode: 'default', hook_event_name: 'PermissionRequest', tool_name: 'Bash', tool_input: { command: 'touch /work/repo/a', description: 'needs to write' } };
    expect(codexReportsFor(asked, LICH_ID)).toEqual([{ kind: 'state', report: { state: 'waiting', reason: 'Codex asks to run Bash: touch /work/repo/a' } }]);
    expect(codexReportsFor({ ...asked, tool_name: '' }, LICH_ID)).toEqual([{ kind: 'state', report: { state: 'waiting' } }]);
  });

  it('report done when the turn stops or the user interrupts it, and idle when the session ends', () => {
    expect(codexReportsFor({ ...turn, hook_event_name: 'Stop', stop_hook_active: false, last_assistant_message: 'plain answer' }, LICH_ID)).toEqual([
      { kind: 'state', report: { state: 'done' } },
    ]);
    expect(codexReportsFor({ ...turn, hook_event_name: 'Interrupt' }, LICH_ID)).toEqual([{ kind: 'state', report: { state: 'done' } }]);
    expect(codexReportsFor({ ...base, hook_event_name: 'SessionEnd' }, LICH_ID)).toEqual([{ kind: 'state', report: { state: 'idle' } }]);
  });

  it('say nothing of a subagent’s own tool calls, permission requests and stops', () => {
    const sub = { ...turn, agent_id: 'ag1', agent_type: 'worker' };
    expect(codexReportsFor({ ...sub, hook_event_name: 'PreToolUse', tool_name: 'Bash', tool_input: { command: 'ls' } }, LICH_ID)).toEqual([]);
    expect(codexReportsFor({ ...sub, hook_event_name: 'PermissionRequest', tool_name: 'Bash', tool_input: { command: 'ls' } }, LICH_ID)).toEqual([]);
    expect(codexReportsFor({ ...sub, hook_event_name: 'Stop' }, LICH_ID)).toEqual([]);
    expect(codexReportsFor({ ...turn, hook_event_name: 'SubagentStop' }, LICH_ID)).toEqual([]);
  });

  it('report compacting, then done after a /compact between turns and busy after an automatic one', () => {
    expect(codexReportsFor({ ...turn, hook_event_name: 'PreCompact', trigger: 'manual' }, LICH_ID)).toEqual([{ kind: 'state', report: { state: 'compacting' } }]);
    expect(codexReportsFor({ ...turn, hook_event_name: 'PostCompact', trigger: 'manual' }, LICH_ID)).toEqual([{ kind: 'state', report: { state: 'done' } }]);
    expect(codexReportsFor({ ...turn, hook_event_name: 'PostCompact', trigger: 'auto' }, LICH_ID)).toEqual([{ kind: 'state', report: { state: 'busy' } }]);
  });

  it('report nothing for an input that is not an object, or an event they do not watch', () => {
    for (const input of [null, 'Stop', [], 7]) expect(codexReportsFor(input, LICH_ID)).toEqual([]);
    expect(codexReportsFor({ ...turn, hook_event_name: 'PostToolUse', tool_name: 'Bash', tool_input: {}, tool_response: '' }, LICH_ID)).toEqual([]);
  });
});
