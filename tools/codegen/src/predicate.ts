/**
 * Compiles the small JSON-Schema predicates of `x-outcomes` (`{when, exit}`) into plain
 * TypeScript expressions over the operation's output, built from the vocabulary in
 * `@lich/core/contract-runtime` (`isType`, `hasProp`, `prop`, `count`, `jsonEqual`). The
 * expression holds exactly when the schema validates the value: tests check that against ajv.
 */
import { tsString } from './literal';
import type { Schema } from './model';

/** The keywords a predicate may use; the meta-schema allows these and nothing else. */
export const PREDICATE_KEYWORDS = [
  'type',
  'const',
  'enum',
  'required',
  'properties',
  'minItems',
  'maxItems',
  'not',
  'allOf',
  'anyOf',
  'description',
] as const;

/** The runtime helpers a compiled predicate may call. */
export const PREDICATE_HELPERS = ['count', 'hasProp', 'isType', 'jsonEqual', 'prop'] as const;

/**
 * A TypeScript boolean expression that holds when `schema` validates the value of `subject`
 * (an expression of type `unknown`).
 */
export function compilePredicate(schema: Schema, subject: string): string {
  if (schema === true) return 'true';
  if (schema === false) return 'false';
  const parts: string[] = [];
  for (const [keyword, value] of Object.entries(schema)) {
    switch (keyword) {
      case 'description':
        break;
      case 'type': {
        const types = (Array.isArray(value) ? value : [value]) as string[];
        parts.push(or(types.map((t) => `isType(${subject}, ${tsString(t)})`)));
        break;
      }
      case 'const':
        parts.push(equals(subject, value));
        break;
      case 'enum':
        parts.push(or((value as unknown[]).map((v) => equals(subject, v))));
        break;
      case 'required': {
        const keys = value as string[];
        if (keys.length > 0) parts.push(`(!isType(${subject}, 'object') || ${and(keys.map((k) => `hasProp(${subject}, ${tsString(k)})`))})`);
        break;
      }
      case 'properties':
        for (const [key, sub] of Object.entries(value as Record<string, Schema>)) {
          const inner = compilePredicate(sub, `prop(${subject}, ${tsString(key)})`);
          if (inner !== 'true') parts.push(`(!hasProp(${subject}, ${tsString(key)}) || ${inner})`);
        }
        break;
      case 'minItems':
        parts.push(`(!isType(${subject}, 'array') || count(${subject}) >= ${Number(value)})`);
        break;
      case 'maxItems':
        parts.push(`(!isType(${subject}, 'array') || count(${subject}) <= ${Number(value)})`);
        break;
      case 'not':
        parts.push(`!(${compilePredicate(value as Schema, subject)})`);
        break;
      case 'allOf':
        parts.push(and((value as Schema[]).map((s) => compilePredicate(s, subject))));
        break;
      case 'anyOf':
        parts.push(or((value as Schema[]).map((s) => compilePredicate(s, subject))));
        break;
      default:
        throw new Error(`x-outcomes: keyword "${keyword}" is not supported in a predicate (allowed: ${PREDICATE_KEYWORDS.join(', ')})`);
    }
  }
  return parts.length === 0 ? 'true' : and(parts);
}

function equals(subject: string, value: unknown): string {
  if (typeof value === 'string') return `${subject} === ${tsString(value)}`;
  if (value === null || typeof value === 'number' || typeof value === 'boolean') return `${subject} === ${String(value)}`;
  return `jsonEqual(${subject}, ${JSON.stringify(value)})`;
}

function and(parts: string[]): string {
  if (parts.length === 0) return 'true';
  return parts.length === 1 ? parts[0]! : `(${parts.join(' && ')})`;
}

function or(parts: string[]): string {
  if (parts.length === 0) return 'false';
  return parts.length === 1 ? parts[0]! : `(${parts.join(' || ')})`;
}
