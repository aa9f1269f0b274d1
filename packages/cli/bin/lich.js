#!/usr/bin/env node
// The `lich` bin: everything is in the bundle tools/build.mjs writes (npm run build) of
// packages/cli/src/main.ts, whose runProcess this calls. CommonJS (bin/package.json) on purpose:
// an ES module here would make node start its ESM loader on every `lich` run, a quarter of
// node's own start-up. The bundle is compiled through vm.Script with the
// V8 code cache the build made of it, named on its first line (`//lich:<hash>`); a cache that is
// missing, or one V8 rejects (another node), only costs the compile it would have saved.
'use strict';
const { readFileSync } = require('node:fs');
const { join } = require('node:path');
const { Script } = require('node:vm');

const dist = join(__dirname, '../dist');
const file = join(dist, 'lich.cjs');
let source;
try {
  source = readFileSync(file, 'utf8');
} catch {
  process.stderr.write('lich: this lich is not built: run npm run build in a checkout, or reinstall @lich/cli\n');
  process.exit(1);
}
const hash = /^\/\/lich:([0-9a-f]+)\n/.exec(source)?.[1];
let cachedData;
try {
  if (hash) cachedData = readFileSync(join(dist, `lich-${hash}.cache`));
} catch {
  // Compiled from source instead.
}
const bundle = { exports: {} };
try {
  const script = new Script(source, { filename: file, cachedData });
  script.runInThisContext().call(bundle.exports, bundle.exports, require, bundle, file, dist);
} catch (error) {
  // A bundle cut short or damaged (an interrupted install or build) is one line, not a stack.
  const reason = String(error instanceof Error ? error.message : error).split('\n')[0];
  process.stderr.write(`lich: this lich's build will not load (${reason}): run npm run build in a checkout, or reinstall @lich/cli\n`);
  process.exit(1);
}
// Evaluating the bundle runs nothing: its entry (packages/cli/src/main.ts runProcess) is called
// here. The bundle imports `lich mcp`'s and the backend's ES modules through the import() handed
// in: an import() inside a vm.Script has no loader on node 20 (and the experimental one warns on
// stderr).
if (typeof bundle.exports.runProcess !== 'function') {
  process.stderr.write("lich: this lich's build is out of date: run npm run build in a checkout, or reinstall @lich/cli\n");
  process.exit(1);
}
bundle.exports.runProcess({ bin: __filename, distDir: dist, importModule: (url) => import(url) });
