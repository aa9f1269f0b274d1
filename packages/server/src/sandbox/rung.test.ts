import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SpawnError } from '../errors.js';
import { confines, DEFAULT_RUNG, readRung } from './rung.js';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'lich-rung-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const write = (text: string) => writeFileSync(join(dir, 'settings.json'), text);

describe('readRung', () => {
  it('reads the sandbox key of settings.json, naming the file it read', () => {
    for (const rung of ['off', 'worktrees', 'everywhere', 'ask'] as const) {
      write(JSON.stringify({ theme: 'dark', sandbox: rung }));
      expect(readRung(dir)).toEqual({ rung, file: join(dir, 'settings.json') });
    }
  });

  it('is off when the file or the key is missing', () => {
    expect(DEFAULT_RUNG).toBe('off');
    expect(readRung(dir)).toEqual({ rung: 'off', file: join(dir, 'settings.json') });
    write('{"theme":"dark"}');
    expect(readRung(dir).rung).toBe('off');
  });

  it('refuses a value that is not a rung, naming the file and the rungs', () => {
    write('{"sandbox":"always"}');
    expect(() => readRung(dir)).toThrow(
      new SpawnError(`the sandbox setting in ${join(dir, 'settings.json')} is "always", which is not a rung — set it to one of "off", "worktrees", "everywhere", "ask"`),
    );
    write('{"sandbox":true}');
    expect(() => readRung(dir)).toThrow(/is true, which is not a rung/);
  });

  it('refuses a file that is not a JSON object rather than guessing', () => {
    write('{"sandbox":');
    expect(() => readRung(dir)).toThrow(new RegExp(`^${join(dir, 'settings.json')} is not valid JSON \\(.*\\), so the sandbox setting cannot be read — fix the file$`));
    write('["everywhere"]');
    expect(() => readRung(dir)).toThrow(`${join(dir, 'settings.json')} must hold a JSON object, so the sandbox setting cannot be read — fix the file`);
  });

  it("keeps the refusal of a hand-typed file on one line, though the parser quotes the file's own newlines", () => {
    write('{"sandbox": off}\n');
    expect(() => readRung(dir)).toThrow(/^[^\n]*is not valid JSON \([^\n]*\), so the sandbox setting cannot be read — fix the file$/);
  });

  it('is read afresh each time, so a change reaches the next open', () => {
    write('{"sandbox":"everywhere"}');
    expect(readRung(dir).rung).toBe('everywhere');
    write('{"sandbox":"off"}');
    expect(readRung(dir).rung).toBe('off');
  });
});

describe('confines', () => {
  it('confines under everywhere and ask always, under worktrees only on a worktree, and never when off', () => {
    expect([false, true].map((w) => confines('off', w))).toEqual([false, false]);
    expect([false, true].map((w) => confines('worktrees', w))).toEqual([false, true]);
    expect([false, true].map((w) => confines('everywhere', w))).toEqual([true, true]);
    expect([false, true].map((w) => confines('ask', w))).toEqual([true, true]);
  });
});
