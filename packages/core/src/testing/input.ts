/**
 * An operation's input as a surface hands it to core: the fields a test names, and for every
 * other field the contract's default (`default` in contracts/operations/<op>.json: `""`, `0`,
 * `false`) — what the CLI's and MCP's generated `toInput` fill in before core runs. Core's
 * operations take the contract's complete input type (types.ts), so a test spells only what it
 * is about and the rest comes from the one place the defaults are written.
 */
import { operations } from '@lich/generated/contracts';
import type { OperationInput, OperationName } from '../types.js';

export function inputOf<Op extends OperationName>(op: Op, given: Partial<OperationInput<Op>> = {}): OperationInput<Op> {
  const properties = (operations[op].input as { properties?: Record<string, { default?: unknown }> }).properties ?? {};
  const input: Record<string, unknown> = {};
  for (const [field, schema] of Object.entries(properties)) input[field] = schema.default;
  return { ...input, ...given } as OperationInput<Op>;
}
