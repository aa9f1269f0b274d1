import { afterEach, describe, expect, it, vi } from 'vitest';
import { FakeHost } from './fake-host.js';
import { Relay } from './relay.js';

afterEach(() => {
  vi.useRealTimers();
});

describe('Relay.exclusive', () => {
  it('holds a write until the message being typed at that session has had its Enter', async () => {
    vi.useFakeTimers();
    const host = new FakeHost();
    host.add({ id: 'w1', label: 'docs' });
    host.typeDelayMs = 500;
    const relay = new Relay(host);
    const order: string[] = [];
    const sent = relay.send({ from: '', target: 'docs', project: '', prompt: 'run the tests', timeoutSeconds: 1 });
    await vi.advanceTimersByTimeAsync(0);
    expect(host.typedAt('w1')).toHaveLength(1);
    const wrote = relay.exclusive('w1', () => void order.push('insert'));
    await vi.advanceTimersByTimeAsync(100);
    expect(order).toEqual([]);
    await vi.advanceTimersByTimeAsync(500);
    expect(order).toEqual(['insert']);
    await wrote;
    await vi.advanceTimersByTimeAsync(1_000);
    await sent;
    relay.close();
  });

  it('passes on what the write throws, and keeps the queue going after it', async () => {
    const host = new FakeHost();
    host.add({ id: 'w1', label: 'docs' });
    const relay = new Relay(host);
    await expect(relay.exclusive('w1', () => Promise.reject(new Error('the session ended')))).rejects.toThrow('the session ended');
    await expect(relay.exclusive('w1', () => 7)).resolves.toBe(7);
    relay.close();
  });
});
