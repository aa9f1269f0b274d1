/**
 * Tool-argument validation for `lich mcp`. The SDK's low-level `Server` checks nothing against
 * a tool's `inputSchema` (measured on SDK 1.32.2: `{session: 1}` against `session: string`
 * reached the handler and the call returned success), so each schema is compiled once, with ajv's
 * JSON Schema 2020-12 dialect, and every call is checked before its arguments become an
 * operation's input. A failure is a tool result the agent reads, not a protocol error
 * (spec/cli.md § lich mcp), so the reason is written to be acted on.
 *
 * What is checked is a lenient variant of the schema `tools/list` shows, because lich reads
 * arguments leniently (wire.md § 10.1, "Argument leniency") and a model that sent `"30"` for a
 * number or `5` for a label must still reach what it meant: core's `toInput` then reads them
 * with `textArg`, `flagArg` and `secondsArg`, as the tool's generated `fields` say. Only the top-level properties widen;
 * `required` and object-ness stay as strict as the listed schema.
 *
 * A string argument's `enum` is listed in `tools/list`, so the model picks from it, but is not
 * checked here: the operation refuses any other value in the words the CLI prints for it
 * (`close_session`'s worktree: `"delete" is not something to do with a worktree — "keep" keeps
 * the checkout, "remove" deletes it`, spec/cli.md § lich close; wire.md § 12.3), so both
 * surfaces say the same thing and the refusal says what each value does.
 */
import { Ajv2020, type ErrorObject } from 'ajv/dist/2020.js';

/** Checks one call's arguments: `null` when they are valid, else the reason, one sentence. */
export type ToolValidator = (args: unknown) => string | null;

/** What the validator needs of a tool: its name and its JSON Schema 2020-12 `inputSchema`. */
export interface SchemaTool {
  name: string;
  inputSchema: object;
  /**
   * Required argument → the refusal of a call that leaves it out, used as the whole reason in
   * place of `invalid arguments for <tool>: <name> is required` (`x-mcp.properties.*.missing`).
   * Only a key that is absent counts: `""` is a value, and for these arguments a meaningful one
   * (spec/cli.md § lich mcp: file_session, rename_folder and color_folder).
   */
  missing?: Readonly<Record<string, string>>;
}

/** A decimal number, as a string: what `secondsArg` reads (`"30"`, `" 1.5 "`, `"-2"`, `"1e2"`). */
const NUMERIC_STRING = '^\\s*[-+]?(?:\\d+\\.?\\d*|\\.\\d+)(?:[eE][-+]?\\d+)?\\s*$';

/** Annotation on a widened property: what it accepts, in the words of a refusal. */
const ACCEPTS = 'x-lich-accepts';

type JsonSchema = Record<string, unknown>;

/**
 * The schema a call is checked against: `inputSchema` with each top-level property of a single
 * scalar type widened to what lich reads (wire.md § 10.1):
 *
 * - `string` also takes a number, a boolean or null — spelled out, or `""`; its `enum`, if any,
 *   is left to the operation to enforce (see above);
 * - `boolean` takes `true`, `false`, `"true"` or `"false"`: only `true` and exactly `"true"` count
 *   as set, and any other string is refused rather than quietly read as `false`, since a flag such
 *   as `private` is consent;
 * - `number` / `integer` also take a numeric string.
 *
 * Everything else — `required`, a non-string `enum`, `additionalProperties`, the object type — is
 * kept as it is. The input is not changed.
 */
export function lenientSchema(inputSchema: object): object {
  const schema = inputSchema as JsonSchema;
  const properties = schema.properties as Record<string, JsonSchema> | undefined;
  if (properties === undefined || typeof properties !== 'object') return schema;
  const widened: Record<string, JsonSchema> = {};
  for (const [name, property] of Object.entries(properties)) widened[name] = widen(property);
  return { ...schema, properties: widened };
}

function widen(property: JsonSchema): JsonSchema {
  if (typeof property !== 'object' || property === null || property.const !== undefined) return property;
  if (property.enum !== undefined) {
    if (property.type !== 'string') return property;
    // The operation holds the values, and refuses others in the spec's words (see above).
    const { enum: _values, ...rest } = property;
    return { ...rest, type: ['string', 'number', 'boolean', 'null'], [ACCEPTS]: 'a string' };
  }
  switch (property.type) {
    case 'string':
      return { ...property, type: ['string', 'number', 'boolean', 'null'], [ACCEPTS]: 'a string' };
    case 'boolean': {
      const { type: _type, ...rest } = property;
      return { ...rest, enum: [true, false, 'true', 'false'], [ACCEPTS]: 'a boolean (true or false, or "true" or "false")' };
    }
    case 'number':
    case 'integer':
      return {
        ...property,
        type: [property.type, 'string'],
        pattern: NUMERIC_STRING,
        [ACCEPTS]: `${article(property.type)} or a string holding one`,
      };
    default:
      return property;
  }
}

/**
 * Compiles each tool's lenient schema ({@link lenientSchema}) once, on that tool's first call
 * (tool name → validator): `lich mcp` starts with every session a provider opens, and most
 * sessions call few of the tools, so compiling all of them up front was start-up paid for
 * nothing. `strict: false` because the contract's schemas may carry annotation keywords of their
 * own; every error is collected so one retry can fix them all.
 *
 * @throws Error (from the validator's first call) when a schema does not compile — a broken
 *   contract; the codegen tests compile every schema, so none reaches a build.
 */
export function compileToolValidators(tools: readonly SchemaTool[]): Map<string, ToolValidator> {
  // validateSchema off: the tool schemas were checked against the 2020-12 meta-schema when
  // codegen wrote them (tools/codegen validates every contract), and compiling that meta-schema
  // here cost ~33 ms of every `lich mcp` start (tools/bench). A schema ajv cannot compile still
  // throws below.
  // Made on the first call, as each schema is compiled on its tool's first call: ajv's instance
  // (its vocabularies and the 2020-12 meta-schema added) is not on the way to `initialize`.
  let ajv: Ajv2020 | undefined;
  const validators = new Map<string, ToolValidator>();
  for (const tool of tools) {
    const schema = lenientSchema(tool.inputSchema) as JsonSchema;
    let compiled: ReturnType<Ajv2020['compile']> | undefined;
    const validate = (args: unknown) => (compiled ??= (ajv ??= new Ajv2020({ allErrors: true, strict: false, validateSchema: false })).compile(schema))(args);
    const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
    const known = Object.keys(properties);
    const missing = Object.entries(tool.missing ?? {});
    validators.set(tool.name, (args) => {
      if (missing.length > 0 && typeof args === 'object' && args !== null && !Array.isArray(args)) {
        for (const [name, refusal] of missing) if (!Object.hasOwn(args, name)) return refusal;
      }
      if (validate(args)) return null;
      const errors = compiled?.errors ?? [];
      // An enum names its values, which says more than the type they share.
      const listed = new Set(errors.filter((e) => e.keyword === 'enum').map((e) => e.instancePath));
      const reasons = errors
        .filter((e) => !(e.keyword === 'type' && listed.has(e.instancePath)))
        .map((e) => describe(e, known, properties));
      return `invalid arguments for ${tool.name}: ${[...new Set(reasons)].join('; ')}`;
    });
  }
  return validators;
}

/** One ajv error in the tool's own terms: argument names, not JSON Pointers. */
function describe(error: ErrorObject, known: string[], properties: Record<string, JsonSchema>): string {
  const at = argumentName(error.instancePath);
  // A widened argument is refused in one sentence saying what it takes, whichever keyword failed.
  const accepts = properties[at]?.[ACCEPTS];
  if (typeof accepts === 'string' && error.instancePath === `/${escapePointer(at)}`) return `${at} must be ${accepts}`;
  switch (error.keyword) {
    case 'required':
      return `${(error.params as { missingProperty: string }).missingProperty} is required`;
    case 'additionalProperties': {
      const extra = (error.params as { additionalProperty: string }).additionalProperty;
      const takes = known.length > 0 ? `it takes ${known.join(', ')}` : 'it takes none';
      return `${extra} is not one of its arguments (${takes})`;
    }
    case 'type':
      return `${at || 'the arguments'} must be ${article((error.params as { type: string }).type)}`;
    case 'enum':
      return `${at} must be one of ${((error.params as { allowedValues: unknown[] }).allowedValues ?? [])
        .map((v) => JSON.stringify(v))
        .join(', ')}`;
    default:
      return `${at || 'the arguments'} ${error.message ?? 'is not valid'}`;
  }
}

function argumentName(instancePath: string): string {
  return instancePath
    .split('/')
    .slice(1)
    .map((p) => p.replace(/~1/g, '/').replace(/~0/g, '~'))
    .join('.');
}

function escapePointer(name: string): string {
  return name.replace(/~/g, '~0').replace(/\//g, '~1');
}

function article(type: string): string {
  const types = type.split(',');
  const one = (t: string) =>
    t === 'null' ? 'null' : t === 'integer' || t === 'object' || t === 'array' ? `an ${t}` : `a ${t}`;
  return types.map(one).join(' or ');
}
