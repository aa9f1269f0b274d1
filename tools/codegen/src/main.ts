/**
 * `npm run codegen` / `npm run codegen:check` (run through tools/codegen/run.mjs).
 *
 *   codegen [--check] [--contracts <dir>] [--out <dir>]
 *
 * Without --check it writes every generated file whose contents changed and deletes the files
 * under the output directory it no longer generates. With --check it regenerates in memory,
 * writes nothing, and exits 1 listing every file that differs, is missing or is extra.
 */
import { mkdirSync, readFileSync, readdirSync, rmSync, rmdirSync, writeFileSync } from 'node:fs';
import { dirname, join, posix, relative, resolve, sep } from 'node:path';
import { generate } from './generate';
import { ContractError, loadContracts } from './load';
import type { Files } from './model';

/** Files under the output directory that codegen does not write and must never delete. */
const KEPT = new Set(['package.json']);

export interface Drift {
  changed: string[];
  missing: string[];
  extra: string[];
}

/** Every file under `dir` (relative, '/'-separated), minus {@link KEPT}. */
function listFiles(dir: string): string[] {
  const out: string[] = [];
  const walk = (sub: string) => {
    let entries;
    try {
      entries = readdirSync(join(dir, sub), { withFileTypes: true });
    } catch {
      return;
    }
    for (const entry of entries) {
      const path = sub === '' ? entry.name : `${sub}/${entry.name}`;
      if (entry.isDirectory()) {
        if (entry.name !== 'node_modules') walk(path);
      } else if (!KEPT.has(path)) out.push(path);
    }
  };
  walk('');
  return out.sort();
}

/** How the files on disk under `outDir` differ from `files`. */
export function diffGenerated(outDir: string, files: Files): Drift {
  const onDisk = new Set(listFiles(outDir));
  const drift: Drift = { changed: [], missing: [], extra: [] };
  for (const [path, contents] of Object.entries(files)) {
    if (!onDisk.has(path)) drift.missing.push(path);
    else if (readFileSync(join(outDir, path), 'utf8') !== contents) drift.changed.push(path);
    onDisk.delete(path);
  }
  drift.extra = [...onDisk].sort();
  return drift;
}

/**
 * Brings `outDir` to exactly `files` (plus the kept files); returns what it changed. A directory
 * a removed file leaves empty goes too (`cli/commands/` once its classes moved into
 * `cli/commands.ts`): git does not track it, and a reader should not find it beside the module.
 */
export function writeGenerated(outDir: string, files: Files): Drift {
  const drift = diffGenerated(outDir, files);
  for (const path of [...drift.missing, ...drift.changed]) {
    mkdirSync(dirname(join(outDir, path)), { recursive: true });
    writeFileSync(join(outDir, path), files[path]!);
  }
  for (const path of drift.extra) {
    rmSync(join(outDir, path));
    for (let dir = posix.dirname(path); dir !== '.'; dir = posix.dirname(dir)) {
      if (readdirSync(join(outDir, dir)).length > 0) break;
      rmdirSync(join(outDir, dir));
    }
  }
  return drift;
}

function option(argv: string[], name: string, fallback: string): string {
  const i = argv.indexOf(name);
  if (i < 0) return fallback;
  const value = argv[i + 1];
  if (value === undefined) throw new Error(`${name} needs a directory`);
  return value;
}

/**
 * Runs codegen. Returns the exit code: 0 done (or, with --check, nothing drifted), 1 drift or
 * invalid contracts. Messages go to `log` (stdout) and `fail` (stderr).
 */
export async function main(
  argv: string[],
  root: string,
  log: (line: string) => void = (line) => process.stdout.write(`${line}\n`),
  fail: (line: string) => void = (line) => process.stderr.write(`${line}\n`),
): Promise<number> {
  const check = argv.includes('--check');
  const contractsDir = option(argv, '--contracts', 'contracts');
  const outDir = resolve(root, option(argv, '--out', 'generated'));
  const shown = relative(root, outDir).split(sep).join(posix.sep) || '.';
  let files: Files;
  try {
    files = await generate(loadContracts(root, contractsDir));
  } catch (error) {
    if (error instanceof ContractError) {
      fail(`codegen: ${error.message}`);
      return 1;
    }
    throw error;
  }
  if (check) {
    const drift = diffGenerated(outDir, files);
    const lines = [
      ...drift.changed.map((p) => `  differs: ${shown}/${p}`),
      ...drift.missing.map((p) => `  missing: ${shown}/${p}`),
      ...drift.extra.map((p) => `  extra:   ${shown}/${p}`),
    ];
    if (lines.length === 0) {
      log(`codegen: ${shown}/ is up to date (${Object.keys(files).length} files).`);
      return 0;
    }
    fail(`codegen: ${shown}/ does not match the contracts — run \`npm run codegen\` and commit the result:\n${lines.join('\n')}`);
    return 1;
  }
  const drift = writeGenerated(outDir, files);
  const touched = drift.changed.length + drift.missing.length + drift.extra.length;
  log(
    touched === 0
      ? `codegen: ${shown}/ was already up to date (${Object.keys(files).length} files).`
      : `codegen: wrote ${drift.changed.length + drift.missing.length} and removed ${drift.extra.length} of ${Object.keys(files).length} files in ${shown}/.`,
  );
  return 0;
}
