import { afterEach, describe, expect, it, vi } from 'vitest';
import type { WebSocket } from 'ws';
import { BURST_CHARS, CATCH_UP_CHARS, FLUSH_MS, HIGH_WATER_BYTES, LiveClient, PENDING_CHARS, RATE_CHARS_PER_SECOND } from './live.js';
import type { ServerMessage } from './protocol.js';

/** The socket seam: what was sent, and how much the kernel has not taken yet. */
function socket() {
  const sent: ServerMessage[] = [];
  const ws = { OPEN: 1, readyState: 1, bufferedAmount: 0, send: (s: string) => sent.push(JSON.parse(s)) };
  return { ws, sent };
}

afterEach(() => vi.useRealTimers());

describe('LiveClient', () => {
  it('sends the card\'s screen when watched, then its output gathered for one frame', async () => {
    vi.useFakeTimers();
    const { ws, sent } = socket();
    const c = new LiveClient(ws as unknown as WebSocket, (id) => ({ cols: 80, rows: 24, live: true, data: `screen of ${id}` }));
    c.watch('s1');
    expect(sent).toEqual([{ t: 'screen', id: 's1', cols: 80, rows: 24, live: true, data: 'screen of s1' }]);
    c.output('s1', 'a');
    c.output('s2', 'not watched');
    c.output('s1', 'b');
    expect(sent).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(FLUSH_MS);
    expect(sent[1]).toEqual({ t: 'out', id: 's1', d: 'ab' });
  });

  it('holds no more than PENDING_CHARS while the socket is full, and sends the screen afresh once it drains', async () => {
    vi.useFakeTimers();
    const { ws, sent } = socket();
    let screens = 0;
    const c = new LiveClient(ws as unknown as WebSocket, () => ({ cols: 80, rows: 24, live: true, data: `screen ${++screens}` }));
    c.watch('s1');
    ws.bufferedAmount = HIGH_WATER_BYTES + 1;
    const chunk = 'y\n'.repeat(32 * 1024);
    for (let i = 0; i < 200; i++) {
      c.output('s1', chunk);
      expect((c as unknown as { pending: string }).pending.length).toBeLessThanOrEqual(PENDING_CHARS);
      await vi.advanceTimersByTimeAsync(5);
    }
    expect(sent.filter((m) => m.t === 'out')).toHaveLength(0);
    ws.bufferedAmount = 0;
    await vi.advanceTimersByTimeAsync(100);
    expect(sent.at(-1)).toEqual({ t: 'screen', id: 's1', cols: 80, rows: 24, live: true, data: 'screen 2' });
    c.output('s1', 'after');
    await vi.advanceTimersByTimeAsync(FLUSH_MS);
    expect(sent.at(-1)).toEqual({ t: 'out', id: 's1', d: 'after' });
    c.close();
  });

  it('sends a card printing faster than the budget no more than the budget, catching up from the scrollback\'s end', async () => {
    vi.useFakeTimers();
    const { ws, sent } = socket();
    const tails: Array<number | undefined> = [];
    const c = new LiveClient(ws as unknown as WebSocket, (_id, tail) => {
      tails.push(tail);
      return { cols: 80, rows: 24, live: true, data: 'y\n'.repeat((tail ?? 2048) / 2) };
    });
    c.watch('s1');
    const seconds = 5;
    // 8 MiB a second, in 64 KiB chunks every 8 ms.
    for (let t = 0; t < seconds * 1000; t += 8) {
      c.output('s1', 'y\n'.repeat(32 * 1024));
      await vi.advanceTimersByTimeAsync(8);
    }
    const carried = sent.slice(1).reduce((n, m) => n + (m.t === 'out' ? m.d.length : m.t === 'screen' ? m.data.length : 0), 0);
    expect(carried).toBeLessThanOrEqual(BURST_CHARS + RATE_CHARS_PER_SECOND * seconds);
    expect(carried).toBeGreaterThan(RATE_CHARS_PER_SECOND * (seconds - 1));
    // Behind, it was sent the end of the scrollback, not the whole of it.
    expect(tails.slice(1).every((t) => t === CATCH_UP_CHARS)).toBe(true);
    expect(tails.length).toBeGreaterThan(seconds * 2);
    c.close();
  });

  it('sends nothing to a socket that is no longer open', () => {
    const { ws, sent } = socket();
    ws.readyState = 3;
    const c = new LiveClient(ws as unknown as WebSocket, () => ({ cols: 80, rows: 24, live: true, data: '' }));
    c.watch('s1');
    c.send({ t: 'note', text: 'x' });
    expect(sent).toEqual([]);
  });
});
