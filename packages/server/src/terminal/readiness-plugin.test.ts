import { describe, expect, it } from 'vitest';
import { BRACKETED_PASTE_ON, READY_CAP_MS, READY_QUIET_MS, ReadyWatch } from './readiness.js';

// A Claude Code session lich started with its own plugin (providers/claude-plugin.ts): only the
// plugin's /session-start makes it ready (SessionHost.started), however long that takes. Times in ms.

describe('ReadyWatch for a session whose plugin says when it reads', () => {
  const claudeWithPlugin = { shows: [BRACKETED_PASTE_ON], awaitsPlugin: true };

  it('is not ready on bracketed paste, which Claude Code turns on before its mod polls and on its trust dialog too', () => {
    const w = new ReadyWatch(claudeWithPlugin, 0);
    w.feed(`\x1b[?1049h${BRACKETED_PASTE_ON}`, 1600);
    w.feed('Quick safety check: Is this a project you created or one you trust?', 1700);
    for (const t of [2500, 5000, 30_000, READY_CAP_MS - 1]) expect(w.ready(t)).toBe(false);
    expect(w.overdue(READY_CAP_MS - 1)).toBe(false);
  });

  it('does not fall back to the plain quiet at the cap, where a typed task would answer the trust dialog, and is never overdue', () => {
    const w = new ReadyWatch(claudeWithPlugin, 0);
    w.feed('…', READY_CAP_MS - 100);
    for (const t of [READY_CAP_MS, READY_CAP_MS + READY_QUIET_MS, 10 * READY_CAP_MS]) {
      expect(w.ready(t)).toBe(false);
      expect(w.overdue(t)).toBe(false);
    }
  });

  it('is unheard once its sign of reading and the quiet after it held without the report, and not before', () => {
    const w = new ReadyWatch(claudeWithPlugin, 0);
    expect(w.unheard(1000)).toBe(false);
    w.feed(`${BRACKETED_PASTE_ON}Quick safety check: Is this a project you created or one you trust?`, 1600);
    expect(w.unheard(1600 + READY_QUIET_MS - 1)).toBe(false);
    expect(w.unheard(1600 + READY_QUIET_MS)).toBe(true);
    // Latched, like readiness: a redraw of the dialog does not start the count again.
    w.feed('❯ No, exit', 3000);
    expect(w.unheard(3001)).toBe(true);
  });

  it('is unheard past the cap on the plain quiet when its sign never came', () => {
    const w = new ReadyWatch(claudeWithPlugin, 0);
    w.feed('a screen with no bracketed paste', 500);
    expect(w.unheard(READY_CAP_MS - 1)).toBe(false);
    expect(w.unheard(READY_CAP_MS)).toBe(true);
  });

  it('is ready, and no longer unheard, from its plugin reporting its start on', () => {
    const w = new ReadyWatch(claudeWithPlugin, 0);
    w.feed(BRACKETED_PASTE_ON, 1600);
    expect(w.unheard(20_000)).toBe(true);
    w.latch();
    expect(w.ready(20_001)).toBe(true);
    expect(w.unheard(20_001)).toBe(false);
  });

  it('is never unheard for a session that does not await its plugin', () => {
    const w = new ReadyWatch({ shows: [BRACKETED_PASTE_ON], startMeansReading: false }, 0);
    w.feed(BRACKETED_PASTE_ON, 1600);
    expect(w.unheard(5000)).toBe(false);
    expect(w.ready(5000)).toBe(true);
  });

  it('starts the count again when a setup script hands the PTY over', () => {
    const w = new ReadyWatch(claudeWithPlugin, 0);
    w.feed(BRACKETED_PASTE_ON, 100);
    expect(w.unheard(1000)).toBe(true);
    w.restart(2000);
    expect(w.unheard(2000 + READY_QUIET_MS)).toBe(false);
  });
});
