/**
 * The sentences of the operations operations.ts runs — sessions, whoami, open, close,
 * worktrees, version, quit, control, ask — shared by the CLI, `lich mcp` and the opencode plugin
 * (spec/cli.md; wire.md § 7). The errands' own (send, wait, reply) are in errands.ts, and each
 * noun module's beside it (workspace-wording.ts, cost-wording.ts, …). "The reader should not meet
 * two spellings of one outcome": `open --prompt` words its hand-off with errands.ts's
 * `resultText`, and a surface that needs different words for the same outcome asks for them by
 * `surface`.
 *
 * Every function returns its text WITHOUT a trailing newline; the CLI prints `text + "\n"`,
 * MCP returns the text as it is.
 */
import { resultText } from './errands.js';
import type { Surface } from './operation.js';
import { goQuote, shellQuote } from './quote.js';
import { jsonLine } from './rpc.js';
import { tableCell } from './names.js';
import { commandName } from './control.js';
import type { Answered, Checkout, Closed, Controlled, Opened, Peer, Session, VersionReport } from './types.js';

/** wire.md § 7.5: what `sessions` says with nobody else live. */
export const NO_OTHER_SESSIONS = 'No other live sessions.';

/**
 * `lich sessions` (spec/cli.md § lich sessions): a tab-separated table under a header, `-` for
 * a state never reported. For MCP (`list_sessions`) the peers as one JSON array. Either way
 * {@link NO_OTHER_SESSIONS} when there are none.
 */
export function sessionsText(surface: Surface, peers: Peer[]): string {
  if (peers.length === 0) return NO_OTHER_SESSIONS;
  if (surface === 'mcp') return jsonLine(peers);
  // A name written before names were cleaned still prints as one field (names.ts).
  const rows = peers.map((p) => [p.label, p.project, p.kind, p.name, p.state || '-'].map(tableCell).join('\t'));
  return ['session\tproject\tprovider\tname\tstate', ...rows].join('\n');
}

/** `lich whoami` (spec/cli.md § lich whoami): the sessions columns plus the lich id. */
export function whoamiText(peer: Peer): string {
  return [
    'session\tproject\tprovider\tname\tstate\tid',
    [peer.label, peer.project, peer.kind, peer.name, peer.state || '-', peer.id].map(tableCell).join('\t'),
  ].join('\n');
}

const CONFINED =
  " It runs confined: an empty home holding only its agent's own state, the machine read-only, and writes only inside its checkout.";

/**
 * The session part of `lich open` (wire.md § 7.5): where it opened, whether it runs confined,
 * the two names it answers to, and — from a lich that serves a page (the web view) — a line
 * with its card's address there. `inWorktree` is whether `--worktree` was asked for: the path
 * is named only then, since otherwise it is the project's own directory — and so is the setup
 * script, which runs only in a fresh worktree (spec/cli.md § lich open words the worktree case;
 * a session in the project's own directory runs none, so its line does not mention one).
 */
export function openedText(session: Session, inWorktree: boolean): string {
  let where = `project ${goQuote(session.project)}`;
  if (inWorktree) where += `, in worktree ${session.path}`;
  const starting = inWorktree
    ? "Its agent may still be starting — a fresh worktree runs the project's setup script first — so a task you send it is held until the agent is up rather than lost."
    : 'Its agent may still be starting, so a task you send it is held until the agent is up rather than lost.';
  return (
    `Opened session ${goQuote(session.label)} (${session.kind}) in ${where}.${session.confined ? CONFINED : ''}\n` +
    `It answers to ${goQuote(session.label)} and to ${goQuote(session.name)}. ${starting}` +
    (session.page ? `\nIts card is on this lich's page: ${session.page}` : '')
  );
}

/**
 * `lich open` / `open_session`: the session, then the hand-off's result in the words send uses
 * (`fromSession`: whether the caller is a lich session, {@link resultText}).
 */
export function openText(surface: Surface, opened: Opened, inWorktree: boolean, fromSession = true): string {
  const text = openedText(opened, inWorktree);
  return opened.delivery ? `${text}\n${resultText(surface, opened.delivery, fromSession)}` : text;
}

/**
 * What a `--prompt` that never reached the opened session says (spec/cli.md § lich open,
 * wire.md § 7.5): the CLI's `lich:` line naming the `lich send` that tries again, or the
 * sentence MCP appends to the opened text naming `send_to_session`.
 */
export function handOffFailureText(
  surface: Surface,
  failure: { label: string; prompt: string; private: boolean; reason: string },
): string {
  if (surface === 'mcp') {
    const how = failure.private ? 'send_to_session with private' : 'send_to_session';
    return `The task did not reach it: ${failure.reason}. The session is open, so hand it the task with ${how} once whatever that says is dealt with.`;
  }
  const send = failure.private ? 'lich send --private' : 'lich send';
  return `the session is open, but the task did not reach it: ${failure.reason} — hand it the task with \`${send} ${goQuote(failure.label)} ${shellQuote(failure.prompt)}\` once whatever that says is dealt with`;
}

/** `lich close` (wire.md § 7.5): what became of the checkout. */
export function closeText(closed: Closed): string {
  const l = goQuote(closed.label);
  if (closed.removed) return `Closed ${l} and removed its worktree ${closed.worktree}.`;
  if (closed.kept) {
    return `Closed ${l}. Its worktree ${closed.worktree} is still there, and the session is parked: opening a session on that branch again picks its conversation back up.`;
  }
  return `Closed ${l}.`;
}

/** wire.md § 7.5: what `worktrees` says when the project has no worktree but its own directory. */
export const NO_WORKTREES = 'No worktrees.';

/**
 * `lich worktrees` (spec/cli.md § lich worktrees; wire.md § 7.5): a tab-separated table under
 * the header `worktree\tstate\tsessions` — state `clean` or `uncommitted`, or `missing` for a
 * checkout git still registers whose directory is gone (a stale one, which `lich open --worktree`
 * makes again), sessions `, `-joined or `-`. For MCP (`list_worktrees`) the checkouts as one
 * JSON array. Either way {@link NO_WORKTREES} when there are none.
 */
export function worktreesText(surface: Surface, checkouts: Checkout[]): string {
  if (checkouts.length === 0) return NO_WORKTREES;
  if (surface === 'mcp') return jsonLine(checkouts);
  const rows = checkouts.map((c) =>
    [c.name, c.missing ? 'missing' : c.dirty ? 'uncommitted' : 'clean', c.sessions.length ? c.sessions.map(tableCell).join(', ') : '-']
      .map(tableCell)
      .join('\t'),
  );
  return ['worktree\tstate\tsessions', ...rows].join('\n');
}

/** `lich version` (spec/cli.md): this build, then the server when one answered. */
export function versionText(report: VersionReport): string {
  return report.server !== undefined ? `lich ${report.cli}\nserver ${report.server}` : `lich ${report.cli}`;
}

/** `lich quit` once nothing listens on lich's port any more (spec/cli.md § lich quit). */
export const QUIT_DONE = 'lich has quit.';

/** `lich quit`'s failure when the port still listens after the 15 s cap (wire.md § 7.5). */
export function quitFailedText(port: number): string {
  return `lich was asked to quit and still listens on port ${port} after 15s`;
}

/**
 * The refusals of `lich open --subagent`, each checked before anything is opened, in this order
 * (wire.md § 5.3; spec/cli.md § lich open, --subagent). The flag exists on the command line
 * only (the MCP `open_session` has no subagent argument), so each is worded for it.
 */
export const SUBAGENT_REFUSALS = {
  noSession:
    '--subagent opens a worker for the session asking for it, and this is not running in a lich session (LICH_SESSION_ID is unset): drop --subagent, or run it from inside one',
  noPrompt: '--subagent hands the worker its task with --prompt: add a prompt',
  project: "--subagent opens in the asking session's project: drop --project",
  folder: '--subagent files the worker under a folder named after the asking session: drop --folder',
  private: '--subagent hands its report back to the asking session, which --private keeps from it: drop one of the two',
  resume: '--subagent opens a new worker, and --resume starts a parked session again: drop one of the two',
} as const;

/**
 * `lich control`, `control_session` (wire.md § 7.5): what the session did — done, in the words of
 * its action — or how far the command got: `delivered` (taken, not confirmed yet; it still goes
 * through) or `ended` (the session ended before confirming it), naming the action and the
 * command's id. Both surfaces print the same prose.
 */
export function controlledText(c: Controlled): string {
  const l = goQuote(c.label);
  const value = c.value ?? '';
  if (c.state === 'ended') return `${l} ended before confirming the command (${c.action}, id ${c.command_id}).`;
  if (c.state === 'delivered') {
    return `${l} took the command (${c.action}, id ${c.command_id}) and has not confirmed it yet: a prompt or a slash command runs only once the session is idle. It still goes through.`;
  }
  switch (c.action) {
    case 'prompt':
      return `${l} started a turn on the prompt.`;
    case 'abort':
      return `${l} stopped its turn.`;
    case 'model':
      return value === '' ? `${l} is back on its own model.` : `${l} uses ${value} from its next request on.`;
    case 'effort':
      return value === '' ? `${l} is back on its own effort level.` : `${l} runs at ${value} effort from its next request on.`;
    case 'command':
      return `${l} ran /${commandName(value)}.`;
    default:
      // An action this build does not know (a newer backend): say what came back rather than guess.
      return `${l} confirmed the command (${goQuote(c.action)}, id ${c.command_id}).`;
  }
}

/** `lich ask`, `ask_session` (wire.md § 7.5): the answer alone. */
export function answeredText(a: Answered): string {
  return a.answer;
}
