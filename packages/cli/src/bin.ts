/**
 * The bundle's entry (packages/cli/dist/lich.cjs): the one module that reads `process`. It hands
 * the dispatcher the environment and the standard streams, and keeps a failed write to them to
 * the rule every failure follows (spec/cli.md § Commands: one `lich: …` line on stderr, exit 1):
 * - a reader that went away (EPIPE, `lich … | head -1`) ends the run quietly, with the status
 *   it had;
 * - any other failure to write stdout (`lich sessions > /dev/full`: ENOSPC) is
 *   `lich: write the output: <reason>` on stderr and exit 1, never a stack trace;
 * - a stderr that cannot be written either has nowhere to say so: exit 1.
 */
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { getSystemErrorMap } from 'node:util';
import { oneLine } from '@lich/core';
import { FAILURE, sayFailure } from './lich-command.js';
import { main } from './main.js';

/** The reason a write failed, in the C library's words (`no space left on device`), as Go prints it. */
export function writeFailureReason(error: NodeJS.ErrnoException): string {
  const known = typeof error.errno === 'number' ? getSystemErrorMap().get(error.errno)?.[1] : undefined;
  return known ?? oneLine(error.message);
}

// Registered before anything else can listen (oclif's command module adds a listener that
// rethrows), and exiting synchronously, so no later listener turns the failure into a stack trace.
// process.stderr is synchronous for files, pipes and terminals on Linux, so the line is out first.
function onWriteError(stream: 'stdout' | 'stderr', error: NodeJS.ErrnoException): never {
  if (error.code === 'EPIPE') process.exit(process.exitCode ?? 0);
  if (stream === 'stdout') {
    try {
      sayFailure(process.stderr, `write the output: ${writeFailureReason(error)}`);
    } catch {
      // stderr is gone too: the exit status is all that is left to say it with.
    }
  }
  process.exit(FAILURE);
}
process.stdout.prependListener('error', (error: NodeJS.ErrnoException) => onWriteError('stdout', error));
process.stderr.prependListener('error', (error: NodeJS.ErrnoException) => onWriteError('stderr', error));

// The bundle is CommonJS (tools/build.mjs: an ES module entry costs node its ESM loader, ~5 ms
// of every start), so its paths come from __dirname and the exit status from a callback.
void main({
  argv: process.argv.slice(2),
  env: process.env,
  // Touching process.stdin sets up a handle for it; only `lich mcp` reads it.
  get stdin() {
    return process.stdin;
  },
  stdout: process.stdout,
  stderr: process.stderr,
  bin: join(__dirname, '../bin/lich.js'),
  distDir: pathToFileURL(`${__dirname}/`),
  // packages/cli/bin/lich.js puts its own import() on the module it hands this bundle.
  importModule: (module as NodeModule & { lichImport?: (url: string) => Promise<unknown> }).lichImport,
}).then((code) => {
  process.exitCode = code;
});
