// The relay journey through the CLI: send and its answer, the ticket a wait that ran out
// hands back, the nudge at a sending session's prompt and the collect it asks for, and a
// private errand. spec/cli.md § lich send, § lich wait, § The answer is announced, and
// collected, § Private errands; wire.md § 7.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AgentLog,
  Backend,
  exampleProvider,
  inertProvider,
  makeRepo,
  pendingText,
  privatePendingText,
  q,
  ticketOf,
  type Session,
} from './harness.js';
import { shellQuote } from '@lich/core/quote';

let b: Backend;
let log: AgentLog;
let repo: string;
let w1: Session;
let w2: Session;
let orch: Session;
let sender: Session;

beforeAll(async () => {
  b = await Backend.start({ providers: ({ log }) => ({ example: exampleProvider(log), inert: inertProvider() }) });
  log = b.log;
  repo = makeRepo(b.home, 'relay-repo', 3);
  w1 = await b.open(repo, 'example');
  w2 = await b.open(repo, 'example');
  orch = await b.open(repo, 'example');
  sender = await b.open(repo, 'inert');
  await Promise.all([log.ready(w1.id), log.ready(w2.id), log.ready(orch.id)]);
});

afterAll(async () => {
  if (!b) return;
  const violations = b.violations;
  await b.close();
  expect(violations).toEqual([]);
});

describe('lich send', () => {
  it('prints the answer alone and exits 0 when the target answers in time', async () => {
    const r = await b.lich(['send', w1.label, 'git rev-list --count HEAD']);
    expect(r).toEqual({ code: 0, stdout: '3\n', stderr: '' });
    const task = await log.waitFor(w1.id, (e) => e.event === 'task', 'the task');
    expect(task.origin).toBe('');
    expect(task.prompt).toBe('git rev-list --count HEAD');
  });

  it('runs the task in the target session checkout', async () => {
    const r = await b.lich(['send', w1.label, 'pwd; git log -1 --format=%s']);
    expect(r).toEqual({ code: 0, stdout: `${repo}\ncommit 3\n`, stderr: '' });
  });

  it('reaches a session by its roster name and by its lich id', async () => {
    expect(await b.lich(['send', w1.name, 'echo by-name'])).toEqual({ code: 0, stdout: 'by-name\n', stderr: '' });
    expect(await b.lich(['send', w1.id, 'echo by-id'])).toEqual({ code: 0, stdout: 'by-id\n', stderr: '' });
    expect(await b.lich(['send', w1.label.toUpperCase(), 'echo by-label-any-case'])).toEqual({
      code: 0,
      stdout: 'by-label-any-case\n',
      stderr: '',
    });
  });

  it('prints the result object on one line with --json', async () => {
    const r = await b.lich(['send', '--json', w1.label, 'echo json']);
    expect(r.code).toBe(0);
    expect(r.stderr).toBe('');
    expect(r.stdout.endsWith('\n')).toBe(true);
    expect(r.stdout.trimEnd().includes('\n')).toBe(false);
    const result = JSON.parse(r.stdout);
    expect(Object.keys(result)).toEqual(['ticket', 'target', 'status', 'answer']);
    expect(result).toEqual({ ticket: expect.stringMatching(/^[0-9a-f]{8}$/), target: w1.label, status: 'answered', answer: 'json' });
  });

  it('hands back a ticket with exit 2 when the wait runs out, and lich wait <ticket> picks the answer up', async () => {
    const sent = await b.lich(['send', '--timeout', '1', w2.label, 'sleep 3; echo late']);
    expect(sent.code).toBe(2);
    expect(sent.stderr).toBe('');
    const ticket = ticketOf(sent.stdout);
    expect(sent.stdout).toBe(pendingText(w2.label, ticket, 'outside'));

    const waited = await b.lich(['wait', '--timeout', '20', ticket]);
    expect(waited).toEqual({ code: 0, stdout: 'late\n', stderr: '' });

    // Collected once, the ticket is gone — and a second later that is what it says, not
    // "answered long ago" (issue 22).
    const again = await b.lich(['wait', ticket]);
    expect(again).toEqual({
      code: 1,
      stdout: '',
      stderr: `lich: ticket ${q(ticket)} was answered, and its answer was already collected: an answer is handed over once\n`,
    });
  });

  it('prints a pending result as JSON with the ticket and an empty answer', async () => {
    const sent = await b.lich(['send', '--json', '--timeout', '1', w2.label, 'sleep 2; echo later']);
    expect(sent.code).toBe(2);
    const result = JSON.parse(sent.stdout);
    expect(result).toEqual({ ticket: expect.stringMatching(/^[0-9a-f]{8}$/), target: w2.label, status: 'pending', answer: '' });
    const waited = await b.lich(['wait', '--json', '--timeout', '20', result.ticket]);
    expect(waited.code).toBe(0);
    expect(JSON.parse(waited.stdout)).toEqual({ ticket: result.ticket, target: w2.label, status: 'answered', answer: 'later' });
  });
});

describe('the nudge and the collect', () => {
  it('types a nudge at the sending session prompt when its result lands, and the sender collects it with lich wait', async () => {
    // The orchestrator is an example-agent session: the task it is handed is a shell script that
    // sends w1 a task with a 1 s wait, so the send ends pending and the result lands later.
    const script = `"$LICH_BIN" send --timeout 1 ${shellQuote(w1.id)} ${shellQuote('sleep 2; echo nudged')}`;
    const r = await b.lich(['send', '--timeout', '30', orch.label, script]);
    expect(r.code).toBe(0);
    const ticket = ticketOf(r.stdout);
    expect(r.stdout).toBe(pendingText(w1.label, ticket).trimEnd() + '\n(exit status 2)\n');

    const nudge = await log.waitFor(orch.id, (e) => e.event === 'received' && e.kind === 'nudge', 'the nudge', 20_000);
    expect(nudge.text).toBe(
      `[lich] The task you sent ${q(w1.label)} has its result ready. To collect everything at once, run:\n  "$LICH_BIN" wait`,
    );
    const collected = await log.waitFor(orch.id, (e) => e.event === 'collect', 'the collect');
    expect(collected).toMatchObject({ code: 0, stdout: `Answer from ${q(w1.label)} (ticket ${ticket}):\nnudged\n`, stderr: '' });
  });

  it('collects everything ready at once, lists who still owes an answer, and holds the line for the rest', async () => {
    // The test plays the inert session's shell: it sends, then collects as that session.
    const first = await b.lich(['send', '--timeout', '1', w1.id, 'sleep 1.5; echo first'], { session: sender.id });
    expect(first.code).toBe(2);
    const t1 = ticketOf(first.stdout);
    const second = await b.lich(['send', '--timeout', '1', w2.id, 'sleep 4; echo second'], { session: sender.id });
    expect(second.code).toBe(2);
    const t2 = ticketOf(second.stdout);

    await log.waitFor(w1.id, (e) => e.event === 'reply' && e.ticket === t1, 'the first reply');
    const ready = await b.lich(['wait', '--no-wait'], { session: sender.id });
    expect(ready).toEqual({
      code: 0,
      stdout: `Answer from ${q(w1.label)} (ticket ${t1}):\nfirst\n\nStill working: ${q(w2.label)}. Their results will announce themselves at your prompt.\n`,
      stderr: '',
    });

    const nothingYet = await b.lich(['wait', '--no-wait'], { session: sender.id });
    expect(nothingYet).toEqual({
      code: 2,
      stdout: `Still working: ${q(w2.label)}. Their results will announce themselves at your prompt.\n`,
      stderr: '',
    });

    const held = await b.lich(['wait', '--timeout', '20'], { session: sender.id });
    expect(held).toEqual({ code: 0, stdout: `Answer from ${q(w2.label)} (ticket ${t2}):\nsecond\n`, stderr: '' });

    const empty = await b.lich(['wait'], { session: sender.id });
    expect(empty).toEqual({
      code: 0,
      stdout: 'Nothing to collect: no results are waiting and no errand of yours is open.\n',
      stderr: '',
    });
  });

  it('refuses a collect from outside a session, naming the ticket instead', async () => {
    const r = await b.lich(['wait']);
    expect(r).toEqual({
      code: 1,
      stdout: '',
      stderr: 'lich: collecting needs a session of your own — outside one, wait on the ticket instead: lich wait <ticket>\n',
    });
  });
});

describe('a private errand', () => {
  it('is not returned by a collect without a ticket, and lich wait <ticket> returns it', async () => {
    const sent = await b.lich(['send', '--private', '--timeout', '1', w2.id, 'sleep 1; echo secret'], { session: sender.id });
    expect(sent.code).toBe(2);
    expect(sent.stderr).toBe('');
    const ticket = ticketOf(sent.stdout);
    expect(sent.stdout).toBe(privatePendingText(w2.label, ticket));

    await log.waitFor(w2.id, (e) => e.event === 'reply' && e.ticket === ticket, 'the private reply');
    const collect = await b.lich(['wait', '--timeout', '2'], { session: sender.id });
    expect(collect).toEqual({
      code: 0,
      stdout: 'Nothing to collect: no results are waiting and no errand of yours is open.\n',
      stderr: '',
    });

    const waited = await b.lich(['wait', ticket], { session: sender.id });
    expect(waited).toEqual({ code: 0, stdout: 'secret\n', stderr: '' });
  });

  it('says so in its JSON result', async () => {
    const sent = await b.lich(['send', '--private', '--json', w1.id, 'echo private-json'], { session: sender.id });
    expect(sent.code).toBe(0);
    expect(JSON.parse(sent.stdout)).toEqual({
      ticket: expect.stringMatching(/^[0-9a-f]{8}$/),
      target: w1.label,
      status: 'answered',
      answer: 'private-json',
      private: true,
    });
  });
});
