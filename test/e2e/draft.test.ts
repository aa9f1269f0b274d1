// A person's draft at a session's prompt holds the relay's typing for as long as it is there
// (terminal/draft.ts). Measured before: `lich insert 'echo draft-text'` then `lich send`, and a
// minute later — the original lich's 60 s `draftIdle` — the draft and the relayed message went in
// as one line; the example agent, whose "model" is /bin/sh, ran the message's own reply line, and
// `lich wait <ticket>` printed the placeholder `<your answer>` with exit 0. Real PTY, the real
// example agent, the real CLI; the backend's clock is moved by hand.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Backend, exampleProvider, makeRepo, ManualClock, ticketOf, type Session } from './harness.js';

let b: Backend;
const clock = new ManualClock();

/** spec/cli.md § lich send: what a pending send from outside a session says of a task held behind a draft. */
function heldText(label: string, ticket: string): string {
  return (
    `The task is held for "${label}": a person's half-written text is at its prompt, and lich types nothing over it. ` +
    `It goes in once they send or clear that text, or comes back undelivered after 5 minutes. The errand is open. ` +
    `It was sent from outside a lich session, so no note will announce its result; it waits for its ticket for an hour. ` +
    `Hold the line for it with:\n  lich wait ${ticket}\n`
  );
}

async function fresh(name: string): Promise<Session> {
  const s = await b.open(makeRepo(b.home, name, 1), 'example');
  await b.log.ready(s.id);
  return s;
}

beforeAll(async () => {
  b = await Backend.start({ clock, providers: ({ log }) => ({ example: exampleProvider(log) }) });
});

afterAll(async () => {
  await b?.close();
});

describe('a send to a session with a person’s draft at its prompt', () => {
  it('holds the task however long the draft sits untouched, says so, and types it once the person sent their text', async () => {
    const s = await fresh('draft-held');
    expect(await b.lich(['insert', '--session', s.id, 'echo draft-text'])).toMatchObject({ code: 0, stderr: '' });
    const sent = await b.lich(['send', '--timeout', '2', s.id, 'echo the-task']);
    expect(sent).toMatchObject({ code: 2, stderr: '' });
    const ticket = ticketOf(sent.stdout);
    expect(sent.stdout).toBe(heldText(s.label, ticket));

    // Past the minute after which the original typed over an untouched draft.
    clock.advance(61);
    const still = await b.lich(['wait', '--timeout', '1', ticket]);
    expect(still).toMatchObject({ code: 2, stdout: heldText(s.label, ticket), stderr: '' });
    expect(JSON.parse((await b.lich(['wait', '--json', '--timeout', '1', ticket])).stdout)).toEqual({ ticket, target: s.label, status: 'pending', answer: '', held: 'draft' });
    expect(b.log.entries(s.id).filter((e) => e.event === 'received')).toEqual([]);

    // The person sends what is at the prompt: it goes in alone, and the task after it.
    await b.typeAsPerson(s.id, '\r');
    const answered = await b.lich(['wait', '--timeout', '30', ticket]);
    expect(answered).toMatchObject({ code: 0, stdout: 'the-task\n', stderr: '' });
    const received = b.log.entries(s.id).filter((e) => e.event === 'received');
    expect(received.map((e) => e.kind)).toEqual(['line', 'task']);
    expect(received[0]!.text).toBe('echo draft-text');
  });

  it('still inserts after a draft: a half-written line is no reason for insert to wait', async () => {
    const s = await fresh('draft-insert');
    expect(await b.lich(['insert', '--session', s.id, 'DRAFT'])).toMatchObject({ code: 0, stderr: '' });
    const r = await b.lich(['insert', '--json', '--timeout', '1', '--session', s.id, ' and more']);
    expect(r).toMatchObject({ code: 0, stderr: '' });
    expect(JSON.parse(r.stdout)).toMatchObject({ id: s.id, bytes: 9 });
  });
});

describe('a task the draft outlasts', () => {
  // The delivery limit shortened to 3 s: it is a timer, which the hand-moved clock does not fire.
  let short: Backend;
  beforeAll(async () => {
    short = await Backend.start({ timings: { deliveryLimitMs: 3_000 }, providers: ({ log }) => ({ example: exampleProvider(log) }) });
  });
  afterAll(async () => {
    await short?.close();
  });

  it('ends undelivered saying the draft held it and is still at that prompt', async () => {
    const s = await short.open(makeRepo(short.home, 'draft-undelivered', 1), 'example');
    await short.log.ready(s.id);
    expect(await short.lich(['insert', '--session', s.id, 'echo draft-left'])).toMatchObject({ code: 0, stderr: '' });
    // Held the line until the limit runs out with the draft still there.
    const ended = await short.lich(['send', '--timeout', '30', s.id, 'echo the-task']);
    expect(ended).toEqual({
      code: 3,
      stdout:
        `The task never reached the "${s.label}" session: a person's half-written text sat at its prompt, and lich types nothing over it, so the task was held until the 5-minute delivery limit ran out. ` +
        `Nothing is queued anymore and nothing was answered. That text is still at the "${s.label}" prompt: tell the user to send or clear it there (open the "${s.label}" card); the task has to be sent again after that.\n`,
      stderr: '',
    });
    expect(short.log.entries(s.id).filter((e) => e.event === 'received')).toEqual([]);
  });
});

describe('an answer that is only the placeholder of the message’s reply line', () => {
  it('is refused in one line, and the errand stays open for the real answer', async () => {
    const s = await fresh('draft-placeholder');
    const sent = await b.lich(['send', '--timeout', '1', s.id, 'sleep 2; echo the-real-answer']);
    expect(sent.code).toBe(2);
    const ticket = ticketOf(sent.stdout);
    for (const placeholder of ['<your answer>', '"<your answer>"', ' <sua resposta> ', '<answer>']) {
      const r = await b.lich(['reply', ticket, placeholder], { session: s.id });
      expect(r.code).toBe(1);
      expect(r.stderr).toBe(
        `lich: the answer is the placeholder "${placeholder.trim().replace(/^"(.*)"$/, '$1')}" of the task's reply line, not an answer — nothing was sent: reply again with the answer in its place\n`,
      );
    }
    expect(await b.lich(['wait', '--timeout', '30', ticket])).toMatchObject({ code: 0, stdout: 'the-real-answer\n', stderr: '' });
  });
});
