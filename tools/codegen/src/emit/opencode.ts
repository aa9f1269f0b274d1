/**
 * `generated/opencode/tools.ts`: `OPENCODE_TOOLS`, the declarations of the opencode plugin's tools
 * (`x-opencode`): each tool's description, its arguments as a builder over opencode's zod
 * (`(s) => ({ session: s.string().describe(…) })` — converting JSON Schema to zod at run time
 * would need a second zod and lose the descriptions), the operation it runs, how its command line
 * is spelled (`json`, the seconds cap) and the exit codes that are results. The `execute` that
 * reads them is hand-written once (packages/opencode-plugin/src/tools.ts; the oh-my-pi extension
 * reads the same table), through core's `toolArgv`.
 */
import { VariableDeclarationKind } from 'ts-morph';
import { code, tsLiteral, tsString } from '../literal';
import type { Contracts, Files, McpProperty } from '../model';
import { renderTs } from '../tsfile';
import { mcpTools } from './names';

/** The `tool.schema` expression of one argument. */
export function zodArg(prop: McpProperty, required: boolean): string {
  const base =
    prop.enum !== undefined
      ? `s.enum(${tsLiteral(prop.enum)})`
      : prop.type === 'number'
        ? 's.number()'
        : prop.type === 'boolean'
          ? 's.boolean()'
          : 's.string()';
  return `${base}${required ? '' : '.optional()'}.describe(${tsString(prop.description)})`;
}

export function emitOpencode(contracts: Contracts): Files {
  const tools = mcpTools(contracts).filter((t) => t.doc['x-opencode'] !== undefined);
  const text = renderTs(
    tools.map((t) => t.file),
    (file) => {
      file.addImportDeclaration({ moduleSpecifier: '@opencode-ai/plugin', isTypeOnly: true, namedImports: [{ name: 'tool', alias: 'opencodeTool' }] });
      file.addImportDeclaration({ moduleSpecifier: '../mcp/tools', isTypeOnly: true, namedImports: ['McpOperation', 'McpToolName'] });
      file.addTypeAlias({
        name: 'ToolHelper',
        isExported: true,
        type: 'typeof opencodeTool',
        docs: ['`tool` of `@opencode-ai/plugin`: the helper that makes an opencode tool, with its `schema` (zod).'],
      });
      file.addTypeAlias({
        name: 'ToolSchema',
        isExported: true,
        type: 'ToolHelper[\'schema\']',
        docs: ['The zod a tool\'s arguments are built with: `tool.schema` of the plugin\'s own package, the one opencode reads.'],
      });
      file.addTypeAlias({
        name: 'ToolArgs',
        isExported: true,
        type: 'Parameters<ToolHelper>[0][\'args\']',
        docs: ['A tool\'s arguments as `tool()` takes them: argument name → zod schema.'],
      });
      file.addInterface({
        name: 'RunOptions',
        isExported: true,
        docs: ['What the runner needs to know of a command beyond its argv.'],
        properties: [
          {
            name: 'resultExitCodes',
            isReadonly: true,
            type: 'readonly number[]',
            docs: ['Exit codes whose stdout is the tool\'s result, not a failure (0 always; 2 and 3 for send and wait, spec/cli.md § Commands). Any other exit is a failure whose stderr `lich: …` line is the error.'],
          },
        ],
      });
      file.addTypeAlias({
        name: 'RunLich',
        isExported: true,
        type: '(argv: string[], abort?: AbortSignal, options?: RunOptions) => Promise<string>',
        docs: ['Runs `lich` with `argv` (the session\'s `$LICH_BIN`), and resolves to its stdout when the exit code is a result; `abort` ends the process.'],
      });
      file.addInterface({
        name: 'OpencodeTool',
        isExported: true,
        docs: ['One opencode tool of lich, under its MCP name: what opencode shows of it, and how it runs the `lich` command of its operation.'],
        properties: [
          { name: 'description', isReadonly: true, type: 'string', docs: ['The agent-facing description (the MCP tool\'s).'] },
          { name: 'args', isReadonly: true, type: '(s: ToolSchema) => ToolArgs', docs: ['Builds the tool\'s arguments with the zod it is given.'] },
          { name: 'operation', isReadonly: true, type: 'McpOperation', docs: ['The core operation the tool runs, as the `lich` command of that name.'] },
          { name: 'json', isReadonly: true, type: 'boolean', docs: ['Whether the command line carries --json (for a command that has it).'] },
          { name: 'resultExitCodes', isReadonly: true, type: 'readonly number[]', docs: ['Exit codes whose stdout is the result: exactly the exits of the operation\'s `x-outcomes`.'] },
          {
            name: 'capSeconds',
            isReadonly: true,
            hasQuestionToken: true,
            type: '{ readonly field: string; readonly max: number }',
            docs: ['The input\'s seconds field and the most seconds the tool waits: a tool call must return within a bound.'],
          },
        ],
      });
      const entries = tools.map((t) => {
        const oc = t.doc['x-opencode']!;
        const names = Object.keys(t.mcp.properties);
        const args =
          names.length === 0
            ? '() => ({})'
            : `(s) => ({\n${names.map((name) => `  ${name}: ${zodArg(t.mcp.properties[name]!, t.mcp.required.includes(name))},`).join('\n')}\n})`;
        return code(`{\n  description: ${tsString(t.mcp.description)},\n  args: ${args},\n  operation: ${tsString(t.doc.title)},\n  json: ${oc.json},\n  resultExitCodes: ${tsLiteral(oc.resultExitCodes)},${
          oc.capSeconds === undefined ? '' : `\n  capSeconds: ${tsLiteral(oc.capSeconds)},`
        }\n}`);
      });
      file.addVariableStatement({
        declarationKind: VariableDeclarationKind.Const,
        isExported: true,
        declarations: [
          {
            name: 'OPENCODE_TOOLS',
            type: 'Readonly<Partial<Record<McpToolName, OpencodeTool>>>',
            initializer: tsLiteral(Object.fromEntries(tools.map((t, i) => [t.mcp.name, entries[i]]))),
          },
        ],
        docs: ['The opencode tools of lich, keyed by their MCP names, in `tools/list` order (spec/opencode-tools.md; `x-opencode`).'],
      });
    },
  );
  return { 'opencode/tools.ts': text };
}
