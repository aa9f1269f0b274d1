import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { CODEX_HOOK_FILE, codexHooks } from './codex-hooks.js';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { BRIEFING_CARDS_OFF, Providers, spawnBriefing, tomlString } from './providers.js';
import { startArgs, startEnv, type StartRow } from './start.js';

let dir: string;
const BIN = '/opt/lich/bin/lich';
const MCP = ['--mcp-config', '{"mcpServers":{"lich":{"args":["mcp"],"command":"/opt/lich/bin/lich"}}}'];
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'lich-start-'));
});
afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
});

const row = (o: Partial<StartRow> = {}): StartRow => ({
  model: 'opus',
  effort: 'high',
  ultracode: true,
  confined: false,
  provider: 'claude',
  providerSessionId: 'conv-1',
  subagentDepth: 0,
  ...o,
});
/** The argv without the briefing, which providers.test.ts pins. */
const bare = (argv: string[]) => {
  const i = argv.indexOf('--append-system-prompt');
  return i < 0 ? argv : [...argv.slice(0, i), ...argv.slice(i + 2)];
};

describe('startArgs', () => {
  it('repeats the recorded model, effort and ultracode at birth, with the roster name', () => {
    const p = new Providers(dir, {}).get('claude');
    expect(bare(startArgs(p, row(), { rosterName: 'w-1a2b', bin: BIN, env: { HOME: dir } }))).toEqual([
      '--name', 'w-1a2b', '--model', 'opus', '--effort', 'high', '--settings', '{"ultracode":true}', ...MCP,
    ]);
  });

  it('resumes the conversation its provider reported, passing ultracode again but neither model nor effort', () => {
    const p = new Providers(dir, {}).get('claude');
    expect(bare(startArgs(p, row(), { rosterName: 'w-1a2b', bin: BIN, env: {}, resume: true }))).toEqual([
      '--resume', 'conv-1', '--settings', '{"ultracode":true}', ...MCP,
    ]);
  });

  it('starts a new conversation, model and effort included, when there is nothing of this provider’s to resume', () => {
    const p = new Providers(dir, {}).get('claude');
    const birth = ['--name', 'w-1a2b', '--model', 'opus', '--effort', 'high', '--settings', '{"ultracode":true}', ...MCP];
    const o = { rosterName: 'w-1a2b', bin: BIN, env: {}, resume: true };
    expect(bare(startArgs(p, row({ providerSessionId: '' }), o))).toEqual(birth);
    expect(bare(startArgs(p, row({ provider: 'codex' }), o))).toEqual(birth);
  });

  it('passes the skip-permissions flag to a confined row only', () => {
    const p = new Providers(dir, {}).get('codex');
    const r = row({ provider: 'codex', model: '', effort: '', ultracode: false });
    const o = { rosterName: 'n', bin: '', env: {}, resume: true };
    const noDaemon = ['-c', 'features.daemon_auto_start=false'];
    expect(startArgs(p, r, o)).toEqual([...noDaemon, 'resume', 'conv-1']);
    expect(startArgs(p, { ...r, confined: true }, o)).toEqual([...noDaemon, 'resume', 'conv-1', '--dangerously-bypass-approvals-and-sandbox']);
  });

  it('registers lich’s Codex hooks beside its MCP server when the CLI ships the script, before the resume subcommand, at birth and on a resume', () => {
    mkdirSync(join(dir, 'cli', 'bin'), { recursive: true });
    mkdirSync(join(dir, 'cli', 'dist'), { recursive: true });
    const bin = join(dir, 'cli', 'bin', 'lich.js');
    writeFileSync(bin, '');
    const p = new Providers(dir, {}).get('codex');
    const r = row({ provider: 'codex', model: '', effort: '', ultracode: false });
    const without = startArgs(p, r, { rosterName: 'n', bin, env: {}, resume: true });
    expect(without.join(' ')).not.toContain('hooks.');
    expect(startEnv(p, bin)).toEqual({});
    const script = join(dir, 'cli', 'dist', CODEX_HOOK_FILE);
    writeFileSync(script, '');
    const hooks = codexHooks(script, tomlString, { bypassTrust: false });
    const resumed = startArgs(p, r, { rosterName: 'n', bin, env: {}, resume: true });
    expect(resumed).toEqual([...without.slice(0, -2), ...hooks, 'resume', 'conv-1']);
    expect(startArgs(p, r, { rosterName: 'n', bin, env: {} })).toEqual([...without.slice(0, -2), ...hooks]);
    // The script is named to the hooks' constant command through the session's environment.
    expect(startEnv(p, bin)).toEqual({ LICH_CODEX_HOOK: script });
    // Another kind gets none of it.
    const claude = new Providers(dir, {}).get('claude');
    expect(startArgs(claude, row(), { rosterName: 'n', bin, env: {} }).join(' ')).not.toContain('hooks.');
    expect(startEnv(claude, bin)).toEqual({});
  });

  it('leaves lich’s Codex hooks to the user’s review outside a confined session, and bypasses that review inside one only', () => {
    mkdirSync(join(dir, 'cli', 'bin'), { recursive: true });
    mkdirSync(join(dir, 'cli', 'dist'), { recursive: true });
    const bin = join(dir, 'cli', 'bin', 'lich.js');
    writeFileSync(bin, '');
    writeFileSync(join(dir, 'cli', 'dist', CODEX_HOOK_FILE), '');
    const p = new Providers(dir, {}).get('codex');
    const r = row({ provider: 'codex', model: '', effort: '', ultracode: false });
    for (const resume of [false, true]) {
      const open = startArgs(p, r, { rosterName: 'n', bin, env: {}, resume });
      expect(open).not.toContain('--dangerously-bypass-hook-trust');
      expect(open).not.toContain('--dangerously-bypass-approvals-and-sandbox');
      const confined = startArgs(p, { ...r, confined: true }, { rosterName: 'n', bin, env: {}, resume });
      expect(confined.filter((a) => a === '--dangerously-bypass-hook-trust')).toHaveLength(1);
      expect(confined).toContain('--dangerously-bypass-approvals-and-sandbox');
      // The hook trust flag is a global option, before the hooks it is about and any `resume`.
      expect(confined.indexOf('--dangerously-bypass-hook-trust')).toBeLessThan(confined.findIndex((a) => a.startsWith('hooks.')));
      expect(confined.filter((a) => a !== '--dangerously-bypass-hook-trust' && a !== '--dangerously-bypass-approvals-and-sandbox')).toEqual(open);
    }
  });

  it('runs Kiro as the lich agent when the plugin installed it under HOME', () => {
    const p = new Providers(dir, {}).get('kiro');
    const r = row({ provider: 'kiro', ultracode: false });
    expect(startArgs(p, r, { rosterName: 'n', bin: BIN, env: { HOME: dir } })).toEqual(['chat', '--model', 'opus', '--effort', 'high']);
    mkdirSync(join(dir, '.kiro', 'agents'), { recursive: true });
    writeFileSync(join(dir, '.kiro', 'agents', 'lich.json'), '{}');
    expect(startArgs(p, r, { rosterName: 'n', bin: BIN, env: { HOME: dir }, resume: true })).toEqual([
      'chat', '--agent', 'lich', '--resume-id', 'conv-1',
    ]);
  });

  it('briefs a worker two levels down to keep its subagents inside its CLI, on a resume too', () => {
    const p = new Providers(dir, {}).get('claude');
    for (const resume of [false, true]) {
      for (const [depth, briefing] of [
        [0, spawnBriefing(p, BIN)],
        [1, spawnBriefing(p, BIN)],
        [2, spawnBriefing(p, BIN, 2)],
        [3, spawnBriefing(p, BIN, 3)],
      ] as const) {
        const argv = startArgs(p, row({ subagentDepth: depth }), { rosterName: 'n', bin: BIN, env: {}, resume });
        expect(argv[argv.indexOf('--append-system-prompt') + 1]).toBe(briefing);
      }
    }
    expect(spawnBriefing(p, BIN, 2)).toContain(BRIEFING_CARDS_OFF);
  });

  it('hands a caller’s own briefing to the provider in place of the default', () => {
    const p = new Providers(dir, {}).get('omp');
    expect(startArgs(p, row({ provider: 'omp', ultracode: false, model: '', effort: '' }), { rosterName: 'n', bin: BIN, env: {}, briefing: 'one level down' })).toEqual([
      '--append-system-prompt', 'one level down',
    ]);
  });
});
