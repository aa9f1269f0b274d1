/**
 * The `when` of a contract and core's matcher cannot drift: codegen refuses every keyword the
 * matcher does not read (src/matcher.ts, the validate step), the two keyword lists are the same,
 * and for those keywords the matcher answers as a JSON Schema validator does.
 */
import { Ajv } from 'ajv';
import { describe, expect, it } from 'vitest';
import { fc, test } from '@fast-check/vitest';
import { HOLDS_KEYWORDS, holds } from '@lich/core/contract-tables';
import type { JsonSchema } from '@lich/generated/types';
import { MATCHER_KEYWORDS, unreadKeywords } from '../src/matcher';

// The oracle is draft-07 ajv: every matcher keyword means the same there as in 2020-12.
const ajv = new Ajv({ strict: false });

const keys = fc.constantFrom('status', 'results', 'open', 'ticket');
const scalar = fc.oneof(fc.constantFrom('answered', 'pending', 'expired', ''), fc.integer({ min: -2, max: 3 }), fc.boolean(), fc.constant(null));

const { when } = fc.letrec<{ when: JsonSchema }>((tie) => ({
  when: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.boolean(),
    fc.record(
      {
        description: fc.constant('A case.'),
        const: fc.oneof(scalar, fc.array(scalar, { maxLength: 2 })),
        required: fc.uniqueArray(keys, { maxLength: 2 }),
        properties: fc.dictionary(keys, tie('when'), { maxKeys: 2 }),
        minItems: fc.nat(2),
        maxItems: fc.nat(2),
        not: tie('when'),
      },
      { requiredKeys: [] },
    ) as fc.Arbitrary<JsonSchema>,
  ),
}));

const value = fc.letrec<{ json: unknown }>((tie) => ({
  json: fc.oneof({ depthSize: 'small' }, scalar, fc.array(tie('json'), { maxLength: 3 }), fc.dictionary(keys, tie('json'), { maxKeys: 3 })),
})).json;

describe("core's matcher and codegen's refusal", () => {
  it('name the same keywords', () => {
    expect([...HOLDS_KEYWORDS].sort()).toEqual([...MATCHER_KEYWORDS].sort());
  });

  test.prop([when, value], { numRuns: 500 })('holds exactly when ajv validates the value', (schema, json) => {
    expect(holds(schema, json)).toBe(ajv.validate(schema as object | boolean, json));
  });

  test.prop([when])('codegen passes every when the matcher reads', (schema) => {
    expect(unreadKeywords(schema)).toEqual([]);
  });

  it('codegen names every keyword the matcher does not read, where it stands', () => {
    expect(unreadKeywords({ required: ['a'], properties: { a: { not: { pattern: 'x' } }, b: { enum: [1] } }, anyOf: [] })).toEqual([
      'when.properties.a.not: "pattern"',
      'when.properties.b: "enum"',
      'when: "anyOf"',
    ]);
  });
});
