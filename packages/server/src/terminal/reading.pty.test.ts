// Whether a program reads its terminal, read off real PTYs and real processes (terminal/reading.ts):
// a wrapper still loading shows none of the signs, whatever it printed; each way a real program
// reads — a blocked read, an event loop watching the terminal, raw mode — shows one.
import { existsSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as pty from 'node-pty';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { bwrapArgs } from '../sandbox/bwrap.js';
import { until } from '../testing.js';
import { blockedOnTerminal, readsTerminal, terminalModes } from './reading.js';

let dir: string;
let procs: pty.IPty[];
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'lich-reading-'));
  procs = [];
});
afterEach(() => {
  for (const p of procs) {
    try {
      p.kill('SIGKILL');
    } catch {
      // Already gone.
    }
  }
  rmSync(dir, { recursive: true, force: true });
});

interface Started {
  p: pty.IPty;
  pts: string;
  output: () => string;
}

function start(file: string, args: string[]): Started {
  const p = pty.spawn(file, args, { name: 'xterm-256color', cols: 80, rows: 24, cwd: dir, env: { PATH: process.env.PATH ?? '/usr/bin:/bin' } });
  procs.push(p);
  let out = '';
  p.onData((d) => (out += d));
  return { p, pts: (p as unknown as { ptsName: string }).ptsName, output: () => out };
}

/**
 * `sh -c` that prints a loading line, waits (in `sleep`, as a CLI loading its model list does)
 * until `go` exists, then execs `program`.
 */
function behindWrapper(program: string, o: { confined?: boolean } = {}): Started & { go: () => void } {
  const go = join(dir, 'go');
  const argv = ['/bin/sh', '-c', `echo 'Loading models…'; while [ ! -e "$0" ]; do sleep 0.05; done; exec ${program}`, go];
  // A confined session: its processes in a pid namespace of their own, seen here by their outer pids.
  const sandbox = ['/usr/bin/bwrap', ...bwrapArgs({ chdir: dir, tmpfs: ['/tmp'], binds: [{ src: dir, dest: dir, rw: true }], setenv: {} }), '--'];
  const s = o.confined ? start(sandbox[0]!, [...sandbox.slice(1), ...argv]) : start(argv[0]!, argv.slice(1));
  return { ...s, go: () => writeFileSync(go, '') };
}

describe('a program that does not read its terminal yet', () => {
  it('shows no sign while its wrapper sleeps, though it printed a line: a fresh terminal is cooked and echoes, and nothing reads it', async () => {
    const s = behindWrapper('cat');
    await until(() => s.output().includes('Loading'));
    expect(await terminalModes(s.pts)).toEqual({ canonical: true, echo: true });
    expect(await readsTerminal(s.p.pid, s.pts)).toBe(false);
    s.go();
    await until(() => readsTerminal(s.p.pid, s.pts), 10_000);
  });
});

describe('a program that reads its terminal', () => {
  it('in a blocked read of a cooked terminal (cat), found on the thread that reads', async () => {
    const s = behindWrapper('cat');
    s.go();
    const rdev = statSync(s.pts).rdev;
    await until(() => blockedOnTerminal(s.p.pid, rdev), 10_000);
    expect(await terminalModes(s.pts)).toEqual({ canonical: true, echo: true });
  });

  it('in python’s input(), which prints its prompt and reads the cooked terminal', async () => {
    const s = behindWrapper(`/usr/bin/python3 -c 'input("py> ")'`);
    s.go();
    await until(() => s.output().includes('py> '), 10_000);
    await until(() => blockedOnTerminal(s.p.pid, statSync(s.pts).rdev), 10_000);
  });

  it('in an event loop watching the terminal for input (a node data listener), the terminal still cooked', async () => {
    const script = join(dir, 'listen.cjs');
    writeFileSync(script, "process.stdin.on('data', () => {}); require('node:fs').writeFileSync(process.argv[2], '');");
    const listening = join(dir, 'listening');
    const s = behindWrapper(`"${process.execPath}" "${script}" "${listening}"`);
    s.go();
    await until(() => existsSync(listening), 10_000);
    await until(() => blockedOnTerminal(s.p.pid, statSync(s.pts).rdev), 10_000);
    expect(await terminalModes(s.pts)).toEqual({ canonical: true, echo: true });
  });

  it('in raw mode (node’s readline), which the terminal’s modes show', async () => {
    const script = join(dir, 'rl.cjs');
    writeFileSync(script, "require('node:readline').createInterface({ input: process.stdin, output: process.stdout, terminal: true }).question('node> ', () => {});");
    const s = behindWrapper(`"${process.execPath}" "${script}"`);
    s.go();
    await until(() => s.output().includes('node> '), 10_000);
    await until(async () => (await terminalModes(s.pts))?.canonical === false, 10_000);
    expect(await readsTerminal(s.p.pid, s.pts)).toBe(true);
  });

  it('inside bubblewrap, its processes in a pid namespace of their own (a confined session)', async () => {
    const s = behindWrapper(`/usr/bin/python3 -c 'input("py> ")'`, { confined: true });
    await until(() => s.output().includes('Loading'), 10_000);
    expect(await readsTerminal(s.p.pid, s.pts)).toBe(false);
    s.go();
    await until(() => s.output().includes('py> '), 10_000);
    await until(() => blockedOnTerminal(s.p.pid, statSync(s.pts).rdev), 10_000);
  });
});
