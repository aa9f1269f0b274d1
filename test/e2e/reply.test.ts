// lich reply: with a ticket, without one (the one request open against the calling session),
// and the refusals — two open, none open, no session, twice. spec/cli.md § lich reply;
// wire.md § 9. The target is an inert terminal, so nothing answers for it: the test plays
// that session's shell itself (LICH_SESSION_ID set to its id), as its agent would.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Backend, exampleProvider, inertProvider, makeRepo, q, ticketOf, type Session } from './harness.js';

let b: Backend;
let repo: string;
let target: Session;
let agent: Session;
let toolAgent: Session;

beforeAll(async () => {
  b = await Backend.start({
    providers: ({ log }) => ({
      example: exampleProvider(log),
      'example-tools': exampleProvider(log, { id: 'example-tools', tools: true }),
      inert: inertProvider(),
    }),
  });
  repo = makeRepo(b.home, 'reply-repo', 1);
  target = await b.open(repo, 'inert');
  agent = await b.open(repo, 'example');
  toolAgent = await b.open(repo, 'example-tools');
  await b.log.ready(agent.id);
  await b.log.ready(toolAgent.id);
});

afterAll(async () => {
  if (!b) return;
  const violations = b.violations;
  await b.close();
  expect(violations).toEqual([]);
});

/** Sends `prompt` to the inert target from the command line; it is delivered and never answered. */
async function openRequest(prompt: string): Promise<string> {
  const r = await b.lich(['send', '--timeout', '2', target.id, prompt]);
  expect(r.code).toBe(2);
  return ticketOf(r.stdout);
}

describe('lich reply', () => {
  it('hands the answer to the waiting ticket', async () => {
    const ticket = await openRequest('summarise the changelog');
    expect(await b.lich(['reply', ticket, 'nothing changed'], { session: target.id })).toEqual({
      code: 0,
      stdout: 'Answer sent.\n',
      stderr: '',
    });
    expect(await b.lich(['wait', ticket])).toEqual({ code: 0, stdout: 'nothing changed\n', stderr: '' });
  });

  it('answers the one request open against the calling session when no ticket is named', async () => {
    const ticket = await openRequest('what is six times seven');
    expect(await b.lich(['reply', '42'], { session: target.id })).toEqual({ code: 0, stdout: 'Answer sent.\n', stderr: '' });
    expect(await b.lich(['wait', ticket])).toEqual({ code: 0, stdout: '42\n', stderr: '' });
  });

  it('refuses an answer without a ticket while two requests are open, listing each ticket with what it asked', async () => {
    const t1 = await openRequest('run the tests and report the failures');
    const t2 = await openRequest('build the docs');
    const r = await b.lich(['reply', 'all green'], { session: target.id });
    expect(r).toEqual({
      code: 1,
      stdout: '',
      stderr:
        'lich: 2 requests are open against this session, and an answer that names no ticket would close the wrong one. Name the ticket the answer belongs to:\n' +
        `  lich reply ${t1} "<answer>"   — run the tests and report the failures\n` +
        `  lich reply ${t2} "<answer>"   — build the docs\n`,
    });

    // Nothing was answered by the refusal: both errands are still open.
    expect((await b.lich(['wait', '--timeout', '1', t1])).code).toBe(2);
    expect((await b.lich(['wait', '--timeout', '1', t2])).code).toBe(2);

    expect((await b.lich(['reply', t2, 'docs built'], { session: target.id })).stdout).toBe('Answer sent.\n');
    expect(await b.lich(['reply', 'tests pass'], { session: target.id })).toEqual({
      code: 0,
      stdout: 'Answer sent.\n',
      stderr: '',
    });
    expect(await b.lich(['wait', t1])).toEqual({ code: 0, stdout: 'tests pass\n', stderr: '' });
    expect(await b.lich(['wait', t2])).toEqual({ code: 0, stdout: 'docs built\n', stderr: '' });
  });

  it('refuses a second answer to one ticket', async () => {
    const ticket = await openRequest('say hello');
    expect((await b.lich(['reply', ticket, 'hello'], { session: target.id })).code).toBe(0);
    const again = await b.lich(['reply', ticket, 'hello again'], { session: target.id });
    expect(again.code).toBe(1);
    expect(again.stdout).toBe('');
    expect([
      `lich: ticket ${q(ticket)} was already answered\n`,
      `lich: unknown ticket ${q(ticket)} — it was answered already, or expired\n`,
    ]).toContain(again.stderr);
    // The first answer went home.
    expect(await b.lich(['wait', ticket])).toEqual({ code: 0, stdout: 'hello\n', stderr: '' });
  });

  it('refuses an answer without a ticket when nothing is open against the session', async () => {
    expect(await b.lich(['reply', 'unasked'], { session: target.id })).toEqual({
      code: 1,
      stdout: '',
      stderr: 'lich: no open request to answer — nobody is waiting on this session\n',
    });
  });

  it('refuses an answer without a ticket outside a session', async () => {
    expect(await b.lich(['reply', 'from nowhere'])).toEqual({
      code: 1,
      stdout: '',
      stderr:
        'lich: answering without a ticket needs a session of your own — name it instead: lich reply <ticket> "<answer>"\n',
    });
  });

  it('refuses a ticket nobody holds', async () => {
    expect(await b.lich(['reply', '0badc0de', 'late'], { session: target.id })).toEqual({
      code: 1,
      stdout: '',
      stderr: 'lich: unknown ticket "0badc0de" — it was answered already, or expired\n',
    });
  });

  it('carries an agent answer that names no ticket home', async () => {
    expect(await b.lich(['send', agent.label, '#example: ticketless\necho via-agent'])).toEqual({
      code: 0,
      stdout: 'via-agent\n',
      stderr: '',
    });
    const reply = await b.log.waitFor(agent.id, (e) => e.event === 'reply', 'the reply');
    expect(reply).toMatchObject({ ticketless: true, code: 0, stdout: 'Answer sent.\n' });
  });

  it('carries home the answer of an agent that has lich\'s tools, given with reply_to_session from its own process', async () => {
    expect(await b.lich(['send', toolAgent.label, 'echo via-tool'])).toEqual({ code: 0, stdout: 'via-tool\n', stderr: '' });
    const reply = await b.log.waitFor(toolAgent.id, (e) => e.event === 'reply', 'the reply');
    expect(reply).toMatchObject({ via: 'tool', status: 200, answer: 'via-tool' });
  });

  it('carries home an answer given with reply_to_session naming no ticket', async () => {
    expect(await b.lich(['send', toolAgent.label, '#example: ticketless\necho tool-no-ticket'])).toEqual({ code: 0, stdout: 'tool-no-ticket\n', stderr: '' });
    const reply = await b.log.waitFor(toolAgent.id, (e) => e.event === 'reply' && e.ticketless === true, 'the reply');
    expect(reply).toMatchObject({ via: 'tool', status: 200, ticket: '' });
  });
});
