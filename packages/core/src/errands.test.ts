import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type LichContext, runOperation } from './operations.js';
import { collectText, PROMPT_LIMIT, promptRefusal, resultText, sanitizeText, waitBudgetMs } from './errands.js';
import { expectBodiesFollowContracts } from './testing/contract-bodies.js';
import { type TestContextOptions, TestContexts } from './testing/contexts.js';
import { errorBody, type FakeLich, startFakeLich } from './testing/fake-lich.js';
import type { Result } from './types.js';
import { inputOf } from './testing/input.js';

// send, wait and reply run through the registry against a fake lich, as the other operations do in
// operations.test.ts; after each test every body posted is checked against its contract.
const TOKEN = 'f'.repeat(32);
let lich: FakeLich;
const contexts = new TestContexts('sender-id');

beforeEach(async () => {
  lich = await startFakeLich(TOKEN);
});

// Every body core posts must be what contracts/rpc/<method>.json says the backend takes: the
// options object with every field (G3 rule), or [] for a method without options.
afterEach(async () => {
  contexts.close();
  await lich.close();
  expectBodiesFollowContracts(lich.calls);
});

const ctx = (o?: TestContextOptions): LichContext => contexts.on(lich, o);

const pending: Result = { ticket: 'a1b2c3d4', target: 'auth-fix', status: 'pending', answer: '' };

function only(method: string) {
  const calls = lich.calls.filter((c) => c.method === method);
  expect(calls).toHaveLength(1);
  return calls[0];
}

describe('send', () => {
  it('calls relay.Send with every field of the options object', async () => {
    lich.on('relay.Send', { result: pending });
    const outcome = await runOperation(ctx(), 'send', inputOf('send', { target: 'docs', prompt: 'run the tests' }));
    expect(outcome.output).toEqual(pending);
    expect(only('relay.Send').body).toEqual([{ from: 'sender-id', target: 'docs', project: '', prompt: 'run the tests', timeoutSeconds: 0 }]);
  });

  it('calls relay.SendPrivate for a private errand', async () => {
    lich.on('relay.SendPrivate', { result: { ...pending, private: true } });
    await runOperation(ctx(), 'send', { target: 'docs', project: 'lich', prompt: 'p', timeoutSeconds: 5, private: true });
    expect(only('relay.SendPrivate').body).toEqual([{ from: 'sender-id', target: 'docs', project: 'lich', prompt: 'p', timeoutSeconds: 5 }]);
  });

  it("fails with the server's own message", async () => {
    lich.on('relay.Send', { status: 500, body: errorBody('no live session answers to "nope"') });
    await expect(runOperation(ctx(), 'send', inputOf('send', { target: 'nope', prompt: 'p' }))).rejects.toThrow('no live session answers to "nope"');
  });

  it('refuses a prompt over the cap in the relay\'s words without calling, however large', async () => {
    const prompt = 'x'.repeat(2 << 20);
    await expect(runOperation(ctx({ surface: 'mcp' }), 'send', inputOf('send', { target: 'docs', prompt }))).rejects.toThrow(
      `prompt is ${2 << 20} bytes, over the 8192 limit: name the paths to read instead of pasting their contents`,
    );
    expect(lich.calls).toEqual([]);
  });

  it('leaves a prompt over the cap that sanitising brings under it to the relay', async () => {
    lich.on('relay.Send', { result: pending });
    const prompt = `${'\x07'.repeat(100)}${'y'.repeat(8192)}`;
    await runOperation(ctx(), 'send', inputOf('send', { target: 'docs', prompt }));
    expect((only('relay.Send').body as Array<{ prompt: string }>)[0]!.prompt).toBe(prompt);
  });
});

describe('wait', () => {
  it('waits on a ticket with relay.Wait', async () => {
    lich.on('relay.Wait', { result: pending });
    await runOperation(ctx(), 'wait', inputOf('wait', { ticket: 'a1b2c3d4', timeoutSeconds: 7 }));
    expect(only('relay.Wait').body).toEqual([{ ticket: 'a1b2c3d4', timeoutSeconds: 7 }]);
  });

  it('collects with relay.Collect without a ticket', async () => {
    lich.on('relay.Collect', { result: { results: [], open: ['docs'] } });
    const outcome = await runOperation(ctx(), 'wait', { ticket: '', timeoutSeconds: 0, noWait: false });
    expect(outcome.output).toEqual({ results: [], open: ['docs'] });
    expect(only('relay.Collect').body).toEqual([{ from: 'sender-id', timeoutSeconds: 0 }]);
  });

  it('collects with relay.CollectNow under noWait, and turns nulls into []', async () => {
    lich.on('relay.CollectNow', { result: { results: null, open: null } });
    const outcome = await runOperation(ctx(), 'wait', inputOf('wait', { noWait: true }));
    expect(outcome.output).toEqual({ results: [], open: [] });
    expect(only('relay.CollectNow').body).toEqual([{ from: 'sender-id' }]);
  });

  it('refuses noWait with a ticket before calling anything, in the CLI spelling', async () => {
    await expect(runOperation(ctx(), 'wait', inputOf('wait', { ticket: 'a1b2c3d4', noWait: true }))).rejects.toThrow(
      '--no-wait collects everything that is ready and takes no ticket: drop the ticket to look without waiting, or drop --no-wait to wait on it',
    );
    expect(lich.calls).toEqual([]);
  });

  it('refuses noWait with a ticket in the MCP spelling', async () => {
    await expect(runOperation(ctx({ surface: 'mcp' }), 'wait', inputOf('wait', { ticket: 'a1b2c3d4', noWait: true }))).rejects.toThrow(
      'no_wait collects everything that is ready and takes no ticket: drop the ticket to look without waiting, or drop no_wait to wait on it',
    );
  });
});

describe('reply', () => {
  it('calls relay.Reply with an empty ticket when none is named', async () => {
    lich.on('relay.Reply', { result: null });
    const outcome = await runOperation(ctx(), 'reply', inputOf('reply', { answer: 'done' }));
    expect(outcome.output).toBeNull();
    expect(only('relay.Reply').body).toEqual([{ from: 'sender-id', ticket: '', answer: 'done' }]);
  });

  it('cuts an answer over 65536 bytes as the relay would, so one past the body limit still goes', async () => {
    lich.on('relay.Reply', { result: null });
    await runOperation(ctx({ surface: 'mcp' }), 'reply', { ticket: 'a1b2c3d4', answer: `\x1b${'é'.repeat(1 << 20)}` });
    const sent = (only('relay.Reply').body as Array<{ answer: string }>)[0]!.answer;
    expect(sent).toBe('é'.repeat(32768));
  });
});

describe('promptRefusal', () => {
  it('takes a prompt of exactly 8192 bytes', () => {
    expect(promptRefusal('x'.repeat(PROMPT_LIMIT))).toBeNull();
  });

  it('refuses a prompt over 8192 bytes, counting UTF-8 bytes, in the relay\'s words', () => {
    expect(promptRefusal('é'.repeat(4097))).toBe(
      'prompt is 8194 bytes, over the 8192 limit: name the paths to read instead of pasting their contents',
    );
  });

  it('counts the bytes after dropping control characters, DEL included, but not newlines and tabs', () => {
    expect(sanitizeText('a\x00b\x1b[31mc\x7fd\ne\tf\rg')).toBe('ab[31mcd\ne\tfg');
    expect(promptRefusal(`${'x'.repeat(PROMPT_LIMIT)}\x1b\x07\x7f`)).toBeNull();
    expect(promptRefusal(`${'x'.repeat(PROMPT_LIMIT - 1)}\n\n`)).toMatch(/^prompt is 8193 bytes/);
  });

  it('refuses a prompt that is blank once sanitised', () => {
    expect(promptRefusal(' \n\t\x1b')).toBe('nothing to send: the prompt is empty');
  });
});

describe('waitBudgetMs', () => {
  it('gives the default wait plus slack for 0, a negative or no timeout', () => {
    expect(waitBudgetMs(0)).toBe(130_000);
    expect(waitBudgetMs(-5)).toBe(130_000);
    expect(waitBudgetMs(undefined)).toBe(130_000);
  });

  it('adds 30 s of slack to the asked wait', () => {
    expect(waitBudgetMs(20)).toBe(50_000);
    expect(waitBudgetMs(1800)).toBe(1_830_000);
  });

  it('caps the wait at 1800 s before adding the slack', () => {
    expect(waitBudgetMs(99_999_999_999)).toBe(1_830_000);
  });
});

const r = (status: string, extra: Partial<Result> = {}): Result => ({ ticket: 'a1b2c3d4', target: 'docs', status: status as Result['status'], answer: '', ...extra });

describe('resultText (wire.md § 7.2, § 7.3)', () => {
  it('is the answer alone when answered, on both surfaces', () => {
    expect(resultText('cli', r('answered', { answer: 'All green.' }))).toBe('All green.');
    expect(resultText('mcp', r('answered', { answer: 'All green.' }))).toBe('All green.');
  });

  it('words a shared pending result for the CLI', () => {
    expect(resultText('cli', r('pending'))).toBe(
      "docs is still working. The errand is open — a message that session was not ready for is held until it is — and a note will be typed at the sending session's prompt when its result is ready. To hold the line for it instead:\n  lich wait a1b2c3d4",
    );
  });

  it('words a private pending result for the CLI', () => {
    expect(resultText('cli', r('pending', { private: true }))).toBe(
      "docs is still working. The errand is private: no note will be typed at the sending session's prompt, and `lich wait` without a ticket will not return it. Hold the line for it with:\n  lich wait a1b2c3d4",
    );
  });

  it('words a shared pending result for MCP', () => {
    expect(resultText('mcp', r('pending'))).toBe(
      'docs is still working. The errand is open — if that session was not at a prompt yet, the task is held and goes in when it is. When its result is ready a short note will arrive at your own prompt, so carry on — there is nothing to poll. Collect it with wait_for_answer (ticket "a1b2c3d4", or no ticket for everything at once).',
    );
  });

  it('words a private pending result for MCP', () => {
    expect(resultText('mcp', r('pending', { private: true }))).toBe(
      'docs is still working. The errand is private: no note will announce its result and wait_for_answer without a ticket never returns it. Call wait_for_answer with ticket "a1b2c3d4" to hold the line for it — waiting on your own ticket is not polling.',
    );
  });

  // There is no sending session to type a note at: the spec's "a note will be typed at the
  // sending session's prompt" would promise one that never comes.
  it('promises no note to a caller outside a session, on either surface', () => {
    expect(resultText('cli', r('pending'), false)).toBe(
      'docs is still working. The errand is open — a message that session was not ready for is held until it is. It was sent from outside a lich session, so no note will announce its result; it waits for its ticket for an hour. Hold the line for it with:\n  lich wait a1b2c3d4',
    );
    expect(resultText('cli', r('pending', { private: true }), false)).toBe(
      'docs is still working. The errand is private: no note will announce its result, and `lich wait` without a ticket will not return it. Hold the line for it with:\n  lich wait a1b2c3d4',
    );
    expect(resultText('mcp', r('pending'), false)).toBe(
      'docs is still working. The errand is open — if that session was not at a prompt yet, the task is held and goes in when it is. This caller is not a lich session, so no note will announce its result: call wait_for_answer with ticket "a1b2c3d4" to hold the line for it.',
    );
  });

  it('says a task held behind a person’s draft has not reached the session, and what frees it', () => {
    const held = 'The task is held for "docs": a person\'s half-written text is at its prompt, and lich types nothing over it. It goes in once they send or clear that text, or comes back undelivered after 5 minutes.';
    expect(resultText('cli', r('pending', { held: 'draft' }))).toBe(
      `${held} The errand is open and a note will be typed at the sending session's prompt when its result is ready. To hold the line for it instead:\n  lich wait a1b2c3d4`,
    );
    expect(resultText('cli', r('pending', { held: 'draft' }), false)).toBe(
      `${held} The errand is open. It was sent from outside a lich session, so no note will announce its result; it waits for its ticket for an hour. Hold the line for it with:\n  lich wait a1b2c3d4`,
    );
    expect(resultText('mcp', r('pending', { held: 'draft' }))).toBe(
      `${held} The errand is open. When its result is ready a short note will arrive at your own prompt, so carry on — there is nothing to poll. Collect it with wait_for_answer (ticket "a1b2c3d4", or no ticket for everything at once).`,
    );
    expect(resultText('cli', r('pending', { held: 'draft', private: true }))).toMatch(/^The task is held for "docs": .* The errand is private: /);
  });

  it('says an undelivered task held behind a person’s draft was held by that text, which is still at the prompt, on both surfaces', () => {
    const text =
      'The task never reached the "docs" session: a person\'s half-written text sat at its prompt, and lich types nothing over it, so the task was held until the 5-minute delivery limit ran out. Nothing is queued anymore and nothing was answered. That text is still at the "docs" prompt: tell the user to send or clear it there (open the "docs" card); the task has to be sent again after that.';
    expect(resultText('cli', r('undelivered', { held: 'draft' }))).toBe(text);
    expect(resultText('mcp', r('undelivered', { held: 'draft' }))).toBe(text);
    expect(text).not.toContain('setup script');
  });

  const final: Record<string, string> = {
    unread:
      'The "docs" session never picked the task up: it was typed at that prompt and nothing read it, so something else has that terminal — a provider still starting, or a question of its own on screen (Claude Code asks whether a directory is trusted the first time it runs in one). Nothing is queued and nothing was answered. Tell the user to open the "docs" card and clear what is on it; the task has to be sent again after that.',
    undelivered:
      'The task never reached the "docs" session: it was held back because that terminal was not at a prompt — a worktree setup script still running, a provider that never came up — and the session ended or stayed that way for too long. Nothing is queued anymore and nothing was answered. Tell the user to open the "docs" card to see what happened there; the task has to be sent again after that.',
    unanswered:
      'The "docs" session finished its turn without answering through lich. Whatever it produced is in that session — tell the user to open the "docs" card to read it. If it is still working in the background, its answer can still arrive on this ticket for an hour.',
    stopped: 'The "docs" session was closed before it answered, so the task was stopped and no answer is coming.',
    expired:
      'The "docs" session did not answer within the hour a task is kept open, so the task expired and no answer is coming. Open the "docs" card to see where it stands.',
  };
  for (const [status, text] of Object.entries(final)) {
    it(`words ${status} the same on both surfaces`, () => {
      expect(resultText('cli', r(status))).toBe(text);
      expect(resultText('mcp', r(status))).toBe(text);
    });
  }

  it('says no answer is coming for an unanswered errand whose session ended, on both surfaces: nothing of it is left to send one', () => {
    const text =
      'The "docs" session ended before it answered through lich — it was closed, or its program exited — so no answer is coming on this ticket. Whatever it did before that is in its conversation: tell the user to open the "docs" card to read it.';
    expect(resultText('cli', r('unanswered', { closed: true }))).toBe(text);
    expect(resultText('mcp', r('unanswered', { closed: true }))).toBe(text);
    expect(text).not.toContain('hour');
  });

  it('quotes the target label as Go %q does', () => {
    expect(resultText('cli', r('stopped', { target: 'say "x"' }))).toBe(
      'The "say \\"x\\"" session was closed before it answered, so the task was stopped and no answer is coming.',
    );
  });
});

describe('collectText (wire.md § 7.4)', () => {
  it('says there is nothing to collect when nothing is ready or open', () => {
    expect(collectText('cli', { results: [], open: [] })).toBe(
      'Nothing to collect: no results are waiting and no errand of yours is open.',
    );
  });

  it('lists answers, other outcomes and who still owes one, separated by blank lines; pending prints nothing', () => {
    const text = collectText('cli', {
      results: [r('answered', { target: 'api', answer: 'Done.', ticket: '11112222' }), r('pending'), r('stopped')],
      open: ['docs', 'web'],
    });
    expect(text).toBe(
      'Answer from "api" (ticket 11112222):\nDone.\n\n' +
        'The "docs" session was closed before it answered, so the task was stopped and no answer is coming.\n\n' +
        'Still working: "docs", "web". Their results will announce themselves at your prompt.',
    );
  });

  it('lists only who still owes an answer when nothing is ready', () => {
    expect(collectText('mcp', { results: [], open: ['docs'] })).toBe(
      'Still working: "docs". Their results will announce themselves at your prompt.',
    );
  });
});
