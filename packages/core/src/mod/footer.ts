/**
 * The lich line in Claude Code's prompt footer (lich-plugin-modules.md § 4): one dim label after
 * Claude Code's own modes at the right of the footer, for example `lich: 2 workers · app.js also
 * edited by "quiet-comet"`. Three parts, each set by one module — `errands` (the session's errands,
 * mod-status), `workers` (agent cards), `edits` (the edit guard) — in that order, joined by ` · `;
 * `workers` is left out while `errands` is set, since lich's errand list counts every worker.
 *
 * The parts are plain data a mod keeps (a hot reload drops them; each module sets its part again
 * within seconds); a module that changed one has the footer redrawn. English: a person reads it.
 */

/** The footer's parts, by the module that owns each. */
export interface FooterParts {
  errands?: string;
  workers?: string;
  edits?: string;
}

/** Sets (or, with `undefined`, removes) one part; returns whether the line changed. */
export function setPart(parts: FooterParts, part: keyof FooterParts, text: string | undefined): boolean {
  const value = text === undefined || text.trim() === '' ? undefined : text;
  if (parts[part] === value) return false;
  if (value === undefined) delete parts[part];
  else parts[part] = value;
  return true;
}

/** The footer's lich line, or `undefined` when no part is set. */
export function footerLine(parts: FooterParts): string | undefined {
  const shown = [parts.errands, parts.errands === undefined ? parts.workers : undefined, parts.edits].filter((p): p is string => p !== undefined);
  return shown.length > 0 ? `lich: ${shown.join(' · ')}` : undefined;
}

