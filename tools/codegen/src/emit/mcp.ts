/**
 * `generated/mcp/tools.ts`: the MCP tool table of `lich mcp` — name, description, the input
 * schema `tools/list` sends, annotations, the operation each tool runs, and `fields`: for every
 * input field, the argument it is read from and how (text, flag, or seconds with their clamp), or
 * the constant it is left at. Core's `toInput` (packages/core/src/contract-runtime.ts) reads them
 * with lich's leniency (wire.md § 10.1).
 */
import { VariableDeclarationKind } from 'ts-morph';
import { tsLiteral, tsString } from '../literal';
import type { Contracts, Files, McpAnnotation, OperationDoc } from '../model';
import { renderTs } from '../tsfile';
import { mcpTools } from './names';

/**
 * The JSON Schema `tools/list` sends for a tool. Keys come in the order lich's Go server marshals
 * them (sorted: `properties`, `required`, `type`; `description`, `enum`, `type`), and `required`
 * is left out when empty, as `omitempty` does (wire.md § 10.1).
 */
export function mcpInputSchema(mcp: McpAnnotation): Record<string, unknown> {
  const properties = Object.fromEntries(
    Object.keys(mcp.properties)
      .sort()
      .map((name) => {
        const p = mcp.properties[name]!;
        return [name, { description: p.description, enum: p.enum, type: p.type }];
      }),
  );
  return { properties, required: mcp.required.length > 0 ? mcp.required : undefined, type: 'object' };
}

/** Required argument → its `missing` refusal, in `required` order; `undefined` when none has one. */
export function mcpMissing(mcp: McpAnnotation): Record<string, string> | undefined {
  const entries = mcp.required.flatMap((name) => {
    const missing = mcp.properties[name]?.missing;
    return missing === undefined ? [] : [[name, missing] as const];
  });
  return entries.length > 0 ? Object.fromEntries(entries) : undefined;
}

/** The `fields` entry of one input field: where `toInput` reads it from, or the constant it stays at. */
export function mcpField(op: OperationDoc, mcp: McpAnnotation, field: string): Record<string, unknown> {
  const entry = Object.entries(mcp.properties).find(([, p]) => p.field === field);
  if (entry === undefined) return { field, default: op.input.properties[field]!.default };
  const [arg, prop] = entry;
  if (prop.clamp !== undefined) return { field, arg, read: 'seconds', max: prop.clamp.max, default: prop.clamp.default };
  return { field, arg, read: prop.type === 'boolean' ? 'flag' : 'text' };
}

export function emitMcp(contracts: Contracts): Files {
  const tools = mcpTools(contracts);
  const text = renderTs(
    tools.map((t) => t.file),
    (file) => {
      file.addImportDeclaration({ moduleSpecifier: '../types', isTypeOnly: true, namedImports: ['OperationTypes'] });
      file.addTypeAlias({
        name: 'McpToolName',
        isExported: true,
        type: tools.map((t) => tsString(t.mcp.name)).join(' | '),
        docs: ['Every MCP tool `lich mcp` serves, in `tools/list` order.'],
      });
      file.addTypeAlias({
        name: 'McpOperation',
        isExported: true,
        type: [...new Set(tools.map((t) => tsString(t.doc.title)))].join(' | '),
        docs: ['The operations an MCP tool runs.'],
      });
      file.addInterface({
        name: 'McpInputSchema',
        isExported: true,
        docs: ['The JSON Schema of a tool\'s arguments, as `tools/list` sends it.'],
        properties: [
          { name: 'properties', isReadonly: true, type: 'Readonly<Record<string, { readonly description: string; readonly enum?: readonly string[]; readonly type: string }>>' },
          { name: 'required', isReadonly: true, hasQuestionToken: true, type: 'readonly string[]' },
          { name: 'type', isReadonly: true, type: "'object'" },
        ],
      });
      file.addTypeAlias({
        name: 'McpArgField',
        isExported: true,
        typeParameters: [{ name: 'I' }],
        type: [
          '| { readonly field: keyof I & string; readonly arg: string; readonly read: \'text\' | \'flag\' }',
          '| { readonly field: keyof I & string; readonly arg: string; readonly read: \'seconds\'; readonly max: number; readonly default: number }',
          '| { readonly field: keyof I & string; readonly default: string | number | boolean }',
        ].join('\n'),
        docs: [
          [
            'How one operation input field is filled from a tool call\'s arguments (wire.md § 10.1, "Argument leniency"):',
            '`text` — the argument as a string, a missing one `""`, any other value spelled out; `flag` — `true` or `"true"`, else false;',
            '`seconds` — a number or numeric string truncated to whole seconds, missing or ≤ 0 giving `default`, above `max` giving `max`',
            '(a tool call must come back before the client detaches it); no `read` — a field the tool does not take, left at `default`.',
          ].join('\n'),
        ],
      });
      file.addInterface({
        name: 'McpTool',
        isExported: true,
        typeParameters: [{ name: 'K', constraint: 'McpOperation', default: 'McpOperation' }],
        docs: ['One MCP tool: what `tools/list` shows of it, and how a `tools/call` of it becomes an operation input (`fields`).'],
        properties: [
          { name: 'name', isReadonly: true, type: 'McpToolName' },
          { name: 'description', isReadonly: true, type: 'string', docs: ['The agent-facing description.'] },
          { name: 'inputSchema', isReadonly: true, type: 'McpInputSchema' },
          { name: 'annotations', isReadonly: true, type: '{ readonly readOnlyHint: boolean }', docs: ['readOnlyHint: a client may auto-allow the tool.'] },
          { name: 'operation', isReadonly: true, type: 'K', docs: ['The core operation the tool runs.'] },
          {
            name: 'missing',
            isReadonly: true,
            hasQuestionToken: true,
            type: 'Readonly<Record<string, string>>',
            docs: ['Required argument → the refusal of a call that leaves it out, where the generic "is required" would not say what its empty value does.'],
          },
          {
            name: 'fields',
            isReadonly: true,
            type: "readonly McpArgField<OperationTypes[K]['input']>[]",
            docs: ['Every field of the operation input, in its order, with where it is read from: read by core\'s `toInput`. Required arguments are the caller\'s to check against `inputSchema` first.'],
          },
        ],
      });
      file.addTypeAlias({
        name: 'AnyMcpTool',
        isExported: true,
        type: '{ [K in McpOperation]: McpTool<K> }[McpOperation]',
        docs: ['A tool of any operation, its `operation` and `fields` still paired.'],
      });
      file.addVariableStatement({
        declarationKind: VariableDeclarationKind.Const,
        isExported: true,
        declarations: [
          {
            name: 'MCP_TOOLS',
            type: 'readonly AnyMcpTool[]',
            initializer: tsLiteral(
              tools.map((t) => ({
                name: t.mcp.name,
                description: t.mcp.description,
                inputSchema: mcpInputSchema(t.mcp),
                annotations: { readOnlyHint: t.mcp.readOnly },
                operation: t.doc.title,
                missing: mcpMissing(t.mcp),
                fields: Object.keys(t.doc.input.properties).map((f) => mcpField(t.doc, t.mcp, f)),
              })),
            ),
          },
        ],
        docs: ['Every tool `lich mcp` serves, in `tools/list` order (spec/cli.md § lich mcp; wire.md § 10.2).'],
      });
    },
  );
  return { 'mcp/tools.ts': text };
}
