import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SETTINGS_FILE, subagentCardsSetting } from './settings.js';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'lich-settings-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('the subagentCards setting', () => {
  it('is on with no settings file and with the key absent, and off only when false', () => {
    expect(subagentCardsSetting(dir)).toBe(true);
    writeFileSync(join(dir, SETTINGS_FILE), JSON.stringify({ sandbox: 'off' }));
    expect(subagentCardsSetting(dir)).toBe(true);
    writeFileSync(join(dir, SETTINGS_FILE), JSON.stringify({ subagentCards: false }));
    expect(subagentCardsSetting(dir)).toBe(false);
  });

  it('refuses a value that is not true or false in one line naming the file', () => {
    writeFileSync(join(dir, SETTINGS_FILE), JSON.stringify({ subagentCards: 'off' }));
    expect(() => subagentCardsSetting(dir)).toThrow(`${join(dir, SETTINGS_FILE)}: "subagentCards" must be true or false — fix the file`);
  });
});
