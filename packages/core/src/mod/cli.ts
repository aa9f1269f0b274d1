/**
 * The `lich` CLI as a companion module runs it (lich-plugin-modules.md § 16.2): the argv after
 * the binary, what came back. A module reaches lich through the CLI where the original did —
 * opening a worker, listing sessions, closing one, aborting its turn, asking who it is — so its
 * refusals are the CLI's own lines and its outcomes the CLI's exit codes (spec/cli.md § Commands).
 *
 * Portable: the module's harness runs lich — `$.process.run` in a Claude Code hooks module, core's
 * `runLich` under node — and hands the logic a {@link CliResult}; the logic is the same over either.
 */

/** How one `lich` run ended. */
export interface CliResult {
  /** The exit status (spec/cli.md § Commands: 0 done, 1 failed, 2 a ticket, 3 no answer coming). */
  exit: number;
  stdout: string;
  stderr: string;
}

/** A failed run's reason: lich's own `lich: …` line, trimmed, else `lich <what> exited <code>`. */
export function cliFailure(what: string, r: CliResult): string {
  const line = r.stderr.trim();
  return line !== '' ? line : `lich ${what} exited ${r.exit}`;
}
