import { describe, expect, it } from 'vitest';
import { composeMessage, manyOpenRefusal, nudgeText, pickTicketNudgeText, quotedLabels } from './compose.js';

const onlyWayBack =
  'That ticket is the only way back: whoever asked is blocked on it and is reading nothing else. Do not answer by messaging a peer session — an answer sent any other way is lost. Keep the answer a concise report — what was done, where, and what remains — never a transcript: the sender pays to read every byte, and the detail is in your commits and files anyway.';

describe('composeMessage', () => {
  it('writes a message from a session with the command route for a target without tools', () => {
    expect(composeMessage({ origin: { session: 'planner' }, prompt: 'run the tests', ticket: 'a1b2c3d4', hasTools: false })).toBe(
      '[lich] Message from session "planner", not from your own prompt.\n\nrun the tests\n\n' +
        'When you have an answer, send it back by running:\n  "$LICH_BIN" reply a1b2c3d4 "<your answer>"\n\n' +
        onlyWayBack,
    );
  });

  it('offers reply_to_session first to a target with tools, and still names the command', () => {
    expect(composeMessage({ origin: { session: 'planner' }, prompt: 'p', ticket: 'a1b2c3d4', hasTools: true })).toBe(
      '[lich] Message from session "planner", not from your own prompt.\n\np\n\n' +
        'When you have an answer, send it back with the lich tool `reply_to_session` (ticket a1b2c3d4), or by running:\n' +
        '  "$LICH_BIN" reply a1b2c3d4 "<your answer>"\n\n' +
        onlyWayBack,
    );
  });

  it('attributes a message from no session to the command line', () => {
    expect(composeMessage({ origin: { commandLine: true }, prompt: 'p', ticket: 't', hasTools: false })).toMatch(
      /^\[lich\] Message relayed by the lich command line, not from your own prompt\.\n\np\n\n/,
    );
  });

  it('quotes the sender label the way Go does', () => {
    expect(composeMessage({ origin: { session: 'say "hi"' }, prompt: 'p', ticket: 't', hasTools: false })).toMatch(
      /^\[lich\] Message from session "say \\"hi\\"", not/,
    );
  });
});

describe('nudgeText', () => {
  it('names the one target whose result is ready, with the command route', () => {
    expect(nudgeText(['docs'], false)).toBe(
      '[lich] The task you sent "docs" has its result ready. To collect everything at once, run:\n  "$LICH_BIN" wait',
    );
  });

  it('counts every waiting result and lists the labels sorted and deduplicated, with the tool route', () => {
    expect(nudgeText(['docs', 'api', 'docs'], true)).toBe(
      '[lich] Results from 3 tasks you sent are ready ("api", "docs"). To collect everything at once, ' +
        'call the lich tool `wait_for_answer` with no ticket, or run:\n  "$LICH_BIN" wait',
    );
  });
});

describe('quotedLabels', () => {
  it('sorts by bytes, as Go does', () => {
    expect(quotedLabels(['b', 'B', 'a'])).toBe('"B", "a", "b"');
  });
});

describe('manyOpenRefusal', () => {
  it('lists every open ticket with what it asked, in the order given', () => {
    expect(
      manyOpenRefusal([
        { ticket: '1a2b3c4d', asked: 'run the tests and report the failures' },
        { ticket: '5e6f7a8b', asked: 'build the docs' },
      ]),
    ).toBe(
      '2 requests are open against this session, and an answer that names no ticket would close the wrong one. Name the ticket the answer belongs to:\n' +
        '  lich reply 1a2b3c4d "<answer>"   — run the tests and report the failures\n' +
        '  lich reply 5e6f7a8b "<answer>"   — build the docs',
    );
  });
});

describe('pickTicketNudgeText', () => {
  it('names how many requests went home and tells the session to name tickets from now on', () => {
    const text = pickTicketNudgeText([
      { ticket: '1a2b3c4d', asked: 'a' },
      { ticket: '5e6f7a8b', asked: 'b' },
    ]);
    expect(text).toBe(
      '[lich] Your turn ended with no answer sent, so 2 requests went back to their senders unanswered:\n' +
        '  1a2b3c4d   — a\n  5e6f7a8b   — b\n' +
        'Nothing outside this session can say which of them that turn was, which is why none of them could be answered for you. ' +
        'One you are still working on still takes its answer, and every answer from here on has to name its ticket: lich reply <ticket> "<answer>".',
    );
  });
});
