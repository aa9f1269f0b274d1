/**
 * `lich help` and `lich <command> --help` (spec/cli.md § Commands; wire.md § 4.3), built from the
 * statics of the generated command classes — the flags a command actually parses — so the help
 * can never describe a flag that does not exist.
 */

/** What help reads off a command class. */
export interface HelpSource {
  operation: string;
  id?: string;
  summary?: string;
  description?: string;
  usage?: string | string[];
  flags?: Record<string, HelpFlag>;
}

/** The part of an oclif flag definition help reads. */
export interface HelpFlag {
  type: 'boolean' | 'option';
  description?: string;
  summary?: string;
  hidden?: boolean;
  /** Set by {@link flagKind}'s caller for integer flags. */
  parse?: unknown;
}

/** The spelling's lines: `usage` as the contract wrote it, else `lich <name>`. */
export function spellingLines(source: HelpSource, name: string): string[] {
  const usage = source.usage;
  const lines = (Array.isArray(usage) ? usage : typeof usage === 'string' ? usage.split('\n') : [])
    .map((l) => l.trim())
    .filter((l) => l !== '');
  if (lines.length === 0) return [`lich ${name}`];
  if (!lines[0].startsWith('lich ') && lines[0] !== 'lich') lines[0] = `lich ${name} ${lines[0]}`;
  return lines;
}

/** The one-line spelling `lich: usage: …` names (wire.md § 4.2): whitespace runs collapsed. */
export function spelling(source: HelpSource, name: string): string {
  return spellingLines(source, name).join(' ').replace(/\s+/g, ' ').trim();
}

/**
 * Per-command help (wire.md § 4.3 `printHelp`): the command's description, its usage line, and
 * every flag in lexicographic order as `  --<name>[ <kind>]` over its description, indented 8.
 * `kindOf` names a flag's value kind (`string`, `int`, `""` for a boolean).
 */
export function commandHelp(source: HelpSource, name: string, kindOf: (flag: HelpFlag) => string): string {
  let out = '';
  const about = (source.description ?? source.summary ?? '').trim();
  if (about !== '') out += `${about}\n\n`;
  out += `usage: ${spelling(source, name)}\n`;
  const flags = Object.entries(source.flags ?? {})
    .filter(([, flag]) => !flag.hidden)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  for (const [flagName, flag] of flags) {
    const kind = kindOf(flag);
    const text = (flag.description ?? flag.summary ?? '').trim();
    out += `  --${flagName}${kind ? ` ${kind}` : ''}\n`;
    for (const line of text.split('\n')) out += `        ${line}\n`;
  }
  return out;
}

/** An entry of the general help that is not an oclif command (`lich mcp`). */
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
export function generalHelp(entries: ReadonlyArray<{ name: string; source: HelpSource }>, extras: readonly ExtraEntry[]): string {
  let out = HEADER;
  const rows: Array<{ name: string; lines: string[]; about: string }> = entries.map(({ name, source }) => ({
    name,
    lines: spellingLines(source, name),
    about: (source.summary ?? source.description ?? '').trim(),
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
