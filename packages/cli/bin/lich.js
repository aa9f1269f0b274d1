#!/usr/bin/env node
// The `lich` bin: everything is in the bundle tools/build.mjs writes (npm run build). CommonJS
// (bin/package.json) on purpose: an ES module here would make node start its ESM loader on every
// `lich` run, a quarter of node's own start-up.
'use strict';
const { join } = require('node:path');

const bundle = join(__dirname, '../dist/lich.cjs');
try {
  require.resolve(bundle);
} catch {
  process.stderr.write('lich: this checkout is not built: run npm run build\n');
  process.exit(1);
}
require(bundle);
