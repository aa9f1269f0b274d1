import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { modelRefusal, providerArgs, Providers, resolveCommand } from './providers.js';

let dir: string;
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
    expect(providerArgs(providers.get('claude'), { rosterName: 'lich-a1b2', model: 'opus' })).toEqual([
      '--name',
      'lich-a1b2',
      '--model',
      'opus',
    ]);
    expect(providerArgs(providers.get('kiro'), { rosterName: 'x', model: '' })).toEqual(['chat']);
    expect(providerArgs(providers.get('codex'), { rosterName: 'x', model: '--yolo' })).toEqual([]);
  });

  it('words the model refusal with the display name', () => {
    const providers = new Providers(dir, {});
    expect(modelRefusal(providers.get('crush'))).toBe(
      'Crush cannot be told which model to run when lich starts it — open the session without a model and pick one inside it',
    );
    expect(modelRefusal(providers.get('shell'))).toMatch(/^shell cannot be told/);
  });
});
