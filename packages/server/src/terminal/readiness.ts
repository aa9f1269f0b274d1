/**
 * When a session's program reads what is typed at it (spec/cli.md § Known ceilings, "A session is
 * addressable before its agent can read"; wire.md § 8.2, Free prompt): the rule the terminal
 * applies before lich types a task, per provider, as measured on each real client
 * (docs/architecture.md § Readiness).
 *
 * Quiet alone is what lich had: a PTY that stopped drawing for 600 ms has taken the terminal. Two
 * real clients drop what is typed while they still start, after a quiet that long: opencode 1.18.33
 * reads input only once its prompt is drawn, 2–25 s in (text typed at 0.8, 3.5 and 6 s was lost),
 * and Claude Code 2.1.328 lost a paste typed 1 s in, before it turned bracketed paste on at 1.6 s.
 * So a provider can name output that shows its program reads input — its prompt's own text, or the
 * escape that turns bracketed paste on — and the session is ready once that appeared and the PTY
 * then went quiet for the rule's quiet. A client whose screen changed so the text never comes must
 * still be typed at: after the rule's cap the plain quiet stands in.
 *
 * A program nobody measured here (a user's own provider, a built-in client that cannot be installed
 * here, the shell) gets {@link TERMINAL_READINESS}: ready once its terminal shows it reads — a
 * process of the session blocked reading the terminal or watching it for input, the terminal taken
 * out of cooked mode, or bracketed paste turned on — which a program still loading (a wrapper's
 * `sleep 4`, a CLI fetching its model list) shows none of. The terminal half is looked at by the
 * terminal (terminal/reading.ts) and reported here with {@link ReadyWatch.sign}.
 *
 * A session whose plugin always reports its start once its program reads (a Claude Code session
 * lich started with its own plugin) is ready only by that report, with no cap: what its screen
 * shows can be a question of its own (the folder-trust dialog), which a typed task answers.
 *
 * Pure: every method takes the time, so a test drives it with numbers rather than sleeps.
 */
import { plainText } from './output-text.js';

/** Quiet that makes a fresh session ready, once (wire.md § 9, readySettle). */
export const READY_QUIET_MS = 600;

/**
 * How long a provider's own sign of reading is waited for before {@link READY_QUIET_MS} of quiet
 * alone makes the session ready: above the slowest start measured (opencode's prompt, 25 s on a
 * loaded 2-core machine), well under the 5 minutes a task is held.
 */
export const READY_CAP_MS = 60_000;

/** The escape a program writes to turn bracketed paste on (xterm mode 2004). */
export const BRACKETED_PASTE_ON = '\x1b[?2004h';

/** How much of the output a {@link ReadyPattern} is matched against: the last this many characters (of the raw output). */
export const PATTERN_WINDOW = 4096;

/**
 * A pattern whose match in the output shows the program reads input: `on: 'raw'` in the raw PTY
 * text, escapes included (a window title); `on: 'text'` in the printable text, escape sequences
 * and control characters removed (a prompt a TUI draws with colours and cursor moves between its
 * words). Matched within the last {@link PATTERN_WINDOW} characters, so across chunk boundaries.
 * The expression must not be global or sticky (it is tested afresh each time).
 */
export interface ReadyPattern {
  re: RegExp;
  on: 'raw' | 'text';
}

/** How a provider's program shows it reads its input; `{}` is the plain quiet rule. */
export interface ReadyRule {
  /**
   * Output any one of which shows the program reads input (raw PTY text, escapes included, found
   * across chunk boundaries). Absent or empty: none is waited for.
   */
  shows?: readonly string[];
  /**
   * Patterns any one of which, matched in the output, shows the program reads input, as `shows`
   * does: looked for until the first match (beside `asks`, only `shows` answers a question).
   */
  matches?: readonly ReadyPattern[];
  /**
   * Whether the terminal's own state is a sign of reading (terminal/reading.ts, looked at by the
   * terminal and reported with {@link ReadyWatch.sign}): a process of the session blocked reading
   * the terminal or watching it for input, or the terminal out of cooked mode.
   */
  reads?: boolean;
  /** Quiet after a sign (or, with none to wait for, since the start) that makes it ready. Default {@link READY_QUIET_MS}. */
  quietMs?: number;
  /** How long `shows` is waited for before the plain quiet rule applies. Default {@link READY_CAP_MS}. */
  capMs?: number;
  /**
   * Whether the provider's plugin reporting `/session-start` means its program reads input
   * (`SessionHost.started`). Default true — a plugin that reports once it is up says more than any
   * screen; false where that report was measured to come before the program reads.
   */
  startMeansReading?: boolean;
  /**
   * Nothing the program prints counts, only its plugin's `/session-start` (which makes any session
   * ready, SessionHost.started), and the cap does not end that wait: a Claude Code session lich
   * started with its own plugin (providers/claude-plugin.ts). Its bracketed paste comes on seconds
   * before the plugin's mod polls, and on the folder-trust dialog too, where anything typed answers
   * the dialog's preselected "No, exit" and ends the session; the plugin's SessionStart hook reports
   * only once the session is past both (measured on 2.1.328). Where the rest of the rule holds
   * meanwhile, the session is {@link ReadyWatch.unheard}: the relay judges a task held for it
   * `unread` rather than typing it.
   */
  awaitsPlugin?: boolean;
  /**
   * Output any one of which shows the program asks a question of its own where its input would
   * be (raw PTY text, as `shows`): Codex's folder-trust menu, whose preselected answer a typed
   * task's Enter picks — lich would trust the folder for the user. From that output until a sign
   * of `shows` comes after it, the session is not ready, the cap does not end the wait, and once
   * the rule's quiet held it is {@link ReadyWatch.unheard}: the relay types nothing and judges a
   * task held for it `unread`. Absent or empty: nothing is.
   */
  asks?: readonly string[];
}

/**
 * The rule for a program not measured here (a user-defined provider that declares no `ready`, the
 * built-in kinds whose clients cannot be installed here, the shell): its terminal shows it reads —
 * a process blocked reading the terminal, or watching it for input (cat, python's `input()`, a
 * node `data` listener), the terminal out of cooked mode (node's readline, GNU readline, every
 * raw-mode TUI), or bracketed paste on (bash, the example agent) — then 600 ms of quiet. Measured
 * here on `sh -c 'sleep 4; exec …'` in front of each of those (docs/architecture.md § Readiness):
 * none of the signs while `sleep` ran, one of them within 0.2 s of the program reading. Quiet
 * alone, or any output at all, typed at the wrapper (a `Loading…` line then silence).
 *
 * What it cannot tell: a program that takes the terminal before it reads (opencode: raw mode and
 * bracketed paste seconds before its prompt takes input) is typed at early — declare its prompt's
 * text; a program that reads only through `select`/`poll` on a cooked terminal, with no prompt,
 * shows nothing until the cap, when the plain quiet stands in.
 */
export const TERMINAL_READINESS: ReadyRule = { shows: [BRACKETED_PASTE_ON], reads: true };

/**
 * One PTY's readiness under a {@link ReadyRule}, latched: once ready it stays ready, since an agent
 * drawing a spinner mid-turn still queues what is typed at it.
 *
 * @example
 *   const w = new ReadyWatch({ shows: ['Ask anything'], quietMs: 150 }, Date.now());
 *   pty.onData((d) => w.feed(d, Date.now()));
 *   if (w.ready(Date.now())) type();
 */
export class ReadyWatch {
  private since: number;
  private lastOutputAt: number;
  private shownAt: number | undefined;
  /** When the program last asked a question of its own with no sign of reading after it. */
  private askedAt: number | undefined;
  private carry = '';
  private latched = false;
  /** When the plugin's `/session-start` latched a session that awaits its plugin ({@link startReportedAgo}). */
  private reportedAt: number | undefined;
  /** The rule's own sign and quiet (or the cap's quiet) held once, whether or not the session awaits its plugin. */
  private looked = false;
  private readonly shows: readonly string[];
  private readonly asks: readonly string[];
  private readonly matches: readonly ReadyPattern[];
  private readonly longest: number;
  /** Whether anything is waited for before the quiet counts: output signs, or the terminal's. */
  private readonly signs: boolean;
  /** The last {@link PATTERN_WINDOW} characters of raw output, while {@link matches} are looked for. */
  private window = '';

  constructor(
    private readonly rule: ReadyRule,
    now: number,
  ) {
    this.shows = (rule.shows ?? []).filter((s) => s !== '');
    this.asks = (rule.asks ?? []).filter((s) => s !== '');
    this.matches = rule.matches ?? [];
    this.signs = this.shows.length > 0 || this.matches.length > 0 || rule.reads === true;
    this.longest = Math.max(0, ...this.shows.map((s) => s.length), ...this.asks.map((s) => s.length));
    this.since = now;
    this.lastOutputAt = now;
  }

  /** Output arrived at `now` (ms). */
  feed(chunk: string, now: number): void {
    // A rule with questions latches as soon as it held, not when a task first asks (ready): the
    // words of a question in a later turn's output must not make a session that read unready.
    if (this.asks.length > 0 && !this.latched && !this.rule.awaitsPlugin && this.looks(now)) this.latched = true;
    this.lastOutputAt = now;
    // Past its sign a rule with no questions has nothing left to look for; one with questions
    // looks until the session is ready, since a question can come after the sign (a menu drawn
    // over the prompt).
    if (this.asks.length === 0 ? !this.looksAtOutput || this.shownAt !== undefined : this.latched) return;
    const text = this.carry + chunk;
    if (this.matches.length > 0 && this.matched(chunk)) {
      this.sign(now);
      return;
    }
    const show = lastMatch(text, this.shows);
    const ask = lastMatch(text, this.asks);
    let end = -1;
    if (show.at > ask.at) {
      this.shownAt = now;
      this.askedAt = undefined;
      end = show.end;
    } else if (ask.at >= 0) {
      this.askedAt = now;
      end = ask.end;
    }
    // Keep only what could be the start of a sign split across chunks, never a match already seen.
    const rest = end >= 0 ? text.slice(end) : text;
    this.carry = this.longest > 1 ? rest.slice(-(this.longest - 1)) : '';
  }

  /**
   * The program showed it reads at `now` by something other than its output (terminal/reading.ts:
   * the terminal's state), or one of {@link ReadyRule.matches} matched: as a sign of `shows`.
   */
  sign(now: number): void {
    if (this.shownAt !== undefined) return;
    this.shownAt = now;
    this.askedAt = undefined;
    this.carry = '';
    this.window = '';
  }

  /**
   * Whether the terminal's state is still to be looked at for a sign ({@link ReadyRule.reads}) at
   * `now`: the rule asks for it, neither a sign nor readiness came yet, and its cap has not run
   * out (past it the plain quiet stands in, and a sign changes nothing).
   */
  probing(now: number): boolean {
    return this.rule.reads === true && this.shownAt === undefined && !this.latched && !this.overCap(now);
  }

  /**
   * Starts the count again at `now`, forgetting what was seen: the program the rule is about starts
   * here (a worktree's setup script handed over to the provider, `spawn/setup.ts`).
   */
  restart(now: number): void {
    this.since = now;
    this.lastOutputAt = now;
    this.shownAt = undefined;
    this.askedAt = undefined;
    this.carry = '';
    this.window = '';
    this.latched = false;
    this.looked = false;
    this.reportedAt = undefined;
  }

  /**
   * The program's plugin reported `/session-start`: ready from now on, latched — unless the rule
   * says that report comes before its program reads ({@link ReadyRule.startMeansReading} false)
   * and the session does not await its plugin ({@link ReadyRule.awaitsPlugin}).
   */
  latch(now?: number): void {
    if (this.rule.startMeansReading === false && !this.rule.awaitsPlugin) return;
    if (this.rule.awaitsPlugin && !this.latched) this.reportedAt = now;
    this.latched = true;
  }

  /**
   * How long ago, in ms, the plugin's `/session-start` made a session that awaits its plugin
   * ({@link ReadyRule.awaitsPlugin}) ready; `undefined` for any other session, or before it.
   */
  startReportedAgo(now: number): number | undefined {
    return this.reportedAt === undefined ? undefined : now - this.reportedAt;
  }

  /** Whether the program's sign of reading was seen. */
  get shown(): boolean {
    return this.shownAt !== undefined;
  }

  /** Whether the program's latest word is a question of its own ({@link ReadyRule.asks}), not yet followed by its sign of reading. */
  get asking(): boolean {
    return this.askedAt !== undefined;
  }

  /**
   * Whether the program reads what is typed now (latched). A session that awaits its plugin
   * ({@link ReadyRule.awaitsPlugin}) reads only once that plugin reported ({@link latch}).
   */
  ready(now: number): boolean {
    if (this.latched) return true;
    if (this.rule.awaitsPlugin || !this.looks(now)) return false;
    this.latched = true;
    return true;
  }

  /**
   * Whether the session awaits its plugin's `/session-start`, which has not come, while the rest
   * of its rule holds (its sign of reading seen and the quiet after it, or the cap's quiet): where
   * any other session would be typed at, something of the program's own has the terminal — Claude
   * Code's folder-trust dialog — or it is slow. The relay types nothing there, and a task it holds
   * for such a session ends `unread` after two receipt windows (relay.ts, `deliver`).
   */
  unheard(now: number): boolean {
    if (this.latched) return false;
    if (this.askedAt !== undefined) return now - this.lastOutputAt >= (this.rule.quietMs ?? READY_QUIET_MS);
    return this.rule.awaitsPlugin === true && this.looks(now);
  }

  /**
   * Whether the session is still not ready past the rule's cap: a task sent now is held and the
   * ticket comes back at once, as behind a setup script (relay `send`). Never for a session that
   * awaits its plugin: the relay's never-read count ends that wait, within the sender's.
   */
  overdue(now: number): boolean {
    return !this.rule.awaitsPlugin && this.askedAt === undefined && !this.ready(now) && this.overCap(now);
  }

  /** The rule's sign and quiet — or, past the cap without the sign, the plain quiet — held (latched). */
  private looks(now: number): boolean {
    if (this.askedAt !== undefined) return false;
    if (this.looked) return true;
    const quiet = now - this.lastOutputAt;
    let ok: boolean;
    if (!this.signs) ok = quiet >= (this.rule.quietMs ?? READY_QUIET_MS);
    // Quiet after the sign, not merely since the last output: a sign from the terminal's state
    // (sign) is looked at on a timer, and output the program wrote before it — the escape that
    // turns bracketed paste on, written just after raw mode — may not have been read yet by a busy
    // backend (measured: a fresh example agent typed at unbracketed, its task split into lines).
    else if (this.shownAt !== undefined) ok = now - Math.max(this.lastOutputAt, this.shownAt) >= (this.rule.quietMs ?? READY_QUIET_MS);
    else ok = this.overCap(now) && quiet >= READY_QUIET_MS;
    if (ok) this.looked = true;
    return ok;
  }

  /** Whether output signs are looked for at all (`shows`, `matches`). */
  private get looksAtOutput(): boolean {
    return this.shows.length > 0 || this.matches.length > 0;
  }

  /** Adds `chunk` to the pattern window and says whether any of {@link ReadyRule.matches} matches there. */
  private matched(chunk: string): boolean {
    this.window = (this.window + chunk).slice(-PATTERN_WINDOW);
    let text: string | undefined;
    return this.matches.some((m) => m.re.test(m.on === 'raw' ? this.window : (text ??= plainText(this.window))));
  }

  private overCap(now: number): boolean {
    return now - this.since >= (this.rule.capMs ?? READY_CAP_MS);
  }
}

/** Where the last of `signs` starts in `text` and where it ends; `at` -1 for none. */
function lastMatch(text: string, signs: readonly string[]): { at: number; end: number } {
  let at = -1;
  let end = -1;
  for (const s of signs) {
    const i = text.lastIndexOf(s);
    if (i > at) {
      at = i;
      end = i + s.length;
    }
  }
  return { at, end };
}
