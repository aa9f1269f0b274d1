import { execFile, spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CLIENTS, InstallError, binaryPath, ensureInstalled, isInstalled } from './clients.mjs';
import { FAKE_KEY, prepareOffline, sessionEnvs } from './offline.mjs';

let dir: string;
let savedCache: string | undefined;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'lich-agents-unit-'));
  savedCache = process.env.LICH_AGENTS_CACHE;
  process.env.LICH_AGENTS_CACHE = join(dir, 'cache');
});
afterEach(() => {
  if (savedCache === undefined) delete process.env.LICH_AGENTS_CACHE;
  else process.env.LICH_AGENTS_CACHE = savedCache;
  rmSync(dir, { recursive: true, force: true });
});

/**
 * Puts a stand-in for `kind`'s real binary into the cache: a script that prints its pid, cwd and
 * environment, so the wrapper in front of it can be run without the real client.
 */
function standInClient(kind: 'claude' | 'opencode' | 'codex'): void {
  const c = CLIENTS[kind];
  const bin = binaryPath(kind);
  mkdirSync(join(bin, '..'), { recursive: true });
  writeFileSync(bin, '#!/bin/sh\necho "pid=$$"\necho "cwd=$PWD"\necho "args=$*"\nenv\n');
  chmodSync(bin, 0o755);
  const pkg = join(process.env.LICH_AGENTS_CACHE!, c.dir, 'node_modules', c.pkg);
  mkdirSync(pkg, { recursive: true });
  writeFileSync(join(pkg, 'package.json'), JSON.stringify({ name: c.pkg, version: c.version }));
}

function run(file: string, args: string[], cwd: string, env: Record<string, string>): Promise<string> {
  return new Promise((done, fail) =>
    execFile(file, args, { cwd, env }, (err, stdout, stderr) => (err ? fail(new Error(`${err.message}\n${stderr}`)) : done(stdout))),
  );
}

describe('the pinned clients in the cache', () => {
  it('counts a client installed only at its pinned version with an executable binary', () => {
    expect(isInstalled('codex')).toBe(false);
    standInClient('codex');
    expect(isInstalled('codex')).toBe(true);
    const pkg = join(process.env.LICH_AGENTS_CACHE!, 'codex', 'node_modules', '@openai/codex', 'package.json');
    writeFileSync(pkg, JSON.stringify({ version: '0.1.0' }));
    expect(isInstalled('codex')).toBe(false);
  });

  it('leaves an installed client alone', async () => {
    standInClient('opencode');
    expect(await ensureInstalled(['opencode'])).toEqual([{ kind: 'opencode', installed: false, ms: 0 }]);
  });

  it('fails in one line, saying so, when the registry cannot be reached', async () => {
    const env = { ...process.env, npm_config_registry: 'http://127.0.0.1:9/', npm_config_fetch_retries: '0' };
    const err = await ensureInstalled(['codex'], { env }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(InstallError);
    expect((err as InstallError).reason).toBe('unreachable');
    expect((err as Error).message).toBe(
      `real agents: http://127.0.0.1:9/ cannot be reached, so @openai/codex@0.169.0 cannot be installed into ${join(process.env.LICH_AGENTS_CACHE!, 'codex')} — the real-agents tier fails rather than skip`,
    );
    expect((err as Error).message).not.toContain('\n');
  });
});

describe('offline homes and their wrappers', () => {
  it("writes Claude Code's onboarding, key approval and trust, and points it at the fake model", () => {
    const project = join(dir, 'project');
    const o = prepareOffline('claude', { root: join(dir, 'claude'), fakeUrl: 'http://127.0.0.1:1234', trust: [project] });
    const doc = JSON.parse(readFileSync(join(o.home, '.claude.json'), 'utf8'));
    expect(doc).toEqual({
      hasCompletedOnboarding: true,
      customApiKeyResponses: { approved: [FAKE_KEY.slice(-20)], rejected: [] },
      projects: { [project]: { hasTrustDialogAccepted: true } },
    });
    expect(o.env).toMatchObject({ HOME: o.home, ANTHROPIC_BASE_URL: 'http://127.0.0.1:1234', ANTHROPIC_API_KEY: FAKE_KEY, CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: '1' });
  });

  it("gives opencode the fake provider and what makes it skip its npm install", () => {
    const o = prepareOffline('opencode', { root: join(dir, 'oc'), fakeUrl: 'http://127.0.0.1:1234' });
    const cfgDir = join(o.env.XDG_CONFIG_HOME, 'opencode');
    const cfg = JSON.parse(readFileSync(join(cfgDir, 'opencode.json'), 'utf8'));
    expect(cfg.provider.fake.options.baseURL).toBe('http://127.0.0.1:1234/v1');
    expect(cfg.model).toBe('fake/fake-model');
    expect(existsSync(join(cfgDir, 'node_modules'))).toBe(true);
    // bun unpacks its native libraries into TMPDIR on every start: inside the run, not the shared /tmp.
    expect(o.env.TMPDIR).toBe(join(dir, 'oc', 'tmp'));
    expect(existsSync(o.env.TMPDIR)).toBe(true);
    expect(JSON.parse(readFileSync(join(cfgDir, 'package-lock.json'), 'utf8')).packages[''].dependencies).toEqual({ '@opencode-ai/plugin': '1.18.33' });
  });

  it("gives Codex the fake provider, trust, and its daemon off", () => {
    const project = join(dir, 'project');
    const o = prepareOffline('codex', { root: join(dir, 'cx'), fakeUrl: 'http://127.0.0.1:1234', trust: [project] });
    const toml = readFileSync(join(o.env.CODEX_HOME, 'config.toml'), 'utf8');
    expect(toml).toContain('base_url = "http://127.0.0.1:1234/v1"');
    expect(toml).toContain('[features]\ndaemon_auto_start = false');
    expect(toml).toContain(`[projects.${JSON.stringify(project)}]\ntrust_level = "trusted"`);
  });

  it('gives Codex the hooks it is told were trusted, as its review screen records them', () => {
    const trustedHooks = [
      { key: '/<session-flags>/config.toml:stop:0:0', trustedHash: 'sha256:e6089c11' },
      { key: '/<session-flags>/config.toml:session_end:0:0', trustedHash: 'sha256:90bb245b' },
    ];
    const o = prepareOffline('codex', { root: join(dir, 'cx'), fakeUrl: 'http://127.0.0.1:1234', trustedHooks });
    const toml = readFileSync(join(o.env.CODEX_HOME, 'config.toml'), 'utf8');
    expect(toml).toContain('[hooks.state."/<session-flags>/config.toml:stop:0:0"]\ntrusted_hash = "sha256:e6089c11"\n');
    expect(toml).toContain('[hooks.state."/<session-flags>/config.toml:session_end:0:0"]\ntrusted_hash = "sha256:90bb245b"\n');
    expect(readFileSync(join(prepareOffline('codex', { root: join(dir, 'cx2'), fakeUrl: 'http://127.0.0.1:1234' }).env.CODEX_HOME, 'config.toml'), 'utf8')).not.toContain('hooks.state');
  });

  it("records the environment lich gave the session, exports the offline one, trusts the start's directory and execs the client", async () => {
    standInClient('codex');
    const o = prepareOffline('codex', { root: join(dir, 'cx'), fakeUrl: 'http://127.0.0.1:1234', env: { EXTRA: 'yes' } });
    const cwd = join(dir, 'worktree');
    mkdirSync(cwd);
    const out = await run(o.wrapper, ['--flag', 'x'], cwd, { PATH: process.env.PATH!, LICH_SESSION_ID: 's1', LICH_TOKEN: 't', HOME: '/nowhere' });
    const pid = Number(/^pid=(\d+)$/m.exec(out)![1]);
    expect(out).toContain(`args=--flag x`);
    expect(out).toContain(`HOME=${o.home}\n`);
    expect(out).toContain('LICH_TOKEN=t\n');
    expect(out).toContain('EXTRA=yes\n');
    // exec: the client is the very process the wrapper was, so lich's SIGHUP reaches it.
    const given = sessionEnvs(o, 's1');
    expect(given).toHaveLength(1);
    expect(given[0].pid).toBe(pid);
    expect(given[0].env).toMatchObject({ HOME: '/nowhere', LICH_SESSION_ID: 's1' });
    expect(given[0].env.CODEX_HOME).toBeUndefined();
    const toml = readFileSync(join(o.env.CODEX_HOME, 'config.toml'), 'utf8');
    expect(toml).toContain(`[projects.${JSON.stringify(cwd)}]`);
    // A second start in the same directory adds no second entry.
    await run(o.wrapper, [], cwd, { PATH: process.env.PATH! });
    expect(readFileSync(join(o.env.CODEX_HOME, 'config.toml'), 'utf8').split(`[projects.${JSON.stringify(cwd)}]`)).toHaveLength(2);
  });

  it('trusts a directory in Claude Code\'s config once, keeping what else it holds', () => {
    const o = prepareOffline('claude', { root: join(dir, 'claude'), fakeUrl: 'http://127.0.0.1:1' });
    const file = join(o.home, '.claude.json');
    const trust = (d: string) => spawnSync(process.execPath, [fileURLToPath(new URL('./trust.mjs', import.meta.url)), 'claude', file, d], { encoding: 'utf8' });
    expect(trust('/a/b').status).toBe(0);
    expect(trust('/a/b').status).toBe(0);
    const doc = JSON.parse(readFileSync(file, 'utf8'));
    expect(doc.projects).toEqual({ '/a/b': { hasTrustDialogAccepted: true } });
    expect(doc.hasCompletedOnboarding).toBe(true);
    expect(trust('').status).toBe(1);
  });
});
