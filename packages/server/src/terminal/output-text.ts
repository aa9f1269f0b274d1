/**
 * The text of a PTY's raw output, for a log line that has to say what a program printed before it
 * died: its escape sequences (CSI, OSC, and two-byte ESC ones) and control characters dropped, a
 * carriage return taken as the start of a new line.
 */

/** Escape sequences: CSI (`ESC [ … final`), OSC (`ESC ] … BEL|ST`), DCS/APC/PM/SOS strings, and two-byte ESC ones. */
const ESCAPES = /\x1b\[[0-?]*[ -/]*[@-~]|\x1b\][^\x07\x1b]*(?:\x07|\x1b\\)?|\x1b[P_^X][^\x1b]*(?:\x1b\\)?|\x1b[ -/]*[0-~]/g;

/** Most characters of a line kept: a log line is not the place for a screen. */
export const LAST_LINE_LIMIT = 200;

/**
 * `raw` as the text it shows: escape sequences and control characters removed but the newline, a
 * carriage return (with the newline after it) taken as a newline.
 */
export function plainText(raw: string): string {
  return raw
    .replace(ESCAPES, '')
    .replace(/\r\n?/g, '\n')
    .replace(/[\x00-\x08\x0b-\x1f\x7f]/g, '');
}

/**
 * The last line of `raw` with any text on it, without escapes or control characters, trimmed and
 * cut at {@link LAST_LINE_LIMIT} characters (`…` marks the cut); `""` when nothing printable was
 * written.
 */
export function lastLine(raw: string): string {
  const lines = plainText(raw).split('\n').map((l) => l.trim());
  const line = lines.filter((l) => l !== '').at(-1) ?? '';
  return line.length > LAST_LINE_LIMIT ? `${line.slice(0, LAST_LINE_LIMIT - 1)}…` : line;
}
