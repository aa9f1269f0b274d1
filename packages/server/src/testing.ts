/**
 * Helpers for the server's own tests: temporary lich directories and plain HTTP calls to a
 * running backend (node:http, exactly what a client puts on the wire).
 */
import { execFileSync } from 'node:child_process';
import { closeSync, mkdirSync, mkdtempSync, openSync, readdirSync, readFileSync, rmSync, writeSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ended, procStat } from '@lich/core/lich-process';

export interface TempLich {
  root: string;
  configDir: string;
  dataDir: string;
  cleanup(): void;
}

/** A fresh root with `config/` and `data/` under it; `cleanup()` removes it. */
export function tempLich(prefix = 'lich-server-'): TempLich {
  const root = mkdtempSync(join(tmpdir(), prefix));
  return {
    root,
    configDir: join(root, 'config'),
    dataDir: join(root, 'data'),
    cleanup: () => rmSync(root, { recursive: true, force: true }),
  };
}

export interface HttpReply {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** One HTTP request to 127.0.0.1:`port`; `body` is sent as given. */
export function http(
  port: number,
  method: string,
  path: string,
  body?: string | Buffer,
  o: { signal?: AbortSignal; headers?: Record<string, string> } = {},
): Promise<HttpReply> {
  return new Promise((resolve, reject) => {
    const req = request(
      { host: '127.0.0.1', port, method, path, agent: false, headers: { 'Content-Type': 'application/json', ...o.headers }, signal: o.signal },
      (res) => {
        const parts: Buffer[] = [];
        res.on('data', (c: Buffer) => parts.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(parts).toString('utf8') }));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    if (body !== undefined) req.write(body);
    req.end();
  });
}

/** `POST /rpc/<method>?token=…` with `args` as the JSON array body; the reply's JSON parsed. */
export async function rpc(
  server: { port: number; token: string },
  method: string,
  args: unknown[] = [],
  signal?: AbortSignal,
): Promise<{ status: number; json: any }> {
  const r = await http(server.port, 'POST', `/rpc/${method}?token=${server.token}`, JSON.stringify(args), { signal });
  return { status: r.status, json: r.body ? JSON.parse(r.body) : undefined };
}

/** Polls `cond` every 20 ms until it holds. @throws after `ms`. */
export async function until(cond: () => boolean | Promise<boolean>, ms = 5000): Promise<void> {
  const end = Date.now() + ms;
  while (!(await cond())) {
    if (Date.now() > end) throw new Error(`condition not met within ${ms} ms`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

/**
 * The processes (pid and command line, NULs as spaces) that can still run and whose command line
 * contains `text` — a test's temporary directory, say: what a test that starts sessions must
 * leave none of (a closed session keeps no process). Zombies are not counted: an orphan's waits
 * for pid 1 to reap it. Linux's /proc; empty elsewhere.
 */
export function processesMentioning(text: string): string[] {
  if (process.platform !== 'linux') return [];
  const found: string[] = [];
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name) || Number(name) === process.pid) continue;
    const stat = procStat(Number(name));
    if (!stat || ended(stat)) continue;
    try {
      const cmd = readFileSync(`/proc/${name}/cmdline`, 'utf8').replace(/\0/g, ' ').trim();
      if (cmd.includes(text)) found.push(`${name} ${cmd}`);
    } catch {
      // Gone since the listing.
    }
  }
  return found;
}

/** Whether this process may mount a tmpfs (root): the full-disk tests run only then. */
export const canMount = process.getuid?.() === 0;

/**
 * Mounts a tmpfs of `size` (`2m`) at `dir` (made first): a disk of its own to fill.
 * @returns the unmount (lazy: a PTY's cwd there does not hold it up).
 */
export function mountTmpfs(dir: string, size: string): () => void {
  mkdirSync(dir, { recursive: true });
  execFileSync('mount', ['-t', 'tmpfs', '-o', `size=${size},mode=0755`, 'tmpfs', dir]);
  return () => execFileSync('umount', ['-l', dir]);
}

/**
 * Fills the filesystem holding `dir` to its last byte with `<dir>/filler` (1 MiB writes, then
 * 4 KiB, 512 and single bytes, each until ENOSPC); removing the file frees it all.
 * @returns the filler's path.
 */
export function fillDisk(dir: string): string {
  const file = join(dir, 'filler');
  const fd = openSync(file, 'w');
  try {
    for (const size of [1 << 20, 4096, 512, 1]) {
      const buf = Buffer.alloc(size, 0x78);
      try {
        for (;;) writeSync(fd, buf);
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== 'ENOSPC') throw err;
      }
    }
  } finally {
    closeSync(fd);
  }
  return file;
}
