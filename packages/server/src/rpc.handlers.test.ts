/**
 * The backend's handler table is typed by the contracts (generated `RpcMethods`, from
 * contracts/rpc/): these cases hold at compile time — `npm run check` runs tsc over this file, and
 * each `@ts-expect-error` fails the check the day the line under it starts to compile.
 */
import type { RelaySendOptions, Result } from '@lich/generated/types';
import { describe, expect, expectTypeOf, it } from 'vitest';
import type { RpcHandler, RpcHandlers } from './rpc.js';

const pending = (target: string): Result => ({ ticket: 'a1b2c3d4', target, status: 'pending', answer: '' });

describe('the RPC handler table and the contracts', () => {
  it("gives a handler its method's options and expects its method's result", () => {
    expectTypeOf<Parameters<RpcHandler<'relay.Send'>>[0]>().toEqualTypeOf<RelaySendOptions>();
    expectTypeOf<ReturnType<RpcHandler<'relay.Send'>>>().toEqualTypeOf<Result | Promise<Result>>();
    // A method that takes no options is handed none.
    expectTypeOf<Parameters<RpcHandler<'system.Diagnostics'>>[0]>().toEqualTypeOf<undefined>();
    const send: RpcHandler<'relay.Send'> = (o) => pending(o.target);
    expect(send({ from: '', target: 'docs', project: '', prompt: 'p', timeoutSeconds: 0 }, new AbortController().signal)).toEqual(pending('docs'));
  });

  it('refuses a handler that reads an option its contract does not have', () => {
    // @ts-expect-error relay.Send has no `urgent` option (contracts/rpc/relay.Send.json).
    const reads: RpcHandler<'relay.Send'> = (o: RelaySendOptions & { urgent: boolean }) => pending(o.urgent ? 'now' : 'later');
    expect(typeof reads).toBe('function');
  });

  it('refuses a handler whose result is not its contract’s', () => {
    // @ts-expect-error relay.Peers answers Peer[], not a count.
    const counts: RpcHandler<'relay.Peers'> = () => 3;
    // @ts-expect-error a Result's status is one of the contract's statuses.
    const odd: RpcHandler<'relay.Send'> = (o) => ({ ...pending(o.target), status: 'maybe' });
    expect([typeof counts, typeof odd]).toEqual(['function', 'function']);
  });

  it('refuses a table that leaves a method of the contracts unserved', () => {
    // @ts-expect-error every contracts/rpc method needs its handler (here only relay.Peers has one).
    const table: RpcHandlers = { 'relay.Peers': () => [] };
    expect(Object.keys(table)).toEqual(['relay.Peers']);
  });
});
