/**
 * How the built-in `omp` kind (oh-my-pi) gets lich's tools and reports (real-agents.md § 7.5):
 * lich's omp extension (packages/omp-extension, built to `<cli>/dist/omp-extension.mjs`) goes on
 * omp's own command line, `--extension <file>`, at every start — birth and resume — so nothing is
 * written into the user's `~/.omp` or the repository, and the user's own extensions still load
 * beside it (`--no-extensions` is never passed). With it goes lich's settings overlay (`--config`,
 * {@link OMP_OVERLAY_FILE}), laid over the user's settings for that session only.
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
 * lich's settings overlay's file name beside it (`omp --config <file>`, packages/omp-extension/
 * overlay.yml): omp's large-paste menu off, so a task of 100 lines or more lich types is submitted
 * rather than answered by the menu's first choice.
 */
export const OMP_OVERLAY_FILE = 'omp-overlay.yml';

/**
 * The omp extension that ships with the lich at `bin` (`LICH_BIN`, `<cli>/bin/lich.js`):
 * `<cli>/dist/omp-extension.mjs`, beside the CLI's bundles, through a link on PATH as the Codex
 * hook script is. `""` when `bin` is `""` or the file is not there (not built).
 */
export function ompExtension(bin: string): string {
  return besideTheCli(bin, OMP_EXTENSION_FILE);
}

/** lich's settings overlay for omp, beside the extension ({@link OMP_OVERLAY_FILE}); `""` when it is not there. */
export function ompOverlay(bin: string): string {
  return besideTheCli(bin, OMP_OVERLAY_FILE);
}

/** `<cli>/dist/<name>` of the lich at `bin`, through a link on PATH; `""` when `bin` is `""` or no such file is there. */
function besideTheCli(bin: string, name: string): string {
  if (bin === '') return '';
  let real = bin;
  try {
    real = realpathSync(bin);
  } catch {
    // A bin that does not exist finds nothing below.
  }
  const file = join(dirname(real), '..', 'dist', name);
  try {
    return statSync(file).isFile() ? file : '';
  } catch {
    return '';
  }
}
