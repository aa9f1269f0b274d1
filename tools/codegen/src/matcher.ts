/**
 * The JSON Schema subset a `when` of `x-outcomes` or `x-rpc` may use: exactly the keywords core's
 * matcher reads (`holds`, `HOLDS_KEYWORDS` in packages/core/src/contract-tables.ts; codegen does
 * not import the packages, so tools/codegen/test/matcher.test.ts checks that the two lists are the same). The
 * validate step refuses a `when` with any other keyword, so a contract can never say something
 * the matcher would silently ignore.
 */
import type { Schema } from './model';

/** The keywords core's `holds` reads. */
export const MATCHER_KEYWORDS = ['description', 'required', 'properties', 'const', 'not', 'minItems', 'maxItems'] as const;

/**
 * Every keyword of `schema` (and of the schemas under its `properties` and `not`) that the
 * matcher does not read, as `<path>: "<keyword>"`; `[]` when it reads them all.
 */
export function unreadKeywords(schema: Schema, path = 'when'): string[] {
  if (typeof schema === 'boolean') return [];
  return Object.entries(schema).flatMap(([keyword, value]) => {
    if (!(MATCHER_KEYWORDS as readonly string[]).includes(keyword)) return [`${path}: "${keyword}"`];
    if (keyword === 'not') return unreadKeywords(value as Schema, `${path}.not`);
    if (keyword === 'properties') {
      return Object.entries(value as Record<string, Schema>).flatMap(([name, sub]) => unreadKeywords(sub, `${path}.properties.${name}`));
    }
    return [];
  });
}
