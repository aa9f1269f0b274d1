/**
 * Drives `serveMcp` in-process the way a real client drives `lich mcp` over a pipe: the SDK's
 * `Client` on one end of a pair of byte streams, `serveMcp` on the other, newline-delimited
 * JSON-RPC in between. No transport is mocked — both ends use the SDK's own stdio framing.
 */
import { PassThrough } from 'node:stream';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { ReadBuffer, serializeMessage } from '@modelcontextprotocol/sdk/shared/stdio.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import { serveMcp } from '../index.js';

/** A client-side transport over a readable (server stdout) and writable (server stdin). */
class StreamClientTransport implements Transport {
  onmessage?: (message: JSONRPCMessage) => void;
  onerror?: (error: Error) => void;
  onclose?: () => void;
  private readonly buffer = new ReadBuffer();

  constructor(
    private readonly fromServer: PassThrough,
    private readonly toServer: PassThrough,
  ) {}

  async start(): Promise<void> {
    this.fromServer.on('data', (chunk: Buffer) => {
      this.buffer.append(chunk);
      for (;;) {
        const message = this.buffer.readMessage();
        if (message === null) break;
        this.onmessage?.(message);
      }
    });
  }

  async send(message: JSONRPCMessage): Promise<void> {
    this.toServer.write(serializeMessage(message));
  }

  async close(): Promise<void> {
    this.toServer.end();
    this.onclose?.();
  }
}

export interface ServedMcp {
  client: Client;
  /** Everything the server wrote to stdout, raw (protocol only, by contract). */
  stdout(): string;
  /** Everything the server wrote to stderr. */
  stderr(): string;
  /** Writes raw bytes to the server's stdin. */
  writeRaw(text: string): void;
  /** Ends the server's stdin (EOF). */
  endInput(): void;
  /** The exit code `serveMcp` resolved with. */
  exit: Promise<number>;
}

/**
 * Starts `serveMcp` on in-memory streams with `env` and connects an SDK `Client` to it.
 * Pass `connect: false` to talk raw JSON-RPC through `writeRaw` instead.
 */
export async function serveInProcess(env: NodeJS.ProcessEnv, { connect = true } = {}): Promise<ServedMcp> {
  const stdin = new PassThrough();
  const stdout = new PassThrough();
  const stderr = new PassThrough();
  let out = '';
  let err = '';
  const tap = new PassThrough();
  stdout.on('data', (c: Buffer) => {
    out += c.toString('utf8');
    tap.write(c);
  });
  stderr.on('data', (c: Buffer) => (err += c.toString('utf8')));

  const exit = serveMcp({ stdin, stdout, stderr, env });
  const client = new Client({ name: 'lich-test', version: '0.0.0' });
  if (connect) await client.connect(new StreamClientTransport(tap, stdin));
  return {
    client,
    stdout: () => out,
    stderr: () => err,
    writeRaw: (text) => stdin.write(text),
    endInput: () => stdin.end(),
    exit,
  };
}
