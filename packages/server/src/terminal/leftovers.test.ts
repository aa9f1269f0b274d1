// The session records and the start's sweep (terminal/leftovers.ts), on real processes: each
// stands for a session's process, started as the leader of a session of its own as node-pty
// starts one. The sweep's grace and looks are on a clock the test moves by hand; what the test
// waits for otherwise is an exit, or the sweep's own answer (it returns once what it signalled
// is gone).
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ManualClock } from '../testing/clock.js';
import { ProcessRecords, RECORDS_DIR, startTime, SWEEP_GRACE_MS, SWEEP_LOOK_MS, sweepLeftovers, type ProcessRecord } from './leftovers.js';
import { GROUP_LOOK_MS, KILL_GRACE_MS, Terminal } from './terminal.js';

let dir: string;
let clock: ManualClock;
let records: ProcessRecords;
let lines: string[];
const started: number[] = [];

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'lich-leftovers-'));
  clock = new ManualClock();
  records = new ProcessRecords(dir);
  lines = [];
});
afterEach(() => {
  for (const pid of started.splice(0)) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // Ended, as it should have.
    }
  }
  rmSync(dir, { recursive: true, force: true });
});

const env = { PATH: process.env.PATH ?? '/usr/bin:/bin' };

/** Whether `pid` runs (a zombie, dead and not yet reaped, does not). */
function runs(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return !/^[ZX]/.test(stat.slice(stat.lastIndexOf(')') + 2));
  } catch {
    return false;
  }
}

/** `sh -c script` as the leader of a session of its own; its stdout lines as they come. */
function leader(script: string, extraEnv: Record<string, string> = {}): { child: ChildProcess; lines: string[]; exited: Promise<void> } {
  const child = spawn('/bin/sh', ['-c', script], { detached: true, stdio: ['pipe', 'pipe', 'ignore'], env: { ...env, ...extraEnv } });
  started.push(child.pid!);
  const out: string[] = [];
  let buf = '';
  child.stdout!.on('data', (d) => {
    buf += d;
    for (let nl = buf.indexOf('\n'); nl >= 0; nl = buf.indexOf('\n')) {
      out.push(buf.slice(0, nl));
      buf = buf.slice(nl + 1);
    }
  });
  const exited = new Promise<void>((r) => child.once('exit', () => r()));
  return { child, lines: out, exited };
}

/** Resolves with the `n`th line `l` printed, once it has. */
async function line(l: { child: ChildProcess; lines: string[] }, n = 1): Promise<string> {
  while (l.lines.length < n) await new Promise((r) => l.child.stdout!.once('data', r));
  return l.lines[n - 1]!;
}

/** The sweep, the clock moved on by a look each time it sets one, until it answers. */
async function swept(graceMs?: number): ReturnType<typeof sweepLeftovers> {
  let done = false;
  const sweeping = sweepLeftovers(records, { log: (l) => lines.push(l), clock, graceMs }).finally(() => (done = true));
  for (;;) {
    await Promise.race([sweeping, clock.timerSet(true)]);
    if (done) return sweeping;
    await clock.advance(SWEEP_LOOK_MS);
  }
}

const recordFiles = () => (existsSync(join(dir, RECORDS_DIR)) ? readdirSync(join(dir, RECORDS_DIR)) : []);

describe('the start-up sweep of what an earlier run left running', () => {
  it('ends a recorded session that still runs with SIGTERM, removes every record and says so in one line', async () => {
    const s = leader('echo up; exec sleep 600');
    await line(s);
    expect(records.record('session-a', s.child.pid!)).toBeUndefined();
    const rec = JSON.parse(readFileSync(join(dir, RECORDS_DIR, `${s.child.pid}.json`), 'utf8')) as ProcessRecord;
    expect(rec).toEqual({ pid: s.child.pid, start: startTime(s.child.pid!), boot: expect.stringMatching(/\S/), session: 'session-a' });

    const r = await swept();
    await s.exited;
    expect(s.child.signalCode).toBe('SIGTERM');
    expect(r).toEqual({ records: 1, sessions: 1, pids: [s.child.pid], killed: [] });
    expect(lines).toEqual([`swept what an earlier run left running: 1 process of 1 session (pids ${s.child.pid}), ended by SIGTERM`]);
    expect(recordFiles()).toEqual([]);
  });

  it('SIGKILLs what is still there once the grace has passed', async () => {
    const s = leader("trap '' TERM; echo up; exec sleep 600");
    await line(s);
    records.record('session-a', s.child.pid!);
    const from = clock.now();
    const r = await swept();
    await s.exited;
    expect(s.child.signalCode).toBe('SIGKILL');
    expect(clock.now() - from).toBeGreaterThanOrEqual(SWEEP_GRACE_MS);
    expect(r.killed).toEqual([s.child.pid]);
    expect(lines).toEqual([`swept what an earlier run left running: 1 process of 1 session (pids ${s.child.pid}), ended by SIGTERM, 1 by SIGKILL after it`]);
  });

  it('never signals a process that merely has the recorded pid: its start time is not the recorded one', async () => {
    const s = leader('echo up; exec sleep 600');
    await line(s);
    mkdirSync(join(dir, RECORDS_DIR));
    const boot = readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim();
    const rec: ProcessRecord = { pid: s.child.pid!, start: String(Number(startTime(s.child.pid!)) - 1), boot, session: 'session-a' };
    writeFileSync(join(dir, RECORDS_DIR, `${s.child.pid}.json`), JSON.stringify(rec));
    const r = await swept();
    expect(r).toEqual({ records: 1, sessions: 0, pids: [], killed: [] });
    expect(runs(s.child.pid!)).toBe(true);
    expect(lines).toEqual([]);
    expect(recordFiles()).toEqual([]);
  });

  it('ends what a gone session process left in its session when one of them carries the session id, and nothing when none does', async () => {
    // The recorded process starts a member and exits, as bubblewrap does when a hangup ends it
    // and the sandbox's first process stays.
    const ours = leader('sleep 600 & echo $!; read x', { LICH_SESSION_ID: 'session-a' });
    const theirs = leader('sleep 600 & echo $!; read x', { LICH_SESSION_ID: 'someone-else' });
    const ourMember = Number(await line(ours));
    const theirMember = Number(await line(theirs));
    started.push(ourMember, theirMember);
    records.record('session-a', ours.child.pid!);
    records.record('session-b', theirs.child.pid!);
    ours.child.stdin!.end();
    theirs.child.stdin!.end();
    await Promise.all([ours.exited, theirs.exited]);
    expect([runs(ourMember), runs(theirMember)]).toEqual([true, true]);

    const r = await swept();
    expect(r).toEqual({ records: 2, sessions: 1, pids: [ourMember], killed: [] });
    expect(runs(ourMember)).toBe(false);
    expect(runs(theirMember)).toBe(true);
    expect(recordFiles()).toEqual([]);
  });

  // The fork and its record are two steps: a backend killed between them (after a fork the
  // child often runs first) left a sandbox it had no record of (test/e2e/leftovers.test.ts).
  it('ends what carries the marks of a session whose start was recorded and its pid never was, and nothing that carries one mark alone', async () => {
    expect(records.starting('session-a')).toBeUndefined();
    const backend = 424242;
    const ours = leader('echo up; exec sleep 600', { LICH_SESSION_ID: 'session-a', LICH_PID: String(backend) });
    const otherRun = leader('echo up; exec sleep 600', { LICH_SESSION_ID: 'session-a', LICH_PID: String(backend + 1) });
    const otherSession = leader('echo up; exec sleep 600', { LICH_SESSION_ID: 'session-b', LICH_PID: String(backend) });
    await Promise.all([line(ours), line(otherRun), line(otherSession)]);
    // What the backend wrote, with the pid the killed backend had.
    const file = join(dir, RECORDS_DIR, 'starting-session-a.json');
    writeFileSync(file, JSON.stringify({ ...JSON.parse(readFileSync(file, 'utf8')), backend }));

    const r = await swept();
    await ours.exited;
    expect(r).toEqual({ records: 1, sessions: 1, pids: [ours.child.pid], killed: [] });
    expect([runs(otherRun.child.pid!), runs(otherSession.child.pid!)]).toEqual([true, true]);
    expect(recordFiles()).toEqual([]);
  });

  it('drops a session’s starting record once its pid is recorded, and when its fork failed', () => {
    records.starting('session-a');
    records.starting('session-b');
    expect(recordFiles().sort()).toEqual(['starting-session-a.json', 'starting-session-b.json']);
    records.record('session-a', process.pid);
    records.notStarted('session-b');
    expect(recordFiles()).toEqual([`${process.pid}.json`]);
  });

  it('removes a record it cannot read, and one from another boot, signalling nothing', async () => {
    const s = leader('echo up; exec sleep 600');
    await line(s);
    mkdirSync(join(dir, RECORDS_DIR));
    writeFileSync(join(dir, RECORDS_DIR, '123.json'), '{"pid": 12');
    const rec: ProcessRecord = { pid: s.child.pid!, start: startTime(s.child.pid!)!, boot: 'another-boot', session: 'session-a' };
    writeFileSync(join(dir, RECORDS_DIR, `${s.child.pid}.json`), JSON.stringify(rec));
    expect(await swept()).toEqual({ records: 2, sessions: 0, pids: [], killed: [] });
    expect(runs(s.child.pid!)).toBe(true);
    expect(recordFiles()).toEqual([]);
  });

  it('waits for nothing and says nothing when nothing was recorded', async () => {
    expect(await sweepLeftovers(records, { log: (l) => lines.push(l), clock })).toEqual({ records: 0, sessions: 0, pids: [], killed: [] });
    expect(lines).toEqual([]);
  });
});

describe('Terminal, recording its sessions for that sweep', () => {
  /** `closing` (a kill), the terminal's clock moved past the grace and on by its looks until it resolves. */
  async function ended<T>(term: Terminal, closing: Promise<T>): Promise<T> {
    let done = false;
    const settled = closing.finally(() => (done = true));
    await clock.advance(KILL_GRACE_MS);
    for (;;) {
      await Promise.race([settled, clock.timerSet(true)]);
      if (done) return closing;
      await clock.advance(GROUP_LOOK_MS);
    }
  }

  it('records a session’s process as it starts and forgets it once the session is closed', async () => {
    const term = new Terminal({ clock, records });
    const { pid } = term.start('s1', { file: '/bin/sh', args: ['-c', 'exec sleep 600'], cwd: dir, env });
    expect(JSON.parse(readFileSync(join(dir, RECORDS_DIR, `${pid}.json`), 'utf8'))).toEqual({
      pid,
      start: startTime(pid),
      boot: expect.stringMatching(/\S/),
      session: 's1',
    });
    await ended(term, term.kill('s1'));
    expect(recordFiles()).toEqual([]);
  });

  it('keeps the record while something its program started runs on after it exits', async () => {
    const term = new Terminal({ clock, records });
    let exited = false;
    term.onExit(() => (exited = true));
    // The member ignores the hangup the program's exit brings, and the SIGTERM the terminal then
    // sends its group, until the grace is out (the clock is not moved): a backend killed meanwhile.
    const { pid } = term.start('s1', { file: '/bin/sh', args: ['-c', "trap '' HUP TERM; sleep 600 & echo $!"], cwd: dir, env: { ...env, LICH_SESSION_ID: 's1' } });
    await new Promise<void>((r) => term.onExit(() => r()));
    expect(exited).toBe(true);
    // Its pid's record — or, when the program had forked, exited and been reaped before the
    // backend ran again after the fork (under load), its start record, for its marks.
    expect([[`${pid}.json`], ['starting-s1.json']]).toContainEqual(recordFiles());
    const r = await swept();
    expect(r.sessions).toBe(1);
    expect(r.pids).toHaveLength(1);
    expect(runs(r.pids[0]!)).toBe(false);
  });

  it('says so in one line when it cannot record, and starts the session all the same', async () => {
    writeFileSync(join(dir, 'not-a-folder'), '');
    const said: string[] = [];
    const term = new Terminal({ clock, records: new ProcessRecords(join(dir, 'not-a-folder')), log: (l) => said.push(l) });
    const { pid } = term.start('s1', { file: '/bin/sh', args: ['-c', 'exec sleep 600'], cwd: dir, env });
    expect(said).toEqual([expect.stringMatching(new RegExp(`^session s1: its process ${pid} is not recorded, so a backend killed outright would leave it running: ENOTDIR`))]);
    expect(term.isLive('s1')).toBe(true);
    await ended(term, term.kill('s1'));
  });
});
