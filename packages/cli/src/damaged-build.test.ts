// A lich whose build was cut short (an interrupted install or `npm run build`) says so in one
// `lich:` line and exits 1, never with a stack trace: the bin's own bundle, and the command table
// it loads. Runs the real bin over a copy of the real dist/ (npm test builds first), damaged.
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';

const CLI = fileURLToPath(new URL('..', import.meta.url));
let dirs: string[] = [];

/** A copy of packages/cli/{bin,dist} in a temp folder, with `damage` applied to its dist. */
function damagedCopy(damage: (dist: string) => void): string {
  const dir = mkdtempSync(join(tmpdir(), 'lich-damaged-'));
  dirs.push(dir);
  cpSync(join(CLI, 'bin'), join(dir, 'bin'), { recursive: true });
  cpSync(join(CLI, 'dist'), join(dir, 'dist'), { recursive: true });
  damage(join(dir, 'dist'));
  return join(dir, 'bin/lich.js');
}

function halve(file: string): void {
  const text = readFileSync(file, 'utf8');
  writeFileSync(file, text.slice(0, Math.floor(text.length / 2)));
}

function run(bin: string, args: string[]) {
  const env = { ...process.env, LICH_PORT: '1', LICH_TOKEN: 'x' };
  return spawnSync(process.execPath, [bin, ...args], { encoding: 'utf8', env, timeout: 30_000 });
}

afterEach(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  dirs = [];
});

describe('a lich whose build was cut short', () => {
  it('says its bundle will not load in one line and exits 1 when dist/lich.cjs is truncated', () => {
    const bin = damagedCopy((dist) => halve(join(dist, 'lich.cjs')));
    const r = run(bin, ['version']);
    expect(r.status).toBe(1);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(/^lich: this lich's build will not load \(.+\): run npm run build in a checkout, or reinstall @lich\/cli\n$/);
  });

  it('says its command table will not load in one line and exits 1 when the table is truncated', () => {
    const bin = damagedCopy((dist) => {
      const chunk = readdirSync(join(dist, 'chunks')).find((f) => f.endsWith('.cjs'))!;
      halve(join(dist, 'chunks', chunk));
    });
    const r = run(bin, ['send', 'someone', 'hello']);
    expect(r.status).toBe(1);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(/^lich: this lich's build will not load \(.+\): run npm run build in a checkout, or reinstall @lich\/cli\n$/);
  });
});
