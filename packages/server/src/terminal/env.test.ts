import { createServer, type Server } from 'node:net';
import { describe, expect, it } from 'vitest';
import { fnv32a, preferredWorktreePort, sessionEnv, WorktreePorts } from './env.js';

describe('sessionEnv', () => {
  it('exports the session variables of wire.md § 12.2 over the backend and provider environment', () => {
    const env = sessionEnv(
      { PATH: '/bin', LICH_SESSION_ID: 'outer', LICH_SUBAGENT_DEPTH: '2', KEEP: '1' },
      { AGENT: 'x', LICH_TOKEN: 'spoofed' },
      { port: 4242, token: 'ab'.repeat(16), bin: '/opt/lich', sessionId: 's1', projectDir: '/src/lich', worktreePort: 24017 },
    );
    expect(env).toEqual({
      PATH: '/bin',
      KEEP: '1',
      AGENT: 'x',
      LICH_PORT: '4242',
      LICH_TOKEN: 'ab'.repeat(16),
      LICH_SESSION_ID: 's1',
      LICH_BIN: '/opt/lich',
      LICH_PROJECT_DIR: '/src/lich',
      LICH_WORKTREE_PORT: '24017',
      LICH_PROMPT_LANG: 'en',
    });
  });
});

describe('sessionEnv and the prompt language', () => {
  const coords = { port: 1, token: 't', bin: '/b', sessionId: 's', projectDir: '/p', worktreePort: 24000 };

  it("passes the backend's own LICH_PROMPT_LANG on, and en for one it does not know", () => {
    expect(sessionEnv({ LICH_PROMPT_LANG: 'pt-BR' }, {}, coords).LICH_PROMPT_LANG).toBe('pt-BR');
    expect(sessionEnv({ LICH_PROMPT_LANG: 'fr' }, {}, coords).LICH_PROMPT_LANG).toBe('en');
    expect(sessionEnv({}, { LICH_PROMPT_LANG: 'es' }, coords).LICH_PROMPT_LANG).toBe('en');
  });
});

describe('sessionEnv for a --subagent worker', () => {
  const coords = { port: 1, token: 't', bin: '/b', sessionId: 's', projectDir: '/p', worktreePort: 24000 };

  it('hands a worker one level down its depth and leaves its subagents as cards', () => {
    const env = sessionEnv({ LICH_SUBAGENT_CARDS: 'off' }, {}, { ...coords, subagentDepth: 1 });
    expect(env.LICH_SUBAGENT_DEPTH).toBe('1');
    expect(env).not.toHaveProperty('LICH_SUBAGENT_CARDS');
  });

  it('turns subagent cards off for a worker two or more levels down', () => {
    expect(sessionEnv({}, {}, { ...coords, subagentDepth: 2 })).toMatchObject({ LICH_SUBAGENT_DEPTH: '2', LICH_SUBAGENT_CARDS: 'off' });
    expect(sessionEnv({}, {}, { ...coords, subagentDepth: 3 })).toMatchObject({ LICH_SUBAGENT_DEPTH: '3', LICH_SUBAGENT_CARDS: 'off' });
  });

  it('exports no depth for a session that is nobody\'s subagent', () => {
    const env = sessionEnv({ LICH_SUBAGENT_DEPTH: '4' }, {}, { ...coords, subagentDepth: 0 });
    expect(env).not.toHaveProperty('LICH_SUBAGENT_DEPTH');
    expect(env).not.toHaveProperty('LICH_SUBAGENT_CARDS');
  });
});

describe('worktree ports', () => {
  it('hashes with FNV-32a', () => {
    expect(fnv32a('')).toBe(0x811c9dc5);
    expect(fnv32a('a')).toBe(0xe40c292c);
    expect(fnv32a('foobar')).toBe(0xbf9cf968);
  });

  it('offers FNV-32a of the cleaned path mod 1000 + 24000 first', () => {
    expect(preferredWorktreePort('/src/lich/')).toBe(24000 + (fnv32a('/src/lich') % 1000));
    expect(preferredWorktreePort('/src/./lich')).toBe(preferredWorktreePort('/src/lich'));
  });

  it('shares a port within a checkout, skips ports held or bound elsewhere, and frees it with the last holder', async () => {
    const ports = new WorktreePorts();
    const a = await ports.acquire('/src/lich', 's1');
    expect(await ports.acquire('/src/lich/', 's2')).toBe(a);
    // Another checkout never gets a port this one holds.
    const pref = preferredWorktreePort('/src/lich');
    const other = await ports.acquire('/elsewhere', 's3');
    expect(other).not.toBe(a);
    // A port something else has bound is skipped.
    const blocker: Server = createServer();
    await new Promise<void>((r) => blocker.listen({ host: '127.0.0.1', port: pref }, r));
    try {
      ports.release('s1');
      ports.release('s2');
      const b = await ports.acquire('/src/lich', 's4');
      expect(b).not.toBe(pref);
    } finally {
      await new Promise((r) => blocker.close(r));
    }
  });
});
