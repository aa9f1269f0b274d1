/**
 * The repository's copy of the upstream contract fixtures (`contracts/fixtures/upstream/`) is the
 * one every test replays, so a clone without the sibling `shared/` directory still runs green.
 * Where that sibling exists, the copy must not have drifted from it by a single byte.
 */
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const repo = join(dirname(fileURLToPath(import.meta.url)), '../../../..');
const copy = join(repo, 'contracts/fixtures/upstream');
const upstream = join(repo, '../shared/fixtures');
const hasUpstream = existsSync(upstream);

describe('the upstream fixtures copied into the repository', () => {
  it('holds every hook and mod fixture, the README and where they come from', () => {
    const files = readdirSync(copy);
    for (const f of ['session-state.jsonl', 'session-start.jsonl', 'session-title.jsonl', 'session-touched.jsonl', 'mod-control.jsonl', 'mod-answer.jsonl', 'mod-usage.jsonl', 'mod-commands.json', 'README.md', 'SOURCE.md']) {
      expect(files).toContain(f);
    }
  });

  it.skipIf(!hasUpstream)(
    hasUpstream
      ? 'is byte-identical to every file of ../shared/fixtures beside the repository'
      : 'is byte-identical to ../shared/fixtures (skipped: no ../shared/fixtures beside this clone to compare with)',
    () => {
      const files = readdirSync(upstream);
      expect(files.length).toBeGreaterThan(0);
      for (const f of files) {
        expect(existsSync(join(copy, f)), `${f} is missing from contracts/fixtures/upstream`).toBe(true);
        expect(readFileSync(join(copy, f)).equals(readFileSync(join(upstream, f))), `${f} differs from ../shared/fixtures/${f}`).toBe(true);
      }
    },
  );
});
