/**
 * Errands: the operations `send`, `wait` and `reply`, everything each needs and nothing else.
 *
 * An errand is one task handed from a session (the sender; `""` from a plain shell) to another
 * (the target) through the relay: `send` types the prompt at the target and holds the line for
 * the answer, which the target sends back with `reply`; a wait that runs out hands back a ticket,
 * and `wait` picks the answer up later by that ticket, or collects every result waiting for the
 * sender at once (spec/cli.md § lich send, § lich wait, § lich reply; wire.md §§ 7.2–7.4, 8.2, 9).
 * A *private* errand keeps its result to the ticket (spec/cli.md § Private errands).
 *
 * Here, in the order a reader follows a send: the wait rule (how long the server holds a call,
 * and the client's HTTP budget around it), the limits of what is relayed (the prompt cap, the
 * answer cap, and the sanitiser they share with `insert` and `control`), the three operations,
 * and their wording on each surface. The registry (operations.ts `OPERATIONS`) lists them; the
 * relay (packages/server/src/relay/) applies the same wait rule and limits, imported from here.
 */
import type { LichContext, RunOptions, Surface } from './operation.js';
import { LichError } from './errors.js';
import { goQuote } from './quote.js';
import { PROMPT_LIMIT } from './limits.js';
import { SHORT_CALL_MS } from './timeouts.js';
import { rpcMethod } from './contract-tables.js';
import type { Collected, ReplyInput, Result, SendInput, WaitInput } from './types.js';

// ---- The wait rule (relay.DefaultWait, MaxWaitSeconds; wire.md § 1.4, § 9).

/** Added to every wait so the server's answer beats the client's deadline. */
export const CALL_SLACK_SECONDS = 30;
/** The server's default wait when `timeoutSeconds` ≤ 0 (relay.DefaultWait). */
export const DEFAULT_WAIT_SECONDS = 100;
/** The longest wait the server honours (relay.MaxWaitSeconds, 30 minutes). */
export const MAX_WAIT_SECONDS = 1800;

/**
 * The wait rule, written once (relay.DefaultWait, MaxWaitSeconds; wire.md § 9): how long the
 * server holds a call asked to wait `seconds` — ≤ 0, absent or not a number is `fallback` (the
 * 100 s default; an insert's is 10 s), above 1800 is 1800, anything else as asked (the wire's
 * `timeoutSeconds` is an integer). The relay holds the line this long, the insert waits this
 * long for a prompt, and a client's HTTP budget is this plus the slack ({@link waitBudgetMs}).
 */
export function waitSeconds(seconds: number | undefined, fallback = DEFAULT_WAIT_SECONDS): number {
  if (seconds === undefined || !Number.isFinite(seconds) || seconds <= 0) return fallback;
  return Math.min(seconds, MAX_WAIT_SECONDS);
}

/**
 * The HTTP budget of a call that waits `seconds` on the server (waitBudget, wire.md § 1.4),
 * in milliseconds: the server's wait ({@link waitSeconds}) plus 30 s — ≤ 0 → 100 s + 30 s;
 * above 1800 → 1800 s + 30 s; else `seconds` + 30 s. It bounds the whole HTTP exchange, as Go's
 * `http.Client.Timeout` does, so the server's own answer ("still working", a ticket) always
 * arrives before the client gives up.
 */
export function waitBudgetMs(seconds: number | undefined, fallback = DEFAULT_WAIT_SECONDS): number {
  return (waitSeconds(seconds, fallback) + CALL_SLACK_SECONDS) * 1000;
}

// ---- What is relayed (wire.md § 8.2; spec/cli.md § lich send: "A prompt is capped at 8192
// bytes and stripped of control characters"). The rules and their wording are the relay's
// (packages/server/src/relay/text.ts imports them), byte for byte. The client knows them for the
// checks it must make before a call: `open --prompt` opens the session first, so a prompt the
// relay would refuse is refused before anything is opened; `send` leaves the check to the relay,
// the one source of truth for what it relays — but for a prompt already over the cap, which a
// body past the listener's 1 MiB limit would keep the relay from ever reading.

export { PROMPT_LIMIT } from './limits.js';

/**
 * Drops every character below 0x20 except `\n` and `\t`, and DEL (wire.md § 8.2, sanitize): what
 * lich types into a terminal is text — an escape sequence inside it would stop being text, and a
 * CR would submit early. The one rule for prompts, answers and inserts (workspace-wording.ts),
 * client and server alike.
 */
export function sanitizeText(text: string): string {
  return text.replace(/[\x00-\x08\x0b-\x1f\x7f]/g, '');
}

/**
 * The rule for text lich types at a session on request — a prompt (below) and an insert's text
 * (workspace-wording.ts `insertRefusal`), each with its own limit and words: blank once
 * sanitised, it is refused with `words.empty`; over `limit` UTF-8 bytes once sanitised, with
 * `words.over(bytes)`; otherwise null (it is taken).
 */
export function textRefusal(text: string, limit: number, words: { empty: string; over: (bytes: number) => string }): string | null {
  const clean = sanitizeText(text);
  if (clean.trim() === '') return words.empty;
  const bytes = Buffer.byteLength(clean, 'utf8');
  return bytes > limit ? words.over(bytes) : null;
}

/**
 * Why the relay would refuse `prompt`, in its own words, or null when it would take it:
 * `nothing to send: the prompt is empty` (blank once sanitised), or
 * `prompt is <n> bytes, over the 8192 limit: name the paths to read instead of pasting their contents`
 * (n counted in UTF-8 bytes after sanitising).
 */
export function promptRefusal(prompt: string): string | null {
  return textRefusal(prompt, PROMPT_LIMIT, {
    empty: 'nothing to send: the prompt is empty',
    over: (bytes) => `prompt is ${bytes} bytes, over the ${PROMPT_LIMIT} limit: name the paths to read instead of pasting their contents`,
  });
}

/** The most an answer keeps, in UTF-8 bytes after sanitising (wire.md § 8.2, answerLimit). */
export const ANSWER_BYTE_LIMIT = 65536;

/** `text` cut to at most `limit` UTF-8 bytes without splitting a character (a lone surrogate counts as U+FFFD). */
export function cutUtf8(text: string, limit: number): string {
  const buf = Buffer.from(text, 'utf8');
  if (buf.length <= limit) return text;
  let end = limit;
  // Back off over continuation bytes so the cut lands on the start of a character.
  while (end > 0 && (buf[end]! & 0xc0) === 0x80) end--;
  return buf.subarray(0, end).toString('utf8');
}

/**
 * An answer as the relay keeps it (wire.md § 8.2: "Answer cap: 65536 bytes, truncated (not
 * refused)"): sanitised, then cut at {@link ANSWER_BYTE_LIMIT} bytes on a character boundary.
 * The relay applies it to every answer; a client applies it to one too long to send whole, so an
 * answer past the 1 MiB RPC body limit is still cut rather than refused by the listener.
 */
export function capAnswer(answer: string): string {
  return cutUtf8(sanitizeText(answer), ANSWER_BYTE_LIMIT);
}

// ---- The operations. Each sends every field of its RPC options (the G3 rule, wire.md § 1.2)
// with the budget of wire.md § 1.4; the method is the contract's `x-rpc` route (rpcMethod, contract-tables.ts).

/**
 * The calling session's lich id (`LICH_SESSION_ID`), `""` outside one (spec/cli.md § Transport):
 * the sender of everything relayed, and the caller every session and workspace call names as
 * `from` (operations.ts and workspace.ts import it from here).
 */
export function from(ctx: LichContext): string {
  return ctx.env.LICH_SESSION_ID ?? '';
}

/**
 * spec/cli.md § lich send: `relay.Send`, or `relay.SendPrivate` for a private errand. The relay
 * judges the prompt; one already over the 8192-byte cap is refused here in the relay's own words
 * (`promptRefusal`, above), since past the 1 MiB body limit the relay would never see it and the
 * caller would read the listener's refusal instead (wire.md §§ 1.2, 8.2).
 * @throws LichError `prompt is <n> bytes, over the 8192 limit: …` / `nothing to send: the prompt is empty`.
 */
export async function send(ctx: LichContext, input: SendInput, opts: RunOptions = {}): Promise<Result> {
  const timeoutSeconds = input.timeoutSeconds;
  const refusal = Buffer.byteLength(input.prompt, 'utf8') > PROMPT_LIMIT ? promptRefusal(input.prompt) : null;
  if (refusal !== null) throw new LichError(refusal);
  return ctx.rpc.call(
    rpcMethod('send', 'call', input),
    { from: from(ctx), target: input.target, project: input.project, prompt: input.prompt, timeoutSeconds },
    { timeoutMs: waitBudgetMs(timeoutSeconds), signal: opts.signal },
  );
}

/**
 * spec/cli.md § lich wait: with a ticket `relay.Wait` (a Result); without, the collect —
 * `relay.Collect`, or `relay.CollectNow` with `noWait` (a Collected). `noWait` with a ticket is
 * refused before any call.
 */
export async function wait(ctx: LichContext, input: WaitInput, opts: RunOptions = {}): Promise<Result | Collected> {
  const ticket = input.ticket;
  const timeoutSeconds = input.timeoutSeconds;
  if (ticket !== '' && input.noWait) throw new LichError(noWaitWithTicketText(ctx.surface));
  const method = rpcMethod('wait', 'call', input);
  if (method === 'relay.Wait') {
    return ctx.rpc.call(method, { ticket, timeoutSeconds }, { timeoutMs: waitBudgetMs(timeoutSeconds), signal: opts.signal });
  }
  const collected =
    method === 'relay.CollectNow'
      ? await ctx.rpc.call(method, { from: from(ctx) }, { timeoutMs: SHORT_CALL_MS, signal: opts.signal })
      : await ctx.rpc.call(
          method,
          { from: from(ctx), timeoutSeconds },
          { timeoutMs: waitBudgetMs(timeoutSeconds), signal: opts.signal },
        );
  return { results: collected?.results ?? [], open: collected?.open ?? [] };
}

/**
 * spec/cli.md § lich reply: `relay.Reply`; no ticket means the one request open against the caller.
 * An answer over the 65536-byte cap is cut here exactly as the relay cuts it (wire.md § 8.2,
 * `capAnswer`, above), so one past the 1 MiB body limit is still delivered, cut, rather than refused.
 */
export async function reply(ctx: LichContext, input: ReplyInput, opts: RunOptions = {}): Promise<null> {
  const answer = Buffer.byteLength(input.answer, 'utf8') > ANSWER_BYTE_LIMIT ? capAnswer(input.answer) : input.answer;
  await ctx.rpc.call(
    rpcMethod('reply', 'call', input),
    { from: from(ctx), ticket: input.ticket, answer },
    { timeoutMs: SHORT_CALL_MS, signal: opts.signal },
  );
  return null;
}

// ---- The wording (wire.md § 7): every function returns its text WITHOUT a trailing newline;
// the CLI prints `text + "\n"`, MCP returns the text as it is. A surface that needs different
// words for one outcome (the CLI names `lich wait <ticket>`, MCP the `wait_for_answer` tool)
// asks for them by `surface`.

/**
 * The text of one result (wire.md § 7.2 for the CLI, § 7.3 for MCP): the answer alone when
 * answered; for `pending`, where to pick it up (private errands say no note will come); for every
 * other status, what happened and what to tell the user.
 *
 * `fromSession` says whether the caller is a lich session (`LICH_SESSION_ID` set): only then is
 * a note typed at its prompt when the result lands, so only then does a pending result promise
 * one (spec/cli.md § lich send's words). Outside a session the result waits for its ticket alone.
 */
export function resultText(surface: Surface, result: Result, fromSession = true): string {
  // The answer and the pending note first: neither quotes the target, so an answered send, the
  // common case, reads nothing else.
  if (result.status === 'answered') return result.answer;
  if (result.status === 'pending') return pendingText(surface, result, fromSession);
  const q = goQuote(result.target);
  switch (result.status) {
    case 'unread':
      return `The ${q} session never picked the task up: it was typed at that prompt and nothing read it, so something else has that terminal — a provider still starting, or a question of its own on screen (Claude Code asks whether a directory is trusted the first time it runs in one). Nothing is queued and nothing was answered. Tell the user to open the ${q} card and clear what is on it; the task has to be sent again after that.`;
    case 'undelivered':
      if (result.held === 'draft') {
        return `The task never reached the ${q} session: a person's half-written text sat at its prompt, and lich types nothing over it, so the task was held until the 5-minute delivery limit ran out. Nothing is queued anymore and nothing was answered. That text is still at the ${q} prompt: tell the user to send or clear it there (open the ${q} card); the task has to be sent again after that.`;
      }
      return `The task never reached the ${q} session: it was held back because that terminal was not at a prompt — a worktree setup script still running, a provider that never came up — and the session ended or stayed that way for too long. Nothing is queued anymore and nothing was answered. Tell the user to open the ${q} card to see what happened there; the task has to be sent again after that.`;
    case 'unanswered':
      // A session that ended has nothing left to send a late answer: its process group went with it.
      if (result.closed) {
        return `The ${q} session ended before it answered through lich — it was closed, or its program exited — so no answer is coming on this ticket. Whatever it did before that is in its conversation: tell the user to open the ${q} card to read it.`;
      }
      return `The ${q} session finished its turn without answering through lich. Whatever it produced is in that session — tell the user to open the ${q} card to read it. If it is still working in the background, its answer can still arrive on this ticket for an hour.`;
    case 'stopped':
      return `The ${q} session was closed before it answered, so the task was stopped and no answer is coming.`;
    case 'expired':
      return `The ${q} session did not answer within the hour a task is kept open, so the task expired and no answer is coming. Open the ${q} card to see where it stands.`;
    default:
      // A status this build does not know (a newer backend): say what came back rather than guess.
      return `The errand with ${q} ended as ${goQuote(result.status)} (ticket ${result.ticket}), which this lich does not know how to read.`;
  }
}

/**
 * A pending result: the spec's words (spec/cli.md § lich send; wire.md §§ 7.2, 7.3) for a
 * session's errand, and what is true where they are not — a task held behind a person's draft
 * (`held: "draft"`) has not reached that session, and a caller outside a session gets no note.
 */
function pendingText(surface: Surface, result: Result, fromSession: boolean): string {
  const t = result.target;
  const draft = result.held === 'draft';
  const head = draft
    ? `The task is held for ${goQuote(t)}: a person's half-written text is at its prompt, and lich types nothing over it. It goes in once they send or clear that text, or comes back undelivered after 5 minutes.`
    : `${t} is still working.`;
  if (surface === 'mcp') {
    if (result.private) {
      return `${head} The errand is private: no note will announce its result and wait_for_answer without a ticket never returns it. Call wait_for_answer with ticket ${goQuote(result.ticket)} to hold the line for it — waiting on your own ticket is not polling.`;
    }
    const open = draft ? 'The errand is open.' : 'The errand is open — if that session was not at a prompt yet, the task is held and goes in when it is.';
    if (!fromSession) {
      return `${head} ${open} This caller is not a lich session, so no note will announce its result: call wait_for_answer with ticket ${goQuote(result.ticket)} to hold the line for it.`;
    }
    return `${head} ${open} When its result is ready a short note will arrive at your own prompt, so carry on — there is nothing to poll. Collect it with wait_for_answer (ticket ${goQuote(result.ticket)}, or no ticket for everything at once).`;
  }
  if (result.private) {
    const note = fromSession ? "no note will be typed at the sending session's prompt" : 'no note will announce its result';
    return `${head} The errand is private: ${note}, and \`lich wait\` without a ticket will not return it. Hold the line for it with:\n  lich wait ${result.ticket}`;
  }
  const open = draft ? 'The errand is open' : 'The errand is open — a message that session was not ready for is held until it is —';
  if (!fromSession) {
    return `${head} ${draft ? 'The errand is open.' : 'The errand is open — a message that session was not ready for is held until it is.'} It was sent from outside a lich session, so no note will announce its result; it waits for its ticket for an hour. Hold the line for it with:\n  lich wait ${result.ticket}`;
  }
  return `${head} ${open} and a note will be typed at the sending session's prompt when its result is ready. To hold the line for it instead:\n  lich wait ${result.ticket}`;
}

/** wire.md § 7.4: the collect's fixed line when nothing is ready and nothing is open. */
export const NOTHING_TO_COLLECT = 'Nothing to collect: no results are waiting and no errand of yours is open.';

/**
 * The text of a collect (`wait` without a ticket, `wait_for_answer` without one; wire.md § 7.4):
 * every result oldest first — answers under a line naming their sender and ticket, other
 * outcomes in the words a single wait uses, a `pending` entry not at all — then who still owes
 * an answer, parts separated by a blank line.
 */
export function collectText(surface: Surface, collected: Collected): string {
  const results = collected.results ?? [];
  const open = collected.open ?? [];
  if (results.length === 0 && open.length === 0) return NOTHING_TO_COLLECT;
  const parts: string[] = [];
  for (const result of results) {
    if (result.status === 'answered') {
      parts.push(`Answer from ${goQuote(result.target)} (ticket ${result.ticket}):\n${result.answer}`);
    } else if (result.status !== 'pending') {
      parts.push(resultText(surface, result));
    }
  }
  if (open.length > 0) {
    parts.push(`Still working: ${open.map(goQuote).join(', ')}. Their results will announce themselves at your prompt.`);
  }
  return parts.join('\n\n');
}

/** Whether a `wait` output is a collect (no ticket) rather than one errand's result. */
export function isCollected(output: Result | Collected): output is Collected {
  return Array.isArray((output as Collected).results);
}

/** `lich reply`, `reply_to_session` (wire.md § 7.5). */
export const ANSWER_SENT = 'Answer sent.';

/** The refusal of a no-wait collect given a ticket, in the surface's own spelling (wire.md § 10.2). */
export function noWaitWithTicketText(surface: Surface): string {
  return surface === 'mcp'
    ? 'no_wait collects everything that is ready and takes no ticket: drop the ticket to look without waiting, or drop no_wait to wait on it'
    : '--no-wait collects everything that is ready and takes no ticket: drop the ticket to look without waiting, or drop --no-wait to wait on it';
}

/**
 * The refusal of a private errand without a task to hand over (`open --private` with no
 * `--prompt`), checked before anything is opened (wire.md § 5.3, § 10.2).
 */
export function privateWithoutPromptText(surface: Surface): string {
  return surface === 'mcp'
    ? 'private applies to the task handed over with prompt: add a prompt, or drop private'
    : '--private applies to the task handed over with --prompt: add a prompt, or drop --private';
}
