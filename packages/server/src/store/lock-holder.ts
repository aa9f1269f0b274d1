/**
 * For tests: another SQLite client holding the write lock on a database, the way a person's
 * `sqlite3` shell does after `BEGIN IMMEDIATE; INSERT …` — a separate process, so the lock is a
 * real one and the process under test waits on it (or fails) exactly as it would in the field.
 */
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';

/** A running lock holder. */
export interface LockHolder {
  /** Resolves once the holder has committed and exited. */
  released: Promise<void>;
  /** Ends it at once (its transaction rolls back). */
  kill(): void;
}

// The child runs plain node: the script takes the module path, the database, and how long to hold.
const SCRIPT = `
const Database = require(process.argv[1]);
const db = new Database(process.argv[2]);
db.exec("BEGIN IMMEDIATE; CREATE TABLE IF NOT EXISTS lock_holder (n INTEGER); INSERT INTO lock_holder VALUES (1);");
process.stdout.write("held\\n");
setTimeout(() => { db.exec("COMMIT"); db.close(); process.exit(0); }, Number(process.argv[3]));
`;

/**
 * Starts a process that opens `file`, begins an IMMEDIATE transaction with a write in it, holds
 * it `ms` milliseconds and commits. Resolves once the lock is held.
 */
export function holdWriteLock(file: string, ms: number): Promise<LockHolder> {
  const sqlite = createRequire(import.meta.url).resolve('better-sqlite3');
  const child = spawn(process.execPath, ['-e', SCRIPT, sqlite, file, String(ms)], { stdio: ['ignore', 'pipe', 'pipe'] });
  const released = new Promise<void>((done) => child.once('exit', () => done()));
  return new Promise((resolve, reject) => {
    let out = '';
    let err = '';
    child.stderr.on('data', (d: Buffer) => (err += d.toString()));
    child.stdout.on('data', (d: Buffer) => {
      out += d.toString();
      if (out.includes('held\n')) resolve({ released, kill: () => child.kill('SIGKILL') });
    });
    child.once('exit', (code) => reject(new Error(`the lock holder exited ${code} before it held the lock: ${err}`)));
  });
}
