import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeHost, type FakeSession } from './fake-host.js';
import { Nudges, type InboxEntry } from './nudges.js';

let host: FakeHost;
let sender: FakeSession;
let inbox: { label: string; entry: InboxEntry }[];
let busy: boolean;
let holding: boolean;
let nudges: Nudges;

beforeEach(() => {
  vi.useFakeTimers();
  host = new FakeHost();
  sender = host.add({ id: 's1', label: 'planner' });
  inbox = [];
  busy = false;
  holding = false;
  nudges = new Nudges({
    host,
    delayMs: 2000,
    pollMs: 250,
    inbox: () => inbox,
    busy: () => busy,
    holding: () => holding,
    type: (id, text) => host.type(id, text),
  });
});

afterEach(() => {
  nudges.close();
  vi.useRealTimers();
});

function land(label: string): InboxEntry {
  const entry = { nudged: false };
  inbox.push({ label, entry });
  nudges.announce(sender.id);
  return entry;
}

describe('Nudges', () => {
  it('batches what lands within 2 s of the first result, without letting a stream postpone it', async () => {
    land('a');
    await vi.advanceTimersByTimeAsync(1500);
    land('b');
    await vi.advanceTimersByTimeAsync(500);
    expect(host.typedAt(sender.id)).toHaveLength(1);
    expect(host.typedAt(sender.id)[0]).toMatch(/^\[lich\] Results from 2 tasks you sent are ready \("a", "b"\)\./);
  });

  it('marks the entries it announced', async () => {
    const e = land('a');
    await vi.advanceTimersByTimeAsync(2000);
    expect(e.nudged).toBe(true);
  });

  it('types nothing when every waiting entry was announced already', async () => {
    land('a');
    await vi.advanceTimersByTimeAsync(2000);
    nudges.turnEnded(sender.id);
    await vi.advanceTimersByTimeAsync(5000);
    expect(host.typedAt(sender.id)).toHaveLength(1);
  });

  it('holds while the sender is busy, and goes out when its turn ends', async () => {
    busy = true;
    land('a');
    await vi.advanceTimersByTimeAsync(5000);
    expect(host.typed).toEqual([]);
    busy = false;
    nudges.turnEnded(sender.id);
    await vi.advanceTimersByTimeAsync(0);
    expect(host.typedAt(sender.id)).toHaveLength(1);
  });

  it('leaves the results to a collect that holds the line', async () => {
    holding = true;
    land('a');
    await vi.advanceTimersByTimeAsync(5000);
    expect(host.typed).toEqual([]);
  });

  it('never types at the command line', async () => {
    nudges.announce('');
    await vi.advanceTimersByTimeAsync(5000);
    expect(host.typed).toEqual([]);
  });

  it('un-marks the entries of a nudge that failed', async () => {
    host.typeFails.add(sender.id);
    const e = land('a');
    await vi.advanceTimersByTimeAsync(2000);
    expect(e.nudged).toBe(false);
  });

  it('stops looking at a sender that is gone', async () => {
    sender.ready = false;
    land('a');
    await vi.advanceTimersByTimeAsync(2000);
    nudges.forget(sender.id);
    sender.ready = true;
    await vi.advanceTimersByTimeAsync(5000);
    expect(host.typed).toEqual([]);
    expect(vi.getTimerCount()).toBe(0);
  });
});
