import { describe, expect, it } from 'vitest';
import { rosterName } from '@lich/core/roster-name';
import { detailOf, reportsFor } from './reports.js';

const LICH_ID = 'a1b2c3d4e5f60718293a4b5c6d7e8f90';
const base = { session_id: 'claude-1', transcript_path: '/h/.claude/projects/x.jsonl', cwd: '/work/repo' };
/** A state report naming base's conversation, as every one does (lich-plugin 0.20.0). */
const st = (report: Record<string, string>) => ({ kind: 'state', report: { ...report, provider_session_id: 'claude-1' } });

describe('the classic hooks’ reports', () => {
  it('announce the session with Claude Code’s own id, provider claude', () => {
    expect(reportsFor({ ...base, hook_event_name: 'SessionStart', source: 'startup' }, LICH_ID)).toEqual([
      { kind: 'session-start', providerSessionId: 'claude-1' },
    ]);
  });

  it('report busy when a prompt is submitted, and busy with the tool and what it runs on before it runs', () => {
    expect(reportsFor({ ...base, hook_event_name: 'UserPromptSubmit', prompt: 'hi' }, LICH_ID)).toEqual([st({ state: 'busy' })]);
    expect(reportsFor({ ...base, hook_event_name: 'PreToolUse', tool_name: 'Bash', tool_input: { command: 'npm test\n  --watch' }, tool_use_id: 'u1' }, LICH_ID)).toEqual([
      st({ state: 'busy', tool: 'Bash', detail: 'npm test --watch' }),
    ]);
    expect(reportsFor({ ...base, hook_event_name: 'PreToolUse', tool_name: 'Edit', tool_input: { file_path: '/work/repo/src/a.ts' } }, LICH_ID)).toEqual([
      st({ state: 'busy', tool: 'Edit', detail: 'src/a.ts' }),
    ]);
    expect(reportsFor({ ...base, hook_event_name: 'PreToolUse', tool_name: 'TodoWrite', tool_input: { todos: [] } }, LICH_ID)).toEqual([
      st({ state: 'busy', tool: 'TodoWrite' }),
    ]);
  });

  it('say nothing of a subagent’s own tool calls and stops: the session’s state is its main loop’s', () => {
    expect(reportsFor({ ...base, hook_event_name: 'PreToolUse', tool_name: 'Bash', tool_input: { command: 'ls' }, agent_id: 'ag1' }, LICH_ID)).toEqual([]);
    expect(reportsFor({ ...base, hook_event_name: 'Stop', agent_id: 'ag1' }, LICH_ID)).toEqual([]);
  });

  it('report busy after every tool of the main loop — the spinner back once a permission prompt was answered — and the checkout touched after an editing tool or Bash', () => {
    for (const tool of ['Edit', 'Write', 'MultiEdit', 'NotebookEdit', 'Bash']) {
      expect(reportsFor({ ...base, hook_event_name: 'PostToolUse', tool_name: tool, tool_input: {} }, LICH_ID)).toEqual([st({ state: 'busy' }), { kind: 'touched' }]);
    }
    expect(reportsFor({ ...base, hook_event_name: 'PostToolUse', tool_name: 'Read', tool_input: {} }, LICH_ID)).toEqual([st({ state: 'busy' })]);
    expect(reportsFor({ ...base, hook_event_name: 'PostToolUse', tool_name: 'Edit', tool_input: {}, agent_id: 'ag1' }, LICH_ID)).toEqual([]);
  });

  it('leave the conversation out of a report whose input names none', () => {
    expect(reportsFor({ hook_event_name: 'Stop', cwd: '/work/repo' }, LICH_ID)).toEqual([{ kind: 'state', report: { state: 'done' } }]);
  });

  it('report waiting on a permission prompt with Claude Code’s message, and no other notification', () => {
    expect(
      reportsFor({ ...base, hook_event_name: 'Notification', notification_type: 'permission_prompt', message: 'Claude needs your permission to use Bash' }, LICH_ID),
    ).toEqual([st({ state: 'waiting', reason: 'Claude needs your permission to use Bash' })]);
    expect(reportsFor({ ...base, hook_event_name: 'Notification', notification_type: 'idle_prompt', message: 'Claude is waiting for your input' }, LICH_ID)).toEqual([]);
  });

  it('report done when the turn stops, an API error included, and idle when the session ends', () => {
    expect(reportsFor({ ...base, hook_event_name: 'Stop', stop_hook_active: false }, LICH_ID)).toEqual([st({ state: 'done' })]);
    expect(reportsFor({ ...base, hook_event_name: 'StopFailure', error: 'rate_limit' }, LICH_ID)).toEqual([st({ state: 'done' })]);
    expect(reportsFor({ ...base, hook_event_name: 'SessionEnd', reason: 'other' }, LICH_ID)).toEqual([st({ state: 'idle' })]);
  });

  it('report compacting, then done after a /compact between turns and busy after one inside a turn', () => {
    expect(reportsFor({ ...base, hook_event_name: 'PreCompact', trigger: 'manual', custom_instructions: null }, LICH_ID)).toEqual([st({ state: 'compacting' })]);
    expect(reportsFor({ ...base, hook_event_name: 'PostCompact', trigger: 'manual', compact_summary: '' }, LICH_ID)).toEqual([st({ state: 'done' })]);
    expect(reportsFor({ ...base, hook_event_name: 'PostCompact', trigger: 'auto', compact_summary: '' }, LICH_ID)).toEqual([st({ state: 'busy' })]);
  });

  it('report a title the user or Claude Code gave, never the roster name lich started the session with', () => {
    const lichName = rosterName(base.cwd, LICH_ID);
    expect(lichName).toBe('repo-a1b2');
    expect(reportsFor({ ...base, hook_event_name: 'SessionStart', source: 'startup', session_title: lichName }, LICH_ID)).toEqual([
      { kind: 'session-start', providerSessionId: 'claude-1' },
    ]);
    expect(reportsFor({ ...base, hook_event_name: 'UserPromptSubmit', prompt: 'x', session_title: '  Fix the login test ' }, LICH_ID)).toEqual([
      st({ state: 'busy' }),
      { kind: 'title', title: 'Fix the login test' },
    ]);
  });

  it('report no busy at a prompt where the session\'s mod reports it as the turn starts, only the title', () => {
    const submit = { ...base, hook_event_name: 'UserPromptSubmit', prompt: 'x' };
    expect(reportsFor(submit, LICH_ID, true)).toEqual([]);
    expect(reportsFor({ ...submit, session_title: 'Fix the login test' }, LICH_ID, true)).toEqual([{ kind: 'title', title: 'Fix the login test' }]);
    // Every other hook reports as before.
    expect(reportsFor({ ...base, hook_event_name: 'Stop' }, LICH_ID, true)).toEqual([st({ state: 'done' })]);
  });

  it('report nothing for an input that is not an object, or an event they do not watch', () => {
    for (const input of [null, 'x', 42, [], { hook_event_name: 'SubagentStart' }, {}]) expect(reportsFor(input, LICH_ID)).toEqual([]);
  });
});

describe('detailOf', () => {
  it('is the first non-blank field of the input that says what the tool runs on, on one line', () => {
    expect(detailOf({ pattern: '**/*.ts', path: '/work/repo/src' }, '/work/repo')).toBe('src');
    expect(detailOf({ url: 'https://example.com', prompt: 'read it' }, '/')).toBe('https://example.com');
    expect(detailOf({ command: '   ', description: 'Run the tests' }, '/')).toBe('Run the tests');
    expect(detailOf({ file_path: '/elsewhere/a.ts' }, '/work/repo')).toBe('/elsewhere/a.ts');
    expect(detailOf('nope', '/')).toBe('');
  });
});
