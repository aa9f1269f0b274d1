#!/usr/bin/env node
// The `lich` bin: everything is in the bundle tools/build.mjs writes (npm run build).
import { existsSync } from 'node:fs';

const bundle = new URL('../dist/lich.mjs', import.meta.url);
if (!existsSync(bundle)) {
  process.stderr.write('lich: this checkout is not built: run npm run build\n');
  process.exit(1);
}
await import(bundle.href);
