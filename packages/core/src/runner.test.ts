import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isAbortError, LichError } from './errors.js';
import { runLich } from './runner.js';

let dir: string;
let bin: string;

// A stand-in lich: exits with the status named by its first argument, echoing what it got.
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'lich-runner-'));
  bin = join(dir, 'lich');
  writeFileSync(
    bin,
    `#!/usr/bin/env node
const [code, ...rest] = process.argv.slice(2);
let input = '';
process.stdin.on('data', (c) => (input += c));
process.stdin.on('end', () => {
  if (code === 'sleep') return setTimeout(() => {}, 60000);
  process.stdout.write(JSON.stringify({ rest, input, env: process.env.LICH_TEST ?? null }));
  if (code === '1') process.stderr.write('lich: nope\\n');
  process.exit(Number(code));
});
`,
  );
  chmodSync(bin, 0o755);
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('runLich', () => {
  it('runs the binary without a shell and reads the outcome off the exit status', async () => {
    const run = await runLich({ bin, argv: ['0', 'a b', '$HOME', '"q"'], env: { ...process.env, LICH_TEST: 'yes' } });
    expect(run.exit).toBe(0);
    expect(run.outcome).toBe('done');
    expect(JSON.parse(run.stdout)).toEqual({ rest: ['a b', '$HOME', '"q"'], input: '', env: 'yes' });
  });

  it('maps 2 to pending, 3 to no-answer and 1 to failed with the lich: line', async () => {
    expect((await runLich({ bin, argv: ['2'] })).outcome).toBe('pending');
    expect((await runLich({ bin, argv: ['3'] })).outcome).toBe('no-answer');
    const failed = await runLich({ bin, argv: ['1'] });
    expect(failed).toMatchObject({ exit: 1, outcome: 'failed', stderr: 'lich: nope\n' });
  });

  it('writes stdin to the child', async () => {
    const run = await runLich({ bin, argv: ['0'], stdin: 'from stdin' });
    expect(JSON.parse(run.stdout).input).toBe('from stdin');
  });

  it('kills the run when the signal fires', async () => {
    const controller = new AbortController();
    const pending = runLich({ bin, argv: ['sleep'], signal: controller.signal });
    setTimeout(() => controller.abort(), 200);
    await expect(pending).rejects.toSatisfy(isAbortError);
  });

  it('refuses an empty bin, and reports a binary that cannot start', async () => {
    await expect(runLich({ bin: '', argv: [] })).rejects.toThrow(LichError);
    await expect(runLich({ bin: join(dir, 'missing'), argv: [] })).rejects.toThrow(/^run .*missing: spawn .* ENOENT$/);
  });
});
