/**
 * The spec the code cites (`spec/cli.md`, `spec/mod-control.md`, `spec/opencode-tools.md`) and
 * the notes beside it (`wire.md`, `real-agents.md`, `lich-plugin-modules.md`) are vendored under
 * `docs/spec/`, so a clone without the sibling `shared/` directory still has them. Where that
 * sibling exists, no copy may have drifted from it by a single byte — the same rule as the
 * upstream fixtures (packages/server/src/hooks/fixtures.test.ts).
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const repo = join(dirname(fileURLToPath(import.meta.url)), '../..');
const copies = join(repo, 'docs/spec');
const shared = join(repo, '../shared');

/** Each vendored file → its source, relative to `../shared/`. */
const SOURCES: Readonly<Record<string, string>> = {
  'cli.md': 'spec/cli.md',
  'mod-control.md': 'spec/mod-control.md',
  'opencode-tools.md': 'spec/opencode-tools.md',
  'wire.md': 'wire.md',
  'real-agents.md': 'real-agents.md',
  'lich-plugin-modules.md': 'lich-plugin-modules.md',
};
const hasShared = Object.values(SOURCES).every((source) => existsSync(join(shared, source)));

describe('the spec vendored under docs/spec', () => {
  it('holds the three spec documents and the three notes', () => {
    for (const file of Object.keys(SOURCES)) {
      expect(existsSync(join(copies, file)), `docs/spec/${file} is missing`).toBe(true);
      expect(readFileSync(join(copies, file), 'utf8').trim()).not.toBe('');
    }
  });

  it.skipIf(!hasShared)(
    hasShared
      ? 'is byte-identical to ../shared/spec/*.md and ../shared/*.md beside the repository'
      : 'is byte-identical to ../shared (skipped: no ../shared/spec and ../shared/wire.md beside this clone to compare with)',
    () => {
      for (const [file, source] of Object.entries(SOURCES)) {
        const same = readFileSync(join(copies, file)).equals(readFileSync(join(shared, source)));
        expect(same, `docs/spec/${file} differs from ../shared/${source}: copy it again, never edit it`).toBe(true);
      }
    },
  );
});
