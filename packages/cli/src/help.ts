/**
 * `lich help` and `lich <command> --help` (spec/cli.md § Commands; wire.md § 4.3), built from the
 * command declarations (generated/cli/commands.ts) — the flags a command actually parses — so the
 * help can never describe a flag that does not exist.
 */
import { LichError } from '@lich/core';
import type { CommandDeclaration, FlagKind } from '@lich/generated/cli/commands';
import { unknownCommandText } from './unknown-command.js';

/** The command table: command word → declaration, in help order (generated/cli/commands.ts `COMMANDS`). */
export type CommandTable = Readonly<Record<string, CommandDeclaration<any>>>;

/** The spelling's lines: `usage` as the contract wrote it, else `lich <command>`. */
export function spellingLines(command: CommandDeclaration<any>): string[] {
  const lines = command.usage
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l !== '');
  if (lines.length === 0) return [`lich ${command.command}`];
  if (!lines[0].startsWith('lich ') && lines[0] !== 'lich') lines[0] = `lich ${command.command} ${lines[0]}`;
  return lines;
}

/** The one-line spelling `lich: usage: …` names (wire.md § 4.2): whitespace runs collapsed. */
export function spelling(command: CommandDeclaration<any>): string {
  return spellingLines(command).join(' ').replace(/\s+/g, ' ').trim();
}

/** A flag's value kind as Go's `flag.UnquoteUsage` names it in help: `int`, `string`, or `""` for a bool. */
const KIND_IN_HELP: Readonly<Record<FlagKind, string>> = { integer: 'int', string: 'string', boolean: '' };

/**
 * Per-command help (wire.md § 4.3 `printHelp`): the command's description, its usage line, and
 * every flag in lexicographic order as `  --<name>[ <kind>]` over its description, indented 8.
 */
export function commandHelp(command: CommandDeclaration<any>): string {
  let out = '';
  const about = command.description.trim();
  if (about !== '') out += `${about}\n\n`;
  out += `usage: ${spelling(command)}\n`;
  const flags = Object.entries(command.flags)
    .filter(([, flag]) => !flag.hidden)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  for (const [flagName, flag] of flags) {
    const kind = KIND_IN_HELP[command.input.flags[flagName]!.kind];
    const text = (flag.description ?? flag.summary ?? '').trim();
    out += `  --${flagName}${kind ? ` ${kind}` : ''}\n`;
    for (const line of text.split('\n')) out += `        ${line}\n`;
  }
  return out;
}

/** An entry of the general help that is not a generated command (`lich mcp`). */
export interface ExtraEntry {
  name: string;
  spelling: string;
  about: string;
  /** The command it is listed right after (`lich mcp` after `lich cost`, spec/cli.md's order); absent: last. */
  after?: string;
}

const HEADER = 'lich talks to the sessions open in the running lich window.\n\n';

/**
 * The general help (wire.md § 4.3): the header, every command's spelling (continuation lines
 * indented 12) with its about indented 6, each followed by a blank line, then the footer: how to
 * get a command's flags, what the exit statuses mean, the launch arguments, and how a command
 * finds lich outside a session.
 */
export function generalHelp(table: CommandTable, extras: readonly ExtraEntry[]): string {
  let out = HEADER;
  const rows: Array<{ name: string; lines: string[]; about: string }> = Object.entries(table).map(([name, command]) => ({
    name,
    lines: spellingLines(command),
    about: command.summary.trim(),
  }));
  for (const extra of extras) {
    const row = { name: extra.name, lines: [extra.spelling], about: extra.about };
    const at = extra.after === undefined ? -1 : rows.findIndex((r) => r.name === extra.after);
    if (at === -1) rows.push(row);
    else rows.splice(at + 1, 0, row);
  }
  for (const row of rows) {
    out += `  ${row.lines[0]}\n`;
    for (const line of row.lines.slice(1)) out += `            ${line}\n`;
    for (const line of row.about.split('\n')) out += `      ${line}\n`;
    out += '\n';
  }
  out += FOOTER;
  return out;
}

const FOOTER = `Every command takes --help for its own flags.

Exit status: 0 done (for send and wait, an answer is in hand); 1 failed, and the
lich: line on stderr says why; 2 the wait ran out and a ticket came back — nothing
failed, and lich wait <ticket> picks the answer up later; 3 the errand is over and
no answer is coming through lich — the output says what to do instead.

Run with no command, lich starts. This build has no window: it runs the backend in
the foreground, as lich --no-window does.
  lich --no-window
      The backend with no window, until lich quit, SIGINT or SIGTERM.
  lich --shell <path>
      The shell a shell session runs (LICH_SHELL does the same; the flag wins).
  lich -- <flags>
      Flags for the window's browser; with no window they are ignored.

Outside a lich session, a command finds the running lich on its own (its runtime
file), and what it relays is attributed to the command line.
`;

/**
 * What `lich help [<word>]` prints: the general help for no word, else that command's help.
 *
 * @throws LichError for a word that names no command, with a guess (unknown-command.ts).
 */
export function helpFor(table: CommandTable, extras: readonly ExtraEntry[], word: string): string {
  if (word === '') return generalHelp(table, extras);
  const command = table[word];
  if (!command) throw new LichError(unknownCommandText(word, [...Object.keys(table), ...extras.map((e) => e.name)]));
  return commandHelp(command);
}
