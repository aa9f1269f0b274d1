/**
 * The bundle's entry (packages/cli/dist/lich.mjs): the one module that reads `process`. It hands
 * the dispatcher the environment and the standard streams, and makes `lich … | head -1` end
 * quietly: a reader that went away is not an error to print a stack trace for.
 */
import { fileURLToPath } from 'node:url';
import { main } from './main.js';

for (const stream of [process.stdout, process.stderr]) {
  stream.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code === 'EPIPE') process.exit(process.exitCode ?? 0);
    throw error;
  });
}

process.exitCode = await main({
  argv: process.argv.slice(2),
  env: process.env,
  // Touching process.stdin sets up a handle for it; only `lich mcp` reads it.
  get stdin() {
    return process.stdin;
  },
  stdout: process.stdout,
  stderr: process.stderr,
  bin: fileURLToPath(new URL('../bin/lich.js', import.meta.url)),
  distDir: new URL('./', import.meta.url),
});
