// Properties of `lich mcp`'s line transport (wire.md § 10.1) over arbitrary input: the same bytes
// cut into any chunks — inside a line, inside a multi-byte character, between \r and \n — are
// read as the same messages and answered with the same bytes; replies leave in the order their
// requests were read, whatever order they were ready in; each reply is one line; and no JSON
// value, of any shape or depth, makes the envelope reader throw.
import { PassThrough } from 'node:stream';
import { describe, expect } from 'vitest';
import { fc, it } from '@fast-check/vitest';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import { AnsweringTransport, readEnvelope } from './transport.js';

/** One line of input: a request, a notification, a response, or a JSON value that is none of them. */
const id = fc.oneof(fc.integer({ min: -5, max: 1000 }), fc.string({ unit: 'grapheme', maxLength: 6 }), fc.constantFrom(null, 1.5, true));
const params = fc.oneof(fc.constant(undefined), fc.constant(null), fc.dictionary(fc.string({ maxLength: 4 }), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 3 }), fc.constantFrom([], 'x'));
const message = fc.oneof(
  { weight: 4, arbitrary: fc.record({ jsonrpc: fc.constant('2.0'), id, method: fc.constantFrom('ping', 'tools/list', 'tools/call', 'x/y', 'é'), params }, { requiredKeys: ['jsonrpc', 'id', 'method'] }) },
  { weight: 2, arbitrary: fc.record({ jsonrpc: fc.constant('2.0'), method: fc.constantFrom('notifications/initialized', 'x/y'), params }, { requiredKeys: ['jsonrpc', 'method'] }) },
  { weight: 1, arbitrary: fc.record({ jsonrpc: fc.constantFrom('2.0', '1.0'), id, result: fc.jsonValue({ maxDepth: 1 }) }) },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
);
/** A line as sent: JSON, then LF or CRLF, sometimes with a blank line before it. */
const line = fc.record({ m: message, crlf: fc.boolean(), blank: fc.boolean() }).map(({ m, crlf, blank }) => `${blank ? '\n' : ''}${JSON.stringify(m ?? null)}${crlf ? '\r\n' : '\n'}`);
const input = fc.array(line, { minLength: 1, maxLength: 8 }).map((ls) => Buffer.from(ls.join(''), 'utf8'));

/** Cut points into a buffer of length n: sorted, distinct, inside it. */
function chunked(buf: Buffer, cuts: number[]): Buffer[] {
  const at = [...new Set(cuts.map((c) => c % (buf.length + 1)))].sort((a, b) => a - b);
  const out: Buffer[] = [];
  let from = 0;
  for (const c of [...at, buf.length]) {
    out.push(buf.subarray(from, c));
    from = c;
  }
  return out.filter((c) => c.length > 0);
}

interface Read {
  messages: JSONRPCMessage[];
  output: string;
}

/**
 * Feeds `chunks` to a transport, one write each, and answers every request it passes on — in
 * the reverse of the order they were read, to show the order replies leave in is the transport's.
 */
async function read(chunks: Buffer[]): Promise<Read> {
  const stdin = new PassThrough();
  const stdout = new PassThrough();
  let output = '';
  stdout.on('data', (d: Buffer) => (output += d.toString('utf8')));
  const t = new AnsweringTransport(stdin, stdout);
  const messages: JSONRPCMessage[] = [];
  t.onmessage = (m) => messages.push(m);
  const ended = new Promise<void>((resolve) => {
    t.onreadend = resolve;
    t.onreaderror = () => resolve();
  });
  await t.start();
  for (const c of chunks) {
    stdin.write(c);
    await new Promise((r) => setImmediate(r));
  }
  stdin.end();
  await ended;
  const requests = messages.filter((m): m is JSONRPCMessage & { id: string | number; method: string } => 'method' in m && 'id' in m);
  for (const r of [...requests].reverse()) await t.send({ jsonrpc: '2.0', id: r.id, result: { echo: r.method } });
  await t.answered();
  return { messages, output };
}

describe('the lich mcp transport over arbitrary input', () => {
  it.prop([input, fc.array(fc.nat(), { maxLength: 12 })], { numRuns: 200 })(
    'reads the same messages and writes the same replies however the bytes are cut',
    async (bytes, cuts) => {
      const whole = await read([bytes]);
      const cut = await read(chunked(bytes, cuts));
      expect(cut.messages).toEqual(whole.messages);
      expect(cut.output).toBe(whole.output);
    },
  );

  it.prop([input], { numRuns: 200 })('answers every request it read, in the order it read them, one line each', async (bytes) => {
    const { messages, output } = await read([...bytes].map((b) => Buffer.from([b])));
    const lines = output.split('\n');
    expect(lines.pop()).toBe('');
    const replies = lines.map((l) => JSON.parse(l) as { id: unknown; result?: { echo: string }; error?: { code: number; message: string } });
    // Every request passed on is answered; every other line that had an id was refused -32600.
    const passed = messages.filter((m) => 'method' in m && 'id' in m).map((m) => (m as { id: unknown }).id);
    expect(replies.filter((r) => r.result).map((r) => r.id)).toEqual(passed);
    for (const r of replies) {
      if (r.error) {
        expect([-32600, -32602]).toContain(r.error.code);
        expect(r.error.message.includes('\n')).toBe(false);
      }
    }
    // Read order: the replies' ids follow the input's lines that carried a request.
    const sent = bytes
      .toString('utf8')
      .split(/\r?\n/)
      .filter((l) => l.trim() !== '')
      .map((l) => JSON.parse(l) as unknown);
    const answerable = sent.filter((v) => {
      const d = readEnvelope(v);
      return d.kind === 'invalid-request' || d.kind === 'invalid-params' || (d.kind === 'message' && 'method' in d.message && 'id' in d.message);
    });
    expect(replies).toHaveLength(answerable.length);
  });

  it.prop([fc.anything({ maxDepth: 4, withNullPrototype: true, withBigInt: true, withMap: true, withSet: true })], { numRuns: 300 })(
    'reads any value as a message, a refusal with a one-line reason, or nothing, without throwing',
    (v) => {
      const d = readEnvelope(v);
      expect(['message', 'invalid-request', 'invalid-params', 'ignored']).toContain(d.kind);
      if (d.kind === 'invalid-request' || d.kind === 'invalid-params') expect(d.reason.includes('\n')).toBe(false);
    },
  );

  it.prop([fc.integer({ min: 1, max: 50_000 })], { numRuns: 20 })('takes nesting of any depth without throwing', (n) => {
    expect(readEnvelope(JSON.parse(`${'['.repeat(n)}${']'.repeat(n)}`)).kind).toBe('invalid-request');
    const deep = JSON.parse(`{"jsonrpc":"2.0","id":1,"method":"ping","params":{"x":${'['.repeat(n)}${']'.repeat(n)}}}`);
    expect(readEnvelope(deep).kind).toBe('message');
  });
});
