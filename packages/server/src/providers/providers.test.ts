import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { modelRefusal, providerArgs, Providers, resolveCommand, tomlString } from './providers.js';

let dir: string;
const BIN = '/opt/lich/bin/lich';
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'lich-providers-'));
});
afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
});

describe('Providers', () => {
  it('refuses an unknown kind, listing the known ones with user-defined ids appended', () => {
    const providers = new Providers(dir, {});
    expect(() => providers.get('aider')).toThrow(
      '"aider" is not a provider lich runs. Known kinds: claude, codex, antigravity, opencode, omp, crush, cursor, kiro, shell.',
    );
    writeFileSync(
      join(dir, 'providers.json'),
      JSON.stringify({ providers: { example: { name: 'Example agent', command: '/bin/cat' } } }),
    );
    expect(() => providers.get('aider')).toThrow(
      'Known kinds: claude, codex, antigravity, opencode, omp, crush, cursor, kiro, shell, example.',
    );
  });

  it('reads a user-defined provider again at each lookup, so it can be added without a restart', () => {
    const providers = new Providers(dir, {});
    expect(providers.ids()).not.toContain('example');
    writeFileSync(
      join(dir, 'providers.json'),
      JSON.stringify({
        providers: {
          example: { name: 'Example agent', command: '/bin/cat', args: ['-u'], env: { A: 'b' }, reportsState: true, tools: false },
        },
      }),
    );
    expect(providers.get('example')).toMatchObject({
      id: 'example',
      name: 'Example agent',
      args: ['-u'],
      env: { A: 'b' },
      reportsState: true,
      hasTools: false,
      modelFlag: null,
      userDefined: true,
    });
    expect(providers.ids()).toContain('example');
  });

  it('names the file when providers.json is malformed', () => {
    const providers = new Providers(dir, {});
    const file = join(dir, 'providers.json');
    writeFileSync(file, '{"providers": {');
    expect(() => providers.get('example')).toThrow(`${file} is not a valid providers file:`);
    writeFileSync(file, JSON.stringify({ providers: { example: { name: 'x' } } }));
    expect(() => providers.get('example')).toThrow(`${file} is not a valid providers file: provider "example": "command" must be a non-empty string`);
    writeFileSync(file, JSON.stringify({ providers: { claude: { name: 'x', command: '/bin/cat' } } }));
    expect(() => providers.get('claude')).toThrow('provider "claude" is built in and cannot be redefined');
  });

  it('quotes a kind and a command from the caller or providers.json Go-style, so a newline cannot split the refusal', () => {
    const providers = new Providers(dir, {});
    expect(() => providers.get('a\nb')).toThrow(/^"a\\nb" is not a provider lich runs\./);
    const p = (command: string) => ({ ...providers.get('codex'), command });
    expect(() => resolveCommand(p('/no/such\nbin'), {})).toThrow('Codex cannot start: "/no/such\\nbin" is not an executable file');
    expect(() => resolveCommand(p('rel/co\ndex'), {})).toThrow('Codex cannot start: its command "rel/co\\ndex" is a relative path');
    expect(() => resolveCommand(p('co\ndex'), { PATH: dir })).toThrow(`no "co\\ndex" on PATH (${dir})`);
  });

  it('runs $LICH_SHELL, else $SHELL, else /bin/sh for the shell kind', () => {
    expect(new Providers(dir, { LICH_SHELL: '/bin/zsh', SHELL: '/bin/bash' }).get('shell').command).toBe('/bin/zsh');
    expect(new Providers(dir, { SHELL: '/bin/bash' }).get('shell').command).toBe('/bin/bash');
    expect(new Providers(dir, {}).get('shell').command).toBe('/bin/sh');
  });

  it('refuses a provider whose binary is not on PATH, naming it and the PATH', () => {
    const p = new Providers(dir, {}).get('codex');
    expect(() => resolveCommand(p, { PATH: dir })).toThrow(
      `Codex is not installed where lich can run it: no "codex" on PATH (${dir}) — install it, or open the session with another --kind`,
    );
    const bin = join(dir, 'codex');
    writeFileSync(bin, '#!/bin/sh\n');
    chmodSync(bin, 0o755);
    expect(resolveCommand(p, { PATH: `/nonexistent:${dir}` })).toBe(bin);
  });

  it('passes --name to Claude Code and the model through its flag, dropping values that look like flags', () => {
    const providers = new Providers(dir, {});
    expect(providerArgs(providers.get('kiro'), { rosterName: 'x', model: '', bin: BIN })).toEqual(['chat']);
    expect(providerArgs(providers.get('opencode'), { rosterName: 'x', model: '--yolo', bin: BIN })).toEqual([]);
    expect(providerArgs(providers.get('claude'), { rosterName: '-x', model: '-m', bin: '' })).toEqual([]);
  });

  it('registers lich\'s MCP server for Claude Code with --mcp-config last, naming LICH_BIN and nothing secret', () => {
    const providers = new Providers(dir, {});
    expect(providerArgs(providers.get('claude'), { rosterName: 'lich-a1b2', model: 'opus', bin: BIN })).toEqual([
      '--name',
      'lich-a1b2',
      '--model',
      'opus',
      '--mcp-config',
      '{"mcpServers":{"lich":{"args":["mcp"],"command":"/opt/lich/bin/lich"}}}',
    ]);
    expect(providerArgs(providers.get('claude'), { rosterName: '', model: '', bin: BIN })).toEqual([
      '--mcp-config',
      '{"mcpServers":{"lich":{"args":["mcp"],"command":"/opt/lich/bin/lich"}}}',
    ]);
  });

  it('registers lich\'s MCP server for Codex with the -c pair first', () => {
    const providers = new Providers(dir, {});
    expect(providerArgs(providers.get('codex'), { rosterName: 'lich-a1b2', model: 'gpt-5', bin: BIN })).toEqual([
      '-c',
      'mcp_servers.lich.command="/opt/lich/bin/lich"',
      '-c',
      'mcp_servers.lich.args=["mcp"]',
      '--model',
      'gpt-5',
    ]);
  });

  it('never passes --strict-mcp-config, and registers nothing on the command line for the other providers', () => {
    const providers = new Providers(dir, {});
    for (const kind of providers.ids()) {
      const argv = providerArgs(providers.get(kind), { rosterName: 'n', model: '', bin: BIN });
      expect(argv).not.toContain('--strict-mcp-config');
      if (kind !== 'claude' && kind !== 'codex') expect(argv.join(' ')).not.toContain(BIN);
    }
  });

  it('quotes the binary as a TOML string Codex can read, whatever the path holds', () => {
    expect(tomlString('/home/a b/lich')).toBe('"/home/a b/lich"');
    expect(tomlString('/x/"q"\\y')).toBe('"/x/\\"q\\"\\\\y"');
    expect(tomlString('/x/\t\u0001\u007f/é')).toBe('"/x/\\t\\u0001\\u007F/é"');
  });

  it('takes state reports from every built-in provider with a plugin, but not from Crush or the shell', () => {
    const providers = new Providers(dir, {});
    expect(providers.get('crush').reportsState).toBe(false);
    expect(providers.get('shell').reportsState).toBe(false);
    expect(providers.get('claude').reportsState).toBe(true);
  });

  it('words the model refusal with the display name', () => {
    const providers = new Providers(dir, {});
    expect(modelRefusal(providers.get('crush'))).toBe(
      'Crush cannot be told which model to run when lich starts it — open the session without a model and pick one inside it',
    );
    expect(modelRefusal(providers.get('shell'))).toMatch(/^shell cannot be told/);
  });
});
