import { afterEach, describe, expect, it, vi } from 'vitest';
import { FakeHost, tick, ticketIn } from './fake-host.js';
import { Relay } from './relay.js';

let relay: Relay | undefined;
afterEach(() => {
  relay?.close();
  relay = undefined;
  vi.useRealTimers();
});

const send = (relay: Relay, timeoutSeconds: number) =>
  relay.send({ from: '', target: 'Session 1', project: '', prompt: 'run the tests', timeoutSeconds });

/** A relay on fake timers over one session, "Session 1" (`o1`), still starting: not ready. */
function starting(o: { overdue?: boolean } = {}) {
  vi.useFakeTimers();
  const host = new FakeHost();
  const s = host.add({ id: 'o1', label: 'Session 1', ready: false, overdue: o.overdue ?? false });
  relay = new Relay(host);
  return { host, s, relay };
}

/** Answers the one task typed at `o1`: it comes back on `line`, and nothing is typed again after. */
async function answeredOnce(host: FakeHost, relay: Relay, line: ReturnType<typeof send>): Promise<void> {
  relay.reply({ from: 'o1', ticket: ticketIn(host.typedAt('o1')[0]!), answer: 'all green' });
  expect(await line).toMatchObject({ status: 'answered', answer: 'all green' });
  await tick(60_000);
  expect(host.typedAt('o1')).toHaveLength(1);
}

describe('a send to a session whose agent is still starting (not yet reading its input)', () => {
  it('holds the line, types nothing until the agent reads, then types the task once and the answer comes back on the line', async () => {
    const { host, s, relay } = starting();
    const line = send(relay, 60);
    await tick(10_000);
    expect(host.typedAt('o1')).toEqual([]);
    s.ready = true;
    await tick(300);
    expect(host.typedAt('o1')).toHaveLength(1);
    await answeredOnce(host, relay, line);
  });

  it('types a held task as soon as the session\'s plugin reports its start, not at its next look', async () => {
    const { host, s, relay } = starting();
    const line = send(relay, 60);
    await tick(1_000);
    expect(host.typedAt('o1')).toEqual([]);
    // /session-start: the host latches the session ready first (SessionHost.started), then the relay hears of it.
    s.ready = true;
    relay.started('o1');
    await tick(0);
    expect(host.typedAt('o1')).toHaveLength(1);
    await answeredOnce(host, relay, line);
  });

  it('types nothing on a reported start while the session still is not ready, and types the task once when it is', async () => {
    const { host, s, relay } = starting();
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
  });

  it('hands the ticket back at once when the cap on its start already ran out, and types the task once when it reads', async () => {
    const { host, s, relay } = starting({ overdue: true });
    const result = await send(relay, 600);
    expect(result).toMatchObject({ target: 'Session 1', status: 'pending' });
    expect(host.typedAt('o1')).toEqual([]);
    s.overdue = false;
    s.ready = true;
    await tick(300);
    expect(host.typedAt('o1')).toEqual([expect.stringContaining(result.ticket)]);
  });

  it('says never delivered when the session ends before its agent reads', async () => {
    const { host, relay } = starting();
    const line = send(relay, 60);
    await tick(2_000);
    host.exit('o1');
    await tick(300);
    expect(await line).toMatchObject({ status: 'undelivered' });
    expect(host.typedAt('o1')).toEqual([]);
  });
});
