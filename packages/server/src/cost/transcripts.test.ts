import { appendFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  ClaudeTally,
  claudeSlug,
  CodexTally,
  findClaudeTranscript,
  findCodexRollout,
  TranscriptFile,
} from './transcripts.js';
import { claudeAssistantRow, codexTokenCount, codexTurnContext } from './samples.js';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'lich-transcripts-'));
});
afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
});

function tally<T extends { line(t: string): void }>(t: T, lines: string[]): T {
  for (const l of lines) t.line(l);
  return t;
}

describe('ClaudeTally', () => {
  it('prices each message once, by its last row, however many rows its stream wrote', () => {
    const t = tally(new ClaudeTally(), [
      claudeAssistantRow({ id: 'msg_1', input: 1000, output: 10 }),
      claudeAssistantRow({ id: 'msg_1', input: 1000, output: 500 }),
      claudeAssistantRow({ id: 'msg_2', input: 2000, output: 100, at: '2026-11-01T10:05:00.000Z' }),
    ]);
    // sonnet: $3 in, $15 out per million.
    expect(t.result()).toEqual({ costUsd: expect.closeTo((3000 * 3 + 600 * 15) / 1e6, 12), turns: 2, lastTurnAt: Date.parse('2026-11-01T10:05:00.000Z') });
  });

  it('prices 5-minute and 1-hour cache writes and cache reads at their own rates', () => {
    // 50k of each, under the long-context threshold: $3.75, $6 and $0.30 per million.
    const t = tally(new ClaudeTally(), [claudeAssistantRow({ id: 'm', write: 50_000, write1h: 50_000, read: 50_000 })]);
    expect(t.result().costUsd).toBeCloseTo(0.1875 + 0.3 + 0.015, 10);
    const plain = tally(new ClaudeTally(), [claudeAssistantRow({ id: 'm', write: 50_000 })]);
    expect(plain.result().costUsd).toBeCloseTo(0.1875, 10);
  });

  it('skips user rows, synthetic messages, torn lines and rows without usage', () => {
    const t = tally(new ClaudeTally(), [
      JSON.stringify({ type: 'user', message: { role: 'user', content: 'hi' } }),
      claudeAssistantRow({ id: 'syn', model: '<synthetic>', input: 5 }),
      '{"type":"assistant","message":{"id":"x","usa',
      JSON.stringify({ type: 'assistant', message: { id: 'nousage', model: 'claude-opus-4-5' } }),
      'not json at all',
    ]);
    expect(t.result()).toEqual({ costUsd: 0, turns: 0, lastTurnAt: 0 });
  });

  it('names the first model with tokens the table has no row for', () => {
    const t = tally(new ClaudeTally(), [claudeAssistantRow({ id: 'a', input: 10 }), claudeAssistantRow({ id: 'b', model: 'claude-future-9', input: 10 }), claudeAssistantRow({ id: 'c', model: 'mystery', input: 0 })]);
    expect(t.result().unpriced).toBe('claude-future-9');
  });
});

describe('CodexTally', () => {
  it('prices what the running total grew by, cached input at the cached rate, a repeated total not at all', () => {
    const t = tally(new CodexTally(), [
      JSON.stringify({ type: 'session_meta', payload: { id: 'abc' } }),
      codexTurnContext('gpt-5-codex'),
      JSON.stringify({ type: 'event_msg', payload: { type: 'token_count', info: null } }),
      codexTokenCount([100_000, 40_000, 1_000], [100_000, 40_000, 1_000]),
      codexTokenCount([100_000, 40_000, 1_000], [100_000, 40_000, 1_000]),
      codexTokenCount([300_000, 140_000, 3_000], [200_000, 100_000, 2_000], '2026-11-01T10:09:00.000Z'),
    ]);
    // gpt-5-codex: $1.25 input, $0.125 cached, $10 output. Uncached input = input − cached.
    const expected = ((300_000 - 140_000) * 1.25 + 140_000 * 0.125 + 3_000 * 10) / 1e6;
    expect(t.result()).toEqual({ costUsd: expect.closeTo(expected, 12), turns: 2, lastTurnAt: Date.parse('2026-11-01T10:09:00.000Z') });
  });

  it('prices each turn at the model of the turn context before it', () => {
    const t = tally(new CodexTally(), [
      codexTurnContext('gpt-5-codex'),
      codexTokenCount([1_000_000, 0, 0], [1_000_000, 0, 0]),
      codexTurnContext('gpt-5-mini'),
      codexTokenCount([2_000_000, 0, 0], [1_000_000, 0, 0]),
    ]);
    expect(t.result().costUsd).toBeCloseTo(1.25 + 0.25, 10);
  });

  it('counts the last usage of an event whose total went down', () => {
    const t = tally(new CodexTally(), [codexTurnContext('gpt-5'), codexTokenCount([1_000_000, 0, 0], [1_000_000, 0, 0]), codexTokenCount([10, 0, 0], [500_000, 0, 0])]);
    expect(t.result().costUsd).toBeCloseTo(1.25 + 0.625, 10);
  });

  it('leaves a turn before any model, or on an unknown one, unpriced', () => {
    expect(tally(new CodexTally(), [codexTokenCount([10, 0, 1], [10, 0, 1])]).result().unpriced).toBe('(no model)');
    expect(tally(new CodexTally(), [codexTurnContext('gpt-99'), codexTokenCount([10, 0, 1], [10, 0, 1])]).result().unpriced).toBe('gpt-99');
  });
});

describe('TranscriptFile', () => {
  it('feeds only what was appended since the last read, keeping a torn last line for the next', async () => {
    const path = join(dir, 't.jsonl');
    const first = claudeAssistantRow({ id: 'a', input: 100_000 });
    const second = claudeAssistantRow({ id: 'b', input: 100_000 });
    writeFileSync(path, `${first}\n${second.slice(0, 20)}`);
    const file = new TranscriptFile(path, () => new ClaudeTally());
    expect(await file.read()).toMatchObject({ size: first.length + 1 + 20 });
    expect(file.tally.result()).toMatchObject({ turns: 1, costUsd: expect.closeTo(0.3, 12) });
    expect(file.consumed).toBe(first.length + 1);
    appendFileSync(path, `${second.slice(20)}\n`);
    await file.read();
    expect(file.tally.result()).toMatchObject({ turns: 2, costUsd: expect.closeTo(0.6, 12) });
    await file.read();
    expect(file.tally.result()).toMatchObject({ turns: 2, costUsd: expect.closeTo(0.6, 12) });
  });

  it('starts over with a fresh tally when the file got shorter', async () => {
    const path = join(dir, 't.jsonl');
    writeFileSync(path, `${claudeAssistantRow({ id: 'a', input: 100_000 })}\n${claudeAssistantRow({ id: 'b', input: 100_000 })}\n`);
    const file = new TranscriptFile(path, () => new ClaudeTally());
    await file.read();
    writeFileSync(path, `${claudeAssistantRow({ id: 'c', input: 100_000 })}\n`);
    await file.read();
    expect(file.tally.result()).toMatchObject({ turns: 1, costUsd: expect.closeTo(0.3, 12) });
  });

  it('reads a file that cannot be opened as nothing', async () => {
    expect(await new TranscriptFile(join(dir, 'missing.jsonl'), () => new ClaudeTally()).read()).toBeUndefined();
  });
});

describe('finding a transcript', () => {
  it("finds a Claude Code transcript under the working directory's slug, in CLAUDE_CONFIG_DIR or ~/.claude", async () => {
    const cwd = '/home/me/src/my.app';
    expect(claudeSlug(cwd)).toBe('-home-me-src-my-app');
    const home = join(dir, 'home');
    const file = join(home, '.claude', 'projects', '-home-me-src-my-app', 'sid-1.jsonl');
    mkdirSync(join(file, '..'), { recursive: true });
    writeFileSync(file, '');
    expect(await findClaudeTranscript({ HOME: home }, cwd, 'sid-1')).toBe(file);
    expect(await findClaudeTranscript({ HOME: join(dir, 'elsewhere'), CLAUDE_CONFIG_DIR: join(home, '.claude') }, cwd, 'sid-1')).toBe(file);
  });

  it('finds one filed under another slug by its name, and refuses an id that is a path', async () => {
    const home = join(dir, 'home');
    const file = join(home, '.claude', 'projects', '-some-shortened-slug', 'sid-2.jsonl');
    mkdirSync(join(file, '..'), { recursive: true });
    writeFileSync(file, '');
    expect(await findClaudeTranscript({ HOME: home }, '/a/very/long/path', 'sid-2')).toBe(file);
    expect(await findClaudeTranscript({ HOME: home }, '/x', '../-some-shortened-slug/sid-2')).toBeUndefined();
    expect(await findClaudeTranscript({ HOME: home }, '/x', 'nope')).toBeUndefined();
  });

  it('finds a Codex rollout in the dated directories from two days before the session on, in CODEX_HOME or ~/.codex', async () => {
    const id = '0199a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b';
    const home = join(dir, 'home');
    const day = join(home, '.codex', 'sessions', '2026', '11', '02');
    mkdirSync(day, { recursive: true });
    const file = join(day, `rollout-2026-11-02T09-30-00-${id}.jsonl`);
    writeFileSync(file, '');
    writeFileSync(join(day, 'rollout-2026-11-02T09-30-00-other.jsonl'), '');
    expect(await findCodexRollout({ HOME: home }, id, Date.parse('2026-11-02T12:00:00Z'))).toBe(file);
    expect(await findCodexRollout({ CODEX_HOME: join(home, '.codex') }, id, Date.parse('2026-11-04T00:00:00Z'))).toBe(file);
    expect(await findCodexRollout({ HOME: home }, id, Date.parse('2026-11-10T00:00:00Z'))).toBeUndefined();
    expect(await findCodexRollout({ HOME: home }, 'missing', Date.parse('2026-11-01T00:00:00Z'))).toBeUndefined();
  });
});
