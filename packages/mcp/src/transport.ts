/**
 * The stdio transport of `lich mcp` (wire.md § 10.1): newline-delimited JSON-RPC, read and
 * written here rather than by the SDK's `StdioServerTransport`, whose reader parses each line
 * against the SDK's strict zod schema and reports anything it rejects as a read error — so a
 * harmless extra key, an `"id": null` or a `"jsonrpc": "1.0"` would end the server with the
 * whole zod report on stderr. What this transport does instead:
 *
 * - one JSON value per line; blank lines are skipped, and a line that is not JSON at all ends
 *   the reading: nothing after it is dispatched, and {@link AnsweringTransport.onreaderror} is
 *   told once, with a one-line reason;
 * - unknown top-level keys are dropped (and `"params": null` read as no params), the way a Go
 *   decoder reads a message into its struct;
 * - a message the SDK's schema would still reject is not passed on: a request (it carries an
 *   `id` key, or is not an object at all) is answered `-32600 invalid request: <reason>`, with
 *   its id echoed when it is a string or a number and `null` otherwise (JSON-RPC 2.0 § 5); a
 *   notification or a response is ignored, since nothing may answer either;
 * - `initialize` is read with Go's zero values for what it leaves out (the protocol version
 *   2025-06-18, no capabilities, an empty clientInfo), and a request to `initialize` or
 *   `tools/list` whose params the SDK's schema refuses is answered here, `-32602 invalid params:
 *   <reason>` in one line, rather than by the SDK's `-32603` and its multi-line zod report;
 * - replies go out in lich's envelope order, `jsonrpc`, `id`, then `result` or `error`, and in
 *   the order their requests were read, as lich's Go server answers them (wire.md § 10.1:
 *   "queued and answered in order");
 * - every request read before the end — EOF or a line that is not JSON — is still owed its
 *   reply, and {@link AnsweringTransport.answered} says when all of them have been written.
 */
import type { Readable, Writable } from 'node:stream';
import type { Transport, TransportSendOptions } from '@modelcontextprotocol/sdk/shared/transport.js';
import {
  InitializeRequestSchema,
  JSONRPCMessageSchema,
  ListToolsRequestSchema,
  type JSONRPCMessage,
  type MessageExtraInfo,
  type RequestId,
} from '@modelcontextprotocol/sdk/types.js';

/** The most one message may hold, in bytes; more without a newline ends the reading. */
export const MAX_MESSAGE_BYTES = 10 * 1024 * 1024;

/** JSON-RPC 2.0's code for a message that is JSON but not a valid request. */
const INVALID_REQUEST = -32600;
/** JSON-RPC 2.0's code for a request whose params its method cannot read (wire.md § 10.1, "unparsable params"). */
const INVALID_PARAMS = -32602;

/** The protocol version `initialize` answers with when the client names none (wire.md § 10.1). */
export const DEFAULT_PROTOCOL_VERSION = '2025-06-18';

/**
 * The methods the SDK serves from a schema of its own, which it checks only once its handler
 * runs — and a request that fails it is answered `-32603` with the whole zod report, several
 * lines long. They are checked here instead, so the answer is `-32602 invalid params: <reason>`
 * in one line. `tools/call` is read by `lich mcp`'s own handler (index.ts), `ping` takes nothing.
 */
const PARAM_SCHEMAS: Readonly<Record<string, { safeParse(v: unknown): { success: boolean; error?: { issues: ZodIssue[] } } }>> = {
  initialize: InitializeRequestSchema,
  'tools/list': ListToolsRequestSchema,
};

interface ZodIssue {
  code: string;
  path: PropertyKey[];
  expected?: string;
  message: string;
}

/** The top-level keys of a JSON-RPC 2.0 message; any other is dropped on reading. */
const ENVELOPE_KEYS = ['jsonrpc', 'id', 'method', 'params', 'result', 'error'] as const;

/** A request read and not yet answered, in read order; `line` is its reply once there is one. */
interface Owed {
  id: RequestId | null;
  done: boolean;
  line?: string;
}

/** What one line of input turned out to be. */
export type Decoded =
  | { kind: 'message'; message: JSONRPCMessage }
  | { kind: 'invalid-request'; id: RequestId | null; reason: string }
  /** A request its method cannot read: answered `-32602 invalid params: <reason>`. */
  | { kind: 'invalid-params'; id: RequestId; reason: string }
  | { kind: 'ignored' };

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Why an envelope fails JSON-RPC 2.0 as the SDK reads it, in a few words; null when it does not. */
function envelopeFault(message: Record<string, unknown>): string | null {
  if (message.jsonrpc !== '2.0') return 'jsonrpc must be "2.0"';
  if ('id' in message && !(typeof message.id === 'string' || Number.isInteger(message.id))) {
    return 'id must be a string or an integer';
  }
  if ('method' in message && typeof message.method !== 'string') return 'method must be a string';
  if ('params' in message && !isObject(message.params)) return 'params must be an object';
  if (!('method' in message) && !('result' in message) && !('error' in message)) return 'method is required';
  return null;
}

/**
 * `initialize` as lich's Go server reads it, into a struct of zero values (wire.md § 10.1): a
 * missing `protocolVersion` is {@link DEFAULT_PROTOCOL_VERSION}, missing `capabilities` none,
 * a missing `clientInfo` (or either of its names) empty. A field that is present keeps its value,
 * whatever its type, for the method's schema to judge.
 */
function withInitializeDefaults(params: unknown): Record<string, unknown> {
  const given = isObject(params) ? params : {};
  const info = given.clientInfo;
  return {
    ...given,
    protocolVersion: given.protocolVersion ?? DEFAULT_PROTOCOL_VERSION,
    capabilities: given.capabilities ?? {},
    clientInfo: info === undefined || info === null ? { name: '', version: '' } : isObject(info) ? { name: '', version: '', ...info } : info,
  };
}

/** Why a method's schema refuses these params, in one line: each field and what it must be. */
function paramsFault(issues: ZodIssue[], params: unknown): string {
  const reasons = issues.map((issue) => {
    const path = issue.path.slice(1).map(String);
    const at = path.join('.') || 'params';
    let v: unknown = params;
    for (const key of path) v = isObject(v) ? v[key] : undefined;
    if (v === undefined) return `${at} is required`;
    if (issue.code === 'invalid_type' && issue.expected) return `${at} must be ${/^[aeiou]/.test(issue.expected) ? 'an' : 'a'} ${issue.expected}`;
    return `${at}: ${oneLine(issue.message)}`;
  });
  return [...new Set(reasons)].join('; ');
}

/**
 * Reads one decoded JSON value as a JSON-RPC message (see the module comment): unknown keys
 * dropped, then either the message the SDK takes, a request to refuse with `-32600` (or, when
 * only its params are wrong for a method the SDK serves from a schema, `-32602`), or something
 * to ignore. Never throws.
 */
export function readEnvelope(value: unknown): Decoded {
  if (!isObject(value)) {
    const what = Array.isArray(value) ? 'an array (batches are not served)' : `a JSON ${value === null ? 'null' : typeof value}`;
    return { kind: 'invalid-request', id: null, reason: `a message is a JSON object, not ${what}` };
  }
  const message: Record<string, unknown> = {};
  for (const key of ENVELOPE_KEYS) if (Object.hasOwn(value, key)) message[key] = value[key];
  if (message.params === null) delete message.params;

  const isRequest = 'id' in message && !(('result' in message || 'error' in message) && !('method' in message));
  const fault = envelopeFault(message);
  if (fault === null) {
    if (message.method === 'initialize') message.params = withInitializeDefaults(message.params);
    const parsed = JSONRPCMessageSchema.safeParse(message);
    if (parsed.success) {
      const schema = isRequest ? PARAM_SCHEMAS[message.method as string] : undefined;
      const checked = schema?.safeParse(parsed.data);
      if (checked && !checked.success) {
        return { kind: 'invalid-params', id: message.id as RequestId, reason: paramsFault(checked.error?.issues ?? [], message.params) };
      }
      return { kind: 'message', message: parsed.data as JSONRPCMessage };
    }
  }
  if (!isRequest) return { kind: 'ignored' };
  const id = typeof message.id === 'string' || typeof message.id === 'number' ? message.id : null;
  return { kind: 'invalid-request', id, reason: fault ?? 'not a JSON-RPC 2.0 message' };
}

/** A decode error's text as one short line: control characters out, at most 200 characters. */
function oneLine(text: string): string {
  const flat = text.replace(/[\x00-\x1f\x7f]+/g, ' ').trim();
  return flat.length > 200 ? `${flat.slice(0, 199)}…` : flat;
}

export class AnsweringTransport implements Transport {
  onmessage?: (message: JSONRPCMessage, extra?: MessageExtraInfo) => void;
  onerror?: (error: Error) => void;
  onclose?: () => void;
  /** The first read error (a line that is not JSON, or stdin failing); nothing is read after it. */
  onreaderror?: (error: Error) => void;
  /** EOF on stdin, after every complete message before it was dispatched. */
  onreadend?: () => void;

  private reading = true;
  /** The protocol version each `initialize` request asked for, by request id, until answered. */
  private readonly askedVersions = new Map<RequestId, string>();
  private buffer: Buffer = Buffer.alloc(0);
  private lineNumber = 0;
  private readonly queue: Owed[] = [];
  private waiters: Array<() => void> = [];

  constructor(
    private readonly stdin: Readable,
    private readonly stdout: Writable,
  ) {}

  private readonly onData = (chunk: Buffer | string): void => {
    if (!this.reading) return;
    const bytes = typeof chunk === 'string' ? Buffer.from(chunk, 'utf8') : chunk;
    this.buffer = this.buffer.length === 0 ? bytes : Buffer.concat([this.buffer, bytes]);
    for (let nl = this.buffer.indexOf(0x0a); nl !== -1 && this.reading; nl = this.buffer.indexOf(0x0a)) {
      const line = this.buffer.subarray(0, nl);
      this.buffer = this.buffer.subarray(nl + 1);
      this.readLine(line);
    }
    if (this.reading && this.buffer.length > MAX_MESSAGE_BYTES) {
      this.fail(new Error(`line ${this.lineNumber + 1} is over ${MAX_MESSAGE_BYTES} bytes with no end in sight`));
    }
  };

  private readonly onEnd = (): void => {
    if (!this.reading) return;
    // A last message with no newline after it is still a message.
    if (this.buffer.length > 0) this.readLine(this.buffer);
    this.buffer = Buffer.alloc(0);
    if (!this.reading) return;
    this.reading = false;
    this.onreadend?.();
  };

  private readonly onStdinError = (error: Error): void => this.fail(new Error(oneLine(error.message)));

  async start(): Promise<void> {
    this.stdin.on('data', this.onData);
    this.stdin.once('end', this.onEnd);
    this.stdin.on('error', this.onStdinError);
  }

  async send(message: JSONRPCMessage, _options?: TransportSendOptions): Promise<void> {
    if (!('result' in message || 'error' in message) || !('id' in message) || message.id === undefined) {
      return this.write(`${JSON.stringify(message)}\n`);
    }
    // lich's envelope order (wire.md § 10.1): jsonrpc, id, then result or error; the SDK puts result first.
    const { jsonrpc, id } = message;
    // wire.md § 10.1: initialize answers with the client's own protocol version, whichever it is;
    // the SDK would answer its latest for one it does not list.
    const asked = this.askedVersions.get(id);
    if (asked !== undefined) {
      this.askedVersions.delete(id);
      if ('result' in message && typeof message.result.protocolVersion === 'string') message = { ...message, result: { ...message.result, protocolVersion: asked } };
    }
    const line = `${JSON.stringify('result' in message ? { jsonrpc, id, result: message.result } : { jsonrpc, id, error: message.error })}\n`;
    const owed = this.queue.find((o) => !o.done && o.id === id);
    if (!owed) return this.write(line);
    owed.done = true;
    owed.line = line;
    return this.flush();
  }

  async close(): Promise<void> {
    this.stop();
    this.onclose?.();
  }

  /**
   * Resolves once every request read so far has had its reply handed to stdout (written, or
   * drained when stdout pushed back), or was cancelled by `notifications/cancelled`, which the
   * SDK never answers.
   */
  answered(): Promise<void> {
    if (this.queue.length === 0) return Promise.resolve();
    return new Promise((resolve) => this.waiters.push(resolve));
  }

  private stop(): void {
    this.reading = false;
    this.stdin.off('data', this.onData);
    this.stdin.off('end', this.onEnd);
    this.stdin.off('error', this.onStdinError);
    this.buffer = Buffer.alloc(0);
  }

  private fail(error: Error): void {
    if (!this.reading) return;
    this.stop();
    this.onreaderror?.(error);
  }

  private readLine(bytes: Buffer): void {
    this.lineNumber++;
    const text = bytes.toString('utf8').replace(/\r$/, '');
    if (text.trim() === '') return;
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch (error) {
      this.fail(new Error(`line ${this.lineNumber} is not JSON: ${oneLine((error as Error).message)}`));
      return;
    }
    const decoded = readEnvelope(value);
    switch (decoded.kind) {
      case 'ignored':
        return;
      case 'invalid-request':
      case 'invalid-params': {
        const error =
          decoded.kind === 'invalid-request'
            ? { code: INVALID_REQUEST, message: `invalid request: ${decoded.reason}` }
            : { code: INVALID_PARAMS, message: `invalid params: ${decoded.reason}` };
        this.queue.push({ id: decoded.id, done: true, line: `${JSON.stringify({ jsonrpc: '2.0', id: decoded.id, error })}\n` });
        void this.flush();
        return;
      }
      case 'message': {
        const m = decoded.message as { id?: RequestId; method?: string; params?: { protocolVersion?: unknown } };
        if (m.method === 'initialize' && m.id !== undefined && typeof m.params?.protocolVersion === 'string') {
          this.askedVersions.set(m.id, m.params.protocolVersion);
        }
        this.track(decoded.message);
        this.onmessage?.(decoded.message);
      }
    }
  }

  private track(message: JSONRPCMessage): void {
    if (!('method' in message)) return;
    if ('id' in message && message.id !== undefined) {
      this.queue.push({ id: message.id, done: false });
    } else if (message.method === 'notifications/cancelled') {
      // A cancelled request is never answered (wire.md § 10.1): it owes nothing any more.
      const id = (message.params as { requestId?: RequestId } | undefined)?.requestId;
      const owed = this.queue.find((o) => !o.done && o.id === id);
      if (owed) {
        owed.done = true;
        void this.flush();
      }
    }
  }

  /** Writes the replies at the head of the queue that are ready, in read order. */
  private async flush(): Promise<void> {
    let last: Promise<void> | undefined;
    while (this.queue.length > 0 && this.queue[0]!.done) {
      const { line } = this.queue.shift()!;
      if (line !== undefined) last = this.write(line);
    }
    if (last) await last;
    if (this.queue.length === 0) {
      const waiters = this.waiters;
      this.waiters = [];
      for (const resolve of waiters) resolve();
    }
  }

  /** Writes one line; resolves when stdout took it, or drained after pushing back. */
  private write(line: string): Promise<void> {
    return new Promise((resolve) => {
      if (this.stdout.write(line)) resolve();
      else this.stdout.once('drain', resolve);
    });
  }
}
