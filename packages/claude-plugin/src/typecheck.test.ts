/**
 * The hooks module type-checks against the declarations Claude Code writes for a plugin
 * (packages/claude-plugin/tsconfig.json over the vendored types/claude-code; the real-agents tier
 * checks it against the file the pinned Claude Code writes, and that the vendored copy matches).
 * `npm test` runs this; `npm run typecheck` runs the same program.
 */
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));

it('the hooks module type-checks against Claude Code’s declarations, with no Node and no DOM', async () => {
  const r = await new Promise<{ code: number; out: string }>((resolve) =>
    execFile(process.execPath, [join(ROOT, 'node_modules/typescript/bin/tsc'), '-p', join(ROOT, 'packages/claude-plugin/tsconfig.json')], (err, stdout, stderr) =>
      resolve({ code: err ? Number(err.code ?? 1) : 0, out: stdout + stderr }),
    ),
  );
  expect(r.out).toBe('');
  expect(r.code).toBe(0);
});
