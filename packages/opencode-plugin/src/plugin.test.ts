import { chmodSync, existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import type { Hooks, PluginInput } from '@opencode-ai/plugin';
import * as entry from './index.js';
import { insideLich, LichPlugin, lichHooks } from './plugin.js';

const ISSUE_TOOLS = [
  'list_sessions',
  'send_to_session',
  'wait_for_answer',
  'open_session',
  'close_session',
  'rename_session',
  'list_worktrees',
  'reply_to_session',
  'list_folders',
  'file_session',
  'rename_folder',
  'color_folder',
  'control_session',
  'ask_session',
];

/**
 * A stand-in `lich`: prints its argv as one JSON line on stdout, writes $FAKE_STDERR on stderr,
 * sleeps $FAKE_SLEEP_MS, and exits with $FAKE_EXIT.
 */
function fakeLich(dir: string, name = 'lich'): string {
  const path = join(dir, name);
  writeFileSync(
    path,
    `#!${process.execPath}
const wait = Number(process.env.FAKE_SLEEP_MS || 0);
setTimeout(() => {
  process.stdout.write(JSON.stringify(process.argv.slice(2)) + '\\n');
  process.stderr.write(process.env.FAKE_STDERR || '');
  process.exit(Number(process.env.FAKE_EXIT || 0));
}, wait);
`,
  );
  chmodSync(path, 0o755);
  return path;
}

const dir = mkdtempSync(join(tmpdir(), 'lich-opencode-'));
const bin = fakeLich(dir);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function sessionEnv(extra: Record<string, string> = {}): Record<string, string> {
  return {
    PATH: process.env.PATH ?? '',
    LICH_PORT: '47821',
    LICH_TOKEN: '0123456789abcdef0123456789abcdef',
    LICH_SESSION_ID: 'S1',
    LICH_BIN: bin,
    ...extra,
  };
}

type Executable = { execute(args: unknown, ctx: unknown): Promise<unknown> };

async function toolsFor(env: Record<string, string>): Promise<Record<string, Executable>> {
  const hooks = await lichHooks({ env });
  expect(hooks.tool).toBeDefined();
  return hooks.tool as unknown as Record<string, Executable>;
}

function context(abort = new AbortController().signal) {
  return { sessionID: 's', messageID: 'm', agent: 'build', directory: dir, worktree: dir, abort, metadata() {}, ask: async () => {} };
}

describe('the opencode plugin', () => {
  afterEach(() => {
    vi.unstubAllEnvs();
  });

  it('registers no tools outside a lich session', async () => {
    expect(await lichHooks({ env: {} })).toEqual({});
    expect(await lichHooks({ env: { PATH: '/usr/bin' } })).toEqual({});
  });

  it('registers no tools when any of the session coordinates is missing', async () => {
    for (const missing of ['LICH_PORT', 'LICH_TOKEN', 'LICH_SESSION_ID', 'LICH_BIN']) {
      const env = sessionEnv();
      delete env[missing];
      expect(insideLich(env)).toBe(false);
      expect((await lichHooks({ env })).tool).toBeUndefined();
    }
  });

  it('registers no tools, and does not throw, when the tool helper cannot be imported', async () => {
    const hooks = await lichHooks({
      env: sessionEnv(),
      loadToolHelper: () => Promise.reject(new Error("Cannot find package '@opencode-ai/plugin'")),
    });
    expect(hooks.tool).toBeUndefined();
  });

  it('registers exactly the tools of this issue inside a session, importing the helper at run time', async () => {
    expect(Object.keys(await toolsFor(sessionEnv()))).toEqual(ISSUE_TOOLS);
  });

  it('runs "$LICH_BIN" with the argv the contract builds and returns its stdout on exit 0', async () => {
    const tools = await toolsFor(sessionEnv());
    const out = await tools.send_to_session!.execute({ session: 'docs', prompt: '--run the tests', project: 'lich' }, context());
    expect(JSON.parse(out as string)).toEqual(['send', '--project=lich', '--timeout=90', '--', 'docs', '--run the tests']);
    expect(JSON.parse((await tools.list_sessions!.execute({}, context())) as string)).toEqual(['sessions', '--json']);
    expect(JSON.parse((await tools.reply_to_session!.execute({ answer: 'done' }, context())) as string)).toEqual([
      'reply',
      '--',
      'done',
    ]);
    expect(JSON.parse((await tools.open_session!.execute({ prompt: 'build', private: true, folder: 'run-1' }, context())) as string)).toEqual([
      'open',
      '--folder=run-1',
      '--prompt=build',
      '--private',
    ]);
    expect(JSON.parse((await tools.close_session!.execute({ session: 'docs' }, context())) as string)).toEqual([
      'close',
      '--',
      'docs',
    ]);
  });

  it('refuses a file_session call that leaves out folder, as lich mcp does, instead of taking the session out of its folder', async () => {
    const tools = await toolsFor(sessionEnv());
    await expect(tools.file_session!.execute({ session: 'docs' }, context())).rejects.toThrow(
      /^name the folder to file the session under; an empty one takes the session out of the folder it is in$/,
    );
    // An empty folder is a choice, not an omission: it still runs `lich file`.
    expect(JSON.parse((await tools.file_session!.execute({ session: 'docs', folder: '' }, context())) as string)).toEqual(['file', '--', 'docs', '']);
  });

  it('refuses any tool call missing a required argument without running lich', async () => {
    const tools = await toolsFor(sessionEnv({ FAKE_EXIT: '0' }));
    await expect(tools.close_session!.execute({}, context())).rejects.toThrow(/^invalid arguments for close_session: session is required$/);
    await expect(tools.rename_folder!.execute({ folder: 'Auth' }, context())).rejects.toThrow("name the folder's new name; an empty one takes the folder apart");
  });

  it('caps the wait of send_to_session and wait_for_answer at 90 seconds', async () => {
    const tools = await toolsFor(sessionEnv());
    const argvOf = async (name: string, args: object) => JSON.parse((await tools[name]!.execute(args, context())) as string);
    expect(await argvOf('send_to_session', { session: 'docs', prompt: 'x', timeout_seconds: 600 })).toContain('--timeout=90');
    expect(await argvOf('wait_for_answer', {})).toEqual(['wait', '--timeout=90']);
    expect(await argvOf('wait_for_answer', { ticket: 'a1b2c3d4', timeout_seconds: 30 })).toEqual([
      'wait',
      '--timeout=30',
      '--',
      'a1b2c3d4',
    ]);
    expect(await argvOf('wait_for_answer', { no_wait: true, timeout_seconds: 0 })).toEqual(['wait', '--timeout=90', '--no-wait']);
  });

  it('drives and asks a session through lich control and lich ask; control reads exit 2 and 3 as results, ask does not', async () => {
    const tools = await toolsFor(sessionEnv());
    const argvOf = async (name: string, args: object) => JSON.parse((await tools[name]!.execute(args, context())) as string);
    expect(await argvOf('control_session', { session: 'docs', action: 'command', value: '/compact', args: 'keep the plan' })).toEqual([
      'control',
      '--',
      'docs',
      'command',
      '/compact',
      'keep the plan',
    ]);
    expect(await argvOf('ask_session', { session: 'docs', question: 'what are you on?' })).toEqual(['ask', '--', 'docs', 'what are you on?']);
    for (const code of ['2', '3']) {
      const exiting = await toolsFor(sessionEnv({ FAKE_EXIT: code, FAKE_STDERR: 'lich: it ended\n' }));
      expect(JSON.parse((await exiting.control_session!.execute({ session: 'docs', action: 'abort' }, context())) as string)).toEqual([
        'control',
        '--',
        'docs',
        'abort',
      ]);
      await expect(exiting.ask_session!.execute({ session: 'docs', question: 'q' }, context())).rejects.toThrow('lich: it ended');
    }
  });

  it('returns what lich printed on exit 2 and 3: a ticket and an errand that ended are results', async () => {
    for (const code of ['2', '3']) {
      const tools = await toolsFor(sessionEnv({ FAKE_EXIT: code }));
      const out = await tools.wait_for_answer!.execute({ ticket: 'a1b2c3d4' }, context());
      expect(JSON.parse(out as string)).toEqual(['wait', '--timeout=90', '--', 'a1b2c3d4']);
    }
  });

  it("throws lich's stderr, unedited, on exit 1", async () => {
    const stderr = 'lich: no live session is named "nope" — the live ones are:\n  docs (lich-a1b2)\n';
    const tools = await toolsFor(sessionEnv({ FAKE_EXIT: '1', FAKE_STDERR: stderr }));
    const error = await tools.send_to_session!.execute({ session: 'nope', prompt: 'x' }, context()).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Error);
    expect((error as Error).message).toBe(stderr);
  });

  it('throws on exit 2 from a command whose contract has no outcome 2', async () => {
    const tools = await toolsFor(sessionEnv({ FAKE_EXIT: '2', FAKE_STDERR: 'lich: usage: lich close [--project <name-or-path>] [--json] <session>\n' }));
    await expect(tools.close_session!.execute({ session: 'docs' }, context())).rejects.toThrow(/^lich: usage: lich close/);
  });

  it("kills the run when opencode aborts the tool call", async () => {
    const tools = await toolsFor(sessionEnv({ FAKE_SLEEP_MS: '30000' }));
    const abort = new AbortController();
    const started = Date.now();
    const call = tools.wait_for_answer!.execute({}, context(abort.signal));
    setTimeout(() => abort.abort(), 100);
    await expect(call).rejects.toMatchObject({ name: 'AbortError' });
    expect(Date.now() - started).toBeLessThan(10_000);
  });

  it('runs $LICH_BIN, never a lich found on PATH', async () => {
    const pathDir = mkdtempSync(join(tmpdir(), 'lich-path-'));
    try {
      const marker = join(pathDir, 'ran');
      writeFileSync(join(pathDir, 'lich'), `#!/bin/sh\ntouch ${marker}\n`);
      chmodSync(join(pathDir, 'lich'), 0o755);
      const tools = await toolsFor(sessionEnv({ PATH: `${pathDir}:${process.env.PATH ?? ''}` }));
      expect(JSON.parse((await tools.list_sessions!.execute({}, context())) as string)).toEqual(['sessions', '--json']);
      expect(existsSync(marker)).toBe(false);
    } finally {
      rmSync(pathDir, { recursive: true, force: true });
    }
  });

  it('reads the session from the environment opencode was started in', async () => {
    vi.stubEnv('LICH_PORT', '');
    expect(await LichPlugin({} as PluginInput)).toEqual({});
    for (const [k, v] of Object.entries(sessionEnv())) vi.stubEnv(k, v);
    const hooks: Hooks = await LichPlugin({} as PluginInput);
    expect(Object.keys(hooks.tool ?? {})).toEqual(ISSUE_TOOLS);
  });

  it('exports the plugin alone, as default and by name, in the PluginModule shape too', () => {
    expect(Object.keys(entry).sort()).toEqual(['LichPlugin', 'default']);
    expect(entry.default).toBe(entry.LichPlugin);
    expect(typeof entry.default).toBe('function');
    expect(entry.default.server).toBe(entry.default);
    expect(entry.default.id).toBe('lich');
  });
});
