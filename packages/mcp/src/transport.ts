/**
 * The stdio transport of `lich mcp`: the SDK's `StdioServerTransport` (newline-delimited
 * JSON-RPC, its own framing and parsing), with what wire.md § 10.1 asks that the SDK does not do:
 *
 * - a line that is not a JSON-RPC message ends the reading: nothing after it is dispatched (the
 *   SDK's reader would go on to the next line), and {@link AnsweringTransport.onreaderror} is told
 *   once;
 * - replies go out in lich's envelope order, `jsonrpc`, `id`, then `result` or `error`;
 * - every request read before the end — EOF or that line — is still owed its reply, and
 *   {@link AnsweringTransport.answered} says when all of them have been written.
 */
import type { Readable, Writable } from 'node:stream';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import type { Transport, TransportSendOptions } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { JSONRPCMessage, MessageExtraInfo, RequestId } from '@modelcontextprotocol/sdk/types.js';

export class AnsweringTransport implements Transport {
  onmessage?: (message: JSONRPCMessage, extra?: MessageExtraInfo) => void;
  onerror?: (error: Error) => void;
  onclose?: () => void;
  /** The first read error (a line that is not JSON-RPC, or stdin failing); nothing is read after it. */
  onreaderror?: (error: Error) => void;

  private readonly inner: StdioServerTransport;
  private reading = true;
  /** Request id → how many requests with that id are still owed a reply (a client may reuse one). */
  private readonly owed = new Map<RequestId, number>();
  private waiters: Array<() => void> = [];

  constructor(stdin: Readable, stdout: Writable) {
    this.inner = new StdioServerTransport(stdin, stdout);
  }

  async start(): Promise<void> {
    // The SDK's stdio reader passes no extra info.
    this.inner.onmessage = (message: JSONRPCMessage) => {
      if (!this.reading) return;
      this.track(message);
      this.onmessage?.(message);
    };
    this.inner.onerror = (error) => {
      if (!this.reading) return;
      this.reading = false;
      this.onreaderror?.(error);
      this.onerror?.(error);
    };
    this.inner.onclose = () => this.onclose?.();
    await this.inner.start();
  }

  async send(message: JSONRPCMessage, _options?: TransportSendOptions): Promise<void> {
    if (!('result' in message || 'error' in message) || !('id' in message) || message.id === undefined) {
      return this.inner.send(message);
    }
    // lich's envelope order (wire.md § 10.1): jsonrpc, id, then result or error; the SDK puts result first.
    const { jsonrpc, id } = message;
    await this.inner.send('result' in message ? { jsonrpc, id, result: message.result } : { jsonrpc, id, error: message.error });
    this.settle(id);
  }

  async close(): Promise<void> {
    this.reading = false;
    await this.inner.close();
  }

  /**
   * Resolves once every request read so far has had its reply handed to stdout (`send`
   * resolved: written, or drained when stdout pushed back), or was cancelled by
   * `notifications/cancelled`, which the SDK never answers.
   */
  answered(): Promise<void> {
    if (this.owed.size === 0) return Promise.resolve();
    return new Promise((resolve) => this.waiters.push(resolve));
  }

  private track(message: JSONRPCMessage): void {
    if (!('method' in message)) return;
    if ('id' in message && message.id !== undefined) {
      this.owed.set(message.id, (this.owed.get(message.id) ?? 0) + 1);
    } else if (message.method === 'notifications/cancelled') {
      const id = (message.params as { requestId?: RequestId } | undefined)?.requestId;
      if (id !== undefined) this.settle(id);
    }
  }

  private settle(id: RequestId): void {
    const left = (this.owed.get(id) ?? 0) - 1;
    if (left > 0) this.owed.set(id, left);
    else this.owed.delete(id);
    if (this.owed.size === 0) {
      const waiters = this.waiters;
      this.waiters = [];
      for (const resolve of waiters) resolve();
    }
  }
}
