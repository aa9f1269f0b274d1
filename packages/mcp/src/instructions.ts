/**
 * The `instructions` string `lich mcp` sends in its `initialize` result: the server's own
 * briefing, which clients inject into the agent's system prompt (spec/cli.md § lich mcp;
 * wire.md § 10.1, the five G2 paragraphs).
 *
 * It is the one place the whole journey — fan out into worker sessions, carry on, collect —
 * is told as one; each tool description only explains its own door. It names only tools the
 * server actually lists, so it is composed from the tool names it is given: a briefing that
 * sends the agent to a tool it does not have costs it a turn.
 */
import { type PromptKey, type PromptLang, promptText } from '@lich/core/i18n/prompts';

/** Tool names the briefing can point at, as the server lists them. */
export interface BriefingTools {
  /** Every tool name `tools/list` returns. */
  names: ReadonlySet<string>;
  /** Whether `open_session` takes a `worktree` argument (a worker on a checkout of its own). */
  openTakesWorktree: boolean;
}

/** The reply tool a relayed message names; the relay composes the same name into what it types. */
export const REPLY_TOOL = 'reply_to_session';

/**
 * Composes the briefing for the tools at hand, in `lang` (`en` by default; `lich mcp` passes the
 * language its own `LICH_PROMPT_LANG` names, wire.md § 8.4 "Prompt language"). About 2.5 KB of
 * English in five paragraphs: side by side; fan out into visible workers, not the harness's
 * subagents; never poll (ticket, note, collect, `no_wait`); a ticketed `[lich]` message makes you
 * the worker; subagents and workflow steps keep their errands private. The paragraphs are the
 * prompt catalogs' `mcp.instructions.*` texts; tool names stay as the server lists them in every
 * language.
 */
export function mcpInstructions(tools: BriefingTools, lang: PromptLang = 'en'): string {
  const has = (name: string) => tools.names.has(name);
  const text = (key: PromptKey, args?: Record<string, string>) => promptText(lang, key, args);
  const paragraphs: string[] = [text('mcp.instructions.sideBySide')];

  if (has('open_session')) {
    paragraphs.push(
      text('mcp.instructions.fanOut', {
        worktree: tools.openTakesWorktree ? text('mcp.instructions.fanOut.worktree') : '',
        close: has('close_session') ? text('mcp.instructions.fanOut.close') : '',
      }),
    );
  }

  paragraphs.push(text('mcp.instructions.neverPoll'));
  paragraphs.push(text('mcp.instructions.worker', { replyTool: REPLY_TOOL }));
  paragraphs.push(
    text('mcp.instructions.private', {
      tools: has('open_session') ? text('mcp.instructions.private.sendOrOpen') : 'send_to_session',
    }),
  );

  return paragraphs.join('\n\n');
}
