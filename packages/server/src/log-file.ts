/**
 * The backend's log file: `<configDir>/lich.log`, what `lich --no-window` writes beside its
 * stderr, what `lich doctor` proves it can open and `lich rage` collects (spec/cli.md § lich
 * doctor, log; § lich rage, logs/). Past {@link LOG_ROTATE_BYTES} it is renamed to
 * `lich.log.old` (replacing the previous one) and a new one is started, so the two together never
 * hold much more than twice that. Every line is stamped with the UTC time and written masked
 * (`rage/mask.ts`): the token never reaches the file.
 */
import { closeSync, fstatSync, openSync, renameSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { maskSecrets } from './rage/mask.js';
import { makeDir } from './make-dir.js';

/** The log's file name in the config directory. */
export const LOG_FILE = 'lich.log';
/** The rotated copy's file name. */
export const LOG_ROTATED = 'lich.log.old';
/** The size past which the log is rotated: 8 MiB. */
export const LOG_ROTATE_BYTES = 8 << 20;

/** `<configDir>/lich.log`. */
export function logPath(configDir: string): string {
  return join(configDir, LOG_FILE);
}

/**
 * Opens `path` for appending, creating it (mode 0600) and its directory (0700) when missing: what
 * a launch does and what doctor's log check proves.
 * @returns the file descriptor.
 * @throws Error the node error when the directory or the file cannot be created or opened.
 */
export function openLog(path: string): number {
  makeDir(join(path, '..'), 0o700);
  return openSync(path, 'a', 0o600);
}

/** An open log file. */
export class LogFile {
  private fd: number | undefined;
  private size: number;
  /** Values masked in every line, besides the `token=` shape: the running backend's token once known. */
  private readonly secrets: string[] = [];

  private constructor(
    readonly path: string,
    private readonly rotateBytes: number,
    private readonly onError: (error: Error) => void,
  ) {
    this.fd = openLog(path);
    this.size = fstatSync(this.fd).size;
    if (this.size >= rotateBytes) this.rotate();
  }

  /**
   * Opens the log at `<configDir>/lich.log`.
   * @param o.rotateBytes the rotation size (default {@link LOG_ROTATE_BYTES}).
   * @param o.onError told once when a later write or rotation fails; the log then stops writing.
   * @throws Error the node error when the file cannot be opened.
   */
  static open(configDir: string, o: { rotateBytes?: number; onError?: (error: Error) => void } = {}): LogFile {
    return new LogFile(logPath(configDir), o.rotateBytes ?? LOG_ROTATE_BYTES, o.onError ?? (() => {}));
  }

  /** Masks `value` by value in every line from now on. */
  mask(value: string): void {
    this.secrets.push(value);
  }

  /** Appends `<ISO time> <line>\n`, masked; rotates first when the line would carry the file past its size. */
  write(line: string, now = new Date()): void {
    if (this.fd === undefined) return;
    const bytes = Buffer.from(`${now.toISOString()} ${maskSecrets(line, this.secrets)}\n`);
    try {
      if (this.size > 0 && this.size + bytes.length > this.rotateBytes) this.rotate();
      writeSync(this.fd, bytes);
      this.size += bytes.length;
    } catch (error) {
      this.close();
      this.onError(error as Error);
    }
  }

  /** Closes the file; later writes are dropped. Idempotent. */
  close(): void {
    if (this.fd === undefined) return;
    const fd = this.fd;
    this.fd = undefined;
    try {
      closeSync(fd);
    } catch {
      // Nothing more to write to it either way.
    }
  }

  private rotate(): void {
    closeSync(this.fd!);
    this.fd = undefined;
    renameSync(this.path, join(this.path, '..', LOG_ROTATED));
    this.fd = openLog(this.path);
    this.size = 0;
  }
}
