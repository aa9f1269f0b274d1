/**
 * The hook script's link to lich: one HTTP/1.1 request per connection over `node:net`, not
 * `node:http`.
 *
 * Why not node:http, which core's `httpLink` uses: the hook script starts a node on every tool
 * call in a lich session, and loading `node:http` is a sixth of a node start more (measured
 * alternately in one run: the script 1.63 × `node -e 0` over node:http, 1.45 × over this). What
 * it sends is fixed and small — a POST of a JSON body to lich's loopback listener, `Connection:
 * close` — and all it reads back is the status line and the body, until the listener closes the
 * connection (lich answers with a Content-Length, never chunked).
 */
import net from 'node:net';
import { maskToken, oneLine } from '@lich/core/errors';
import { listenerRefusal, NO_LICH_RUNNING } from '@lich/core/lich-process';
import { type Exchange, linkUrl, type PluginLink, type Reply } from '@lich/core/mod/link';

/** A link over `node:net` to the session at `c` (`linkCoordinates` of its environment). */
export function netLink(c: { port: number; token: string; sessionId: string; pid?: number }, pluginVersion: string, refusal: PluginLink['refusal']): PluginLink {
  // The token goes only to the process the session's LICH_PID names (core's lich-process.ts).
  const seen: { ok?: boolean } = {};
  return {
    sessionId: c.sessionId,
    pluginVersion,
    refusal,
    close: () => {},
    exchange: (x) => {
      const refused = listenerRefusal(c, seen);
      return refused ? Promise.reject(new Error(refused)) : exchange(c, pluginVersion, x);
    },
  };
}

function exchange(c: { port: number; token: string; sessionId: string }, pluginVersion: string, x: Exchange): Promise<Reply> {
  return new Promise<Reply>((resolve, reject) => {
    const url = new URL(linkUrl(c, x));
    const body = Buffer.from(x.body ?? '', 'utf8');
    const head = [
      `${x.method} ${url.pathname}${url.search} HTTP/1.1`,
      `Host: 127.0.0.1:${c.port}`,
      `X-Lich-Plugin: ${pluginVersion}`,
      ...(x.body !== undefined ? ['Content-Type: application/json', `Content-Length: ${body.length}`] : []),
      'Connection: close',
      '',
      '',
    ].join('\r\n');
    const chunks: Buffer[] = [];
    let settled = false;
    const finish = (error: Error | null, reply?: Reply) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      socket.destroy();
      // Refused: nothing listens at the session's port — the words listenerRefusal uses for it.
      const cause = (error as NodeJS.ErrnoException | null)?.code === 'ECONNREFUSED' ? NO_LICH_RUNNING : oneLine(error?.message ?? '');
      if (error) reject(new Error(maskToken(`reach lich: ${cause}`, c.token)));
      else resolve(reply!);
    };
    // Written whole, not ended: lich closes the connection once it answered (`Connection: close`).
    const socket = net.connect(c.port, '127.0.0.1', () => socket.write(Buffer.concat([Buffer.from(head, 'latin1'), body])));
    const timer = setTimeout(() => finish(new Error(`no answer from ${x.path} within ${x.timeoutMs} ms`)), x.timeoutMs);
    socket.on('data', (d: Buffer) => chunks.push(d));
    socket.on('error', (error) => finish(error));
    socket.on('close', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const status = /^HTTP\/1\.[01] (\d{3})/.exec(text);
      if (!status) {
        finish(new Error(`the connection closed before the whole answer came`));
        return;
      }
      const split = text.indexOf('\r\n\r\n');
      finish(null, { status: Number(status[1]), body: split < 0 ? '' : text.slice(split + 4) });
    });
  });
}
