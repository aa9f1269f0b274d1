/**
 * A person's draft at a session's prompt. spec/cli.md § lich insert: "Unlike send, a half-written
 * line is not a reason to wait" — for an insert; for the relay's typing it is. lich never reads
 * the screen, so what it knows of a draft is what was written to the PTY as input by anyone but
 * the relay's own typing — `lich insert`'s paste (the person "writes the question around it and
 * sends it themselves"), a page's keystrokes — and whether that input was submitted or dropped.
 *
 * A relayed message typed over a draft is submitted with it: the person's half-written question
 * and lich's task reach the agent as one prompt, and neither is what anybody sent. So a draft
 * holds the relay's typing for as long as it is there, however long nobody touches it; what
 * bounds the wait is the relay's delivery limit (the task ends `undelivered`). The original lich
 * let a draft go after 60 s untouched (wire.md § 9, `draftIdle`) and typed onto it: measured, an
 * inserted `echo draft-text` and the task went in as one line, the agent ran the message's own
 * reply line, and the ticket was answered with its placeholder.
 */

const PASTE_START = '\x1b[200~';
const PASTE_END = '\x1b[201~';

/**
 * The draft of one session's prompt, as its input shows it. A single key on its own is how a
 * person answers a program's own question — a trust prompt's `1`, a `y` — and leaves no draft:
 * holding the relay's typing after it would keep the task the person just cleared
 * the way for from going in (spec/cli.md § lich send, Never read: "clear what is on it"). Two or
 * more characters, or any paste, are text at the prompt.
 */
export class DraftWatch {
  /** Input written and not submitted: text may be at the prompt. */
  private pending = false;
  /** Characters typed (not pasted) since the line was last submitted or dropped. */
  private keys = 0;
  /** Whether a paste went into it. */
  private pasted = false;
  /** Inside a bracketed paste the input opened and has not closed yet. */
  private inPaste = false;

  /**
   * Input a person (or an editor through `lich insert`) wrote. A carriage return
   * or line feed outside a bracketed paste submits the line; Ctrl-C and Ctrl-U drop it; any
   * other text, pasted text included, leaves a draft. Escape sequences (arrows, focus reports)
   * and erasing keys change nothing lich can count.
   */
  input(data: string): void {
    for (let i = 0; i < data.length; i++) {
      if (this.inPaste) {
        const end = data.indexOf(PASTE_END, i);
        if (end === -1) {
          this.pending = this.pasted = true;
          break;
        }
        if (end > i) this.pending = this.pasted = true;
        this.inPaste = false;
        i = end + PASTE_END.length - 1;
        continue;
      }
      const c = data[i]!;
      if (data.startsWith(PASTE_START, i)) {
        this.inPaste = true;
        i += PASTE_START.length - 1;
      } else if (c === '\x1b') {
        i += escapeLength(data, i) - 1;
      } else if (c === '\r' || c === '\n' || c === '\x03' || c === '\x15') {
        this.clear();
      } else if (c === '\x7f' || c === '\b') {
        this.keys = Math.max(0, this.keys - 1);
      } else if (c >= ' ') {
        this.pending = true;
        this.keys++;
      }
    }
  }

  /** The relay submitted what was at the prompt (its own Enter): no draft is left. */
  submitted(): void {
    this.clear();
    this.inPaste = false;
  }

  /** Whether a draft is at the prompt: text typed or pasted and neither submitted nor dropped. */
  present(): boolean {
    return this.pending && (this.pasted || this.keys >= 2);
  }

  private clear(): void {
    this.pending = false;
    this.pasted = false;
    this.keys = 0;
  }
}

/** How many characters the escape sequence at `data[i]` (an ESC) spans, at least 1. */
function escapeLength(data: string, i: number): number {
  const next = data[i + 1];
  if (next === '[' || next === 'O') {
    // CSI / SS3: parameters and intermediates, then one final byte in @–~.
    for (let j = i + 2; j < data.length; j++) {
      const code = data.charCodeAt(j);
      if (code >= 0x40 && code <= 0x7e) return j - i + 1;
    }
    return data.length - i;
  }
  return next === undefined ? 1 : 2;
}
