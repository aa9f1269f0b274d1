// issue 14, item 8: a native module built for another Node.js failed in Node's five lines, whose
// first line (all a `lich: …` line or a doctor finding kept) names neither the package nor the
// fix. The errors here are the real loader's, of a real module.
import { createRequire } from 'node:module';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nativeModuleFailure } from './native-module.js';
import { compileForeignAddon, FOREIGN_MODULE_VERSION } from './testing/native-addon.js';

let dir: string;
const load = (file: string): unknown => {
  try {
    createRequire(import.meta.url)(file);
  } catch (error) {
    return error;
  }
  throw new Error(`${file} loaded`);
};

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'lich-native-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('nativeModuleFailure', () => {
  it('words a module built for another Node.js as one line naming the package and npm rebuild where it is installed', () => {
    const release = join(dir, 'node_modules', 'better-sqlite3', 'build', 'Release');
    mkdirSync(release, { recursive: true });
    const file = join(release, 'better_sqlite3.node');
    compileForeignAddon(file);
    const error = load(file) as Error;
    expect(error.message.split('\n')).toHaveLength(5);
    expect(nativeModuleFailure(error)).toBe(
      `better-sqlite3 was built for another Node.js (NODE_MODULE_VERSION ${FOREIGN_MODULE_VERSION}) than this node ${process.version} (NODE_MODULE_VERSION ${process.versions.modules}) — run npm rebuild better-sqlite3 in ${dir}, or run lich with the node it was installed with`,
    );
  });

  it('words any other dlopen failure with the loader’s reason and the rebuild, a scoped package included', () => {
    const release = join(dir, 'node_modules', '@scope', 'pty', 'build');
    mkdirSync(release, { recursive: true });
    const file = join(release, 'pty.node');
    writeFileSync(file, 'not an ELF file');
    const line = nativeModuleFailure(load(file));
    expect(line).toMatch(new RegExp(`^@scope/pty's native module ${file.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')} will not load \\(.+\\) — run npm rebuild @scope/pty in ${dir.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}$`));
    expect(line).not.toContain('\n');
  });

  it('leaves every other error alone', () => {
    expect(nativeModuleFailure(new Error('database is locked'))).toBeUndefined();
    expect(nativeModuleFailure(load(join(dir, 'missing.node')))).toBeUndefined();
  });
});
