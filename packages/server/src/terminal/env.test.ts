import { createServer, type Server } from 'node:net';
import { describe, expect, it } from 'vitest';
import { fnv32a, preferredWorktreePort, SESSION_VARIABLES, sessionEnv, WorktreePorts } from './env.js';

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

describe('sessionEnv and the session’s own temporary directory', () => {
  const coords = { port: 1, token: 't', bin: '/b', sessionId: 's', projectDir: '/p', worktreePort: 24000 };

  it('makes it the TMPDIR over the backend’s, and leaves a provider that names its own TMPDIR that one', () => {
    expect(sessionEnv({ TMPDIR: '/tmp' }, {}, { ...coords, tmpdir: '/data/lich/tmp/s' }).TMPDIR).toBe('/data/lich/tmp/s');
    expect(sessionEnv({ TMPDIR: '/tmp' }, { TMPDIR: '/scratch' }, { ...coords, tmpdir: '/data/lich/tmp/s' }).TMPDIR).toBe('/scratch');
    expect(sessionEnv({ TMPDIR: '/tmp' }, {}, coords).TMPDIR).toBe('/tmp');
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

  it('turns subagent cards off for every session when the user’s subagentCards setting is false, and leaves them on otherwise', () => {
    expect(sessionEnv({}, {}, { ...coords, subagentCards: false })).toMatchObject({ LICH_SUBAGENT_CARDS: 'off' });
    expect(sessionEnv({}, {}, { ...coords, subagentDepth: 1, subagentCards: false })).toMatchObject({ LICH_SUBAGENT_DEPTH: '1', LICH_SUBAGENT_CARDS: 'off' });
    expect(sessionEnv({}, {}, { ...coords, subagentCards: true })).not.toHaveProperty('LICH_SUBAGENT_CARDS');
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

describe('sessionEnv started from inside a coding agent', () => {
  const coords = { port: 1, token: 't', bin: '/b', sessionId: 's', projectDir: '/p', worktreePort: 24000 };

  // What `env` printed through each real client's shell tool (Claude Code 2.1.328, Codex 0.169.0,
  // opencode 1.18.33), on top of the environment it was started with.
  const claudeShell = {
    CLAUDECODE: '1',
    CLAUDE_CODE_ENTRYPOINT: 'cli',
    CLAUDE_CODE_SESSION_ID: '31229be8-3a59-41c8-9a35-c3b6295d8c44',
    CLAUDE_CODE_CHILD_SESSION: '1',
    CLAUDE_CODE_CHILD_NOTES_DIR: '/tmp/claude-0/-repo/31229be8/started',
    CLAUDE_CODE_SESSION_ATTENDED: '1',
    CLAUDE_CODE_EXECPATH: '/opt/claude/bin/claude.exe',
    CLAUDE_CODE_MESSAGING_SOCKET: '/tmp/cc-socks/30764.sock',
    CLAUDE_CODE_MESSAGING_TOKEN: '6fc007d005c34e925c377beb6f263e58',
    CLAUDE_PID: '30764',
    CLAUDE_EFFORT: 'medium',
    AI_AGENT: 'claude-code_2-1-328_agent',
    GIT_EDITOR: 'true',
  };
  const codexShell = {
    CODEX_SESSION_ID: '01a23249-594a-7a50-b17b-1fd426cd9928',
    CODEX_THREAD_ID: '01a23249-594a-7a50-b17b-1fd426cd9928',
    CODEX_TOOL_CALL_ID: 'call_1',
    CODEX_CI: '1',
    CODEX_VERSION: '0.169.0',
    CODEX_MANAGED_BY_NPM: '1',
    CODEX_MANAGED_PACKAGE_ROOT: '/opt/codex',
    CODEX_APPLY_PATCH_PRESERVE_LINE_ENDINGS: '1',
    NO_COLOR: '1',
    COLORTERM: '',
    PAGER: 'cat',
    GIT_PAGER: 'cat',
    GH_PAGER: 'cat',
    LC_ALL: 'C.UTF-8',
    LC_CTYPE: 'C.UTF-8',
  };
  const opencodeShell = { AGENT: '1', OPENCODE: '1', OPENCODE_PID: '1666' };

  it('never hands a session what a parent Claude Code, Codex or opencode exported to its shell', () => {
    for (const parent of [claudeShell, codexShell, opencodeShell]) {
      const env = sessionEnv({ PATH: '/bin', HOME: '/home/u', ...parent }, {}, coords);
      for (const k of Object.keys(parent)) expect(env, k).not.toHaveProperty(k);
      expect(env).toMatchObject({ PATH: '/bin', HOME: '/home/u', LICH_SESSION_ID: 's' });
    }
  });

  it("keeps a person's own settings: the providers' configuration, and pagers, colour and editor outside an agent", () => {
    const own = {
      CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: '1',
      CLAUDE_CODE_USE_BEDROCK: '1',
      CODEX_HOME: '/home/u/.codex',
      OPENCODE_CONFIG: '/home/u/oc.json',
      IS_SANDBOX: '1',
      NO_COLOR: '1',
      PAGER: 'cat',
      GIT_EDITOR: 'true',
      AGENT: '1',
      LC_ALL: 'C.UTF-8',
    };
    expect(sessionEnv(own, {}, coords)).toMatchObject(own);
  });

  it("drops an agent's shell-only override only at the value that agent sets", () => {
    const env = sessionEnv({ ...codexShell, PAGER: 'less', LC_ALL: 'de_DE.UTF-8' }, {}, coords);
    expect(env).toMatchObject({ PAGER: 'less', LC_ALL: 'de_DE.UTF-8' });
    expect(env).not.toHaveProperty('NO_COLOR');
    expect(sessionEnv({ ...claudeShell, GIT_EDITOR: 'vim' }, {}, coords).GIT_EDITOR).toBe('vim');
  });

  it('leaves the backend environment it was given untouched, and lets a provider set any of them itself', () => {
    const base = { ...claudeShell };
    const env = sessionEnv(base, { CLAUDE_CODE_ENTRYPOINT: 'sdk-cli' }, coords);
    expect(base).toEqual(claudeShell);
    expect(env.CLAUDE_CODE_ENTRYPOINT).toBe('sdk-cli');
  });
});

describe('SESSION_VARIABLES', () => {
  it('inherits no LICH_PID or LICH_PROC from whatever started the backend: a session names its own lich, or none', () => {
    const inherited = { LICH_PID: '77', LICH_PROC: '/tmp/.lich-backend' };
    const base = { port: 1, token: 't', bin: '/b', sessionId: 's', projectDir: '/p', worktreePort: 24000 };
    expect(sessionEnv(inherited, {}, base)).not.toHaveProperty('LICH_PID');
    expect(sessionEnv(inherited, {}, base)).not.toHaveProperty('LICH_PROC');
    expect(sessionEnv(inherited, {}, { ...base, pid: 4242 })).toMatchObject({ LICH_PID: '4242' });
  });

  it('inherits no LICH_CODEX_HOOK: only a Codex start that registers lich’s hooks names their script', () => {
    const base = { port: 1, token: 't', bin: '/b', sessionId: 's', projectDir: '/p', worktreePort: 24000 };
    const inherited = { LICH_CODEX_HOOK: '/old/lich/dist/codex-hook.cjs' };
    expect(sessionEnv(inherited, {}, base)).not.toHaveProperty('LICH_CODEX_HOOK');
    expect(sessionEnv(inherited, { LICH_CODEX_HOOK: '/new/dist/codex-hook.cjs' }, base)).toMatchObject({ LICH_CODEX_HOOK: '/new/dist/codex-hook.cjs' });
  });

  it('names every variable lich exports into a session, a worker’s depth included, and the confinement’s LICH_PROC', () => {
    const coords = { port: 1, token: 't', bin: '/b', pid: 4242, sessionId: 's', projectDir: '/p', worktreePort: 24000, subagentDepth: 2 };
    const lich = Object.keys(sessionEnv({}, {}, coords)).filter((k) => k.startsWith('LICH_'));
    expect([...lich, 'LICH_PROC'].sort()).toEqual([...SESSION_VARIABLES].sort());
  });
});
