import { describe, expect, it } from 'vitest';
import { BRACKETED_PASTE_ON, READY_CAP_MS, READY_QUIET_MS, ReadyWatch } from './readiness.js';

// A Claude Code session lich started with its own plugin (providers/claude-plugin.ts): only the
// plugin's /session-start makes it ready (SessionHost.started), before the cap. Times in ms.

describe('ReadyWatch for a session whose plugin says when it reads', () => {
  const claudeWithPlugin = { shows: [BRACKETED_PASTE_ON], awaitsPlugin: true };

  it('is not ready on bracketed paste, which Claude Code turns on before its mod polls and on its trust dialog too', () => {
    const w = new ReadyWatch(claudeWithPlugin, 0);
    w.feed(`\x1b[?1049h${BRACKETED_PASTE_ON}`, 1600);
    w.feed('Quick safety check: Is this a project you created or one you trust?', 1700);
    for (const t of [2500, 5000, 30_000, READY_CAP_MS - 1]) expect(w.ready(t)).toBe(false);
    expect(w.overdue(READY_CAP_MS - 1)).toBe(false);
  });

  it('falls back to the plain quiet once the cap passed, and is overdue until then', () => {
    const w = new ReadyWatch(claudeWithPlugin, 0);
    w.feed('…', READY_CAP_MS - 100);
    expect(w.ready(READY_CAP_MS)).toBe(false);
    expect(w.overdue(READY_CAP_MS)).toBe(true);
    expect(w.ready(READY_CAP_MS - 100 + READY_QUIET_MS)).toBe(true);
  });
});
