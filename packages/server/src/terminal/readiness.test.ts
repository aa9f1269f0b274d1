import { describe, expect, it } from 'vitest';
import { BRACKETED_PASTE_ON, READY_CAP_MS, READY_QUIET_MS, ReadyWatch, TERMINAL_READINESS } from './readiness.js';

// Times in ms since the PTY started; every method takes the time, so nothing here sleeps.

describe('ReadyWatch with the plain quiet rule', () => {
  it('is ready once the PTY has been quiet 600 ms, counted from the start while nothing was written', () => {
    const w = new ReadyWatch({}, 0);
    expect(w.ready(READY_QUIET_MS - 1)).toBe(false);
    expect(w.ready(READY_QUIET_MS)).toBe(true);
  });

  it('counts the quiet from the last output, and stays ready once it was (a spinner mid-turn)', () => {
    const w = new ReadyWatch({}, 0);
    w.feed('banner', 500);
    expect(w.ready(1000)).toBe(false);
    expect(w.ready(1100)).toBe(true);
    w.feed('spinner', 1200);
    expect(w.ready(1201)).toBe(true);
  });
});

describe('ReadyWatch with a sign of reading (opencode: its prompt text)', () => {
  const opencode = { shows: ['Ask anything', 'ctrl+p'], quietMs: 150 };

  it('is not ready on quiet alone while the sign has not appeared — opencode is silent for seconds before it reads', () => {
    const w = new ReadyWatch(opencode, 0);
    w.feed('\x1b[6n\x1b[?2004h', 800);
    // Measured: text typed at 0.8, 3.5 and 6 s was lost, in silences of up to 5 s.
    for (const t of [1500, 3500, 6000, 9000]) expect(w.ready(t)).toBe(false);
  });

  it('is ready once the prompt was drawn and the frame ended', () => {
    const w = new ReadyWatch(opencode, 0);
    w.feed('\x1b[19;27H\x1b[38;5;8mAsk anything… "What is the tech stack?"', 9600);
    w.feed('\x1b[23;84Hctrl+p \x1b[0mcommands', 9610);
    expect(w.ready(9700)).toBe(false);
    expect(w.ready(9760)).toBe(true);
    expect(w.shown).toBe(true);
  });

  it('takes any one of its signs: a resumed conversation draws no placeholder, only the footer', () => {
    const w = new ReadyWatch(opencode, 0);
    w.feed('\x1b[35;104H\x1b[38;5;255mctrl+p \x1b[0m', 12_811);
    expect(w.ready(13_000)).toBe(true);
  });

  it('finds a sign split across two chunks', () => {
    const w = new ReadyWatch(opencode, 0);
    w.feed('…\x1b[38;5;8mAsk any', 5000);
    expect(w.shown).toBe(false);
    w.feed('thing… "x"', 5001);
    expect(w.shown).toBe(true);
  });

  it('falls back to the plain quiet rule after its cap, for a client whose screen changed', () => {
    const w = new ReadyWatch(opencode, 0);
    w.feed('a prompt in other words', 2000);
    expect(w.ready(READY_CAP_MS - 1)).toBe(false);
    expect(w.overdue(READY_CAP_MS - 1)).toBe(false);
    expect(w.ready(READY_CAP_MS)).toBe(true);
    expect(w.overdue(READY_CAP_MS)).toBe(false);
  });

  it('is overdue past its cap while the PTY is still drawing, and ready at its next quiet', () => {
    const w = new ReadyWatch({ shows: ['never'], capMs: 10_000 }, 0);
    w.feed('busy', 9_900);
    w.feed('busy', 10_200);
    expect(w.overdue(10_300)).toBe(true);
    expect(w.ready(10_800)).toBe(true);
    expect(w.overdue(10_800)).toBe(false);
  });
});

describe('ReadyWatch for Claude Code (bracketed paste turned on)', () => {
  const claude = { shows: [BRACKETED_PASTE_ON] };

  it('waits past the quiet before its TUI takes input, then for the quiet after it turned bracketed paste on', () => {
    const w = new ReadyWatch(claude, 0);
    // Measured on 2.1.328: 0.85 s a cursor save, 1.65 s bracketed paste on, 1.75 s the prompt, banner frames to 2.9 s.
    w.feed('\x1b7\x1b[r\x1b8\x1b[?25h', 853);
    expect(w.ready(1600)).toBe(false);
    w.feed('\x1b[?2004h\x1b[?2031h\x1b[?1004h', 1649);
    w.feed('\x1b[?1049h\x1b[2J ❯ ', 1751);
    w.feed('▂', 2543);
    w.feed('▛', 2901);
    expect(w.ready(3400)).toBe(false);
    expect(w.ready(3501)).toBe(true);
  });
});

describe('ReadyWatch restarted (a setup script handed over to the provider)', () => {
  it('forgets a sign the setup script printed and counts the cap and the quiet from the hand-over', () => {
    const w = new ReadyWatch({ shows: [BRACKETED_PASTE_ON], capMs: 5000 }, 0);
    w.feed('bash: \x1b[?2004h', 100);
    w.restart(60_000);
    expect(w.ready(61_000)).toBe(false);
    expect(w.overdue(64_000)).toBe(false);
    w.feed('\x1b[?2004h', 62_000);
    expect(w.ready(62_600)).toBe(true);
  });
});

describe('ReadyWatch latched by its plugin', () => {
  it('is ready from the moment its plugin said it reads, whatever its rule waits for, and never overdue after', () => {
    const w = new ReadyWatch({ shows: ['never'], capMs: 1000 }, 0);
    w.feed('spinner', 10);
    expect(w.ready(20)).toBe(false);
    w.latch();
    expect(w.ready(20)).toBe(true);
    expect(w.overdue(5000)).toBe(false);
  });
});

/** Codex's own state report once its chat screen is live (0.169.0): the sign its rule waits for. */
const IDLE_REPORT = '\x1b]7501;state=idle';
const IDLE = `${IDLE_REPORT}:app=codex\x1b\\`;

describe('ReadyWatch for a program that may ask a question of its own first (Codex’s folder-trust menu)', () => {
  const codex = { shows: [IDLE_REPORT], asks: ['Trust and continue'] };
  const menu = '\x1b[2;1H\x1b[1m  Folder access\x1b[5;3HTrust\x1b[5;9Hthis\x1b[5;14Hfolder?\x1b[9;1H\x1b[7m› 1. Trust and continue   \x1b[10;3H2. Back';

  it('is never ready, nor overdue, while the question is on its screen — not even past the cap, where quiet would type the answer', () => {
    const w = new ReadyWatch(codex, 0);
    w.feed('\x1b[?2004h', 450);
    w.feed(menu, 1200);
    for (const t of [2000, READY_CAP_MS, READY_CAP_MS + READY_QUIET_MS, 10 * READY_CAP_MS]) {
      expect(w.ready(t)).toBe(false);
      expect(w.overdue(t)).toBe(false);
    }
    expect(w.asking).toBe(true);
  });

  it('is unheard once the question has stood for the rule’s quiet, so a task held for it ends unread', () => {
    const w = new ReadyWatch(codex, 0);
    w.feed(menu, 1200);
    expect(w.unheard(1200 + READY_QUIET_MS - 1)).toBe(false);
    expect(w.unheard(1200 + READY_QUIET_MS)).toBe(true);
  });

  it('is ready once its sign of reading follows the question (a person answered it) and the quiet held', () => {
    const w = new ReadyWatch(codex, 0);
    w.feed(menu, 1200);
    w.feed(`\x1b[37;1H›\x1b[37;3H\x1b[2mAsk Codex to do anything${IDLE}`, 30_000);
    expect(w.asking).toBe(false);
    expect(w.unheard(30_000 + READY_QUIET_MS)).toBe(false);
    expect(w.ready(30_000 + READY_QUIET_MS - 1)).toBe(false);
    expect(w.ready(30_000 + READY_QUIET_MS)).toBe(true);
  });

  it('takes a question drawn over its prompt after the sign, inside the quiet, as the latest word', () => {
    const w = new ReadyWatch(codex, 0);
    w.feed(IDLE, 1900);
    w.feed(menu, 2300);
    expect(w.ready(2300 + READY_QUIET_MS)).toBe(false);
    expect(w.unheard(2300 + READY_QUIET_MS)).toBe(true);
  });

  it('finds a question split across chunks, and reads the later of a sign and a question in one chunk', () => {
    const w = new ReadyWatch(codex, 0);
    w.feed('› 1. Trust and con', 1000);
    w.feed('tinue', 1001);
    expect(w.asking).toBe(true);
    w.feed(`Trust and continue … ${IDLE}`, 5000);
    expect(w.asking).toBe(false);
    w.feed(`${IDLE} … › 1. Trust and continue`, 5300);
    expect(w.asking).toBe(true);
  });

  it('does not count a question it already saw again from what it kept for a split', () => {
    const w = new ReadyWatch(codex, 0);
    w.feed('1. Trust and continue', 1000);
    w.feed(IDLE, 2000);
    w.feed('x', 2100);
    expect(w.asking).toBe(false);
    expect(w.ready(2100 + READY_QUIET_MS)).toBe(true);
  });

  it('stops looking once ready: a question drawn later is the session’s own business, as a spinner is', () => {
    const w = new ReadyWatch(codex, 0);
    w.feed(IDLE, 1900);
    expect(w.ready(2500)).toBe(true);
    w.feed('Trust and continue', 3000);
    expect(w.ready(3001)).toBe(true);
    expect(w.unheard(5000)).toBe(false);
  });
});

describe('ReadyWatch with questions, long after it was ready', () => {
  it('stays ready when a later turn prints the question’s words, though no task had asked whether it was ready', () => {
    const w = new ReadyWatch({ shows: [IDLE_REPORT], asks: ['Trust and continue'] }, 0);
    w.feed(IDLE, 1900);
    w.feed('the model explains: pick "1. Trust and continue" in that menu', 3_600_000);
    expect(w.asking).toBe(false);
    expect(w.ready(3_600_001)).toBe(true);
  });
});

describe('ReadyWatch with the terminal’s signs (a program nobody measured: a user’s provider)', () => {
  it('is not ready on quiet alone while the program behind a wrapper still loads, however long the silence', () => {
    const w = new ReadyWatch(TERMINAL_READINESS, 0);
    for (const t of [READY_QUIET_MS, 4000, READY_CAP_MS - 1]) expect(w.ready(t)).toBe(false);
    expect(w.probing(READY_CAP_MS - 1)).toBe(true);
  });

  it('is not ready on output alone either: a "Loading…" line then silence says nothing', () => {
    const w = new ReadyWatch(TERMINAL_READINESS, 0);
    w.feed('Loading models…\r\n', 10);
    expect(w.ready(4000)).toBe(false);
  });

  it('is ready once the terminal showed it reads and its output then went quiet 600 ms', () => {
    const w = new ReadyWatch(TERMINAL_READINESS, 0);
    w.feed('py> ', 4400);
    w.sign(4450);
    expect(w.probing(4450)).toBe(false);
    expect(w.ready(4450 + READY_QUIET_MS - 1)).toBe(false);
    expect(w.ready(4450 + READY_QUIET_MS)).toBe(true);
  });

  it('counts the quiet from the terminal\'s sign, not from a silence before it: output written then may not have been read yet', () => {
    // An example agent on a busy backend: raw mode on (the look's sign) 900 ms into a start that
    // printed nothing the backend had read, its bracketed-paste escape written right after.
    const w = new ReadyWatch(TERMINAL_READINESS, 0);
    w.sign(900);
    expect(w.ready(900)).toBe(false);
    expect(w.ready(900 + READY_QUIET_MS - 1)).toBe(false);
    expect(w.ready(900 + READY_QUIET_MS)).toBe(true);
  });

  it('is ready 600 ms after a terminal sign once the output that followed it went quiet', () => {
    const w = new ReadyWatch(TERMINAL_READINESS, 0);
    w.sign(900);
    w.feed(`${BRACKETED_PASTE_ON}example> `, 950);
    expect(w.ready(900 + READY_QUIET_MS)).toBe(false);
    expect(w.ready(950 + READY_QUIET_MS)).toBe(true);
  });

  it('takes bracketed paste turned on as a sign from the output itself', () => {
    const w = new ReadyWatch(TERMINAL_READINESS, 0);
    w.feed(`${BRACKETED_PASTE_ON}bash-5.2# `, 4030);
    expect(w.shown).toBe(true);
    expect(w.ready(4030 + READY_QUIET_MS)).toBe(true);
  });

  it('stops asking for looks at the terminal at the cap, where the quiet stands in', () => {
    const w = new ReadyWatch(TERMINAL_READINESS, 0);
    expect(w.probing(READY_CAP_MS)).toBe(false);
    expect(w.ready(READY_CAP_MS)).toBe(true);
  });
});

describe('ReadyWatch with patterns (a user’s provider that declares its prompt)', () => {
  it('finds text in what the program shows, its words apart in colours and cursor moves, split across chunks', () => {
    const w = new ReadyWatch({ matches: [{ re: /Ask me anything/, on: 'text' }] }, 0);
    w.feed('\x1b[?2004h\x1b[12;3H\x1b[38;5;8mAsk\x1b[0m me', 900);
    // Bracketed paste on is no sign for this rule: the program said what its sign is.
    expect(w.ready(5000)).toBe(false);
    w.feed(' any\x1b[1mthing', 5200);
    expect(w.shown).toBe(true);
    expect(w.ready(5200 + READY_QUIET_MS)).toBe(true);
  });

  it('matches a raw pattern in the escapes themselves (a window title)', () => {
    const w = new ReadyWatch({ matches: [{ re: /\x1b\][02];[^\x07\x1b]*my-agent/, on: 'raw' }] }, 0);
    w.feed('my-agent loading', 100);
    expect(w.shown).toBe(false);
    w.feed('\x1b]0;✳ my-agent — ready\x07', 2000);
    expect(w.shown).toBe(true);
  });

  it('forgets a match seen during the setup script when the program starts', () => {
    const w = new ReadyWatch({ matches: [{ re: /ready>/, on: 'text' }] }, 0);
    w.feed('echo ready> from setup', 100);
    w.restart(200);
    expect(w.shown).toBe(false);
    expect(w.ready(2000)).toBe(false);
  });
});
