/**
 * lich's fourteen session tools as oh-my-pi tools (spec/opencode-tools.md's table — the MCP
 * server's names, descriptions and arguments — registered through omp's `pi.registerTool`,
 * real-agents.md § 7.5). The declarations are the ones generated for opencode from the contracts
 * (generated/opencode/tools.ts `OPENCODE_TOOLS`): the same zod schemas, built here with omp's own
 * zod, and the same `"$LICH_BIN"` argv (core's `toolArgv`), run by core's `toolRunner`.
 *
 * Each is an `essential` tool, a function tool in every model request, as lich's MCP tools are
 * in Codex and opencode: omp's default for an extension tool, `discoverable`, lists it behind a
 * search the model would have to know to make. Its approval tier follows the contract's
 * `readOnly` (`read` is auto-approved in every omp approval mode; the rest are `exec`, omp's
 * default, so an omp set to ask before running code asks before lich hands work on). And each
 * is offered with exactly its contract's arguments: omp's intent tracing, on by default, would
 * add a required `i` ("concise intent") to it, which no other client's model is asked for.
 */
import { toolArgv } from '@lich/core/contract-runtime';
import type { ToolRun } from '@lich/core/runner';
import { MCP_TOOLS } from '@lich/generated/mcp/tools';
import { OPENCODE_TOOLS, type ToolSchema } from '@lich/generated/opencode/tools';
import type { OmpApi, OmpToolDefinition, OmpToolResult } from './omp.js';

/**
 * The fourteen tools, in `tools/list` order, for `pi.registerTool`.
 *
 * A call resolves with what lich printed (exit 0, and 2 or 3 where the contract makes them
 * outcomes); a refusal resolves as an error result whose text is lich's own `lich: …` line.
 * Nothing rejects into omp.
 */
export function ompTools(pi: Pick<OmpApi, 'zod'>, run: ToolRun): OmpToolDefinition[] {
  const zod = pi.zod as { object(shape: Record<string, unknown>): unknown };
  // The declarations build their arguments with the zod they are handed: omp's own, here.
  const schema = pi.zod as unknown as ToolSchema;
  return MCP_TOOLS.flatMap((contract) => {
    const declared = OPENCODE_TOOLS[contract.name];
    if (declared === undefined) return [];
    const tool: OmpToolDefinition = {
      name: contract.name,
      label: `lich ${contract.name}`,
      description: declared.description,
      parameters: zod.object(declared.args(schema)),
      loadMode: 'essential',
      approval: contract.annotations.readOnlyHint ? 'read' : 'exec',
      intent: 'omit',
      execute: async (_id, params, signal): Promise<OmpToolResult> => {
        try {
          const argv = toolArgv(contract, params ?? {}, declared);
          const text = await run(argv, signal ?? new AbortController().signal, { resultExitCodes: declared.resultExitCodes });
          return { content: [{ type: 'text', text }] };
        } catch (error) {
          return { content: [{ type: 'text', text: (error instanceof Error ? error.message : String(error)).trim() }], isError: true };
        }
      },
    };
    return [tool];
  });
}
