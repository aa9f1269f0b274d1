/**
 * `lich rage [--output <path>]` (spec/cli.md § lich rage): a bug report from this machine, as a
 * `.tar.gz` of mode 0600 holding
 *
 * | entry | what |
 * |---|---|
 * | `report.md` | report.ts |
 * | `env.txt` | env.ts |
 * | `logs/` | `lich.log`, `lich-native.log` and their `*.old`, each at most its last 4 MiB |
 * | `goroutines.txt` | the running lich's stacks (debug.ts), or the sentence saying it held its port and did not answer within 5 s |
 * | `diagnostic-report.json` | the running lich's whole node diagnostic report |
 *
 * Every entry is masked (mask.ts): the running lich's token by value, every earlier one by the
 * `token=` shape. Nothing is uploaded, the workspace database is never opened, an archive that
 * could not be written whole is removed, and no file is ever replaced: `--output` naming one that
 * exists is refused, and the default name takes the first free `-2`, `-3`, … (two runs in one
 * second would otherwise write the same name).
 */
import { randomBytes } from 'node:crypto';
import { chmodSync, closeSync, fstatSync, linkSync, mkdirSync, mkdtempSync, openSync, readSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { homedir, tmpdir } from 'node:os';
import { basename, dirname, join, resolve } from 'node:path';
import * as tar from 'tar';
import type { RageReport } from '@lich/generated/types';
import { builtinProviders, goPlatform } from '../doctor/facts.js';
import { configDir, dataDir } from '../foreground.js';
import { LOG_FILE, LOG_ROTATED } from '../log-file.js';
import { Providers } from '../providers/providers.js';
import { pidAlive, readRuntimeFile, runtimeFileName } from '../runtime-file.js';
import { proveSandbox } from '../sandbox/prove.js';
import { DEBUG_PATH, stacksText } from './debug.js';
import { envText } from './env.js';
import { maskSecrets } from './mask.js';
import { reportMarkdown } from './report.js';

/** What {@link rage} takes. */
export interface RageOptions {
  /** The caller's environment: where the config and data directories are, and what env.txt lists. */
  env: Readonly<Record<string, string | undefined>>;
  /** This build's version, without a leading v. */
  version: string;
  /**
   * Where the archive goes, as the user typed it (a file that exists is refused); `""` for
   * {@link defaultArchiveName} in `cwd`, or the first of its `-2`, `-3`, … that is free.
   */
  output: string;
  /** The directory a relative `output` is under (default `process.cwd()`). */
  cwd?: string;
  /** The moment the report is of (default now). */
  now?: Date;
}

/** How long a live lich has to answer for its stacks: 5 s (spec/cli.md § lich rage). */
export const ANSWER_MS = 5_000;
/** The most of each log the archive carries: its last 4 MiB. */
export const LOG_TAIL_BYTES = 4 << 20;
/** The logs collected from the config directory, each with its rotated copy. */
export const LOG_NAMES: readonly string[] = [LOG_FILE, LOG_ROTATED, 'lich-native.log', 'lich-native.log.old'];

/**
 * `lich-rage-<YYYYMMDD-HHMMSS>.tar.gz`, in local time; with `n` ≥ 2 (that name is taken),
 * `lich-rage-<YYYYMMDD-HHMMSS>-<n>.tar.gz`.
 */
export function defaultArchiveName(now: Date, n = 1): string {
  const p = (v: number) => String(v).padStart(2, '0');
  const stamp = `${now.getFullYear()}${p(now.getMonth() + 1)}${p(now.getDate())}-${p(now.getHours())}${p(now.getMinutes())}${p(now.getSeconds())}`;
  return `lich-rage-${stamp}${n >= 2 ? `-${n}` : ''}.tar.gz`;
}

/** How many taken default names {@link rage} steps past before it gives up (`-2` … `-99`). */
export const MAX_NAME_TRIES = 99;

/** The running lich as rage found it. */
type Instance =
  | { state: 'none'; note: string; token?: string }
  | { state: 'running'; pid: number; port: number; token: string; report?: string; refusal?: string }
  | { state: 'silent'; pid: number; port: number; token: string };

/**
 * Writes the archive and says where it went and what it saw.
 *
 * @throws Error `cannot write the archive <path>: <reason>` when it cannot be written whole — for
 *   an `output` that exists, `cannot write the archive <path>: a file of that name is already
 *   there, and lich rage does not replace one — name another with --output`; no file is left at
 *   `path` or beside it, and one that was there is untouched.
 */
export async function rage(o: RageOptions): Promise<RageReport> {
  const env = o.env as NodeJS.ProcessEnv;
  const config = configDir(env);
  const data = dataDir(env);
  const now = o.now ?? new Date();
  const cwd = o.cwd ?? process.cwd();
  const instance = await findInstance(join(config, runtimeFileName(env)));
  const tokens = [instance.token ?? '', env.LICH_TOKEN ?? ''];
  const mask = (text: string) => maskSecrets(text, tokens);

  let path = o.output;
  const staging = mkdtempSync(join(tmpdir(), 'lich-rage-'));
  try {
    const entries: string[] = [];
    const put = (name: string, text: string) => {
      writeFileSync(join(staging, name), mask(text), { mode: 0o600 });
      entries.push(name);
    };
    put(
      'report.md',
      reportMarkdown({
        version: o.version,
        platform: goPlatform(),
        now,
        instance: instanceText(instance),
        sandbox: await sandboxLine(env),
        providers: builtinProviders(config, env),
        userProviders: userProviders(config, env),
        configDir: config,
        dataDir: data,
      }),
    );
    put('env.txt', envText(env));
    mkdirSync(join(staging, 'logs'), { mode: 0o700 });
    entries.push('logs');
    for (const name of LOG_NAMES) {
      const tail = readTail(join(config, name), LOG_TAIL_BYTES);
      if (tail !== undefined) put(`logs/${name}`, tail);
    }
    if (instance.state === 'silent') put('goroutines.txt', silentSentence(instance));
    if (instance.state === 'running') {
      put('goroutines.txt', instance.report !== undefined ? stacksText(instance.report) : instance.refusal!);
      if (instance.report !== undefined) put('diagnostic-report.json', instance.report);
    }
    if (o.output !== '') await writeArchive(staging, entries, resolve(cwd, o.output), now);
    else path = await writeFirstFree(staging, entries, cwd, now);
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
  const report: RageReport = { path, version: o.version, platform: goPlatform(), instance: instance.state };
  if (instance.state !== 'none') {
    report.pid = instance.pid;
    report.port = instance.port;
  }
  return report;
}

/** goroutines.txt of a lich that holds its port and does not answer: the finding itself. */
function silentSentence(i: { pid: number; port: number }): string {
  return `lich (pid ${i.pid}) holds port ${i.port} but did not answer within ${ANSWER_MS / 1000}s.\n`;
}

/** report.md's instance paragraph. */
function instanceText(i: Instance): string {
  switch (i.state) {
    case 'none':
      return `Not running: ${i.note}.`;
    case 'silent':
      return `Running (pid ${i.pid}, port ${i.port}), but it did not answer within ${ANSWER_MS / 1000}s: goroutines.txt says so, and there are no stacks.`;
    default:
      return i.report !== undefined
        ? `Running (pid ${i.pid}, port ${i.port}); it answered, and its stacks are in goroutines.txt, its whole diagnostic report in diagnostic-report.json.`
        : `Running (pid ${i.pid}, port ${i.port}); it answered, but gave no stacks (goroutines.txt says what it answered).`;
  }
}

/**
 * The lich the runtime file names: none (no file, an unreadable one, a dead pid, nothing on the
 * port); running, with its diagnostic report (or what it answered instead of one); or silent, when
 * it holds the port and does not answer within {@link ANSWER_MS}. A dead lich's token is kept
 * too: its log may still carry it.
 */
async function findInstance(file: string): Promise<Instance> {
  let info;
  try {
    info = readRuntimeFile(file);
  } catch (error) {
    return { state: 'none', note: `${(error as Error).message}` };
  }
  if (!info) return { state: 'none', note: `there is no runtime file at ${file}` };
  if (info.port === 0 || info.token === '') return { state: 'none', note: `the runtime file ${file} names no port or token` };
  if (!pidAlive(info.pid)) {
    return { state: 'none', token: info.token, note: `the runtime file ${file} names pid ${info.pid}, which is not running: the last lich did not close cleanly` };
  }
  const got = await fetchReport(info.port, info.token, ANSWER_MS);
  const at = { pid: info.pid, port: info.port, token: info.token };
  if (got === 'timeout') return { state: 'silent', ...at };
  if (got === 'refused') {
    return {
      state: 'none',
      token: info.token,
      note: `the runtime file ${file} names pid ${info.pid} on port ${info.port}, but nothing listens there: the pid belongs to another process now`,
    };
  }
  if (got.status === 200) return { state: 'running', ...at, report: got.body };
  return { state: 'running', ...at, refusal: `lich (pid ${info.pid}) answered ${DEBUG_PATH} with ${got.status}: ${got.body.trim()}\n` };
}

/** `GET /debug/goroutines?token=` within `ms`: the answer, `timeout`, or `refused` when nothing listens. */
function fetchReport(port: number, token: string, ms: number): Promise<{ status: number; body: string } | 'timeout' | 'refused'> {
  return new Promise((done) => {
    let settled = false;
    const settle = (v: { status: number; body: string } | 'timeout' | 'refused') => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      done(v);
    };
    const req = request({ host: '127.0.0.1', port, path: `${DEBUG_PATH}?token=${encodeURIComponent(token)}`, method: 'GET', agent: false }, (res) => {
      const parts: Buffer[] = [];
      res.on('data', (c: Buffer) => parts.push(c));
      res.on('end', () => settle({ status: res.statusCode ?? 0, body: Buffer.concat(parts).toString('utf8') }));
      res.on('error', () => settle('timeout'));
    });
    const timer = setTimeout(() => {
      settle('timeout');
      req.destroy();
    }, ms);
    req.on('error', (error: NodeJS.ErrnoException) => settle(error.code === 'ECONNREFUSED' ? 'refused' : 'timeout'));
    req.end();
  });
}

/** Whether a confined session would be confined here: the doctor's proof, on a throwaway checkout. */
async function sandboxLine(env: NodeJS.ProcessEnv): Promise<string> {
  if (process.platform !== 'linux') return `no: there is no sandbox backend on ${goPlatform()}`;
  const checkout = mkdtempSync(join(tmpdir(), 'lich-rage-checkout-'));
  try {
    return (await proveSandbox({ checkout, home: env.HOME || homedir(), env })).detail;
  } finally {
    rmSync(checkout, { recursive: true, force: true });
  }
}

/** The ids providers.json defines, or why it could not be read. */
function userProviders(config: string, env: NodeJS.ProcessEnv): string[] | string {
  try {
    return new Providers(config, env).userDefined().map((p) => p.id);
  } catch (error) {
    return `unreadable: ${(error as Error).message}`;
  }
}

/**
 * The last `limit` bytes of `file`, cut at a line start, with a first line saying how much was
 * left out; undefined when the file is not there (or cannot be read).
 */
export function readTail(file: string, limit: number): string | undefined {
  let fd: number;
  try {
    fd = openSync(file, 'r');
  } catch {
    return undefined;
  }
  try {
    const size = fstatSync(fd).size;
    const from = Math.max(0, size - limit);
    const buf = Buffer.alloc(size - from);
    let read = 0;
    while (read < buf.length) {
      const n = readSync(fd, buf, read, buf.length - read, from + read);
      if (n === 0) break;
      read += n;
    }
    let text = buf.subarray(0, read);
    if (from === 0) return text.toString('utf8');
    // Half a line (half a token, even) is worse than none: start at the next whole line.
    const newline = text.indexOf(0x0a);
    const skipped = newline < 0 ? text.length : newline + 1;
    text = text.subarray(skipped);
    return `[lich rage: the first ${from + skipped} bytes of this log are left out; it keeps the last ${limit >> 20} MiB]\n${text.toString('utf8')}`;
  } catch {
    return undefined;
  } finally {
    closeSync(fd);
  }
}

/** Thrown by {@link writeArchive} when its target exists; the message is the `lich:` line. */
export class ArchiveExists extends Error {
  override name = 'ArchiveExists';
  constructor(readonly target: string) {
    super(`cannot write the archive ${target}: a file of that name is already there, and lich rage does not replace one — name another with --output`);
  }
}

/**
 * {@link writeArchive} under {@link defaultArchiveName} in `cwd`, stepping to `-2`, `-3`, … while
 * the name is taken.
 *
 * @returns the name it wrote (no directory).
 * @throws Error as writeArchive does; past {@link MAX_NAME_TRIES} taken names, its ArchiveExists.
 */
async function writeFirstFree(staging: string, entries: readonly string[], cwd: string, now: Date): Promise<string> {
  for (let n = 1; ; n++) {
    const name = defaultArchiveName(now, n);
    try {
      await writeArchive(staging, entries, resolve(cwd, name), now);
      return name;
    } catch (error) {
      if (!(error instanceof ArchiveExists) || n >= MAX_NAME_TRIES) throw error;
    }
  }
}

/**
 * Packs `entries` of `staging` (in this order; a directory is only its own entry, its files are
 * listed after it) into a gzipped tar at `target`, mode 0600, every entry — directories too —
 * dated `mtime`: written beside it under a temporary name and moved into place only if nothing is
 * at `target`, so `target` is either the whole archive or untouched, and a file there is never
 * replaced.
 *
 * @throws ArchiveExists when `target` exists; Error `cannot write the archive <target>: <reason>`
 *   for anything else; either after removing the temporary file.
 */
export async function writeArchive(staging: string, entries: readonly string[], target: string, mtime: Date = new Date()): Promise<void> {
  const partial = join(dirname(target), `.${basename(target)}.${process.pid}-${randomBytes(4).toString('hex')}.partial`);
  try {
    closeSync(openSync(partial, 'wx', 0o600));
    // Every entry is named, directories without recursion: the archive lists them in this order.
    // `portable` leaves out who made it, and with it a directory's time, which would then read as
    // 1970: every entry gets the archive's time instead.
    await tar.c(
      {
        gzip: true,
        portable: true,
        noDirRecurse: true,
        cwd: staging,
        file: partial,
        mtime,
        onWriteEntry: (entry) => {
          entry.noMtime = false;
        },
      },
      [...entries],
    );
    chmodSync(partial, 0o600);
    placeExclusively(partial, target);
  } catch (error) {
    rmSync(partial, { force: true });
    if (error instanceof ArchiveExists) throw error;
    throw new Error(`cannot write the archive ${target}: ${errnoReason(error)}`);
  }
}

/**
 * Moves the finished `partial` to `target` unless something is there: a hard link, which fails
 * rather than replace (the rename it replaces would not). On a filesystem without hard links the
 * name is claimed with O_EXCL first and the archive renamed onto the claim.
 *
 * @throws ArchiveExists when `target` is taken; the error of any other failure.
 */
function placeExclusively(partial: string, target: string): void {
  try {
    linkSync(partial, target);
  } catch (error) {
    if (taken(error)) throw new ArchiveExists(target);
    const code = (error as NodeJS.ErrnoException).code;
    if (code !== 'EPERM' && code !== 'ENOTSUP' && code !== 'EOPNOTSUPP' && code !== 'ENOSYS') throw error;
    return claimThenRename(partial, target);
  }
  try {
    rmSync(partial, { force: true });
  } catch {
    // The archive is in place; a temporary name left beside it is not worth failing the report for.
  }
}

/**
 * How {@link writeArchive} places the archive on a filesystem without hard links (vfat, some
 * network mounts): O_EXCL claims `target`, then `partial` is renamed onto the claim.
 *
 * @throws ArchiveExists when `target` is taken (nothing is changed); the rename's error, after
 *   taking its claim back.
 */
export function claimThenRename(partial: string, target: string): void {
  try {
    closeSync(openSync(target, 'wx', 0o600));
  } catch (error) {
    throw taken(error) ? new ArchiveExists(target) : error;
  }
  try {
    renameSync(partial, target);
  } catch (error) {
    rmSync(target, { force: true });
    throw error;
  }
}

/** Whether a failed link or O_EXCL open found the name taken. */
function taken(error: unknown): boolean {
  return (error as NodeJS.ErrnoException)?.code === 'EEXIST';
}

/** `no such file or directory` from `ENOENT: no such file or directory, open '…'`; any other message as its first line. */
function errnoReason(error: unknown): string {
  const message = String((error as Error)?.message ?? error).split('\n')[0]!;
  return /^[A-Z]+: ([^,]+)/.exec(message)?.[1] ?? message;
}
