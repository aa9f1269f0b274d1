import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { BYPASS_HOOK_TRUST, CODEX_HOOK_COMMAND, CODEX_HOOK_EVENTS, CODEX_HOOK_FILE, CODEX_HOOK_VARIABLE, codexHookEnv, codexHooks, codexHookScript, codexHookTrust } from './codex-hooks.js';
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
  const command = '[ -z "$LICH_CODEX_HOOK" ] || NODE_OPTIONS= NODE_EXTRA_CA_CERTS= exec node "$LICH_CODEX_HOOK"';
  const registered = CODEX_HOOK_EVENTS.flatMap((e) => [
    '-c',
    `hooks.${e}=[{hooks=[{type="command",command=${tomlString(command)},timeout=${e === 'SessionEnd' || e === 'Interrupt' ? 3 : 5}}]}]`,
  ]);

  it('register one constant command for every event it reports on, left for the user to review outside a confined session', () => {
    expect(CODEX_HOOK_COMMAND).toBe(command);
    expect(codexHooks('/opt/lich/dist/codex-hook.cjs', tomlString, { bypassTrust: false })).toEqual(registered);
    expect(CODEX_HOOK_EVENTS).toEqual(['SessionStart', 'UserPromptSubmit', 'PreToolUse', 'PermissionRequest', 'Stop', 'Interrupt', 'PreCompact', 'PostCompact', 'SessionEnd']);
  });

  it('bypass Codex’s hook review in a confined session only, whose sandbox bounds what a hook does', () => {
    expect(codexHooks('/opt/lich/dist/codex-hook.cjs', tomlString, { bypassTrust: true })).toEqual([BYPASS_HOOK_TRUST, ...registered]);
    expect(BYPASS_HOOK_TRUST).toBe('--dangerously-bypass-hook-trust');
  });

  it('are the same for every install and session: the script’s path goes into the environment, never the command Codex’s trust is recorded for', () => {
    for (const script of ['/opt/lich/dist/codex-hook.cjs', `/home/o'neil/my lich/dist/codex-hook.cjs`, '/a "b"/codex-hook.cjs']) {
      const argv = codexHooks(script, tomlString, { bypassTrust: false });
      expect(argv).toEqual(registered);
      expect(argv.join(' ')).not.toContain('codex-hook.cjs');
      expect(codexHookEnv(script)).toEqual({ [CODEX_HOOK_VARIABLE]: script });
    }
    expect(CODEX_HOOK_VARIABLE).toBe('LICH_CODEX_HOOK');
  });

  it('are none without the script, and never carry a token', () => {
    expect(codexHooks('', tomlString, { bypassTrust: true })).toEqual([]);
    expect(codexHookEnv('')).toEqual({});
    expect(codexHooks('/opt/lich/dist/codex-hook.cjs', tomlString, { bypassTrust: true }).join(' ')).not.toMatch(/TOKEN|token=/);
  });
});

describe('the trust a user gives lich’s hooks', () => {
  it('is what Codex 0.169.0 wrote into config.toml when a user chose “Trust all and continue” on its review screen (measured) — a change to the command or a timeout asks every user again', () => {
    expect(codexHookTrust()).toEqual([
      ['session_start', '97130f42f4f3ffdae6626c00ece5e73da65db6c987bab492379b01bfbee334e9'],
      ['user_prompt_submit', 'cda69ac32d2ccc9da69ca8f77c0deabf9abb92bb3ed00681d47e5725def397f9'],
      ['pre_tool_use', '7327ba9b599a73c6f297b6d3d8f6be15467471e287bec0dc745849088e27bb0e'],
      ['permission_request', '45cda3930a4afa4972c0e2da226b50be16f7a3c121348a6243e14d4622dbdd71'],
      ['stop', 'e6089c11cdeb9b5becb6e61dc6e5b894bb2835047842f89f705d52f46b3cfdab'],
      ['interrupt', '86826521d074773713129466412c96c2fcb8fa4da875339c954814c13358e8cf'],
      ['pre_compact', '1752d6f6dba398987060c409d6682295bd3c37ad8c70e438b847a8658c1c15b1'],
      ['post_compact', 'ce55cd86b3b3a45a9c29e716d10f9207860949352c6dd36de084d5b725ae0a89'],
      ['session_end', '90bb245b8f5f2a96e163c6c3f3fe0577bb148aa6f297bdc416da63b29b2b7135'],
    ].map(([event, hex]) => ({ key: `/<session-flags>/config.toml:${event}:0:0`, trustedHash: `sha256:${hex}` })));
  });
});
