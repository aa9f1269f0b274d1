/**
 * The Codex hook script as the build ships it (packages/cli/dist/codex-hook.cjs, from
 * packages/claude-plugin/src/codex), run by the very command line lich registers with Codex
 * (codex-hooks.ts), against a recording lich: every event lich registers is reported, the bodies
 * are the contract's, and it is silent and exits 0 whatever happens.
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bodyRefusal } from '@lich/core/mod/validate';
import { type RecordingLich, startRecordingLich } from '@lich/core/mod/testing';
import { CODEX_HOOK_COMMAND, CODEX_HOOK_EVENTS, CODEX_HOOK_FILE, codexHookEnv } from './codex-hooks.js';

const ROOT = fileURLToPath(new URL('../../../../', import.meta.url));
const SCRIPT = join(ROOT, 'packages/cli/dist', CODEX_HOOK_FILE);
const VERSION = (JSON.parse(readFileSync(join(ROOT, 'packages/claude-plugin/plugin/.claude-plugin/plugin.json'), 'utf8')) as { version: string }).version;

/**
 * Runs the hook's command line as Codex does (`sh -c`, the input on stdin), in a session's
 * environment: `env` over the variable lich names the script by (unless `named` is false).
 */
function hook(input: unknown, env: Record<string, string>, named = true): Promise<{ code: number | null; out: string }> {
  return new Promise((resolve) => {
    const child = spawn('/bin/sh', ['-c', CODEX_HOOK_COMMAND], {
      env: { PATH: process.env.PATH ?? '', ...(named ? codexHookEnv(SCRIPT) : {}), ...env },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (out += d));
    child.stdin.on('error', () => {});
    child.stdin.end(typeof input === 'string' ? input : JSON.stringify(input));
    child.on('close', (code) => resolve({ code, out }));
  });
}

/** Inputs as Codex 0.169.0 sent them (measured on its TUI). */
const base = { session_id: '01a232f5-d253-7460-a5af-128cf8652bb0', transcript_path: '/h/.codex/sessions/r.jsonl', cwd: '/work/repo', model: 'gpt-5', permission_mode: 'bypassPermissions' };
const turn = { ...base, turn_id: '01a232f5-d2c1-7e40-9a3e-3f1b8e0c5a11' };

describe('the Codex hook script', () => {
  let lich: RecordingLich;
  beforeAll(async () => {
    lich = await startRecordingLich();
  });
  afterAll(async () => lich.close());

  it('reports a turn as Codex runs it — the thread, busy, the tool, done — with X-Lich-Plugin, in bodies the contract takes', async () => {
    const before = lich.requests.length;
    for (const input of [
      { ...base, hook_event_name: 'SessionStart', source: 'startup' },
      { ...turn, hook_event_name: 'UserPromptSubmit', prompt: 'hello' },
      { ...turn, hook_event_name: 'PreToolUse', tool_name: 'Bash', tool_input: { command: 'ls /' }, tool_use_id: 'call_1' },
      { ...turn, hook_event_name: 'Stop', stop_hook_active: false, last_assistant_message: 'done it' },
    ]) {
      expect(await hook(input, lich.env)).toEqual({ code: 0, out: '' });
    }
    const sent = lich.requests.slice(before);
    expect(sent.map((r) => [r.path, r.body])).toEqual([
      ['/session-start', { session_id: lich.sessionId, provider_session_id: base.session_id, provider: 'codex' }],
      ['/hook', { session_id: lich.sessionId, state: 'busy' }],
      ['/hook', { session_id: lich.sessionId, state: 'busy', tool: 'Bash', detail: 'ls /' }],
      ['/hook', { session_id: lich.sessionId, state: 'done' }],
    ]);
    for (const r of sent) {
      expect(r).toMatchObject({ method: 'POST', plugin: VERSION, contentType: 'application/json' });
      expect(r.query.get('token')).toBe(lich.token);
      expect(await bodyRefusal(r.path as '/hook' | '/session-start', r.body)).toBeUndefined();
    }
  });

  it('reports something for every event lich registers it for', async () => {
    const fields: Record<string, object> = { PreToolUse: { tool_name: 'Bash', tool_input: { command: 'ls' } }, PermissionRequest: { tool_name: 'Bash', tool_input: { command: 'ls' } } };
    for (const event of CODEX_HOOK_EVENTS) {
      const before = lich.requests.length;
      expect(await hook({ ...turn, hook_event_name: event, ...fields[event] }, lich.env), event).toEqual({ code: 0, out: '' });
      expect(lich.requests.length, event).toBeGreaterThan(before);
    }
  });

  it('does nothing outside lich: no request, no output, exit 0', async () => {
    const before = lich.requests.length;
    for (const env of [{}, { LICH_PORT: String(lich.port), LICH_TOKEN: lich.token }] as Array<Record<string, string>>) {
      expect(await hook({ ...turn, hook_event_name: 'Stop' }, env)).toEqual({ code: 0, out: '' });
    }
    expect(lich.requests.length).toBe(before);
  });

  it('runs nothing without the variable naming the script — a Codex started with these flags outside lich — and exits 0 in silence', async () => {
    const before = lich.requests.length;
    expect(await hook({ ...turn, hook_event_name: 'Stop' }, lich.env, false)).toEqual({ code: 0, out: '' });
    expect(await hook({ ...turn, hook_event_name: 'Stop' }, { ...lich.env, LICH_CODEX_HOOK: '' }, false)).toEqual({ code: 0, out: '' });
    expect(lich.requests.length).toBe(before);
  });

  it('stays silent and exits 0 when lich refuses, is gone, never answers, or the input is not JSON', async () => {
    const stop = { ...turn, hook_event_name: 'Stop' };
    lich.on('/hook', { status: 400, body: 'state must be one of busy, done, waiting, idle, compacting\n' });
    expect(await hook(stop, lich.env)).toEqual({ code: 0, out: '' });
    expect(await hook('{', lich.env)).toEqual({ code: 0, out: '' });
    expect(await hook(stop, { ...lich.env, LICH_PORT: '1' })).toEqual({ code: 0, out: '' });
    // A lich that takes the request and never answers: the script's own budget ends the run.
    lich.on('/hook', () => new Promise(() => {}));
    expect(await hook(stop, lich.env)).toEqual({ code: 0, out: '' });
  });
});
