import { afterEach, describe, expect, it, vi } from 'vitest';
import type { WebSocket } from 'ws';
import { FLUSH_MS, HIGH_WATER_BYTES, LiveClient, PENDING_CHARS } from './live.js';
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

  it('sends nothing to a socket that is no longer open', () => {
    const { ws, sent } = socket();
    ws.readyState = 3;
    const c = new LiveClient(ws as unknown as WebSocket, () => ({ cols: 80, rows: 24, live: true, data: '' }));
    c.watch('s1');
    c.send({ t: 'note', text: 'x' });
    expect(sent).toEqual([]);
  });
});
