import { afterEach, describe, expect, it, vi } from 'vitest';
import { FakeHost } from './fake-host.js';
import { Relay } from './relay.js';

afterEach(() => {
  vi.useRealTimers();
});

describe('a send to a session still running its setup script', () => {
  it('hands the ticket back at once, without holding the line for the wait asked for', async () => {
    vi.useFakeTimers();
    const host = new FakeHost();
    host.add({ id: 'w1', label: 'fix-login', setup: true });
    const relay = new Relay(host);
    const result = await relay.send({ from: '', target: 'fix-login', project: '', prompt: 'run the tests', timeoutSeconds: 600 });
    expect(result).toMatchObject({ target: 'fix-login', status: 'pending', answer: '' });
    expect(host.typedAt('w1')).toEqual([]);
    relay.close();
  });

  it('types the task once the agent is up, and the answer lands on that ticket', async () => {
    vi.useFakeTimers();
    const host = new FakeHost();
    host.add({ id: 'w1', label: 'fix-login', setup: true });
    const relay = new Relay(host);
    const { ticket } = await relay.send({ from: '', target: 'fix-login', project: '', prompt: 'run the tests', timeoutSeconds: 600 });
    await vi.advanceTimersByTimeAsync(60_000);
    expect(host.typedAt('w1')).toEqual([]);
    host.sessions.get('w1')!.setup = false;
    await vi.advanceTimersByTimeAsync(1_000);
    expect(host.typedAt('w1')).toHaveLength(1);
    expect(host.typedAt('w1')[0]).toContain(ticket);
    relay.reply({ from: 'w1', ticket, answer: 'all green' });
    expect(await relay.wait({ ticket, timeoutSeconds: 1 })).toMatchObject({ status: 'answered', answer: 'all green' });
    relay.close();
  });
});
