/**
 * What a backend that died leaves running, and the next start's sweep of it.
 *
 * A session's program runs in a PTY, the leader of a session (setsid) of its own: node-pty's
 * fork. A backend that exits closes every session first (`Terminal.killAll`), but one killed
 * outright (SIGKILL, the OOM killer) closes nothing; the kernel hangs its PTYs up, and the hangup
 * SIGHUPs each session's leader alone. What survives that, measured with the real bubblewrap
 * 0.8.0 (`test/e2e/leftovers.test.ts`):
 *
 * - a confined session killed as it starts: bubblewrap forks the sandbox's first process (the
 *   init of its pid namespace) and only then sets it to die with its parent
 *   (`--die-with-parent`, `PR_SET_PDEATHSIG`); a hangup that ends bubblewrap in between leaves
 *   that process and the provider under it running for good, parent pid 1 (3 starts in 25);
 * - a session whose program ignores SIGHUP (`trap '' HUP`, `nohup`), confined or not, runs on
 *   for good with a terminal that is gone;
 * - whatever else of the session does not die when its leader does.
 *
 * So each session's process is recorded when it is forked — its pid (its process group's id)
 * with its start time in `/proc/<pid>/stat` and the machine's boot id, so a recycled pid is
 * never taken for it — as a file `<dataDir>/processes/<pid>.json`, written before the fork's
 * caller gets on with anything else, and removed once nothing of its process group runs. The
 * fork and that write are two steps, and a kill can land between them: after a fork the kernel
 * often runs the child first, and on a loaded machine the backend may not run again before the
 * child has exec'd bubblewrap (measured: 1 start in about 40 of the e2e test's hunt). So a
 * `starting-<session>.json` naming the session and the backend's pid is written before the fork
 * and removed once the pid's record is in; the sweep takes one it finds as a session whose pid
 * was never recorded, and ends every process that carries both the session's `LICH_SESSION_ID`
 * and that backend's `LICH_PID` (terminal/env.ts) in its environment. Every record is written
 * whole or not at all (a temporary file renamed into place). The next
 * backend to take the data directory's lock (workspace-lock.ts: the one before it is gone)
 * sweeps every record it finds: SIGTERM to each process still in a recorded group, SIGKILL to
 * what is left after {@link SWEEP_GRACE_MS}, one line in the log.
 *
 * Which processes are a record's: those whose process group (`/proc/<pid>/stat`'s `pgrp`) is
 * the recorded pid — what a close of the session ends too (`Terminal.kill`, group.ts), so the
 * sweep does what that close would have done; a process that left the group on purpose (a job
 * of an interactive shell, `setsid`) is out of reach of both. A group id is not handed out again
 * while any process holds it, so when the recorded process itself still runs (its start time
 * matching) every member is the session's; when it is gone but members are left (a sandbox's
 * first process), one of them must show the session's own `LICH_SESSION_ID` in its environment
 * (`/proc/<pid>/environ`) before any is signalled.
 *
 * Linux only: elsewhere nothing is recorded (there is no `/proc` to prove a pid is the same
 * process), and nothing is swept.
 */
import { mkdirSync, readdirSync, readFileSync, unlinkSync } from 'node:fs';
import { join } from 'node:path';
import { ended, procStat } from '@lich/core/lich-process';
import { sleep, systemClock, type Clock } from '../clock.js';
import { writeWhole } from '../write-whole.js';

/** The records' folder inside the data directory. */
export const RECORDS_DIR = 'processes';
/** How long a swept process gets between SIGTERM and SIGKILL (ms): a session's close's grace. */
export const SWEEP_GRACE_MS = 2_000;
/** How often (ms) the sweep looks at what is left while it waits. */
export const SWEEP_LOOK_MS = 50;

/** What `<dataDir>/processes/<pid>.json` holds. */
export interface ProcessRecord {
  /** The session's process: its pid, its session's id and its process group's. */
  pid: number;
  /** Its start time, `/proc/<pid>/stat` field 22 (clock ticks since boot), as written there. */
  start: string;
  /** `/proc/sys/kernel/random/boot_id` when it was recorded: a start time means nothing across a boot. */
  boot: string;
  /** The lich session id (its `LICH_SESSION_ID`). */
  session: string;
}

/** What `<dataDir>/processes/starting-<session>.json` holds: a session about to be forked. */
export interface StartingRecord {
  /** The lich session id (its `LICH_SESSION_ID`). */
  session: string;
  /** The backend forking it (its sessions' `LICH_PID`). */
  backend: number;
  /** As {@link ProcessRecord.boot}. */
  boot: string;
}

/** One process as /proc shows it. */
interface Proc {
  pid: number;
  /** Its process group's id. */
  pgrp: number;
  start: string;
}

/** The session records of one data directory: written at each fork, removed once the session is gone. */
export class ProcessRecords {
  /** `<dataDir>/processes`. */
  readonly dir: string;
  private made = false;

  constructor(dataDir: string) {
    this.dir = join(dataDir, RECORDS_DIR);
  }

  /**
   * Records that session `session` is about to be forked by this backend: what the sweep goes by
   * should the backend be killed before {@link record} (module comment). Errors as {@link record}.
   */
  starting(session: string): Error | undefined {
    if (process.platform !== 'linux') return undefined;
    try {
      const rec: StartingRecord = { session, backend: process.pid, boot: bootId() };
      this.write(startingFile(session), rec);
      return undefined;
    } catch (err) {
      return err as Error;
    }
  }

  /** Session `session` was not forked after all (the spawn threw): its starting record goes. */
  notStarted(session: string): void {
    removeFile(join(this.dir, startingFile(session)));
  }

  /**
   * Records `pid`, just forked as session `session`'s process, and drops the session's starting
   * record. Synchronous, so nothing of the backend runs between the fork and the record. A record
   * that cannot be written (a full or read-only data directory) costs the session nothing but this
   * protection; the error is returned for the caller to log, never thrown.
   */
  record(session: string, pid: number): Error | undefined {
    if (process.platform !== 'linux') return undefined;
    try {
      const start = startTime(pid);
      // Gone already (a program that forks and exits before the backend runs again, and was
      // reaped): its start record stays, for what its group left to be found by its marks.
      if (start === undefined) return undefined;
      const rec: ProcessRecord = { pid, start, boot: bootId(), session };
      this.write(`${pid}.json`, rec);
      removeFile(join(this.dir, startingFile(session)));
      return undefined;
    } catch (err) {
      return err as Error;
    }
  }

  /** Writes `name` whole or not at all: a temporary file renamed into place, removed when the write fails. */
  private write(name: string, rec: ProcessRecord | StartingRecord): void {
    if (!this.made) {
      mkdirSync(this.dir, { recursive: true, mode: 0o700 });
      this.made = true;
    }
    writeWhole(join(this.dir, name), `${JSON.stringify(rec)}\n`, { temp: join(this.dir, `.${name}.${process.pid}.tmp`) });
  }

  /**
   * Removes `pid`'s record — and, given its `session`, that session's start record, which stays
   * when the process was gone before it could be recorded ({@link record}) — when nothing of its
   * process group runs any more; keeps them (for the next start's sweep) while something does.
   * @returns whether the record is gone.
   */
  forgetIfGone(pid: number, session?: string): boolean {
    if (process.platform !== 'linux') return true;
    if (groupRuns(pid)) return false;
    removeRecord(this.dir, pid);
    if (session !== undefined) removeFile(join(this.dir, startingFile(session)));
    return true;
  }

  /**
   * Every file in the folder: a process record, a starting record, or neither (one that cannot
   * be read or parsed, a temporary file a killed write left) with its file name alone.
   */
  list(): { file: string; rec?: ProcessRecord; starting?: StartingRecord }[] {
    let names: string[];
    try {
      names = readdirSync(this.dir);
    } catch {
      return []; // no folder: nothing was ever recorded here
    }
    return names.map((file) => {
      if (!file.endsWith('.json')) return { file };
      try {
        const text = readFileSync(join(this.dir, file), 'utf8');
        return file.startsWith(STARTING) ? { file, starting: parseStarting(text) } : { file, rec: parseRecord(text) };
      } catch {
        return { file };
      }
    });
  }
}

/** What a sweep found and did. */
export interface Swept {
  /** Records read (each removed). */
  records: number;
  /** Recorded sessions that still had a process. */
  sessions: number;
  /** Their processes, as first seen, in ascending order: each was sent SIGTERM. */
  pids: number[];
  /** Of those, the ones still there after the grace (or that could only take SIGKILL), sent SIGKILL. */
  killed: number[];
}

/**
 * Ends what the sessions of an earlier run of this data directory left running (module
 * comment), and removes their records. Call it holding the data directory's lock, before any
 * session of this run is recorded: every record there is then an earlier run's.
 *
 * Each process still in a recorded group gets SIGTERM; the sweep then looks every
 * {@link SWEEP_LOOK_MS} until none is left, or only the inits of pid namespaces are (they take
 * no SIGTERM from outside), or {@link SWEEP_GRACE_MS} have passed, and SIGKILLs what is left.
 * Logs one line when it signalled anything. Never rejects: what it cannot read it leaves alone.
 *
 * @param o.clock the backend's clock: the grace and the looks are on it (default the wall clock).
 */
export async function sweepLeftovers(records: ProcessRecords, o: { log: (line: string) => void; clock?: Clock; graceMs?: number }): Promise<Swept> {
  const clock = o.clock ?? systemClock;
  const grace = o.graceMs ?? SWEEP_GRACE_MS;
  const found = records.list();
  const recs = found.flatMap((f) => (f.rec ? [f.rec] : []));
  const starting = found.flatMap((f) => (f.starting ? [f.starting] : []));
  const out: Swept = { records: found.length, sessions: 0, pids: [], killed: [] };
  if (found.length === 0) return out;
  if (process.platform === 'linux') {
    const boot = bootId();
    const ours = recs.filter((r) => r.boot === boot);
    const forks = starting.filter((r) => r.boot === boot);
    let left = members(ours, forks, readProcs());
    out.sessions = new Set(left.map((m) => m.pgrp)).size;
    out.pids = left.map((m) => m.pid).sort((a, b) => a - b);
    for (const m of left) signal(m.pid, 'SIGTERM');
    const began = clock.now();
    // The clock's timers hold nothing open, and at start-up nothing else does yet (no socket):
    // this keeps the process alive while it waits.
    const hold = left.length > 0 ? setInterval(() => {}, 1 << 30) : undefined;
    try {
      while (left.length > 0 && clock.now() - began < grace && !left.every((m) => namespaceInit(m.pid))) {
        await sleep(clock, SWEEP_LOOK_MS);
        left = members(ours, forks, readProcs());
      }
      for (const m of left) {
        signal(m.pid, 'SIGKILL');
        out.killed.push(m.pid);
      }
      // A SIGKILL is taken when the process next runs: on a loaded machine it is still there a
      // moment after. Gone before this answers, so what runs after the sweep finds none of it.
      const killedAt = clock.now();
      while (left.length > 0 && clock.now() - killedAt < grace) {
        await sleep(clock, SWEEP_LOOK_MS);
        left = members(ours, forks, readProcs());
      }
    } finally {
      clearInterval(hold);
    }
  }
  for (const f of found) removeFile(join(records.dir, f.file));
  if (out.pids.length > 0) {
    const n = out.pids.length;
    o.log(
      `swept what an earlier run left running: ${n} process${n === 1 ? '' : 'es'} of ${out.sessions} session${out.sessions === 1 ? '' : 's'} ` +
        `(pids ${out.pids.join(', ')}), ended by SIGTERM${out.killed.length > 0 ? `, ${out.killed.length} by SIGKILL after it` : ''}`,
    );
  }
  return out;
}

/**
 * The live processes that belong to `recs` and `forks` (module comment: which processes are a
 * record's; a starting record's are those carrying its session's and its backend's marks), each
 * once, in ascending pid order.
 */
function members(recs: readonly ProcessRecord[], forks: readonly StartingRecord[], procs: readonly Proc[]): Proc[] {
  const out = new Map<number, Proc>();
  for (const rec of recs) {
    const inGroup = procs.filter((p) => p.pgrp === rec.pid);
    if (inGroup.length === 0) continue;
    const leader = procs.find((p) => p.pid === rec.pid);
    // The recorded process runs: it is the one recorded only if it started when it did. A
    // different process under that pid means the group ended and its id went to another.
    if (leader) {
      if (leader.start === rec.start) for (const p of inGroup) out.set(p.pid, p);
      continue;
    }
    // Gone, with members left: they hold the group id, so it is the recorded one's if one of
    // them carries the session's own variable.
    if (inGroup.some((p) => environHas(p.pid, `LICH_SESSION_ID=${rec.session}`))) for (const p of inGroup) out.set(p.pid, p);
  }
  // A fork whose pid was never recorded: what carries both marks of it is its.
  if (forks.length > 0) {
    for (const p of procs) {
      if (out.has(p.pid) || p.pid === process.pid) continue;
      const env = environOf(p.pid);
      if (env && forks.some((f) => env.includes(`LICH_SESSION_ID=${f.session}`) && env.includes(`LICH_PID=${f.backend}`))) out.set(p.pid, p);
    }
  }
  return [...out.values()].sort((a, b) => a.pid - b.pid);
}

/** Whether a process of the group `pgid` runs (zombies do not count). */
function groupRuns(pgid: number): boolean {
  return readProcs().some((p) => p.pgrp === pgid);
}

/** Every process in /proc that is not a zombie. */
function readProcs(): Proc[] {
  const out: Proc[] = [];
  let names: string[];
  try {
    names = readdirSync('/proc');
  } catch {
    return out;
  }
  for (const name of names) {
    const c = name.charCodeAt(0);
    if (c < 48 || c > 57) continue;
    const s = procStat(Number(name));
    if (!s || ended(s)) continue;
    out.push({ pid: Number(name), pgrp: s.pgrp, start: String(s.started) });
  }
  return out;
}

/** `pid`'s start time (field 22, clock ticks since boot), undefined when it is gone. */
export function startTime(pid: number): string | undefined {
  const s = procStat(pid);
  return s && String(s.started);
}

let boot: string | undefined;
/** This boot's id; `""` where the kernel does not say. */
function bootId(): string {
  if (boot !== undefined) return boot;
  try {
    boot = readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim();
  } catch {
    boot = '';
  }
  return boot;
}

/** Whether `pid` is the first process of a pid namespace below this one (`NSpid: <pid> … 1`). */
function namespaceInit(pid: number): boolean {
  try {
    const line = /^NSpid:\s+(.*)$/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    const ids = line ? line[1]!.trim().split(/\s+/) : [];
    return ids.length > 1 && ids[ids.length - 1] === '1';
  } catch {
    return false;
  }
}

/** Whether `pid`'s environment (as it was exec'd) holds the entry `entry` exactly. */
function environHas(pid: number, entry: string): boolean {
  return environOf(pid)?.includes(entry) ?? false;
}

/** `pid`'s environment as it was exec'd, its entries; undefined when it cannot be read. */
function environOf(pid: number): string[] | undefined {
  try {
    return readFileSync(`/proc/${pid}/environ`, 'utf8').split('\0');
  } catch {
    return undefined;
  }
}

function signal(pid: number, sig: NodeJS.Signals): void {
  try {
    process.kill(pid, sig);
  } catch {
    // Gone since the look.
  }
}

/** The prefix of a starting record's file name. */
const STARTING = 'starting-';

function startingFile(session: string): string {
  return `${STARTING}${session}.json`;
}

function parseStarting(text: string): StartingRecord | undefined {
  const r = JSON.parse(text) as Partial<StartingRecord>;
  if (typeof r.session !== 'string' || r.session === '' || !Number.isSafeInteger(r.backend) || typeof r.boot !== 'string') return undefined;
  return { session: r.session, backend: r.backend!, boot: r.boot };
}

function parseRecord(text: string): ProcessRecord | undefined {
  const r = JSON.parse(text) as Partial<ProcessRecord>;
  if (!Number.isSafeInteger(r.pid) || (r.pid ?? 0) <= 1) return undefined;
  if (typeof r.start !== 'string' || typeof r.boot !== 'string' || typeof r.session !== 'string') return undefined;
  return { pid: r.pid!, start: r.start, boot: r.boot, session: r.session };
}

function removeRecord(dir: string, pid: number): void {
  removeFile(join(dir, `${pid}.json`));
}

function removeFile(path: string): void {
  try {
    unlinkSync(path);
  } catch {
    // Gone already.
  }
}
