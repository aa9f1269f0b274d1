/**
 * The runtime file (wire.md § 3): `<configDir>/runtime.json` (`runtime-dev.json` when
 * `LICH_DEV` is set), `{"pid","port","token"}`, mode 0600, written once the listener is up and
 * removed on a clean close. A command outside a session reads it to find the running lich.
 */
import { readFileSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { isLich, writtenAt } from '@lich/core/lich-process';
import { join } from 'node:path';
import { makeDir } from './make-dir.js';
import { writeWhole } from './write-whole.js';

/** What the file holds (`singleton.Info`). */
export interface RuntimeInfo {
  pid: number;
  port: number;
  token: string;
}

/** The file name for this environment: `runtime-dev.json` under a non-empty `LICH_DEV`. */
export function runtimeFileName(env: NodeJS.ProcessEnv): string {
  return env.LICH_DEV ? 'runtime-dev.json' : 'runtime.json';
}

/**
 * Reads a runtime file.
 * @returns undefined when there is none.
 * @throws Error `read runtime file: …` / `parse runtime file: …` (wire.md § 3).
 */
export function readRuntimeFile(file: string): RuntimeInfo | undefined {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw new Error(`read runtime file: ${(err as Error).message}`);
  }
  let v: unknown;
  try {
    v = JSON.parse(text);
  } catch (err) {
    throw new Error(`parse runtime file: ${(err as Error).message}`);
  }
  const o = (typeof v === 'object' && v !== null ? v : {}) as Record<string, unknown>;
  return {
    pid: typeof o.pid === 'number' ? o.pid : 0,
    port: typeof o.port === 'number' ? o.port : 0,
    token: typeof o.token === 'string' ? o.token : '',
  };
}

/**
 * Writes the runtime file: compact JSON, no newline, mode 0600, its directory created 0700.
 * Written aside and renamed into place, so a reader never sees half a file; a write that fails
 * (a full or read-only directory) leaves nothing behind (write-whole.ts).
 * @throws the node error of the directory, the write or the rename.
 */
export function writeRuntimeFile(file: string, info: RuntimeInfo): void {
  const dir = join(file, '..');
  makeDir(dir, 0o700);
  writeWhole(file, JSON.stringify({ pid: info.pid, port: info.port, token: info.token }));
}

/** Removes the runtime file, but only while it still names this launch (another lich may have replaced it). */
export function removeRuntimeFile(file: string, info: RuntimeInfo): void {
  try {
    const now = readRuntimeFile(file);
    if (now && now.pid === info.pid && now.token === info.token) rmSync(file, { force: true });
  } catch {
    // An unreadable file is not ours to remove.
  }
}

/** Whether process `pid` is a live process, not a zombie (core's lich-process.ts `pidAlive`). */
export { pidAlive } from '@lich/core/lich-process';

/**
 * Whether a lich answers `GET /ping?token=` with 204 on this port within `ms` (wire.md § 3,
 * Detect). The token goes in the query: call it only for a lich whose recorded process is still
 * the one that recorded it (core's `isLich`), never for whatever took a dead lich's port.
 */
export function pingLich(port: number, token: string, ms = 1000): Promise<boolean> {
  return new Promise((done) => {
    const req = request(
      { host: '127.0.0.1', port, path: `/ping?token=${encodeURIComponent(token)}`, method: 'GET', timeout: ms },
      (res) => {
        res.resume();
        done(res.statusCode === 204);
      },
    );
    req.on('timeout', () => req.destroy());
    req.on('error', () => done(false));
    req.end();
  });
}

/**
 * The live lich a runtime file names, if any: its pid is alive and the process that wrote the
 * file, and it answers `/ping` within 1 s. A file naming a dead or silent lich — or one whose port another program
 * took — is stale and may be replaced.
 */
export async function liveInstance(file: string): Promise<RuntimeInfo | undefined> {
  let info: RuntimeInfo | undefined;
  try {
    info = readRuntimeFile(file);
  } catch {
    return undefined;
  }
  if (!info || info.port === 0 || info.token === '') return undefined;
  if (!isLich(info.pid, writtenAt(file))) return undefined;
  return (await pingLich(info.port, info.token)) ? info : undefined;
}
