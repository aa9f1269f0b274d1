/**
 * @lich/cli — the `lich` command line: the oclif base class the generated commands extend, and
 * the dispatcher. The bin is bin/lich.js, which runs the bundle tools/build.mjs makes of main.ts.
 */
export {
  type CliIo,
  type CommandTable,
  type FlagSpec,
  type InputOf,
  type LichCommandClass,
  type ParsedArgv,
  type Sink,
  LichCommand,
  flagKind,
  type NormalizedArgv,
  normalizeArgv,
} from './lich-command.js';
export { type MainIo, MCP_ENTRY, main } from './main.js';
export { unknownCommandText } from './unknown-command.js';
