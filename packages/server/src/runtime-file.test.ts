import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { pidAlive, readRuntimeFile, removeRuntimeFile, runtimeFileName, writeRuntimeFile } from './runtime-file.js';
import { tempLich, type TempLich } from './testing.js';

let dirs: TempLich;
beforeEach(() => {
  dirs = tempLich();
  mkdirSync(dirs.configDir, { recursive: true });
});
afterEach(() => dirs.cleanup());

describe('runtime file', () => {
  it('is runtime.json, or runtime-dev.json under a non-empty LICH_DEV', () => {
    expect(runtimeFileName({})).toBe('runtime.json');
    expect(runtimeFileName({ LICH_DEV: '' })).toBe('runtime.json');
    expect(runtimeFileName({ LICH_DEV: '1' })).toBe('runtime-dev.json');
  });

  it('reads nothing from a missing file, and says so for one it cannot parse', () => {
    const file = join(dirs.configDir, 'runtime.json');
    expect(readRuntimeFile(file)).toBeUndefined();
    writeFileSync(file, '{');
    expect(() => readRuntimeFile(file)).toThrow(/^parse runtime file: /);
  });

  it('is removed only while it still names this launch', () => {
    const file = join(dirs.configDir, 'runtime.json');
    writeRuntimeFile(file, { pid: 1, port: 2, token: 'a' });
    removeRuntimeFile(file, { pid: 1, port: 2, token: 'b' });
    expect(readRuntimeFile(file)).toEqual({ pid: 1, port: 2, token: 'a' });
    removeRuntimeFile(file, { pid: 1, port: 2, token: 'a' });
    expect(readRuntimeFile(file)).toBeUndefined();
  });

  it('tells a live pid from a dead one', () => {
    expect(pidAlive(process.pid)).toBe(true);
    expect(pidAlive(0)).toBe(false);
    expect(pidAlive(2 ** 22 + 12345)).toBe(false);
  });
});
