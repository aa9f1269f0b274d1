/**
 * The terminal service: one node-pty process per live session (docs/architecture.md § The backend,
 * Terminal; spec/cli.md § lich server side, Delivery and Liveness; wire.md § 8.2).
 *
 * lich never reads a session's screen; what it keeps of the output is when it last arrived
 * (the quiet heuristic that stands in for "the agent is at its prompt") and a tail of it, which
 * is what a failure message can quote when a process dies on startup. The web view (web/) takes
 * a copy of the output as it arrives (`onOutput`) to show it on its page.
 */
import { readSync } from 'node:fs';
import * as pty from 'node-pty';
import { sleep, systemClock, type Clock } from '../clock.js';
import { DraftWatch } from './draft.js';
import { clampGrid, WindowGrid, type Grid } from './grid.js';
import { groupAlive, signalGroup } from './group.js';
import { withoutInherited } from './inherit.js';
import type { ProcessRecords } from './leftovers.js';
import { MarkerWatch } from './marker.js';
import { canonicalMode, pasteProblem, PASTE_END, PASTE_START, PasteModeWatch } from './paste.js';
import { readsTerminal } from './reading.js';
import { ReadyWatch, type ReadyRule } from './readiness.js';
import { DraftHeld, PasteRefusal } from './refusals.js';
import { hrMs, type Trace } from '../trace.js';

/** Bytes of output kept per session for failure messages. */
export const TAIL_BYTES = 64 * 1024;
/** Quiet after the paste before the carriage return is written (wire.md § 8.2, awaitSettled). */
export const SUBMIT_QUIET_MS = 150;
/** Longest wait for that quiet before the carriage return is written anyway (defaultSettleLimit). */
export const SUBMIT_SETTLE_LIMIT_MS = 5_000;
export { READY_QUIET_MS } from './readiness.js';
/** Grace between SIGHUP and SIGKILL when a session is closed. */
export const KILL_GRACE_MS = 2_000;
/**
 * How often (ms, by the terminal's clock) a closing session's process group is looked at for what
 * is left of it: its members are no children of this process, so nothing tells it when they go.
 */
export const GROUP_LOOK_MS = 50;
/**
 * How often (ms, by the terminal's clock) the terminal of a session whose rule asks for it
 * (`ReadyRule.reads`) is looked at for a sign that its program reads (terminal/reading.ts), until
 * one came — for its first {@link READING_SOON_MS}; {@link READING_LATER_MS} after that. A look
 * costs a walk of the session's processes in /proc and, for a program waiting in poll or select,
 * one `stty`.
 */
export const READING_LOOK_MS = 150;
/** How long (ms) the looks for a sign of reading come every {@link READING_LOOK_MS}: most programs read within it. */
export const READING_SOON_MS = 3_000;
/**
 * How often (ms) they come after: a program still not reading then (one that loads for seconds,
 * or never reads) is looked at less, so a backend opening many of them is not kept busy.
 */
export const READING_LATER_MS = 500;

export { PASTE_END, PASTE_START } from './paste.js';

export { DraftHeld, PasteRefusal } from './refusals.js';

/** What to start in a session's PTY. */
export interface StartOptions {
  /** Absolute path of the binary. */
  file: string;
  args: string[];
  cwd: string;
  env: Record<string, string>;
  /**
   * Grid size; absent, the grid a window last reported ({@link Terminal.sizeFor}), 80×24 when no
   * window ever measured one (spec/cli.md § Known ceilings).
   */
  cols?: number;
  rows?: number;
  /**
   * Output that must appear before the session can be ready: the worktree setup marker
   * (`spawn/setup.ts`), when the PTY runs the setup script before the provider. Absent: ready
   * on the first quiet, as before.
   */
  readyMarker?: string;
  /**
   * Told once when the part before {@link readyMarker} is over: `{marker: true}` when the marker
   * was seen, else the exit of a PTY that ended before it (a setup script that failed, or a
   * session ended mid-setup). Not called without a marker.
   */
  onSetupEnd?: (end: { marker: true } | { marker: false; exit: ExitInfo }) => void;
  /** How the program shows it reads its input (readiness.ts; the provider's `readiness`). Absent: quiet alone. */
  ready?: ReadyRule;
  /** What {@link Terminal.type} writes after the paste to submit it (the provider's `submitKey`). Absent: `\r`, Enter. */
  submitKey?: string;
}

/** How a session's process ended. */
export interface ExitInfo {
  exitCode: number;
  signal?: number;
  /** Milliseconds from the start to the exit. */
  ranMs?: number;
  /** Whether the session had become {@link Terminal.ready} — its program reading its input — before it ended. */
  wasReady?: boolean;
}

interface Live {
  proc: pty.IPty;
  pid: number;
  startedAt: number;
  lastOutputAt: number;
  /** When the program reads input (readiness.ts), counted from the setup marker when there is one. */
  readiness: ReadyWatch;
  tail: string;
  exited: Promise<ExitInfo>;
  /** Watching for {@link StartOptions.readyMarker}; undefined when none was asked for. */
  marker?: MarkerWatch;
  /** What input a person left at the prompt (terminal/draft.ts). */
  draft: DraftWatch;
  /** Whether the program asked for bracketed paste (terminal/paste.ts). */
  paste: PasteModeWatch;
  /** {@link StartOptions.submitKey}, or Enter. */
  submitKey: string;
  /** The next look at the terminal for a sign of reading (`ReadyRule.reads`), while one is due. */
  look?: { cancel(): void };
  /** Whether the looks for a sign of reading go on (one is due, or under way). */
  looking?: boolean;
  /** A close ({@link Terminal.kill}) is ending it: the close ends what its group leaves, not the exit. */
  closing?: boolean;
  /** With a delivery trace (trace.ts): the output between a paste of {@link Terminal.type} and its Enter, first and last (hrtime ms). */
  traced?: { first?: number; last?: number };
}

/**
 * PTY sessions keyed by session id.
 *
 * @example
 *   const t = new Terminal();
 *   t.onExit((id, info) => …);
 *   t.start(id, { file: '/bin/sh', args: [], cwd, env });
 *   await t.type(id, 'hello');
 */
export class Terminal {
  private readonly live = new Map<string, Live>();
  private readonly exitListeners = new Set<(id: string, info: ExitInfo, tail: string) => void>();
  /** Output taps (the web view's terminal stream, web/). */
  private readonly outputListeners = new Set<(id: string, data: string) => void>();
  /** Groups of sessions that exited on their own, being ended ({@link endLeftOf}). */
  private readonly endings = new Set<Promise<void>>();
  /** Start taps (the web view: a card's process runs). */
  private readonly startListeners = new Set<(id: string) => void>();

  /** The backend's clock (clock.ts): the quiet, the Enter's wait and the kill's grace and looks are all on it. */
  private readonly clock: Clock;
  /** The grid a window last reported: what a PTY starts at (terminal/grid.ts). */
  private readonly window = new WindowGrid();

  /**
   * @param o.clock the clock every time of the terminal is read from and every wait set on
   *   (default the wall clock); server.ts hands it the relay's.
   * @param o.records where each session's process is recorded as it is forked and forgotten once
   *   nothing of it runs (terminal/leftovers.ts), for the next start to sweep what a backend
   *   killed outright left; absent, nothing is recorded.
   * @param o.log where a record that could not be written is told (one line); default nowhere.
   * @param o.trace the delivery trace (trace.ts; bench only): `pasted`, `output-first`,
   *   `output-last` and `enter` of every {@link type}; absent (the default), none.
   */
  constructor(private readonly o: { clock?: Clock; records?: ProcessRecords; log?: (line: string) => void; trace?: Trace } = {}) {
    this.clock = o.clock ?? systemClock;
  }

  /**
   * Starts `o.file` in a PTY for session `id`, with the PTY as its descriptors 0–2 and no other
   * descriptor of the backend's (terminal/inherit.ts): it runs in the process node-pty forks,
   * the leader of a session and process group of its own.
   * @throws Error when node-pty cannot start it, or the session already has a PTY.
   */
  start(id: string, o: StartOptions): { pid: number } {
    if (this.live.has(id)) throw new Error(`session ${id} already has a terminal`);
    const grid = this.window.sizeFor();
    // Only the PTY goes with it: no other session's master (terminal/inherit.ts).
    const command = withoutInherited(o.file, o.args, o.env, o.cwd || process.cwd());
    // A backend killed between the fork and its record leaves this to go by (terminal/leftovers.ts).
    const unannounced = this.o.records?.starting(id);
    let proc: pty.IPty;
    try {
      proc = pty.spawn(command.file, command.args, {
        name: 'xterm-256color',
        cols: o.cols ?? grid.cols,
        rows: o.rows ?? grid.rows,
        cwd: o.cwd,
        env: o.env,
      });
    } catch (err) {
      this.o.records?.notStarted(id);
      throw err;
    }
    // Before anything else runs: a backend killed from here on leaves a record of it.
    const unrecorded = this.o.records?.record(id, proc.pid) ?? unannounced;
    if (unrecorded) this.o.log?.(`session ${id}: its process ${proc.pid} is not recorded, so a backend killed outright would leave it running: ${unrecorded.message}`);
    const now = this.clock.now();
    let resolveExit!: (e: ExitInfo) => void;
    const entry: Live = {
      proc,
      pid: proc.pid,
      startedAt: now,
      lastOutputAt: now,
      readiness: new ReadyWatch(o.ready ?? {}, now),
      tail: '',
      exited: new Promise<ExitInfo>((r) => (resolveExit = r)),
      marker: o.readyMarker ? new MarkerWatch(o.readyMarker) : undefined,
      draft: new DraftWatch(),
      paste: new PasteModeWatch(),
      submitKey: o.submitKey || '\r',
    };
    this.live.set(id, entry);
    let setupOver = false;
    const setupEnded = (end: Parameters<NonNullable<StartOptions['onSetupEnd']>>[0]): void => {
      if (setupOver || !o.onSetupEnd) return;
      setupOver = true;
      try {
        o.onSetupEnd(end);
      } catch {
        // The caller's bookkeeping must not cost the session its output.
      }
    };
    const output = (d: string): void => {
      entry.lastOutputAt = this.clock.now();
      if (entry.traced) {
        const at = hrMs();
        entry.traced.first ??= at;
        entry.traced.last = at;
      }
      const setup = entry.marker !== undefined && !entry.marker.done;
      if (entry.marker?.feed(d) && setup) {
        entry.readiness.restart(entry.lastOutputAt);
        // A setup script longer than the cap ended the looks; the program starts only now.
        if (!entry.looking && entry.readiness.probing(entry.lastOutputAt)) this.lookForReading(id, entry);
        setupEnded({ marker: true });
      }
      entry.readiness.feed(d, entry.lastOutputAt);
      entry.paste.feed(d);
      entry.tail += d;
      if (entry.tail.length > TAIL_BYTES) entry.tail = entry.tail.slice(-TAIL_BYTES);
      for (const l of this.outputListeners) {
        try {
          l(id, d);
        } catch {
          // A tap's failure must not cost the session its output bookkeeping.
        }
      }
    };
    proc.onData(output);
    drainBeforeClose(proc);
    if (entry.readiness.probing(now)) this.lookForReading(id, entry);
    for (const l of [...this.startListeners]) {
      try {
        l(id);
      } catch {
        // A tap's failure must not cost the caller its started session.
      }
    }
    proc.onExit(({ exitCode, signal }) => {
      entry.look?.cancel();
      const at = this.clock.now();
      const wasReady = (!entry.marker || entry.marker.done) && entry.readiness.ready(at);
      const info: ExitInfo = { exitCode, signal, ranMs: at - entry.startedAt, wasReady };
      if (this.live.get(id) === entry) this.live.delete(id);
      if (!entry.closing) this.endLeftOf(id, entry.pid);
      if (entry.marker && !entry.marker.done) setupEnded({ marker: false, exit: info });
      resolveExit(info);
      for (const l of [...this.exitListeners]) {
        try {
          l(id, info, entry.tail);
        } catch {
          // A listener's failure must not keep the others from hearing the exit.
        }
      }
    });
    return { pid: proc.pid };
  }

  /**
   * Looks at the session's terminal every {@link READING_LOOK_MS} (later {@link READING_LATER_MS}) for a sign that its program
   * reads (terminal/reading.ts), past its setup script, and hands one to its `ReadyWatch` — until
   * the watch has one or is ready, or the PTY is gone. One look at a time.
   */
  private lookForReading(id: string, entry: Live): void {
    const pts = (entry.proc as unknown as { ptsName?: unknown }).ptsName;
    if (typeof pts !== 'string' || pts === '') return;
    const due = () => this.live.get(id) === entry && entry.readiness.probing(this.clock.now());
    const from = this.clock.now();
    const look = async (): Promise<void> => {
      entry.look = undefined;
      // The setup script's shell is not the program the rule is about (spawn/setup.ts).
      if (due() && !(entry.marker && !entry.marker.done) && (await readsTerminal(entry.pid, pts))) entry.readiness.sign(this.clock.now());
      const next = this.clock.now() - from < READING_SOON_MS ? READING_LOOK_MS : READING_LATER_MS;
      if (due()) entry.look = this.clock.after(next, () => void look());
      else entry.looking = false;
    };
    entry.looking = true;
    entry.look = this.clock.after(READING_LOOK_MS, () => void look());
  }

  /** Whether a process is running in the session's PTY (spec/cli.md § lich server side, Liveness). */
  isLive(id: string): boolean {
    return this.live.has(id);
  }

  /** Ids of every session with a PTY. */
  liveIds(): string[] {
    return [...this.live.keys()];
  }

  /** The process id in the session's PTY, or undefined. */
  pid(id: string): number | undefined {
    return this.live.get(id)?.pid;
  }

  /** The last ~64 KiB of the session's output, as written (escape sequences included). */
  tail(id: string): string {
    return this.live.get(id)?.tail ?? '';
  }

  /** Whether the session's PTY is still running its setup script (its ready marker not yet seen). */
  inSetup(id: string): boolean {
    const e = this.live.get(id);
    return e?.marker !== undefined && !e.marker.done;
  }

  /** Milliseconds since the session's PTY last wrote anything (since start if never), or undefined. */
  quietFor(id: string): number | undefined {
    const e = this.live.get(id);
    return e ? this.clock.now() - e.lastOutputAt : undefined;
  }

  /**
   * Whether the session is at a free prompt: {@link settled}, and no draft of a person's is
   * there, however old (terminal/draft.ts) — what the relay's typing waits for, so a task is
   * never submitted with somebody's half-written question.
   */
  ready(id: string): boolean {
    const e = this.live.get(id);
    return e !== undefined && this.settled(id) && !e.draft.present();
  }

  /**
   * Whether the session's program reads its input: live, past its setup script (the ready marker
   * seen, when one was asked for — wire.md § 9, setup marker), and its program reads input by its
   * {@link StartOptions.ready} rule — the provider's sign of reading seen, then quiet; without
   * one, the PTY quiet ≥ 600 ms (readySettle) — at least once since. Counted from the marker's own
   * output, so a setup script sleeping in silence never makes the session ready. Latched: an agent
   * drawing a spinner mid-turn stays ready, since every provider queues text typed mid-turn. A
   * draft does not count: `lich insert` adds its text after one.
   */
  settled(id: string): boolean {
    const e = this.live.get(id);
    if (!e) return false;
    if (e.marker && !e.marker.done) return false;
    return e.readiness.ready(this.clock.now());
  }

  /**
   * Whether a person's draft is at the session's prompt (terminal/draft.ts): text written as
   * input and neither submitted nor dropped — what holds the relay's typing ({@link ready}, and
   * {@link type}'s `DraftHeld`). False for a session with no PTY.
   */
  drafted(id: string): boolean {
    return this.live.get(id)?.draft.present() ?? false;
  }

  /**
   * The session's program said it reads its input (its plugin's `/session-start`,
   * `SessionHost.started`): ready from now on, as if its rule had held. Ignored while the setup
   * script still runs, and for a session with no PTY.
   */
  markReading(id: string): void {
    const e = this.live.get(id);
    if (!e || (e.marker && !e.marker.done)) return;
    e.readiness.latch(this.clock.now());
  }

  /**
   * How long ago, in ms, its plugin's `/session-start` made ready a session that awaits its plugin
   * (readiness.ts `startReportedAgo`: a Claude Code session lich started with its plugin);
   * `undefined` for any other session.
   */
  startReportedAgo(id: string): number | undefined {
    return this.live.get(id)?.readiness.startReportedAgo(this.clock.now());
  }

  /**
   * Whether the session is past its setup script and looks at its prompt by its provider's own
   * rule, yet awaits its plugin's `/session-start`, which has not come (readiness.ts `unheard`): a
   * Claude Code session lich started with its plugin, sitting on its folder-trust dialog.
   */
  unheard(id: string): boolean {
    const e = this.live.get(id);
    if (!e || (e.marker && !e.marker.done)) return false;
    return e.readiness.unheard(this.clock.now());
  }

  /**
   * Whether the session is past its setup script and still not ready when its rule's cap ran out
   * (readiness.ts `overdue`): what is sent to it now is held, and the ticket comes back at once.
   */
  overdue(id: string): boolean {
    const e = this.live.get(id);
    if (!e || (e.marker && !e.marker.done)) return false;
    return e.readiness.overdue(this.clock.now());
  }

  /**
   * Writes input to the session's PTY as a person's: what is left unsubmitted there is a draft
   * the relay's typing waits for (terminal/draft.ts). @throws Error when it has none.
   */
  write(id: string, data: string): void {
    const e = this.live.get(id);
    if (!e) throw new Error(`session ${id} has no terminal`);
    e.draft.input(data);
    e.proc.write(data);
  }

  /**
   * Pastes `text` at the prompt and leaves it there (`lich insert`): bracketed when the program
   * asked for bracketed paste, plain otherwise, as a person's input (a draft).
   * @throws PasteRefusal when it cannot arrive whole (its newlines would be Enter presses, or a
   *   line too long for a line-reading terminal; terminal/paste.ts); Error when it has no PTY.
   */
  async paste(id: string, text: string): Promise<void> {
    this.write(id, await this.framed(id, text, true));
  }

  /**
   * Types `text` at the session's prompt (wire.md § 8.2): a paste — bracketed when the program
   * asked for bracketed paste, its text alone otherwise — then, once the PTY has been quiet
   * ≥ 150 ms, or after 5 s whatever it does, a separate carriage return (or the session's
   * {@link StartOptions.submitKey}). Resolves once that is written; what was at the prompt went
   * with it.
   * @throws PasteRefusal, before anything is written, for a line the program's terminal would cut
   *   (terminal/paste.ts); DraftHeld, before anything is written, while a person's draft is at the
   *   prompt — asked here, where the write happens, so no check made earlier can be outrun by a
   *   paste or a keystroke in between; Error when the session has no PTY, or loses it before the CR.
   */
  async type(id: string, text: string): Promise<void> {
    const framed = await this.framed(id, text, false);
    if (this.live.get(id)?.draft.present()) throw new DraftHeld(id);
    this.send(id, framed);
    const pastedAt = this.clock.now();
    if (this.o.trace) {
      const e = this.live.get(id);
      if (e) e.traced = {};
      this.o.trace('pasted', id);
    }
    for (;;) {
      const e = this.live.get(id);
      if (!e) throw new Error(`session ${id} ended before the message was submitted`);
      const now = this.clock.now();
      // Output from before the paste says nothing about whether the paste has been drawn.
      const quiet = now - Math.max(e.lastOutputAt, pastedAt);
      if (quiet >= SUBMIT_QUIET_MS || now - pastedAt >= SUBMIT_SETTLE_LIMIT_MS) {
        e.proc.write(e.submitKey);
        e.draft.submitted();
        if (this.o.trace && e.traced) this.traced(id, e.traced, hrMs());
        e.traced = undefined;
        return;
      }
      const left = Math.min(SUBMIT_QUIET_MS - quiet, SUBMIT_SETTLE_LIMIT_MS - (now - pastedAt));
      await sleep(this.clock, Math.max(10, left));
    }
  }

  /**
   * Why `text` cannot be pasted whole at the session's program (terminal/paste.ts), undefined
   * when it can: what `type` and `paste` would refuse, for a caller to ask before it promises
   * anything. `keepNewlines` is `paste`'s case: the text is left at the prompt, not submitted.
   */
  async pasteRefusal(id: string, text: string, keepNewlines = false): Promise<string | undefined> {
    const e = this.live.get(id);
    if (!e) return undefined;
    const pts = (e.proc as unknown as { ptsName?: unknown }).ptsName;
    return pasteProblem(text, {
      bracketed: e.paste.bracketed,
      keepNewlines,
      canonical: () => (typeof pts === 'string' && pts !== '' ? canonicalMode(pts) : Promise.resolve(undefined)),
    });
  }

  /** The marks of one {@link type}'s output and Enter (trace.ts). */
  private traced(id: string, out: { first?: number; last?: number }, enterAt: number): void {
    const trace = this.o.trace!;
    if (out.first !== undefined) trace('output-first', id, out.first);
    if (out.last !== undefined) trace('output-last', id, out.last);
    trace('enter', id, enterAt);
  }

  /** `text` as the program takes it: bracketed or not, or refused. */
  private async framed(id: string, text: string, keepNewlines: boolean): Promise<string> {
    const e = this.live.get(id);
    if (!e) throw new Error(`session ${id} has no terminal`);
    const refusal = await this.pasteRefusal(id, text, keepNewlines);
    if (refusal !== undefined) throw new PasteRefusal(refusal);
    return e.paste.bracketed ? PASTE_START + text + PASTE_END : text;
  }

  /** Writes lich's own typing: not a person's input, so no draft. @throws Error when it has no PTY. */
  private send(id: string, data: string): void {
    const e = this.live.get(id);
    if (!e) throw new Error(`session ${id} has no terminal`);
    e.proc.write(data);
  }

  /**
   * The session's grid, as node-pty holds it: what its process draws for. Undefined when it has
   * no PTY.
   */
  size(id: string): { cols: number; rows: number } | undefined {
    const e = this.live.get(id);
    return e ? { cols: e.proc.cols, rows: e.proc.rows } : undefined;
  }

  /**
   * The grid a PTY started now gets (spec/cli.md § Known ceilings, terminal.sizeFor): the one a
   * window last reported ({@link windowMeasured}), 80×24 when none ever has.
   */
  sizeFor(): Grid {
    return this.window.sizeFor();
  }

  /**
   * A window (the web view's page) measured the grid its terminal box fits: every PTY started
   * from now on starts at it. Sessions already running keep theirs — the window resizes the one
   * it views ({@link resize}). Clamped to cols 20–500, rows 5–200 (terminal/grid.ts
   * `GRID_BOUNDS`); returns the grid as remembered.
   * @throws RangeError for a side that is not a finite number: nothing is remembered.
   */
  windowMeasured(g: Grid): Grid {
    return this.window.report(g);
  }

  /**
   * Resizes the session's PTY (node-pty `resize`: the kernel's window size, and SIGWINCH to the
   * foreground process group, which is what makes a TUI repaint for the new grid). Clamped to
   * cols 20–500, rows 5–200 (terminal/grid.ts `GRID_BOUNDS`). Returns the grid the PTY has
   * afterwards; undefined when the session has no PTY or it closed under the resize. A grid the
   * PTY already has is left alone: no SIGWINCH, no repaint.
   * @throws RangeError for a side that is not a finite number.
   */
  resize(id: string, g: Grid): Grid | undefined {
    const want = clampGrid(g);
    const e = this.live.get(id);
    if (!e) return undefined;
    if (e.proc.cols === want.cols && e.proc.rows === want.rows) return want;
    try {
      e.proc.resize(want.cols, want.rows);
    } catch {
      // The process ended and its fd closed between the look and the ioctl: its exit is on its way.
      return undefined;
    }
    return { cols: e.proc.cols, rows: e.proc.rows };
  }

  /**
   * Subscribes to every session's output as it arrives (node-pty's decoded text, escape
   * sequences included), synchronously from the PTY's data event: a listener must only copy or
   * queue it. Returns an unsubscribe function.
   */
  onOutput(listener: (id: string, data: string) => void): () => void {
    this.outputListeners.add(listener);
    return () => this.outputListeners.delete(listener);
  }

  /**
   * Subscribes to PTY starts: `listener(id)` runs synchronously at the end of {@link start},
   * once {@link isLive} says true and before any output. A listener that throws is ignored.
   * Returns an unsubscribe function.
   */
  onStart(listener: (id: string) => void): () => void {
    this.startListeners.add(listener);
    return () => this.startListeners.delete(listener);
  }

  /** Subscribes to PTY exits. Returns an unsubscribe function. */
  onExit(listener: (id: string, info: ExitInfo, tail: string) => void): () => void {
    this.exitListeners.add(listener);
    return () => this.exitListeners.delete(listener);
  }

  /**
   * Ends the session's process and what it left in its process group (terminal/group.ts): SIGHUP
   * to the process (a terminal closing), then, 2 s on by the terminal's clock, SIGKILL to the
   * whole group if anything of it is left. Resolves once the process is gone, every exit
   * listener has run, and nothing of the group can run — or, for a member that does not die even
   * of SIGKILL, 2 s after that kill; at once when the session has no PTY. The grace, the looks at
   * what is left of the group (every GROUP_LOOK_MS) and the 2 s after the kill are all on the
   * terminal's clock.
   *
   * Why the group: a confined session's bubblewrap, ended by the hangup while it starts, leaves
   * the sandbox's first process running for good (group.ts); killing only the PTY's process left
   * a closed session with a process.
   */
  async kill(id: string): Promise<ExitInfo | undefined> {
    const e = this.live.get(id);
    if (!e) return undefined;
    e.closing = true;
    try {
      e.proc.kill('SIGHUP');
    } catch {
      // Already gone: the exit event is on its way.
    }
    // The group's id is the process's pid (node-pty's setsid), not handed out again while any
    // member lives: the kill reaches this session's processes or nothing.
    let killedAt: number | undefined;
    const timer = this.clock.after(KILL_GRACE_MS, () => {
      killedAt = this.clock.now();
      signalGroup(e.pid, 'SIGKILL');
    });
    try {
      const info = await e.exited;
      // The members are no children of this process: nothing tells it when they go, so look.
      while (groupAlive(e.pid) && (killedAt === undefined || this.clock.now() - killedAt < KILL_GRACE_MS)) {
        await sleep(this.clock, GROUP_LOOK_MS);
      }
      // Kept while anything of the session runs on: the next start sweeps it.
      this.o.records?.forgetIfGone(e.pid, id);
      return info;
    } finally {
      timer.cancel();
    }
  }

  /**
   * What the process group of a session whose program exited on its own still holds — a job it
   * started that ignores the hangup (`nohup … &`), a process the program's death left behind — is
   * ended as a close ends it: SIGTERM, and SIGKILL to what is left after {@link KILL_GRACE_MS}.
   * The session is over, and nothing may run on with no card to show it (spec/cli.md § lich close
   * ends a session's processes; the fault suite's worker killed with a job running). Its record
   * (terminal/leftovers.ts) stays until nothing of the group runs. {@link killAll} waits for it.
   */
  private endLeftOf(id: string, pid: number): void {
    if (!groupAlive(pid)) {
      this.o.records?.forgetIfGone(pid, id);
      return;
    }
    const ending = (async () => {
      signalGroup(pid, 'SIGTERM');
      const from = this.clock.now();
      let killed = false;
      while (groupAlive(pid)) {
        if (!killed && this.clock.now() - from >= KILL_GRACE_MS) {
          signalGroup(pid, 'SIGKILL');
          killed = true;
        } else if (killed && this.clock.now() - from >= 2 * KILL_GRACE_MS) {
          break; // what SIGKILL does not end (a process in D state) is the next start's to sweep
        }
        await sleep(this.clock, GROUP_LOOK_MS);
      }
      this.o.records?.forgetIfGone(pid, id);
    })();
    this.endings.add(ending);
    void ending.finally(() => this.endings.delete(ending));
  }

  /** Ends every session's process, and what exited sessions left in their groups; resolves when all are gone. */
  async killAll(): Promise<void> {
    await Promise.all([...this.liveIds().map((id) => this.kill(id)), ...this.endings]);
  }
}

/** Most bytes read from a PTY after its stream ended: a dead process left at most a kernel buffer or two. */
const DRAIN_LIMIT_BYTES = 1024 * 1024;

/** The parts of node-pty's UnixTerminal (lib/unixTerminal.js, 1.1.0) the drain needs; private there. */
interface PtyInternals {
  _fd?: unknown;
  _socket?: { push?: unknown; destroy?: unknown };
}

type Push = (chunk: Buffer | string | null, encoding?: BufferEncoding) => boolean;

/**
 * Makes node-pty deliver every byte the process wrote before it reports the exit.
 *
 * Why: when the process exits, Linux can answer the master's read with 0 bytes (not EIO) while
 * the last few KiB are still queued; libuv takes that as end-of-file, node-pty destroys the
 * stream (closing the fd) and emits the exit, and the output is lost — under load ~1 run in 4
 * of a process that writes 100 KB and exits. The same loss follows node-pty's own 200 ms
 * "socket never closed" timeout when the event loop is that late. So when the stream is about
 * to end (its `push(null)`) or be destroyed, the fd is first read synchronously until EIO (the
 * slave side is closed and empty), EAGAIN (something still holds the slave: nothing is queued
 * now), or 1 MiB, and what it yields is pushed into the stream as ordinary output: through the
 * stream's own UTF-8 decoder, so a character split across the boundary survives. node-pty emits
 * the exit only after that close, so exit listeners see the whole tail.
 *
 * On a node-pty without these internals (another platform or version) its own behaviour stands.
 */
function drainBeforeClose(proc: pty.IPty): void {
  const inner = proc as unknown as PtyInternals;
  const socket = inner._socket;
  const fd = inner._fd;
  if (typeof fd !== 'number' || !socket || typeof socket.push !== 'function' || typeof socket.destroy !== 'function') return;
  const push = socket.push as Push;
  const destroy = socket.destroy as (...args: unknown[]) => unknown;
  let drained = false;
  const drain = (self: unknown): void => {
    if (drained) return;
    drained = true;
    let total = 0;
    let empty = 0;
    while (total < DRAIN_LIMIT_BYTES && empty < 3) {
      // A fresh buffer per read: the stream keeps what it is given.
      const buf = Buffer.allocUnsafe(64 * 1024);
      let n: number;
      try {
        n = readSync(fd, buf, 0, buf.length, null);
      } catch {
        break; // EIO: closed and empty; EAGAIN: nothing queued; EBADF: already closed.
      }
      if (n === 0) {
        empty++;
        continue;
      }
      total += n;
      push.call(self, buf.subarray(0, n));
    }
  };
  socket.push = function (this: unknown, chunk: Buffer | string | null, encoding?: BufferEncoding): boolean {
    if (chunk === null) drain(this);
    return push.call(this, chunk, encoding);
  };
  socket.destroy = function (this: unknown, ...args: unknown[]): unknown {
    drain(this);
    return destroy.apply(this, args);
  };
}
