/**
 * The readers of the two decision tables of `generated/contracts.ts`, written once: which exit
 * code an operation's output means (`outcomes`, from `x-outcomes`) and which RPC method carries
 * a call of an operation (`rpcRoutes`, from `x-rpc`). Both tables are data — lists of
 * `{ when, … }` cases whose `when` is a JSON Schema, the first that holds deciding — and
 * {@link holds} is the one matcher that reads them.
 *
 * The matcher reads the JSON Schema subset in {@link HOLDS_KEYWORDS} and nothing else; codegen's
 * validate step refuses a `when` with any other keyword (tools/codegen/src/matcher.ts), and a
 * codegen test checks that both name the same keywords, so a contract cannot say what this
 * matcher would silently ignore.
 */
import { outcomes, rpcRoutes, type OutcomeExit, type Route, type RpcRoutes } from '@lich/generated/contracts';
import type { JsonSchema, OpName, OperationTypes } from '@lich/generated/types';

/**
 * The JSON Schema keywords {@link holds} reads: the ones `x-outcomes` and `x-rpc` use.
 * `description` is read as the annotation it is (it never fails a value).
 */
export const HOLDS_KEYWORDS = ['description', 'required', 'properties', 'const', 'not', 'minItems', 'maxItems'] as const;

/** A keyword of {@link HOLDS_KEYWORDS}. */
export type HoldsKeyword = (typeof HOLDS_KEYWORDS)[number];

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Deep equality of JSON values: JSON Schema's `const`. */
function jsonEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a)) return Array.isArray(b) && a.length === b.length && a.every((x, i) => jsonEqual(x, b[i]));
  if (!isObject(a) || !isObject(b)) return false;
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((k) => Object.hasOwn(b, k) && jsonEqual(a[k], b[k]));
}

/** Each keyword's test of `value` against the keyword's argument, as JSON Schema (draft 2020-12) defines it. */
const KEYWORDS: Readonly<Record<HoldsKeyword, (argument: unknown, value: unknown) => boolean>> = {
  description: () => true,
  // Applies to objects only: anything else satisfies it.
  required: (names, value) => !isObject(value) || (names as string[]).every((name) => Object.hasOwn(value, name)),
  properties: (schemas, value) =>
    !isObject(value) ||
    Object.entries(schemas as Record<string, JsonSchema>).every(([name, schema]) => !Object.hasOwn(value, name) || holds(schema, value[name])),
  const: (constant, value) => jsonEqual(value, constant),
  not: (schema, value) => !holds(schema as JsonSchema, value),
  minItems: (min, value) => !Array.isArray(value) || value.length >= (min as number),
  maxItems: (max, value) => !Array.isArray(value) || value.length <= (max as number),
};

/**
 * Whether `value` is valid against `schema`, a JSON Schema written with the keywords of
 * {@link HOLDS_KEYWORDS} (`true` holds for everything, `false` for nothing). It answers exactly as
 * a JSON Schema validator does for that subset (a codegen property test checks it against ajv).
 *
 * @throws {Error} `holds: keyword "<k>" is not read …` for any other keyword: codegen refuses one
 *   in a contract, so meeting it here means a table was written by something else.
 */
export function holds(schema: JsonSchema, value: unknown): boolean {
  if (typeof schema === 'boolean') return schema;
  return Object.entries(schema).every(([keyword, argument]) => {
    if (!Object.hasOwn(KEYWORDS, keyword)) throw new Error(`holds: keyword "${keyword}" is not read (only ${HOLDS_KEYWORDS.join(', ')})`);
    return KEYWORDS[keyword as HoldsKeyword](argument, value);
  });
}

/**
 * The exit code of an operation that succeeded, from its output (spec/cli.md § Commands): the
 * `exit` of the first case of `outcomes[op]` (`x-outcomes`) whose `when` holds on the output.
 * A failure is always 1 and never reaches this function.
 *
 * @throws {Error} when no case holds: every `x-outcomes` list ends in an unconditional case
 *   (codegen checks it), so a miss is a broken generated table.
 */
export function exitCode<K extends OpName>(op: K, output: OperationTypes[K]['output']): OutcomeExit {
  const found = outcomes[op].find((c) => holds(c.when, output));
  if (found === undefined) throw new Error(`no outcome of ${op} holds: its x-outcomes list must end in an unconditional case`);
  return found.exit;
}

/** The operations that make RPC calls, and the steps (calls) each makes: `call`, or `open`'s `open` and `handOff`. */
export type RoutedOp = keyof RpcRoutes;

/** The methods a step's routes name. */
export type RouteMethod<T> = T extends readonly Route<infer M>[] ? M : never;

/**
 * The RPC method that carries step `step` of operation `op` for this input: the `method` of the
 * first route of `rpcRoutes[op][step]` (`x-rpc`) whose `when` holds on the input. Every input
 * field is present (the input types require them all), and the last route of a step always holds
 * (codegen checks it). Whether a step is made at all is the operation's own logic.
 *
 * @throws {Error} when no route holds: a broken generated table.
 */
export function rpcMethod<K extends RoutedOp, S extends keyof RpcRoutes[K] & string>(
  op: K,
  step: S,
  input: OperationTypes[K]['input'],
): RouteMethod<RpcRoutes[K][S]> {
  const routes = rpcRoutes[op][step] as readonly Route[];
  const found = routes.find((r) => holds(r.when, input));
  if (found === undefined) throw new Error(`no route of ${op}.${step} holds: its last x-rpc route must be unconditional`);
  return found.method as RouteMethod<RpcRoutes[K][S]>;
}
