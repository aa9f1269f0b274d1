/**
 * Pasting text at a program that may not want a paste (wire.md § 8.2, Framing; spec/cli.md
 * § Known ceilings, "Delivery is proven, receipt is not").
 *
 * Bracketed paste (`ESC[200~ … ESC[201~`) is a mode a program turns on (DECSET 2004,
 * `ESC[?2004h`) to be told that what follows is pasted: an agent's TUI does, a shell's line
 * editor does. A program that never turned it on reads the brackets as text — six bytes of
 * garbage on each side of every message. So the brackets go only to a program that asked.
 *
 * Such a program is often one that reads its terminal a line at a time (canonical mode, the
 * kernel's line discipline), and a canonical terminal keeps at most 4095 bytes of a line: the
 * rest is dropped in silence. lich cannot make a line fit without changing the text — a newline
 * would submit half of it — so a line that long is refused with the reason instead.
 */
import { terminalModes } from './reading.js';

export const PASTE_START = '\x1b[200~';
export const PASTE_END = '\x1b[201~';

/** The longest line a canonical-mode terminal keeps (Linux `N_TTY_BUF_SIZE` less its newline). */
export const CANONICAL_LINE_BYTES = 4095;

/** The longest escape sequence kept between output chunks while it is still incomplete. */
const HELD_MAX = 64;

/**
 * Whether the program in a PTY has bracketed paste on, read off its output: every DECSET or
 * DECRST (`ESC[?…h`, `ESC[?…l`) whose parameters include 2004. Off until the program asks.
 * Chunks may split a sequence anywhere.
 */
export class PasteModeWatch {
  private on = false;
  private held = '';

  get bracketed(): boolean {
    return this.on;
  }

  feed(chunk: string): void {
    const data = this.held + chunk;
    this.held = '';
    const re = /\x1b\[\?([0-9;]*)([hl])/g;
    let m: RegExpExecArray | null;
    while ((m = re.exec(data)) !== null) {
      if (m[1]!.split(';').includes('2004')) this.on = m[2] === 'h';
    }
    // An ESC near the end that has not reached its final byte may be a split DECSET.
    const last = data.lastIndexOf('\x1b');
    if (last !== -1 && data.length - last < HELD_MAX && /^\x1b(\[(\?[0-9;]*)?)?$/.test(data.slice(last))) {
      this.held = data.slice(last);
    }
  }
}

/** The byte length of the longest line of `text` (lines end at `\n`). */
export function longestLine(text: string): { line: number; bytes: number } {
  let best = { line: 0, bytes: -1 };
  text.split('\n').forEach((l, i) => {
    const bytes = Buffer.byteLength(l, 'utf8');
    if (bytes > best.bytes) best = { line: i + 1, bytes };
  });
  return best;
}

/**
 * Whether the terminal whose slave side is `pts` (`/dev/pts/<n>`) is in canonical mode, as
 * `stty -F` reads it (termios `ICANON`; terminal/reading.ts): `undefined` when it cannot be read.
 */
export async function canonicalMode(pts: string): Promise<boolean | undefined> {
  return (await terminalModes(pts))?.canonical;
}

/**
 * Why `text` cannot be pasted whole at a program, or undefined when it can:
 * - not bracketed, and `keepNewlines` (text left at the prompt, not submitted): its newlines
 *   would be Enter presses;
 * - not bracketed, a line over {@link CANONICAL_LINE_BYTES}, and the terminal in canonical
 *   mode (or its mode unreadable): the line would be cut.
 * The reason names neither the session nor what to do: the caller words both.
 */
export async function pasteProblem(
  text: string,
  o: { bracketed: boolean; keepNewlines: boolean; canonical: () => Promise<boolean | undefined> },
): Promise<string | undefined> {
  if (o.bracketed) return undefined;
  if (o.keepNewlines && text.includes('\n')) {
    return 'its program never turned on bracketed paste, so the newlines of the text would reach it as Enter presses';
  }
  const longest = longestLine(text);
  if (longest.bytes <= CANONICAL_LINE_BYTES) return undefined;
  const canonical = await o.canonical();
  if (canonical === false) return undefined;
  const where = text.includes('\n') ? `line ${longest.line} is ${longest.bytes} bytes` : `it is one line of ${longest.bytes} bytes`;
  return `its program never turned on bracketed paste and reads its terminal a line at a time${canonical === undefined ? ' (as far as lich can tell)' : ''}, and a terminal line holds at most ${CANONICAL_LINE_BYTES} bytes: ${where}`;
}
