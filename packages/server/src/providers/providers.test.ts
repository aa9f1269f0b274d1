import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  effortRefusal,
  kiroAgent,
  modelRefusal,
  providerArgs,
  providerEnv,
  Providers,
  resolveCommand,
  spawnBriefing,
  tomlString,
  ultracodeRefusal,
} from './providers.js';
import { READY_CAP_MS, READY_QUIET_MS, ReadyWatch, TERMINAL_READINESS } from '../terminal/readiness.js';

let dir: string;
const BIN = '/opt/lich/bin/lich';
const B0 = { rosterName: 'n', bin: BIN, model: '', effort: '', ultracode: false };
const CLAUDE_MCP = ['--mcp-config', '{"mcpServers":{"lich":{"args":["mcp"],"command":"/opt/lich/bin/lich"}}}'];
/** Codex's `-c` overrides (providers.ts codexConfig), written out here so a drift in the source shows. */
const CODEX_MCP = [
  '-c', 'mcp_servers.lich.command="/opt/lich/bin/lich"',
  '-c', 'mcp_servers.lich.args=["mcp"]',
  '-c', 'mcp_servers.lich.env_vars=["LICH_PORT","LICH_TOKEN","LICH_SESSION_ID","LICH_BIN","LICH_PROJECT_DIR","LICH_WORKTREE_PORT","LICH_PROMPT_LANG","LICH_SUBAGENT_CARDS","LICH_SUBAGENT_DEPTH","LICH_PID","LICH_PROC"]',
  '-c', 'mcp_servers.lich.tool_timeout_sec=150',
  '-c', 'features.daemon_auto_start=false',
];
/** The spawn briefing, wire.md § 8.5 (G1), written out here so a drift in the source shows. */
const BRIEF =
  'You are running inside lich, which runs coding-agent sessions side by side and can open more of them beside this one — each a card the user watches and can take over mid-task, in its own git worktree when the work needs its own checkout. When work is to be fanned out — several tasks at once, one per branch or checkout — those sessions are what to open, not the subagents your own harness runs: a subagent has no checkout, no card, and nothing the user can steer or resume. ';
const BRIEF_TOOLS = BRIEF + 'The lich tools in your list open one and hand it the task.';
const BRIEF_CLI = BRIEF + "Open one with `lich open --worktree BRANCH --prompt 'the task'`, which opens the session and hands it the task in one command.";
/** The briefing of a worker two levels down (spec/cli.md § lich open, --subagent), written out likewise. */
const BRIEF_CARDS_OFF =
  'You are running inside lich, which runs coding-agent sessions side by side and can open more of them beside this one — each a card the user watches and can take over mid-task, in its own git worktree when the work needs its own checkout. This session is a subagent of a subagent — a card a card opened — so lich opens no cards below it: when work is to be fanned out here, hand it to the subagents your own harness runs, which stay inside this session, rather than opening lich sessions for it.';
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

  describe('a user-defined provider’s readiness (providers.json "ready")', () => {
    const file = () => join(dir, 'providers.json');
    const ready = (value: unknown) => {
      writeFileSync(file(), JSON.stringify({ providers: { mine: { name: 'Mine', command: '/bin/cat', ...(value === undefined ? {} : { ready: value }) } } }));
      return new Providers(dir, {}).get('mine').readiness;
    };
    const watch = (value: unknown) => new ReadyWatch(ready(value), 0);

    it('declares nothing: the terminal’s signs, not the quiet alone — and so every kind with no measured rule, the shell too', () => {
      expect(ready(undefined)).toBe(TERMINAL_READINESS);
      for (const kind of ['antigravity', 'crush', 'cursor', 'kiro', 'shell']) expect(new Providers(dir, {}).get(kind).readiness).toBe(TERMINAL_READINESS);
      const w = watch(undefined);
      expect(w.ready(30_000)).toBe(false);
    });

    it('"quiet": the PTY’s quiet alone, for a program that takes what is typed at any time', () => {
      expect(ready('quiet')).toEqual({});
      expect(watch('quiet').ready(READY_QUIET_MS)).toBe(true);
    });

    it('takes its prompt’s text, a pattern, bracketed paste and a title as signs, any one of them, in place of the terminal’s', () => {
      const signs = { text: ['mine> ', 'resumed ›'], pattern: 'model: \\w+ loaded', bracketedPaste: true, title: 'Mine', quietMs: 200 };
      const seen = (chunk: string) => {
        const w = watch(signs);
        w.feed(chunk, 1000);
        return w.ready(1200);
      };
      expect(ready(signs)).toMatchObject({ quietMs: 200 });
      expect(ready(signs).reads).toBeUndefined();
      expect(seen('\x1b[32mmine> \x1b[0m')).toBe(true);
      // A space drawn as a cursor move is no space in the text: a sign is best a word or two.
      expect(seen('resumed\x1b[1C›')).toBe(false);
      expect(seen('\x1b[2Kresumed ›')).toBe(true);
      expect(seen('model: gpt9 loaded')).toBe(true);
      expect(seen('\x1b[?2004h')).toBe(true);
      expect(seen('\x1b]2;Mine — idle\x1b\\')).toBe(true);
      expect(seen('Loading Mine…')).toBe(false);
      expect(ready({ text: 'mine> ' }).quietMs).toBeUndefined();
    });

    it('keeps the terminal’s signs with its own quiet when it names no sign', () => {
      expect(ready({ quietMs: 1500 })).toEqual({ ...TERMINAL_READINESS, quietMs: 1500 });
      expect(ready({ bracketedPaste: false })).toBe(TERMINAL_READINESS);
    });

    it('refuses what is wrong in one line naming the file, the provider and the field', () => {
      const refused = (value: unknown) => {
        try {
          ready(value);
        } catch (err) {
          expect((err as Error).message).not.toContain('\n');
          return (err as Error).message;
        }
        throw new Error('not refused');
      };
      const at = `${file()} is not a valid providers file: provider "mine": `;
      expect(refused('soon')).toBe(`${at}"ready" must be "quiet" or an object of signs (text, pattern, bracketedPaste, title, quietMs)`);
      expect(refused(['x'])).toBe(`${at}"ready" must be "quiet" or an object of signs (text, pattern, bracketedPaste, title, quietMs)`);
      expect(refused({ prompt: '> ' })).toBe(`${at}unknown field "ready.prompt" — a sign is one of text, pattern, bracketedPaste, title, quietMs`);
      expect(refused({ text: '' })).toBe(`${at}"ready.text" must be a non-empty string, or an array of them`);
      expect(refused({ text: [] })).toBe(`${at}"ready.text" must be a non-empty string, or an array of them`);
      expect(refused({ text: ['ok', 3] })).toBe(`${at}"ready.text" must be a non-empty string, or an array of them`);
      expect(refused({ pattern: '(' })).toMatch(new RegExp(`^${at.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}"ready.pattern" is not a regular expression: `));
      expect(refused({ pattern: '.*' })).toBe(`${at}"ready.pattern" ".*" matches empty output, so it would show nothing`);
      expect(refused({ pattern: 7 })).toBe(`${at}"ready.pattern" must be a non-empty string holding a regular expression`);
      expect(refused({ bracketedPaste: 'yes' })).toBe(`${at}"ready.bracketedPaste" must be true or false`);
      expect(refused({ title: ' ' })).toBe(`${at}"ready.title" must be a non-empty string`);
      for (const q of [-1, 1.5, 10_001, '600']) expect(refused({ quietMs: q })).toBe(`${at}"ready.quietMs" must be a whole number of milliseconds from 0 to 10000`);
    });
  });

  it('refuses a provider id or name over the bound every name has (issue 22), in one line quoting it cut', () => {
    const providers = new Providers(dir, {});
    const file = join(dir, 'providers.json');
    const id = 'p'.repeat(101);
    writeFileSync(file, JSON.stringify({ providers: { [id]: { name: 'x', command: '/bin/cat' } } }));
    expect(() => providers.get(id)).toThrow(
      `${file} is not a valid providers file: provider "${'p'.repeat(99)}…": an id is at most 100 characters, and this one is 101`,
    );
    writeFileSync(file, JSON.stringify({ providers: { example: { name: 'n'.repeat(5000), command: '/bin/cat' } } }));
    expect(() => providers.get('example')).toThrow(`${file} is not a valid providers file: provider "example": "name" is at most 100 characters, and this one is 5000`);
    writeFileSync(file, JSON.stringify({ providers: { ['p'.repeat(100)]: { name: 'n'.repeat(100), command: '/bin/cat' } } }));
    expect(providers.ids()).toContain('p'.repeat(100));
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

  describe('providerArgs pins each provider’s argv', () => {
    const B = { rosterName: 'lich-a1b2', bin: BIN, model: '', effort: '', ultracode: false };
    /** Every start: `b` bare birth, `f` birth with model (+ effort, + ultracode where taken), `r` resume, `rf` resume with the same choices, `s` bare birth confined. */
    const table: Record<string, { model: string; effort: string; ultracode: boolean; b: string[]; f: string[]; r: string[]; rf: string[]; s: string[] }> = {
      claude: {
        model: 'opus',
        effort: 'high',
        ultracode: true,
        b: ['--name', 'lich-a1b2', '--append-system-prompt', BRIEF_TOOLS, ...CLAUDE_MCP],
        f: ['--name', 'lich-a1b2', '--model', 'opus', '--effort', 'high', '--settings', '{"ultracode":true}', '--append-system-prompt', BRIEF_TOOLS, ...CLAUDE_MCP],
        r: ['--resume', 'conv-1', '--append-system-prompt', BRIEF_TOOLS, ...CLAUDE_MCP],
        rf: ['--resume', 'conv-1', '--settings', '{"ultracode":true}', '--append-system-prompt', BRIEF_TOOLS, ...CLAUDE_MCP],
        s: [
          '--name', 'lich-a1b2', '--dangerously-skip-permissions', '--settings', '{"skipDangerousModePermissionPrompt":true}',
          '--append-system-prompt', BRIEF_TOOLS, ...CLAUDE_MCP,
        ],
      },
      codex: {
        model: 'gpt-5',
        effort: 'high',
        ultracode: false,
        b: [...CODEX_MCP],
        f: [...CODEX_MCP, '--model', 'gpt-5', '-c', 'model_reasoning_effort=high'],
        r: [...CODEX_MCP, 'resume', 'conv-1'],
        rf: [...CODEX_MCP, 'resume', 'conv-1'],
        s: [...CODEX_MCP, '--dangerously-bypass-approvals-and-sandbox'],
      },
      antigravity: {
        model: 'gemini-3-pro',
        effort: 'low',
        ultracode: false,
        b: [],
        f: ['--model', 'gemini-3-pro', '--effort', 'low'],
        r: ['--conversation', 'conv-1'],
        rf: ['--conversation', 'conv-1'],
        s: ['--dangerously-skip-permissions'],
      },
      opencode: {
        model: 'anthropic/claude-sonnet-4-5',
        effort: '',
        ultracode: false,
        b: [],
        f: ['--model', 'anthropic/claude-sonnet-4-5'],
        r: ['--session', 'conv-1'],
        rf: ['--session', 'conv-1'],
        s: ['--auto'],
      },
      omp: {
        model: 'sonnet',
        effort: 'high',
        ultracode: false,
        b: ['--append-system-prompt', BRIEF_CLI],
        f: ['--model', 'sonnet', '--thinking', 'high', '--append-system-prompt', BRIEF_CLI],
        r: ['-r', 'conv-1', '--append-system-prompt', BRIEF_CLI],
        rf: ['-r', 'conv-1', '--append-system-prompt', BRIEF_CLI],
        s: ['--auto-approve', '--append-system-prompt', BRIEF_CLI],
      },
      crush: {
        model: '',
        effort: '',
        ultracode: false,
        b: [],
        f: [],
        r: ['--session', 'conv-1'],
        rf: ['--session', 'conv-1'],
        s: ['--yolo'],
      },
      cursor: {
        model: 'claude-opus-4-8-high',
        effort: '',
        ultracode: false,
        b: [],
        f: ['--model', 'claude-opus-4-8-high'],
        r: ['--resume', 'conv-1'],
        rf: ['--resume', 'conv-1'],
        s: ['--force'],
      },
      kiro: {
        model: 'claude-sonnet-4.5',
        effort: 'medium',
        ultracode: false,
        b: ['chat'],
        f: ['chat', '--model', 'claude-sonnet-4.5', '--effort', 'medium'],
        r: ['chat', '--resume-id', 'conv-1'],
        rf: ['chat', '--resume-id', 'conv-1'],
        s: ['chat', '--trust-all-tools'],
      },
      // A shell has no conversation to resume: every start is a birth, and it takes nothing.
      shell: { model: '', effort: '', ultracode: false, b: [], f: [], r: [], rf: [], s: [] },
    };

    for (const [kind, t] of Object.entries(table)) {
      it(`starts ${kind} with exactly its argv at birth, on a resume, and confined`, () => {
        const p = new Providers(dir, {}).get(kind);
        const choices = { model: t.model, effort: t.effort, ultracode: t.ultracode };
        expect(providerArgs(p, B)).toEqual(t.b);
        expect(providerArgs(p, { ...B, ...choices })).toEqual(t.f);
        expect(providerArgs(p, { ...B, resumeId: 'conv-1' })).toEqual(t.r);
        expect(providerArgs(p, { ...B, ...choices, resumeId: 'conv-1' })).toEqual(t.rf);
        expect(providerArgs(p, { ...B, skipPermissions: true })).toEqual(t.s);
      });
    }

    it('covers every built-in kind', () => {
      expect(Object.keys(table)).toEqual(new Providers(dir, {}).ids());
    });

    it('puts every piece in the order of wire.md § 12.1 when all of them apply at once', () => {
      const providers = new Providers(dir, {});
      expect(
        providerArgs(providers.get('claude'), { ...B, model: 'opus', effort: 'max', ultracode: true, skipPermissions: true, briefing: 'be brief' }),
      ).toEqual([
        '--name', 'lich-a1b2',
        '--dangerously-skip-permissions',
        '--model', 'opus', '--effort', 'max', '--settings', '{"skipDangerousModePermissionPrompt":true,"ultracode":true}',
        '--append-system-prompt', 'be brief',
        ...CLAUDE_MCP,
      ]);
      expect(providerArgs(providers.get('claude'), { ...B, ultracode: true, skipPermissions: true, resumeId: 'c' })).toEqual([
        '--resume', 'c',
        '--dangerously-skip-permissions',
        '--settings', '{"skipDangerousModePermissionPrompt":true,"ultracode":true}',
        '--append-system-prompt', BRIEF_TOOLS,
        ...CLAUDE_MCP,
      ]);
      expect(providerArgs(providers.get('codex'), { ...B, model: 'o3', effort: 'low', skipPermissions: true, resumeId: 'c' })).toEqual([
        ...CODEX_MCP,
        'resume', 'c',
        '--dangerously-bypass-approvals-and-sandbox',
      ]);
      expect(providerArgs(providers.get('kiro'), { ...B, model: 'm', effort: 'high', skipPermissions: true, agent: 'lich' })).toEqual([
        'chat', '--agent', 'lich', '--trust-all-tools', '--model', 'm', '--effort', 'high',
      ]);
      expect(providerArgs(providers.get('kiro'), { ...B, agent: 'lich', resumeId: 'c' })).toEqual(['chat', '--agent', 'lich', '--resume-id', 'c']);
    });

    it('passes what a provider cannot take nowhere, rather than in a flag it does not have', () => {
      const providers = new Providers(dir, {});
      const all = { ...B, model: 'm', effort: 'high', ultracode: true };
      expect(providerArgs(providers.get('crush'), all)).toEqual([]);
      expect(providerArgs(providers.get('opencode'), all)).toEqual(['--model', 'm']);
      expect(providerArgs(providers.get('cursor'), all)).toEqual(['--model', 'm']);
      expect(providerArgs(providers.get('shell'), all)).toEqual([]);
      expect(providerArgs(providers.get('codex'), all)).not.toContain('--settings');
      expect(providerArgs(providers.get('antigravity'), { ...all, agent: 'lich' })).toEqual(['--model', 'm', '--effort', 'high']);
    });

    it('drops a value that starts with "-", never passing it', () => {
      const providers = new Providers(dir, {});
      expect(providerArgs(providers.get('opencode'), { ...B, model: '--yolo' })).toEqual([]);
      expect(providerArgs(providers.get('claude'), { ...B, rosterName: '-x', model: '-m', effort: '--e', bin: '' })).toEqual([
        '--append-system-prompt',
        BRIEF_CLI,
      ]);
      // A resume id that looks like a flag is no resume: the start is a birth, with the model.
      expect(providerArgs(providers.get('antigravity'), { ...B, model: 'm', resumeId: '--rm' })).toEqual(['--model', 'm']);
      expect(providerArgs(providers.get('kiro'), { ...B, agent: '--all' })).toEqual(['chat']);
    });

    it('registers lich’s MCP server for Claude Code last and for Codex first, naming LICH_BIN and never --strict-mcp-config', () => {
      const providers = new Providers(dir, {});
      for (const kind of providers.ids()) {
        for (const resumeId of ['', 'conv-1']) {
          const argv = providerArgs(providers.get(kind), { ...B, model: 'm', resumeId });
          expect(argv).not.toContain('--strict-mcp-config');
          if (kind === 'claude') expect(argv.slice(-2)).toEqual(CLAUDE_MCP);
          else if (kind === 'codex') expect(argv.slice(0, CODEX_MCP.length)).toEqual(CODEX_MCP);
          else expect(argv.join(' ')).not.toContain(BIN);
        }
      }
      expect(providerArgs(providers.get('codex'), { ...B, bin: '' })).toEqual(['-c', 'features.daemon_auto_start=false']);
    });

    it('hands Codex’s lich mcp the session’s variables by name and time for lich’s longest tool call, never a value', () => {
      const argv = providerArgs(new Providers(dir, {}).get('codex'), { ...B, resumeId: 'conv-1' });
      const env = argv.find((a) => a.startsWith('mcp_servers.lich.env_vars='))!;
      // Every variable a session is given (terminal/env.ts), so a cleared environment loses none.
      for (const name of ['LICH_PORT', 'LICH_TOKEN', 'LICH_SESSION_ID', 'LICH_BIN', 'LICH_PROMPT_LANG']) expect(env).toContain(`"${name}"`);
      expect(env).not.toMatch(/=\s*"[^"]*"\s*[,}]/);
      // Above the 90 s send/wait cap and the 120 s an ask may take (packages/core/src/timeouts.ts).
      const timeout = Number(argv.find((a) => a.startsWith('mcp_servers.lich.tool_timeout_sec='))!.split('=')[1]);
      expect(timeout).toBeGreaterThan(120);
      // All of it before the resume subcommand, where Codex reads global options.
      expect(argv.indexOf('resume')).toBe(CODEX_MCP.length);
    });

    it('keeps every Codex session out of the app-server daemon, registered or not, born or resumed', () => {
      const codex = new Providers(dir, {}).get('codex');
      for (const bin of [BIN, '']) {
        for (const resumeId of ['', 'conv-1']) {
          const argv = providerArgs(codex, { ...B, bin, resumeId });
          const i = argv.indexOf('features.daemon_auto_start=false');
          expect(argv[i - 1]).toBe('-c');
          if (resumeId) expect(i).toBeLessThan(argv.indexOf('resume'));
        }
      }
    });

    it('takes nothing from a user-defined provider but its own args and its model flag', () => {
      writeFileSync(
        join(dir, 'providers.json'),
        JSON.stringify({ providers: { mine: { name: 'Mine', command: '/bin/cat', args: ['-u'], modelFlag: '-m' } } }),
      );
      const p = new Providers(dir, {}).get('mine');
      expect(providerArgs(p, { ...B, model: 'big', effort: 'high', ultracode: true, skipPermissions: true })).toEqual(['-u', '-m', 'big']);
      expect(providerArgs(p, { ...B, model: 'big', resumeId: 'c' })).toEqual(['-u', '-m', 'big']);
    });
  });

  it('gives Claude Code IS_SANDBOX=1 for a confined start only, and no other provider anything', () => {
    const providers = new Providers(dir, {});
    expect(providerEnv(providers.get('claude'), { confined: true })).toEqual({ IS_SANDBOX: '1' });
    expect(providerEnv(providers.get('claude'), { confined: false })).toEqual({});
    for (const kind of ['codex', 'antigravity', 'omp', 'crush', 'cursor', 'kiro', 'shell']) {
      expect(providerEnv(providers.get(kind), { confined: true }), kind).toEqual({});
    }
  });

  it('briefs Claude Code on the tools route and oh-my-pi on the command route, and nobody else', () => {
    const providers = new Providers(dir, {});
    expect(spawnBriefing(providers.get('claude'), BIN)).toBe(BRIEF_TOOLS);
    // Without a registration on its command line, Claude Code has no lich tools to be pointed at.
    expect(spawnBriefing(providers.get('claude'), '')).toBe(BRIEF_CLI);
    expect(spawnBriefing(providers.get('omp'), BIN)).toBe(BRIEF_CLI);
    for (const kind of ['codex', 'antigravity', 'opencode', 'crush', 'cursor', 'kiro', 'shell']) {
      expect(spawnBriefing(providers.get(kind), BIN)).toBe('');
    }
    expect(providerArgs(providers.get('omp'), { ...B0, briefing: '' })).toEqual([]);
  });

  it('briefs a worker two levels down, on either route, to keep its subagents inside its CLI', () => {
    const providers = new Providers(dir, {});
    expect(spawnBriefing(providers.get('claude'), BIN, 1)).toBe(BRIEF_TOOLS);
    for (const depth of [2, 3]) {
      expect(spawnBriefing(providers.get('claude'), BIN, depth)).toBe(BRIEF_CARDS_OFF);
      expect(spawnBriefing(providers.get('claude'), '', depth)).toBe(BRIEF_CARDS_OFF);
      expect(spawnBriefing(providers.get('omp'), BIN, depth)).toBe(BRIEF_CARDS_OFF);
      expect(spawnBriefing(providers.get('codex'), BIN, depth)).toBe('');
    }
  });

  it('runs Kiro as the lich agent only when the plugin installed its agent file', () => {
    expect(kiroAgent({ HOME: dir })).toBe('');
    mkdirSync(join(dir, '.kiro', 'agents'), { recursive: true });
    writeFileSync(join(dir, '.kiro', 'agents', 'lich.json'), '{}');
    expect(kiroAgent({ HOME: dir })).toBe('lich');
  });

  it('knows which kinds take a model, an effort and ultracode (spec/cli.md § lich open)', () => {
    const providers = new Providers(dir, {});
    const takes = (pred: (p: ReturnType<Providers['get']>) => boolean) => providers.ids().filter((k) => pred(providers.get(k)));
    expect(takes((p) => p.modelFlag === null)).toEqual(['crush', 'shell']);
    expect(takes((p) => p.effort === null)).toEqual(['opencode', 'crush', 'cursor', 'shell']);
    expect(takes((p) => p.ultracode)).toEqual(['claude']);
  });

  it('words the effort and ultracode refusals with the display name, and points Cursor at its model id', () => {
    const providers = new Providers(dir, {});
    expect(effortRefusal(providers.get('opencode'))).toBe(
      'opencode cannot be told which effort to run at when lich starts it — open the session without an effort and set it inside it',
    );
    expect(effortRefusal(providers.get('crush'))).toMatch(/^Crush cannot be told which effort/);
    expect(effortRefusal(providers.get('shell'))).toMatch(/^shell cannot be told which effort/);
    expect(effortRefusal(providers.get('cursor'))).toBe(
      'Cursor CLI names the effort inside the model id (claude-opus-4-8-high), not on a flag of its own — pass that as the model instead, and leave the effort out',
    );
    expect(ultracodeRefusal(providers.get('codex'))).toBe(
      "Codex has no ultracode — it is Claude Code's alone: open the session without it, or open a Claude Code session instead",
    );
  });

  it('quotes the binary as a TOML string Codex can read, whatever the path holds', () => {
    expect(tomlString('/home/a b/lich')).toBe('"/home/a b/lich"');
    expect(tomlString('/x/"q"\\y')).toBe('"/x/\\"q\\"\\\\y"');
    expect(tomlString('/x/\t\u0001\u007f/é')).toBe('"/x/\\t\\u0001\\u007F/é"');
  });

  it('takes state reports from the built-in providers lich ships a client for, and from no other (Crush, the shell, and the kinds whose client is the original companion plugin), nor from opencode or omp started without lich\'s plugin or extension', () => {
    const providers = new Providers(dir, {});
    expect(providers.get('crush').reportsState).toBe(false);
    for (const kind of ['antigravity', 'cursor', 'kiro']) expect(providers.get(kind).reportsState, `${kind}: no client of lich's reports for it`).toBe(false);
    expect(providers.get('shell').reportsState).toBe(false);
    expect(providers.get('claude').reportsState).toBe(true);
    expect(providers.get('codex').reportsState).toBe(true);
    // No LICH_BIN beside which the opencode plugin and the omp extension ship.
    expect(providers.get('opencode').reportsState).toBe(false);
    expect(providers.get('omp').reportsState).toBe(false);
  });

  it('words the model refusal with the display name', () => {
    const providers = new Providers(dir, {});
    expect(modelRefusal(providers.get('crush'))).toBe(
      'Crush cannot be told which model to run when lich starts it — open the session without a model and pick one inside it',
    );
    expect(modelRefusal(providers.get('shell'))).toMatch(/^shell cannot be told/);
  });
});

describe('Codex’s readiness rule on its hook review screen', () => {
  // Codex 0.169.0 started with hooks the user has not trusted, outside a confined session, as
  // recorded from its PTY: a loading frame, then (≈0.9 s) the review screen in place of the chat
  // screen, with no idle report before it; the title is drawn against the frame before it, the
  // options word by word, the selected first option in one piece. A task pasted there and
  // submitted with Tab was swallowed; its idle report came only once the screen was answered.
  const LOADING = '\x1b[?2004h\x1b[>7u\x1b[?1049h\x1b[1;1H\x1b[J\x1b[3;6H\x1b[2m/work/repo\x1b[39m\x1b[34;3H\x1b[?25h';
  const REVIEW =
    '\x1b[2;3H\x1b[1mHooks \x1b[2;10Heed review\x1b[3;3H\x1b[22m\x1b[38;5;3;49m9 hooks are new or changed.\x1b[4;3H\x1b[2m\x1b[39;49mHooks can run outside the sandbox after you trust them.' +
    '\x1b[7;1H\x1b[22m\x1b[7m\x1b[1m› 1. Review hooks                    \x1b[8;3H\x1b[27m\x1b[22m2.\x1b[8;6HTrust\x1b[8;12Hall\x1b[8;16Hand\x1b[8;20Hcontinue' +
    "\x1b[9;3H3.\x1b[9;6HContinue\x1b[9;15Hwithout\x1b[9;23Htrusting\x1b[9;32H(hooks\x1b[9;39Hwon't\x1b[9;45Hrun)\x1b[11;3H\x1b[1menter\x1b[22m\x1b[2m confirm · \x1b[22m\x1b[1mesc\x1b[22m\x1b[2m skip";
  const IDLE = '\x1b[34;3H\x1b[?25h\x1b]7501;state=idle:app=codex\x1b\\';

  it('holds a task while the review is up, past the cap too, and calls the session unheard, so nothing is typed into it', () => {
    const w = new ReadyWatch(new Providers(dir, {}).get('codex').readiness, 0);
    w.feed(LOADING, 590);
    w.feed(REVIEW, 900);
    expect(w.asking).toBe(true);
    for (const t of [900 + READY_QUIET_MS, READY_CAP_MS, 10 * READY_CAP_MS]) {
      expect(w.ready(t)).toBe(false);
      expect(w.overdue(t)).toBe(false);
    }
    expect(w.unheard(900 + READY_QUIET_MS)).toBe(true);
  });

  it('reads once the person answered it and Codex reported its chat screen idle', () => {
    const w = new ReadyWatch(new Providers(dir, {}).get('codex').readiness, 0);
    w.feed(LOADING, 590);
    w.feed(REVIEW, 900);
    w.feed(IDLE, 20_000);
    expect(w.asking).toBe(false);
    expect(w.ready(20_000 + READY_QUIET_MS)).toBe(true);
  });
});
