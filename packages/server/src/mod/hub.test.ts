import { describe, expect, it } from 'vitest';
import { until } from '../testing.js';
import { ModHub, ModNotPolling, type ModAck } from './hub.js';

/** A hub on a clock the test moves by hand. Polls are held 40 ms, so an empty one comes back soon. */
function hub(o: { pollWaitMs?: number } = {}) {
  const clock = { t: 1_000_000 };
  const h = new ModHub({ now: () => clock.t, pollWaitMs: o.pollWaitMs ?? 40, attachMs: 30_000 });
  return { h, clock };
}

const live = () => new AbortController().signal;

/** Marks `id` as polling with one poll that takes nothing: its client hangs up at once. */
async function attach(h: ModHub, id = 's1', plugin = '0.17.0'): Promise<void> {
  const ac = new AbortController();
  const p = h.poll(id, plugin, ac.signal);
  ac.abort();
  expect(await p).toEqual([]);
}

/** Resolves once `p` settled; `undefined` while it has not after a few turns of the event loop. */
async function settledSoon<T>(p: Promise<T>): Promise<T | undefined> {
  return Promise.race([p, new Promise<undefined>((r) => setTimeout(() => r(undefined), 5))]);
}

const NOT_POLLING =
  "the session cannot take commands: no lich-plugin mod is polling from it. That needs Claude Code 2.1.280 or later with mods on, lich-plugin 0.15.0 or later (update it, then restart the session), and the session's folder trusted (Claude Code loads the mod only after that)";

describe('ModHub: who is polling', () => {
  it('refuses a command for a session no poll ever came from, with the wire’s sentence', () => {
    const { h } = hub();
    expect(() => h.enqueue('s1', { kind: 'abort' })).toThrow(ModNotPolling);
    expect(() => h.enqueue('s1', { kind: 'abort' })).toThrow(NOT_POLLING);
  });

  it('counts a session polling while a poll is held, and for 30 s after one returned', async () => {
    const { h, clock } = hub({ pollWaitMs: 60_000 });
    expect(h.polling('s1')).toBe(false);
    const ac = new AbortController();
    const held = h.poll('s1', '0.17.0', ac.signal);
    clock.t += 10 * 60_000;
    expect(h.polling('s1')).toBe(true);
    ac.abort();
    expect(await held).toEqual([]);
    clock.t += 29_999;
    expect(h.polling('s1')).toBe(true);
    clock.t += 1;
    expect(h.polling('s1')).toBe(false);
    expect(() => h.enqueue('s1', { kind: 'abort' })).toThrow(ModNotPolling);
    expect(h.polling('s2')).toBe(false);
  });

  it('remembers the X-Lich-Plugin of the latest poll', async () => {
    const { h } = hub();
    expect(h.plugin('s1')).toBe('');
    await attach(h, 's1', '0.15.0');
    expect(h.plugin('s1')).toBe('0.15.0');
    await attach(h, 's1', '0.17.1');
    expect(h.plugin('s1')).toBe('0.17.1');
    expect(h.plugin('s2')).toBe('');
  });
});

describe('ModHub: polls', () => {
  it('answers a poll at once with what is queued, and hands each command over once', async () => {
    const { h } = hub({ pollWaitMs: 60_000 });
    await attach(h);
    h.enqueue('s1', { kind: 'model', model: 'opus' });
    h.enqueue('s1', { kind: 'abort' });
    expect(await h.poll('s1', '', live())).toEqual([
      { id: 'm1', kind: 'model', model: 'opus' },
      { id: 'm2', kind: 'abort' },
    ]);
    const ac = new AbortController();
    const again = h.poll('s1', '', ac.signal);
    expect(await settledSoon(again)).toBeUndefined();
    ac.abort();
    expect(await again).toEqual([]);
  });

  it('holds an empty poll until a command comes, and sends what one tick queued in one answer', async () => {
    const { h } = hub({ pollWaitMs: 60_000 });
    await attach(h);
    const held = h.poll('s1', '', live());
    expect(await settledSoon(held)).toBeUndefined();
    h.enqueue('s1', { kind: 'prompt', text: 'run the tests' });
    h.enqueue('s1', { kind: 'effort', effort: 'high' });
    expect(await held).toEqual([
      { id: 'm1', kind: 'prompt', text: 'run the tests' },
      { id: 'm2', kind: 'effort', effort: 'high' },
    ]);
  });

  it('answers an empty poll [] once its hold runs out', async () => {
    const { h } = hub({ pollWaitMs: 30 });
    expect(await h.poll('s1', '', live())).toEqual([]);
  });

  it('numbers commands m1, m2, … and leaves out the fields a kind was not given', async () => {
    const { h } = hub();
    await attach(h);
    const a = h.enqueue('s1', { kind: 'model', model: undefined });
    const b = h.enqueue('s1', { kind: 'command', name: 'clear', args: undefined });
    expect([a.id, b.id]).toEqual(['m1', 'm2']);
    expect(a.command).toStrictEqual({ id: 'm1', kind: 'model' });
    expect(b.command).toStrictEqual({ id: 'm2', kind: 'command', name: 'clear' });
  });

  it('gives a command to the newest held poll of a session, and keeps sessions apart', async () => {
    const { h } = hub({ pollWaitMs: 60_000 });
    const old = new AbortController();
    const first = h.poll('s1', '', old.signal);
    const second = h.poll('s1', '', live());
    const other = new AbortController();
    const s2 = h.poll('s2', '', other.signal);
    h.enqueue('s1', { kind: 'abort' });
    expect(await second).toEqual([{ id: 'm1', kind: 'abort' }]);
    expect(await settledSoon(first)).toBeUndefined();
    expect(await settledSoon(s2)).toBeUndefined();
    old.abort();
    other.abort();
    expect(await first).toEqual([]);
    expect(await s2).toEqual([]);
  });

  it('drops a command queued longer than the attach window instead of handing it over', async () => {
    const { h, clock } = hub();
    await attach(h);
    const stale = h.enqueue('s1', { kind: 'abort' });
    clock.t += 30_000;
    await attach(h);
    expect(await stale.wait(60_000)).toEqual({ state: 'withdrawn' });
    expect(await stale.collected).toBe(false);
  });
});

describe('ModHub: a poll whose client hung up', () => {
  it('takes nothing, and the command queued after it waits for the next poll', async () => {
    const { h } = hub({ pollWaitMs: 60_000 });
    const ac = new AbortController();
    const dead = h.poll('s1', '', ac.signal);
    ac.abort();
    expect(await dead).toEqual([]);
    const t = h.enqueue('s1', { kind: 'abort' });
    expect(await h.poll('s1', '', live())).toEqual([{ id: 'm1', kind: 'abort' }]);
    expect(await t.collected).toBe(true);
  });

  it('takes nothing when it was already gone on arrival', async () => {
    const { h } = hub();
    await attach(h);
    const t = h.enqueue('s1', { kind: 'abort' });
    const ac = new AbortController();
    ac.abort();
    expect(await h.poll('s1', '', ac.signal)).toEqual([]);
    expect(await h.poll('s1', '', live())).toEqual([t.command]);
  });

  it('puts the commands of an answer that could not be written back at the front of the queue, in order', async () => {
    const { h } = hub();
    await attach(h);
    const a = h.enqueue('s1', { kind: 'model', model: 'opus' });
    const b = h.enqueue('s1', { kind: 'effort', effort: 'low' });
    const lostTake = await h.take('s1', '', live());
    expect(lostTake.commands).toEqual([a.command, b.command]);
    expect(a.withdraw()).toBe(false);
    const c = h.enqueue('s1', { kind: 'abort' });
    lostTake.lost();
    expect(await settledSoon(a.collected)).toBeUndefined();
    const next = await h.take('s1', '', live());
    expect(next.commands).toEqual([a.command, b.command, c.command]);
    next.written();
    expect(await a.collected).toBe(true);
    expect(await c.collected).toBe(true);
  });

  it('hands the commands given back to a poll already held', async () => {
    const { h } = hub({ pollWaitMs: 60_000 });
    await attach(h);
    const a = h.enqueue('s1', { kind: 'abort' });
    const lostTake = await h.take('s1', '', live());
    const held = h.poll('s1', '', live());
    lostTake.lost();
    expect(await held).toEqual([a.command]);
  });

  it('reads delivered when the wait ran out while its answer was being written, and it then was', async () => {
    const { h } = hub();
    await attach(h);
    const t = h.enqueue('s1', { kind: 'abort' });
    const taking = await h.take('s1', '', live());
    const waited = t.wait(1);
    await new Promise((r) => setTimeout(r, 20));
    expect(await settledSoon(waited)).toBeUndefined();
    taking.written();
    expect(await waited).toEqual({ state: 'delivered' });
  });

  it('reads withdrawn, and is not queued again, when the wait ran out while its answer was being written and it then was not', async () => {
    const { h } = hub();
    await attach(h);
    const t = h.enqueue('s1', { kind: 'abort' });
    const taking = await h.take('s1', '', live());
    const waited = t.wait(1);
    await new Promise((r) => setTimeout(r, 20));
    taking.lost();
    expect(await waited).toEqual({ state: 'withdrawn' });
    expect(await t.collected).toBe(false);
    expect(await h.poll('s1', '', live())).toEqual([]);
  });
});

describe('ModHub: tickets and acks', () => {
  it('withdraws a command no poll collected when its wait runs out: off the queue, nothing ran', async () => {
    const { h } = hub({ pollWaitMs: 60_000 });
    await attach(h);
    const t = h.enqueue('s1', { kind: 'prompt', text: 'hi' });
    expect(await t.wait(5)).toEqual({ state: 'withdrawn' });
    expect(await t.collected).toBe(false);
    expect(await t.wait(60_000)).toEqual({ state: 'withdrawn' });
    const ac = new AbortController();
    const next = h.poll('s1', '', ac.signal);
    expect(await settledSoon(next)).toBeUndefined();
    ac.abort();
    expect(await next).toEqual([]);
  });

  it('withdraws a queued command on demand, and not one a poll collected', async () => {
    const { h } = hub();
    await attach(h);
    const queued = h.enqueue('s1', { kind: 'abort' });
    expect(queued.withdraw()).toBe(true);
    expect(queued.withdraw()).toBe(false);
    expect(await queued.wait(60_000)).toEqual({ state: 'withdrawn' });
    const taken = h.enqueue('s1', { kind: 'abort' });
    expect(await h.poll('s1', '', live())).toEqual([taken.command]);
    expect(taken.withdraw()).toBe(false);
  });

  it('reads delivered when a poll collected it and no ack came in time', async () => {
    const { h } = hub();
    await attach(h);
    const t = h.enqueue('s1', { kind: 'command', name: 'compact' });
    await h.poll('s1', '', live());
    expect(await t.collected).toBe(true);
    expect(await t.wait(5)).toEqual({ state: 'delivered' });
    h.ack({ session_id: 's1', id: t.id, kind: 'command', ok: true });
    expect(await t.wait(5)).toEqual({ state: 'acked', ok: true });
  });

  it('settles on the ack of its id and session, with the answer of an ask or the error of a failure', async () => {
    const { h } = hub();
    await attach(h);
    const ask = h.enqueue('s1', { kind: 'ask', question: 'what are you doing?' });
    const effort = h.enqueue('s1', { kind: 'effort', effort: 'huge' });
    await h.poll('s1', '', live());
    const askWait = ask.wait(60_000);
    const effortWait = effort.wait(60_000);
    h.ack({ session_id: 's2', id: ask.id, kind: 'ask', ok: true, answer: 'not mine' });
    expect(await settledSoon(askWait)).toBeUndefined();
    h.ack({ session_id: 's1', id: ask.id, kind: 'ask', ok: true, answer: 'Fixing the login test.' });
    h.ack({ session_id: 's1', id: effort.id, kind: 'effort', ok: false, error: 'unknown effort' });
    expect(await askWait).toEqual({ state: 'acked', ok: true, answer: 'Fixing the login test.' });
    expect(await effortWait).toEqual({ state: 'acked', ok: false, error: 'unknown effort' });
  });

  it('settles a command acked before its poll’s answer was seen written, and counts it collected', async () => {
    const { h } = hub();
    await attach(h);
    const t = h.enqueue('s1', { kind: 'abort' });
    const taking = await h.take('s1', '', live());
    h.ack({ session_id: 's1', id: t.id, kind: 'abort', ok: true });
    expect(await t.collected).toBe(true);
    taking.lost();
    expect(await t.wait(5)).toEqual({ state: 'acked', ok: true });
    expect(await h.poll('s1', '', live())).toEqual([]);
  });

  it('tells every ack listener, with the command acked or none for an id it does not hold, until unsubscribed', async () => {
    const { h } = hub();
    await attach(h);
    const t = h.enqueue('s1', { kind: 'abort' });
    await h.poll('s1', '', live());
    const heard: [ModAck, unknown, string][] = [];
    const off = h.onAck((a, c, s) => heard.push([a, c, s]));
    h.onAck(() => {
      throw new Error('a listener that fails does not stop the others');
    });
    const ack: ModAck = { session_id: 's1', id: t.id, kind: 'abort', ok: true };
    const stranger: ModAck = { session_id: 's1', id: 'm999', kind: 'prompt', ok: true };
    h.ack(ack);
    h.ack(stranger);
    off();
    h.ack(stranger);
    expect(heard).toEqual([
      [ack, { id: 'm1', kind: 'abort' }, 's1'],
      [stranger, undefined, 's1'],
    ]);
  });
});

describe('ModHub: endings', () => {
  it('ends every unacked command of a session whose PTY ended, answers its held poll, and stops counting it polling', async () => {
    const { h } = hub({ pollWaitMs: 60_000 });
    await attach(h, 's1', '0.17.0');
    await attach(h, 's2');
    const collected = h.enqueue('s1', { kind: 'ask', question: 'q' });
    expect(await h.poll('s1', '', live())).toEqual([collected.command]);
    const other = h.enqueue('s2', { kind: 'abort' });
    const held = h.poll('s1', '', live());
    // Ended in the same tick it was queued: before the held poll could take it.
    const queued = h.enqueue('s1', { kind: 'abort' });
    const collectedWait = collected.wait(60_000);
    const queuedWait = queued.wait(60_000);
    h.ended('s1');
    expect(await held).toEqual([]);
    expect(await collectedWait).toEqual({ state: 'ended' });
    expect(await queuedWait).toEqual({ state: 'ended' });
    expect(await queued.collected).toBe(false);
    expect(h.polling('s1')).toBe(false);
    expect(h.plugin('s1')).toBe('');
    expect(() => h.enqueue('s1', { kind: 'abort' })).toThrow(ModNotPolling);
    expect(h.polling('s2')).toBe(true);
    expect(await h.poll('s2', '', live())).toEqual([other.command]);
  });

  it('takes a resumed session’s polls afresh after it ended', async () => {
    const { h } = hub();
    await attach(h);
    h.ended('s1');
    await attach(h);
    const t = h.enqueue('s1', { kind: 'abort' });
    expect(await h.poll('s1', '', live())).toEqual([t.command]);
  });

  it('answers every held poll [] when lich quits, ends every unacked command, and polls nothing after', async () => {
    const { h } = hub({ pollWaitMs: 60_000 });
    await attach(h);
    const t = h.enqueue('s1', { kind: 'abort' });
    const waited = t.wait(60_000);
    const held = h.poll('s2', '', live());
    h.close();
    expect(await held).toEqual([]);
    expect(await waited).toEqual({ state: 'ended' });
    expect(h.polling('s1')).toBe(false);
    expect(await settledSoon(h.poll('s1', '', live()))).toEqual([]);
    expect(() => h.enqueue('s1', { kind: 'abort' })).toThrow(ModNotPolling);
  });
});
