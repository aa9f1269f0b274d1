import { describe, expect, it } from 'vitest';
import { InputReader, PASTE_END, PASTE_START, QuestionReader, REPORT_LIMIT, classify, directives, parseTask, report } from './parse.mjs';

const ONLY_WAY_BACK =
  'That ticket is the only way back: whoever asked is blocked on it and is reading nothing else. Do not answer by messaging a peer session — an answer sent any other way is lost. Keep the answer a concise report — what was done, where, and what remains — never a transcript: the sender pays to read every byte, and the detail is in your commits and files anyway.';

/** The relayed task exactly as wire.md § 8.1 composes it. */
function relayed(prompt: string, ticket: string, opts: { from?: string; tools?: boolean } = {}) {
  const origin = opts.from === undefined ? 'Message relayed by the lich command line' : `Message from session "${opts.from}"`;
  const route = opts.tools
    ? `When you have an answer, send it back with the lich tool \`reply_to_session\` (ticket ${ticket}), or by running:\n  "$LICH_BIN" reply ${ticket} "<your answer>"`
    : `When you have an answer, send it back by running:\n  "$LICH_BIN" reply ${ticket} "<your answer>"`;
  return `[lich] ${origin}, not from your own prompt.\n\n${prompt}\n\n${route}\n\n${ONLY_WAY_BACK}`;
}

function reader() {
  const submitted: string[] = [];
  const events: string[] = [];
  const r = new InputReader({
    onSubmit: (t) => submitted.push(t),
    onInterrupt: () => events.push('interrupt'),
    onEof: () => events.push('eof'),
  });
  return { r, submitted, events };
}

describe('InputReader', () => {
  it('submits a typed line on carriage return', () => {
    const { r, submitted } = reader();
    r.feed('echo hi');
    expect(submitted).toEqual([]);
    r.feed('\r');
    expect(submitted).toEqual(['echo hi']);
  });

  it('takes a bracketed paste whole, newlines included, and submits it on the following carriage return', () => {
    const { r, submitted } = reader();
    r.feed(`${PASTE_START}line one\nline two\r\nline three${PASTE_END}`);
    expect(submitted).toEqual([]);
    r.feed('\r');
    expect(submitted).toEqual(['line one\nline two\nline three']);
  });

  it('reassembles paste markers split across chunks at every position', () => {
    const input = `${PASTE_START}a\nb${PASTE_END}\r`;
    for (let cut = 1; cut < input.length; cut++) {
      for (let cut2 = cut + 1; cut2 <= input.length; cut2++) {
        const { r, submitted } = reader();
        r.feed(input.slice(0, cut));
        r.feed(input.slice(cut, cut2));
        r.feed(input.slice(cut2));
        expect(submitted, `cut at ${cut}/${cut2}`).toEqual(['a\nb']);
      }
    }
  });

  it('submits on a newline, which a terminal still in cooked mode turns Enter into', () => {
    const { r, submitted } = reader();
    r.feed(`${PASTE_START}task${PASTE_END}\n`);
    expect(submitted).toEqual(['task']);
  });

  it('counts a carriage return and line feed as one Enter', () => {
    const { r, submitted } = reader();
    r.feed('one\r\ntwo\r');
    expect(submitted).toEqual(['one', 'two']);
  });

  it('drops arrow keys and other escape sequences from the line', () => {
    const { r, submitted } = reader();
    r.feed('ab\x1b[Dc\x1bOA\x1b[1;5C');
    r.feed('\r');
    expect(submitted).toEqual(['abc']);
  });

  it('erases with backspace and clears the line on Ctrl-C', () => {
    const { r, submitted, events } = reader();
    r.feed('abx\x7fc\r');
    r.feed('junk\x03');
    r.feed('\r');
    expect(submitted).toEqual(['abc']);
    expect(events).toEqual(['interrupt']);
  });

  it('ignores an empty Enter, and reports Ctrl-D only on an empty line', () => {
    const { r, submitted, events } = reader();
    r.feed('\r\r');
    r.feed('x\x04');
    expect(events).toEqual([]);
    r.feed('\r\x04');
    expect(submitted).toEqual(['x']);
    expect(events).toEqual(['eof']);
  });
});

describe('parseTask', () => {
  it('reads the prompt and ticket of a task relayed from a session', () => {
    const t = parseTask(relayed('git log --oneline | wc -l', 'a1b2c3d4', { from: 'planner' }));
    expect(t).toEqual({
      kind: 'task',
      origin: 'planner',
      prompt: 'git log --oneline | wc -l',
      ticket: 'a1b2c3d4',
      tools: false,
      directives: [],
    });
  });

  it('reads a task relayed by the command line, with an empty origin', () => {
    const t = parseTask(relayed('pwd', '0f0f0f0f'));
    expect(t?.origin).toBe('');
    expect(t?.ticket).toBe('0f0f0f0f');
  });

  it('reads the ticket from the route that offers the reply tool', () => {
    const t = parseTask(relayed('ls', 'deadbeef', { from: 'x', tools: true }));
    expect(t?.ticket).toBe('deadbeef');
    expect(t?.tools).toBe(true);
  });

  it('keeps a multi-line prompt whole, even one that mentions the route paragraph', () => {
    const prompt = 'echo one\n\necho "When you have an answer"\necho three';
    expect(parseTask(relayed(prompt, '12345678', { from: 'a' }))?.prompt).toBe(prompt);
  });

  it('unquotes a label written with escapes', () => {
    expect(parseTask(relayed('ls', '12345678', { from: 'say \\"hi\\"' }))?.origin).toBe('say "hi"');
  });

  it('is not fooled by text that only looks like a task', () => {
    expect(parseTask('[lich] Message from session "a", not from your own prompt.\n\nno route here')).toBeNull();
    expect(parseTask('hello')).toBeNull();
  });
});

describe('classify', () => {
  it('tells a nudge for one result and for several from a task and a notice', () => {
    expect(
      classify('[lich] The task you sent "docs" has its result ready. To collect everything at once, run:\n  "$LICH_BIN" wait').kind,
    ).toBe('nudge');
    expect(
      classify('[lich] Results from 2 tasks you sent are ready ("a", "b"). To collect everything at once, run:\n  "$LICH_BIN" wait').kind,
    ).toBe('nudge');
    expect(classify(relayed('ls', '12345678')).kind).toBe('task');
    expect(classify('[lich] Your turn ended with no answer sent, so 2 requests went back').kind).toBe('notice');
    expect(classify('ls -la').kind).toBe('line');
  });
});

describe('directives', () => {
  it('collects the #example lines a prompt opens with, and stops at the first other line', () => {
    expect(directives('#example: no-reply\n#example:ticketless\necho hi\n#example: ignore')).toEqual([
      'no-reply',
      'ticketless',
    ]);
    expect(directives('echo hi')).toEqual([]);
  });
});

describe('report', () => {
  it('is the output trimmed when the command succeeded', () => {
    expect(report('\n  3\n\n', 0)).toBe('3');
  });

  it('adds the exit status when it was not 0', () => {
    expect(report('nope\n', 2)).toBe('nope\n(exit status 2)');
    expect(report('', 1)).toBe('(exit status 1)');
    expect(report('x', null, 'SIGTERM')).toBe('x\n(killed by SIGTERM)');
  });

  it('never hands lich an empty answer', () => {
    expect(report('  \n', 0)).toBe('(no output)');
  });

  it('stays under the answer limit on whole characters', () => {
    const text = report('é'.repeat(REPORT_LIMIT), 0);
    expect(Buffer.byteLength(text)).toBeLessThan(REPORT_LIMIT + 100);
    expect(text).not.toContain('\uFFFD');
    expect(text.endsWith('(output truncated)')).toBe(true);
  });
});

describe('QuestionReader', () => {
  it('takes a 1 or a 2 typed on its own, and hands back what followed it', () => {
    expect(new QuestionReader().feed('1')).toEqual({ key: '1', rest: '' });
    expect(new QuestionReader().feed('2echo hi\r')).toEqual({ key: '2', rest: 'echo hi\r' });
  });

  it('swallows a pasted message whole, digits and all, and the Enter after it', () => {
    const q = new QuestionReader();
    expect(q.feed(`${PASTE_START}${relayed('run 1 and 2', '1a2b3c4d')}${PASTE_END}`)).toBeNull();
    expect(q.feed('\r')).toBeNull();
    expect(q.feed('y')).toBeNull();
    expect(q.feed('1')).toEqual({ key: '1', rest: '' });
  });

  it('keeps a paste whose markers are split across chunks at every position', () => {
    const input = `${PASTE_START}12${PASTE_END}\r1`;
    for (let cut = 1; cut < input.length; cut++) {
      const q = new QuestionReader();
      const first = q.feed(input.slice(0, cut));
      const answer = first ?? q.feed(input.slice(cut));
      expect(answer?.key, `cut at ${cut}`).toBe('1');
      expect(first, `cut at ${cut}`).toBeNull();
    }
  });

  it('ignores arrow keys and other escape sequences', () => {
    const q = new QuestionReader();
    expect(q.feed('\x1b[A\x1b[B\x1bOP')).toBeNull();
    expect(q.feed('2')).toEqual({ key: '2', rest: '' });
  });
});
