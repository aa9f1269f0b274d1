/**
 * Sample transcripts in the shapes Claude Code and Codex write them (transcripts.ts), for the
 * tests of `lich cost` — the unit tests here and test/e2e/cost.test.ts — which write them
 * under a temporary HOME for the sessions they open.
 */
import { appendFileSync } from 'node:fs';
import { join } from 'node:path';
import { claudeSlug } from './transcripts.js';
import { makeDir } from '../make-dir.js';

/** One assistant row of a Claude Code transcript: a message's model and usage. */
export function claudeAssistantRow(o: {
  id: string;
  req?: string;
  model?: string;
  at?: string;
  input?: number;
  output?: number;
  write?: number;
  write1h?: number;
  read?: number;
}): string {
  return JSON.stringify({
    type: 'assistant',
    requestId: o.req ?? `req_${o.id}`,
    timestamp: o.at ?? '2026-11-01T10:00:00.000Z',
    message: {
      id: o.id,
      model: o.model ?? 'claude-sonnet-4-5-20250929',
      role: 'assistant',
      usage: {
        input_tokens: o.input ?? 0,
        output_tokens: o.output ?? 0,
        cache_creation_input_tokens: (o.write ?? 0) + (o.write1h ?? 0),
        cache_read_input_tokens: o.read ?? 0,
        ...(o.write1h !== undefined ? { cache_creation: { ephemeral_5m_input_tokens: o.write ?? 0, ephemeral_1h_input_tokens: o.write1h } } : {}),
      },
    },
  });
}

/** A Codex `turn_context` row: the model the turns after it run on. */
export function codexTurnContext(model: string, at = '2026-11-01T09:59:00.000Z'): string {
  return JSON.stringify({ timestamp: at, type: 'turn_context', payload: { cwd: '/', model } });
}

/** A Codex `token_count` event; each usage is `[input, cached input, output]`. */
export function codexTokenCount(total: [number, number, number], last: [number, number, number], at = '2026-11-01T10:00:00.000Z'): string {
  const usage = ([input, cached, output]: [number, number, number]) => ({
    input_tokens: input,
    cached_input_tokens: cached,
    output_tokens: output,
    reasoning_output_tokens: Math.floor(output / 2),
    total_tokens: input + output,
  });
  return JSON.stringify({
    timestamp: at,
    type: 'event_msg',
    payload: { type: 'token_count', info: { total_token_usage: usage(total), last_token_usage: usage(last), model_context_window: 272000 } },
  });
}

/** Appends `lines` to the transcript of Claude Code session `id` run in `cwd`, under `home`'s `.claude`; returns its path. */
export function appendClaudeTranscript(home: string, cwd: string, id: string, lines: readonly string[]): string {
  const dir = join(home, '.claude', 'projects', claudeSlug(cwd));
  makeDir(dir);
  const file = join(dir, `${id}.jsonl`);
  appendFileSync(file, lines.map((l) => `${l}\n`).join(''));
  return file;
}

/** Appends `lines` to the rollout of Codex session `id`, dated by `at` (UTC), under `home`'s `.codex`; returns its path. */
export function appendCodexRollout(home: string, id: string, at: Date, lines: readonly string[]): string {
  const iso = at.toISOString();
  const dir = join(home, '.codex', 'sessions', iso.slice(0, 4), iso.slice(5, 7), iso.slice(8, 10));
  makeDir(dir);
  const file = join(dir, `rollout-${iso.slice(0, 19).replace(/:/g, '-')}-${id}.jsonl`);
  appendFileSync(file, lines.map((l) => `${l}\n`).join(''));
  return file;
}
