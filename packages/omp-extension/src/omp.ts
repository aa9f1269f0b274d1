/**
 * The part of oh-my-pi's extension API lich's extension uses, as omp 18.2.3 declares it
 * (`@oh-my-pi/pi-coding-agent` `src/extensibility/extensions/types.ts`, `shared-events.ts`;
 * real-agents.md § 7.5). Declared here rather than imported: omp's own declarations come with
 * its 749 MB install, which the workspace does not take (the real-agents tier installs omp into a
 * cache of its own).
 *
 * Everything is read defensively all the same: omp adds events and fields from release to
 * release, and a handler that throws must never reach omp.
 */

/** What a handler is handed beside its event (`ExtensionContext`, the part read here). */
export interface OmpContext {
  /** How omp runs: `tui` in a terminal; `print` (`omp -p`), `json`, `rpc` for a run a program drives. */
  mode?: string;
  sessionManager?: {
    /** omp's id of the conversation: what `omp -r <id>` resumes. */
    getSessionId?(): string | undefined;
    /** The conversation's title, which omp writes asynchronously after a turn. */
    getSessionName?(): string | undefined;
  };
}

/** An event as a handler receives it: `type` and whatever fields that event carries. */
export interface OmpEvent {
  type: string;
  [field: string]: unknown;
}

/** A handler: omp awaits what it returns, and a `tool_call` handler returning `{block: true}` refuses the call. */
export type OmpHandler = (event: OmpEvent, ctx: OmpContext) => unknown;

/** What `execute` resolves to (`AgentToolResult`): the text the model reads, and whether it is an error. */
export interface OmpToolResult {
  content: Array<{ type: 'text'; text: string }>;
  isError?: boolean;
}

/** `ToolDefinition`, the fields lich sets. */
export interface OmpToolDefinition {
  name: string;
  /** Shown in omp's UI. */
  label: string;
  /** What the model reads. */
  description: string;
  /** A zod object schema built with {@link OmpApi.zod}. */
  parameters: unknown;
  /** `essential`: a function tool in every request; omp's default for an extension tool, `discoverable`, hides it behind a search. */
  loadMode?: 'essential' | 'discoverable';
  /** The approval tier (`read` tools are auto-approved in every approval mode; omp's default is `exec`). */
  approval?: 'read' | 'write' | 'exec';
  /**
   * `AgentTool.intent` (pi-agent-core `agent-loop.ts`), which omp's adapter passes through from a
   * definition: `omit` keeps omp's intent tracing (`tools.intentTracing`, on by default) from
   * adding a required `i` ("concise intent") argument to the tool's schema.
   */
  intent?: 'require' | 'optional' | 'omit';
  execute(toolCallId: string, params: unknown, signal: AbortSignal | undefined, onUpdate: unknown, ctx: OmpContext): Promise<OmpToolResult>;
}

/** The `pi` omp hands an extension's default export (`ExtensionAPI`). */
export interface OmpApi {
  on(event: string, handler: OmpHandler): void;
  registerTool(tool: OmpToolDefinition): void;
  /** omp's own zod, the one its tool schemas are read with. */
  zod: unknown;
}
