/**
 * Names that come from a person or a directory — labels, folder names, project names, session
 * titles, the directory part of a roster name — and how they are kept to one field of one line.
 *
 * Two rules, for two moments:
 * - {@link cleanName} when a name nobody gave at a door is written — a project's or a roster
 *   name's directory, a provider's title: control characters and surrounding spaces dropped. A tab
 *   or a newline in a name would split a tab-separated row (spec/cli.md: tables are tab-separated
 *   with a header), and an ESC would reach the reader's terminal as a command. A name a person or
 *   an agent gives is refused instead (below).
 * - {@link tableCell} when a name is printed in a table: a row written before the rule (or by a
 *   window that does not apply it) still prints as one field, its control characters spelled as
 *   Go's `%q` spells them (`\t`, `\x1b`). Escaped rather than dropped, so what is shown is still
 *   the exact name to pass back (`lich rename-folder $'a\tb' ab`).
 *
 * And one bound (issue 22): a name lich keeps or passes on has at most {@link NAME_LIMIT}
 * characters — the contracts' `maxLength`, refused in one line ({@link nameTooLongText}) — and a
 * refusal quotes the names it echoes no longer than that ({@link quoteName}).
 *
 * And one refusal (issue 22): a name a person or an agent gives — each bounded name of the
 * contracts: a label, a folder name, a branch, a kind, a model, an effort — holding a control
 * character is refused in one line ({@link nameControlText}), never cleaned into another name:
 * what is stored is what was given, so the name that was given finds it again. The spec words no
 * rule for names, and the original kept them as given (wire.md § 8.2's sanitize is for prompts,
 * answers and inserts, text typed into a terminal); a name cleaned on the way in and looked up as
 * given was a name that renamed the session and then named nothing. {@link cleanName} is left for
 * the names nobody gives at a door: a directory's, a provider's title.
 */
import { NAME_LIMIT } from './limits.js';
import { goQuote } from './quote.js';

/** How many characters `text` has as JSON Schema counts them (`maxLength`): Unicode code points. */
export function nameLength(text: string): number {
  let n = 0;
  for (const _ of text) n++;
  return n;
}

/**
 * The refusal of a name over its bound (issue 22), the same on every surface and from the
 * backend: `label is 100000 characters, over the 100 limit: give a shorter one`. `noun` is the
 * contract's `title` of the field.
 */
export function nameTooLongText(noun: string, length: number, max: number): string {
  return `${noun} is ${length} characters, over the ${max} limit: give a shorter one`;
}

/**
 * The refusal of a name holding a control character (issue 22), the same on every surface and
 * from the backend: `a label cannot hold control characters, and "x\x1b[31mred" holds one: give
 * it without them`. `noun` is the contract's `title` of the field; the name is quoted as Go's
 * `%q` spells it, so what it holds shows.
 */
export function nameControlText(noun: string, name: string): string {
  return `${/^[aeiou]/i.test(noun) ? 'an' : 'a'} ${noun} cannot hold control characters, and ${quoteName(name)} holds one: give it without them`;
}

/**
 * The refusal of a bounded name (`noun`, the contract's `title` of the field) holding a control
 * character — {@link nameControlText} —, or undefined when it holds none. A branch and a base
 * branch are left to their own check, which refuses a control character in more precise words
 * (`"a\x1bb" is not a valid branch name`, git's ref-name rules, which the bad-input corpus pins).
 * Core's runOperation and the backend's dispatcher both ask this, so the two say the same.
 */
export function nameControlRefusal(noun: string, name: string): string | undefined {
  if (noun === 'branch' || noun === 'base branch' || !hasControls(name)) return undefined;
  return nameControlText(noun, name);
}

/** Whether `text` holds a control character: C0, DEL or C1 (Unicode's `Cc`), what no given name may hold. */
export function hasControls(text: string): boolean {
  return UNPRINTABLE_ONE.test(text);
}

/**
 * `name` cut to `max` characters (code points, so no surrogate pair is split), with `…` in place
 * of what was cut; `name` itself when it fits.
 */
export function cutName(name: string, max: number = NAME_LIMIT): string {
  if (name.length <= max) return name;
  const points = [...name];
  return points.length <= max ? name : `${points.slice(0, max - 1).join('')}…`;
}

/**
 * `name` as a refusal quotes it: Go's `%q` of the name cut to {@link NAME_LIMIT} characters. For
 * what a refusal echoes back — a session, project or folder that matched nothing, the names it
 * lists instead — so no error line grows with its input or with a name an old store kept
 * (issue 22: `lich send nosuch hi` wrote 500,845 bytes). Never for a name the reader is to copy
 * whole (a command to run again quotes with goQuote).
 */
export function quoteName(name: string): string {
  return goQuote(cutName(name));
}

// C0 controls and DEL: what a label loses (wire.md § 8.2's sanitize keeps \t and \n; a name keeps neither).
const CONTROLS = /[\x00-\x1f\x7f]/g;

/** `name` without control characters (DEL included) and surrounding spaces: `$'a\nb'` → `ab`. */
export function cleanName(name: string): string {
  return dropControls(name).trim();
}

/**
 * `text` without control characters (DEL included), spaces kept: for a name whose spelling is
 * otherwise fixed by the original (the roster name's `basename(cwd)`, wire.md § 9).
 */
export function dropControls(text: string): string {
  return text.replace(CONTROLS, '');
}

// C0, DEL and C1: C1 holds the 8-bit CSI (U+009B) some terminals still obey.
const UNPRINTABLE = /[\x00-\x1f\x7f-\x9f]/g;
const UNPRINTABLE_ONE = /[\x00-\x1f\x7f-\x9f]/;

const SHORT: Record<string, string> = { '\x07': '\\a', '\b': '\\b', '\f': '\\f', '\n': '\\n', '\r': '\\r', '\t': '\\t', '\v': '\\v' };

/**
 * `value` as one field of a tab-separated row: every control character (C0, DEL, C1) written as
 * Go's `strconv.Quote` writes it (`\t`, `\n`, `\x1b`, `\u009b`), everything else as it is.
 */
export function tableCell(value: string): string {
  return value.replace(UNPRINTABLE, (ch) => {
    const short = SHORT[ch];
    if (short) return short;
    const cp = ch.charCodeAt(0);
    return cp < 0x80 ? `\\x${cp.toString(16).padStart(2, '0')}` : `\\u${cp.toString(16).padStart(4, '0')}`;
  });
}
