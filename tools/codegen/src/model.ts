/**
 * The contracts as codegen reads them: every file of `contracts/`, parsed, with the path it came
 * from (relative to the repository root, '/'-separated) so every emitted file can name its sources.
 */

/** A JSON Schema (2020-12) node, or a boolean schema. */
export type Schema = boolean | SchemaObject;

/** A JSON Schema object; the keywords codegen reads are typed, the rest pass through. */
export interface SchemaObject {
  $ref?: string;
  $defs?: Record<string, Schema>;
  title?: string;
  description?: string;
  type?: string | string[];
  properties?: Record<string, Schema>;
  required?: string[];
  additionalProperties?: Schema;
  items?: Schema;
  prefixItems?: Schema[];
  enum?: unknown[];
  const?: unknown;
  default?: unknown;
  oneOf?: Schema[];
  anyOf?: Schema[];
  allOf?: Schema[];
  not?: Schema;
  minItems?: number;
  maxItems?: number;
  'x-extends'?: string;
  [keyword: string]: unknown;
}

/** A field type an operation input may have. */
export type FieldType = 'string' | 'integer' | 'boolean';

/** One case of `x-outcomes`. */
export interface OutcomeCase {
  when: Schema;
  exit: 0 | 2 | 3;
  meaning: string;
}

/** One positional of `x-cli.args`. */
export interface CliArg {
  name: string;
  field: string;
  description: string;
  required: boolean;
  leadingOptional?: boolean;
  /** The last positional takes every remaining word, joined by single spaces (`ask <session> <question...>`). */
  variadic?: boolean;
  /** How the usage line spells it instead of `<name>` (`list | switch` for `theme`'s action). */
  spelling?: string;
}

/** One flag of `x-cli.flags`: either it fills an input field, or it selects the output (`--json`). */
export interface CliFlag {
  field?: string;
  output?: 'json';
  type: FieldType;
  helpValue?: string;
  description: string;
}

export interface CliAnnotation {
  command: string;
  order: number;
  summary: string;
  /** The spelling, one entry per line of `lich help`; joined with a space it is the one-line usage. */
  usage: string[];
  args: CliArg[];
  flags: Record<string, CliFlag>;
  json: boolean;
}

export interface McpProperty {
  field: string;
  type: 'string' | 'number' | 'boolean';
  description: string;
  enum?: string[];
  /** The refusal of a call that leaves this required property out (`x-mcp.properties.*.missing`). */
  missing?: string;
  clamp?: { max: number; default: number };
}

export interface McpAnnotation {
  name: string;
  order: number;
  description: string;
  readOnly: boolean;
  properties: Record<string, McpProperty>;
  required: string[];
}

export interface OpencodeAnnotation {
  json: boolean;
  resultExitCodes: number[];
  capSeconds?: { field: string; max: number };
}

/**
 * When a route of `x-rpc` is taken, over the operation's input (every field present): always
 * (`true`, the last route of each step), or when every field it names equals the `const` given —
 * or, under `not`, differs from it. A JSON Schema, so it means what it says to ajv too.
 */
export type RouteWhen =
  | true
  | {
      description?: string;
      properties: Record<string, { const: string | number | boolean } | { not: { const: string | number | boolean } }>;
    };

/**
 * One route of `x-rpc`: the RPC method that carries a step of the operation when `when` holds.
 * The routes of one step are tried in order; the first whose `when` holds is the method.
 */
export interface RpcUse {
  method: string;
  /** The call this route belongs to (`open` makes two: `open`, then `handOff`); absent: `call`. */
  step?: string;
  when: RouteWhen;
}

/** The step of a route without one: an operation that makes one call. */
export const DEFAULT_STEP = 'call';

/** `contracts/operations/<op>.json`. */
export interface OperationDoc {
  title: string;
  description: string;
  /** Where the operation is specified (`spec/cli.md § lich send`); doc comments only, never help text. */
  'x-source'?: string;
  input: SchemaObject & { properties: Record<string, SchemaObject>; required: string[] };
  output: Schema;
  'x-outcomes': OutcomeCase[];
  'x-cli': CliAnnotation;
  'x-mcp'?: McpAnnotation;
  'x-opencode'?: OpencodeAnnotation;
  'x-rpc': RpcUse[];
  /**
   * Input fields no RPC option carries, each with what does (`cost`'s `json`: the format the
   * report is printed in). Codegen refuses an input field that no route's options, no route's
   * `when` and no entry here carries.
   */
  'x-local'?: Record<string, string>;
}

/** `contracts/rpc/<service>.<Method>.json`. */
export interface RpcDoc {
  method: string;
  description: string;
  /** `null`: the method takes no options and its body is `[]`. */
  options: SchemaObject | null;
  result: Schema;
}

export interface StatusCode {
  contentType?: string;
  description: string;
}

/** `contracts/rpc/wire.json`. */
export interface RpcWireDoc {
  description: string;
  path: string;
  httpMethod: string;
  query: Record<string, SchemaObject>;
  contentType: string;
  bodyLimitBytes: number;
  envelope: string;
  errorBody: SchemaObject;
  statusCodes: Record<string, StatusCode>;
}

/** `contracts/hooks/<endpoint>.json` of a POST endpoint: the body it takes. */
export interface PostHookDoc {
  path: string;
  method?: 'POST';
  title: string;
  description: string;
  bodyLimitBytes: number;
  body: SchemaObject;
}

/** `contracts/hooks/<endpoint>.json` of a GET endpoint: its query and the JSON it answers 200 with. */
export interface GetHookDoc {
  path: string;
  method: 'GET';
  description: string;
  /** An object schema: one string property per query parameter besides the token. */
  query: SchemaObject & { properties: Record<string, SchemaObject> };
  response: SchemaObject;
}

/** `contracts/hooks/<endpoint>.json`. */
export type HookDoc = PostHookDoc | GetHookDoc;

/** `contracts/hooks/responses.json`. */
export interface HookResponsesDoc {
  description: string;
  query: Record<string, SchemaObject>;
  headers: Record<string, SchemaObject>;
  statusCodes: Record<string, StatusCode>;
}

export interface Sourced<T> {
  /** Path relative to the repository root, e.g. `contracts/operations/send.json`. */
  file: string;
  doc: T;
}

/** Every contract, sorted by file path, so emission never depends on directory order. */
export interface Contracts {
  objects: Sourced<SchemaObject>[];
  operations: Sourced<OperationDoc>[];
  rpc: Sourced<RpcDoc>[];
  rpcWire: Sourced<RpcWireDoc>;
  hooks: Sourced<HookDoc>[];
  hookResponses: Sourced<HookResponsesDoc>;
}

/** Emitted files: path relative to the output directory (`types.ts`, `cli/commands.ts`) → contents. */
export type Files = Record<string, string>;
