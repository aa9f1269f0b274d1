/**
 * The typed mod client for plugin authors: the client side of lich's mod-control contract
 * (spec/mod-control.md; wire.md § 11.2). It holds a long poll on `GET /mod/commands`, applies the
 * commands that come back to a {@link ModEngine} — what a Claude Code mod implements over `$` —
 * and acks each one with `POST /mod/acks`.
 *
 * ```ts
 * const client = runModClient({ link, interactive, engine, backoff });
 * // null in a non-interactive session; else client.stop() on unload.
 * ```
 *
 * Portable, like the link it runs over (`link.ts`): no Node module and no timer of its own, so a
 * Claude Code hooks module runs it over `$`. Under node, `startModClient` (client-node.ts) builds
 * the link from the environment and the back-off from `setTimeout`.
 */
import type { ModAckBody, ModCommand, ModNotification } from '@lich/generated/types';
import { oneLine } from '../errors.js';
import { EFFORT_LEVELS } from '../control.js';
import { cutText } from './cut.js';
import { type PluginLink, refusalText } from './link.js';
import { postReport, postUnchecked, type ReportResult } from './reporters.js';

/**
 * What the mod client drives: one Claude Code session, as its mod sees it. Each method maps to
 * one command kind (spec/mod-control.md, the table of commands).
 */
export interface ModEngine {
  /**
   * Starts a turn on `text` (`$.prompt.submit`), as the user when `asUser`. Resolves once its
   * turn started — only when the session is idle; rejects `Error(reason)` when it cannot.
   */
  submit(p: { text: string; asUser?: boolean }): Promise<void>;
  /** Stops the running turn (`$.turn.abort`). Resolves once it ended; rejects `Error(reason)` when none runs. */
  abort(): Promise<void>;
  /** Sends every request from now on with `model`; `undefined` drops the override. */
  setModel(model: string | undefined): void;
  /** Sends every request from now on with `effort` (already checked); `undefined` drops the override. */
  setEffort(effort: string | undefined): void;
  /**
   * Runs the slash command `name` (no leading `/`) with `args` (`$.command.run`). Resolves once it
   * ran, which is only when the session is idle; rejects `Error(reason)`.
   */
  runCommand(name: string, args?: string): Promise<void>;
  /**
   * Forks the conversation on `prompt` (`$.model.fork`) and resolves with the answer. Rejects
   * {@link ForkError} with `nothing-to-fork`, `api-error <status> <kind>`, `empty-reply` or `aborted`.
   */
  fork(prompt: string): Promise<string>;
}

/** Why a fork gave no answer; its message is the reason the ask is acked with (spec/mod-control.md). */
export class ForkError extends Error {
  override readonly name = 'ForkError';

  /** @param reason `nothing-to-fork`, `api-error <status> <kind>`, `empty-reply` or `aborted`. */
  constructor(reason: string) {
    super(reason);
  }
}

/** How a mod client runs, whatever carries its requests. */
export interface ModClientRun {
  /** The session's link to lich (`pluginEndpoint` under node; `$.http.fetch` in a Claude Code mod). */
  link: PluginLink;
  /** Whether the session is interactive (Claude Code's `isInteractive` in `session.start`). */
  interactive: boolean;
  engine: ModEngine;
  /** Receives one line per thing worth knowing (a failed poll, a dropped ack); never the token. */
  log?: (line: string) => void;
  /**
   * Waits `ms` milliseconds before the poll after a failure, resolving early when `signal`
   * fires (the client was stopped). Tests inject one that records `ms`.
   */
  backoff: (ms: number, signal: AbortSignal) => Promise<void>;
  /** The budget of one poll, in milliseconds (lich holds one at most 25 s); default 60 s. */
  pollTimeoutMs?: number;
}

/** A running mod client. */
export interface ModClient {
  /**
   * Stops for good: the parked poll is cancelled, commands not begun yet are dropped, and no
   * further ack is sent (a module reload; lich's "client gone" path covers what was pending).
   */
  stop(): void;
  /** Resolves once polling ended: after {@link ModClient.stop}, or when lich answered a poll 404. */
  readonly stopped: Promise<void>;
}

/** The longest answer an ask acks, in UTF-16 units (keeps the ack under lich's 64 KiB). */
export const ANSWER_LIMIT = 16_000;

export { TRUNCATED } from './cut.js';

/** The first back-off after a failed poll, in ms; it doubles up to {@link BACKOFF_MAX_MS}. */
export const BACKOFF_FIRST_MS = 1000;

/** The longest back-off between failed polls, in ms. */
export const BACKOFF_MAX_MS = 10_000;

/** The default budget of one poll, in ms: lich holds a poll at most 25 s (wire.md § 11.2). */
export const POLL_TIMEOUT_MS = 60_000;

/** The budget of one ack, in ms: lich waits 10 s for most acks (wire.md § 9), a later one is moot. */
export const ACK_TIMEOUT_MS = 10_000;

/**
 * What goes before an ask's question (spec/mod-control.md § How it behaves): it is a side
 * question, its answer stays out of the conversation, and no tool can be used — without that, a
 * fork made mid-turn reaches for a tool, is refused, and answers in a second request.
 */
export const ASK_PREAMBLE =
  'This is a side question, asked through lich from outside this conversation while the conversation carries on. ' +
  'Answer it from what the conversation already holds. Your answer stays out of the conversation: it is not added to it, ' +
  'and nothing in the conversation will see it. Tools are unavailable here, so do not try to call one: answer directly, in plain text.\n\n' +
  'The question:\n\n';

/** The prompt a fork gets for `question`: {@link ASK_PREAMBLE}, then the question as asked. */
export function askPrompt(question: string): string {
  return `${ASK_PREAMBLE}${question}`;
}

/**
 * `answer` cut at {@link ANSWER_LIMIT} UTF-16 units with {@link TRUNCATED} after it; as it is
 * when it fits. A surrogate pair is never split: the cut falls before it instead.
 */
export function cutAnswer(answer: string): string {
  return cutText(answer, ANSWER_LIMIT, ANSWER_LIMIT);
}

/**
 * A prompt with a notification as Claude Code writes a background agent's completion
 * (spec/mod-control.md § How it behaves): `<task-notification>` with `<status>` and `<summary>`,
 * XML-escaped (Claude Code decodes them for its one dim line), and the prompt's `text` as
 * `<result>` unescaped, since the model reads it as written. No task id.
 */
export function taskNotification(text: string, notification: ModNotification): string {
  return [
    '<task-notification>',
    `<status>${xmlEscape(notification.status)}</status>`,
    `<summary>${xmlEscape(notification.summary)}</summary>`,
    `<result>${text}</result>`,
    '</task-notification>',
  ].join('\n');
}

function xmlEscape(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** How one command went, as its ack says it. */
type Settled = { ok: true; answer?: string } | { ok: false; error: string };

/** A command as a poll hands it over: one of the contract's, or a kind this client does not know. */
type Incoming = ModCommand | { id: string; kind: string };

/**
 * Runs the mod client of one session over `link`, implementing spec/mod-control.md § How it
 * behaves:
 *
 * - in a non-interactive session it does nothing and returns `null` (outside lich there is no
 *   link to run over: `linkCoordinates` / `pluginEndpoint` answer `null` there);
 * - a poll goes out again at once after a 200; a network error, a 5xx or any other status backs
 *   off 1 s doubling to 10 s, reset by a 200; a 404 (a lich older than the contract) stops it;
 * - commands are applied one after another in the order they came, apart from the poll, which
 *   never waits on one; each ack is awaited before the next command, except that a prompt and a
 *   slash command are acked when their turn starts / once they ran while what follows them runs
 *   at once; an ack that cannot be sent is dropped;
 * - an `ask` runs beside everything, several at once, and acks whenever its fork answers.
 *
 * @returns the running client, or `null` when it must not poll. Never throws.
 */
export function runModClient(options: ModClientRun): ModClient | null {
  if (!options.interactive) return null;
  return new Client(options.link, options).start();
}

class Client {
  private readonly halt = new AbortController();
  /** The commands not begun yet, applied one after another. */
  private queue: Promise<void> = Promise.resolve();
  private readonly log: (line: string) => void;
  private readonly backoff: (ms: number, signal: AbortSignal) => Promise<void>;

  constructor(
    private readonly ep: PluginLink,
    private readonly options: ModClientRun,
  ) {
    this.log = (line) => {
      try {
        options.log?.(line);
      } catch {
        // A logger that throws must not stop the client.
      }
    };
    this.backoff = options.backoff;
  }

  start(): ModClient {
    const stopped = this.poll();
    return {
      stop: () => {
        if (this.halt.signal.aborted) return;
        this.halt.abort();
        this.ep.close();
      },
      stopped,
    };
  }

  private async poll(): Promise<void> {
    const signal = this.halt.signal;
    let failures = 0;
    const backOff = async (why: string) => {
      const ms = Math.min(BACKOFF_FIRST_MS * 2 ** failures, BACKOFF_MAX_MS);
      failures++;
      this.log(`mod: ${why}; polling again in ${ms / 1000} s`);
      try {
        await this.backoff(ms, signal);
      } catch {
        // An injected wait that fails only shortens the wait.
      }
    };
    while (!signal.aborted) {
      let status: number;
      let body: string;
      try {
        ({ status, body } = await this.ep.exchange({
          method: 'GET',
          path: '/mod/commands',
          timeoutMs: this.options.pollTimeoutMs ?? POLL_TIMEOUT_MS,
          signal,
        }));
      } catch (error) {
        if (signal.aborted) break;
        await backOff(`the poll failed (${(error as Error).message})`);
        continue;
      }
      if (status === 404) {
        this.log('mod: lich answered the poll 404: it predates mod control, so this session stops polling');
        break;
      }
      if (status !== 200) {
        await backOff(`the poll was answered ${status} (${refusalText({ status, body })})`);
        continue;
      }
      const commands = parseCommands(body);
      if (!commands) {
        await backOff('the poll was answered with something that is not a list of commands');
        continue;
      }
      failures = 0;
      for (const command of commands) this.take(command);
    }
  }

  /** Hands one command over: an ask starts at once, anything else joins the queue. */
  private take(command: Incoming): void {
    if (command.kind === 'ask') {
      void this.ask(command as Extract<ModCommand, { kind: 'ask' }>);
      return;
    }
    this.queue = this.queue.then(() => this.apply(command));
  }

  /** Applies one queued command; resolves when the next may run. Never rejects. */
  private async apply(command: Incoming): Promise<void> {
    if (this.halt.signal.aborted) return;
    const engine = this.options.engine;
    const c = command as ModCommand;
    switch (c.kind) {
      case 'prompt': {
        const submission = c.notification
          ? { text: taskNotification(c.text, c.notification), asUser: true }
          : { text: c.text };
        // Acked when its turn starts; what follows runs at once (an abort behind it would
        // otherwise cancel the prompt's own turn).
        void this.settle(() => engine.submit(submission)).then((s) => this.ack(c, s));
        return;
      }
      case 'command':
        void this.settle(() => engine.runCommand(c.name, c.args)).then((s) => this.ack(c, s));
        return;
      case 'abort':
        await this.ack(c, await this.settle(() => engine.abort()));
        return;
      case 'model':
        await this.ack(c, await this.settle(() => engine.setModel(c.model)));
        return;
      case 'effort':
        if (c.effort !== undefined && !(EFFORT_LEVELS as readonly string[]).includes(c.effort)) {
          await this.ack(c, { ok: false, error: 'unknown effort' });
          return;
        }
        await this.ack(c, await this.settle(() => engine.setEffort(c.effort)));
        return;
      default:
        await this.ack(command, { ok: false, error: 'unknown kind' });
    }
  }

  /** Runs an ask beside everything else and acks it when its fork answers. Never rejects. */
  private async ask(command: Extract<ModCommand, { kind: 'ask' }>): Promise<void> {
    let settled: Settled;
    try {
      const answer = await this.options.engine.fork(askPrompt(command.question));
      settled =
        typeof answer === 'string' && answer.trim() !== ''
          ? { ok: true, answer: cutAnswer(answer) }
          : { ok: false, error: 'empty-reply' };
    } catch (error) {
      settled = { ok: false, error: reasonOf(error) };
    }
    await this.ack(command, settled);
  }

  /**
   * Calls `act` now — synchronously, so commands reach the engine in their order — and resolves
   * with how it went. Never rejects.
   */
  private settle(act: () => void | Promise<void>): Promise<Settled> {
    let running: Promise<void>;
    try {
      running = Promise.resolve(act());
    } catch (error) {
      running = Promise.reject(error);
    }
    return running.then(
      (): Settled => ({ ok: true }),
      (error: unknown): Settled => ({ ok: false, error: reasonOf(error) }),
    );
  }

  /** Sends one ack; one that cannot be sent is dropped (logged). Never rejects. */
  private async ack(command: Incoming, settled: Settled): Promise<void> {
    if (this.halt.signal.aborted) return;
    const body = { session_id: this.ep.sessionId, id: command.id, kind: command.kind, ...settled };
    const known = ['prompt', 'abort', 'model', 'effort', 'command', 'ask'].includes(command.kind);
    const options = { timeoutMs: ACK_TIMEOUT_MS };
    // A kind this client does not know is echoed as it came, so a newer lich hears of it; the
    // contract this client was built with would refuse that kind.
    const result: ReportResult = known
      ? await postReport(this.ep, '/mod/acks', body as ModAckBody, options)
      : await postUnchecked(this.ep, '/mod/acks', body, options);
    if (!result.ok && !this.halt.signal.aborted) this.log(`mod: the ack of ${command.id} was dropped: ${result.reason}`);
  }
}

/** The commands of a poll's 200 body; `null` when it is not a JSON array. Items no ack could name are skipped. */
function parseCommands(body: string): Incoming[] | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return null;
  }
  if (!Array.isArray(parsed)) return null;
  return parsed.filter(
    (c): c is Incoming =>
      typeof c === 'object' && c !== null && typeof (c as { id?: unknown }).id === 'string' && typeof (c as { kind?: unknown }).kind === 'string',
  );
}

/** An engine failure as an ack's `error`: its message, on one line. */
function reasonOf(error: unknown): string {
  const text = oneLine(error instanceof Error ? error.message : String(error));
  return text !== '' ? text : 'failed';
}
