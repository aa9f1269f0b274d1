/**
 * The few run-time helpers the code in `generated/` calls, so that the generated files stay tables
 * and never grow a branch of their own (generated code is thin and declarative: an emitter that
 * wants an `if` is missing a piece that belongs in the contract or in core). Each helper is the
 * written-once meaning of an annotation in `contracts/operations/*.json`:
 *
 * - the generated `cliArgv` → {@link toArgv}. (The CLI reads `x-cli` itself, from the generated
 *   command declarations: packages/cli/src/input.ts.)
 * - `x-mcp.properties` → {@link textArg}, {@link flagArg}, {@link secondsArg} (wire.md § 10.1,
 *   "Argument leniency").
 * - `x-opencode.capSeconds` → {@link capSeconds}.
 * - `x-outcomes` → {@link firstOutcome} and the predicate vocabulary {@link isType}, {@link hasProp},
 *   {@link prop}, {@link count}.
 *
 * Nothing here knows an operation by name, and nothing here imports `generated/`.
 */

/**
 * An MCP string argument, read as lich reads one: a string as it is, a missing one as `""`, any
 * other value spelled out (`5` → `"5"`), so a model that sent a number where a label was asked for
 * still reaches the session it meant (wire.md § 10.1).
 */
export function textArg(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value === undefined || value === null) return '';
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/**
 * Refuses a tool call that leaves out a required argument, as `lich mcp` does before it runs
 * anything (packages/mcp/src/validate.ts): the argument's own refusal
 * (`x-mcp.properties.*.missing`) when it has one, else `invalid arguments for <tool>: <name> is
 * required`. `textArg` would read a missing argument as `""`, which for `file_session`'s folder
 * means "take the session out" — a different command than the one the caller left unfinished.
 *
 * @param required the required arguments' names, in the contract's order.
 * @param refusals a required argument's own refusal, by name, where it has one.
 * @returns `args`, untouched, when every required argument is there.
 * @throws Error with that refusal as its message, for the first required argument missing.
 */
export function requireArgs<T>(tool: string, args: T, required: readonly string[], refusals: Readonly<Record<string, string>> = {}): T {
  const present = typeof args === 'object' && args !== null ? (args as Record<string, unknown>) : {};
  for (const name of required) {
    if (Object.hasOwn(present, name) && present[name] !== undefined) continue;
    throw new Error(refusals[name] ?? `invalid arguments for ${tool}: ${name} is required`);
  }
  return args;
}

/** An MCP boolean argument: `true`, or the string `"true"` exactly; anything else is false (wire.md § 10.1). */
export function flagArg(value: unknown): boolean {
  return value === true || value === 'true';
}

/** The clamp of a seconds argument (`x-mcp.properties.*.clamp`). */
export interface SecondsClamp {
  /** Largest value kept, in seconds. */
  readonly max: number;
  /** Value for a missing, unreadable or non-positive argument, in seconds. */
  readonly default: number;
}

/**
 * An MCP seconds argument: a number or a numeric string, truncated to whole seconds. Missing,
 * unreadable or ≤ 0 gives `clamp.default`, above `clamp.max` gives `clamp.max`. A tool call must
 * come back before the client detaches it (Claude Code detaches one after 120 s), which is why
 * lich's tools never wait past 90 (wire.md § 1.4 `mcpMaxWait`).
 */
export function secondsArg(value: unknown, clamp: SecondsClamp): number {
  const n = typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value) : NaN;
  if (!Number.isFinite(n)) return clamp.default;
  const seconds = Math.trunc(n);
  if (seconds <= 0) return clamp.default;
  return Math.min(seconds, clamp.max);
}

/**
 * Caps an operation input's seconds field for a surface whose tool calls must return within a
 * bound (`x-opencode.capSeconds`): ≤ 0 — which means the server's 100 s default — or above `max`
 * becomes `max`. Returns a copy; the input is not changed.
 */
export function capSeconds<T extends object, K extends keyof T & string>(input: T, field: K, max: number): T {
  const value = input[field];
  const seconds = typeof value === 'number' && value > 0 ? Math.min(value, max) : max;
  return { ...input, [field]: seconds };
}

/** A flag of a `lich` command line: its spelling (`--timeout`) and the input value it carries. */
export type ArgvFlag = readonly [name: string, value: string | number | boolean];

/** A positional of a `lich` command line: its value, and whether the command requires it. */
export type ArgvPositional = readonly [value: string, required: boolean];

/**
 * Builds a `lich` argv from an operation input (the generated `cliArgv`).
 *
 * Flags come first, each only when its value differs from the default (`""`, `0`, `false`), as
 * `--name=value` so a value that begins with `-` is never read as a flag; booleans are bare. Then
 * `--`, then the positionals, so a positional that begins with `-` is taken verbatim. An optional
 * positional is omitted when it is `""` and no optional one after it is written (`control <s>
 * command "" x` keeps its `""`, or `x` would be read as the command's name); a required one is
 * always written.
 *
 * @returns `[command, ...flags, '--', ...positionals]`, without the `--` when there are no positionals.
 */
export function toArgv(command: string, flags: readonly ArgvFlag[], positionals: readonly ArgvPositional[]): string[] {
  const argv = [command];
  for (const [name, value] of flags) {
    if (value === true) argv.push(name);
    else if (value !== false && value !== '' && value !== 0) argv.push(`${name}=${value}`);
  }
  // Optional positionals fill left to right (the CLI's alignPositionals, packages/cli/src/input.ts), so an empty one can only be left
  // out when no later optional one is written.
  const keep = positionals.map(() => false);
  let laterOptional = false;
  for (let i = positionals.length - 1; i >= 0; i--) {
    const [value, required] = positionals[i]!;
    keep[i] = required || value !== '' || laterOptional;
    if (!required && keep[i]) laterOptional = true;
  }
  const words = positionals.filter((_, i) => keep[i]).map(([value]) => value);
  if (words.length > 0) argv.push('--', ...words);
  return argv;
}

/** An exit code that is an outcome rather than a failure (spec/cli.md § Commands): 1 is always failure. */
export type OutcomeExit = 0 | 2 | 3;

/** One case of an operation's `x-outcomes`, compiled to a predicate over the operation's output. */
export interface Outcome {
  readonly when: (output: unknown) => boolean;
  readonly exit: OutcomeExit;
}

/**
 * The exit code of the first outcome whose predicate holds. Every `x-outcomes` table ends in an
 * unconditional case (codegen checks it), so a miss is a broken generated table.
 *
 * @throws {Error} when no case matches.
 */
export function firstOutcome(outcomes: readonly Outcome[], output: unknown): OutcomeExit {
  for (const outcome of outcomes) if (outcome.when(output)) return outcome.exit;
  throw new Error('no outcome matched: the x-outcomes table must end in an unconditional case');
}

/** The JSON Schema type names a predicate can test. */
export type JsonType = 'object' | 'array' | 'string' | 'number' | 'integer' | 'boolean' | 'null';

/** JSON Schema's `type` test: `object` excludes arrays and null, `integer` is a whole number. */
export function isType(value: unknown, type: JsonType): boolean {
  switch (type) {
    case 'object':
      return typeof value === 'object' && value !== null && !Array.isArray(value);
    case 'array':
      return Array.isArray(value);
    case 'null':
      return value === null;
    case 'integer':
      return typeof value === 'number' && Number.isInteger(value);
    case 'number':
      return typeof value === 'number' && Number.isFinite(value);
    default:
      return typeof value === type;
  }
}

/** Whether `value` is an object holding the own property `key` (JSON Schema's `required`). */
export function hasProp(value: unknown, key: string): boolean {
  return isType(value, 'object') && Object.prototype.hasOwnProperty.call(value, key);
}

/** The own property `key` of `value`, or `undefined` (JSON Schema's `properties`). */
export function prop(value: unknown, key: string): unknown {
  return hasProp(value, key) ? (value as Record<string, unknown>)[key] : undefined;
}

/** The length of an array, or -1 for anything else (JSON Schema's `minItems`/`maxItems`). */
export function count(value: unknown): number {
  return Array.isArray(value) ? value.length : -1;
}

/** Deep equality of JSON values (JSON Schema's `const` and `enum`). */
export function jsonEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a)) return Array.isArray(b) && a.length === b.length && a.every((x, i) => jsonEqual(x, b[i]));
  if (isType(a, 'object') && isType(b, 'object')) {
    const ka = Object.keys(a as object);
    const kb = Object.keys(b as object);
    return (
      ka.length === kb.length &&
      ka.every((k) => hasProp(b, k) && jsonEqual((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]))
    );
  }
  return false;
}
