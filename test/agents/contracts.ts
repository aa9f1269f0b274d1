/**
 * The fourteen tools as `contracts/operations/*.json` declare them (`x-mcp`): what every real
 * agent must offer its model — under lich's MCP server for Claude Code and Codex, as the opencode
 * plugin's tools for opencode (spec/opencode-tools.md: the same fourteen, the same names).
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from 'vitest';
import type { OfferedTool } from '../../tools/fake-model/index.mjs';
import { ROOT } from '../e2e/harness.js';

export interface ContractProperty {
  type: string;
  description: string;
  enum?: string[];
}

export interface ContractTool {
  name: string;
  description: string;
  properties: Record<string, ContractProperty>;
  required: string[];
  /** The contract file it came from. */
  file: string;
}

/** Every operation contract with an `x-mcp` block, in `x-mcp.order`. */
export function contractTools(): ContractTool[] {
  const dir = join(ROOT, 'contracts', 'operations');
  const out: (ContractTool & { order: number })[] = [];
  for (const f of readdirSync(dir).filter((x) => x.endsWith('.json'))) {
    const doc = JSON.parse(readFileSync(join(dir, f), 'utf8'));
    const m = doc['x-mcp'];
    if (!m) continue;
    const properties: Record<string, ContractProperty> = {};
    for (const [k, p] of Object.entries<Record<string, unknown>>(m.properties ?? {})) {
      properties[k] = { type: p.type as string, description: p.description as string, ...(p.enum ? { enum: p.enum as string[] } : {}) };
    }
    out.push({ name: m.name, description: m.description, properties, required: m.required ?? [], file: `contracts/operations/${f}`, order: m.order ?? 0 });
  }
  return out.sort((a, b) => a.order - b.order).map(({ order: _o, ...t }) => t);
}

/**
 * Compares one offered tool with its contract, field by field: the description; the schema's
 * type, its property names, each property's type, description and enum, and the required list.
 * JSON Schema bookkeeping a client adds (`$schema`, `additionalProperties`) is allowed; another
 * property, a missing one or a changed word is not. `rewrite` is what the client itself is
 * measured to do to the MCP server's text on its way to the model, applied to the contract's side; `described`
 * what lich's own plugin adds to a tool's description in that client (`tool` is the contract's name).
 */
export function expectMatchesContract(
  offered: OfferedTool | null,
  c: ContractTool,
  rewrite: (s: string) => string = (s) => s,
  described: (tool: string, description: string) => string = (_t, d) => d,
): void {
  expect(offered, `${c.name} (${c.file}) is offered to the model`).not.toBeNull();
  const t = offered!;
  expect(t.description, `${c.name}: description`).toBe(described(c.name, rewrite(c.description)));
  const schema = (t.schema ?? {}) as { type?: string; properties?: Record<string, Record<string, unknown>>; required?: string[] };
  expect(schema.type, `${c.name}: schema type`).toBe('object');
  const props = schema.properties ?? {};
  expect(Object.keys(props).sort(), `${c.name}: property names`).toEqual(Object.keys(c.properties).sort());
  for (const [k, p] of Object.entries(c.properties)) {
    expect(props[k]?.type, `${c.name}.${k}: type`).toBe(p.type);
    expect(props[k]?.description, `${c.name}.${k}: description`).toBe(rewrite(p.description));
    if (p.enum) expect(props[k]?.enum, `${c.name}.${k}: enum`).toEqual(p.enum);
  }
  expect([...(schema.required ?? [])].sort(), `${c.name}: required`).toEqual([...c.required].sort());
}
