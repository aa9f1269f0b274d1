/**
 * The readers of the surfaces' generated tables, written once, so that `generated/` holds data
 * and declarations only and never grows a branch of its own. Each is the meaning of an
 * annotation in `contracts/operations/*.json`:
 *
 * - `cliArgvSpecs` (generated/argv.ts) → {@link toArgv}. (The CLI reads `x-cli` itself, from the
 *   generated command declarations: packages/cli/src/input.ts.)
 * - `x-mcp.properties` (`MCP_TOOLS[].fields`, generated/mcp/tools.ts) → {@link toInput}, through
 *   {@link textArg}, {@link flagArg}, {@link secondsArg} (wire.md § 10.1, "Argument leniency").
 * - `x-opencode` (generated/opencode/tools.ts) → {@link toolArgv}, with {@link requireArgs} and
 *   {@link capSeconds}.
 *
 * The exit codes and RPC routes of generated/contracts.ts are read by contract-tables.ts.
 * Nothing here knows an operation by name.
 */
import { cliArgvSpecs, type ArgvOptions, type ArgvSpec } from '@lich/generated/argv';
import type { AnyMcpTool } from '@lich/generated/mcp/tools';
import type { OpName, OperationTypes } from '@lich/generated/types';

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

/**
 * Builds the `lich` argv (without `lich` itself) that runs operation `op` with this input, from
 * the operation's `cliArgvSpecs` entry (generated/argv.ts, from `x-cli`).
 *
 * Flags come first, each only when its value differs from the default (`""`, `0`, `false`), as
 * `--name=value` so a value that begins with `-` is never read as a flag; booleans are bare; a
 * `--json` read from `options` is written when `options.json` is true. Then `--`, then the
 * positionals, so a positional that begins with `-` is taken verbatim. An optional positional is
 * omitted when it is `""` and no optional one after it is written (`control <s> command "" x`
 * keeps its `""`, or `x` would be read as the command's name); a required one is always written.
 *
 * @returns `[command, ...flags, '--', ...positionals]`, without the `--` when there are no positionals.
 */
export function toArgv<K extends OpName>(op: K, input: OperationTypes[K]['input'], options: ArgvOptions = {}): string[] {
  const spec = cliArgvSpecs[op] as unknown as ArgvSpec<Record<string, unknown>>;
  const fields = input as Record<string, unknown>;
  const argv = [spec.command];
  for (const flag of spec.flags) {
    const value = 'option' in flag ? (options[flag.option] ?? false) : fields[flag.field];
    if (value === true) argv.push(flag.flag);
    else if (value !== false && value !== '' && value !== 0 && value !== undefined) argv.push(`${flag.flag}=${String(value)}`);
  }
  // Optional positionals fill left to right (the CLI's alignPositionals, packages/cli/src/input.ts), so an empty one can only be left
  // out when no later optional one is written.
  const values = spec.positionals.map((p) => String(fields[p.field] ?? ''));
  const keep = values.map(() => false);
  let laterOptional = false;
  for (let i = values.length - 1; i >= 0; i--) {
    const required = spec.positionals[i]!.required;
    keep[i] = required || values[i] !== '' || laterOptional;
    if (!required && keep[i]) laterOptional = true;
  }
  const words = values.filter((_, i) => keep[i]);
  if (words.length > 0) argv.push('--', ...words);
  return argv;
}

/**
 * The operation input for the `arguments` of a `tools/call` of `tool`, read from the tool's
 * `fields` (generated/mcp/tools.ts, from `x-mcp.properties`): strings, flags and seconds read
 * leniently ({@link textArg}, {@link flagArg}, {@link secondsArg} with the field's clamp), and
 * every input field the tool does not take at its default. Required arguments are the caller's
 * to check first (`inputSchema`, or {@link requireArgs}). Arguments that are not an object read
 * as none.
 */
export function toInput<T extends AnyMcpTool>(tool: T, args: unknown): OperationTypes[T['operation']]['input'] {
  const given: Record<string, unknown> = typeof args === 'object' && args !== null ? (args as Record<string, unknown>) : {};
  const input: Record<string, unknown> = {};
  for (const f of tool.fields) {
    if (!('read' in f)) input[f.field] = f.default;
    else if (f.read === 'seconds') input[f.field] = secondsArg(given[f.arg], { max: f.max, default: f.default });
    else if (f.read === 'flag') input[f.field] = flagArg(given[f.arg]);
    else input[f.field] = textArg(given[f.arg]);
  }
  return input as OperationTypes[T['operation']]['input'];
}

/** How a tool that runs the `lich` CLI spells its command (an opencode tool's declaration, `x-opencode`). */
export interface ToolCli {
  /** Whether the command line carries --json (for a command that has it). */
  readonly json: boolean;
  /** The input's seconds field and the most seconds the tool may wait ({@link capSeconds}). */
  readonly capSeconds?: { readonly field: string; readonly max: number };
}

/**
 * The `lich` argv a CLI-running tool (the opencode plugin's, the oh-my-pi extension's) runs for
 * a call of `tool` with `args`: a required argument left out is refused as `lich mcp` refuses it
 * ({@link requireArgs}), the arguments become the operation input exactly as the MCP tool reads
 * them ({@link toInput}), its wait is capped (`cli.capSeconds`), and the input is spelled as the
 * command line ({@link toArgv}).
 *
 * @throws Error with the refusal of the first required argument missing.
 */
export function toolArgv(tool: AnyMcpTool, args: unknown, cli: ToolCli): string[] {
  const checked = requireArgs(tool.name, args, tool.inputSchema.required ?? [], tool.missing);
  const input = toInput(tool, checked) as Record<string, unknown>;
  const capped = cli.capSeconds === undefined ? input : capSeconds(input, cli.capSeconds.field, cli.capSeconds.max);
  return toArgv(tool.operation, capped as never, { json: cli.json });
}
