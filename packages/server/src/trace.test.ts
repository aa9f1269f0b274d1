import { describe, expect, it } from 'vitest';
import { deliveryTrace, reportKey } from './trace.js';

describe('deliveryTrace', () => {
  it('is off unless LICH_TRACE_DELIVERY is 1: nothing to call, nothing logged', () => {
    const lines: string[] = [];
    for (const env of [{}, { LICH_TRACE_DELIVERY: '' }, { LICH_TRACE_DELIVERY: '0' }, { LICH_TRACE_DELIVERY: 'true' }]) {
      expect(deliveryTrace(env, (l) => lines.push(l))).toBeUndefined();
    }
    expect(lines).toEqual([]);
  });

  it('with LICH_TRACE_DELIVERY=1 logs one line per mark, its event, key and time in ms', () => {
    const lines: string[] = [];
    const trace = deliveryTrace({ LICH_TRACE_DELIVERY: '1' }, (l) => lines.push(l))!;
    trace('send-accepted', '0a1b2c3d', 1234.5);
    trace('pasted', 's1');
    expect(lines[0]).toBe('lich-trace send-accepted 0a1b2c3d at=1234.500');
    expect(lines[1]).toMatch(/^lich-trace pasted s1 at=\d+\.\d{3}$/);
  });
});

describe('reportKey', () => {
  it('names the endpoint, the session and the state a plugin report carries', () => {
    expect(reportKey('/hook', Buffer.from('{"session_id":"s1","state":"busy"}'))).toBe('/hook:s1:busy');
    expect(reportKey('/session-start', Buffer.from('{"session_id":"s1","provider_session_id":"p","provider":"claude"}'))).toBe('/session-start:s1');
  });

  it('names the endpoint alone for a body that is not JSON, or none', () => {
    expect(reportKey('/hook', Buffer.from('not json'))).toBe('/hook:');
    expect(reportKey('/hook', null)).toBe('/hook:');
  });
});
