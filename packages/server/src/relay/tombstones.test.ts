/**
 * What an expired ticket leaves behind, under load (issue 7, Load): ten thousand tickets that
 * nobody answers expire, keep their tombstone for the grace hour (spec/cli.md § lich send,
 * Expired: "for one more hour lich wait <ticket> says it expired"), and are swept after it, so
 * neither the tombstones nor the heap grow with the number of tickets ever sent — and past
 * MAX_TOMBSTONES within one grace hour, the oldest tombstone goes first.
 *
 * The clock is the host's (`FakeHost.skew`), so an hour passes at once; the heap is read after
 * a forced collection.
 */
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FakeHost, type FakeSession } from './fake-host.js';
import { MAX_TOMBSTONES, Relay, RelayError } from './relay.js';

const hour = 3_600_000;

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

let host: FakeHost;
let relay: Relay;
let sender: FakeSession;

/** The relay's own books: how many errands and tombstones it holds right now. */
function books(): { errands: number; tombstones: number } {
  return (relay as unknown as { book: { size(): { errands: number; tombstones: number } } }).book.size();
}

/** Heap in use after a full collection, in bytes. */
function heap(): number {
  gc();
  gc();
  return process.memoryUsage().heapUsed;
}

const released = new AbortController();
released.abort();

/**
 * Sends `n` private errands nobody will answer, each handed back `pending` at once (its caller
 * let go before the wait began), and lets every one be typed. Resolves with their tickets.
 */
async function sendUnanswered(n: number): Promise<string[]> {
  const tickets: string[] = [];
  const typedIn = delivered(n);
  for (let i = 0; i < n; i++) {
    const r = await relay.send(
      { from: sender.id, target: 'shell', project: '', prompt: `errand ${i} of a batch nobody answers`, timeoutSeconds: 1 },
      { private: true },
      released.signal,
    );
    expect(r.status).toBe('pending');
    tickets.push(r.ticket);
  }
  // Every one typed in, forget what the fake recorded (it is not the relay's memory).
  await typedIn;
  host.typed.length = 0;
  return tickets;
}

/**
 * Resolves once the relay has said `n` more errands were typed in (`Relay.onErrand`: `delivered`
 * and still pending), then stops listening.
 */
function delivered(n: number): Promise<void> {
  return new Promise((resolve) => {
    let seen = 0;
    const off = relay.onErrand((news) => {
      if (news.status !== 'pending' || news.phase !== 'delivered' || ++seen < n) return;
      off();
      resolve();
    });
  });
}

/** Any relay call sweeps: this one has no other effect for a sender with nothing in its inbox. */
function sweep(): void {
  relay.collectNow({ from: sender.id });
}

beforeEach(() => {
  host = new FakeHost();
  sender = host.add({ id: 'p1a2', label: 'planner' });
  host.add({ id: '5he1', label: 'shell', kind: 'shell' });
  relay = new Relay(host);
});
afterEach(() => relay.close());

describe('10,000 expired tickets', () => {
  it('each say expired for its grace hour, then are forgotten, and nothing is left of them', async () => {
    const tickets = await sendUnanswered(10_000);
    expect(new Set(tickets).size).toBe(10_000);
    expect(books()).toEqual({ errands: 10_000, tombstones: 0 });

    host.skew += hour + 1;
    sweep();
    expect(books()).toEqual({ errands: 0, tombstones: 10_000 });
    for (const t of [tickets[0]!, tickets[4_999]!, tickets[9_999]!]) {
      expect(await relay.wait({ ticket: t, timeoutSeconds: 1 })).toEqual({ ticket: t, target: 'shell', status: 'expired', answer: '', private: true });
    }

    host.skew += hour;
    sweep();
    expect(books()).toEqual({ errands: 0, tombstones: 0 });
    await expect(relay.wait({ ticket: tickets[0]!, timeoutSeconds: 1 })).rejects.toThrow(
      new RelayError(`unknown ticket "${tickets[0]}" — it was answered long ago, or expired`),
    );
  });

  it('sent in twenty waves an hour apart, hold at most one wave of tombstones, and the heap stays flat', async () => {
    const wave = 500;
    const samples: number[] = [];
    let open = 0;
    for (let round = 1; round <= 20; round++) {
      await sendUnanswered(wave);
      if (round === 5) open = heap();
      host.skew += hour + 1;
      sweep();
      const b = books();
      expect(b.errands).toBe(0);
      // This wave's tombstones; the wave before it is past its grace and swept.
      expect(b.tombstones).toBe(wave);
      samples.push(heap());
    }
    // What one wave of open errands costs the heap: each holds its composed message.
    const perWave = open - samples[3]!;
    expect(perWave).toBeGreaterThan(0);
    // Fifteen more waves went through after the fifth: kept, they would add fifteen times that.
    const growth = samples[19]! - samples[4]!;
    expect(growth).toBeLessThan(3 * perWave);
  });

  it(`past ${MAX_TOMBSTONES.toLocaleString('en')} answered within one grace hour, keeps the newest ${MAX_TOMBSTONES.toLocaleString('en')} and drops the oldest first`, async () => {
    // Answered and collected at once, so no errand stays open: only the tombstones pile up.
    const answer = async (): Promise<string> => {
      const r = await relay.send(
        { from: sender.id, target: 'shell', project: '', prompt: 'answered at once', timeoutSeconds: 1 },
        { private: true },
        released.signal,
      );
      relay.reply({ from: 'shell', ticket: r.ticket, answer: 'done' });
      expect(await relay.wait({ ticket: r.ticket, timeoutSeconds: 1 })).toMatchObject({ status: 'answered', answer: 'done' });
      return r.ticket;
    };
    const first = await answer();
    let last = first;
    for (let i = 0; i < MAX_TOMBSTONES; i++) {
      last = await answer();
      if (i % 5_000 === 0) {
        // Every errand so far (this one is the (i + 2)th) typed, forget what the fake recorded.
        await host.typeCalled(i + 2);
        host.typed.length = 0;
      }
    }
    expect(books()).toEqual({ errands: 0, tombstones: MAX_TOMBSTONES });
    // The oldest went, and a second answer to it reads as a ticket long gone; the newest still
    // knows it was answered.
    expect(() => relay.reply({ from: 'shell', ticket: first, answer: 'again' })).toThrow(`unknown ticket "${first}"`);
    expect(() => relay.reply({ from: 'shell', ticket: last, answer: 'again' })).toThrow(`ticket "${last}" was already answered`);
    host.skew += hour + 1;
    sweep();
    expect(books()).toEqual({ errands: 0, tombstones: 0 });
  }, 60_000);
});
