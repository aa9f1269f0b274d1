import { describe, expect, it } from 'vitest';
import { mcpInstructions } from './instructions.js';

const ISSUE_TOOLS = ['list_sessions', 'send_to_session', 'wait_for_answer', 'reply_to_session', 'open_session', 'close_session'];

describe('mcpInstructions', () => {
  const text = mcpInstructions({ names: new Set(ISSUE_TOOLS), openTakesWorktree: false });

  it('is five paragraphs of about 2.5 KB', () => {
    expect(text.split('\n\n')).toHaveLength(5);
    const bytes = Buffer.byteLength(text);
    expect(bytes).toBeGreaterThan(2000);
    expect(bytes).toBeLessThan(3000);
  });

  it('names only tools the server lists', () => {
    const named = new Set(text.match(/\b[a-z]+(?:_[a-z]+)+\b/g));
    for (const name of named) {
      if (['no_wait'].includes(name)) continue;
      expect(ISSUE_TOOLS).toContain(name);
    }
  });

  it('tells the agent never to poll, to collect without a ticket, and to look mid-turn with no_wait', () => {
    expect(text).toContain('Never poll');
    expect(text).toContain('wait_for_answer without a ticket');
    expect(text).toContain('no_wait');
  });

  it('makes the receiver of a ticketed [lich] message the worker that answers with reply_to_session', () => {
    expect(text).toMatch(/\[lich\] message carrying a ticket[^]*reply_to_session/);
  });

  it('keeps subagents and workflow steps on private errands and their own tickets', () => {
    expect(text).toMatch(/subagent or a workflow step[^]*private[^]*its own ticket/);
  });

  it('offers a worktree of its own only when open_session takes one', () => {
    expect(text).not.toContain('worktree');
    expect(mcpInstructions({ names: new Set(ISSUE_TOOLS), openTakesWorktree: true })).toContain('git worktree of its own (worktree)');
  });

  it('leaves out the fan-out paragraph when open_session is not listed', () => {
    const without = mcpInstructions({ names: new Set(ISSUE_TOOLS.filter((n) => n !== 'open_session')), openTakesWorktree: false });
    expect(without).not.toContain('open_session');
    expect(without.split('\n\n')).toHaveLength(4);
  });
});

describe('mcpInstructions in another prompt language', () => {
  it.each(['pt-BR', 'es', 'zh-CN'] as const)('%s has the same paragraphs, names the same tools, and drops what en drops', (lang) => {
    for (const names of [ISSUE_TOOLS, ISSUE_TOOLS.filter((n) => n !== 'open_session'), ISSUE_TOOLS.filter((n) => n !== 'close_session')]) {
      for (const openTakesWorktree of [true, false]) {
        const tools = { names: new Set(names), openTakesWorktree };
        const en = mcpInstructions(tools);
        const translated = mcpInstructions(tools, lang);
        expect(translated).not.toBe(en);
        expect(translated.split('\n\n')).toHaveLength(en.split('\n\n').length);
        const named = (t: string) => [...new Set(t.match(/\b[a-z]+(?:_[a-z]+)+\b/g))].sort();
        expect(named(translated)).toEqual(named(en));
      }
    }
  });
});
