/**
 * How the built-in `omp` kind (oh-my-pi) gets lich's tools and reports (real-agents.md § 7.5):
 * lich's omp extension (packages/omp-extension, built to `<cli>/dist/omp-extension.mjs`) goes on
 * omp's own command line, `--extension <file>`, at every start — birth and resume — so nothing is
 * written into the user's `~/.omp` or the repository, and the user's own extensions still load
 * beside it (`--no-extensions` is never passed).
 *
 * Inside the session the extension reports `/session-start` (omp's conversation id, which
 * `omp -r <id>` resumes), busy, done and waiting, and registers lich's fourteen session tools as
 * omp function tools, which shell out to `LICH_BIN`. omp has no MCP flag — its MCP servers come
 * only from files (`~/.omp/agent/mcp.json`, `.omp/mcp.json`) — and with its default `tools.xdev`
 * an MCP tool is not a function tool at all, so the tools ride the extension instead.
 */
import { realpathSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';

/** The extension's file name in the CLI's `dist/` (tools/build.mjs). */
export const OMP_EXTENSION_FILE = 'omp-extension.mjs';

/**
 * The omp extension that ships with the lich at `bin` (`LICH_BIN`, `<cli>/bin/lich.js`):
 * `<cli>/dist/omp-extension.mjs`, beside the CLI's bundles, through a link on PATH as the Codex
 * hook script is. `""` when `bin` is `""` or the file is not there (not built).
 */
export function ompExtension(bin: string): string {
  if (bin === '') return '';
  let real = bin;
  try {
    real = realpathSync(bin);
  } catch {
    // A bin that does not exist finds no extension below.
  }
  const file = join(dirname(real), '..', 'dist', OMP_EXTENSION_FILE);
  try {
    return statSync(file).isFile() ? file : '';
  } catch {
    return '';
  }
}
