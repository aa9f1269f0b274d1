/**
 * lich's mod: the hooks module of lich's Claude Code plugin (spec/mod-control.md; wire.md
 * § 11.2, § 11.3). Inside a lich session it
 *
 * - runs core's typed mod client over `$` (link.ts, engine.ts): holds a long poll on
 *   `/mod/commands`, applies prompt, abort, model, effort, command and ask, and acks each —
 *   only in an interactive session (`session.start`'s `isInteractive`): a `claude -p` run from a
 *   tool inside a lich session inherits its variables and would take its commands;
 * - applies the model and effort overrides to every model request (`turn.step`);
 * - reports `busy` as each main-loop turn starts (`turn.start`), before its first request, and the
 *   session's title at each prompt (`classic.UserPromptSubmit`), in place of the classic
 *   UserPromptSubmit hook's process (`LICH_MOD_SESSION`, hooks/hooks.json);
 * - reports Claude Code's own measure of the session to `/mod/usage` (`session.start`,
 *   `session.measure`);
 * - hands a `lich open --subagent` worker's answer to `/mod/answer`: the final message of a turn
 *   that worked on a task lich handed the mod, once nothing is left running in the background
 *   (`classic.Stop`) — or that it ended with nothing to report, its final message blank;
 * - turns the model's general-purpose `Agent` calls into lich cards and its `TaskStop` on one
 *   into lich's (cards.ts);
 * - draws one lich line in the prompt footer (`ui.render` of `SessionMode`, footer.ts): the
 *   session's errands (status.ts, `GET /mod/status`), its workers, another session's edit of a
 *   file it edits (edit-guard.ts);
 * - runs a built-in slash command the model asks for on the session itself (self-command.ts);
 * - reports `compacting` around every compaction, and the state it closes with even when it
 *   fails (`session.compact`, compacting.ts).
 *
 * Outside lich (a `LICH_*` variable missing) it reads the variables in `session.start` and stops
 * there; its `turn.step` still runs on every request and passes it on unchanged.
 *
 * Claude Code scans this module before it loads it (real-agents.md § 3.6): `on` is called with a
 * literal event name, `$` is spelled `$.noun.event(…)` where it is called and never stored — it
 * is closed over by what `session.start` builds — and every environment variable is read by its
 * literal name.
 */
import type { EngineInterface, On, SessionStartInput } from 'claude-code';
import { runModClient } from '@lich/core/mod/client';
import { linkCoordinates, type PluginLink } from '@lich/core/mod/link';
import { answerAsWorker, answerAsWorkerBlank, cutWorkerAnswer, reportState, reportTitle, reportUsage } from '@lich/core/mod/reporters';
import { reportsFor } from '../hook/reports.js';
import { agentCall, taskStop } from './cards.js';
import { aroundCompaction } from './compacting.js';
import { guardEdit } from './edit-guard.js';
import { claudeEngine } from './engine.js';
import { withFooter } from './footer.js';
import { clockWait, fetchLink } from './link.js';
import { afterControl, afterSkill, describeControl, describeSkill } from './self-command.js';
import { type ModState, newState, turnCompleted, turnStarted, withOverrides } from './state.js';
import { watchStatus } from './status.js';
import { usageBody, type Measure } from './usage.js';

/** What the module is built with. */
export interface ModDeps {
  /** The plugin's bare version (plugin.json), sent as `X-Lich-Plugin`. */
  version: string;
  /** The contract's check of a body before it leaves (compiled ahead of time: a module has no `eval`). */
  refusal: PluginLink['refusal'];
}

/**
 * Registers every hook of the mod on `on` and returns the state they share (for tests; the
 * module's `register` drops it).
 */
export function registerLich(on: On, deps: ModDeps): ModState {
  const state = newState();

  on('session.start', async ($, e, next) => {
    const started = await next(e);
    await startInLich($, e, state, deps);
    return started;
  });

  on('turn.start', async ($, e, next) => {
    if (e.agentId === undefined) {
      turnStarted(state, e.turnId);
      await reportBusyTurn($, state);
    }
    return next(e);
  });

  on('classic.UserPromptSubmit', ($, e, next) => {
    reportTitleAtPrompt($, state, e);
    return next(e);
  }).catch(($, e, next) => next(e));

  on('turn.complete', ($, e, next) => {
    if (e.agentId === undefined) {
      turnCompleted(state, e.turnId);
      // Esc fires no Stop hook: without this the card stayed busy, and lich held the notes it
      // types at a free prompt (a worker's report) for as long.
      if (e.reason === 'aborted') reportAbortedTurn($, state);
    }
    return next(e);
  });

  on('turn.step', async function* ($, e, next) {
    return yield* next(withOverrides(state, e));
  });

  on('session.measure', async ($, e, next) => {
    await reportMeasure($, state, e);
    return next(e);
  });

  on('classic.Stop', async ($, e, next) => {
    const stopped = await next(e);
    answerAsWorkerAtStop(state, e.last_assistant_message ?? '', e.background_tasks?.length ?? 0);
    return stopped;
  }).catch(($, e, next) => next(e));

  // A failure of a module's own never costs the call: the catches hand it on as if the module
  // were not there (what Claude Code does to a hook that throws, said here rather than relied on).
  on('tool.call', { tool: 'Agent' }, ($, e, next) => agentCall($, e, next, state)).catch(($, e, next) => next(e));
  on('tool.call', { tool: 'TaskStop' }, ($, e, next) => taskStop($, e, next, state)).catch(($, e, next) => next(e));
  on('tool.call', { tool: 'Edit' }, ($, e, next) => guardEdit($, e, next, state)).catch(($, e, next) => next(e));
  on('tool.call', { tool: 'Write' }, ($, e, next) => guardEdit($, e, next, state)).catch(($, e, next) => next(e));
  on('tool.call', { tool: 'NotebookEdit' }, ($, e, next) => guardEdit($, e, next, state)).catch(($, e, next) => next(e));

  on('tool.call', { tool: 'Skill' }, async ($, e, next) => {
    const result = await next(e);
    const a = await afterSkill($, e.skill ?? '', e.args ?? '', result, state);
    if (a.kind === 'pass') return a.result;
    if (a.kind === 'deny') return { deny: a.deny };
    return { result: { success: true, commandName: a.command }, context: [a.note] };
  }).catch(($, e, next) => next(e));
  on('tool.call', { tool: 'mcp__lich__control_session' }, async ($, e, next) => {
    const result = await next(e);
    const a = await afterControl($, e as never, result, state);
    if (a.kind === 'pass') return a.result;
    if (a.kind === 'deny') return { deny: a.deny };
    return { result: a.note };
  }).catch(($, e, next) => next(e));
  on('tool.describe', { tool: 'Skill' }, async ($, e, next) => {
    const d = await next(e);
    return { ...d, description: await describeSkill($, d.description, state) };
  });
  on('tool.describe', { tool: 'mcp__lich__control_session' }, async ($, e, next) => {
    const d = await next(e);
    return { ...d, description: await describeControl($, d.description, state) };
  });

  on('ui.render', { component: 'SessionMode' }, ($, e, next) => next(state.interactive ? { ...e, props: withFooter(state, e.props) } : e));

  on('session.compact', ($, e, next) => aroundCompaction($, e, next, state)).catch(($, e, next) => next(e));

  return state;
}

/**
 * `session.start`: inside lich and interactive, builds the session's link over this hook's `$`,
 * starts the mod client (its first poll goes out now; nothing here waits on it — Claude Code
 * awaits this hook before the first prompt) and reports the session's measure once.
 */
async function startInLich($: EngineInterface, e: SessionStartInput, state: ModState, deps: ModDeps): Promise<void> {
  if (!e.isInteractive || state.link) return;
  const c = linkCoordinates({
    LICH_PORT: await $.env.get('LICH_PORT'),
    LICH_TOKEN: await $.env.get('LICH_TOKEN'),
    LICH_SESSION_ID: await $.env.get('LICH_SESSION_ID'),
  });
  if (!c) return;
  const depth = Number(await $.env.get('LICH_SUBAGENT_DEPTH'));
  state.worker = Number.isInteger(depth) && depth >= 1;
  const link = fetchLink($, c, deps.version, deps.refusal);
  state.link = link;
  state.interactive = true;
  // The main loop's busy is this mod's from here on (reportBusyTurn): the classic
  // UserPromptSubmit hook's command line reads this and leaves its busy out (hooks/hooks.json).
  // Refused, the hook reports busy as well: one report too many, never one too few.
  const marked = await $.env.set('LICH_MOD_SESSION', c.sessionId).catch((err: unknown) => ({ deny: err instanceof Error ? err.message : String(err) }));
  if (marked.deny !== undefined) $.ui.log(`lich: LICH_MOD_SESSION was not set (${marked.deny}); the UserPromptSubmit hook reports busy too`, { to: 'debug' });
  // The tools' lich paragraphs (self-command.ts) take effect before the first request.
  $.ui.invalidate('tool.describe');
  watchStatus($, state);
  runModClient({
    link,
    interactive: true,
    engine: claudeEngine($, state),
    backoff: (ms, signal) => clockWait($, ms, signal),
    log: (line) => $.ui.log(line, { to: 'debug' }),
  });
  void reportMeasure($, state, await $.session.usage());
}

/**
 * `busy` for a main-loop turn starting, naming its conversation, awaited: it reaches lich before
 * the turn's first request goes out, so before its Stop's `done`. It is the classic UserPromptSubmit
 * hook's report made in process — that hook's node start held every prompt back before its request
 * (measured on 2.1.328, a paste → its request with the plugin loaded: ~40 ms of it), and with
 * `LICH_MOD_SESSION` set it leaves the busy to this. Nothing is reported outside lich; a refusal is logged, not thrown.
 */
async function reportBusyTurn($: EngineInterface, state: ModState): Promise<void> {
  const link = state.link;
  if (!link) return;
  const conversation = await $.session.id();
  const r = await reportState(link, conversation ? { state: 'busy', provider_session_id: conversation } : { state: 'busy' });
  if (!r.ok) $.ui.log(`lich: the busy of a starting turn was dropped: ${r.reason}`, { to: 'debug' });
}

/**
 * The session's title at a prompt — Claude Code's `session_title` in the UserPromptSubmit input,
 * unless it is the roster name lich started the session with (hook/reports.ts `reportsFor`) — to
 * `/session-title`; not awaited. The classic hook's `async` process did this beside every prompt:
 * a node start on the two cores the client builds its request on, ~20 ms on the path from a
 * prompt to its request (measured on 2.1.328 with `npm run bench -- --delivery-only`).
 */
function reportTitleAtPrompt($: EngineInterface, state: ModState, e: object): void {
  const link = state.link;
  if (!link) return;
  for (const r of reportsFor({ ...e, hook_event_name: 'UserPromptSubmit' }, link.sessionId, true)) {
    if (r.kind !== 'title') continue;
    void reportTitle(link, r.title).then((result) => {
      if (!result.ok) $.ui.log(`lich: the title report was dropped: ${result.reason}`, { to: 'debug' });
    });
  }
}

/** `done` for a main-loop turn the person stopped with Esc, naming its conversation; not awaited. */
function reportAbortedTurn($: EngineInterface, state: ModState): void {
  const link = state.link;
  if (!link) return;
  void (async () => {
    const conversation = await $.session.id();
    const r = await reportState(link, conversation ? { state: 'done', provider_session_id: conversation } : { state: 'done' });
    if (!r.ok) $.ui.log(`lich: the done of a stopped turn was dropped: ${r.reason}`, { to: 'debug' });
  })();
}

/** `/mod/usage` for the session's conversation as it stands now (its id changes at a `/clear`). */
async function reportMeasure($: EngineInterface, state: ModState, m: Measure): Promise<void> {
  const link = state.link;
  if (!link) return;
  const body = usageBody(m, await $.session.id());
  if (!body) return;
  const result = await reportUsage(link, body);
  if (!result.ok) $.ui.log(`lich: the usage report was dropped: ${result.reason}`, { to: 'debug' });
}

/**
 * A worker's answer (spec/cli.md § lich open, --subagent; wire.md § 11.3): at the main loop's
 * Stop, in a worker whose mod was handed a task since its last answer, with nothing left running
 * in the background, the turn's final message goes to `/mod/answer` (cut to its 16,000 units).
 * lich files it against the worker's single open subagent errand, or ignores it. Not awaited:
 * the Stop goes on at once.
 */
function answerAsWorkerAtStop(state: ModState, text: string, background: number): void {
  const link = state.link;
  if (!link || !state.worker || !state.owesAnswer || background > 0) return;
  state.owesAnswer = false;
  // A blank final message is no report: lich ends the errand unanswered (lich-plugin 0.20.0).
  void (text.trim() === '' ? answerAsWorkerBlank(link) : answerAsWorker(link, cutWorkerAnswer(text)));
}
