/**
 * The command table, loaded lazily by main.ts: importing it loads oclif and every generated
 * command, which `lich mcp`, `lich --no-window` and `lich version` never need.
 */
import { COMMANDS as GENERATED } from '@lich/generated/cli/commands';
import type { CommandTable } from './lich-command.js';

/** Command word → class, in help order (generated/cli/commands.ts). */
export const COMMANDS: CommandTable = GENERATED as unknown as CommandTable;
