import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeHost, type FakeSession, reporter, tick, ticketIn } from './fake-host.js';
import { Relay, RelayError, waitMs, type Result } from './relay.js';

const hour = 3_600_000;

let host: FakeHost;
let relay: Relay;
let planner: FakeSession; // the sender
let docs: FakeSession; // a target that reports its state
let shell: FakeSession; // a target that reports nothing

beforeEach(() => {
  vi.useFakeTimers();
  host = new FakeHost();
  planner = host.add({ id: 'p1a2', label: 'planner', reportsState: true, hasTools: false });
  docs = host.add({ id: 'd0c5', label: 'docs', reportsState: true, hasTools: true });
  shell = host.add({ id: '5he1', label: 'shell', kind: 'shell' });
  relay = new Relay(host);
});

afterEach(() => {
  relay.close();
  vi.useRealTimers();
});

const report = reporter(() => relay);

/** Sends and lets the message reach the target; returns the ticket and the send's promise. */
async function send(
  o: { from?: string; target?: string; prompt?: string; timeoutSeconds?: number; private?: boolean } = {},
): Promise<{ ticket: string; result: Promise<Result> }> {
  const before = host.typed.length;
  const result = relay.send(
    {
      from: o.from ?? planner.id,
      target: o.target ?? 'docs',
      project: '',
      prompt: o.prompt ?? 'run the tests',
      timeoutSeconds: o.timeoutSeconds ?? 1,
    },
    { private: o.private },
  );
  result.catch(() => undefined);
  await tick();
  const typed = host.typed.slice(before);
  if (typed.length === 0) {
    await result; // surfaces a refusal
    throw new Error('nothing was typed');
  }
  return { ticket: ticketIn(typed[0]!.text), result };
}

/** Sends with a 1 s wait and lets the wait run out, so the errand is open and nobody holds the line. */
async function sendAndLetGo(o: Parameters<typeof send>[0] = {}): Promise<string> {
  const { ticket, result } = await send(o);
  await tick(1000);
  expect((await result).status).toBe('pending');
  return ticket;
}

async function refusal(p: Promise<unknown> | (() => unknown)): Promise<string> {
  try {
    await (typeof p === 'function' ? p() : p);
  } catch (e) {
    expect(e).toBeInstanceOf(RelayError);
    return (e as Error).message;
  }
  throw new Error('expected a refusal');
}

describe('peers and self', () => {
  it('lists every live session but the caller, with the state it last reported', () => {
    docs.state = 'busy';
    host.add({ id: 'dead', label: 'parked', live: false });
    expect(relay.peers({ from: planner.id })).toEqual([
      {
        label: 'docs',
        name: 'lich-d0c5',
        project: 'lich',
        kind: 'example',
        state: 'busy',
        id: 'd0c5',
        path: '/src/lich',
        projectPath: '/src/lich',
      },
      expect.objectContaining({ label: 'shell', state: '' }),
    ]);
  });

  const shown = (s: FakeSession) => relay.peers({ from: '' }).find((p) => p.id === s.id)!.state;

  it('shows busy for busy and for compacting, which is mid-turn too', () => {
    report(docs, 'busy');
    expect(shown(docs)).toBe('busy');
    report(docs, 'done');
    report(docs, 'compacting');
    expect(shown(docs)).toBe('busy');
  });

  it('shows done for done, and nothing for idle: a session that ended its agent says nothing', () => {
    report(docs, 'done');
    expect(shown(docs)).toBe('done');
    report(docs, 'idle');
    expect(shown(docs)).toBe('');
    expect(relay.self({ from: docs.id }).state).toBe('');
  });

  it('shows waiting only inside a busy turn', () => {
    report(docs, 'busy');
    report(docs, 'waiting');
    expect(shown(docs)).toBe('waiting');
    report(docs, 'busy');
    expect(shown(docs)).toBe('busy');
  });

  it('keeps what it showed before for waiting outside a turn', () => {
    report(docs, 'done');
    report(docs, 'waiting');
    expect(shown(docs)).toBe('done');
    report(docs, 'idle');
    report(docs, 'waiting');
    expect(shown(docs)).toBe('');
    report(shell, 'waiting');
    expect(shown(shell)).toBe('');
  });

  it('maps a state it never observed without a turn behind it', () => {
    docs.state = 'compacting';
    expect(shown(docs)).toBe('busy');
    docs.state = 'waiting';
    expect(shown(docs)).toBe('');
    docs.state = 'idle';
    expect(shown(docs)).toBe('');
  });

  it('lists every live session for a caller outside a session', () => {
    expect(relay.peers({ from: '' }).map((p) => p.label)).toEqual(['planner', 'docs', 'shell']);
  });

  it('shows the caller its own session', () => {
    expect(relay.self({ from: planner.id })).toMatchObject({ label: 'planner', id: 'p1a2' });
  });

  it('refuses self outside a session', async () => {
    expect(await refusal(() => relay.self({ from: '' }))).toBe(
      'this is not running in a lich session (LICH_SESSION_ID is unset), so there is no session of its own to show — run it from inside one',
    );
  });

  it('refuses self for an id the workspace does not know', async () => {
    expect(await refusal(() => relay.self({ from: 'nope' }))).toBe(
      'no session has the id "nope": LICH_SESSION_ID names a session this lich does not know',
    );
  });
});

describe('send', () => {
  it('types the composed message at the target and comes back with the answer', async () => {
    const { ticket, result } = await send({ timeoutSeconds: 30 });
    expect(host.typedAt(docs.id)).toEqual([
      `[lich] Message from session "planner", not from your own prompt.\n\nrun the tests\n\n` +
        `When you have an answer, send it back with the lich tool \`reply_to_session\` (ticket ${ticket}), or by running:\n` +
        `  "$LICH_BIN" reply ${ticket} "<your answer>"\n\n` +
        'That ticket is the only way back: whoever asked is blocked on it and is reading nothing else. Do not answer by messaging a peer session — an answer sent any other way is lost. Keep the answer a concise report — what was done, where, and what remains — never a transcript: the sender pays to read every byte, and the detail is in your commits and files anyway.',
    ]);
    expect(relay.reply({ from: docs.id, ticket, answer: 'all green' })).toBeNull();
    expect(await result).toEqual({ ticket, target: 'docs', status: 'answered', answer: 'all green' });
  });

  it('mints a ticket of 8 lowercase hex characters', async () => {
    const { ticket } = await send();
    expect(ticket).toMatch(/^[0-9a-f]{8}$/);
  });

  it('attributes a send from no session to the command line', async () => {
    await send({ from: '' });
    expect(host.typedAt(docs.id)[0]).toMatch(/^\[lich\] Message relayed by the lich command line, not from your own prompt\./);
  });

  it('names the sender unknown when its id is not in the workspace', async () => {
    await send({ from: 'gone' });
    expect(host.typedAt(docs.id)[0]).toMatch(/^\[lich\] Message from session "unknown", not/);
  });

  it('offers only the command to a target without tools', async () => {
    const { ticket } = await send({ target: 'shell' });
    expect(host.typedAt(shell.id)[0]).toContain(`When you have an answer, send it back by running:\n  "$LICH_BIN" reply ${ticket} "<your answer>"`);
  });

  it('sanitises the prompt before typing it', async () => {
    await send({ prompt: 'run\x1b[2J the tests\r' });
    expect(host.typedAt(docs.id)[0]).toContain('\n\nrun[2J the tests\n\n');
  });

  it('refuses a blank prompt and an oversized one, typing nothing', async () => {
    expect(await refusal(relay.send({ from: planner.id, target: 'docs', project: '', prompt: ' \x1b ', timeoutSeconds: 1 }))).toBe(
      'nothing to send: the prompt is empty',
    );
    expect(
      await refusal(relay.send({ from: planner.id, target: 'docs', project: '', prompt: 'x'.repeat(8193), timeoutSeconds: 1 })),
    ).toBe('prompt is 8193 bytes, over the 8192 limit: name the paths to read instead of pasting their contents');
    expect(host.typed).toEqual([]);
  });

  it('refuses a target it cannot resolve', async () => {
    expect(await refusal(relay.send({ from: planner.id, target: 'nope', project: '', prompt: 'p', timeoutSeconds: 1 }))).toBe(
      'no live session named "nope". Live sessions: "docs" (lich-d0c5), "shell" (lich-5he1).',
    );
    expect(await refusal(relay.send({ from: planner.id, target: '', project: '', prompt: 'p', timeoutSeconds: 1 }))).toBe(
      'no target session given',
    );
  });

  it('comes back pending with the ticket when the wait runs out, and the errand stays open', async () => {
    const { ticket, result } = await send({ timeoutSeconds: 5 });
    await tick(4999);
    let settled = false;
    void result.then(() => (settled = true));
    await tick();
    expect(settled).toBe(false);
    await tick(1);
    expect(await result).toEqual({ ticket, target: 'docs', status: 'pending', answer: '' });
    relay.reply({ from: docs.id, ticket, answer: 'late but here' });
    expect(await relay.wait({ ticket, timeoutSeconds: 1 })).toMatchObject({ status: 'answered', answer: 'late but here' });
  });

  it('waits 100 s for a timeout of zero or less, and caps a longer one at 1800 s', () => {
    expect(waitMs(0)).toBe(100_000);
    expect(waitMs(-5)).toBe(100_000);
    expect(waitMs(Number.NaN)).toBe(100_000);
    expect(waitMs(20)).toBe(20_000);
    expect(waitMs(1800)).toBe(1_800_000);
    expect(waitMs(99_999)).toBe(1_800_000);
  });

  it('holds the line 100 s on a send with timeout 0', async () => {
    const { result } = await send({ target: 'shell', timeoutSeconds: 0 });
    let settled = false;
    void result.then(() => (settled = true));
    await tick(99_999);
    expect(settled).toBe(false);
    await tick(1);
    expect((await result).status).toBe('pending');
  });

  it('lets go of the line when the caller aborts, leaving the errand open', async () => {
    const ac = new AbortController();
    const result = relay.send({ from: planner.id, target: 'docs', project: '', prompt: 'p', timeoutSeconds: 60 }, {}, ac.signal);
    await tick();
    ac.abort();
    const r = await result;
    expect(r.status).toBe('pending');
    relay.reply({ from: docs.id, ticket: r.ticket, answer: 'ok' });
    expect(relay.collectNow({ from: planner.id }).results).toEqual([
      { ticket: r.ticket, target: 'docs', status: 'answered', answer: 'ok' },
    ]);
  });
});

describe('queued delivery', () => {
  it('holds the message until the target is at a prompt, then types it', async () => {
    docs.ready = false;
    const result = relay.send({ from: planner.id, target: 'docs', project: '', prompt: 'p', timeoutSeconds: 1 });
    await tick(1000);
    expect(host.typed).toEqual([]);
    expect((await result).status).toBe('pending');
    docs.ready = true;
    await tick(250);
    expect(host.typedAt(docs.id)).toHaveLength(1);
  });

  it('types the messages held for one session in the order they were sent, whichever poll sees the prompt first', async () => {
    docs.ready = false;
    const sent: Promise<Result>[] = [];
    for (const prompt of ['echo first', 'echo second', 'echo third']) {
      sent.push(relay.send({ from: planner.id, target: 'docs', project: '', prompt, timeoutSeconds: 30 }));
      await tick(100);
    }
    // Just past the first message's poll: the next poll to look is the second's.
    await tick(60);
    docs.ready = true;
    await tick(1000);
    const order = host.typedAt(docs.id).map((t) => /echo (\w+)/.exec(t)?.[1]);
    expect(order).toEqual(['first', 'second', 'third']);
    // Each answer comes back on its own ticket.
    const tickets = host.typedAt(docs.id).map((t) => ticketIn(t));
    for (const [i, ticket] of tickets.entries()) await relay.reply({ from: docs.id, ticket, answer: `answer ${i}` });
    expect((await Promise.all(sent)).map((r) => r.answer)).toEqual(['answer 0', 'answer 1', 'answer 2']);
  });

  it('holds a message sent while an older one still waits for the prompt, even when the prompt is free at once', async () => {
    docs.ready = false;
    void relay.send({ from: planner.id, target: 'docs', project: '', prompt: 'echo older', timeoutSeconds: 30 }).catch(() => undefined);
    await tick(10);
    docs.ready = true;
    void relay.send({ from: planner.id, target: 'docs', project: '', prompt: 'echo newer', timeoutSeconds: 30 }).catch(() => undefined);
    await tick(1000);
    expect(host.typedAt(docs.id).map((t) => /echo (\w+)/.exec(t)?.[1])).toEqual(['older', 'newer']);
  });

  it('gives up with undelivered when the target is not at a prompt within the delivery limit', async () => {
    docs.ready = false;
    const result = relay.send({ from: planner.id, target: 'docs', project: '', prompt: 'p', timeoutSeconds: 1800 });
    await tick(299_999);
    let settled = false;
    void result.then(() => (settled = true));
    await tick();
    expect(settled).toBe(false);
    await tick(1);
    expect(await result).toMatchObject({ status: 'undelivered', target: 'docs' });
    expect(host.typed).toEqual([]);
  });

  it('reports undelivered when the session ends before it reached a prompt', async () => {
    docs.ready = false;
    const result = relay.send({ from: planner.id, target: 'docs', project: '', prompt: 'p', timeoutSeconds: 60 });
    await tick(500);
    host.exit(docs.id);
    expect((await result).status).toBe('undelivered');
  });

  it('notices a session that died without an exit event at its next poll', async () => {
    docs.ready = false;
    const result = relay.send({ from: planner.id, target: 'docs', project: '', prompt: 'p', timeoutSeconds: 60 });
    await tick(100);
    docs.live = false;
    await tick(250);
    expect((await result).status).toBe('undelivered');
  });

  it('reports undelivered when typing fails', async () => {
    host.typeFails.add(docs.id);
    const result = relay.send({ from: planner.id, target: 'docs', project: '', prompt: 'p', timeoutSeconds: 60 });
    await tick();
    expect((await result).status).toBe('undelivered');
  });

  it('drops an undelivered ticket rather than leaving it to expire', async () => {
    host.typeFails.add(docs.id);
    const r = await relay.send({ from: planner.id, target: 'docs', project: '', prompt: 'p', timeoutSeconds: 60 });
    expect(await refusal(relay.wait({ ticket: r.ticket, timeoutSeconds: 1 }))).toBe(
      `ticket "${r.ticket}" is over — its task was never delivered — and that was already reported: nothing more comes on it`,
    );
    expect(await refusal(() => relay.reply({ from: docs.id, ticket: r.ticket, answer: 'x' }))).toBe(
      `ticket "${r.ticket}" is over — its task was never delivered — and takes no answer now`,
    );
  });

  it('says a pending task held for a person’s draft at the target’s prompt is held behind it', async () => {
    docs.draft = true;
    const sent = relay.send({ from: planner.id, target: 'docs', project: '', prompt: 'p', timeoutSeconds: 1 });
    await tick(1000);
    const r = await sent;
    expect(r).toEqual({ ticket: r.ticket, target: 'docs', status: 'pending', answer: '', held: 'draft' });
    expect(host.typed).toEqual([]);
    docs.draft = false;
    docs.ready = false;
    const waited = relay.wait({ ticket: r.ticket, timeoutSeconds: 1 });
    await tick(1000);
    expect(await waited).toEqual({ ticket: r.ticket, target: 'docs', status: 'pending', answer: '' });
  });

  // The draft can reach the prompt between the look that found it free and the write: the
  // terminal refuses then (DraftHeld), and the task is held, never typed over it or lost.
  it('holds a task whose typing met a person’s draft, and types it in send order once the draft is gone', async () => {
    const sent = relay.send({ from: planner.id, target: 'docs', project: '', prompt: 'echo first', timeoutSeconds: 30 });
    docs.draft = true;
    docs.ready = true;
    // `ready` says free (the fake's flag) but the write meets the draft: flip the look back on.
    const ready = host.ready.bind(host);
    host.ready = (id) => (id === docs.id ? docs.live && !docs.setup : ready(id));
    await tick();
    const second = relay.send({ from: planner.id, target: 'docs', project: '', prompt: 'echo second', timeoutSeconds: 30 });
    await tick(2000);
    expect(host.typedAt(docs.id)).toEqual([]);
    docs.draft = false;
    await tick(1000);
    expect(host.typedAt(docs.id).map((t) => /echo (\w+)/.exec(t)?.[1])).toEqual(['first', 'second']);
    const tickets = host.typedAt(docs.id).map((t) => ticketIn(t));
    for (const [i, ticket] of tickets.entries()) relay.reply({ from: docs.id, ticket, answer: `answer ${i}` });
    expect((await Promise.all([sent, second])).map((r) => r.answer)).toEqual(['answer 0', 'answer 1']);
  });

  it('files an undelivered result in the inbox of a sender that stopped waiting', async () => {
    docs.ready = false;
    const sent = relay.send({ from: planner.id, target: 'docs', project: '', prompt: 'p', timeoutSeconds: 1 });
    await tick(1000);
    const r = await sent;
    await tick(300_000);
    expect(relay.collectNow({ from: planner.id }).results).toEqual([{ ...r, status: 'undelivered' }]);
  });
});

describe('never read', () => {
  it('re-types once after 15 s of silence, then reports unread 15 s later and drops the ticket', async () => {
    const { ticket, result } = await send({ timeoutSeconds: 120 });
    await tick(14_999);
    expect(host.typedAt(docs.id)).toHaveLength(1);
    await tick(1);
    expect(host.typedAt(docs.id)).toHaveLength(2);
    expect(host.typedAt(docs.id)[1]).toBe(host.typedAt(docs.id)[0]);
    await tick(14_999);
    let settled = false;
    void result.then(() => (settled = true));
    await tick(0);
    expect(settled).toBe(false);
    await tick(1);
    expect(await result).toEqual({ ticket, target: 'docs', status: 'unread', answer: '' });
    expect(await refusal(relay.wait({ ticket, timeoutSeconds: 1 }))).toBe(
      `ticket "${ticket}" is over — its task was typed and never read — and that was already reported: nothing more comes on it`,
    );
  });

  it('ends the whole never-read wait in half a minute by default', async () => {
    const started = Date.now();
    const { result } = await send({ timeoutSeconds: 120 });
    let at = 0;
    void result.then(() => (at = Date.now()));
    await tick(31_000);
    expect((await result).status).toBe('unread');
    expect(at - started).toBe(30_000);
  });

  it('takes the receipt window as one of the two windows when it is set', async () => {
    relay.close();
    relay = new Relay(host, { receiptWindowMs: 2_000 });
    const { result } = await send({ timeoutSeconds: 120 });
    await tick(2_000);
    expect(host.typedAt(docs.id)).toHaveLength(2);
    await tick(2_000);
    expect((await result).status).toBe('unread');
  });

  it('takes a busy within the window as the message read', async () => {
    const { result } = await send({ timeoutSeconds: 120 });
    await tick(10_000);
    report(docs, 'busy');
    await tick(110_000);
    expect(host.typedAt(docs.id)).toHaveLength(1);
    expect((await result).status).toBe('pending');
  });

  it('takes a busy after the re-type as read', async () => {
    const { result } = await send({ timeoutSeconds: 120 });
    await tick(15_000);
    report(docs, 'busy');
    await tick(105_000);
    expect((await result).status).toBe('pending');
  });

  it('never judges a target that reports no state', async () => {
    const { result } = await send({ target: 'shell', timeoutSeconds: 120 });
    await tick(120_000);
    expect(host.typedAt(shell.id)).toHaveLength(1);
    expect((await result).status).toBe('pending');
  });

  it('never judges a target that was busy at delivery', async () => {
    docs.state = 'busy';
    const { result } = await send({ timeoutSeconds: 120 });
    await tick(120_000);
    expect(host.typedAt(docs.id)).toHaveLength(1);
    expect((await result).status).toBe('pending');
  });
});

describe('unanswered', () => {
  it('ends the errand when the turn it started ends without an answer', async () => {
    const { ticket, result } = await send({ timeoutSeconds: 120 });
    report(docs, 'busy');
    report(docs, 'done');
    expect(await result).toEqual({ ticket, target: 'docs', status: 'unanswered', answer: '' });
  });

  it('does not end the errand with the turn that was already running at delivery', async () => {
    docs.state = 'busy';
    relay.observe(docs.id, 'busy');
    const { result } = await send({ timeoutSeconds: 120 });
    report(docs, 'busy');
    report(docs, 'done');
    let settled = false;
    void result.then(() => (settled = true));
    await tick();
    expect(settled).toBe(false);
    report(docs, 'busy');
    report(docs, 'done');
    expect((await result).status).toBe('unanswered');
  });

  it('does not end an errand on a done that saw no busy', async () => {
    const { result } = await send({ timeoutSeconds: 5 });
    report(docs, 'done');
    await tick(5000);
    expect((await result).status).toBe('pending');
  });

  it('keeps the turn through waiting: a permission prompt is not a turn end', async () => {
    const { result } = await send({ timeoutSeconds: 5 });
    report(docs, 'busy');
    report(docs, 'waiting');
    report(docs, 'busy');
    await tick(5000);
    expect((await result).status).toBe('pending');
  });

  it('ends every delivered errand at a session whose agent ended (idle)', async () => {
    const a = await send({ timeoutSeconds: 60 });
    const b = await send({ timeoutSeconds: 60, prompt: 'build the docs' });
    report(docs, 'idle');
    expect((await a.result).status).toBe('unanswered');
    expect((await b.result).status).toBe('unanswered');
  });

  it('leaves a message still held for a prompt alone on idle', async () => {
    docs.ready = false;
    const result = relay.send({ from: planner.id, target: 'docs', project: '', prompt: 'p', timeoutSeconds: 5 });
    await tick();
    report(docs, 'idle');
    await tick(5000);
    expect((await result).status).toBe('pending');
  });

  it('ends delivered errands as unanswered when the session exits, closed: no late answer can come', async () => {
    const { ticket, result } = await send({ timeoutSeconds: 60 });
    host.exit(docs.id);
    expect(await result).toEqual({ ticket, target: 'docs', status: 'unanswered', answer: '', closed: true });
    expect(await refusal(() => relay.reply({ from: docs.id, ticket, answer: 'late' }))).toBe(
      `ticket "${ticket}" is over — its session ended before it answered — and takes no answer now`,
    );
    expect(await refusal(relay.wait({ ticket, timeoutSeconds: 1 }))).toBe(
      `ticket "${ticket}" is over — its session ended before it answered — and that was already reported: nothing more comes on it`,
    );
  });

  it('takes no late answer once the session of an errand that ended unanswered exits too, and says so if it was not collected yet', async () => {
    const collected = await sendAndLetGo();
    const uncollected = await sendAndLetGo({ from: '' });
    report(docs, 'busy');
    report(docs, 'done');
    expect(await relay.wait({ ticket: collected, timeoutSeconds: 1 })).toEqual({ ticket: collected, target: 'docs', status: 'unanswered', answer: '' });
    host.exit(docs.id);
    expect(await refusal(() => relay.reply({ from: docs.id, ticket: collected, answer: 'late' }))).toBe(
      `ticket "${collected}" is over — its session ended before it answered — and takes no answer now`,
    );
    expect(await relay.wait({ ticket: uncollected, timeoutSeconds: 1 })).toEqual({
      ticket: uncollected,
      target: 'docs',
      status: 'unanswered',
      answer: '',
      closed: true,
    });
  });

  it('still files a late answer in the sender’s inbox for the hour after, taken once', async () => {
    const ticket = await sendAndLetGo();
    report(docs, 'busy');
    report(docs, 'done');
    // The unanswered outcome is carried out first…
    expect(relay.collectNow({ from: planner.id }).results).toEqual([{ ticket, target: 'docs', status: 'unanswered', answer: '' }]);
    // …a wait before the late answer lands says how the errand ended…
    expect(await relay.wait({ ticket, timeoutSeconds: 1 })).toMatchObject({ status: 'unanswered' });
    await tick(30 * 60_000);
    relay.reply({ from: docs.id, ticket, answer: 'finished in the background' });
    expect(relay.collectNow({ from: planner.id }).results).toEqual([
      { ticket, target: 'docs', status: 'answered', answer: 'finished in the background' },
    ]);
    // …and it is taken once.
    expect(await refusal(() => relay.reply({ from: docs.id, ticket, answer: 'again' }))).toBe(`ticket "${ticket}" was already answered`);
    expect(await refusal(relay.wait({ ticket, timeoutSeconds: 1 }))).toBe(
      `ticket "${ticket}" was answered, and its answer was already collected: an answer is handed over once`,
    );
  });

  it('lets a late answer replace an unanswered outcome nobody collected yet', async () => {
    const ticket = await sendAndLetGo();
    report(docs, 'busy');
    report(docs, 'done');
    relay.reply({ from: docs.id, ticket, answer: 'here it is' });
    expect(relay.collectNow({ from: planner.id }).results).toEqual([{ ticket, target: 'docs', status: 'answered', answer: 'here it is' }]);
  });

  it('takes no late answer once the hour after the turn ended is over: the ticket expired', async () => {
    const ticket = await sendAndLetGo();
    report(docs, 'busy');
    report(docs, 'done');
    host.skew += hour;
    expect(await refusal(() => relay.reply({ from: docs.id, ticket, answer: 'too late' }))).toBe(
      `ticket "${ticket}" expired — nobody answered it within its hour — and takes no answer now`,
    );
    expect(await relay.wait({ ticket, timeoutSeconds: 1 })).toMatchObject({ status: 'expired' });
  });

  describe('a turn that ends with two requests open', () => {
    it('sends both home unanswered and tells the session to name its tickets', async () => {
      const a = await send({ timeoutSeconds: 60, prompt: 'run the tests and report the failures' });
      const b = await send({ timeoutSeconds: 60, prompt: 'build the docs', from: '' });
      report(docs, 'busy');
      report(docs, 'done');
      expect((await a.result).status).toBe('unanswered');
      expect((await b.result).status).toBe('unanswered');
      await tick();
      expect(host.typedAt(docs.id).at(-1)).toBe(
        '[lich] Your turn ended with no answer sent, so 2 requests went back to their senders unanswered:\n' +
          `  ${a.ticket}   — run the tests and report the failures\n` +
          `  ${b.ticket}   — build the docs\n` +
          'Nothing outside this session can say which of them that turn was, which is why none of them could be answered for you. ' +
          'One you are still working on still takes its answer, and every answer from here on has to name its ticket: lich reply <ticket> "<answer>".',
      );
      // One still being worked on takes its answer late.
      relay.reply({ from: docs.id, ticket: b.ticket, answer: 'docs built' });
      expect(await relay.wait({ ticket: b.ticket, timeoutSeconds: 1 })).toMatchObject({ status: 'answered', answer: 'docs built' });
    });

    it('waits for a free prompt before typing the note', async () => {
      await send({ timeoutSeconds: 1 });
      await send({ timeoutSeconds: 1 });
      await tick(1000);
      report(docs, 'busy');
      docs.ready = false;
      report(docs, 'done');
      await tick(1000);
      expect(host.typedAt(docs.id)).toHaveLength(2);
      docs.ready = true;
      await tick(250);
      expect(host.typedAt(docs.id)[2]).toMatch(/^\[lich\] Your turn ended with no answer sent, so 2 requests/);
    });

    it('closes only the one whose turn it was when the other arrived mid-turn', async () => {
      const a = await send({ timeoutSeconds: 60 });
      report(docs, 'busy');
      const b = await send({ timeoutSeconds: 5, prompt: 'second' });
      report(docs, 'done');
      expect((await a.result).status).toBe('unanswered');
      await tick(5000);
      expect((await b.result).status).toBe('pending');
      expect(host.typedAt(docs.id)).toHaveLength(2); // no pick-ticket note
    });
  });

  // issue 14, item 2: three tasks sent to one session 0.2 s apart; the second and third were
  // typed behind the first's turn, and the turn that answered the second also ended the third
  // `unanswered`, though the next turn answered it. A turn settles only what it is known to
  // have read: what was typed before the newest errand it answered, else the oldest queued one.
  describe('a turn settles only the errands it is known to have read', () => {
    const pendingNow = async (result: Promise<Result>) => {
      let settled = false;
      void result.then(() => (settled = true));
      await tick();
      return !settled;
    };

    it('leaves a task queued behind the turn that answered the one before it open for the next turn', async () => {
      const one = await send({ timeoutSeconds: 60, prompt: 'sleep 2; echo one' });
      report(docs, 'busy');
      const two = await send({ timeoutSeconds: 60, prompt: 'echo two' });
      const three = await send({ timeoutSeconds: 60, prompt: 'echo three' });
      relay.reply({ from: docs.id, ticket: one.ticket, answer: 'one' });
      report(docs, 'done');
      report(docs, 'busy');
      relay.reply({ from: docs.id, ticket: two.ticket, answer: 'two' });
      report(docs, 'done');
      expect(await pendingNow(three.result)).toBe(true);
      report(docs, 'busy');
      relay.reply({ from: docs.id, ticket: three.ticket, answer: 'three' });
      report(docs, 'done');
      expect(await three.result).toEqual({ ticket: three.ticket, target: 'docs', status: 'answered', answer: 'three' });
    });

    it('ends the oldest queued task alone when a turn answers none, the next with the turn after', async () => {
      await send({ timeoutSeconds: 60 });
      report(docs, 'busy');
      const two = await send({ timeoutSeconds: 60, prompt: 'two' });
      const three = await send({ timeoutSeconds: 60, prompt: 'three' });
      report(docs, 'done');
      report(docs, 'busy');
      report(docs, 'done');
      expect((await two.result).status).toBe('unanswered');
      expect(await pendingNow(three.result)).toBe(true);
      report(docs, 'busy');
      report(docs, 'done');
      expect((await three.result).status).toBe('unanswered');
      await tick();
      expect(host.typedAt(docs.id).some((t) => t.startsWith('[lich] Your turn ended'))).toBe(false);
    });

    it('ends the tasks typed before the one a turn answered, and types no pick-ticket note: an answer was sent', async () => {
      await send({ timeoutSeconds: 60 });
      report(docs, 'busy');
      const two = await send({ timeoutSeconds: 60, prompt: 'two' });
      const three = await send({ timeoutSeconds: 60, prompt: 'three' });
      const four = await send({ timeoutSeconds: 60, prompt: 'four' });
      report(docs, 'done');
      report(docs, 'busy');
      relay.reply({ from: docs.id, ticket: three.ticket, answer: 'three, and two with it' });
      report(docs, 'done');
      expect((await two.result).status).toBe('unanswered');
      expect((await three.result).status).toBe('answered');
      expect(await pendingNow(four.result)).toBe(true);
      await tick();
      expect(host.typedAt(docs.id).some((t) => t.startsWith('[lich] Your turn ended'))).toBe(false);
    });

    it('leaves the second of two tasks typed at a free prompt open when the turn answered the first', async () => {
      const a = await send({ timeoutSeconds: 60, prompt: 'first' });
      const b = await send({ timeoutSeconds: 60, prompt: 'second' });
      report(docs, 'busy');
      relay.reply({ from: docs.id, ticket: a.ticket, answer: 'first done' });
      report(docs, 'done');
      expect(await pendingNow(b.result)).toBe(true);
      report(docs, 'busy');
      relay.reply({ from: docs.id, ticket: b.ticket, answer: 'second done' });
      report(docs, 'done');
      expect((await b.result).status).toBe('answered');
    });
  });

  it('says nothing at a turn end while the session waits on an errand of its own', async () => {
    const { result } = await send({ timeoutSeconds: 60 });
    const own = relay.send({ from: docs.id, target: 'shell', project: '', prompt: 'look this up', timeoutSeconds: 1 });
    await tick(1000);
    expect((await own).status).toBe('pending');
    report(docs, 'busy');
    report(docs, 'done');
    await tick();
    let settled = false;
    void result.then(() => (settled = true));
    await tick();
    expect(settled).toBe(false);
    // Its own errand's outcome reaches its prompt; the turn that starts is the one read.
    relay.reply({ from: shell.id, ticket: (await own).ticket, answer: 'found it' });
    await tick(2000);
    expect(host.typedAt(docs.id).at(-1)).toMatch(/^\[lich\] The task you sent "shell" has its result ready\./);
    report(docs, 'busy');
    report(docs, 'done');
    expect((await result).status).toBe('unanswered');
  });
});

describe('reply', () => {
  it('refuses a second answer to one ticket', async () => {
    const { ticket, result } = await send({ timeoutSeconds: 60 });
    relay.reply({ from: docs.id, ticket, answer: 'one' });
    await result;
    expect(await refusal(() => relay.reply({ from: docs.id, ticket, answer: 'two' }))).toBe(`ticket "${ticket}" was already answered`);
  });

  it('refuses a second answer while the first still waits to be collected', async () => {
    const ticket = await sendAndLetGo();
    relay.reply({ from: docs.id, ticket, answer: 'one' });
    expect(await refusal(() => relay.reply({ from: docs.id, ticket, answer: 'two' }))).toBe(`ticket "${ticket}" was already answered`);
  });

  // A relayed message typed glued to a person's draft went to a shell as one line: it ran the
  // message's own reply line, and the ticket was answered `<your answer>`, exit 0.
  it('refuses the placeholder of the message’s reply line in every prompt language, and keeps the errand open', async () => {
    const { ticket, result } = await send({ timeoutSeconds: 60 });
    for (const placeholder of ['<your answer>', '"<your answer>"', '<sua resposta>', '<tu respuesta>', '<你的回答>', '<answer>', ' <YOUR ANSWER>\n']) {
      expect(await refusal(() => relay.reply({ from: docs.id, ticket, answer: placeholder }))).toMatch(
        /^the answer is the placeholder "<[^"]+>" of the task's reply line, not an answer — nothing was sent: reply again with the answer in its place$/,
      );
    }
    relay.reply({ from: docs.id, ticket, answer: 'my answer is <your answer>' });
    expect(await result).toMatchObject({ status: 'answered', answer: 'my answer is <your answer>' });
  });

  it('refuses an unknown ticket', async () => {
    expect(await refusal(() => relay.reply({ from: docs.id, ticket: 'deadbeef', answer: 'x' }))).toBe(
      'unknown ticket "deadbeef" — it was answered already, or expired',
    );
  });

  it('sanitises the answer and cuts it at 64 KiB', async () => {
    const { ticket, result } = await send({ timeoutSeconds: 60 });
    relay.reply({ from: docs.id, ticket, answer: 'ok\x1b[0m\r\n' + 'z'.repeat(70_000) });
    const r = await result;
    expect(r.answer.startsWith('ok[0m\nzzz')).toBe(true);
    expect(Buffer.byteLength(r.answer)).toBe(65_536);
  });

  describe('without a ticket', () => {
    it('answers the one request open against the calling session', async () => {
      const { ticket, result } = await send({ timeoutSeconds: 60 });
      expect(relay.reply({ from: docs.id, ticket: '', answer: 'done' })).toBeNull();
      expect(await result).toEqual({ ticket, target: 'docs', status: 'answered', answer: 'done' });
    });

    it('refuses outside a session', async () => {
      expect(await refusal(() => relay.reply({ from: '', ticket: '', answer: 'x' }))).toBe(
        'answering without a ticket needs a session of your own — name it instead: lich reply <ticket> "<answer>"',
      );
    });

    it('refuses with nothing open', async () => {
      expect(await refusal(() => relay.reply({ from: docs.id, ticket: '', answer: 'x' }))).toBe(
        'no open request to answer — nobody is waiting on this session',
      );
    });

    it('never picks a message still held for a prompt', async () => {
      docs.ready = false;
      void relay.send({ from: planner.id, target: 'docs', project: '', prompt: 'p', timeoutSeconds: 1 });
      await tick();
      expect(await refusal(() => relay.reply({ from: docs.id, ticket: '', answer: 'x' }))).toBe(
        'no open request to answer — nobody is waiting on this session',
      );
    });

    it('never picks a message whose Enter is not sent yet', async () => {
      host.typeDelayMs = 3000;
      void relay.send({ from: planner.id, target: 'docs', project: '', prompt: 'p', timeoutSeconds: 10 });
      await tick(1000);
      expect(host.typedAt(docs.id)).toHaveLength(1);
      expect(await refusal(() => relay.reply({ from: docs.id, ticket: '', answer: 'x' }))).toBe(
        'no open request to answer — nobody is waiting on this session',
      );
      await tick(2000);
      expect(relay.reply({ from: docs.id, ticket: '', answer: 'x' })).toBeNull();
    });

    it('refuses with two open, listing each ticket and what it asked in hand-off order', async () => {
      const a = await send({ prompt: 'run   the tests\nand report the failures' });
      const b = await send({ prompt: 'build the docs, then ' + 'check every link in them '.repeat(5) });
      expect(await refusal(() => relay.reply({ from: docs.id, ticket: '', answer: 'x' }))).toBe(
        '2 requests are open against this session, and an answer that names no ticket would close the wrong one. Name the ticket the answer belongs to:\n' +
          `  lich reply ${a.ticket} "<answer>"   — run the tests and report the failures\n` +
          `  lich reply ${b.ticket} "<answer>"   — build the docs, then check every link in them check every link in them c…`,
      );
    });
  });
});

describe('wait on a ticket', () => {
  it('hands over a result that came back unattended on the spot, once', async () => {
    const ticket = await sendAndLetGo();
    relay.reply({ from: docs.id, ticket, answer: 'ok' });
    expect(await relay.wait({ ticket, timeoutSeconds: 60 })).toEqual({ ticket, target: 'docs', status: 'answered', answer: 'ok' });
    // A second later it is not "answered long ago" (issue 22): it was answered and collected.
    expect(await refusal(relay.wait({ ticket, timeoutSeconds: 60 }))).toBe(
      `ticket "${ticket}" was answered, and its answer was already collected: an answer is handed over once`,
    );
    expect(relay.collectNow({ from: planner.id }).results).toEqual([]);
  });

  it('holds the line until the answer comes', async () => {
    const ticket = await sendAndLetGo();
    const waiting = relay.wait({ ticket, timeoutSeconds: 60 });
    await tick(10_000);
    relay.reply({ from: docs.id, ticket, answer: 'ok' });
    expect((await waiting).status).toBe('answered');
  });

  it('refuses an unknown ticket', async () => {
    expect(await refusal(relay.wait({ ticket: 'deadbeef', timeoutSeconds: 1 }))).toBe(
      'unknown ticket "deadbeef" — it was answered long ago, or expired',
    );
  });

  it('lets go on abort like a wait that ran out: the result then goes to the inbox', async () => {
    const ticket = await sendAndLetGo();
    const ac = new AbortController();
    const waiting = relay.wait({ ticket, timeoutSeconds: 60 }, ac.signal);
    ac.abort();
    expect((await waiting).status).toBe('pending');
    relay.reply({ from: docs.id, ticket, answer: 'ok' });
    expect(relay.collectNow({ from: planner.id }).results.map((r) => r.status)).toEqual(['answered']);
  });
});

describe('expiry', () => {
  it('expires a ticket nobody answered within the hour, and says so for one more hour', async () => {
    const ticket = await sendAndLetGo();
    host.skew += hour;
    expect(await relay.wait({ ticket, timeoutSeconds: 1 })).toEqual({ ticket, target: 'docs', status: 'expired', answer: '' });
    expect(await refusal(() => relay.reply({ from: docs.id, ticket, answer: 'x' }))).toBe(
      `ticket "${ticket}" expired — nobody answered it within its hour — and takes no answer now`,
    );
    host.skew += hour - 1;
    expect((await relay.wait({ ticket, timeoutSeconds: 1 })).status).toBe('expired');
    host.skew += 1;
    expect(await refusal(relay.wait({ ticket, timeoutSeconds: 1 }))).toBe(
      `unknown ticket "${ticket}" — it was answered long ago, or expired`,
    );
  });

  it('counts the hour from the last wait that gave up', async () => {
    // A target that reports no state, so no never-read verdict ends the errand first.
    const ticket = await sendAndLetGo({ target: 'shell' });
    host.skew += hour - 60_000;
    const w = relay.wait({ ticket, timeoutSeconds: 30 });
    await tick(30_000);
    expect((await w).status).toBe('pending');
    host.skew += 60_000;
    // Past the hour since the send, but under an hour since the wait let go.
    const again = relay.wait({ ticket, timeoutSeconds: 0.001 });
    await tick(1);
    expect((await again).status).toBe('pending');
  });

  it('never expires a ticket under somebody waiting on it', async () => {
    const ticket = await sendAndLetGo({ target: 'shell' });
    const w = relay.wait({ ticket, timeoutSeconds: 1800 });
    host.skew += 2 * hour;
    await tick(60_000); // the sweep runs
    relay.reply({ from: shell.id, ticket, answer: 'still here' });
    expect(await w).toMatchObject({ status: 'answered', answer: 'still here' });
  });

  it('announces nothing for an expired ticket, and drops it from the open list', async () => {
    await sendAndLetGo({ target: 'shell' });
    expect(relay.collectNow({ from: planner.id }).open).toEqual(['shell']);
    host.skew += hour;
    await tick(60_000);
    expect(relay.collectNow({ from: planner.id })).toEqual({ results: [], open: [] });
    expect(host.typedAt(planner.id)).toEqual([]);
  });

  it('expires a result nobody collected within its hour', async () => {
    const ticket = await sendAndLetGo();
    relay.reply({ from: docs.id, ticket, answer: 'ok' });
    host.skew += hour;
    expect(relay.collectNow({ from: planner.id }).results).toEqual([]);
    expect((await relay.wait({ ticket, timeoutSeconds: 1 })).status).toBe('expired');
  });

  it('forgets everything after the grace hour, through the sweep alone', async () => {
    const a = await sendAndLetGo({ target: 'shell' });
    const b = await sendAndLetGo({ target: 'shell' });
    relay.reply({ from: shell.id, ticket: b, answer: 'ok' });
    await relay.wait({ ticket: b, timeoutSeconds: 1 });
    const books = () => (relay as unknown as { book: { size(): { errands: number; tombstones: number } } }).book.size();
    expect(books().errands).toBe(1);
    expect(books().tombstones).toBe(1);
    await tick(hour + 60_000);
    expect(books().errands).toBe(0);
    expect(books().tombstones).toBe(1); // the expired one, for its grace hour
    await tick(hour);
    expect(books().errands).toBe(0);
    expect(books().tombstones).toBe(0);
    expect(await refusal(relay.wait({ ticket: a, timeoutSeconds: 1 }))).toMatch(/^unknown ticket/);
  });
});

describe('collect', () => {
  it('refuses outside a session', async () => {
    const text = 'collecting needs a session of your own — outside one, wait on the ticket instead: lich wait <ticket>';
    expect(await refusal(relay.collect({ from: '', timeoutSeconds: 1 }))).toBe(text);
    expect(await refusal(() => relay.collectNow({ from: '' }))).toBe(text);
  });

  it('returns at once with nothing ready and nothing open', async () => {
    expect(await relay.collect({ from: planner.id, timeoutSeconds: 60 })).toEqual({ results: [], open: [] });
  });

  it('returns every ready result oldest first, and who still owes one, sorted and deduplicated', async () => {
    host.add({ id: 'a9i0', label: 'api' });
    const t1 = await sendAndLetGo({ target: 'shell' });
    const t2 = await sendAndLetGo();
    await sendAndLetGo({ target: 'docs' });
    await sendAndLetGo({ target: 'api' });
    await sendAndLetGo({ target: 'api' });
    relay.reply({ from: docs.id, ticket: t2, answer: 'second' });
    relay.reply({ from: shell.id, ticket: t1, answer: 'first' });
    expect(await relay.collect({ from: planner.id, timeoutSeconds: 60 })).toEqual({
      results: [
        { ticket: t2, target: 'docs', status: 'answered', answer: 'second' },
        { ticket: t1, target: 'shell', status: 'answered', answer: 'first' },
      ],
      open: ['api', 'docs'],
    });
    expect(relay.collectNow({ from: planner.id }).results).toEqual([]);
  });

  it('holds the line for the next result when nothing is ready and errands are open', async () => {
    const ticket = await sendAndLetGo();
    const c = relay.collect({ from: planner.id, timeoutSeconds: 60 });
    await tick(5000);
    relay.reply({ from: docs.id, ticket, answer: 'ok' });
    expect(await c).toEqual({ results: [{ ticket, target: 'docs', status: 'answered', answer: 'ok' }], open: [] });
  });

  it('comes back empty when it runs out, taking nothing that lands afterwards', async () => {
    const ticket = await sendAndLetGo();
    const c = relay.collect({ from: planner.id, timeoutSeconds: 10 });
    await tick(10_000);
    expect(await c).toEqual({ results: [], open: ['docs'] });
    relay.reply({ from: docs.id, ticket, answer: 'ok' });
    expect(relay.collectNow({ from: planner.id }).results).toHaveLength(1);
  });

  it('lets go on abort and takes nothing with it', async () => {
    const ticket = await sendAndLetGo();
    const ac = new AbortController();
    const c = relay.collect({ from: planner.id, timeoutSeconds: 60 }, ac.signal);
    ac.abort();
    expect(await c).toEqual({ results: [], open: ['docs'] });
    relay.reply({ from: docs.id, ticket, answer: 'ok' });
    await tick(2000);
    expect(host.typedAt(planner.id)).toHaveLength(1); // nudged like any other
    expect(relay.collectNow({ from: planner.id }).results).toHaveLength(1);
  });

  it('returns from holding when the last open errand ends with nothing to announce', async () => {
    await sendAndLetGo({ target: 'shell' });
    const c = relay.collect({ from: planner.id, timeoutSeconds: 1800 });
    host.skew += hour;
    await tick(60_000);
    expect(await c).toEqual({ results: [], open: [] });
  });

  it('never holds the line with collectNow', async () => {
    await sendAndLetGo();
    expect(relay.collectNow({ from: planner.id })).toEqual({ results: [], open: ['docs'] });
  });

  it('keeps a command-line sender’s result for its ticket alone', async () => {
    const ticket = await sendAndLetGo({ from: '' });
    relay.reply({ from: docs.id, ticket, answer: 'ok' });
    await tick(5000);
    expect(host.typed.filter((t) => t.id !== docs.id)).toEqual([]);
    expect(await relay.wait({ ticket, timeoutSeconds: 1 })).toMatchObject({ status: 'answered' });
  });
});

describe('nudges', () => {
  const one = '[lich] The task you sent "docs" has its result ready. To collect everything at once, run:\n  "$LICH_BIN" wait';

  it('types one nudge at the sender 2 s after a result lands', async () => {
    const ticket = await sendAndLetGo();
    relay.reply({ from: docs.id, ticket, answer: 'ok' });
    await tick(1999);
    expect(host.typedAt(planner.id)).toEqual([]);
    await tick(1);
    expect(host.typedAt(planner.id)).toEqual([one]);
  });

  it('offers the tool to a sender that has lich’s tools', async () => {
    const ticket = await sendAndLetGo({ from: docs.id, target: 'shell' });
    relay.reply({ from: shell.id, ticket, answer: 'ok' });
    await tick(2000);
    expect(host.typedAt(docs.id).at(-1)).toBe(
      '[lich] The task you sent "shell" has its result ready. To collect everything at once, call the lich tool `wait_for_answer` with no ticket, or run:\n  "$LICH_BIN" wait',
    );
  });

  it('batches results that land within the debounce into one nudge', async () => {
    const t1 = await sendAndLetGo();
    const t2 = await sendAndLetGo({ target: 'shell' });
    relay.reply({ from: docs.id, ticket: t1, answer: 'a' });
    await tick(1000);
    relay.reply({ from: shell.id, ticket: t2, answer: 'b' });
    await tick(1000);
    expect(host.typedAt(planner.id)).toEqual([
      '[lich] Results from 2 tasks you sent are ready ("docs", "shell"). To collect everything at once, run:\n  "$LICH_BIN" wait',
    ]);
  });

  it('announces each result once, counting every result still waiting', async () => {
    const t1 = await sendAndLetGo();
    const t2 = await sendAndLetGo();
    relay.reply({ from: docs.id, ticket: t1, answer: 'a' });
    await tick(2000);
    report(planner, 'busy');
    report(planner, 'done');
    await tick(5000);
    expect(host.typedAt(planner.id)).toEqual([one]);
    relay.reply({ from: docs.id, ticket: t2, answer: 'b' });
    await tick(2000);
    expect(host.typedAt(planner.id)).toEqual([
      one,
      '[lich] Results from 2 tasks you sent are ready ("docs"). To collect everything at once, run:\n  "$LICH_BIN" wait',
    ]);
  });

  it('holds the nudge while the sender is busy and types it when its turn ends', async () => {
    const ticket = await sendAndLetGo();
    report(planner, 'busy');
    relay.reply({ from: docs.id, ticket, answer: 'ok' });
    await tick(10_000);
    expect(host.typedAt(planner.id)).toEqual([]);
    report(planner, 'waiting');
    await tick(10_000);
    expect(host.typedAt(planner.id)).toEqual([]);
    report(planner, 'done');
    await tick();
    expect(host.typedAt(planner.id)).toEqual([one]);
  });

  it('waits for the sender to be at a free prompt', async () => {
    const ticket = await sendAndLetGo();
    planner.ready = false;
    relay.reply({ from: docs.id, ticket, answer: 'ok' });
    await tick(5000);
    expect(host.typedAt(planner.id)).toEqual([]);
    planner.ready = true;
    await tick(250);
    expect(host.typedAt(planner.id)).toEqual([one]);
  });

  it('types nothing for a caller still waiting on the ticket', async () => {
    const { ticket, result } = await send({ timeoutSeconds: 60 });
    relay.reply({ from: docs.id, ticket, answer: 'ok' });
    await result;
    await tick(5000);
    expect(host.typedAt(planner.id)).toEqual([]);
  });

  it('types nothing for a sender collecting with no ticket', async () => {
    const ticket = await sendAndLetGo();
    const c = relay.collect({ from: planner.id, timeoutSeconds: 60 });
    relay.reply({ from: docs.id, ticket, answer: 'ok' });
    expect((await c).results).toHaveLength(1);
    await tick(5000);
    expect(host.typedAt(planner.id)).toEqual([]);
  });

  it('types nothing for a result collected before the debounce ran out', async () => {
    const ticket = await sendAndLetGo();
    relay.reply({ from: docs.id, ticket, answer: 'ok' });
    relay.collectNow({ from: planner.id });
    await tick(5000);
    expect(host.typedAt(planner.id)).toEqual([]);
  });

  it('un-marks the results of a nudge that failed, so the next one names them', async () => {
    const t1 = await sendAndLetGo();
    const t2 = await sendAndLetGo({ target: 'shell' });
    host.typeFails.add(planner.id);
    relay.reply({ from: docs.id, ticket: t1, answer: 'a' });
    await tick(2000);
    expect(host.typedAt(planner.id)).toEqual([]);
    host.typeFails.delete(planner.id);
    // A turn end retries what failed.
    report(planner, 'done');
    await tick();
    expect(host.typedAt(planner.id)).toEqual([one]);
    relay.reply({ from: shell.id, ticket: t2, answer: 'b' });
    await tick(2000);
    expect(host.typedAt(planner.id)).toHaveLength(2);
  });

  it('nudges a sender that stopped waiting about an unanswered errand too', async () => {
    await sendAndLetGo();
    report(docs, 'busy');
    report(docs, 'done');
    await tick(2000);
    expect(host.typedAt(planner.id)).toEqual([one]);
  });

  it('never nudges a sender whose session is gone', async () => {
    const ticket = await sendAndLetGo();
    host.exit(planner.id);
    relay.reply({ from: docs.id, ticket, answer: 'ok' });
    await tick(5000);
    expect(host.typedAt(planner.id)).toEqual([]);
  });
});

describe('private errands', () => {
  it('keeps the result for its ticket alone: no nudge, no collect, not open', async () => {
    const { ticket, result } = await send({ private: true });
    await tick(1000);
    expect(await result).toEqual({ ticket, target: 'docs', status: 'pending', answer: '', private: true });
    expect(relay.collectNow({ from: planner.id })).toEqual({ results: [], open: [] });
    relay.reply({ from: docs.id, ticket, answer: 'mine' });
    await tick(5000);
    expect(host.typedAt(planner.id)).toEqual([]);
    expect(relay.collectNow({ from: planner.id })).toEqual({ results: [], open: [] });
    expect(await relay.wait({ ticket, timeoutSeconds: 1 })).toEqual({
      ticket,
      target: 'docs',
      status: 'answered',
      answer: 'mine',
      private: true,
    });
  });

  it('marks every outcome of a private errand private', async () => {
    const { result } = await send({ private: true, timeoutSeconds: 60 });
    report(docs, 'busy');
    report(docs, 'done');
    expect(await result).toMatchObject({ status: 'unanswered', private: true });
  });

  it('does not hold a collect open for a private errand', async () => {
    await send({ private: true });
    await tick(1000);
    expect(await relay.collect({ from: planner.id, timeoutSeconds: 60 })).toEqual({ results: [], open: [] });
  });

  it('drops an uncollected private result silently after the hour; wait then says expired', async () => {
    const { ticket } = await send({ private: true });
    await tick(1000);
    relay.reply({ from: docs.id, ticket, answer: 'mine' });
    host.skew += hour;
    await tick(60_000);
    expect(host.typedAt(planner.id)).toEqual([]);
    expect(await relay.wait({ ticket, timeoutSeconds: 1 })).toEqual({ ticket, target: 'docs', status: 'expired', answer: '', private: true });
  });
});

describe('close', () => {
  it('lets go of every caller holding the line and stops its timers', async () => {
    const { result } = await send({ timeoutSeconds: 600 });
    const c = relay.collect({ from: planner.id, timeoutSeconds: 600 });
    relay.close();
    expect((await result).status).toBe('pending');
    expect(await c).toEqual({ results: [], open: ['docs'] });
    expect(vi.getTimerCount()).toBe(0);
  });
});
