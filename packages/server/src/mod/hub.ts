/**
 * The mod-control hub (wire.md § 11.2, spec/mod-control.md): the per-session command queues the
 * lich-plugin mod of a Claude Code session drains through `GET /mod/commands`, the long polls
 * parked on them, and the waits on each command's ack (`POST /mod/acks`).
 *
 * A command's life: queued by {@link ModHub.enqueue} → handed to a poll (in flight) → collected
 * once the response carrying it was written → acked. It can also be withdrawn while still
 * queued (nothing ran), or end with its session. The step between "handed to a poll" and
 * "collected" is what keeps a command from being lost to a dead socket: a poll whose client
 * hangs up while lich is answering it gives its commands back to the queue, in order, for the
 * next poll (the mod re-polls at once; a module reload cancels the old poll and starts a new one).
 *
 * Everything here is in memory and per process: command ids restart at `m1` with lich, and an
 * ack for an id this process never handed out is accepted and settles nothing.
 */
import type { ModAckBody, ModCommand } from '@lich/generated/types';
import { SpawnError } from '../errors.js';

/** `Omit` over each member of a union, so every command kind keeps only its own fields. */
export type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;

/** What {@link ModHub.enqueue} takes: a command without its id, which the hub gives it. */
export type ModCommandBody = DistributiveOmit<ModCommand, 'id'>;

/** How a command ended up, as {@link ModTicket.wait} reports it. */
export type ModOutcome =
  | { state: 'acked'; ok: true; answer?: string }
  | { state: 'acked'; ok: false; error: string }
  /** No poll collected it before the wait ran out: taken off the queue, nothing ran. */
  | { state: 'withdrawn' }
  /** A poll collected it, and no ack came before the wait ran out. */
  | { state: 'delivered' }
  /** The session ended (or lich is quitting) before an ack. */
  | { state: 'ended' };

/**
 * A normalised `POST /mod/acks` body (mod/validate.ts): `ok` always present (absent read as
 * false), `error` trimmed and capped at 120 runes and left out when empty, `answer` only on an
 * ok `ask`.
 */
export type ModAck = Omit<ModAckBody, 'ok'> & { ok: boolean };

/** One queued command, as its sender holds it. */
export interface ModTicket {
  /** `m<N>`, from the hub's counter starting at 1. */
  id: string;
  command: ModCommand;
  /**
   * Resolves true once a poll collected it (the response carrying it was written, or the mod
   * acked it); false if it was withdrawn or the session ended first. Never rejects.
   */
  collected: Promise<boolean>;
  /**
   * Waits up to `ms` milliseconds for the ack. At the deadline a still-queued command is
   * withdrawn (`withdrawn`); a collected one reads `delivered`; one being handed to a poll at
   * that instant reads `delivered` once the response is written, `withdrawn` if it could not
   * be. Resolves at once with the outcome of a command already settled. Never rejects.
   */
  wait(ms: number): Promise<ModOutcome>;
  /**
   * Takes a still-queued command off the queue, settling it `withdrawn`; true when it was still
   * queued. False means a poll has it (or it already settled): `collected` then says whether
   * the mod got it — a response that could not be written puts it back on the queue.
   */
  withdraw(): boolean;
}

/**
 * A poll's take, for the listener: the commands to answer with, and how writing them went.
 * Exactly one of `written` / `lost` should be called; later calls do nothing.
 */
export interface ModHandoff {
  commands: ModCommand[];
  /** The response carrying `commands` was written: they are collected. */
  written(): void;
  /** It could not be written (the client went away): they go back to the front of the queue. */
  lost(): void;
}

/** wire.md § 11.2, the refusal of a command for a session whose mod is not polling. */
export const MOD_NOT_POLLING =
  "the session cannot take commands: no lich-plugin mod is polling from it. That needs Claude Code 2.1.280 or later with mods on, lich-plugin 0.15.0 or later (update it, then restart the session), and the session's folder trusted (Claude Code loads the mod only after that)";

/** Thrown by {@link ModHub.enqueue} for a session whose mod is not polling; the message is {@link MOD_NOT_POLLING}. */
export class ModNotPolling extends SpawnError {
  constructor() {
    super(MOD_NOT_POLLING);
  }
}

/** `modPollWait`: how long a poll with nothing to take is held, in ms (wire.md § 11.2). */
export const MOD_POLL_WAIT_MS = 25_000;
/** How long a poll marks the mod attached, in ms: the poll's hold plus `modRepollGrace` (5 s). */
export const MOD_ATTACH_MS = 30_000;

type AckListener = (ack: ModAck, command: ModCommand | undefined, sessionId: string) => void;

interface Entry {
  sessionId: string;
  command: ModCommand;
  /** When it was queued (hub clock, ms). */
  at: number;
  state: 'queued' | 'inflight' | 'collected' | 'settled';
  outcome?: ModOutcome;
  collected: Promise<boolean>;
  resolveCollected: (v: boolean) => void;
  /** Waits still open, resolved with the outcome when it settles. */
  waiters: Set<(o: ModOutcome) => void>;
  /** Waits whose deadline passed while a poll was being answered with it. */
  overdue: Set<(o: ModOutcome) => void>;
}

interface Parked {
  give(entries: Entry[]): void;
}

interface SessionMod {
  queue: Entry[];
  /** Polls held open now, oldest first. */
  parked: Parked[];
  /** When a poll of it last arrived or returned (hub clock, ms). */
  seen: number | undefined;
  plugin: string;
  /** A wake is scheduled: commands queued in one tick leave in one response. */
  waking: boolean;
}

const NOTHING: ModHandoff = { commands: [], written: () => {}, lost: () => {} };

/**
 * The queues, long polls and ack waits of every session's mod (wire.md § 11.2).
 *
 * @param o.now the clock, in ms (tests inject one; default `Date.now`).
 * @param o.pollWaitMs how long an empty poll is held (25 000).
 * @param o.attachMs how long a poll marks the mod attached, and the age past which a queued
 *   command is dropped instead of handed over (30 000).
 * @param o.log where a failing ack listener is reported.
 */
export class ModHub {
  private readonly now: () => number;
  private readonly pollWaitMs: number;
  private readonly attachMs: number;
  private readonly log: (line: string) => void;
  private readonly sessions = new Map<string, SessionMod>();
  private readonly entries = new Map<string, Entry>();
  private readonly ackListeners = new Set<AckListener>();
  private seq = 0;
  private closed = false;

  constructor(o: { now?: () => number; pollWaitMs?: number; attachMs?: number; log?: (line: string) => void } = {}) {
    this.now = o.now ?? Date.now;
    this.pollWaitMs = o.pollWaitMs ?? MOD_POLL_WAIT_MS;
    this.attachMs = o.attachMs ?? MOD_ATTACH_MS;
    this.log = o.log ?? (() => {});
  }

  /** True while a poll of the session is held open, or one arrived or returned less than `attachMs` ago. */
  polling(sessionId: string): boolean {
    const s = this.sessions.get(sessionId);
    if (this.closed || !s) return false;
    return s.parked.length > 0 || (s.seen !== undefined && this.now() - s.seen < this.attachMs);
  }

  /** The `X-Lich-Plugin` version its latest poll sent; `""` when none did (or the session ended since). */
  plugin(sessionId: string): string {
    return this.sessions.get(sessionId)?.plugin ?? '';
  }

  /**
   * One poll, settled as soon as it returns: {@link take} with the commands counted collected
   * at once. The listener uses `take`, which counts them only once the response is written.
   */
  async poll(sessionId: string, plugin: string, signal: AbortSignal): Promise<ModCommand[]> {
    const h = await this.take(sessionId, plugin, signal);
    h.written();
    return h.commands;
  }

  /**
   * `GET /mod/commands` (wire.md § 11.2): drains the session's queue at once when it holds
   * anything, else holds up to `pollWaitMs` for a command and resolves with none. A poll whose
   * `signal` aborts (the client hung up) resolves with none and takes nothing. Commands queued
   * longer than `attachMs` ago are dropped (settled `withdrawn`) rather than handed over.
   * After {@link close} it resolves with none at once.
   */
  take(sessionId: string, plugin: string, signal: AbortSignal): Promise<ModHandoff> {
    if (this.closed || signal.aborted) return Promise.resolve(NOTHING);
    const s = this.session(sessionId);
    s.plugin = plugin;
    s.seen = this.now();
    const ready = this.drain(s);
    if (ready.length) return Promise.resolve(this.handoff(s, ready));
    return new Promise((resolve) => {
      let done = false;
      const settle = (entries: Entry[]) => {
        if (done) return;
        done = true;
        clearTimeout(timer);
        signal.removeEventListener('abort', hungUp);
        const i = s.parked.indexOf(parked);
        if (i >= 0) s.parked.splice(i, 1);
        s.seen = this.now();
        resolve(entries.length ? this.handoff(s, entries) : NOTHING);
      };
      const parked: Parked = { give: settle };
      const hungUp = () => settle([]);
      const timer = setTimeout(() => settle([]), this.pollWaitMs);
      signal.addEventListener('abort', hungUp, { once: true });
      s.parked.push(parked);
    });
  }

  /**
   * Queues a command for the session's mod and hands it to a held poll, if one is.
   * @returns its ticket; the command is `{id, ...body}` with absent fields left out.
   * @throws ModNotPolling unless {@link polling}.
   */
  enqueue(sessionId: string, body: ModCommandBody): ModTicket {
    if (!this.polling(sessionId)) throw new ModNotPolling();
    const s = this.session(sessionId);
    const id = `m${++this.seq}`;
    const command = Object.fromEntries(
      Object.entries({ id, ...body }).filter(([, v]) => v !== undefined),
    ) as unknown as ModCommand;
    let resolveCollected!: (v: boolean) => void;
    const collected = new Promise<boolean>((r) => (resolveCollected = r));
    const e: Entry = { sessionId, command, at: this.now(), state: 'queued', collected, resolveCollected, waiters: new Set(), overdue: new Set() };
    this.entries.set(id, e);
    s.queue.push(e);
    this.wake(s);
    return {
      id,
      command,
      collected,
      wait: (ms) => this.wait(e, ms),
      withdraw: () => {
        if (e.state !== 'queued') return false;
        this.settle(e, { state: 'withdrawn' });
        return true;
      },
    };
  }

  /**
   * `POST /mod/acks`: settles the command of that id and session (`acked`, with its answer or
   * error), wherever it stands, then tells every {@link onAck} listener — for an id this hub
   * does not hold too, with `command` undefined.
   */
  ack(a: ModAck): void {
    const e = this.entries.get(a.id);
    const mine = e && e.sessionId === a.session_id ? e : undefined;
    if (mine) {
      this.settle(
        mine,
        a.ok
          ? { state: 'acked', ok: true, ...(a.answer !== undefined ? { answer: a.answer } : {}) }
          : { state: 'acked', ok: false, error: a.error ?? '' },
      );
    }
    for (const l of [...this.ackListeners]) {
      try {
        l(a, mine?.command, a.session_id);
      } catch (err) {
        this.log(`mod ack listener failed: ${(err as Error)?.stack ?? String(err)}`);
      }
    }
  }

  /** Calls `l` for every ack (after it settled its command). @returns the unsubscribe. */
  onAck(l: AckListener): () => void {
    this.ackListeners.add(l);
    return () => this.ackListeners.delete(l);
  }

  /**
   * The session's PTY ended: every command of it not yet acked settles `ended`, its queue is
   * dropped, a held poll answers none, and it is not polling any more (a resumed session polls
   * afresh).
   */
  ended(sessionId: string): void {
    const s = this.sessions.get(sessionId);
    this.sessions.delete(sessionId);
    if (s) for (const p of [...s.parked]) p.give([]);
    for (const e of [...this.entries.values()]) if (e.sessionId === sessionId) this.settle(e, { state: 'ended' });
  }

  /** lich is quitting: held polls answer none, every command not yet acked settles `ended`, nothing polls from now on. */
  close(): void {
    this.closed = true;
    for (const id of [...this.sessions.keys()]) this.ended(id);
  }

  private session(sessionId: string): SessionMod {
    let s = this.sessions.get(sessionId);
    if (!s) {
      s = { queue: [], parked: [], seen: undefined, plugin: '', waking: false };
      this.sessions.set(sessionId, s);
    }
    return s;
  }

  /** Takes the queue, dropping what waited past the attach window; what is taken is in flight. */
  private drain(s: SessionMod): Entry[] {
    const cutoff = this.now() - this.attachMs;
    const taken: Entry[] = [];
    for (const e of s.queue.splice(0)) {
      if (e.at <= cutoff) {
        this.settle(e, { state: 'withdrawn' });
        continue;
      }
      e.state = 'inflight';
      taken.push(e);
    }
    return taken;
  }

  /** Hands the queue to the newest held poll, once the current tick has queued what it will. */
  private wake(s: SessionMod): void {
    if (s.waking) return;
    s.waking = true;
    queueMicrotask(() => {
      s.waking = false;
      const p = s.parked[s.parked.length - 1];
      if (!p || s.queue.length === 0) return;
      const entries = this.drain(s);
      if (entries.length) p.give(entries);
    });
  }

  private handoff(s: SessionMod, entries: Entry[]): ModHandoff {
    let done = false;
    return {
      commands: entries.map((e) => e.command),
      written: () => {
        if (done) return;
        done = true;
        for (const e of entries) {
          if (e.state !== 'inflight') continue;
          e.state = 'collected';
          e.resolveCollected(true);
          for (const w of [...e.overdue]) w({ state: 'delivered' });
        }
      },
      lost: () => {
        if (done) return;
        done = true;
        const back: Entry[] = [];
        for (const e of entries) {
          if (e.state !== 'inflight') continue;
          // A sender whose wait already ran out must hear a definite answer: nothing ran.
          if (e.overdue.size > 0) this.settle(e, { state: 'withdrawn' });
          else {
            e.state = 'queued';
            back.push(e);
          }
        }
        if (back.length === 0) return;
        // Whatever is still in flight belongs to a live session: ended() settles the rest.
        s.queue.unshift(...back);
        this.wake(s);
      },
    };
  }

  private wait(e: Entry, ms: number): Promise<ModOutcome> {
    if (e.state === 'settled') return Promise.resolve(e.outcome!);
    return new Promise((resolve) => {
      const finish = (o: ModOutcome) => {
        clearTimeout(timer);
        e.waiters.delete(finish);
        e.overdue.delete(finish);
        resolve(o);
      };
      e.waiters.add(finish);
      const timer = setTimeout(() => {
        switch (e.state) {
          case 'queued':
            this.settle(e, { state: 'withdrawn' });
            break;
          case 'collected':
            finish({ state: 'delivered' });
            break;
          case 'inflight':
            e.overdue.add(finish);
            break;
        }
      }, ms);
    });
  }

  private settle(e: Entry, outcome: ModOutcome): void {
    if (e.state === 'settled') return;
    if (e.state === 'queued') {
      const s = this.sessions.get(e.sessionId);
      const i = s ? s.queue.indexOf(e) : -1;
      if (i >= 0) s!.queue.splice(i, 1);
    }
    e.state = 'settled';
    e.outcome = outcome;
    this.entries.delete(e.command.id);
    // An ack proves the mod has it, even when the write of its poll was not seen to finish.
    e.resolveCollected(outcome.state === 'acked');
    for (const w of [...e.waiters]) w(outcome);
  }
}
