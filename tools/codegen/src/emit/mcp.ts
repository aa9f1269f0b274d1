/**
 * `generated/mcp/tools.ts`: the MCP tool table of `lich mcp` — name, description, the input
 * schema `tools/list` sends, annotations, the operation each tool runs, and `toInput`, which reads
 * the tool arguments with lich's leniency (wire.md § 10.1) and fills every input field.
 */
import { VariableDeclarationKind } from 'ts-morph';
import { code, propertyAccess, tsLiteral, tsString } from '../literal';
import type { Contracts, Files, McpAnnotation, OperationDoc } from '../model';
import { renderTs } from '../tsfile';
import { inputTypeName, mcpTools } from './names';

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

/** The expression `toInput` fills one input field with. */
export function mcpFieldExpression(op: OperationDoc, mcp: McpAnnotation, field: string): string {
  const entry = Object.entries(mcp.properties).find(([, p]) => p.field === field);
  if (entry === undefined) return tsLiteral(op.input.properties[field]!.default);
  const [name, prop] = entry;
  const arg = propertyAccess('args', name);
  if (prop.clamp !== undefined) return `secondsArg(${arg}, { max: ${prop.clamp.max}, default: ${prop.clamp.default} })`;
  if (prop.type === 'boolean') return `flagArg(${arg})`;
  return `textArg(${arg})`;
}

/** The arrow function mapping tool arguments to an operation input. */
export function mcpToInputFunction(op: OperationDoc, mcp: McpAnnotation): string {
  const fields = Object.keys(op.input.properties);
  const param = fields.some((f) => Object.values(mcp.properties).some((p) => p.field === f)) ? 'args' : '_args';
  const body = fields.length === 0 ? '({})' : `({\n${fields.map((f) => `  ${f}: ${mcpFieldExpression(op, mcp, f)},`).join('\n')}\n})`;
  return `(${param}: Record<string, unknown>): ${inputTypeName(op.title)} => ${body}`;
}

export function emitMcp(contracts: Contracts): Files {
  const tools = mcpTools(contracts);
  const text = renderTs(
    tools.map((t) => t.file),
    (file) => {
      const functions = tools.map((t) => mcpToInputFunction(t.doc, t.mcp)).join('\n');
      const helpers = ['flagArg', 'secondsArg', 'textArg'].filter((h) => functions.includes(`${h}(`));
      if (helpers.length > 0) file.addImportDeclaration({ moduleSpecifier: '@lich/core/contract-runtime', namedImports: helpers });
      file.addImportDeclaration({
        moduleSpecifier: '../types',
        isTypeOnly: true,
        namedImports: ['OperationTypes', ...[...new Set(tools.map((t) => inputTypeName(t.doc.title)))]],
      });
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
      file.addInterface({
        name: 'McpTool',
        isExported: true,
        typeParameters: [{ name: 'K', constraint: 'McpOperation', default: 'McpOperation' }],
        docs: ['One MCP tool: what `tools/list` shows of it, and how a `tools/call` of it becomes an operation input.'],
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
        ],
        methods: [
          {
            name: 'toInput',
            parameters: [{ name: 'args', type: 'Record<string, unknown>' }],
            returnType: "OperationTypes[K]['input']",
            docs: [
              'The operation input for the `arguments` of a `tools/call`: strings, flags and seconds read leniently, seconds clamped, every field the tool does not take at its default. Required arguments are the caller\'s to check against `inputSchema` first.',
            ],
          },
        ],
      });
      file.addTypeAlias({
        name: 'AnyMcpTool',
        isExported: true,
        type: '{ [K in McpOperation]: McpTool<K> }[McpOperation]',
        docs: ['A tool of any operation, its `operation` and `toInput` still paired.'],
      });
      file.addVariableStatement({
        declarationKind: VariableDeclarationKind.Const,
        isExported: true,
        declarations: [
          {
            name: 'mcpToInput',
            initializer: tsLiteral(Object.fromEntries(tools.map((t) => [t.mcp.name, code(mcpToInputFunction(t.doc, t.mcp))]))),
          },
        ],
        docs: ['Tool name → the mapping of its arguments onto its operation input. The opencode tools reuse it.'],
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
                toInput: code(`mcpToInput.${t.mcp.name}`),
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
