// Offline homes for the real clients (real-agents.md §§ 2.2, 3.1, 4.1, 5.1): a temporary HOME
// and XDG dirs per client, its config pointing at the fake model, and a wrapper named like the
// built-in kind's command (`claude`, `opencode`, `codex`) that exports that env and `exec`s the
// real binary — so lich's built-in kinds, found on the backend's PATH, run the real clients
// offline, with lich's own `LICH_*` passing through, and SIGHUP reaching the client itself.
import { chmodSync, existsSync, mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { CLIENTS, binaryPath } from './clients.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const TRUST = join(here, 'trust.mjs');

/** The API key the clients are given: fake, and long enough for Claude Code's last-20 approval. */
export const FAKE_KEY = 'sk-fake-lich-agents-0123456789abcdef';

/** `s` as one POSIX shell word. */
function sh(s) {
  return `'${String(s).replace(/'/g, `'\\''`)}'`;
}

/** A TOML basic string. */
function toml(s) {
  return JSON.stringify(String(s));
}

function write(path, text, mode) {
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, text);
  if (mode) chmodSync(path, mode);
}

/**
 * Prepares `kind`'s offline home under `root` and its wrapper in `<root>/bin/<command>`.
 *
 * @param {'claude'|'opencode'|'codex'|'omp'} kind
 * @param {{root: string, fakeUrl: string, trust?: string[], trustedHooks?: Array<{key: string, trustedHash: string}>, env?: Record<string, string>, startDelaySeconds?: number, trustStarts?: boolean, firstRun?: boolean}} o
 *   `root` an empty temp dir of this run; `fakeUrl` the fake model's `url`; `trust` directories
 *   trusted up front (the wrapper also trusts the directory each start runs in, so a lich
 *   worktree — `<data dir>/worktrees/<project id>/<branch>`, unknown before `open` — is trusted
 *   the way a user who accepted the prompt would have it); `trustedHooks` (codex) hooks trusted up
 *   front, as Codex records a user's "Trust all and continue" on its hook review screen: each a
 *   `[hooks.state."<key>"] trusted_hash = "<trustedHash>"` table (lich's own: server
 *   providers/codex-hooks.ts `codexHookTrust`); `env` extra variables the wrapper exports;
 *   `startDelaySeconds` how long the wrapper waits, drawing nothing, before the client runs: a cold
 *   first start on a loaded machine, where the client's first frame comes seconds late;
 *   `trustStarts: false` leaves out the wrapper's trust of the directory each start runs in, so a
 *   session in a folder not in `trust` meets the client's own trust question; `firstRun` (omp)
 *   leaves out the record of its setup wizard, which it then opens as on its first run.
 * @returns {{kind: string, binDir: string, home: string, env: Record<string,string>, envDir: string, wrapper: string, real: string}}
 *   `binDir` goes first on the backend's PATH; `env` is what the wrapper exports; `envDir` holds
 *   one `<LICH_SESSION_ID>-<pid>.env` per start: the environment lich gave the session (NUL-separated).
 */
export function prepareOffline(kind, o) {
  const c = CLIENTS[kind];
  const root = resolve(o.root);
  const home = join(root, 'home');
  const binDir = join(root, 'bin');
  const envDir = join(root, 'env');
  // Each client's own temp dir, removed with the run: opencode (bun) unpacks ≈19 MB of native
  // libraries into TMPDIR on every start and never removes them, which filled a shared /tmp. A
  // start that is a lich session keeps the TMPDIR lich gave it, its own, which lich removes when
  // the session ends (packages/server/src/spawn/session-temp.ts).
  const tmp = join(root, 'tmp');
  for (const d of [home, binDir, envDir, tmp]) mkdirSync(d, { recursive: true });
  const env = {
    HOME: home,
    TMPDIR: tmp,
    XDG_CONFIG_HOME: join(home, '.config'),
    XDG_DATA_HOME: join(home, '.local', 'share'),
    XDG_CACHE_HOME: join(home, '.cache'),
    XDG_STATE_HOME: join(home, '.local', 'state'),
  };
  const trust = (o.trust ?? []).map((d) => resolve(d));
  let trustFile = '';
  /** A directory the wrapper puts first on the session's PATH, or `''`. */
  let pathFirst = '';
  if (kind === 'claude') {
    Object.assign(env, {
      ANTHROPIC_BASE_URL: o.fakeUrl,
      ANTHROPIC_API_KEY: FAKE_KEY,
      DISABLE_AUTOUPDATER: '1',
      DISABLE_TELEMETRY: '1',
      DISABLE_ERROR_REPORTING: '1',
      CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: '1',
      CLAUDE_CODE_DISABLE_OFFICIAL_MARKETPLACE_AUTOINSTALL: '1',
    });
    trustFile = join(home, '.claude.json');
    write(
      trustFile,
      JSON.stringify(
        {
          hasCompletedOnboarding: true,
          customApiKeyResponses: { approved: [FAKE_KEY.slice(-20)], rejected: [] },
          projects: Object.fromEntries(trust.map((d) => [d, { hasTrustDialogAccepted: true }])),
        },
        null,
        2,
      ),
    );
  } else if (kind === 'opencode') {
    Object.assign(env, {
      OPENCODE_DISABLE_AUTOUPDATE: '1',
      OPENCODE_DISABLE_SHARE: '1',
      OPENCODE_DISABLE_LSP_DOWNLOAD: '1',
      OPENCODE_DISABLE_MODELS_FETCH: '1',
    });
    const dir = join(env.XDG_CONFIG_HOME, 'opencode');
    write(
      join(dir, 'opencode.json'),
      JSON.stringify(
        {
          $schema: 'https://opencode.ai/config.json',
          autoupdate: false,
          share: 'disabled',
          model: 'fake/fake-model',
          small_model: 'fake/fake-model',
          enabled_providers: ['fake'],
          provider: {
            fake: {
              npm: '@ai-sdk/openai-compatible',
              name: 'Fake',
              options: { baseURL: `${o.fakeUrl}/v1`, apiKey: 'sk-fake' },
              // A second model, so `lich open --model fake/fake-model-b` names one the default is not.
              models: {
                'fake-model': { name: 'Fake model', tool_call: true, limit: { context: 100000, output: 4096 } },
                'fake-model-b': { name: 'Fake model B', tool_call: true, limit: { context: 100000, output: 4096 } },
              },
            },
          },
        },
        null,
        2,
      ),
    );
    skipOpencodeInstall(dir);
  } else if (kind === 'codex') {
    Object.assign(env, { CODEX_HOME: join(home, '.codex'), FAKE_API_KEY: 'sk-fake' });
    trustFile = join(env.CODEX_HOME, 'config.toml');
    write(
      trustFile,
      [
        'model = "fake-model"',
        'model_provider = "fake"',
        'approval_policy = "never"',
        'sandbox_mode = "danger-full-access"',
        'check_for_update_on_startup = false',
        '',
        '[analytics]',
        'enabled = false',
        '',
        // The app-server daemon outlives the TUI and adopts later ones (real-agents.md § 5.4).
        '[features]',
        'daemon_auto_start = false',
        '',
        '[model_providers.fake]',
        'name = "Fake"',
        `base_url = ${toml(`${o.fakeUrl}/v1`)}`,
        'wire_api = "responses"',
        'env_key = "FAKE_API_KEY"',
        '',
        ...trust.flatMap((d) => [`[projects.${toml(d)}]`, 'trust_level = "trusted"', '']),
        ...(o.trustedHooks ?? []).flatMap((h) => [`[hooks.state.${toml(h.key)}]`, `trusted_hash = ${toml(h.trustedHash)}`, '']),
        // Codex 0.169.0 announces a new model ("GPT-6.1-Sol", from its built-in model list) on some
        // starts and records it here once shown (found recorded after the tier's first Codex send
        // was lost, 2026-12-02). Marked as shown, so no start differs by it. The loss itself was a
        // slow start typed into Codex's splash (providers.ts CODEX_READINESS); the announcement
        // has not been seen on a screen since.
        '[tui.model_availability_nux]',
        '"gpt-6.1-sol" = 99',
        '',
      ].join('\n'),
    );
  } else if (kind === 'omp') {
    // Everything omp keeps is under ~/.omp/agent (real-agents.md § 7.2). bun's `.bin` goes first on
    // PATH: omp's own `.bin/omp` is a Bun bundle run through `#!/usr/bin/env bun`.
    pathFirst = dirname(binaryPath(kind));
    const dir = join(home, '.omp', 'agent');
    const model = (id, name) => [`      - id: ${id}`, `        name: ${name}`, '        reasoning: true', '        input: [text]', '        contextWindow: 100000', '        maxTokens: 4096'];
    write(
      join(dir, 'models.yml'),
      [
        'providers:',
        '  fake:',
        `    baseUrl: ${o.fakeUrl}/v1`,
        '    apiKey: sk-fake',
        '    api: openai-completions',
        '    models:',
        ...model('fake-model', 'Fake model'),
        // A second model, so `lich open --model fake-model-b` names one the default is not.
        ...model('fake-model-b', 'Fake model B'),
        '',
      ].join('\n'),
    );
    write(
      join(dir, 'config.yml'),
      [
        'modelRoles:',
        '  default: fake/fake-model',
        // No update check (it asks the npm registry at every start) and no marketplace update.
        'startup:',
        '  checkUpdate: false',
        'marketplace:',
        '  autoUpdate: "off"',
        // The setup wizard was done, as on a machine where omp ran before; `o.firstRun` leaves this
        // out, so omp opens its wizard as on its first run anywhere.
        ...(o.firstRun ? [] : ['setupVersion: 2']),
        '',
      ].join('\n'),
    );
  } else {
    throw new Error(`no offline home for kind ${JSON.stringify(kind)}`);
  }
  Object.assign(env, o.env ?? {});
  const real = binaryPath(kind);
  const lines = [
    '#!/bin/sh',
    `# Written by tools/agents/offline.mjs: the real ${c.name} ${c.version}, offline, against the fake model.`,
    '# The environment lich gave this session, before anything below changes it:',
    `env -0 > ${sh(envDir)}/"\${LICH_SESSION_ID:-none}-$$.env"`,
    ...Object.entries(env).map(([k, v]) => (k === 'TMPDIR' ? `[ -n "$LICH_SESSION_ID" ] || export ${k}=${sh(v)}` : `export ${k}=${sh(v)}`)),
    ...(pathFirst ? [`export PATH=${sh(pathFirst)}:"$PATH"`] : []),
  ];
  if (trustFile && o.trustStarts !== false) {
    // Trust the directory this start runs in, as a user accepting the trust prompt would.
    lines.push(`${sh(process.execPath)} ${sh(TRUST)} ${kind} ${sh(trustFile)} "$PWD" || exit 1`);
  }
  if (o.startDelaySeconds) lines.push(`sleep ${Number(o.startDelaySeconds)}`);
  // exec: the client is the process in lich's PTY, so SIGHUP on close reaches it (§ 2.2).
  lines.push(`exec ${sh(real)} "$@"`, '');
  const wrapper = join(binDir, c.bin);
  write(wrapper, lines.join('\n'), 0o755);
  return { kind, binDir, home, env, envDir, wrapper, real };
}

/**
 * opencode npm-installs `@opencode-ai/plugin` into every config dir at start unless the dir has a
 * `node_modules/` and a lockfile listing it (real-agents.md § 4.3): give it both.
 */
export function skipOpencodeInstall(dir) {
  mkdirSync(join(dir, 'node_modules'), { recursive: true });
  write(
    join(dir, 'package-lock.json'),
    JSON.stringify({ lockfileVersion: 3, packages: { '': { dependencies: { '@opencode-ai/plugin': CLIENTS.opencode.version } } } }),
  );
}

/**
 * The environments lich gave the sessions this home ran: one per start, newest last, as
 * `{session, pid, env}`.
 */
export function sessionEnvs(prepared, sessionId) {
  if (!existsSync(prepared.envDir)) return [];
  return readdirSync(prepared.envDir)
    .filter((f) => f.endsWith('.env') && (sessionId === undefined || f.startsWith(`${sessionId}-`)))
    .map((f) => {
      const m = /^(.*)-(\d+)\.env$/.exec(f);
      const env = {};
      for (const kv of readFileSync(join(prepared.envDir, f), 'utf8').split('\0')) {
        const i = kv.indexOf('=');
        if (i > 0) env[kv.slice(0, i)] = kv.slice(i + 1);
      }
      return { session: m?.[1] ?? '', pid: Number(m?.[2] ?? 0), env };
    });
}

/**
 * Stops Codex's app-server daemon and its updater if a run started them anyway, by the pids they
 * wrote under `$CODEX_HOME/app-server-daemon/` (real-agents.md § 5.4). Returns the pids signalled.
 */
export function stopCodexDaemons(prepared) {
  const dir = join(prepared.env.CODEX_HOME ?? '', 'app-server-daemon');
  const pids = [];
  for (const f of ['daemon.pid', 'daemon-updater.pid']) {
    let pid;
    try {
      pid = Number(readFileSync(join(dir, f), 'utf8').trim());
    } catch {
      continue;
    }
    if (!Number.isInteger(pid) || pid <= 1) continue;
    try {
      process.kill(pid, 'SIGTERM');
      pids.push(pid);
    } catch {
      // Already gone.
    }
  }
  return pids;
}
