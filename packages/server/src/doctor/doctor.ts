/**
 * `lich doctor` (spec/cli.md § lich doctor): walks the boot a launch walks — home, log, listener,
 * store, browser, providers, sandbox, git, gh — and then what this backend needs that the
 * original does not: the PTY module (node-pty loads and starts a terminal), the SQLite module
 * (better-sqlite3 loads and opens a database), and whether Claude Code would load lich's own
 * plugin (claude-check.ts). Each check is timed and gives one verdict and one
 * line. Nothing here needs a TTY, a running lich or the network.
 *
 * On purpose, as a launch does: it creates the config directory and an empty log file when they
 * are missing and, only when no lich runs, opens (and migrates) the workspace database, creating
 * it on a first run.
 */
import { closeSync, existsSync, mkdtempSync, readFileSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { homedir, tmpdir } from 'node:os';
import { join } from 'node:path';
import { oneLine } from '@lich/core/errors';
import { nativeModuleFailure } from '@lich/core/native-module';
import type { DoctorCheck, DoctorReport } from '@lich/generated/types';
import { configDir, dataDir } from '../foreground.js';
import { logPath, openLog } from '../log-file.js';
import { isLich, writtenAt } from '@lich/core/lich-process';
import { pidAlive, pingLich, readRuntimeFile, runtimeFileName } from '../runtime-file.js';
import { proveSandbox } from '../sandbox/prove.js';
import { findOnPath } from '../sandbox/sandbox.js';
import { listenPort } from '../server.js';
import { openStore } from '../store/store.js';
import { LOCK_FILE, takeWorkspaceLock } from '../workspace-lock.js';
import { checkClaudePlugin } from './claude-check.js';
import { builtinProviders, goPlatform, loadNative, userProviders, type ProviderOnPath } from './facts.js';
import { makeDir } from '../make-dir.js';
import { PROVIDERS_FILE } from '../providers/providers.js';

/** What {@link doctor} reads. */
export interface DoctorOptions {
  /** The caller's environment: XDG_CONFIG_HOME / XDG_DATA_HOME / HOME, PATH, LICH_LISTEN_PORT, LICH_DEV. */
  env: Readonly<Record<string, string | undefined>>;
  /** This build's version, without a leading v. */
  version: string;
  /** This lich's executable (`LICH_BIN`): lich's Claude Code plugin ships beside it. Absent: the claude check finds no plugin. */
  bin?: string;
}

/** The bound on the sandbox's confined child and on the PTY's child, in ms (spec/cli.md § lich doctor: two seconds). */
export const CHILD_BOUND_MS = 2_000;

type Verdict = DoctorCheck['verdict'];
type Found = { verdict: Verdict; finding: string };

const ok = (finding: string): Found => ({ verdict: 'ok', finding });
const warn = (finding: string): Found => ({ verdict: 'warn', finding });
const fail = (finding: string): Found => ({ verdict: 'fail', finding });
const skip = (finding: string): Found => ({ verdict: 'skip', finding });

/**
 * An error's message on one line, as a finding is: a native module that will not load as the
 * line naming its rebuild (native-module.ts), anything else folded whole — its first line alone
 * would drop what Node says after it, the fix included.
 */
function reason(error: unknown): string {
  return nativeModuleFailure(error) ?? oneLine(String((error as Error)?.message ?? error));
}

/**
 * Runs every check in boot order and times each.
 *
 * @returns the report; never rejects for what it finds (a finding is a row).
 */
export async function doctor(o: DoctorOptions): Promise<DoctorReport> {
  const env = o.env as NodeJS.ProcessEnv;
  const config = configDir(env);
  const data = dataDir(env);
  const started = performance.now();
  const checks: DoctorCheck[] = [];
  const run = async (name: DoctorCheck['name'], check: () => Found | Promise<Found>) => {
    const t0 = performance.now();
    let found: Found;
    try {
      found = await check();
    } catch (error) {
      // A check that throws is a bug in the check, not a finding about the machine: still one line.
      found = fail(`the check itself failed: ${reason(error)}`);
    }
    checks.push({ name, verdict: found.verdict, ms: performance.now() - t0, finding: found.finding });
  };

  await run('home', () => checkHome(config));
  await run('log', () => checkLog(config));
  await run('listener', () => checkListener(config, env));
  await run('store', () => checkStore(data));
  await run('browser', () => skip('this lich is headless: it runs with no window, so there is no browser to resolve'));
  await run('providers', () => checkProviders(config, env));
  await run('sandbox', () => checkSandbox(env));
  await run('git', () => checkTool('git', env, 'branches, diffs and worktrees stay empty'));
  await run('gh', () => checkTool('gh', env, 'pull requests, checks and PR checkouts are unavailable'));
  await run('pty', () => checkPty(env));
  await run('sqlite', () => checkSqlite());
  await run('claude', () => checkClaudePlugin(env, o.bin ?? ''));
  return { version: o.version, platform: goPlatform(), checks, totalMs: performance.now() - started };
}

/** home: `<config-dir>/lich` can be created and written to (fail), and the probe removed (warn) — a probe that could not be written too. */
function checkHome(dir: string): Found {
  try {
    makeDir(dir, 0o700);
  } catch (error) {
    return fail(`${dir} cannot be created: ${reason(error)}`);
  }
  const probe = join(dir, `.doctor-probe-${process.pid}`);
  try {
    writeFileSync(probe, 'lich doctor\n', { mode: 0o600 });
  } catch (error) {
    // A full disk takes the probe's name but not its bytes: a diagnosis leaves nothing behind.
    rmSync(probe, { force: true });
    return fail(`${dir} cannot be written to: ${reason(error)}`);
  }
  try {
    unlinkSync(probe);
  } catch (error) {
    return warn(`${dir} is writable, but the probe ${probe} could not be removed: ${reason(error)}`);
  }
  return ok(`${dir} is writable`);
}

/** log: the log file opens for appending (created empty when missing); warn when it will not. */
function checkLog(dir: string): Found {
  const path = logPath(dir);
  try {
    closeSync(openLog(path));
  } catch (error) {
    return warn(`${path} will not open (${reason(error)}): lich would run on stderr only`);
  }
  return ok(path);
}

/**
 * listener: binds the pinned port on 127.0.0.1 and lets it go. Taken: ok when the lich the runtime
 * file names holds it and answers; otherwise a fail — a lich that holds it and does not answer, or
 * something that is not lich.
 */
async function checkListener(config: string, env: NodeJS.ProcessEnv): Promise<Found> {
  let port: number;
  try {
    port = listenPort(env);
  } catch (error) {
    return fail(reason(error));
  }
  if (port === 0) return ok('LICH_LISTEN_PORT is 0: lich listens on any free port');
  const bound = await bindAndRelease(port);
  if (bound === undefined) return ok(`port ${port} is free`);
  if (bound.code !== 'EADDRINUSE') return fail(`port ${port} cannot be bound: ${bound.message}`);
  let info;
  try {
    info = readRuntimeFile(join(config, runtimeFileName(env)));
  } catch {
    info = undefined;
  }
  if (info && info.port === port && isLich(info.pid, writtenAt(join(config, runtimeFileName(env))))) {
    if (await pingLich(port, info.token)) return ok(`port ${port} is held by the running lich (pid ${info.pid})`);
    return fail(`port ${port} is held by lich (pid ${info.pid}), which does not answer: end it, then start lich again`);
  }
  return fail(`port ${port} is taken by another program, not lich — end that program, or set LICH_LISTEN_PORT to a free port`);
}

/** Binds 127.0.0.1:`port` exclusively and closes it; resolves undefined when that worked, else the bind error. */
function bindAndRelease(port: number): Promise<NodeJS.ErrnoException | undefined> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', (error: NodeJS.ErrnoException) => resolve(error));
    server.listen({ host: '127.0.0.1', port, exclusive: true }, () => server.close(() => resolve(undefined)));
  });
}

/**
 * store: skipped while a live process holds the data directory's lock (a second process
 * migrating the store is not a price a diagnosis may charge); otherwise takes the lock, opens and
 * migrates `<dataDir>/lich.db` (creating it on a first run), and closes it — a close that throws
 * is a warning.
 */
function checkStore(dir: string): Found {
  const holder = lockHolder(dir);
  if (holder !== undefined && pidAlive(holder)) return skip(`held by the running lich (pid ${holder})`);
  const db = join(dir, 'lich.db');
  const existed = existsSync(db);
  let lock;
  try {
    lock = takeWorkspaceLock(dir);
  } catch (error) {
    return fail(reason(error));
  }
  try {
    let store;
    try {
      store = openStore(dir);
    } catch (error) {
      return fail(`${db} will not open: ${reason(error)}`);
    }
    try {
      store.close();
    } catch (error) {
      return warn(`${db} opens, but will not close cleanly: ${reason(error)}`);
    }
    return ok(existed ? db : `${db} (created)`);
  } finally {
    lock.release();
  }
}

/** The pid in `<dataDir>/lich.lock`, if the file is there and holds one. */
function lockHolder(dir: string): number | undefined {
  try {
    const m = /^(\d+)\n?$/.exec(readFileSync(join(dir, LOCK_FILE), 'utf8'));
    return m ? Number(m[1]) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * providers: how many of the built-in ones are on PATH, named, and of the user's own in
 * providers.json how many can start (their command resolves), named, with those that cannot; warn
 * when none of either can — or when providers.json cannot be read, since every open (a built-in
 * kind's too) reads it and fails on it. Without providers.json, the spec's line alone.
 */
function checkProviders(config: string, env: NodeJS.ProcessEnv): Found {
  const all = builtinProviders(config, env);
  const found = all.filter((p) => p.path !== '').map((p) => p.id);
  let user: ProviderOnPath[];
  try {
    user = userProviders(config, env);
  } catch (error) {
    return warn(`${reason(error)}: lich starts, but every session it opens fails on that file until it is fixed`);
  }
  if (user.length === 0) {
    if (found.length === 0) return warn(`none of the ${all.length} on PATH: lich starts, but no agent session can spawn`);
    return ok(`${found.length} of ${all.length} on PATH: ${found.join(', ')}`);
  }
  const runs = user.filter((p) => p.path !== '').map((p) => p.id);
  const cannot = user.filter((p) => p.path === '').map((p) => p.id);
  const builtIn = found.length === 0 ? `none of the ${all.length} on PATH` : `${found.length} of ${all.length} on PATH: ${found.join(', ')}`;
  if (found.length === 0 && runs.length === 0) {
    return warn(`${builtIn}, and none of the ${user.length} in ${PROVIDERS_FILE} can start (${cannot.join(', ')}: command not found): lich starts, but no agent session can spawn`);
  }
  const userPart = `${runs.length} of ${user.length} in ${PROVIDERS_FILE}${runs.length > 0 ? `: ${runs.join(', ')}` : ''}`;
  return ok(`${builtIn}; ${userPart}${cannot.length > 0 ? ` (${cannot.join(', ')}: command not found)` : ''}`);
}

/**
 * sandbox: confines a child with bubblewrap and proves both halves (sandbox/prove.ts), bounded at
 * 2 s; a warning when it does not confine; skipped off Linux, where there is no backend at all.
 */
async function checkSandbox(env: NodeJS.ProcessEnv): Promise<Found> {
  if (process.platform !== 'linux') return skip(`there is no sandbox backend on ${goPlatform()}`);
  const checkout = mkdtempSync(join(tmpdir(), 'lich-doctor-'));
  try {
    const proof = await proveSandbox({ checkout, home: env.HOME || homedir(), timeoutMs: CHILD_BOUND_MS, env });
    return proof.ok ? ok(proof.detail) : warn(proof.detail);
  } finally {
    rmSync(checkout, { recursive: true, force: true });
  }
}

/** git, gh: never a failure; a warning saying what is lost when it is not on PATH. */
function checkTool(name: string, env: NodeJS.ProcessEnv, without: string): Found {
  const path = findOnPath(name, env.PATH ?? '');
  return path ? ok(path) : warn(`not on PATH: ${without}`);
}

interface PtyModule {
  spawn(file: string, args: string[], o: object): { onExit(cb: (e: { exitCode: number }) => void): void; kill(signal?: string): void };
}

/** pty: node-pty loads and starts `/bin/sh` in a terminal that exits 0, bounded at 2 s. */
async function checkPty(env: NodeJS.ProcessEnv): Promise<Found> {
  let pty: { module: PtyModule; version: string };
  try {
    pty = loadNative<PtyModule>('node-pty');
  } catch (error) {
    return fail(`node-pty will not load: ${reason(error)}`);
  }
  const name = `node-pty ${pty.version}`.trim();
  let child: ReturnType<PtyModule['spawn']>;
  try {
    child = pty.module.spawn('/bin/sh', ['-c', 'exit 0'], { name: 'xterm-256color', cols: 80, rows: 24, cwd: tmpdir(), env: { PATH: env.PATH ?? '/usr/bin:/bin' } });
  } catch (error) {
    return fail(`${name} cannot start a terminal: ${reason(error)}`);
  }
  const exit = await new Promise<number | 'timeout'>((resolve) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      resolve('timeout');
    }, CHILD_BOUND_MS);
    child.onExit(({ exitCode }) => {
      clearTimeout(timer);
      resolve(exitCode);
    });
  });
  if (exit === 'timeout') return fail(`${name} started /bin/sh in a terminal, and it did not exit within ${CHILD_BOUND_MS / 1000} s`);
  if (exit !== 0) return fail(`${name} started /bin/sh in a terminal, and it exited ${exit} instead of 0`);
  return ok(`${name} starts a terminal`);
}

interface SqliteModule {
  new (file: string): { prepare(sql: string): { pluck(): { get(): unknown } }; close(): void };
}

/** sqlite: better-sqlite3 loads and opens an in-memory database (its native binding loads only then). */
function checkSqlite(): Found {
  let sqlite: { module: SqliteModule; version: string };
  try {
    sqlite = loadNative<SqliteModule>('better-sqlite3');
  } catch (error) {
    return fail(`better-sqlite3 will not load: ${reason(error)}`);
  }
  const name = `better-sqlite3 ${sqlite.version}`.trim();
  try {
    const db = new sqlite.module(':memory:');
    try {
      return ok(`${name} (SQLite ${String(db.prepare('SELECT sqlite_version()').pluck().get())})`);
    } finally {
      db.close();
    }
  } catch (error) {
    return fail(`${name} will not open a database: ${reason(error)}`);
  }
}
