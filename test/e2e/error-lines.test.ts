// issue 14, item 8: a method that fails unexpectedly (not a refusal) printed a JS stack on the
// backend's stderr (`spawn.Open failed: … at …`, ten frames), and its message reached the caller
// as it was. Stacks belong in lich.log only: the backend's stderr keeps one line of the entry
// and says where the rest went, and the caller reads one line. The failure here is a real one:
// a file where the sandbox's private homes should be made.

import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startChildBackend, type ChildBackend } from './child-backend.js';

let home: string;
let b: ChildBackend;

beforeAll(async () => {
  home = mkdtempSync(join(tmpdir(), 'lich-error-lines-'));
  mkdirSync(join(home, 'config', 'lich'), { recursive: true });
  writeFileSync(join(home, 'config', 'lich', 'settings.json'), JSON.stringify({ sandbox: 'everywhere' }));
  b = await startChildBackend(home);
  writeFileSync(join(b.dataDir, 'sandbox'), 'a file where a directory belongs\n');
});

afterAll(async () => {
  await b?.quit();
  rmSync(home, { recursive: true, force: true });
});

describe('a method that fails unexpectedly', () => {
  it('is one line for the caller, one line on the backend’s stderr, and its stack in lich.log', async () => {
    const project = join(home, 'proj');
    mkdirSync(project);
    const r = await b.lich(['open', '--project', project, '--kind', 'shell']);
    expect(r.code).toBe(1);
    expect(r.stderr.split('\n')).toHaveLength(2);
    expect(r.stderr).toMatch(/^lich: ENOTDIR: not a directory, mkdir '.+'\n$/);
    const stderr = b.stderr().split('\n').filter((l) => l.includes('spawn.Open failed'));
    expect(stderr).toHaveLength(1);
    expect(stderr[0]).toMatch(new RegExp(`^spawn\\.Open failed: ENOTDIR: not a directory, mkdir '.+' \\(the rest is in ${join(b.configDir, 'lich.log').replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}\\)$`));
    expect(b.stderr()).not.toMatch(/^\s+at /m);
    const log = readFileSync(join(b.configDir, 'lich.log'), 'utf8');
    expect(log).toMatch(/spawn\.Open failed: ENOTDIR[^\n]*\n[^\n]*ENOTDIR[^\n]*\n\s+at /);
  });
});
