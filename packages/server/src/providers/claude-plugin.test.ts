import { existsSync, mkdirSync, mkdtempSync, readdirSync, realpathSync, rmSync, statSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sessionClaudePlugin, shippedClaudePlugin, STALE_COPY_MS } from './claude-plugin.js';
import { providerArgs, Providers } from './providers.js';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'lich-claude-plugin-'));
});
afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
});

/** A CLI install at `<dir>/cli` whose build shipped a plugin of `version` with a module of `source`. */
function install(version = '0.17.0', source = 'export function register(on) {}\n'): { bin: string; plugin: string } {
  const bin = join(dir, 'cli', 'bin', 'lich.js');
  const plugin = join(dir, 'cli', 'dist', 'claude', 'lich');
  mkdirSync(join(dir, 'cli', 'bin'), { recursive: true });
  writeFileSync(bin, '#!/usr/bin/env node\n');
  mkdirSync(join(plugin, '.claude-plugin'), { recursive: true });
  mkdirSync(join(plugin, 'hooks'), { recursive: true });
  writeFileSync(join(plugin, '.claude-plugin', 'plugin.json'), JSON.stringify({ name: 'lich', version }));
  writeFileSync(join(plugin, 'hooks', 'lich.js'), source);
  return { bin, plugin };
}

describe("lich's Claude Code plugin, as the backend hands it to a session", () => {
  it('is found beside the CLI bundle the running lich is, from LICH_BIN, and not without a build', () => {
    const { bin, plugin } = install();
    expect(shippedClaudePlugin(bin)).toBe(realpathSync(plugin));
    expect(shippedClaudePlugin(join(dir, 'elsewhere', 'bin', 'lich.js'))).toBe('');
    // Through the link a global install puts on PATH.
    mkdirSync(join(dir, 'global-bin'));
    symlinkSync(bin, join(dir, 'global-bin', 'lich'));
    expect(shippedClaudePlugin(join(dir, 'global-bin', 'lich'))).toBe(realpathSync(plugin));
    expect(shippedClaudePlugin('')).toBe('');
  });

  it('is loaded from a copy under the data directory, made once per build and shared, so the shipped one is never written to', () => {
    const { plugin } = install();
    const data = join(dir, 'data');
    const copy = sessionClaudePlugin(plugin, data);
    expect(copy.startsWith(join(data, 'claude-plugin', '0.17.0-'))).toBe(true);
    expect(readdirSync(join(copy, 'hooks'))).toEqual(['lich.js']);
    // What Claude Code writes into the copy it loads stays there.
    writeFileSync(join(copy, 'tsconfig.json'), '{}');
    expect(sessionClaudePlugin(plugin, data)).toBe(copy);
    expect(existsSync(join(plugin, 'tsconfig.json'))).toBe(false);
    expect(readdirSync(join(data, 'claude-plugin'))).toHaveLength(1);
  });

  it('gets a new copy for a new build of the same version, and drops copies no session started with for a month', () => {
    const first = install('0.17.0', 'export function register(on) { /* 1 */ }\n');
    const data = join(dir, 'data');
    const old = sessionClaudePlugin(first.plugin, data);
    const now = Date.now();
    const longAgo = (now - STALE_COPY_MS - 60_000) / 1000;
    utimesSync(join(old, '..'), longAgo, longAgo);
    install('0.17.0', 'export function register(on) { /* 2 */ }\n');
    const fresh = sessionClaudePlugin(first.plugin, data, now);
    expect(fresh).not.toBe(old);
    expect(existsSync(old)).toBe(false);
    expect(existsSync(fresh)).toBe(true);
  });

  it('keeps a copy a session started with recently, whatever its build', () => {
    const first = install('0.16.0');
    const data = join(dir, 'data');
    const kept = sessionClaudePlugin(first.plugin, data);
    install('0.17.0');
    sessionClaudePlugin(first.plugin, data);
    expect(existsSync(kept)).toBe(true);
    expect(statSync(join(kept, '..')).isDirectory()).toBe(true);
  });

  it('is passed to Claude Code alone, as --plugin-dir just before the MCP registration, birth and resume alike', () => {
    const providers = new Providers(dir, {});
    const o = { rosterName: 'n', bin: '/opt/lich/bin/lich', model: '', effort: '', ultracode: false, briefing: '', pluginDir: '/data/claude-plugin/x/lich' };
    for (const resumeId of ['', 'conv-1']) {
      const argv = providerArgs(providers.get('claude'), { ...o, resumeId });
      expect(argv.slice(-4)).toEqual(['--plugin-dir', '/data/claude-plugin/x/lich', '--mcp-config', '{"mcpServers":{"lich":{"args":["mcp"],"command":"/opt/lich/bin/lich"}}}']);
    }
    expect(providerArgs(providers.get('claude'), { ...o, pluginDir: '' })).not.toContain('--plugin-dir');
    for (const kind of providers.ids().filter((k) => k !== 'claude')) expect(providerArgs(providers.get(kind), o)).not.toContain('--plugin-dir');
  });
});
