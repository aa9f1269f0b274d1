/**
 * `generated/opencode/tools.ts`: `lichTools(tool, run)`, the opencode plugin's tools. Each is a
 * `tool({...})` call written as `tool.schema.*` code — converting JSON Schema to zod at run time
 * would need a second zod and lose the descriptions — whose `execute` maps the arguments onto the
 * operation input exactly as the MCP tool does (`mcpToInput`), caps its wait (`x-opencode`), and
 * runs the `lich` argv (`cliArgv`).
 */
import { tsLiteral, tsString } from '../literal';
import type { Contracts, Files, McpProperty } from '../model';
import { renderTs } from '../tsfile';
import { mcpMissing } from './mcp';
import { mcpTools } from './names';

/** The `tool.schema` expression of one argument. */
export function zodArg(prop: McpProperty, required: boolean): string {
  const base =
    prop.enum !== undefined
      ? `tool.schema.enum(${tsLiteral(prop.enum)})`
      : prop.type === 'number'
        ? 'tool.schema.number()'
        : prop.type === 'boolean'
          ? 'tool.schema.boolean()'
          : 'tool.schema.string()';
  return `${base}${required ? '' : '.optional()'}.describe(${tsString(prop.description)})`;
}

export function emitOpencode(contracts: Contracts): Files {
  const tools = mcpTools(contracts).filter((t) => t.doc['x-opencode'] !== undefined);
  const text = renderTs(
    tools.map((t) => t.file),
    (file) => {
      const capped = tools.some((t) => t.doc['x-opencode']!.capSeconds !== undefined);
      const needed = tools.some((t) => t.mcp.required.length > 0);
      const runtime = [...(capped ? ['capSeconds'] : []), ...(needed ? ['requireArgs'] : [])];
      if (runtime.length > 0) file.addImportDeclaration({ moduleSpecifier: '@lich/core/contract-runtime', namedImports: runtime });
      file.addImportDeclaration({ moduleSpecifier: '@opencode-ai/plugin', isTypeOnly: true, namedImports: [{ name: 'tool', alias: 'opencodeTool' }] });
      file.addImportDeclaration({ moduleSpecifier: '../argv', namedImports: ['cliArgv'] });
      file.addImportDeclaration({ moduleSpecifier: '../mcp/tools', namedImports: ['mcpToInput'] });
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
      const entries = tools.map((t) => {
        const oc = t.doc['x-opencode']!;
        const args = Object.fromEntries(
          Object.keys(t.mcp.properties)
            .map((name) => [name, zodArg(t.mcp.properties[name]!, t.mcp.required.includes(name))] as const),
        );
        // opencode checks the zod schema before execute, but a caller of execute() itself does
        // not: a required argument left out is refused as `lich mcp` refuses it, never read as "".
        const missing = mcpMissing(t.mcp);
        const refusals = missing === undefined ? '' : `, ${tsLiteral(missing, 1)}`;
        const checked = t.mcp.required.length === 0 ? 'args' : `requireArgs(${tsString(t.mcp.name)}, args, ${tsLiteral(t.mcp.required)}${refusals})`;
        const mapped = `mcpToInput.${t.mcp.name}(${checked})`;
        const input = oc.capSeconds === undefined
          ? mapped
          : `capSeconds(${mapped}, ${tsString(oc.capSeconds.field)}, ${oc.capSeconds.max})`;
        const argv = t.doc['x-cli'].json ? `cliArgv.${t.doc.title}(${input}, { json: ${oc.json} })` : `cliArgv.${t.doc.title}(${input})`;
        const argsText = Object.keys(args).length === 0 ? '{}' : `{\n${Object.entries(args).map(([k, v]) => `    ${k}: ${v},`).join('\n')}\n  }`;
        return `${t.mcp.name}: tool({\n  description: ${tsString(t.mcp.description)},\n  args: ${argsText},\n  execute: async (args, context) => run(${argv}, context.abort, { resultExitCodes: ${tsLiteral(oc.resultExitCodes)} }),\n}),`;
      });
      file.addFunction({
        name: 'lichTools',
        isExported: true,
        parameters: [
          { name: 'tool', type: 'typeof opencodeTool' },
          { name: 'run', type: 'RunLich' },
        ],
        docs: [
          [
            'The opencode tools of lich, keyed by their MCP names, each running the `lich` command of its operation.',
            '',
            '@param tool `tool` from `@opencode-ai/plugin`: the plugin\'s own, so the schemas are built with the zod opencode reads.',
            '@param run runs `lich`; see {@link RunLich}.',
          ].join('\n'),
        ],
        statements: [`return {\n${entries.join('\n')}\n};`],
      });
    },
  );
  return { 'opencode/tools.ts': text };
}
