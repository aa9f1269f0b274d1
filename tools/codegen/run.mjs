// Entry of `npm run codegen` and `npm run codegen:check`: bundles tools/codegen/src/main.ts with
// esbuild (dependencies stay external and load from node_modules) and runs it. The bundle lives in
// node_modules/.cache so bare imports in it resolve from the repository's node_modules.
import { build } from 'esbuild';
import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const outfile = join(root, 'node_modules', '.cache', 'lich-codegen', `main-${process.pid}.mjs`);
mkdirSync(dirname(outfile), { recursive: true });

await build({
  entryPoints: [join(root, 'tools', 'codegen', 'src', 'main.ts')],
  outfile,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  logLevel: 'warning',
});

let code = 1;
try {
  const { main } = await import(pathToFileURL(outfile).href);
  code = await main(process.argv.slice(2), root);
} finally {
  const { rmSync } = await import('node:fs');
  rmSync(outfile, { force: true });
}
process.exitCode = code;
