/**
 * @lich/cli — the `lich` command line: the oclif base class the generated commands extend, and
 * the dispatcher. The bin is bin/lich.js (bundled by tools/build.mjs).
 */
export {
  type CliIo,
  type CommandTable,
  type InputOf,
  type LichCommandClass,
  type ParsedArgv,
  type Sink,
  LichCommand,
  flagKind,
} from './lich-command.js';
export { type MainIo, MCP_ENTRY, main } from './main.js';
export { type FlagSpec, type NormalizedArgv, normalizeArgv } from './go-flags.js';
export { unknownCommandText } from './unknown-command.js';
