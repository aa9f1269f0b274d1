import { describe, expect, it } from 'vitest';
import { exitCode, holds, rpcMethod } from './contract-tables';
import type { Result } from './types';

describe('holds', () => {
  it('reads required and properties as JSON Schema does: only on objects, only for present keys', () => {
    const answered = { required: ['status'], properties: { status: { const: 'answered' } } };
    expect(holds(answered, { ticket: 'a1b2c3d4', status: 'answered' })).toBe(true);
    expect(holds(answered, { ticket: 'a1b2c3d4', status: 'pending' })).toBe(false);
    expect(holds(answered, { results: [], open: [] })).toBe(false);
    expect(holds(answered, 'answered')).toBe(true);
    expect(holds({ properties: { status: { const: 'answered' } } }, {})).toBe(true);
  });

  it('reads not, minItems and maxItems, and true and false', () => {
    expect(holds({ not: { const: '' } }, 'a1b2c3d4')).toBe(true);
    expect(holds({ not: { const: '' } }, '')).toBe(false);
    expect([holds({ maxItems: 0 }, []), holds({ maxItems: 0 }, [1]), holds({ minItems: 1 }, []), holds({ minItems: 1 }, 'x')]).toEqual([true, false, false, true]);
    expect([holds(true, null), holds(false, null)]).toEqual([true, false]);
  });

  it('compares const values deeply', () => {
    expect(holds({ const: { a: [1, { b: 2 }] } }, { a: [1, { b: 2 }] })).toBe(true);
    expect(holds({ const: { a: 1 } }, { a: 1, b: 2 })).toBe(false);
    expect(holds({ const: [1] }, { 0: 1 })).toBe(false);
  });

  it('refuses a keyword it does not read rather than ignoring it', () => {
    expect(() => holds({ pattern: 'x' }, 'x')).toThrow(/keyword "pattern" is not read/);
    expect(() => holds({ properties: { a: { type: 'string' } } }, { a: 1 })).toThrow(/keyword "type" is not read/);
  });
});

describe('exitCode', () => {
  const result = (status: Result['status']): Result => ({ ticket: 'a1b2c3d4', target: 'docs', status, answer: '' });

  it('gives the exit of the first x-outcomes case that holds', () => {
    expect([exitCode('send', result('answered')), exitCode('send', result('pending')), exitCode('send', result('expired'))]).toEqual([0, 2, 3]);
    expect(exitCode('wait', { results: [], open: ['docs'] })).toBe(2);
    expect(exitCode('wait', { results: [], open: [] })).toBe(0);
  });
});

describe('rpcMethod', () => {
  it('gives the method of the first x-rpc route of the step that holds on the input', () => {
    expect(rpcMethod('wait', 'call', { ticket: 'a1b2c3d4', timeoutSeconds: 0, noWait: false })).toBe('relay.Wait');
    expect(rpcMethod('wait', 'call', { ticket: '', timeoutSeconds: 0, noWait: true })).toBe('relay.CollectNow');
    expect(rpcMethod('wait', 'call', { ticket: '', timeoutSeconds: 0, noWait: false })).toBe('relay.Collect');
    expect(rpcMethod('theme', 'call', { action: 'list', theme: '' })).toBe('themes.List');
  });
});
