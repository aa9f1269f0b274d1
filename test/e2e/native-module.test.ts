// issue 14, item 8: under another Node.js major, `lich --no-window` exited with Node's five-line
// message about the native module, and `lich doctor`'s store line kept only its first line
// ("The module '…'"), dropping the fix. Here a copy of the built lich runs against a
// node_modules whose better-sqlite3 holds a real module built for another NODE_MODULE_VERSION
// (compiled on the spot, packages/core/src/testing/native-addon.ts): what a lich installed
// under Node 18 and run under this node finds. Each failure is one line naming `npm rebuild`;
// Node's own words are kept in lich.log.

import { execFile } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compileForeignAddon, FOREIGN_MODULE_VERSION } from '../../packages/core/src/testing/native-addon.js';
import { ROOT, baseEnv, type Run } from './harness.js';

let install: string;
let home: string;

beforeAll(() => {
  install = mkdtempSync(join(tmpdir(), 'lich-foreign-install-'));
  home = mkdtempSync(join(tmpdir(), 'lich-foreign-home-'));
  cpSync(join(ROOT, 'packages/cli/bin'), join(install, 'packages/cli/bin'), { recursive: true });
  cpSync(join(ROOT, 'packages/cli/dist'), join(install, 'packages/cli/dist'), { recursive: true });
  mkdirSync(join(install, 'node_modules'));
  for (const name of readdirSync(join(ROOT, 'node_modules'))) {
    if (name === 'better-sqlite3') continue;
    symlinkSync(join(ROOT, 'node_modules', name), join(install, 'node_modules', name));
  }
  const sqlite = join(install, 'node_modules', 'better-sqlite3');
  cpSync(join(ROOT, 'node_modules/better-sqlite3'), sqlite, {
    recursive: true,
    filter: (src) => !src.includes(`${join('build', 'Release')}/obj`) && !src.endsWith('.a') && !src.includes('/deps/'),
  });
  compileForeignAddon(join(sqlite, 'build/Release/better_sqlite3.node'));
});

afterAll(() => {
  rmSync(install, { recursive: true, force: true });
  rmSync(home, { recursive: true, force: true });
});

function lich(args: string[]): Promise<Run> {
  const env = { ...baseEnv(), XDG_CONFIG_HOME: join(home, 'config'), XDG_DATA_HOME: join(home, 'data'), LICH_LISTEN_PORT: '0' };
  return new Promise((done) => {
    execFile(process.execPath, [join(install, 'packages/cli/bin/lich.js'), ...args], { env, timeout: 60_000 }, (err, stdout, stderr) => {
      done({ code: err ? (typeof err.code === 'number' ? err.code : null) : 0, stdout, stderr });
    });
  });
}

const fix = () =>
  `better-sqlite3 was built for another Node.js (NODE_MODULE_VERSION ${FOREIGN_MODULE_VERSION}) than this node ${process.version} (NODE_MODULE_VERSION ${process.versions.modules}) — run npm rebuild better-sqlite3 in ${install}, or run lich with the node it was installed with`;

describe('a lich whose better-sqlite3 was built for another Node.js', () => {
  it('lich --no-window fails in one lich: line naming npm rebuild, and keeps Node’s words in lich.log', async () => {
    const r = await lich(['--no-window']);
    expect(r.code).toBe(1);
    expect(r.stdout).toBe('');
    expect(r.stderr).toBe(`lich: ${fix()}\n`);
    const log = readFileSync(join(home, 'config/lich/lich.log'), 'utf8');
    expect(log).toContain('was compiled against a different Node.js version using');
  });

  it('lich doctor’s store and sqlite lines each carry the fix whole', async () => {
    const r = await lich(['doctor']);
    expect(r.code).toBe(1);
    const lines = r.stdout.split('\n');
    const store = lines.find((l) => /^\s+fail\s+store\b/.test(l));
    const sqlite = lines.find((l) => /^\s+fail\s+sqlite\b/.test(l));
    expect(store).toContain(`will not open: ${fix()}`);
    expect(sqlite).toContain(`will not open a database: ${fix()}`);
  });
});
