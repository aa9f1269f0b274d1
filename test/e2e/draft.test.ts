// issue 14, item 3: `lich insert --session S 'DRAFT'` and at once `lich send S 'echo x'`: the PTY
// received both pastes and one Enter, the agent read `DRAFT[lich] Message relayed…` as one
// prompt, and the person's half-written question went out with lich's task. wire.md § 8.2:
// delivery waits while a draft is fresh (typed within 60 s). Real PTY, the real example agent.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Backend, exampleProvider, makeRepo, pendingText, ticketOf, type Session } from './harness.js';

let b: Backend;
let s: Session;

beforeAll(async () => {
  b = await Backend.start({ providers: ({ log }) => ({ example: exampleProvider(log) }) });
  s = await b.open(makeRepo(b.home, 'draft-repo', 1), 'example');
  await b.log.ready(s.id);
});

afterAll(async () => {
  await b?.close();
});

describe('a send right after lich insert', () => {
  it('holds the task while the person’s draft is fresh: nothing is typed over it, and a ticket comes back', async () => {
    const inserted = await b.lich(['insert', '--session', s.id, 'DRAFT']);
    expect(inserted).toMatchObject({ code: 0, stderr: '' });
    const sent = await b.lich(['send', '--timeout', '3', s.id, 'echo x']);
    expect(sent.stderr).toBe('');
    expect(sent.code).toBe(2);
    expect(sent.stdout).toBe(pendingText(s.label, ticketOf(sent.stdout)));
    // The agent read nothing: neither the draft nor the task was submitted.
    expect(b.log.entries(s.id).filter((e) => e.event === 'received')).toEqual([]);
  });

  it('still inserts after a draft: a half-written line is no reason for insert to wait', async () => {
    const r = await b.lich(['insert', '--json', '--timeout', '1', '--session', s.id, ' and more']);
    expect(r).toMatchObject({ code: 0, stderr: '' });
    expect(JSON.parse(r.stdout)).toMatchObject({ id: s.id, bytes: 9 });
  });
});
