#!/usr/bin/env node
// `node tools/agents/install.mjs [kind…]`: puts the pinned real clients (clients.mjs) into the
// cache if missing. One line per client; when one cannot be installed, one `real agents: …` line
// on stderr and exit 1 — the tier never passes by skipping. Run by `.ci/run` before the tier and
// by the tier's global setup.
import { CLIENTS, InstallError, KINDS, cacheRoot, ensureInstalled } from './clients.mjs';

const kinds = process.argv.length > 2 ? process.argv.slice(2) : KINDS;
for (const k of kinds) {
  if (!CLIENTS[k]) {
    process.stderr.write(`real agents: no client for kind ${JSON.stringify(k)}; the tier has ${KINDS.join(', ')}\n`);
    process.exit(1);
  }
}
try {
  const done = await ensureInstalled(kinds, { log: (l) => process.stderr.write(`real agents: ${l}\n`) });
  for (const d of done) {
    const c = CLIENTS[d.kind];
    process.stdout.write(`real agents: ${c.pkg}@${c.version} ${d.installed ? `installed (${(d.ms / 1000).toFixed(1)} s)` : 'already in'} ${cacheRoot()}/${c.dir}\n`);
  }
} catch (err) {
  process.stderr.write(`${err instanceof InstallError ? err.message : `real agents: ${err?.message ?? err}`}\n`);
  process.exit(1);
}
