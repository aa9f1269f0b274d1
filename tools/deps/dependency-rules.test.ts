/**
 * The dependency rules of `npm run check` (.dependency-cruiser.cjs; docs/architecture.md § Build and run)
 * are only as good as their patterns: a rule whose path stops matching passes everything in
 * silence. So the config is run, through dependency-cruiser's own command line, against a
 * fixture tree (fixtures/layout/) with one deliberately wrong import per rule and a handful of
 * imports the rules must allow — and then against the repository itself.
 */
import { execFile } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const root = join(dirname(fileURLToPath(import.meta.url)), '../..');
const depcruise = join(root, 'node_modules/dependency-cruiser/bin/dependency-cruise.mjs');
const config = join(root, '.dependency-cruiser.cjs');

interface Violation {
  rule: string;
  from: string;
  to: string;
}

/** Runs depcruise with the repository's config in `cwd` over `dirs`; the violations it reports. */
async function cruise(cwd: string, dirs: string[]): Promise<{ violations: Violation[]; modules: number }> {
  const { stdout } = await promisify(execFile)(process.execPath, [depcruise, '--config', config, '--output-type', 'json', ...dirs], {
    cwd,
    maxBuffer: 256 * 1024 * 1024,
  }).catch((error: { stdout?: string; code?: number }) => {
    // depcruise exits non-zero when it finds violations; its report is on stdout all the same.
    if (typeof error.stdout === 'string' && error.stdout.startsWith('{')) return { stdout: error.stdout };
    throw error;
  });
  const report = JSON.parse(stdout) as {
    summary: { violations: Array<{ rule: { name: string }; from: string; to: string }>; totalCruised: number };
  };
  return {
    violations: report.summary.violations.map((v) => ({ rule: v.rule.name, from: v.from, to: v.to })),
    modules: report.summary.totalCruised,
  };
}

describe('the dependency rules', () => {
  it('refuse each deliberately wrong import of the fixture tree, and nothing else there', async () => {
    const { violations } = await cruise(join(root, 'tools/deps/fixtures/layout'), ['packages', 'generated', 'tools', 'test', 'contracts']);
    const line = (v: Violation) => `${v.rule}: ${v.from} → ${v.to}`;
    expect(violations.map(line).sort()).toEqual(
      [
        // A circle, even one of two modules.
        'no-circular: packages/core/src/circle-a.ts → packages/core/src/circle-b.ts',
        // No client package imports the backend.
        'no-client-imports-server: packages/core/src/wrong-imports-server.ts → packages/server/src/relay/relay.ts',
        'no-client-imports-server: packages/cli/src/wrong-imports-server.ts → packages/server/src/relay/relay.ts',
        'no-client-imports-server: generated/wrong-imports-server.ts → packages/server/src/relay/relay.ts',
        // core is the base.
        'core-is-the-base: packages/core/src/wrong-imports-server.ts → packages/server/src/relay/relay.ts',
        'core-is-the-base: packages/core/src/wrong-imports-cli.ts → packages/cli/src/lich-command.ts',
        'core-reads-only-generated-data: packages/core/src/wrong-imports-generated-table.ts → generated/cli/commands.ts',
        // The backend is not a surface, and the surfaces stay apart.
        'server-is-not-a-surface: packages/server/src/wrong-imports-cli.ts → packages/cli/src/lich-command.ts',
        'surfaces-apart: packages/mcp/src/wrong-imports-cli.ts → packages/cli/src/lich-command.ts',
        // Generated code is a leaf: it imports nothing of ours but its own files, core included.
        'generated-is-a-leaf: generated/wrong-imports-core.ts → packages/core/src/ok.ts',
        'generated-is-a-leaf: generated/wrong-imports-mcp.ts → packages/mcp/src/table.ts',
        'generated-is-a-leaf: generated/wrong-imports-server.ts → packages/server/src/relay/relay.ts',
        // Upstream stays upstream: codegen does not read what it writes, the code does not read contracts/.
        'codegen-is-upstream: tools/codegen/src/wrong-imports-generated.ts → generated/types.ts',
        'contracts-are-read-by-codegen: packages/server/src/wrong-reads-contract.ts → contracts/operations/send.json',
        // Shipped code does not lean on test helpers, and every import resolves.
        'shipped-code-imports-no-test-code: packages/core/src/wrong-imports-test-helper.ts → packages/core/src/testing/fake.ts',
        'not-to-unresolvable: packages/core/src/wrong-imports-nothing.ts → ./gone.js',
      ].sort(),
    );
  });

  it('hold over the repository itself', async () => {
    const { violations, modules } = await cruise(root, ['packages', 'generated', 'tools', 'test', 'examples']);
    expect(modules).toBeGreaterThan(300);
    expect(violations).toEqual([]);
  });
});
