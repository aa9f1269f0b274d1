import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openStore, type Store } from '../store/store.js';
import { Cost } from './cost.js';
import { appendClaudeTranscript, appendCodexRollout, claudeAssistantRow, codexTokenCount, codexTurnContext } from './samples.js';

let dir: string;
let home: string;
let configDir: string;
let store: Store;
let clock: number;
const live = new Set<string>();
const logged: string[] = [];

const base = { folder: '', model: '', originSessionId: '', originLabel: '', confined: false };
const DAY = 86_400_000;
const T0 = Date.parse('2026-11-01T09:00:00.000Z');

function newCost(): Cost {
  return new Cost({ store, configDir, env: { HOME: home }, now: () => clock, live: (id) => live.has(id), log: (l) => logged.push(l) });
}

function session(id: string, projectId: string, kind: string, path: string, provider = '', providerSessionId = ''): void {
  store.insertSession({ ...base, id, projectId, label: id, kind, path });
  if (provider !== '') store.setProviderSession(id, provider, providerSessionId);
  live.add(id);
}

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'lich-cost-'));
  home = join(dir, 'home');
  configDir = join(dir, 'config');
  mkdirSync(configDir, { recursive: true });
  clock = T0;
  store = openStore(join(dir, 'data'), () => clock);
  live.clear();
  logged.length = 0;
  store.insertProject({ id: 'p1', name: 'lich', path: '/src/lich' });
  store.insertProject({ id: 'p2', name: 'revu', path: '/src/revu' });
  // lich: a Claude Code session and a Codex one lich prices, and a Claude Code session whose mod reported its cost.
  session('s1', 'p1', 'claude', '/src/lich', 'claude', 'c1');
  appendClaudeTranscript(home, '/src/lich', 'c1', [
    claudeAssistantRow({ id: 'm1', input: 100_000, output: 10_000, at: '2026-11-01T10:00:00.000Z' }),
    claudeAssistantRow({ id: 'm1', input: 100_000, output: 10_000, at: '2026-11-01T10:00:00.000Z' }),
  ]);
  session('s2', 'p1', 'codex', '/src/lich', 'codex', 'x1');
  appendCodexRollout(home, 'x1', new Date(T0), [codexTurnContext('gpt-5-codex'), codexTokenCount([200_000, 100_000, 10_000], [200_000, 100_000, 10_000], '2026-11-01T11:00:00.000Z')]);
  session('s3', 'p1', 'claude', '/src/lich', 'claude', 'c3');
  appendClaudeTranscript(home, '/src/lich', 'c3', [claudeAssistantRow({ id: 'm3', input: 100_000 })]);
  store.setUsage({ session_id: 's3', conversation_id: 'c3', context: { window: 200_000 }, cost_usd: 0.5 });
  // revu: a shell nothing prices, and a Claude Code session on a model the table does not know.
  session('s4', 'p2', 'shell', '/src/revu');
  session('s5', 'p2', 'claude', '/src/revu', 'claude', 'c5');
  appendClaudeTranscript(home, '/src/revu', 'c5', [claudeAssistantRow({ id: 'm5', model: 'claude-next-1', input: 10 })]);
});

afterEach(() => {
  store.close();
  rmSync(dir, { recursive: true, force: true });
});

// s1: 100k in at $3 + 10k out at $15 (the streamed message once) = 0.45.
const S1 = 0.3 + 0.15;
// s2: 100k uncached at $1.25 + 100k cached at $0.125 + 10k out at $10 = 0.2375.
const S2 = 0.125 + 0.0125 + 0.1;
const ALL = { project: '', provider: '', since: 0 };

describe('Cost.totals', () => {
  it('sums the ledger per project: priced, reported (which wins over the transcript), unpriced, and the sources', async () => {
    const report = await newCost().totals(ALL);
    expect(report).toEqual({
      projects: [
        { project: 'lich', sessions: 3, unpriced: 0, costUsd: expect.closeTo(S1 + S2 + 0.5, 12), source: 'mixed' },
        { project: 'revu', sessions: 2, unpriced: 2, costUsd: 0, source: '' },
      ],
      sessions: 5,
      unpriced: 2,
      costUsd: expect.closeTo(S1 + S2 + 0.5, 12),
      source: 'mixed',
      priced: 2,
      reported: 1,
      readout: true,
    });
  });

  it('narrows to a project by name, case-insensitively, and refuses a name no session sits under', async () => {
    const cost = newCost();
    expect((await cost.totals({ ...ALL, project: 'LICH' })).projects.map((p) => p.project)).toEqual(['lich']);
    await expect(cost.totals({ ...ALL, project: 'nope' })).rejects.toThrow('no sessions in a project named "nope"');
    store.insertProject({ id: 'p3', name: 'empty', path: '/src/empty' });
    await expect(cost.totals({ ...ALL, project: 'empty' })).rejects.toThrow('no sessions in a project named "empty"');
  });

  it('narrows to one session kind, and an unknown kind matches nothing', async () => {
    const cost = newCost();
    const codex = await cost.totals({ ...ALL, provider: 'codex' });
    expect(codex).toMatchObject({ sessions: 1, unpriced: 0, source: 'priced', priced: 1, reported: 0 });
    expect(codex.costUsd).toBeCloseTo(S2, 12);
    expect(await cost.totals({ ...ALL, provider: 'gemini' })).toEqual({ ...ALL_EMPTY, readout: true });
  });

  it('keeps the sessions active since the bound, whole: by the last counted turn, else when parked, else now', async () => {
    const cost = newCost();
    await cost.totals(ALL);
    // s4 has nothing counted: parked at T0 + 1 day it is dated then; still open, it would be dated now.
    clock = T0 + DAY;
    live.delete('s4');
    store.setParked('s4', true);
    clock = T0 + 3 * DAY;
    const since = (ms: number) => cost.totals({ ...ALL, since: Math.floor(ms / 1000) });
    // s1's last turn is at 10:00, s2's at 11:00; s3's report was taken at T0 (09:00).
    const morning = await since(Date.parse('2026-11-01T10:30:00.000Z'));
    expect(morning.projects).toEqual([
      { project: 'lich', sessions: 1, unpriced: 0, costUsd: expect.closeTo(S2, 12), source: 'priced' }, // s2, whole
      { project: 'revu', sessions: 2, unpriced: 2, costUsd: 0, source: '' }, // s4 parked a day later, s5 open
    ]);
    const late = await since(T0 + 2 * DAY);
    expect(late).toMatchObject({ sessions: 1, unpriced: 1, projects: [{ project: 'revu', sessions: 1 }] }); // s5 is still open
    live.delete('s5');
    store.setParked('s5', true);
    expect((await since(T0 + 2 * DAY)).sessions).toBe(1); // parked now, at T0 + 3 days
    expect((await since(T0 + 4 * DAY)).sessions).toBe(0);
  });

  it('prices the turns written since, at a done, and keeps the figure when the transcript goes away', async () => {
    const cost = newCost();
    await cost.totals(ALL);
    const file = appendClaudeTranscript(home, '/src/lich', 'c1', [claudeAssistantRow({ id: 'm2', input: 100_000, at: '2026-11-02T10:00:00.000Z' })]);
    cost.observe('s1', 'done');
    await cost.price('s1');
    const after = await cost.totals({ ...ALL, provider: 'claude', project: 'lich' });
    expect(after.costUsd).toBeCloseTo(S1 + 0.3 + 0.5, 12);
    rmSync(file);
    expect((await cost.totals({ ...ALL, provider: 'claude', project: 'lich' })).costUsd).toBeCloseTo(S1 + 0.3 + 0.5, 12);
  });

  it('records a parked session once per run, and a later run reads the same ledger', async () => {
    const cost = newCost();
    live.delete('s1');
    store.setParked('s1', true);
    cost.parked('s1');
    await cost.price('s1');
    const first = await cost.totals({ ...ALL, provider: 'claude', project: 'lich' });
    const again = await newCost().totals({ ...ALL, provider: 'claude', project: 'lich' });
    expect(again).toEqual(first);
  });

  it('counts nothing with the readout off, and says so', async () => {
    writeFileSync(join(configDir, 'settings.json'), JSON.stringify({ sandbox: 'off', costReadout: false }));
    expect(await newCost().totals(ALL)).toEqual({
      projects: [
        { project: 'lich', sessions: 3, unpriced: 3, costUsd: 0, source: '' },
        { project: 'revu', sessions: 2, unpriced: 2, costUsd: 0, source: '' },
      ],
      sessions: 5,
      unpriced: 5,
      costUsd: 0,
      source: '',
      priced: 0,
      reported: 0,
      readout: false,
    });
  });

  it('refuses a settings file it cannot read, naming it', async () => {
    writeFileSync(join(configDir, 'settings.json'), '{"costReadout": "yes"}');
    await expect(newCost().totals(ALL)).rejects.toThrow(
      `the cost readout setting in ${join(configDir, 'settings.json')} is "yes", which is not true or false — fix the file`,
    );
  });

  it('takes a model it does not know off the ledger: the session carries no price', async () => {
    const cost = newCost();
    await cost.totals(ALL);
    appendClaudeTranscript(home, '/src/lich', 'c1', [claudeAssistantRow({ id: 'm9', model: 'claude-next-1', input: 5 })]);
    expect(await cost.totals({ ...ALL, project: 'lich', provider: 'claude' })).toMatchObject({ sessions: 2, unpriced: 1, reported: 1, priced: 0 });
  });
});

const ALL_EMPTY = { projects: [], sessions: 0, unpriced: 0, costUsd: 0, source: '', priced: 0, reported: 0 };
