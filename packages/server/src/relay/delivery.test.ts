import { afterEach, describe, expect, it, vi } from 'vitest';
import { Delivery } from './delivery.js';
import { FakeHost, tick } from './fake-host.js';

afterEach(() => {
  vi.useRealTimers();
});

/** Delivery alone over a fake host: the notes of lich's own need nothing of the rest of the relay. */
function delivery(host: FakeHost): Delivery {
  return new Delivery({
    host,
    book: {} as never,
    timings: { deliveryLimitMs: 300_000, readyPollMs: 250, receiptWindowMs: 10_000 },
    offer: () => false,
    modDue: () => false,
    busy: () => false,
    closed: () => false,
  });
}

describe('a note of lich’s own for a session still starting', () => {
  it('is typed as soon as the session’s start is reported, once, not at its next look', async () => {
    vi.useFakeTimers();
    const host = new FakeHost();
    const s = host.add({ id: 'o1', label: 'Session 1', ready: false });
    const d = delivery(host);
    d.typeWhenReady('o1', '[lich] a note');
    await tick(1_000);
    expect(host.typedAt('o1')).toEqual([]);
    s.ready = true;
    d.wake('o1');
    await tick(0);
    expect(host.typedAt('o1')).toEqual(['[lich] a note']);
    await tick(10_000);
    expect(host.typedAt('o1')).toEqual(['[lich] a note']);
    d.close();
  });

  it('keeps looking when the session is woken before it is ready, and is typed once when it is', async () => {
    vi.useFakeTimers();
    const host = new FakeHost();
    const s = host.add({ id: 'o1', label: 'Session 1', ready: false });
    const d = delivery(host);
    d.typeWhenReady('o1', '[lich] a note');
    d.wake('o1');
    await tick(1_000);
    expect(host.typedAt('o1')).toEqual([]);
    s.ready = true;
    await tick(300);
    expect(host.typedAt('o1')).toEqual(['[lich] a note']);
    d.wake('o1');
    await tick(10_000);
    expect(host.typedAt('o1')).toEqual(['[lich] a note']);
    d.close();
  });
});
