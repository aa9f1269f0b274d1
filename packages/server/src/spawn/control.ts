/**
 * `spawn.Control` and `spawn.Ask` (spec/cli.md § lich control, § lich ask; wire.md § 5, § 6,
 * § 7.5, § 11.2): drive a running Claude Code session, or ask it a side question, through the
 * lich-plugin mod polling inside it (spec/mod-control.md). Nothing here touches a terminal: the
 * command is queued on the mod hub, and the caller is answered with how its ack came back.
 *
 * The refusals come in one order, so a session that fails several checks is refused for the
 * first: resolution (among live sessions, as send resolves it; only a miss there is looked up
 * again among the rest) → not running → itself → not Claude Code → the arguments
 * (`controlRefusal` / `askRefusal`, the rule the client shares) → no mod polling → a slash
 * command for a mod older than 0.15.0.
 */
import { homedir } from 'node:os';
import {
  ASK_WAIT_SECONDS,
  COMMAND_WAIT_SECONDS,
  CONTROL_WAIT_SECONDS,
  askRefusal,
  commandName,
  controlRefusal,
  type ControlAction,
} from '@lich/core/control';
import { sanitizeText } from '@lich/core/errands';
import { goQuote } from '@lich/core/quote';
import type { Answered, Controlled, SpawnAskOptions, SpawnControlOptions } from '@lich/generated/types';
import { SpawnError } from '../errors.js';
import { ModNotPolling, type ModCommandBody, type ModHub, type ModOutcome } from '../mod/hub.js';
import type { Providers } from '../providers/providers.js';
import type { RelaySession } from '../relay/host.js';
import { pluginAtLeast } from '../relay/mod-route.js';
import { liveMatches, resolveTarget } from '../relay/resolve.js';
import type { SessionRow, Store } from '../store/store.js';
import { findSession } from './find.js';

export type { Answered, Controlled, SpawnAskOptions, SpawnControlOptions };

/** The first lich-plugin whose mod runs a slash command (`command`). */
export const COMMAND_PLUGIN = '0.15.0';

/** What the mod's `unknown kind` ack, and a mod older than {@link COMMAND_PLUGIN} asked for a command, say (wire.md § 11.2). */
export const PLUGIN_TOO_OLD =
  "this session's lich-plugin is too old for it: update lich-plugin to 0.15.0 or later, then restart the session";

export interface ControlDeps {
  store: Store;
  /** The mod hub the commands are queued on. */
  hub: Pick<ModHub, 'polling' | 'plugin' | 'enqueue'>;
  /** The sessions a process runs in (RelayHost.liveSessions): what `<session>` resolves among, as for send. */
  liveSessions(): RelaySession[];
  /** For the name of a session's provider in the not-Claude-Code refusal. */
  providers: Pick<Providers, 'peek'>;
  /** The backend's environment: HOME, for a `~/…` project. */
  env: NodeJS.ProcessEnv;
  /**
   * How long each wait for the mod's ack lasts, in ms; defaults from the spec: 10 s
   * (`CONTROL_WAIT_SECONDS`), 60 s for a slash command (`COMMAND_WAIT_SECONDS`), 90 s for a
   * question (`ASK_WAIT_SECONDS`). Tests shorten them.
   */
  waits?: { controlMs?: number; commandMs?: number; askMs?: number };
}

/** What control and ask need of the session they drive: a store row, or a live session as send resolves it. */
type Target = Pick<SessionRow, 'id' | 'label' | 'kind' | 'projectId'>;

export class Control {
  private readonly controlMs: number;
  private readonly commandMs: number;
  private readonly askMs: number;

  constructor(private readonly d: ControlDeps) {
    this.controlMs = d.waits?.controlMs ?? CONTROL_WAIT_SECONDS * 1000;
    this.commandMs = d.waits?.commandMs ?? COMMAND_WAIT_SECONDS * 1000;
    this.askMs = d.waits?.askMs ?? ASK_WAIT_SECONDS * 1000;
  }

  /**
   * `spawn.Control` (spec/cli.md § lich control): queues `action` for the session's mod and
   * waits for its ack — 10 s, or 60 s for a slash command (`command`), which runs only once the
   * session is idle. Resolves `state` `done` (acked ok), `delivered` (a poll collected it and
   * no ack came in time: it still goes through) or `ended` (the session ended, or lich quit,
   * before an ack); `value` is absent when the action carried none, `command_id` is the
   * command's `m<N>`.
   *
   * @throws SpawnError / RelayError, in this order: `no session given to control` for `""`; send's
   *   resolution refusals (resolve.ts: a miss listing every live session, a label two live sessions
   *   answer to naming both projects), unless the miss names a session that is not running
   *   (or the caller); `"<L>" is not running, so there is no Claude Code in it to
   *   take a command — open its card to start it`; `"<L>" is this session, and a session cannot
   *   control itself: …`; `"<L>" runs <Kind Name>, and only a Claude Code session can be
   *   controlled: …`; `controlRefusal`'s (wire.md § 11.2); the not-polling refusal
   *   (`ModNotPolling`); `"<L>" cannot run a slash command: <PLUGIN_TOO_OLD>` for a mod that
   *   says it is older than 0.15.0. After queueing: withdrawn (no poll took it in time) →
   *   `"<L>" did not take the <action> within <N> seconds, so lich withdrew it and nothing ran:
   *   …`; a failed ack → `"<L>" refused the <action>: <reason>` (`unknown kind` → PLUGIN_TOO_OLD).
   */
  async control(o: SpawnControlOptions): Promise<Controlled> {
    const { s, live } = this.resolve(o.from, o.target, o.project, 'control');
    const L = goQuote(s.label);
    if (!live) throw new SpawnError(`${L} is not running, so there is no Claude Code in it to take a command — open its card to start it`);
    if (s.id === o.from) {
      throw new SpawnError(
        `${L} is this session, and a session cannot control itself: an abort would end the turn asking for it, and a prompt or a slash command would only run once that turn is over`,
      );
    }
    this.claudeOnly(s, 'controlled', 'drives');
    const refusal = controlRefusal({ action: o.action, value: o.value, args: o.args });
    if (refusal !== undefined) throw new SpawnError(refusal);
    this.polling(s);
    if (o.action === 'command') {
      const plugin = this.d.hub.plugin(s.id);
      // A mod that does not say its version is let through: its own ack says whether it knows the kind.
      if (plugin !== '' && !pluginAtLeast(plugin, COMMAND_PLUGIN)) throw new SpawnError(`${L} cannot run a slash command: ${PLUGIN_TOO_OLD}`);
    }
    const ms = o.action === 'command' ? this.commandMs : this.controlMs;
    const ticket = this.d.hub.enqueue(s.id, commandBody(o));
    const outcome = await ticket.wait(ms);
    const controlled = (state: Controlled['state']): Controlled => ({
      id: s.id,
      project: this.projectName(s),
      label: s.label,
      action: o.action as ControlAction,
      ...(o.value !== '' ? { value: o.value } : {}),
      command_id: ticket.id,
      state,
    });
    switch (outcome.state) {
      case 'acked':
        if (outcome.ok) return controlled('done');
        throw new SpawnError(`${L} refused the ${o.action}: ${reason(outcome)}`);
      case 'delivered':
        return controlled('delivered');
      case 'ended':
        return controlled('ended');
      case 'withdrawn':
        throw new SpawnError(withdrawn(L, o.action, ms));
    }
  }

  /**
   * `spawn.Ask` (spec/cli.md § lich ask): queues the question as an `ask` command and waits up
   * to 90 s for the answer the mod's fork gives — if a poll collects it within the control wait
   * (10 s); one still queued then is withdrawn, and nothing ran.
   *
   * @throws SpawnError, in this order: the resolution refusals (`no session given to ask`);
   *   not running; itself; not Claude Code; `askRefusal`'s; the not-polling refusal. Then every
   *   way it ends without an answer (wire.md § 11.2): `"<L>" has no conversation to answer from
   *   yet: it is new, or was just cleared` (`nothing-to-fork`); `"<L>" could not answer: <err>`
   *   (any other failed ack; `unknown kind` → PLUGIN_TOO_OLD); `"<L>" took the question and did
   *   not answer within 90 seconds: an answer that comes later is dropped`; `"<L>" did not take
   *   the question within 10 seconds, so lich withdrew it and nothing ran: …`; `"<L>" ended
   *   before answering`.
   */
  async ask(o: SpawnAskOptions): Promise<Answered> {
    const { s, live } = this.resolve(o.from, o.target, o.project, 'ask');
    const L = goQuote(s.label);
    if (!live) throw new SpawnError(`${L} is not running, so there is no Claude Code in it to answer a question — open its card to start it`);
    if (s.id === o.from) {
      throw new SpawnError(
        `${L} is this session, and a session cannot ask itself: the answer would come from the very turn that is waiting for it`,
      );
    }
    this.claudeOnly(s, 'asked', 'asks');
    const refusal = askRefusal(o.question);
    if (refusal !== undefined) throw new SpawnError(refusal);
    this.polling(s);
    const ticket = this.d.hub.enqueue(s.id, { kind: 'ask', question: o.question });
    // A question no poll collects within the control wait is withdrawn then, as a control command
    // is: a mod that stopped polling does not get the whole answer wait to prove it. This wait only
    // withdraws; a collected question is answered within the one below, counted from the ask.
    void ticket.wait(this.controlMs);
    const outcome = await ticket.wait(this.askMs);
    switch (outcome.state) {
      case 'acked':
        if (outcome.ok) return { id: s.id, project: this.projectName(s), label: s.label, answer: outcome.answer ?? '' };
        if (outcome.error === 'nothing-to-fork') throw new SpawnError(`${L} has no conversation to answer from yet: it is new, or was just cleared`);
        throw new SpawnError(`${L} could not answer: ${reason(outcome)}`);
      case 'delivered':
        throw new SpawnError(`${L} took the question and did not answer within ${seconds(this.askMs)} seconds: an answer that comes later is dropped`);
      case 'withdrawn':
        throw new SpawnError(withdrawn(L, 'question', this.controlMs));
      case 'ended':
        throw new SpawnError(`${L} ended before answering`);
    }
  }

  /**
   * `<session>` resolved the way send resolves it (spec/cli.md § lich send, the `<session>`
   * bullets): among the live sessions, the caller excluded. Only a miss there is looked up again
   * over every session (`findSession`), so a card that is not running — or the caller naming
   * itself — still gets its own refusal rather than a miss; a session that is live but not by
   * that name for send (an old roster name) is not let in through that door.
   *
   * @returns the session, and whether a process runs in it.
   * @throws SpawnError `no session given to <verb>`; RelayError send's miss and clash (resolve.ts).
   */
  private resolve(from: string, target: string, project: string, verb: 'control' | 'ask'): { s: Target; live: boolean } {
    if (target === '') throw new SpawnError(`no session given to ${verb}`);
    const home = this.d.env.HOME || homedir();
    const live = this.d.liveSessions();
    const o = { from, target, project };
    if (liveMatches(live, o, home).length === 0) {
      const running = new Set(live.map((x) => x.id));
      let row: SessionRow | undefined;
      try {
        row = findSession(this.d.store, target, project, home);
      } catch (err) {
        // No single session of any state by that name: send's miss, below, says what is live.
        if (!(err instanceof SpawnError)) throw err;
      }
      if (row && (row.id === from || !running.has(row.id))) return { s: row, live: running.has(row.id) };
    }
    return { s: resolveTarget(live, o, home), live: true };
  }

  /** wire.md § 11.2: only a Claude Code session has a mod. */
  private claudeOnly(s: Target, done: 'controlled' | 'asked', how: 'drives' | 'asks'): void {
    if (s.kind === 'claude') return;
    const name = this.d.providers.peek(s.kind)?.name ?? s.kind;
    throw new SpawnError(
      `${goQuote(s.label)} runs ${name}, and only a Claude Code session can be ${done}: lich ${how} one through a Claude Code mod, which no other CLI has`,
    );
  }

  /** @throws ModNotPolling (wire.md § 11.2) unless the session's mod polls. */
  private polling(s: Target): void {
    if (!this.d.hub.polling(s.id)) throw new ModNotPolling();
  }

  private projectName(s: Target): string {
    return this.d.store.project(s.projectId)?.name ?? '';
  }
}

/** The mod command for a control action, each kind with only its own fields (wire.md § 11.2). */
function commandBody(o: SpawnControlOptions): ModCommandBody {
  switch (o.action) {
    case 'prompt':
      return { kind: 'prompt', text: sanitizeText(o.value) };
    case 'abort':
      return { kind: 'abort' };
    case 'model':
      return o.value === '' ? { kind: 'model' } : { kind: 'model', model: o.value };
    case 'effort':
      return o.value === '' ? { kind: 'effort' } : { kind: 'effort', effort: o.value };
    default:
      return o.args === '' ? { kind: 'command', name: commandName(o.value) } : { kind: 'command', name: commandName(o.value), args: o.args };
  }
}

/** A failed ack's reason as the caller reads it: a mod that does not know the kind is too old. */
function reason(outcome: Extract<ModOutcome, { ok: false }>): string {
  return outcome.error === 'unknown kind' ? PLUGIN_TOO_OLD : outcome.error;
}

function withdrawn(label: string, what: string, ms: number): string {
  return `${label} did not take the ${what} within ${seconds(ms)} seconds, so lich withdrew it and nothing ran: its mod stopped polling (Claude Code frozen, or the mod reloading). It is safe to send again`;
}

/** A wait in ms as the prose counts it, in seconds. */
function seconds(ms: number): string {
  return String(ms / 1000);
}
