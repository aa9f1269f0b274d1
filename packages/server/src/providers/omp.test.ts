import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { OMP_EXTENSION_FILE, OMP_OVERLAY_FILE, ompExtension, ompOverlay } from './omp.js';
import { Providers, spawnBriefing } from './providers.js';
import { startArgs } from './start.js';
import { READY_CAP_MS, ReadyWatch } from '../terminal/readiness.js';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'lich-omp-'));
});
afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
});

/** A CLI install under `dir`: `bin/lich.js`, and the omp extension beside its bundles when `built`. */
function install(built: boolean): string {
  mkdirSync(join(dir, 'cli', 'bin'), { recursive: true });
  mkdirSync(join(dir, 'cli', 'dist'), { recursive: true });
  writeFileSync(join(dir, 'cli', 'bin', 'lich.js'), '');
  if (built) writeFileSync(join(dir, 'cli', 'dist', OMP_EXTENSION_FILE), '');
  if (built) writeFileSync(join(dir, 'cli', 'dist', OMP_OVERLAY_FILE), '');
  return join(dir, 'cli', 'bin', 'lich.js');
}

const row = { model: '', effort: '', ultracode: false, confined: false, provider: 'omp', providerSessionId: 'conv-1', subagentDepth: 0 };

describe('lich’s omp extension', () => {
  it('is the one beside the CLI’s bundles, found through a link on PATH too', () => {
    const bin = install(true);
    const file = join(dir, 'cli', 'dist', OMP_EXTENSION_FILE);
    expect(ompExtension(bin)).toBe(file);
    mkdirSync(join(dir, 'global', 'bin'), { recursive: true });
    symlinkSync(bin, join(dir, 'global', 'bin', 'lich'));
    expect(ompExtension(join(dir, 'global', 'bin', 'lich'))).toBe(file);
  });

  it('is none when the CLI was not built with it, or lich has no bin', () => {
    expect(ompExtension(install(false))).toBe('');
    expect(ompExtension('')).toBe('');
  });

  it('goes on omp’s command line at birth and on a resume, and gives the kind lich’s tools and the briefing that names them', () => {
    const bin = install(true);
    const file = join(dir, 'cli', 'dist', OMP_EXTENSION_FILE);
    const omp = new Providers(dir, {}, { bin }).get('omp');
    expect(omp).toMatchObject({ hasTools: true, reportsState: true });
    const overlay = join(dir, 'cli', 'dist', OMP_OVERLAY_FILE);
    expect(ompOverlay(bin)).toBe(overlay);
    const birth = startArgs(omp, row, { rosterName: 'n', bin, env: {} });
    expect(birth.slice(-4)).toEqual(['--extension', file, '--config', overlay]);
    expect(birth[birth.indexOf('--append-system-prompt') + 1]).toBe(spawnBriefing(omp, bin));
    expect(spawnBriefing(omp, bin)).toMatch(/The lich tools in your list open one and hand it the task\.$/);
    const resumed = startArgs(omp, row, { rosterName: 'n', bin, env: {}, resume: true });
    expect(resumed.slice(0, 2)).toEqual(['-r', 'conv-1']);
    expect(resumed.slice(-4)).toEqual(['--extension', file, '--config', overlay]);
  });

  it('is not passed, and the kind has no tools, when the CLI lacks it', () => {
    const bin = install(false);
    const omp = new Providers(dir, {}, { bin }).get('omp');
    expect(omp.hasTools).toBe(false);
    expect(startArgs(omp, row, { rosterName: 'n', bin, env: {} })).not.toContain('--extension');
    expect(startArgs(omp, row, { rosterName: 'n', bin, env: {} })).not.toContain('--config');
    expect(spawnBriefing(omp, bin)).toMatch(/Open one with `lich open --worktree BRANCH/);
  });
});

describe('the omp kind’s readiness (omp 18.2.3, measured: real-agents.md § 7.4)', () => {
  const rule = () => new Providers(dir, {}).get('omp').readiness;
  const TITLE = '\x1b[?2004h\x1b]0;π >\x07\x1b]0;π > proj\x07';

  it('is not ready on quiet alone while Bun loads, and ready once its first title was written and a second of quiet followed', () => {
    const w = new ReadyWatch(rule(), 0);
    expect(w.ready(1200)).toBe(false);
    w.feed(TITLE, 1500);
    expect(w.ready(2000)).toBe(false);
    w.feed('welcome frame', 2100);
    expect(w.ready(3099)).toBe(false);
    expect(w.ready(3100)).toBe(true);
  });

  it('is not ready, nor overdue, while its first-run setup wizard holds the screen — even past the cap — and ready again once the wizard is left', () => {
    const w = new ReadyWatch(rule(), 0);
    w.feed(TITLE, 1500);
    w.feed('composer', 1600);
    // The wizard's screen comes 0.5 s later: inside the quiet, so the title did not make it ready.
    w.feed('\x1b[?1049h\x1b[?1000h', 2100);
    w.feed('Setup step 1 of 5', 2200);
    expect(w.ready(2200 + READY_CAP_MS)).toBe(false);
    expect(w.overdue(2200 + READY_CAP_MS)).toBe(false);
    expect(w.unheard(2200 + READY_CAP_MS)).toBe(true);
    w.feed('Setup saved\x1b[?1049l', 90_000);
    expect(w.ready(90_500)).toBe(false);
    expect(w.ready(91_000)).toBe(true);
  });
});
