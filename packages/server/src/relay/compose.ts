/**
 * The texts lich types at a session's prompt, and the one refusal that lists owed errands.
 * Every string here is contract (wire.md § 8.1, § 8.3, § 8.4, § 9; spec/cli.md § The message a
 * target receives, § The answer is announced, and collected, § lich reply): an agent or the
 * companion plugin reads them, so a word that moves here moves under someone else's parser.
 *
 * The texts themselves are the prompt catalogs' (`@lich/core/i18n/prompts`, wire.md § 8.4 "Prompt
 * language"): each function takes the language last, `en` by default, and the relay passes the
 * one its backend's `LICH_PROMPT_LANG` names.
 */
import { goQuote } from '@lich/core/quote';
import { type PromptLang, promptText } from '@lich/core/i18n/prompts';

/** Who a relayed message is from: a session (by its label, `unknown` when not in the workspace) or the command line. */
export type Origin = { session: string } | { commandLine: true };

/**
 * The relayed task typed at the target (wire.md § 8.1). `prompt` is already sanitised;
 * `hasTools` offers `reply_to_session` first, and the command is named either way because a
 * session with its shell locked down has no other route home.
 */
export function composeMessage(o: { origin: Origin; prompt: string; ticket: string; hasTools: boolean }, lang: PromptLang = 'en'): string {
  const origin =
    'session' in o.origin
      ? promptText(lang, 'relay.message.fromSession', { label: goQuote(o.origin.session) })
      : promptText(lang, 'relay.message.fromCommandLine');
  const route = promptText(lang, o.hasTools ? 'relay.message.routeTools' : 'relay.message.routeCommand', { ticket: o.ticket });
  return promptText(lang, 'relay.message', { origin, prompt: o.prompt, route });
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
export function nudgeText(labels: string[], hasTools: boolean, lang: PromptLang = 'en'): string {
  const what =
    labels.length === 1
      ? promptText(lang, 'relay.nudge.one', { label: goQuote(labels[0]!) })
      : promptText(lang, 'relay.nudge.many', { count: labels.length, labels: quotedLabels(labels) });
  const route = promptText(lang, hasTools ? 'relay.nudge.routeTools' : 'relay.nudge.routeCommand');
  return promptText(lang, 'relay.nudge', { what, route });
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
export function pickTicketNudgeText(owed: Owed[], lang: PromptLang = 'en'): string {
  const list = owed.map((o) => `  ${o.ticket}   — ${o.asked}`).join('\n');
  return promptText(lang, 'relay.pickTicket', { count: owed.length, list });
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
export function workerTaskText(caller: string, prompt: string, lang: PromptLang = 'en'): string {
  return promptText(lang, 'relay.workerTask', { caller: goQuote(caller), prompt });
}

/**
 * SubagentReport (wire.md § 8.4): a worker's report, whole, under a line naming the worker, its
 * branch (`""`: none worth naming) and the ticket.
 */
export function subagentReportText(o: { label: string; branch: string; ticket: string; report: string }, lang: PromptLang = 'en'): string {
  const branch = o.branch ? promptText(lang, 'relay.subagentReport.branch', { branch: o.branch }) : '';
  return promptText(lang, 'relay.subagentReport', { label: goQuote(o.label), branch, ticket: o.ticket, report: o.report });
}

/** BlockedNotice (wire.md § 8.4): typed (or handed to the mod) at a caller whose worker is blocked on a permission prompt. */
export function blockedNoticeText(label: string, lang: PromptLang = 'en'): string {
  return promptText(lang, 'relay.blockedNotice', { label: goQuote(label) });
}

/** ReportSummary (wire.md § 8.4): the one dim line Claude Code shows for a note carrying reports. */
export function reportSummary(labels: string[], lang: PromptLang = 'en'): string {
  const list = quotedLabels(labels);
  return promptText(lang, sortedUnique(labels).length === 1 ? 'relay.reportSummary.one' : 'relay.reportSummary.many', { labels: list });
}

/** BlockedSummary (wire.md § 8.4). */
export function blockedSummary(label: string, lang: PromptLang = 'en'): string {
  return promptText(lang, 'relay.blockedSummary', { label: goQuote(label) });
}
