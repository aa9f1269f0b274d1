import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { BYPASS_HOOK_TRUST, CODEX_HOOK_EVENTS, CODEX_HOOK_FILE, codexHookCommand, codexHooks, codexHookScript } from './codex-hooks.js';
import { tomlString } from './providers.js';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'lich-codex-hooks-'));
});
afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
});

/** A CLI install under `dir`: `bin/lich.js`, and the hook script beside its bundles when `built`. */
function install(built: boolean): string {
  mkdirSync(join(dir, 'cli', 'bin'), { recursive: true });
  mkdirSync(join(dir, 'cli', 'dist'), { recursive: true });
  writeFileSync(join(dir, 'cli', 'bin', 'lich.js'), '');
  if (built) writeFileSync(join(dir, 'cli', 'dist', CODEX_HOOK_FILE), '');
  return join(dir, 'cli', 'bin', 'lich.js');
}

describe('the Codex hook script lich registers', () => {
  it('is the one beside the CLI’s bundles, found through a link on PATH too', () => {
    const bin = install(true);
    const script = join(dir, 'cli', 'dist', CODEX_HOOK_FILE);
    expect(codexHookScript(bin)).toBe(script);
    mkdirSync(join(dir, 'global', 'bin'), { recursive: true });
    symlinkSync(bin, join(dir, 'global', 'bin', 'lich'));
    expect(codexHookScript(join(dir, 'global', 'bin', 'lich'))).toBe(script);
  });

  it('is none when the CLI was not built with it, or lich has no bin', () => {
    expect(codexHookScript(install(false))).toBe('');
    expect(codexHookScript('')).toBe('');
    expect(codexHookScript(join(dir, 'nowhere', 'bin', 'lich.js'))).toBe('');
  });
});

describe('the hooks on Codex’s command line', () => {
  it('register the script for every event it reports on, as one command each, with Codex’s hook trust bypassed for the session', () => {
    const script = '/opt/lich/dist/codex-hook.cjs';
    const command = 'NODE_OPTIONS= NODE_EXTRA_CA_CERTS= exec node /opt/lich/dist/codex-hook.cjs';
    expect(codexHookCommand(script)).toBe(command);
    expect(codexHooks(script, tomlString)).toEqual([
      BYPASS_HOOK_TRUST,
      ...CODEX_HOOK_EVENTS.flatMap((e) => ['-c', `hooks.${e}=[{hooks=[{type="command",command="${command}",timeout=5}]}]`]),
    ]);
    expect(BYPASS_HOOK_TRUST).toBe('--dangerously-bypass-hook-trust');
    expect(CODEX_HOOK_EVENTS).toEqual(['SessionStart', 'UserPromptSubmit', 'PreToolUse', 'PermissionRequest', 'Stop', 'Interrupt', 'PreCompact', 'PostCompact', 'SessionEnd']);
  });

  it('quote a script path with spaces or quotes as one shell word, inside a TOML string', () => {
    expect(codexHookCommand(`/home/o'neil/my lich/dist/codex-hook.cjs`)).toBe(`NODE_OPTIONS= NODE_EXTRA_CA_CERTS= exec node '/home/o'\\''neil/my lich/dist/codex-hook.cjs'`);
    const [, , value] = codexHooks('/a "b"/codex-hook.cjs', tomlString);
    expect(value).toBe(`hooks.SessionStart=[{hooks=[{type="command",command="NODE_OPTIONS= NODE_EXTRA_CA_CERTS= exec node '/a \\"b\\"/codex-hook.cjs'",timeout=5}]}]`);
  });

  it('are none without the script, and never carry a token', () => {
    expect(codexHooks('', tomlString)).toEqual([]);
    expect(codexHooks('/opt/lich/dist/codex-hook.cjs', tomlString).join(' ')).not.toMatch(/TOKEN|token=/);
  });
});
