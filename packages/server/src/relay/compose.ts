/**
 * The texts lich types at a session's prompt, and the one refusal that lists owed errands.
 * Every string here is contract (wire.md § 8.1, § 8.3, § 8.4, § 9; spec/cli.md § The message a
 * target receives, § The answer is announced, and collected, § lich reply): an agent or the
 * companion plugin reads them, so a word that moves here moves under someone else's parser.
 */
import { goQuote } from '@lich/core/quote';

/** Who a relayed message is from: a session (by its label, `unknown` when not in the workspace) or the command line. */
export type Origin = { session: string } | { commandLine: true };

const onlyWayBack =
  'That ticket is the only way back: whoever asked is blocked on it and is reading nothing else. ' +
  'Do not answer by messaging a peer session — an answer sent any other way is lost. ' +
  'Keep the answer a concise report — what was done, where, and what remains — never a transcript: ' +
  'the sender pays to read every byte, and the detail is in your commits and files anyway.';

/**
 * The relayed task typed at the target (wire.md § 8.1). `prompt` is already sanitised;
 * `hasTools` offers `reply_to_session` first, and the command is named either way because a
 * session with its shell locked down has no other route home.
 */
export function composeMessage(o: { origin: Origin; prompt: string; ticket: string; hasTools: boolean }): string {
  const origin =
    'session' in o.origin
      ? `Message from session ${goQuote(o.origin.session)}`
      : 'Message relayed by the lich command line';
  const command = `  "$LICH_BIN" reply ${o.ticket} "<your answer>"`;
  const route = o.hasTools
    ? `When you have an answer, send it back with the lich tool \`reply_to_session\` (ticket ${o.ticket}), or by running:\n${command}`
    : `When you have an answer, send it back by running:\n${command}`;
  return `[lich] ${origin}, not from your own prompt.\n\n${o.prompt}\n\n${route}\n\n${onlyWayBack}`;
}

/** Deduplicated and sorted by UTF-8 bytes, as Go's `sort.Strings` orders them. */
export function sortedUnique(labels: Iterable<string>): string[] {
  return [...new Set(labels)].sort((a, b) => Buffer.compare(Buffer.from(a, 'utf8'), Buffer.from(b, 'utf8')));
}

/** Sorted, deduplicated, each Go-quoted and joined by `, `: how lich lists labels in prose. */
export function quotedLabels(labels: string[]): string {
  return sortedUnique(labels).map(goQuote).join(', ');
}

/**
 * The one-line nudge typed at a sender whose results wait in its inbox (wire.md § 8.3).
 * `labels` holds the target label of every waiting result (one per result: its length is the count).
 */
export function nudgeText(labels: string[], hasTools: boolean): string {
  const what =
    labels.length === 1
      ? `The task you sent ${goQuote(labels[0]!)} has its result ready`
      : `Results from ${labels.length} tasks you sent are ready (${quotedLabels(labels)})`;
  const route = hasTools
    ? 'call the lich tool `wait_for_answer` with no ticket, or run:\n  "$LICH_BIN" wait'
    : 'run:\n  "$LICH_BIN" wait';
  return `[lich] ${what}. To collect everything at once, ${route}`;
}

/** One owed errand as the listings name it: its ticket and the opening of what it asked. */
export interface Owed {
  ticket: string;
  asked: string;
}

/**
 * PickTicketNudge (wire.md § 8.4): typed at a session whose turn ended with two or more
 * requests open, all of which went home unanswered. The shape of `<list>` is not recorded in
 * wire.md; each line is `  <ticket>   — <asked>`, the row shape of the ticketless-reply refusal.
 */
export function pickTicketNudgeText(owed: Owed[]): string {
  const list = owed.map((o) => `  ${o.ticket}   — ${o.asked}`).join('\n');
  return (
    `[lich] Your turn ended with no answer sent, so ${owed.length} requests went back to their senders unanswered:\n` +
    `${list}\n` +
    'Nothing outside this session can say which of them that turn was, which is why none of them could be answered for you. ' +
    'One you are still working on still takes its answer, and every answer from here on has to name its ticket: ' +
    'lich reply <ticket> "<answer>".'
  );
}

/** The refusal of a ticketless reply with two or more requests open (spec/cli.md § lich reply). */
export function manyOpenRefusal(owed: Owed[]): string {
  const rows = owed.map((o) => `  lich reply ${o.ticket} "<answer>"   — ${o.asked}`).join('\n');
  return (
    `${owed.length} requests are open against this session, and an answer that names no ticket would close the wrong one. ` +
    `Name the ticket the answer belongs to:\n${rows}`
  );
}

/**
 * WorkerTask (wire.md § 8.1): the task a `--subagent` worker whose mod answers for it is handed
 * — one line naming the caller, no ticket and no reply command (spec/cli.md § lich open,
 * --subagent: its final message is its report).
 */
export function workerTaskText(caller: string, prompt: string): string {
  return `[lich] Task from session ${goQuote(caller)}, which opened this session as its subagent. Your final message when you finish is sent back to it as your report.\n\n${prompt}`;
}

/**
 * SubagentReport (wire.md § 8.4): a worker's report, whole, under a line naming the worker, its
 * branch (`""`: none worth naming) and the ticket.
 */
export function subagentReportText(o: { label: string; branch: string; ticket: string; report: string }): string {
  const branch = o.branch ? ` on branch ${o.branch}` : '';
  return `[lich] Session ${goQuote(o.label)}${branch} finished the task you handed it (ticket ${o.ticket}). Its report:\n\n${o.report}`;
}

/** BlockedNotice (wire.md § 8.4): typed (or handed to the mod) at a caller whose worker is blocked on a permission prompt. */
export function blockedNoticeText(label: string): string {
  return `[lich] Session ${goQuote(label)}, the subagent you opened, is waiting on a permission prompt in its card. Its task stays open: open that card to answer it.`;
}

/** ReportSummary (wire.md § 8.4): the one dim line Claude Code shows for a note carrying reports. */
export function reportSummary(labels: string[]): string {
  const list = quotedLabels(labels);
  return sortedUnique(labels).length === 1 ? `lich session ${list} finished` : `lich sessions ${list} finished`;
}

/** BlockedSummary (wire.md § 8.4). */
export function blockedSummary(label: string): string {
  return `lich session ${goQuote(label)} is waiting on a permission prompt`;
}
