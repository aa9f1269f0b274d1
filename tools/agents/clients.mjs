// The four real agent clients the real-agents tier runs, pinned here and nowhere else, and their
// install into a cache outside the workspace's dependencies (so `npm ci` stays lean):
// `~/.cache/lich-agents/<dir>` (or `$LICH_AGENTS_CACHE/<dir>`), each by `npm i --prefix`.
// Facts: docs/spec/real-agents.md §§ 1, 2.1.
import { spawn } from 'node:child_process';
import { accessSync, constants, mkdirSync, readFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';

/**
 * The pinned clients by lich kind: the npm package and exact version, the cache folder, the
 * binary lich's built-in kind runs (its name on PATH) inside that folder's `node_modules/.bin`,
 * and `with`, what else must be installed beside it (`<pkg>@<version>`).
 */
export const CLIENTS = Object.freeze({
  claude: { pkg: '@anthropic-ai/claude-code', version: '2.1.328', dir: 'claude-code', bin: 'claude', name: 'Claude Code' },
  opencode: { pkg: 'opencode-ai', version: '1.18.33', dir: 'opencode', bin: 'opencode', name: 'opencode' },
  codex: { pkg: '@openai/codex', version: '0.169.0', dir: 'codex', bin: 'codex', name: 'Codex' },
  // omp is a Bun bundle (`#!/usr/bin/env bun`): bun, from npm, is installed beside it and its
  // `.bin` goes first on the client's PATH (offline.mjs). 18.2.3 is the newest whose whole
  // dependency set the registry here has (real-agents.md § 7.1).
  omp: { pkg: '@oh-my-pi/pi-coding-agent', version: '18.2.3', dir: 'omp', bin: 'omp', name: 'oh-my-pi', with: ['bun@1.4.4'] },
});

/** The lich kinds of the real clients, in the order the tier runs them. */
export const KINDS = Object.freeze(Object.keys(CLIENTS));

/** The cache root: `$LICH_AGENTS_CACHE`, else `~/.cache/lich-agents`. */
export function cacheRoot(env = process.env) {
  return env.LICH_AGENTS_CACHE || join(env.HOME || homedir(), '.cache', 'lich-agents');
}

/** The absolute path of `kind`'s binary in the cache (it may not exist yet). */
export function binaryPath(kind, env = process.env) {
  const c = CLIENTS[kind];
  if (!c) throw new Error(`no real client for kind ${JSON.stringify(kind)}; the tier has ${KINDS.join(', ')}`);
  return join(cacheRoot(env), c.dir, 'node_modules', '.bin', c.bin);
}

/** The version of package `pkg` installed in `kind`'s cache folder, or `null`. */
function versionIn(kind, pkg, env) {
  try {
    return JSON.parse(readFileSync(join(cacheRoot(env), CLIENTS[kind].dir, 'node_modules', pkg, 'package.json'), 'utf8')).version ?? null;
  } catch {
    return null;
  }
}

/** The version of `kind`'s package installed in the cache, or `null`. */
export function installedVersion(kind, env = process.env) {
  return versionIn(kind, CLIENTS[kind].pkg, env);
}

/** `name@version` split at its last `@` (a scoped name keeps its own). */
function splitSpec(spec) {
  const at = spec.lastIndexOf('@');
  return { name: spec.slice(0, at), version: spec.slice(at + 1) };
}

/** Whether the pinned version of `kind` (and of everything it is installed `with`) is in the cache, its binary executable. */
export function isInstalled(kind, env = process.env) {
  if (installedVersion(kind, env) !== CLIENTS[kind].version) return false;
  for (const spec of CLIENTS[kind].with ?? []) {
    const { name, version } = splitSpec(spec);
    if (versionIn(kind, name, env) !== version) return false;
  }
  try {
    accessSync(binaryPath(kind, env), constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/** npm's network failures: the registry cannot be reached (or its chain cannot be verified). */
const UNREACHABLE = /ENOTFOUND|EAI_AGAIN|ECONNREFUSED|ECONNRESET|ETIMEDOUT|ENETUNREACH|EHOSTUNREACH|SELF_SIGNED_CERT|UNABLE_TO_GET_ISSUER|CERT_|socket hang up|network|request to .* failed/i;

/**
 * The error {@link ensureInstalled} throws: its message is the one line the tier prints. `reason`
 * is `unreachable` when npm could not reach the registry, `failed` otherwise.
 */
export class InstallError extends Error {
  constructor(message, reason) {
    super(message);
    this.reason = reason;
  }
}

function run(cmd, args, env) {
  return new Promise((done) => {
    const c = spawn(cmd, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    c.stdout.on('data', (d) => (out += d));
    c.stderr.on('data', (d) => (out += d));
    c.on('error', (err) => done({ code: -1, out: String(err.message) }));
    c.on('close', (code) => done({ code, out }));
  });
}

/**
 * Installs every kind of `kinds` whose pinned version is not in the cache yet (`npm i --prefix
 * <cache>/<dir> --save-exact <pkg>@<version> …with`, NODE_EXTRA_CA_CERTS kept: the registry's chain
 * needs it here, real-agents.md § 2.1). Installed ones are left alone.
 *
 * @param {string[]} kinds
 * @param {{log?: (line: string) => void, env?: NodeJS.ProcessEnv}} [o]
 * @returns {Promise<{kind: string, installed: boolean, ms: number}[]>} what each needed
 * @throws InstallError with one line: the registry could not be reached, or npm failed (its last error line).
 */
export async function ensureInstalled(kinds = KINDS, o = {}) {
  const env = o.env ?? process.env;
  const log = o.log ?? (() => {});
  const out = [];
  for (const kind of kinds) {
    const c = CLIENTS[kind];
    if (isInstalled(kind, env)) {
      out.push({ kind, installed: false, ms: 0 });
      continue;
    }
    const prefix = join(cacheRoot(env), c.dir);
    mkdirSync(prefix, { recursive: true });
    log(`installing ${c.pkg}@${c.version} into ${prefix}`);
    const t0 = Date.now();
    const r = await run('npm', ['i', '--prefix', prefix, '--no-audit', '--no-fund', '--save-exact', `${c.pkg}@${c.version}`, ...(c.with ?? [])], env);
    if (r.code !== 0 || !isInstalled(kind, env)) {
      const registry = env.npm_config_registry || 'the npm registry';
      if (r.code !== 0 && UNREACHABLE.test(r.out)) {
        throw new InstallError(
          `real agents: ${registry} cannot be reached, so ${c.pkg}@${c.version} cannot be installed into ${prefix} — the real-agents tier fails rather than skip`,
          'unreachable',
        );
      }
      const last = r.out.trim().split('\n').filter((l) => /err/i.test(l)).pop() ?? r.out.trim().split('\n').pop() ?? '';
      throw new InstallError(`real agents: npm i ${c.pkg}@${c.version} into ${prefix} failed (exit ${r.code}): ${last.trim()}`, 'failed');
    }
    out.push({ kind, installed: true, ms: Date.now() - t0 });
  }
  return out;
}

/** Whether every kind of `kinds` is installed (the bench's check before it runs agents). */
export function allInstalled(kinds = KINDS, env = process.env) {
  return kinds.every((k) => isInstalled(k, env));
}

