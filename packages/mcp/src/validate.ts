/**
 * Tool-argument validation for `lich mcp`. The SDK's low-level `Server` checks nothing against
 * a tool's `inputSchema` (shared/ecosystem.md § 3), so each schema is compiled once, with ajv's
 * JSON Schema 2020-12 dialect, and every call is checked before its arguments become an
 * operation's input. A failure is a tool result the agent reads, not a protocol error
 * (spec/cli.md § lich mcp), so the reason is written to be acted on.
 */
import { Ajv2020, type ErrorObject } from 'ajv/dist/2020.js';

/** Checks one call's arguments: `null` when they are valid, else the reason, one sentence. */
export type ToolValidator = (args: unknown) => string | null;

/** What the validator needs of a tool: its name and its JSON Schema 2020-12 `inputSchema`. */
export interface SchemaTool {
  name: string;
  inputSchema: object;
}

/**
 * Compiles every tool's `inputSchema` once (tool name → validator). `strict: false` because
 * the contract's schemas may carry annotation keywords of their own; every error is collected
 * so one retry can fix them all.
 *
 * @throws Error when a schema does not compile — a broken contract, found at start-up.
 */
export function compileToolValidators(tools: readonly SchemaTool[]): Map<string, ToolValidator> {
  const ajv = new Ajv2020({ allErrors: true, strict: false });
  const validators = new Map<string, ToolValidator>();
  for (const tool of tools) {
    const validate = ajv.compile(tool.inputSchema);
    const known = Object.keys((tool.inputSchema as { properties?: object }).properties ?? {});
    validators.set(tool.name, (args) => {
      if (validate(args)) return null;
      const reasons = (validate.errors ?? []).map((e) => describe(e, known));
      return `invalid arguments for ${tool.name}: ${[...new Set(reasons)].join('; ')}`;
    });
  }
  return validators;
}

/** One ajv error in the tool's own terms: argument names, not JSON Pointers. */
function describe(error: ErrorObject, known: string[]): string {
  const at = argumentName(error.instancePath);
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

function article(type: string): string {
  const types = type.split(',');
  const one = (t: string) =>
    t === 'null' ? 'null' : t === 'integer' || t === 'object' || t === 'array' ? `an ${t}` : `a ${t}`;
  return types.map(one).join(' or ');
}
