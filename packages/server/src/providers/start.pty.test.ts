// The argv each provider is started with, read back from inside a real PTY: fake `claude`,
// `codex`, `omp` and `kiro-cli` binaries on the backend's PATH record what they were given,
// after a real `spawn.Open` over the RPC wire (spec/cli.md § lich open; wire.md § 12.1).
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../server.js';
import { Store } from '../store/store.js';
import { rpc, tempLich, until, type TempLich } from '../testing.js';

/**
 * Records its argv into `<cwd>/<LICH_SESSION_ID>.argv.json` (and its `LICH_CODEX_HOOK`, `-` for none,
 * into `<LICH_SESSION_ID>.codex-hook`) and stays up, as a provider's TUI would.
 */
const RECORDER = `
const fs = require('node:fs');
fs.writeFileSync(process.env.LICH_SESSION_ID + '.argv.json', JSON.stringify(process.argv.slice(2)));
fs.writeFileSync(process.env.LICH_SESSION_ID + '.codex-hook', process.env.LICH_CODEX_HOOK ?? '-');
process.stdin.setRawMode(true);
process.stdin.on('data', () => {});
`;

const BIN = '/opt/lich/bin/lich';
const CLAUDE_MCP = ['--mcp-config', '{"mcpServers":{"lich":{"args":["mcp"],"command":"/opt/lich/bin/lich"}}}'];
/** Codex's `-c` overrides (providers.ts codexConfig), written out here so a drift in the source shows. */
const CODEX_MCP = [
  '-c', 'mcp_servers.lich.command="/opt/lich/bin/lich"',
  '-c', 'mcp_servers.lich.args=["mcp"]',
  '-c', 'mcp_servers.lich.env_vars=["LICH_PORT","LICH_TOKEN","LICH_SESSION_ID","LICH_BIN","LICH_PROJECT_DIR","LICH_WORKTREE_PORT","LICH_PROMPT_LANG","LICH_SUBAGENT_CARDS","LICH_SUBAGENT_DEPTH","LICH_PID","LICH_PROC"]',
  '-c', 'mcp_servers.lich.tool_timeout_sec=150',
  '-c', 'features.daemon_auto_start=false',
];

let dirs: TempLich;
let server: RunningServer;
let project: string;

const open = (o: Record<string, unknown>) =>
  rpc(server, 'spawn.Open', [
    { from: '', project, kind: '', worktree: '', base: '', model: '', effort: '', folder: '', ultracode: false, ...o },
  ]);
const argvOf = async (id: string): Promise<string[]> => {
  const file = join(project, `${id}.argv.json`);
  await until(() => existsSync(file) && readFileSync(file, 'utf8') !== '');
  return JSON.parse(readFileSync(file, 'utf8'));
};
const rows = () => {
  const store = new Store(join(dirs.dataDir, 'lich.db'));
  try {
    return store.sessions();
  } finally {
    store.close();
  }
};

beforeAll(async () => {
  dirs = tempLich('lich-start-pty-');
  project = join(dirs.root, 'proj');
  mkdirSync(project);
  mkdirSync(dirs.configDir, { recursive: true });
  const fakeBin = join(dirs.root, 'bin');
  mkdirSync(fakeBin);
  for (const name of ['claude', 'codex', 'omp', 'kiro-cli', 'crush', 'opencode', 'cursor-agent', 'agy']) {
    writeFileSync(join(fakeBin, name), `#!${process.execPath}\n${RECORDER}`);
    chmodSync(join(fakeBin, name), 0o755);
  }
  // Kiro's plugin agent, so kiro-cli is run as the lich agent.
  mkdirSync(join(dirs.root, '.kiro', 'agents'), { recursive: true });
  writeFileSync(join(dirs.root, '.kiro', 'agents', 'lich.json'), '{}');
  server = await startServer({
    configDir: dirs.configDir,
    dataDir: dirs.dataDir,
    port: 0,
    bin: BIN,
    env: { PATH: `${fakeBin}:${process.env.PATH}`, HOME: dirs.root },
    validateResults: true,
    log: () => {},
  });
});

afterAll(async () => {
  await server.close();
  expect(server.violations).toEqual([]);
  dirs.cleanup();
});

describe('a provider started by spawn.Open', () => {
  it('runs Claude Code with its name, model, effort and ultracode, the briefing, and lich’s MCP server last — and no token', async () => {
    const r = await open({ kind: 'claude', model: 'opus', effort: 'high', ultracode: true });
    expect(r.status).toBe(200);
    const argv = await argvOf(r.json.id);
    expect(argv).toEqual([
      '--name',
      r.json.name,
      '--model',
      'opus',
      '--effort',
      'high',
      '--settings',
      '{"ultracode":true}',
      '--append-system-prompt',
      expect.stringMatching(/^You are running inside lich, .* The lich tools in your list open one and hand it the task\.$/),
      ...CLAUDE_MCP,
    ]);
    expect(argv.join('\n')).not.toContain(server.token);
    expect(argv).not.toContain('--strict-mcp-config');
    // No confinement in this backend, so no permission prompt is skipped.
    expect(argv).not.toContain('--dangerously-skip-permissions');
    expect(rows().find((s) => s.id === r.json.id)).toMatchObject({ model: 'opus', effort: 'high', ultracode: true, confined: false });
  });

  it('runs Codex with the MCP pair first and the effort as -c model_reasoning_effort — and no token', async () => {
    const r = await open({ kind: 'codex', model: 'gpt-5', effort: 'low' });
    expect(r.status).toBe(200);
    const argv = await argvOf(r.json.id);
    expect(argv).toEqual([...CODEX_MCP, '--model', 'gpt-5', '-c', 'model_reasoning_effort=low']);
    expect(argv.join('\n')).not.toContain(server.token);
    expect(rows().find((s) => s.id === r.json.id)).toMatchObject({ model: 'gpt-5', effort: 'low', ultracode: false });
  });

  it('runs oh-my-pi with --thinking and the briefing’s command route', async () => {
    const r = await open({ kind: 'omp', effort: 'medium' });
    const argv = await argvOf(r.json.id);
    expect(argv).toEqual([
      '--thinking',
      'medium',
      '--append-system-prompt',
      expect.stringMatching(/Open one with `lich open --worktree BRANCH --prompt 'the task'`, which opens the session and hands it the task in one command\.$/),
    ]);
  });

  it('runs Kiro CLI as `chat` under the plugin’s lich agent', async () => {
    const r = await open({ kind: 'kiro', model: 'claude-sonnet-4.5', effort: 'high' });
    expect(await argvOf(r.json.id)).toEqual(['chat', '--agent', 'lich', '--model', 'claude-sonnet-4.5', '--effort', 'high']);
  });

  it('drops a model or effort that starts with "-" rather than pass it, and records none', async () => {
    const r = await open({ kind: 'codex', model: '--yolo', effort: '-x' });
    expect(await argvOf(r.json.id)).toEqual(CODEX_MCP);
    expect(rows().find((s) => s.id === r.json.id)).toMatchObject({ model: '', effort: '' });
  });

  it('refuses a model, effort or ultracode the provider cannot take, writing nothing', async () => {
    const before = rows().length;
    const refused = async (o: Record<string, unknown>) => {
      const r = await open(o);
      expect(r.status).toBe(500);
      return r.json.error as string;
    };
    expect(await refused({ kind: 'crush', model: 'm' })).toBe(
      'Crush cannot be told which model to run when lich starts it — open the session without a model and pick one inside it',
    );
    expect(await refused({ kind: 'shell', model: 'm' })).toMatch(/^shell cannot be told which model/);
    for (const [kind, name] of [['opencode', 'opencode'], ['crush', 'Crush'], ['shell', 'shell']]) {
      expect(await refused({ kind, effort: 'high' })).toBe(
        `${name} cannot be told which effort to run at when lich starts it — open the session without an effort and set it inside it`,
      );
    }
    expect(await refused({ kind: 'cursor', effort: 'high' })).toMatch(/^Cursor CLI names the effort inside the model id/);
    for (const [kind, name] of [['codex', 'Codex'], ['antigravity', 'Antigravity'], ['opencode', 'opencode'], ['omp', 'oh-my-pi'], ['crush', 'Crush'], ['cursor', 'Cursor CLI'], ['kiro', 'Kiro CLI'], ['shell', 'shell']]) {
      expect(await refused({ kind, ultracode: true })).toBe(
        `${name} has no ultracode — it is Claude Code's alone: open the session without it, or open a Claude Code session instead`,
      );
    }
    expect(rows().length).toBe(before);
  });
});

describe('Codex started by spawn.Open from a lich whose CLI ships the Codex hook script', () => {
  let cli: TempLich;
  let withHooks: RunningServer;

  beforeAll(async () => {
    cli = tempLich('lich-start-pty-hooks-');
    mkdirSync(join(cli.root, 'cli', 'bin'), { recursive: true });
    mkdirSync(join(cli.root, 'cli', 'dist'), { recursive: true });
    writeFileSync(join(cli.root, 'cli', 'bin', 'lich.js'), '');
    writeFileSync(join(cli.root, 'cli', 'dist', 'codex-hook.cjs'), '');
    mkdirSync(cli.configDir, { recursive: true });
    withHooks = await startServer({
      configDir: cli.configDir,
      dataDir: cli.dataDir,
      port: 0,
      bin: join(cli.root, 'cli', 'bin', 'lich.js'),
      env: { PATH: `${join(dirs.root, 'bin')}:${process.env.PATH}`, HOME: cli.root, LICH_CODEX_HOOK: '/an/older/lich/dist/codex-hook.cjs' },
      validateResults: true,
      log: () => {},
    });
  });

  afterAll(async () => {
    await withHooks?.close();
    expect(withHooks?.violations ?? []).toEqual([]);
    cli?.cleanup();
  });

  it('registers its hooks with one constant command for the user to review — no bypass unconfined — and names the script in the session’s LICH_CODEX_HOOK', async () => {
    const r = await rpc(withHooks, 'spawn.Open', [
      { from: '', project, kind: 'codex', worktree: '', base: '', model: '', effort: '', folder: '', ultracode: false },
    ]);
    expect(r.status).toBe(200);
    const argv = await argvOf(r.json.id);
    const hooks = argv.filter((a) => a.startsWith('hooks.'));
    expect(hooks.map((a) => a.slice(0, a.indexOf('=')))).toEqual(
      ['SessionStart', 'UserPromptSubmit', 'PreToolUse', 'PermissionRequest', 'Stop', 'Interrupt', 'PreCompact', 'PostCompact', 'SessionEnd'].map((e) => `hooks.${e}`),
    );
    for (const h of hooks) expect(h).toContain('command="[ -z \\"$LICH_CODEX_HOOK\\" ] || NODE_OPTIONS= NODE_EXTRA_CA_CERTS= exec node \\"$LICH_CODEX_HOOK\\""');
    expect(argv.join('\n')).not.toContain('codex-hook.cjs');
    expect(argv).not.toContain('--dangerously-bypass-hook-trust');
    // Not the value the backend inherited: the script of the lich that started this session.
    const named = join(project, `${r.json.id}.codex-hook`);
    await until(() => existsSync(named));
    expect(readFileSync(named, 'utf8')).toBe(join(cli.root, 'cli', 'dist', 'codex-hook.cjs'));
  });
});
