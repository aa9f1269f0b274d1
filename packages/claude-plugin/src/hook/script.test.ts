/**
 * The hook script as the build ships it (packages/cli/dist/claude/lich/hooks/report.cjs, run by
 * the command line hooks/hooks.json gives every classic hook) against a recording lich; and the
 * contract checks compiled into it, held to the contract's own on every upstream fixture.
 */
import { spawn } from 'node:child_process';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as esbuild from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bodyRefusal } from '@lich/core/mod/validate';
import { type RecordingLich, startRecordingLich } from '@lich/core/mod/testing';
import type { HookPath } from '@lich/generated/types';
// @ts-expect-error: plain ES module, no declarations.
import { checksModule } from '../../build.mjs';

const ROOT = fileURLToPath(new URL('../../../../', import.meta.url));
const PLUGIN = join(ROOT, 'packages/cli/dist/claude/lich');
const VERSION = (JSON.parse(readFileSync(join(ROOT, 'packages/claude-plugin/plugin/.claude-plugin/plugin.json'), 'utf8')) as { version: string }).version;
const HOOKS = JSON.parse(readFileSync(join(PLUGIN, 'hooks/hooks.json'), 'utf8')) as { hooks: Record<string, Array<{ hooks: Array<{ command: string }> }>> };
/** The command line every classic hook runs (they are all the same). */
const COMMAND = HOOKS.hooks.PreToolUse![0]!.hooks[0]!.command;

/** UserPromptSubmit's command lines: one, blocking (the mod reports the title where it runs: mod/register.ts). */
const SUBMIT = HOOKS.hooks.UserPromptSubmit!.map((h) => h.hooks[0]!) as Array<{ command: string; async?: boolean }>;

/** Runs the hooks' command line (`command`, by default every hook's but UserPromptSubmit's) as Claude Code does (`sh -c`, the input on stdin, CLAUDE_PLUGIN_ROOT set). */
function hook(input: unknown, env: Record<string, string>, command = COMMAND): Promise<{ code: number | null; out: string; ms: number }> {
  const started = performance.now();
  return new Promise((resolve) => {
    const child = spawn('/bin/sh', ['-c', command], {
      env: { PATH: process.env.PATH ?? '', CLAUDE_PLUGIN_ROOT: PLUGIN, ...env },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (out += d));
    child.stdin.on('error', () => {});
    child.stdin.end(typeof input === 'string' ? input : JSON.stringify(input));
    child.on('close', (code) => resolve({ code, out, ms: performance.now() - started }));
  });
}

const preToolUse = { session_id: 'claude-1', transcript_path: '/t.jsonl', cwd: '/work/repo', hook_event_name: 'PreToolUse', tool_name: 'Bash', tool_input: { command: 'npm test' }, tool_use_id: 'u1' };

describe('the hook script', () => {
  let lich: RecordingLich;
  beforeAll(async () => {
    lich = await startRecordingLich();
  });
  afterAll(async () => lich.close());

  it('does nothing outside lich: no node started, no request, no output, exit 0', async () => {
    const before = lich.requests.length;
    for (const env of [{}, { LICH_PORT: String(lich.port), LICH_TOKEN: lich.token }] as Array<Record<string, string>>) {
      expect(await hook(preToolUse, env)).toMatchObject({ code: 0, out: '' });
    }
    expect(lich.requests.length).toBe(before);
  });

  it('does nothing in a run nobody attends (claude -p from a tool inside a lich session), which inherits its LICH_ variables', async () => {
    const before = lich.requests.length;
    expect(await hook(preToolUse, { ...lich.env, CLAUDE_CODE_SESSION_ATTENDED: '0' })).toMatchObject({ code: 0, out: '' });
    expect(lich.requests.length).toBe(before);
  });

  it('reports the tool a session is about to run, with X-Lich-Plugin, exactly as the contract says', async () => {
    const r = await hook(preToolUse, { ...lich.env, CLAUDE_CODE_SESSION_ATTENDED: '1' });
    expect(r).toMatchObject({ code: 0, out: '' });
    const [req] = lich.to('/hook');
    expect(req).toMatchObject({ method: 'POST', plugin: VERSION, contentType: 'application/json', body: { session_id: lich.sessionId, state: 'busy', tool: 'Bash', detail: 'npm test' } });
    expect(req!.query.get('token')).toBe(lich.token);
  });

  it('announces the session with Claude Code’s id and provider claude', async () => {
    await hook({ ...preToolUse, hook_event_name: 'SessionStart', source: 'startup' }, lich.env);
    expect(lich.to('/session-start').at(-1)!.body).toEqual({ session_id: lich.sessionId, provider_session_id: 'claude-1', provider: 'claude' });
  });

  it('reports busy and the title at a prompt from its one blocking line, where no mod set LICH_MOD_SESSION', async () => {
    expect(SUBMIT.map((h) => h.async === true)).toEqual([false]);
    const submit = { ...preToolUse, hook_event_name: 'UserPromptSubmit', prompt: 'x', session_title: 'Fix the login test' };
    const before = lich.requests.length;
    await hook(submit, lich.env, SUBMIT[0]!.command);
    expect(lich.requests.slice(before).map((r) => [r.path, r.body])).toEqual([
      ['/hook', { session_id: lich.sessionId, state: 'busy', provider_session_id: 'claude-1' }],
      ['/session-title', { session_id: lich.sessionId, title: 'Fix the login test' }],
    ]);
  });

  it('leaves the prompt to the mod that set LICH_MOD_SESSION: the line starts no node and reports nothing', async () => {
    const submit = { ...preToolUse, hook_event_name: 'UserPromptSubmit', prompt: 'x', session_title: 'Fix the login test' };
    const env = { ...lich.env, LICH_MOD_SESSION: lich.sessionId };
    const before = lich.requests.length;
    expect(await hook(submit, env, SUBMIT[0]!.command)).toMatchObject({ code: 0, out: '' });
    expect(lich.requests.length).toBe(before);
    // Another session's mod (a variable inherited from elsewhere) does not count.
    const other = lich.requests.length;
    await hook(submit, { ...lich.env, LICH_MOD_SESSION: 'another-session' }, SUBMIT[0]!.command);
    expect(lich.requests.slice(other).map((r) => r.path)).toEqual(['/hook', '/session-title']);
  });

  it('stays silent and exits 0 when lich is gone, refuses, or the input is not JSON', async () => {
    lich.on('/hook', { status: 400, body: 'state must be one of busy, done, waiting, idle, compacting\n' });
    expect(await hook(preToolUse, lich.env)).toMatchObject({ code: 0, out: '' });
    expect(await hook('{', lich.env)).toMatchObject({ code: 0, out: '' });
    expect(await hook(preToolUse, { ...lich.env, LICH_PORT: '1' })).toMatchObject({ code: 0, out: '' });
  });
});

describe('the contract checks compiled into the plugin', () => {
  let refusal: (path: HookPath, body: unknown) => Promise<string | undefined>;
  beforeAll(async () => {
    const text = (await checksModule({ root: ROOT, esbuild })) as string;
    ({ refusal } = (await import(`data:text/javascript;base64,${Buffer.from(text).toString('base64')}`)) as { refusal: typeof refusal });
  });

  const FIXTURES = join(ROOT, 'contracts/fixtures/upstream');
  const PATHS: Record<string, HookPath> = {
    'session-state.jsonl': '/hook',
    'session-start.jsonl': '/session-start',
    'session-title.jsonl': '/session-title',
    'session-touched.jsonl': '/session-touched',
    'mod-control.jsonl': '/mod/acks',
    'mod-answer.jsonl': '/mod/answer',
    'mod-usage.jsonl': '/mod/usage',
  };

  it('take and refuse every upstream fixture body as the contract’s own check does, in its words', async () => {
    let cases = 0;
    for (const file of readdirSync(FIXTURES).filter((f) => PATHS[f])) {
      for (const line of readFileSync(join(FIXTURES, file), 'utf8').split('\n').filter(Boolean)) {
        const c = JSON.parse(line) as { name: string; body?: unknown; raw?: string };
        if (c.body === undefined) continue;
        const path = PATHS[file]!;
        expect(await refusal(path, c.body), `${file}: ${c.name}`).toBe(await bodyRefusal(path, c.body));
        cases++;
      }
    }
    expect(cases).toBeGreaterThan(60);
  });
});
