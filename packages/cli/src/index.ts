/**
 * @lich/cli — the `lich` command line: the dispatcher (main.ts), the one run of a command from its
 * generated declaration (lich-command.ts), and the steps it is made of. The bin is bin/lich.js,
 * which runs the bundle tools/build.mjs makes of main.ts.
 */
export { type CliIo, runCommand } from './lich-command.js';
export { type CommandLine, parseInput, readCommandLine, UsageError } from './input.js';
export { type FlagSpec, FlagWordError, type NormalizedArgv, normalizeArgv } from './go-flags.js';
export { type Sink, funnel } from './exit.js';
export { type CommandTable } from './help.js';
export { type MainIo, MCP_ENTRY, main } from './main.js';
export { unknownCommandText } from './unknown-command.js';
