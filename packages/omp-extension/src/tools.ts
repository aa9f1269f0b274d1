/**
 * lich's fourteen session tools as oh-my-pi tools (spec/opencode-tools.md's table — the MCP
 * server's names, descriptions and arguments — registered through omp's `pi.registerTool`,
 * real-agents.md § 7.5). The table is the one generated for opencode from the contracts
 * (generated/opencode/tools.ts): the same zod schemas, built here with omp's own zod, and the same
 * `"$LICH_BIN"` argv, run by core's `toolRunner`.
 *
 * Each is an `essential` tool, a function tool in every model request, as lich's MCP tools are
 * in Codex and opencode: omp's default for an extension tool, `discoverable`, lists it behind a
 * search the model would have to know to make. Its approval tier follows the contract's
 * `readOnly` (`read` is auto-approved in every omp approval mode; the rest are `exec`, omp's
 * default, so an omp set to ask before running code asks before lich hands work on). And each
 * is offered with exactly its contract's arguments: omp's intent tracing, on by default, would
 * add a required `i` ("concise intent") to it, which no other client's model is asked for.
 */
import type { ToolRun } from '@lich/core/runner';
import { MCP_TOOLS } from '@lich/generated/mcp/tools';
import { lichTools } from '@lich/generated/opencode/tools';
import type { OmpApi, OmpToolDefinition, OmpToolResult } from './omp.js';

/** One tool of the generated table, as the adapter below builds it. */
interface TableTool {
  description: string;
  args: Record<string, unknown>;
  execute(args: unknown, context: { abort: AbortSignal }): Promise<string>;
}

/** The generated table's `tool` parameter: the helper opencode's plugin package exports, whose `schema` is zod. */
type ToolHelper = Parameters<typeof lichTools>[0];

/**
 * The fourteen tools, in `tools/list` order, for `pi.registerTool`.
 *
 * A call resolves with what lich printed (exit 0, and 2 or 3 where the contract makes them
 * outcomes); a refusal resolves as an error result whose text is lich's own `lich: …` line.
 * Nothing rejects into omp.
 */
export function ompTools(pi: Pick<OmpApi, 'zod'>, run: ToolRun): OmpToolDefinition[] {
  const zod = pi.zod as { object(shape: Record<string, unknown>): unknown };
  // The table only ever calls `tool(definition)` and reads `tool.schema`: a helper that hands the
  // definition back is all it needs.
  const helper = Object.assign((definition: TableTool) => definition, { schema: pi.zod }) as unknown as ToolHelper;
  const table = lichTools(helper, run) as unknown as Record<string, TableTool>;
  return MCP_TOOLS.map((contract) => {
    const t = table[contract.name];
    return {
      name: contract.name,
      label: `lich ${contract.name}`,
      description: t.description,
      parameters: zod.object(t.args),
      loadMode: 'essential',
      approval: contract.annotations.readOnlyHint ? 'read' : 'exec',
      intent: 'omit',
      execute: async (_id, params, signal): Promise<OmpToolResult> => {
        try {
          const text = await t.execute(params ?? {}, { abort: signal ?? new AbortController().signal });
          return { content: [{ type: 'text', text }] };
        } catch (error) {
          return { content: [{ type: 'text', text: (error instanceof Error ? error.message : String(error)).trim() }], isError: true };
        }
      },
    };
  });
}
