// The pure pieces of the example agent: the terminal input reader, the reading of what lich
// types at a prompt, and the report an errand is answered with. Kept apart from agent.mjs so
// they are unit-tested without a PTY (parse.test.ts); agent.mjs wires them to stdin, the hook
// endpoint and "$LICH_BIN".
//
// The texts recognised here are lich's own (spec/cli.md § The message a target receives,
// § The answer is announced, and collected; wire.md §§ 8.1, 8.3, 8.4).

export const PASTE_START = '\x1b[200~';
export const PASTE_END = '\x1b[201~';

/** lich refuses an answer over 64 KiB by truncating it; the agent stays well under. */
export const REPORT_LIMIT = 60 * 1024;

/**
 * Reads raw terminal input the way an agent TUI does with bracketed paste enabled: typed
 * characters build a line, a bracketed paste (`ESC[200~ … ESC[201~`) is taken whole with its
 * newlines as text, and `\r` (or `\n`, which a terminal still in cooked mode turns `\r` into)
 * outside a paste submits what was collected. Chunks may split an escape sequence anywhere.
 *
 * Events: `onSubmit(text)` for every non-empty submission; `onEcho(text)` for what a
 * terminal would show while typing; `onInterrupt()` for Ctrl-C; `onEof()` for Ctrl-D on an
 * empty line.
 */
export class InputReader {
  /** @param {{onSubmit: (text: string) => void, onEcho?: (text: string) => void, onInterrupt?: () => void, onEof?: () => void}} handlers */
  constructor(handlers) {
    this.handlers = handlers;
    this.buffer = '';
    this.held = '';
    this.inPaste = false;
  }

  /** @param {string} chunk */
  feed(chunk) {
    let data = this.held + chunk;
    this.held = '';
    let i = 0;
    while (i < data.length) {
      if (this.inPaste) {
        const end = data.indexOf(PASTE_END, i);
        if (end < 0) {
          const rest = data.slice(i);
          const keep = partialSuffix(rest, PASTE_END);
          this.appendPaste(rest.slice(0, rest.length - keep));
          this.held = rest.slice(rest.length - keep);
          return;
        }
        this.appendPaste(data.slice(i, end));
        this.inPaste = false;
        this.echo(`[pasted ${Buffer.byteLength(this.buffer)} bytes]`);
        i = end + PASTE_END.length;
        continue;
      }
      const c = data[i];
      if (c === '\x1b') {
        const rest = data.slice(i);
        if (rest.startsWith(PASTE_START)) {
          this.inPaste = true;
          i += PASTE_START.length;
          continue;
        }
        const len = escapeLength(rest);
        if (len === 0) {
          this.held = rest;
          return;
        }
        i += len;
        continue;
      }
      i += 1;
      if (c === '\r' || c === '\n') {
        // A cooked terminal sends "\r\n"-free "\n"; a raw one "\r". Either way one Enter.
        if (c === '\r' && data[i] === '\n') i += 1;
        this.submit();
      } else if (c === '\x7f' || c === '\b') {
        if (this.buffer.length > 0) {
          this.buffer = this.buffer.slice(0, -1);
          this.echo('\b \b');
        }
      } else if (c === '\x03') {
        this.buffer = '';
        this.handlers.onInterrupt?.();
      } else if (c === '\x04') {
        if (this.buffer === '') this.handlers.onEof?.();
      } else if (c >= ' ' || c === '\t') {
        this.buffer += c;
        this.echo(c);
      }
    }
  }

  appendPaste(text) {
    this.buffer += text.replace(/\r\n?/g, '\n');
  }

  echo(text) {
    this.handlers.onEcho?.(text);
  }

  submit() {
    const text = this.buffer;
    this.buffer = '';
    this.echo('\r\n');
    if (text.trim() !== '') this.handlers.onSubmit(text);
  }
}

/**
 * Reads the keys that answer a question of the agent's own, the way a TUI's dialog does (a
 * stand-in for Claude Code asking whether a directory is trusted, before its prompt exists):
 * only a key typed on its own counts — `1` or `2` — and everything inside a bracketed paste, an
 * Enter, or any other key is swallowed. So a message lich types at it is read by nothing, and
 * only a person typing at the card answers it.
 *
 * `feed(chunk)` returns `'1'` or `'2'` once one is typed (what came after it in the chunk is
 * handed back as `rest`, for the prompt's reader), else null.
 */
export class QuestionReader {
  constructor() {
    this.inPaste = false;
    this.held = '';
  }

  /** @param {string} chunk @returns {{ key: '1' | '2', rest: string } | null} */
  feed(chunk) {
    const data = this.held + chunk;
    this.held = '';
    let i = 0;
    while (i < data.length) {
      if (this.inPaste) {
        const end = data.indexOf(PASTE_END, i);
        if (end < 0) {
          this.held = data.slice(data.length - partialSuffix(data.slice(i), PASTE_END));
          return null;
        }
        this.inPaste = false;
        i = end + PASTE_END.length;
        continue;
      }
      const c = data[i];
      if (c === '\x1b') {
        const rest = data.slice(i);
        if (rest.startsWith(PASTE_START)) {
          this.inPaste = true;
          i += PASTE_START.length;
          continue;
        }
        if (PASTE_START.startsWith(rest)) {
          this.held = rest;
          return null;
        }
        const len = escapeLength(rest);
        if (len === 0) {
          this.held = rest;
          return null;
        }
        i += len;
        continue;
      }
      i += 1;
      if (c === '1' || c === '2') return { key: c, rest: data.slice(i) };
    }
    return null;
  }
}

/** Length of the longest suffix of `s` that is a proper prefix of `marker`. */
function partialSuffix(s, marker) {
  for (let n = Math.min(s.length, marker.length - 1); n > 0; n--) {
    if (marker.startsWith(s.slice(s.length - n))) return n;
  }
  return 0;
}

/**
 * Length of the escape sequence `s` starts with (s[0] is ESC), or 0 when the chunk ends
 * before it does. CSI sequences (`ESC [ … final`) and SS3 (`ESC O x`) are the ones keys send;
 * anything else is ESC plus one character.
 */
function escapeLength(s) {
  if (s.length < 2) return 0;
  if (s[1] === '[') {
    for (let j = 2; j < s.length; j++) {
      const code = s.charCodeAt(j);
      if (code >= 0x40 && code <= 0x7e) return j + 1;
    }
    return 0;
  }
  if (s[1] === 'O') return s.length >= 3 ? 3 : 0;
  return 2;
}

/**
 * What a submission is. A relayed task (`[lich] Message from session "<label>", …` or
 * `[lich] Message relayed by the lich command line, …`) carries its prompt between the first
 * blank line and the paragraph opening `When you have an answer`, and its ticket in that
 * paragraph. A nudge (`[lich] The task you sent …` / `[lich] Results from …`) asks for a
 * collect. Any other `[lich]` text is a notice; anything else was typed by a person.
 *
 * @param {string} text
 * @returns {{kind: 'task', origin: string, prompt: string, ticket: string, tools: boolean, directives: string[]}
 *   | {kind: 'nudge', text: string} | {kind: 'notice', text: string} | {kind: 'line', text: string}}
 */
export function classify(text) {
  const task = parseTask(text);
  if (task) return task;
  if (text.startsWith('[lich] The task you sent ') || text.startsWith('[lich] Results from ')) {
    return { kind: 'nudge', text };
  }
  if (text.startsWith('[lich] ')) return { kind: 'notice', text };
  return { kind: 'line', text };
}

const ROUTE = '\n\nWhen you have an answer';

/** @param {string} text */
export function parseTask(text) {
  const firstLine = text.split('\n', 1)[0];
  let origin;
  const fromSession = /^\[lich\] Message from session (".*"), not from your own prompt\.$/.exec(firstLine);
  if (fromSession) origin = unquote(fromSession[1]);
  else if (firstLine === '[lich] Message relayed by the lich command line, not from your own prompt.') {
    origin = '';
  } else return null;
  const bodyStart = text.indexOf('\n\n');
  const routeAt = text.lastIndexOf(ROUTE);
  if (bodyStart < 0 || routeAt < bodyStart) return null;
  const prompt = text.slice(bodyStart + 2, routeAt);
  const route = text.slice(routeAt + 2);
  const ticket =
    /"\$LICH_BIN" reply ([0-9A-Za-z]+) "<your answer>"/.exec(route)?.[1] ??
    /\(ticket ([0-9A-Za-z]+)\)/.exec(route)?.[1];
  if (!ticket) return null;
  return {
    kind: 'task',
    origin,
    prompt,
    ticket,
    tools: route.includes('reply_to_session'),
    directives: directives(prompt),
  };
}

/**
 * The `#example: <word>` lines a prompt opens with: test switches for this agent's own
 * behaviour. They stay in the command, where `/bin/sh` reads them as comments.
 *
 * - `ignore`: never picks the task up (no busy, no reply), the "never read" case.
 * - `no-reply`: works the task (busy, run, done) and never replies, "answered somewhere else".
 * - `ticketless`: answers with `lich reply <answer>`, naming no ticket.
 *
 * @param {string} prompt
 * @returns {string[]}
 */
export function directives(prompt) {
  const found = [];
  for (const line of prompt.split('\n')) {
    const m = /^#example:\s*(\S+)\s*$/.exec(line.trim());
    if (!m) break;
    found.push(m[1]);
  }
  return found;
}

/** Reads a Go `%q` string the way lich writes a label; falls back to the bare text. */
function unquote(quoted) {
  try {
    return JSON.parse(quoted);
  } catch {
    return quoted.slice(1, -1);
  }
}

/**
 * The answer an errand gets: the command's output trimmed, plus the exit status when it was
 * not 0, capped under lich's 64 KiB answer limit.
 *
 * @param {string} output stdout and stderr as they came
 * @param {number | null} code exit code, null when killed
 * @param {string | null} [signal]
 */
export function report(output, code, signal = null) {
  let text = output.trim();
  const status = signal ? `killed by ${signal}` : code !== 0 ? `exit status ${code}` : '';
  if (status) text = text === '' ? `(${status})` : `${text}\n(${status})`;
  if (text === '') text = '(no output)';
  const bytes = Buffer.from(text);
  if (bytes.length > REPORT_LIMIT) {
    text = bytes.subarray(0, REPORT_LIMIT).toString('utf8').replace(/\uFFFD$/, '') + '\n(output truncated)';
  }
  return text;
}
