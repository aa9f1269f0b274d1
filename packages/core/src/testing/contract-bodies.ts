/**
 * The check core's operation tests run after each test: every body core posted to the fake lich
 * is what contracts/rpc/<method>.json says the backend takes — the options object with every field
 * (the G3 rule), or `[]` for a method without options.
 */
import Ajv2020 from 'ajv/dist/2020.js';
import { rpcMethods } from '@lich/generated/contracts';
import type { RpcMethodName } from '@lich/generated/types';
import { expect } from 'vitest';
import type { FakeLich } from './fake-lich.js';

const ajv = new Ajv2020({ strict: false, allErrors: true });

/** Fails the running test for the first posted body its method's contract does not take. */
export function expectBodiesFollowContracts(calls: FakeLich['calls']): void {
  for (const call of calls) {
    const contract = rpcMethods[call.method as RpcMethodName];
    expect(contract, `${call.method} is in contracts/rpc`).toBeDefined();
    if (contract.options === null) {
      expect(call.body).toEqual([]);
      continue;
    }
    expect(call.body).toHaveLength(1);
    const validate = ajv.compile(contract.options as object);
    expect(validate((call.body as unknown[])[0]), `${call.method}: ${ajv.errorsText(validate.errors)}`).toBe(true);
  }
}
