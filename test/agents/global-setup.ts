/**
 * Before the real-agents tier: the pinned clients must be in the cache (installed now if not),
 * and lich must be built (the sessions run the built CLI). When a client cannot be installed —
 * no registry — the tier fails here with the one line that says so: it never passes by skipping.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { InstallError, ensureInstalled } from '../../tools/agents/clients.mjs';
import { ROOT } from '../e2e/harness.js';

export default async function setup(): Promise<void> {
  try {
    await ensureInstalled(undefined, { log: (l) => process.stderr.write(`real agents: ${l}\n`) });
  } catch (err) {
    const line = err instanceof InstallError ? err.message : `real agents: ${(err as Error).message}`;
    process.stderr.write(`${line}\n`);
    throw new Error(line);
  }
  for (const f of ['packages/cli/dist/lich.cjs', 'packages/opencode-plugin/dist/index.js']) {
    if (!existsSync(join(ROOT, f))) throw new Error(`real agents: ${f} is missing — run npm run build first (npm run test:agents does)`);
  }
}
