import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeHost, tick } from './fake-host.js';
import type { ErrandNews } from './news.js';
import { Relay } from './relay.js';

describe('Relay.onErrand', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('tells a watcher of an errand at its send, its delivery and its end, with the answer', async () => {
    const host = new FakeHost();
    host.add({ id: 's1', label: 'planner' });
    host.add({ id: 'w1', label: 'docs' });
    const relay = new Relay(host);
    const news: ErrandNews[] = [];
    relay.onErrand((n) => news.push(n));
    const sent = relay.send({ from: 's1', target: 'docs', project: '', prompt: 'summarise the docs', timeoutSeconds: 30 });
    await tick();
    const ticket = news[0]!.ticket;
    relay.reply({ from: 'w1', ticket, answer: 'three pages' });
    expect((await sent).status).toBe('answered');
    expect(news.map((n) => [n.status, n.phase])).toEqual([
      ['pending', 'queued'],
      ['pending', 'delivered'],
      ['answered', 'delivered'],
    ]);
    expect(news[2]).toMatchObject({ ticket, from: 's1', targetId: 'w1', target: 'docs', prompt: 'summarise the docs', private: false, subagent: false, answer: 'three pages' });
    relay.close();
  });

  it('tells it when an errand nobody waits on expires, and stops telling once unsubscribed', async () => {
    const host = new FakeHost();
    host.add({ id: 'w1', label: 'docs' });
    const relay = new Relay(host, { ticketTtlMs: 60_000 });
    const news: ErrandNews[] = [];
    const stop = relay.onErrand((n) => news.push(n));
    const held = relay.send({ from: '', target: 'docs', project: '', prompt: 'p', timeoutSeconds: 1 }, { private: true });
    await vi.advanceTimersByTimeAsync(1_000);
    const r = await held;
    expect(r.status).toBe('pending');
    host.skew += 61_000;
    // Every public call settles what expired first.
    expect((await relay.wait({ ticket: r.ticket, timeoutSeconds: 1 })).status).toBe('expired');
    expect(news.at(-1)).toMatchObject({ ticket: r.ticket, status: 'expired', private: true });
    const seen = news.length;
    stop();
    void relay.send({ from: '', target: 'docs', project: '', prompt: 'q', timeoutSeconds: 1 });
    await vi.advanceTimersByTimeAsync(1_000);
    expect(news).toHaveLength(seen);
    relay.close();
  });

  it('keeps the errand going when a watcher throws', async () => {
    const host = new FakeHost();
    host.add({ id: 'w1', label: 'docs' });
    const relay = new Relay(host);
    relay.onErrand(() => {
      throw new Error('watcher broke');
    });
    const sent = relay.send({ from: '', target: 'docs', project: '', prompt: 'p', timeoutSeconds: 30 });
    await tick();
    const ticket = /reply ([0-9a-f]{8}) /.exec(host.typedAt('w1')[0]!)![1]!;
    relay.reply({ from: 'w1', ticket, answer: 'ok' });
    expect(await sent).toMatchObject({ status: 'answered', answer: 'ok' });
    relay.close();
  });
});
