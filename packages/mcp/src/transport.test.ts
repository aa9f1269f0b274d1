/**
 * The stdio framing of `lich mcp` (wire.md § 10.1) through `serveMcp` on in-memory streams: what
 * is read as a message, what is answered -32600 or ignored, what ends the server, and the order
 * replies leave in.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readEnvelope } from './transport.js';
import { startFakeRpc, type CannedHandler, type FakeRpc } from './testing/fake-rpc.js';
import { serveInProcess, type ServedMcp } from './testing/stream-client.js';

const lines = (served: ServedMcp) =>
  served
    .stdout()
    .split('\n')
    .filter((l) => l !== '')
    .map((l) => JSON.parse(l) as Record<string, unknown>);

const invalid = (id: unknown, reason: string) => ({ jsonrpc: '2.0', id, error: { code: -32600, message: `invalid request: ${reason}` } });

describe('the lich mcp transport', () => {
  let rpc: FakeRpc;
  let served: ServedMcp | undefined;
  const handlers: Record<string, CannedHandler> = {};

  beforeEach(async () => {
    for (const k of Object.keys(handlers)) delete handlers[k];
    rpc = await startFakeRpc(handlers);
    served = undefined;
  });

  afterEach(async () => {
    served?.endInput();
    await served?.exit;
    await rpc.close();
  });

  const raw = async () => {
    served = await serveInProcess({ LICH_PORT: String(rpc.port), LICH_TOKEN: rpc.token, LICH_SESSION_ID: 'S1' }, { connect: false });
    return served;
  };

  it('drops top-level keys it does not know and serves the message', async () => {
    const s = await raw();
    s.writeRaw('{"jsonrpc":"2.0","id":1,"method":"ping","extra":1,"params":null}\n');
    s.endInput();
    expect(await s.exit).toBe(0);
    expect(s.stderr()).toBe('');
    expect(lines(s)).toEqual([{ jsonrpc: '2.0', id: 1, result: {} }]);
  });

  it('answers -32600 to a request whose envelope is invalid, echoing its id, and keeps serving', async () => {
    const s = await raw();
    s.writeRaw(
      [
        '{"jsonrpc":"2.0","id":null,"method":"ping"}',
        '{"jsonrpc":"1.0","id":2,"method":"ping"}',
        '{"id":"three","method":"ping"}',
        '{"jsonrpc":"2.0","id":4,"method":5}',
        '{"jsonrpc":"2.0","id":5,"method":"ping","params":[1]}',
        '{"jsonrpc":"2.0","id":{"x":1},"method":"ping"}',
        '{"jsonrpc":"2.0","id":7}',
        '[{"jsonrpc":"2.0","id":8,"method":"ping"}]',
        '42',
        '{"jsonrpc":"2.0","id":10,"method":"ping"}',
      ].join('\n') + '\n',
    );
    s.endInput();
    expect(await s.exit).toBe(0);
    expect(s.stderr()).toBe('');
    expect(lines(s)).toEqual([
      invalid(null, 'id must be a string or an integer'),
      invalid(2, 'jsonrpc must be "2.0"'),
      invalid('three', 'jsonrpc must be "2.0"'),
      invalid(4, 'method must be a string'),
      invalid(5, 'params must be an object'),
      invalid(null, 'id must be a string or an integer'),
      invalid(7, 'method is required'),
      invalid(null, 'a message is a JSON object, not an array (batches are not served)'),
      invalid(null, 'a message is a JSON object, not a JSON number'),
      { jsonrpc: '2.0', id: 10, result: {} },
    ]);
  });

  it('ignores a notification or a response whose envelope is invalid', async () => {
    const s = await raw();
    s.writeRaw('{"jsonrpc":"1.0","method":"notifications/initialized"}\n{"method":5}\n{"jsonrpc":"2.0","id":3,"result":5}\n');
    s.writeRaw('{"jsonrpc":"2.0","id":4,"method":"ping"}\n');
    s.endInput();
    expect(await s.exit).toBe(0);
    expect(s.stderr()).toBe('');
    expect(lines(s)).toEqual([{ jsonrpc: '2.0', id: 4, result: {} }]);
  });

  it('skips blank lines and reads a last message that has no newline after it', async () => {
    const s = await raw();
    s.writeRaw('\n  \r\n{"jsonrpc":"2.0","id":1,"method":"ping"}\r\n\n{"jsonrpc":"2.0","id":2,"method":"ping"}');
    s.endInput();
    expect(await s.exit).toBe(0);
    expect(lines(s)).toEqual([
      { jsonrpc: '2.0', id: 1, result: {} },
      { jsonrpc: '2.0', id: 2, result: {} },
    ]);
  });

  it('reads a message split across writes', async () => {
    const s = await raw();
    s.writeRaw('{"jsonrpc":"2.0",');
    s.writeRaw('"id":1,"method":"ping"}\n');
    s.endInput();
    expect(await s.exit).toBe(0);
    expect(lines(s)).toEqual([{ jsonrpc: '2.0', id: 1, result: {} }]);
  });

  it('ends on a line that is not JSON with one line on stderr, after answering what came before, in order', async () => {
    let release!: () => void;
    const released = new Promise<void>((r) => (release = r));
    handlers['relay.Peers'] = async () => {
      await released;
      return { json: [] };
    };
    const s = await raw();
    s.writeRaw(
      [
        '{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"list_sessions","arguments":{}}}',
        '{"jsonrpc":"2.0","id":2,"method":"ping"}',
        '{"jsonrpc":"1.0","id":3,"method":"ping"}',
        'garbage',
        '{"jsonrpc":"2.0","id":4,"method":"ping"}',
      ].join('\n') + '\n',
    );
    await rpc.nextCall('relay.Peers');
    // The slow call holds the replies behind it: they leave in the order they were asked.
    expect(s.stdout()).toBe('');
    release();
    expect(await s.exit).toBe(1);
    expect(s.stderr()).toMatch(/^lich: read message: line 4 is not JSON: [^\n]+\n$/);
    expect(lines(s)).toEqual([
      { jsonrpc: '2.0', id: 1, result: { content: [{ type: 'text', text: 'No other live sessions.' }] } },
      { jsonrpc: '2.0', id: 2, result: {} },
      invalid(3, 'jsonrpc must be "2.0"'),
    ]);
  });

  it('does not answer a cancelled call, and answers what came after it', async () => {
    handlers['relay.Peers'] = () => 'hang';
    const s = await raw();
    s.writeRaw('{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"list_sessions","arguments":{}}}\n');
    s.writeRaw('{"jsonrpc":"2.0","id":2,"method":"ping"}\n');
    const call = await rpc.nextCall('relay.Peers');
    s.writeRaw('{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":1}}\n');
    await rpc.abortedCall(call);
    s.endInput();
    expect(await s.exit).toBe(0);
    expect(lines(s)).toEqual([{ jsonrpc: '2.0', id: 2, result: {} }]);
  });
});

describe('readEnvelope', () => {
  it('passes a valid message on without the keys it does not know', () => {
    expect(readEnvelope({ jsonrpc: '2.0', id: 'a', method: 'ping', x: 1 })).toEqual({
      kind: 'message',
      message: { jsonrpc: '2.0', id: 'a', method: 'ping' },
    });
  });

  it('reads an initialize that leaves its fields out with the zero values lich answers to', () => {
    expect(readEnvelope({ jsonrpc: '2.0', id: 1, method: 'initialize' })).toEqual({
      kind: 'message',
      message: {
        jsonrpc: '2.0',
        id: 1,
        method: 'initialize',
        params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: '', version: '' } },
      },
    });
    expect(readEnvelope({ jsonrpc: '2.0', id: 2, method: 'initialize', params: { clientInfo: { name: 'c' } } })).toMatchObject({
      kind: 'message',
      message: { params: { protocolVersion: '2025-06-18', clientInfo: { name: 'c', version: '' } } },
    });
  });

  it('refuses params the SDK would refuse with -32602 and one line per field', () => {
    expect(readEnvelope({ jsonrpc: '2.0', id: 3, method: 'initialize', params: { protocolVersion: 5, capabilities: [] } })).toEqual({
      kind: 'invalid-params',
      id: 3,
      reason: 'protocolVersion must be a string; capabilities must be an object',
    });
    expect(readEnvelope({ jsonrpc: '2.0', id: 'l', method: 'tools/list', params: { cursor: 5 } })).toEqual({
      kind: 'invalid-params',
      id: 'l',
      reason: 'cursor must be a string',
    });
    // A notification is never answered, whatever its params.
    expect(readEnvelope({ jsonrpc: '2.0', method: 'initialize', params: { protocolVersion: 5 } }).kind).not.toBe('invalid-params');
  });
});
