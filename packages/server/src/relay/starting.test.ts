import { afterEach, describe, expect, it, vi } from 'vitest';
import { FakeHost, tick, ticketIn } from './fake-host.js';
import { Relay } from './relay.js';

afterEach(() => {
  vi.useRealTimers();
});

const send = (relay: Relay, timeoutSeconds: number) =>
  relay.send({ from: '', target: 'Session 1', project: '', prompt: 'run the tests', timeoutSeconds });

describe('a send to a session whose agent is still starting (not yet reading its input)', () => {
  it('holds the line, types nothing until the agent reads, then types the task once and the answer comes back on the line', async () => {
    vi.useFakeTimers();
    const host = new FakeHost();
    const s = host.add({ id: 'o1', label: 'Session 1', ready: false });
    const relay = new Relay(host);
    const line = send(relay, 60);
    await tick(10_000);
    expect(host.typedAt('o1')).toEqual([]);
    s.ready = true;
    await tick(300);
    expect(host.typedAt('o1')).toHaveLength(1);
    relay.reply({ from: 'o1', ticket: ticketIn(host.typedAt('o1')[0]!), answer: 'all green' });
    expect(await line).toMatchObject({ status: 'answered', answer: 'all green' });
    await tick(60_000);
    expect(host.typedAt('o1')).toHaveLength(1);
    relay.close();
  });

  it('types a held task as soon as the session\'s plugin reports its start, not at its next look', async () => {
    vi.useFakeTimers();
    const host = new FakeHost();
    const s = host.add({ id: 'o1', label: 'Session 1', ready: false });
    const relay = new Relay(host);
    const line = send(relay, 60);
    await tick(1_000);
    expect(host.typedAt('o1')).toEqual([]);
    // /session-start: the host latches the session ready first (SessionHost.started), then the relay hears of it.
    s.ready = true;
    relay.started('o1');
    await tick(0);
    expect(host.typedAt('o1')).toHaveLength(1);
    relay.reply({ from: 'o1', ticket: ticketIn(host.typedAt('o1')[0]!), answer: 'all green' });
    expect(await line).toMatchObject({ status: 'answered', answer: 'all green' });
    await tick(60_000);
    expect(host.typedAt('o1')).toHaveLength(1);
    relay.close();
  });

  it('types nothing on a reported start while the session still is not ready, and types the task once when it is', async () => {
    vi.useFakeTimers();
    const host = new FakeHost();
    const s = host.add({ id: 'o1', label: 'Session 1', ready: false });
    const relay = new Relay(host);
    const line = send(relay, 60);
    await tick(1_000);
    relay.started('o1');
    await tick(0);
    expect(host.typedAt('o1')).toEqual([]);
    s.ready = true;
    relay.started('o1');
    await tick(300);
    expect(host.typedAt('o1')).toHaveLength(1);
    relay.reply({ from: 'o1', ticket: ticketIn(host.typedAt('o1')[0]!), answer: 'ok' });
    expect(await line).toMatchObject({ status: 'answered' });
    relay.close();
  });

  it('hands the ticket back at once when the cap on its start already ran out, and types the task once when it reads', async () => {
    vi.useFakeTimers();
    const host = new FakeHost();
    const s = host.add({ id: 'o1', label: 'Session 1', ready: false, overdue: true });
    const relay = new Relay(host);
    const result = await send(relay, 600);
    expect(result).toMatchObject({ target: 'Session 1', status: 'pending' });
    expect(host.typedAt('o1')).toEqual([]);
    s.overdue = false;
    s.ready = true;
    await tick(300);
    expect(host.typedAt('o1')).toEqual([expect.stringContaining(result.ticket)]);
    relay.close();
  });

  it('says never delivered when the session ends before its agent reads', async () => {
    vi.useFakeTimers();
    const host = new FakeHost();
    host.add({ id: 'o1', label: 'Session 1', ready: false });
    const relay = new Relay(host);
    const line = send(relay, 60);
    await tick(2_000);
    host.exit('o1');
    await tick(300);
    expect(await line).toMatchObject({ status: 'undelivered' });
    expect(host.typedAt('o1')).toEqual([]);
    relay.close();
  });
});
