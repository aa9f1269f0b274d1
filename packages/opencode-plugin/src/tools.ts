/**
 * The opencode tools of lich (spec/opencode-tools.md), built from the generated declarations
 * (generated/opencode/tools.ts `OPENCODE_TOOLS`, beside the MCP table they share names,
 * descriptions and argument readings with): each tool's arguments are built with opencode's own
 * zod, and its `execute` runs the `lich` command of its operation — the argv spelled by core's
 * `toolArgv`, exactly as `lich mcp` reads the same call.
 */
import { toolArgv } from '@lich/core/contract-runtime';
import { MCP_TOOLS } from '@lich/generated/mcp/tools';
import { OPENCODE_TOOLS, type RunLich, type ToolHelper } from '@lich/generated/opencode/tools';

/** One opencode tool as the plugin's `tool()` helper makes it. */
export type LichTool = ReturnType<ToolHelper>;

/**
 * The opencode tools of lich, keyed by their MCP names, in `tools/list` order, each running the
 * `lich` command of its operation.
 *
 * A call resolves with what lich printed when the exit code is one of the tool's
 * `resultExitCodes`; `run` rejects with lich's own `lich: …` line otherwise. A required argument
 * left out (a caller of `execute` itself skips opencode's zod check) rejects with the refusal
 * `lich mcp` gives it, before anything runs.
 *
 * @param tool `tool` from `@opencode-ai/plugin`: the plugin's own, so the schemas are built with the zod opencode reads.
 * @param run runs `lich`; see {@link RunLich}.
 */
export function lichTools(tool: ToolHelper, run: RunLich): Record<string, LichTool> {
  const tools: Record<string, LichTool> = {};
  for (const mcp of MCP_TOOLS) {
    const declared = OPENCODE_TOOLS[mcp.name];
    if (declared === undefined) continue;
    tools[mcp.name] = tool({
      description: declared.description,
      args: declared.args(tool.schema),
      execute: async (args, context) => run(toolArgv(mcp, args, declared), context.abort, { resultExitCodes: declared.resultExitCodes }),
    });
  }
  return tools;
}
