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
 * Composes the briefing for the tools at hand. About 2.5 KB of English in five paragraphs:
 * side by side; fan out into visible workers, not the harness's subagents; never poll (ticket,
 * note, collect, `no_wait`); a ticketed `[lich]` message makes you the worker; subagents and
 * workflow steps keep their errands private.
 */
export function mcpInstructions(tools: BriefingTools): string {
  const has = (name: string) => tools.names.has(name);
  const paragraphs: string[] = [];

  paragraphs.push(
    'lich runs coding-agent sessions side by side, each one a card the user watches and can take over ' +
      'mid-task, and these tools work with the sessions beside this one: see which are live with ' +
      'list_sessions, hand one a task with send_to_session and collect what comes back with wait_for_answer. ' +
      'A session answers to its card label and to its roster name alike — one session, two names. One ' +
      'marked waiting is blocked on a permission prompt: tell the user rather than sending to it.',
  );

  if (has('open_session')) {
    const where = tools.openTakesWorktree
      ? ' — on a git worktree of its own (worktree) when the work needs its own checkout —'
      : '';
    const close = has('close_session')
      ? ' Close each worker with close_session once its result is collected, so the sidebar does not fill with finished work.'
      : '';
    paragraphs.push(
      `To fan work out — several tasks at once — open a worker per task with open_session${where} and hand ` +
        'it the task in the same call with prompt. Those workers are what to open, not the subagents your ' +
        'own harness runs: a worker is a card the user can see, steer and resume, and a subagent is none of ' +
        `that.${close}`,
    );
  }

  paragraphs.push(
    'Never poll. A send that outlives its wait hands back a ticket instead of an answer: the task still ' +
      'went in, so carry on with your own work. When a result is ready a short [lich] note arrives at your ' +
      'prompt; then call wait_for_answer without a ticket, which collects everything that is ready at once. ' +
      'To look mid-turn — at a point where what comes back changes your next step — call wait_for_answer ' +
      'with no_wait, which returns at once with what is ready and who still owes an answer. Do not call it ' +
      'in a loop.',
  );

  paragraphs.push(
    'A [lich] message carrying a ticket that arrives at your prompt is a task another session sent you, ' +
      `and you are its worker: do it, then answer with ${REPLY_TOOL} and that ticket. That is the only way ` +
      'back — whoever asked is waiting on the ticket, and an answer given out loud or sent any other way is ' +
      'lost. Keep the answer a concise report — what was done, where, and what remains — never a transcript: ' +
      'the sender pays to read every byte.',
  );

  const privately = has('open_session') ? 'send_to_session or open_session' : 'send_to_session';
  paragraphs.push(
    'A subagent or a workflow step running inside this session reaches lich as this session and shares ' +
      'its inbox, so an ordinary errand of its own would be collected, and announced, to whoever collects ' +
      `next. Such a caller passes private to ${privately} and waits on its own ticket ` +
      'with wait_for_answer and that ticket, in calls of up to 90 seconds — holding the line on your own ' +
      'ticket is not polling — and returns its tickets, so the session can still collect a result if the ' +
      'step dies mid-run.',
  );

  return paragraphs.join('\n\n');
}
