import { mkdtempSync, readdirSync, readFileSync, readlinkSync, rmSync, watch, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ManualClock } from '../testing/clock.js';
import { hrMs } from '../trace.js';
import { DraftHeld, GROUP_LOOK_MS, KILL_GRACE_MS, PASTE_END, PASTE_START, PasteRefusal, READY_QUIET_MS, SUBMIT_QUIET_MS, Terminal } from './terminal.js';

// Every time the terminal keeps — the quiet that makes a session ready, the quiet before the
// Enter, a draft's idle time, the kill's grace, the looks at what a closed session left in its
// process group — is on the clock it is handed: these tests move it by hand, and wait for what
// the PTY does (its output, its exit, a file its program writes) as events. Nothing here sleeps.
let dir: string;
let clock: ManualClock;
let term: Terminal;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'lich-term-'));
  clock = new ManualClock();
  term = new Terminal({ clock });
});
afterEach(async () => {
  await ended(term.killAll());
  rmSync(dir, { recursive: true, force: true });
});

const env = { PATH: process.env.PATH ?? '/usr/bin:/bin' };

/**
 * A program that takes the terminal raw, turns bracketed paste on as an agent's TUI does, and
 * logs every chunk it reads, with its arrival time. `PLAIN=1`: the same without bracketed paste.
 */
const RECORDER = `
process.stdin.setRawMode(true);
if (!process.env.PLAIN) process.stdout.write('\\x1b[?2004h');
const fs = require('node:fs');
const t0 = Date.now();
process.stdin.on('data', (d) => fs.appendFileSync(process.env.OUT, JSON.stringify({ t: Date.now() - t0, d: d.toString() }) + '\\n'));
process.stdout.write('ready> ');
`;

/**
 * Resolves once `cond` holds, looked at again at every event that can change it: output from
 * any session of `t`, an exit, a file written in the test's directory.
 */
function until(cond: () => boolean, t: Terminal = term): Promise<void> {
  return new Promise((resolve) => {
    const offOutput = t.onOutput(() => check());
    const offExit = t.onExit(() => check());
    const files = watch(dir, () => check());
    function check(): void {
      if (!cond()) return;
      offOutput();
      offExit();
      files.close();
      resolve();
    }
    check();
  });
}

/**
 * Waits for `shown` (the last thing the program prints before it reads), then moves the clock
 * past the quiet that makes a session ready, and checks it is.
 */
async function atPrompt(id: string, shown: string, t: Terminal = term): Promise<void> {
  await until(() => t.tail(id).includes(shown), t);
  await clock.advance(READY_QUIET_MS);
  expect(t.ready(id)).toBe(true);
}

/**
 * Resolves as `closing` (a `kill` or `killAll`) does, the clock moved past the kill's grace (the
 * SIGKILL) and then on by a look each time the terminal sets one to see whether anything of a
 * process group is left (the kernel says nothing when the last member goes).
 */
async function ended<T>(closing: Promise<T>): Promise<T> {
  let done = false;
  const settled = closing.then(
    () => (done = true),
    () => (done = true),
  );
  await clock.advance(KILL_GRACE_MS);
  for (;;) {
    await Promise.race([settled, clock.timerSet(true)]);
    if (done) return closing;
    await clock.advance(GROUP_LOOK_MS);
  }
}

/**
 * `t.type`, the clock moved on by the Enter's quiet each time the terminal starts waiting for it
 * (output that arrives meanwhile — an echo — starts the quiet again), until it resolves or rejects.
 */
async function typeIn(id: string, text: string, t: Terminal = term): Promise<void> {
  let done = false;
  const typed = t.type(id, text).finally(() => (done = true));
  const settled = typed.then(
    () => undefined,
    () => undefined,
  );
  for (;;) {
    await Promise.race([settled, clock.timerSet(true)]);
    if (done) break;
    await clock.advance(SUBMIT_QUIET_MS);
  }
  return typed;
}

function chunks(file: string): { t: number; d: string }[] {
  return readFileSync(file, 'utf8')
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l));
}

/** Whether process `pid` exists and is not a zombie (an orphan's zombie waits for pid 1 to reap it). */
function runs(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return !/^[ZX]/.test(stat.slice(stat.lastIndexOf(')') + 2));
  } catch {
    return false;
  }
}

/** A program that prints its grid as the kernel has it (TIOCGWINSZ) on start and on every SIGWINCH. */
const GRID_PRINTER = `
const show = () => process.stdout.write('grid ' + process.stdout.columns + 'x' + process.stdout.rows + ';');
process.stdout.on('resize', show);
show();
setInterval(() => {}, 1 << 30);
`;

/** Process `pid`'s open descriptors: number → what it names (`/proc/<pid>/fd`). */
function descriptors(pid: number): Record<string, string> {
  const out: Record<string, string> = {};
  for (const fd of readdirSync(`/proc/${pid}/fd`)) out[fd] = readlinkSync(`/proc/${pid}/fd/${fd}`);
  return out;
}

describe('Terminal, what a session inherits (terminal/inherit.ts)', () => {
  it("gives a session's program its PTY as descriptors 0–2 and no other descriptor, while other sessions are open", async () => {
    // Each session's master is open in this process while the next one starts.
    for (const id of ['first', 'second', 'third']) {
      term.start(id, { file: '/bin/sh', args: ['-c', 'echo up; exec sleep 600'], cwd: dir, env });
    }
    await until(() => ['first', 'second', 'third'].every((id) => term.tail(id).includes('up')));
    for (const id of ['first', 'second', 'third']) {
      const fds = descriptors(term.pid(id)!);
      const pts = fds['0'];
      expect(pts, id).toMatch(/^\/dev\/pts\/\d+$/);
      expect(fds, id).toEqual({ 0: pts, 1: pts, 2: pts });
    }
  });

  it('hands the program exactly the environment it was given, with the PWD and TERM node-pty sets', async () => {
    const given = { ...env, PWD: '/not/where/it/runs', SHLVL: '3', SPACED: 'a b\tc', 'not-a-name': 'kept' };
    let printed: string | undefined;
    term.onExit((id, _info, tail) => id === 'env' && (printed = tail));
    term.start('env', { file: '/usr/bin/env', args: [], cwd: dir, env: given });
    await until(() => printed !== undefined);
    expect(printed!.trim().split('\r\n').sort()).toEqual([...Object.entries({ ...given, PWD: dir, TERM: 'xterm-256color' }).map(([k, v]) => `${k}=${v}`)].sort());
  });
});

describe('Terminal grid (spec/cli.md § Known ceilings, terminal.sizeFor)', () => {
  it('starts a PTY at 80×24 before any window reported a grid, and at the last reported one after', async () => {
    expect(term.sizeFor()).toEqual({ cols: 80, rows: 24 });
    term.start('before', { file: process.execPath, args: ['-e', GRID_PRINTER], cwd: dir, env });
    await until(() => term.tail('before').includes('grid 80x24;'));
    expect(term.windowMeasured({ cols: 150, rows: 40 })).toEqual({ cols: 150, rows: 40 });
    term.start('after', { file: process.execPath, args: ['-e', GRID_PRINTER], cwd: dir, env });
    await until(() => term.tail('after').includes('grid 150x40;'));
    expect(term.size('after')).toEqual({ cols: 150, rows: 40 });
    // A copy, not a subscription: the session started before keeps its grid.
    expect(term.size('before')).toEqual({ cols: 80, rows: 24 });
  });

  it('remembers a reported grid clamped to cols 20–500 and rows 5–200, and refuses one that is not a number', () => {
    expect(term.windowMeasured({ cols: 5000, rows: 1 })).toEqual({ cols: 500, rows: 5 });
    expect(term.sizeFor()).toEqual({ cols: 500, rows: 5 });
    expect(() => term.windowMeasured({ cols: Number.NaN, rows: 30 })).toThrow(RangeError);
    expect(term.sizeFor()).toEqual({ cols: 500, rows: 5 });
  });

  it('resizes a running PTY: its program gets SIGWINCH and reads the new grid from the kernel', async () => {
    term.start('s1', { file: process.execPath, args: ['-e', GRID_PRINTER], cwd: dir, env });
    await until(() => term.tail('s1').includes('grid 80x24;'));
    expect(term.resize('s1', { cols: 132, rows: 43 })).toEqual({ cols: 132, rows: 43 });
    await until(() => term.tail('s1').includes('grid 132x43;'));
    expect(term.size('s1')).toEqual({ cols: 132, rows: 43 });
    // Clamped like a report: a page cannot shrink a PTY to nothing.
    expect(term.resize('s1', { cols: 3, rows: 900 })).toEqual({ cols: 20, rows: 200 });
    await until(() => term.tail('s1').includes('grid 20x200;'));
  });

  it('leaves a PTY already at the grid alone, and resizes nothing for a session with no PTY', async () => {
    term.start('s1', { file: process.execPath, args: ['-e', GRID_PRINTER], cwd: dir, env });
    await until(() => term.tail('s1').includes('grid 80x24;'));
    expect(term.resize('s1', { cols: 80, rows: 24 })).toEqual({ cols: 80, rows: 24 });
    // Then a real change: had the first resize signalled, its 80x24 line would come before this one.
    term.resize('s1', { cols: 100, rows: 30 });
    await until(() => term.tail('s1').includes('grid 100x30;'));
    expect(term.tail('s1').match(/grid \d+x\d+;/g)).toEqual(['grid 80x24;', 'grid 100x30;']);
    expect(term.resize('nobody', { cols: 100, rows: 30 })).toBeUndefined();
  });
});

describe('Terminal', () => {
  it('types a message as a bracketed paste, then a separate carriage return once the PTY is quiet', async () => {
    const out = join(dir, 'out.jsonl');
    term.start('s1', { file: process.execPath, args: ['-e', RECORDER], cwd: dir, env: { ...env, OUT: out } });
    await atPrompt('s1', 'ready> ');
    const before = clock.now();
    let submitted = false;
    const typing = term.type('s1', 'line one\nline two').then(() => (submitted = true));
    await clock.timerSet();
    await until(() => chunksOr(out) === `${PASTE_START}line one\nline two${PASTE_END}`);
    await clock.advance(SUBMIT_QUIET_MS - 1);
    expect(submitted).toBe(false);
    await clock.advance(1);
    await typing;
    expect(clock.now() - before).toBeGreaterThanOrEqual(140);
    await until(() => chunksOr(out).endsWith('\r'));
    const got = chunks(out);
    expect(got.map((c) => c.d).join('')).toBe(`${PASTE_START}line one\nline two${PASTE_END}\r`);
    const cr = got[got.length - 1];
    expect(cr.d).toBe('\r');
    expect(got.length).toBeGreaterThan(1);
  });

  it('submits with the key the session was started with, Tab for Codex, in place of the carriage return', async () => {
    const out = join(dir, 'out.jsonl');
    term.start('s1', { file: process.execPath, args: ['-e', RECORDER], cwd: dir, env: { ...env, OUT: out }, submitKey: '\t' });
    await atPrompt('s1', 'ready> ');
    const typing = term.type('s1', 'run the tests');
    await clock.timerSet();
    await until(() => chunksOr(out) === `${PASTE_START}run the tests${PASTE_END}`);
    await clock.advance(SUBMIT_QUIET_MS);
    await typing;
    await until(() => chunksOr(out).endsWith('\t'));
    expect(chunksOr(out)).toBe(`${PASTE_START}run the tests${PASTE_END}\t`);
  });

  it('is not ready until its PTY has been quiet for 600 ms, and stays ready after', async () => {
    const go = join(dir, 'go');
    term.start('s1', {
      file: '/bin/sh',
      args: ['-c', `echo tick; while [ ! -e '${go}' ]; do sleep 0.05; done; echo later; sleep 30`],
      cwd: dir,
      env,
    });
    await until(() => term.tail('s1').includes('tick'));
    await clock.advance(READY_QUIET_MS - 100);
    expect(term.ready('s1')).toBe(false);
    await clock.advance(100);
    expect(term.ready('s1')).toBe(true);
    writeFileSync(go, '');
    await until(() => term.tail('s1').includes('later'));
    expect(term.ready('s1')).toBe(true);
  });

  it('with a delivery trace, marks a typed message: its paste, the first and the last output drawn after it, then its Enter', async () => {
    const marks: Array<{ event: string; key: string; at: number }> = [];
    term = new Terminal({ clock, trace: (event, key, at = hrMs()) => marks.push({ event, key, at }) });
    // Raw, bracketed paste on, and everything it reads drawn back: the paste is output after it.
    term.start('s1', { file: '/bin/sh', args: ['-c', "stty raw -echo; printf '\\033[?2004h'; printf 'ready> '; exec cat"], cwd: dir, env });
    await atPrompt('s1', 'ready> ');
    const drawn = until(() => term.tail('s1').includes('the task'));
    let done = false;
    const typing = term.type('s1', 'the task').finally(() => (done = true));
    // The paste drawn back before the clock moves: the Enter's quiet counts from that output.
    await drawn;
    while (!done) {
      await Promise.race([typing, clock.timerSet(true)]);
      if (!done) await clock.advance(SUBMIT_QUIET_MS);
    }
    await typing;
    expect(marks.map((m) => `${m.event} ${m.key}`)).toEqual(['pasted s1', 'output-first s1', 'output-last s1', 'enter s1']);
    const at = marks.map((m) => m.at);
    expect([...at].sort((a, b) => a - b)).toEqual(at);
  });

  it('writes the carriage return after 5 s when the PTY never goes quiet', async () => {
    term.start('s1', { file: '/bin/sh', args: ['-c', 'while :; do echo x; sleep 0.05; done'], cwd: dir, env });
    const before = clock.now();
    let submitted = false;
    const typing = term.type('s1', 'hello').then(() => (submitted = true));
    // Its output never stops: the clock moves 100 ms at a time, each step after more of it came.
    let chunksSeen = 0;
    const off = term.onOutput(() => chunksSeen++);
    while (!submitted) {
      await clock.advance(100);
      const at = chunksSeen;
      if (!submitted) await until(() => chunksSeen !== at);
    }
    off();
    await typing;
    const took = clock.now() - before;
    expect(took).toBeGreaterThanOrEqual(4900);
    expect(took).toBeLessThan(6500);
  }, 15_000);

  it('tells its start listeners once the process is live, before any output, and ignores one that throws', async () => {
    const heard: Array<{ id: string; live: boolean; output: string }> = [];
    term.onStart(() => {
      throw new Error('a tap that fails');
    });
    const off = term.onStart((id) => heard.push({ id, live: term.isLive(id), output: term.tail(id) }));
    expect(term.start('s1', { file: '/bin/sh', args: ['-c', 'echo hello; exec cat'], cwd: dir, env }).pid).toBeGreaterThan(0);
    expect(heard).toEqual([{ id: 's1', live: true, output: '' }]);
    off();
    term.start('s2', { file: '/bin/sh', args: ['-c', 'exec cat'], cwd: dir, env });
    expect(heard).toHaveLength(1);
    await until(() => term.tail('s1').includes('hello'));
  });

  it('stops being live when its process exits, and tells its listeners with the output tail', async () => {
    const heard: { id: string; code: number; tail: string }[] = [];
    term.onExit((id, info, tail) => heard.push({ id, code: info.exitCode, tail }));
    term.start('s1', { file: '/bin/sh', args: ['-c', 'echo goodbye; exit 3'], cwd: dir, env });
    await until(() => heard.length === 1);
    expect(term.isLive('s1')).toBe(false);
    expect(heard[0]).toMatchObject({ id: 's1', code: 3 });
    expect(heard[0].tail).toContain('goodbye');
    await expect(term.type('s1', 'x')).rejects.toThrow('has no terminal');
  });

  it('kills a process that ignores the hangup, and answers only once it is gone', async () => {
    term.start('s1', { file: '/bin/sh', args: ['-c', "trap '' HUP; echo armed; while :; do sleep 0.1; done"], cwd: dir, env });
    await until(() => term.tail('s1').includes('armed'));
    const pid = term.pid('s1')!;
    await ended(term.kill('s1'));
    expect(term.isLive('s1')).toBe(false);
    expect(() => process.kill(pid, 0)).toThrow();
  });

  it('kills what the process leaves in its process group, and answers only once that is gone too', async () => {
    // The shell dies of the hangup; the child it left ignores it, as a confined session's
    // bubblewrap leaves the sandbox's first process when the close comes while it starts.
    const script = `sh -c 'trap "" HUP; echo straggler $$; exec sleep 600' & wait`;
    term.start('s1', { file: '/bin/sh', args: ['-c', script], cwd: dir, env });
    await until(() => /straggler \d+/.test(term.tail('s1')));
    const straggler = Number(/straggler (\d+)/.exec(term.tail('s1'))![1]);
    const leaderGone = new Promise<void>((resolve) => term.onExit(() => resolve()));
    const killing = term.kill('s1');
    await leaderGone;
    expect(runs(straggler)).toBe(true);
    await ended(killing);
    expect(runs(straggler)).toBe(false);
  });

  // A worker killed mid-turn whose task had started a server with nohup: the job ran on with no
  // card to show it, and a close found nothing live to end (the fault suite's case).
  it('ends what a process that exits on its own leaves in its group: SIGTERM, then SIGKILL after the grace', async () => {
    // Jobs as `nohup` leaves them: off the terminal (a job writing to it would hold the PTY open).
    const job = (name: string, traps: string) =>
      `sh -c 'trap "" ${traps}; echo $$ > ${join(dir, name)}; exec sleep 600' </dev/null >/dev/null 2>&1 &`;
    const script = `${job('job', 'HUP')} ${job('stubborn', 'HUP TERM')} while [ ! -s ${join(dir, 'job')} ] || [ ! -s ${join(dir, 'stubborn')} ]; do sleep 0.05; done`;
    let exited = false;
    term.onExit(() => (exited = true));
    term.start('s1', { file: '/bin/sh', args: ['-c', script], cwd: dir, env });
    await until(() => exited);
    const pidIn = (name: string) => Number(readFileSync(join(dir, name), 'utf8'));
    await until(() => !runs(pidIn('job')));
    expect(runs(pidIn('stubborn'))).toBe(true);
    await ended(term.killAll());
    expect(runs(pidIn('stubborn'))).toBe(false);
  });

  it('keeps only the last 64 KiB of output', async () => {
    let tail = '';
    term.onExit((_id, _info, t) => (tail = t));
    term.start('s1', { file: process.execPath, args: ['-e', "process.stdout.write('a'.repeat(100000) + 'END')"], cwd: dir, env });
    await until(() => tail !== '');
    expect(tail.endsWith('END')).toBe(true);
    expect(tail.length).toBeLessThanOrEqual(64 * 1024);
    expect(tail.length).toBeGreaterThan(60 * 1024);
  });

  it('delivers every byte a process wrote before it reports the exit', async () => {
    // One run loses its last KiB only now and then (a 0-byte read at exit), so run several.
    for (let i = 0; i < 8; i++) {
      let tail: string | undefined;
      const off = term.onExit((_id, _info, t) => (tail = t));
      term.start(`s${i}`, { file: process.execPath, args: ['-e', `process.stdout.write('é'.repeat(30000) + 'END${i}')`], cwd: dir, env });
      await until(() => tail !== undefined);
      off();
      expect(tail!.endsWith(`END${i}`), `run ${i}: ${tail!.length} chars, ends ${JSON.stringify(tail!.slice(-8))}`).toBe(true);
      expect(tail).toBe('é'.repeat(30000) + `END${i}`);
    }
  });
});

describe('Terminal, with a ready marker', () => {
  const MARK = '\x1b]6969;lich-setup-done\x07';

  it('is not ready while the setup runs, however quiet, and is ready once the marker has been seen and the PTY settles', async () => {
    const flag = join(dir, 'go');
    // A "setup script" that is silent until a file appears, then prints the marker and a prompt.
    const script = `while [ ! -e '${flag}' ]; do sleep 0.05; done; printf '${MARK.replace('\x1b', '\\033').replace('\x07', '\\007')}'; printf 'agent> '; exec sleep 30`;
    term.start('s1', { file: '/bin/sh', args: ['-c', script], cwd: dir, env, readyMarker: MARK });
    await clock.advance(900);
    expect(term.ready('s1')).toBe(false);
    expect(term.inSetup('s1')).toBe(true);
    writeFileSync(flag, '');
    await until(() => !term.inSetup('s1') && term.tail('s1').includes('agent> '));
    await clock.advance(READY_QUIET_MS);
    expect(term.ready('s1')).toBe(true);
  });

  it('never becomes ready when the marker never comes', async () => {
    term.start('s2', { file: '/bin/sh', args: ['-c', 'echo setting up; exec sleep 30'], cwd: dir, env, readyMarker: MARK });
    await until(() => term.tail('s2').includes('setting up'));
    await clock.advance(900);
    expect(term.ready('s2')).toBe(false);
    expect(term.inSetup('s2')).toBe(true);
  });
});

/** Every byte `file` holds, or "" before it exists. */
function bytesOf(file: string): string {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return '';
  }
}

// issue 14, item 4: a 5000-byte line typed at `sh -c 'exec cat > out'` — a program that never
// turned on bracketed paste and reads its terminal in canonical mode — left the first 4095
// bytes and literal ESC[200~ / ESC[201~ in `out`, and the send reported nothing wrong.
describe('Terminal, pasting at a program that never asked for bracketed paste', () => {
  const HEX = 'a1b2c3d4e5'.repeat(500);

  it('types the text with no brackets around it', async () => {
    const out = join(dir, 'out.jsonl');
    term.start('s1', { file: process.execPath, args: ['-e', RECORDER], cwd: dir, env: { ...env, OUT: out, PLAIN: '1' } });
    await atPrompt('s1', 'ready> ');
    await typeIn('s1', 'line one\nline two');
    await until(() => chunksOr(out).endsWith('\r'));
    expect(chunksOr(out)).toBe('line one\nline two\r');
  });

  it('refuses, before writing a byte, a line a canonical terminal would cut at 4095 bytes', async () => {
    const out = join(dir, 'out');
    term.start('s1', { file: '/bin/sh', args: ['-c', 'exec cat > "$0"', out], cwd: dir, env });
    await clock.advance(READY_QUIET_MS);
    expect(term.ready('s1')).toBe(true);
    const refusal = await term.type('s1', HEX).then(
      () => undefined,
      (e: Error) => e,
    );
    expect(refusal).toBeInstanceOf(PasteRefusal);
    expect(refusal!.message).toBe(
      'its program never turned on bracketed paste and reads its terminal a line at a time, and a terminal line holds at most 4095 bytes: it is one line of 5000 bytes',
    );
    await typeIn('s1', 'short line');
    await until(() => bytesOf(out) === 'short line\n');
  });

  it('types the same line whole at a program that reads its terminal raw', async () => {
    const out = join(dir, 'out');
    // It says when its terminal is raw: typed before that, the line would meet a canonical one.
    term.start('s1', { file: '/bin/sh', args: ['-c', 'stty raw -echo; printf raw; exec cat > "$0"', out], cwd: dir, env });
    await atPrompt('s1', 'raw');
    await typeIn('s1', HEX);
    await until(() => bytesOf(out).length === HEX.length + 1);
    expect(bytesOf(out)).toBe(`${HEX}\r`);
  });

  it('refuses to paste text with a newline in it: without bracketed paste it would be Enter presses', async () => {
    const out = join(dir, 'out.jsonl');
    term.start('s1', { file: process.execPath, args: ['-e', RECORDER], cwd: dir, env: { ...env, OUT: out, PLAIN: '1' } });
    await until(() => term.tail('s1').includes('ready> '));
    await clock.advance(READY_QUIET_MS);
    expect(term.settled('s1')).toBe(true);
    await expect(term.paste('s1', 'two\nlines')).rejects.toThrow('its program never turned on bracketed paste, so the newlines of the text would reach it as Enter presses');
    await term.paste('s1', 'one line');
    await until(() => chunksOr(out) === 'one line');
  });

  it('brackets again once the program turns bracketed paste on, and not after it turns it off', async () => {
    const out = join(dir, 'out.jsonl');
    const program = `${RECORDER}
process.stdin.on('data', (d) => { if (d.toString().includes('off')) process.stdout.write('\\x1b[?1;2004l'); });`;
    term.start('s1', { file: process.execPath, args: ['-e', program], cwd: dir, env: { ...env, OUT: out } });
    await atPrompt('s1', 'ready> ');
    await typeIn('s1', 'off');
    await until(() => term.tail('s1').includes('\x1b[?1;2004l'));
    await typeIn('s1', 'plain');
    await until(() => chunksOr(out).endsWith('plain\r'));
    expect(chunksOr(out)).toBe(`${PASTE_START}off${PASTE_END}\rplain\r`);
  });
});

// issue 14, item 3: `lich insert --session S 'DRAFT'` then at once `lich send S 'echo x'` — the
// PTY got both pastes and one Enter, and the agent read `DRAFT[lich] Message relayed…` as one
// prompt. Delivery waits while a draft is at the prompt (terminal/draft.ts).
describe('Terminal, with a person’s draft at the prompt', () => {
  it('is not ready for the relay while a draft is there, and is again once it is submitted', async () => {
    const out = join(dir, 'out.jsonl');
    term.start('s1', { file: process.execPath, args: ['-e', RECORDER], cwd: dir, env: { ...env, OUT: out } });
    await atPrompt('s1', 'ready> ');
    term.write('s1', `${PASTE_START}DRAFT${PASTE_END}`);
    expect(term.ready('s1')).toBe(false);
    expect(term.settled('s1')).toBe(true);
    term.write('s1', ' and my question');
    expect(term.ready('s1')).toBe(false);
    term.write('s1', '\r');
    expect(term.ready('s1')).toBe(true);
  });

  // issue 22: the original let a draft go after 60 s untouched and typed onto it; the task and
  // an inserted `echo draft-text` went in as one line, and the agent ran the message's own reply
  // line with its placeholder.
  it('stays not ready however long the draft sits untouched, and refuses to type a task over it', async () => {
    const out = join(dir, 'o.jsonl');
    term.start('s1', { file: process.execPath, args: ['-e', RECORDER], cwd: dir, env: { ...env, OUT: out } });
    await atPrompt('s1', 'ready> ');
    term.write('s1', 'echo draft-text');
    await clock.advance(10 * 60_000);
    expect(term.ready('s1')).toBe(false);
    await expect(term.type('s1', 'the task')).rejects.toBeInstanceOf(DraftHeld);
    term.write('s1', '\x15');
    expect(term.ready('s1')).toBe(true);
  });

  it('drops the draft with Ctrl-C or Ctrl-U, and leaves none after its own typing’s Enter', async () => {
    term.start('s1', { file: process.execPath, args: ['-e', RECORDER], cwd: dir, env: { ...env, OUT: join(dir, 'o.jsonl') } });
    await atPrompt('s1', 'ready> ');
    for (const drop of ['\x03', '\x15']) {
      term.write('s1', 'draft');
      expect(term.ready('s1')).toBe(false);
      term.write('s1', drop);
      expect(term.ready('s1')).toBe(true);
    }
    await typeIn('s1', 'a task');
    expect(term.ready('s1')).toBe(true);
  });
});

/** The chunks `file` logged, joined, or "" before it exists. */
function chunksOr(file: string): string {
  try {
    return chunks(file).map((c) => c.d).join('');
  } catch {
    return '';
  }
}
