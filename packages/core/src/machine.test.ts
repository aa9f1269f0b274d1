import { describe, expect, it } from 'vitest';
import { createContext, runOperation, renderText } from './operations.js';
import type { Machine } from './machine.js';
import { doctorClosing, doctorText, doctorTime, lichVersion, rageText } from './machine-wording.js';
import type { DoctorCheck, DoctorReport, RageReport } from './types.js';

const row = (name: DoctorCheck['name'], verdict: DoctorCheck['verdict'], ms: number, finding: string): DoctorCheck => ({ name, verdict, ms, finding });

// spec/cli.md § lich doctor, the sample, byte for byte.
const SPEC_SAMPLE = `lich v0.25.0 — linux/amd64

  ok    home          1ms  /home/u/.config/lich is writable
  ok    log          <1ms  /home/u/.config/lich/lich.log
  ok    listener     <1ms  port 47821 is held by the running lich (pid 4242)
  skip  store        <1ms  held by the running lich (pid 4242)
  ok    browser       2ms  /usr/lib/lich/shell/lich-shell
  ok    providers     3ms  4 of 8 on PATH: claude, codex, opencode, crush
  ok    sandbox      11ms  bubblewrap confines a session here
  ok    git          <1ms  /usr/bin/git
  ok    gh           <1ms  /usr/bin/gh
        total        17ms

lich starts here — nothing is in the way.`;

const sampleReport: DoctorReport = {
  version: '0.25.0',
  platform: 'linux/amd64',
  checks: [
    row('home', 'ok', 1.2, '/home/u/.config/lich is writable'),
    row('log', 'ok', 0.1, '/home/u/.config/lich/lich.log'),
    row('listener', 'ok', 0.6, 'port 47821 is held by the running lich (pid 4242)'),
    row('store', 'skip', 0, 'held by the running lich (pid 4242)'),
    row('browser', 'ok', 2.4, '/usr/lib/lich/shell/lich-shell'),
    row('providers', 'ok', 3, '4 of 8 on PATH: claude, codex, opencode, crush'),
    row('sandbox', 'ok', 10.6, 'bubblewrap confines a session here'),
    row('git', 'ok', 0.3, '/usr/bin/git'),
    row('gh', 'ok', 0.2, '/usr/bin/gh'),
  ],
  totalMs: 17.4,
};

describe('doctor, as printed', () => {
  it('prints the spec sample byte for byte: header, rows in columns, the total row and the closing line', () => {
    expect(doctorText(sampleReport)).toBe(SPEC_SAMPLE);
  });

  it('writes a time under a millisecond as <1ms and any other as whole milliseconds', () => {
    expect(doctorTime(0)).toBe('<1ms');
    expect(doctorTime(0.999)).toBe('<1ms');
    expect(doctorTime(1)).toBe('1ms');
    expect(doctorTime(16.5)).toBe('17ms');
    expect(doctorTime(2034.2)).toBe('2034ms');
  });

  it('keeps the finding column where it is for the checks this backend adds and for a slow check', () => {
    const text = doctorText({ ...sampleReport, checks: [row('pty', 'ok', 4, 'node-pty 1.1.0 starts a terminal'), row('sqlite', 'fail', 2034, 'x')] });
    expect(text.split('\n').slice(2, 4)).toEqual(['  ok    pty           4ms  node-pty 1.1.0 starts a terminal', '  fail  sqlite     2034ms  x']);
  });

  it('closes with the clean line when only skips stand beside the oks', () => {
    expect(doctorClosing([row('home', 'ok', 0, ''), row('browser', 'skip', 0, '')])).toBe('lich starts here — nothing is in the way.');
  });

  it('names every warning when nothing failed', () => {
    expect(doctorClosing([row('gh', 'warn', 0, '')])).toBe('lich starts here, with a warning: gh.');
    expect(doctorClosing([row('providers', 'warn', 0, ''), row('sandbox', 'warn', 0, ''), row('gh', 'warn', 0, '')])).toBe(
      'lich starts here, with 3 warnings: providers, sandbox and gh.',
    );
  });

  it('names every failed check, and only those, when one failed', () => {
    expect(doctorClosing([row('listener', 'fail', 0, ''), row('gh', 'warn', 0, '')])).toBe('lich will not run here — listener failed.');
    expect(doctorClosing([row('listener', 'fail', 0, ''), row('store', 'fail', 0, '')])).toBe('lich will not run here — listener and store failed.');
  });

  it('says lich dev, not lich vdev, for an unstamped build', () => {
    expect(lichVersion('dev')).toBe('lich dev');
    expect(lichVersion('0.25.0')).toBe('lich v0.25.0');
  });
});

describe('rage, as printed', () => {
  const report: RageReport = { path: 'lich-rage-20260810-150405.tar.gz', version: '0.25.0', platform: 'linux/amd64', instance: 'running', pid: 4242, port: 47821 };

  it('prints the three lines of the spec for a running lich', () => {
    expect(rageText(report)).toBe(
      'Wrote lich-rage-20260810-150405.tar.gz\nlich v0.25.0 on linux/amd64, running (pid 4242, port 47821).\nRead it before you attach it: it carries absolute paths, project and branch names.',
    );
  });

  it('says when no lich runs, and when one holds its port without answering', () => {
    expect(rageText({ path: 'x.tgz', version: '0.25.0', platform: 'linux/arm64', instance: 'none' }).split('\n')[1]).toBe('lich v0.25.0 on linux/arm64, not running.');
    expect(rageText({ ...report, instance: 'silent' }).split('\n')[1]).toBe('lich v0.25.0 on linux/amd64, running (pid 4242, port 47821) but not answering.');
  });
});

describe('the machine operations', () => {
  const machine = (checks: DoctorCheck[]): Machine => ({
    doctor: async (o) => ({ version: o.version, platform: 'linux/amd64', checks, totalMs: 1 }),
    rage: async (o) => ({ path: o.output || 'default.tar.gz', version: o.version, platform: 'linux/amd64', instance: 'none' }),
  });

  it('exits 1 from doctor when a check failed, carrying the whole report and no failure line', async () => {
    const ctx = createContext({ surface: 'cli', env: {}, machine: async () => machine([row('listener', 'fail', 0, 'port 1 is taken')]) });
    const outcome = await runOperation(ctx, 'doctor', {});
    expect(outcome.exit).toBe(1);
    expect(outcome.failure).toBeUndefined();
    expect(renderText('cli', outcome)).toContain('  fail  listener     <1ms  port 1 is taken');
  });

  it('leaves the exit to the contract when nothing failed', async () => {
    const ctx = createContext({ surface: 'cli', env: {}, machine: async () => machine([row('gh', 'warn', 0, 'not on PATH')]) });
    expect((await runOperation(ctx, 'doctor', {})).exit).toBeUndefined();
  });

  it('hands rage the output path and the environment, and refuses where there is no machine to read', async () => {
    const seen: unknown[] = [];
    const ctx = createContext({
      surface: 'cli',
      env: { HOME: '/h' },
      machine: async () => ({ ...machine([]), rage: async (o) => (seen.push(o), machine([]).rage(o)) }),
    });
    expect((await runOperation(ctx, 'rage', { output: '/tmp/r.tgz' })).output.path).toBe('/tmp/r.tgz');
    expect(seen).toEqual([expect.objectContaining({ output: '/tmp/r.tgz', env: { HOME: '/h' } })]);
    const mcp = createContext({ surface: 'mcp', env: {} });
    await expect(runOperation(mcp, 'doctor', {})).rejects.toThrow('this surface cannot read the machine: run lich doctor and lich rage from a shell');
  });
});
