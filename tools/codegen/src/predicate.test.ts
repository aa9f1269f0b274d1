import { Ajv } from 'ajv';
import { describe, expect, it } from 'vitest';
import { fc, test } from '@fast-check/vitest';
import * as runtime from '../../../packages/core/src/contract-runtime';
import type { Schema } from './model';
import { PREDICATE_HELPERS, compilePredicate } from './predicate';

// The oracle is draft-07 ajv: every predicate keyword means the same there, and ajv 8.20's 2020
// build miscompiles some `anyOf` + `not` nestings (a ReferenceError on its evaluated-properties
// bookkeeping), which would fail this test for ajv's sake.
const ajv = new Ajv({ strict: false });

/** The compiled predicate as a function, with the runtime helpers it may call in scope. */
function compiled(schema: Schema): (value: unknown) => boolean {
  const helpers = PREDICATE_HELPERS.map((name) => runtime[name]);
  return new Function(...PREDICATE_HELPERS, 'output', `return ${compilePredicate(schema, 'output')};`).bind(null, ...helpers) as (
    value: unknown,
  ) => boolean;
}

const keys = fc.constantFrom('status', 'results', 'open', 'ticket');
const scalar = fc.oneof(fc.constantFrom('answered', 'pending', 'expired', ''), fc.integer({ min: -2, max: 3 }), fc.boolean(), fc.constant(null));
const jsonType = fc.constantFrom('object', 'array', 'string', 'number', 'integer', 'boolean', 'null');

const { predicate } = fc.letrec<{ predicate: Schema }>((tie) => ({
  predicate: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.boolean(),
    fc.record(
      {
        type: fc.oneof(jsonType, fc.uniqueArray(jsonType, { minLength: 1, maxLength: 2 })),
        const: scalar,
        enum: fc.uniqueArray(scalar, { minLength: 1, maxLength: 3 }),
        required: fc.uniqueArray(keys, { maxLength: 2 }),
        properties: fc.dictionary(keys, tie('predicate'), { maxKeys: 2 }),
        minItems: fc.nat(2),
        maxItems: fc.nat(2),
        not: tie('predicate'),
        allOf: fc.array(tie('predicate'), { minLength: 1, maxLength: 2 }),
        anyOf: fc.array(tie('predicate'), { minLength: 1, maxLength: 2 }),
      },
      { requiredKeys: [] },
    ) as fc.Arbitrary<Schema>,
  ),
}));

const value = fc.letrec<{ json: unknown }>((tie) => ({
  json: fc.oneof(
    { depthSize: 'small' },
    scalar,
    fc.array(tie('json'), { maxLength: 3 }),
    fc.dictionary(keys, tie('json'), { maxKeys: 3 }),
  ),
})).json;

describe('compilePredicate', () => {
  test.prop([predicate, value], { numRuns: 500 })('holds exactly when ajv validates the value', (schema, json) => {
    expect(compiled(schema)(json)).toBe(ajv.validate(schema as object, json));
  });

  it('tells an answered result from a pending one', () => {
    const answered = compiled({ required: ['status'], properties: { status: { const: 'answered' } } });
    expect(answered({ ticket: 'a1b2c3d4', status: 'answered' })).toBe(true);
    expect(answered({ ticket: 'a1b2c3d4', status: 'pending' })).toBe(false);
    expect(answered({ results: [], open: [] })).toBe(false);
  });

  it('refuses a keyword it cannot compile rather than ignoring it', () => {
    expect(() => compilePredicate({ pattern: 'x' }, 'output')).toThrow(/"pattern" is not supported/);
  });
});
