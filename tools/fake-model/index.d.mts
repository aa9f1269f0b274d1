// Types of the fake model server (index.mjs). README.md § API says what each does.
import type { EventEmitter } from 'node:events';

export type Protocol = 'anthropic' | 'chat' | 'responses';

/** A tool as the model was offered it, whatever the protocol. */
export interface OfferedTool {
  /** The name the model calls it by: `mcp__lich__whoami` in Claude Code, `whoami` in opencode and Codex. */
  name: string;
  /** Codex: the `{"type":"namespace"}` tool it sits in (`mcp__lich`); `null` elsewhere. */
  namespace: string | null;
  description: string;
  /** `input_schema` (Anthropic) or `parameters` (OpenAI), as sent. */
  schema: Record<string, unknown> | null;
  /** Claude Code: sent with `defer_loading: true` (loaded by ToolSearch). */
  deferred: boolean;
  /** The tool entry exactly as it was sent. */
  raw: unknown;
}

/** The tool result a request ends with: the answer to the model's last call. */
export interface ToolResult {
  /** The call's id (`tool_use_id`, `tool_call_id`, `call_id`). */
  id: string;
  /** The name of the tool called, from the assistant turn earlier in the same request; `null` when not found. */
  name: string | null;
  namespace?: string | null;
  /** The arguments it was called with. */
  input: unknown;
  /** The result's text (blocks joined by newlines). */
  text: string;
  isError: boolean;
}

/** The protocol-neutral view of one model request (README.md § Turn). */
export interface Turn {
  protocol: Protocol;
  model: string | null;
  stream: boolean;
  /** System prompt text (Anthropic `system`, OpenAI system/developer messages, Responses `instructions`). */
  system: string;
  /** The last typed user text, as sent. */
  rawTask: string;
  /** `rawTask` normalised: `<pasted_content>` and `<system-reminder>` taken out, trimmed. */
  text: string;
  /** The lich ticket `text` carries (8 hex digits after `reply`/`ticket`), or `null`. */
  ticket: string | null;
  tools: OfferedTool[];
  /** Claude Code: the MCP tools its system message lists as deferred behind ToolSearch. */
  deferred: string[];
  /** Set when the request ends with a tool result. */
  toolResult: ToolResult | null;
  messageCount: number;
  /** A session-title side request (no tools; asks for a title). */
  isTitle: boolean;
  /** The client asked for a JSON answer (Claude Code's title request asks for `{"title"}`). */
  wantsJson: boolean;
  /** Claude Code's auto mode sent `safeguards`: every tool call is answered `not_flagged`. */
  safeguards: boolean;
  /** `output_config.effort` / `reasoning_effort` / `reasoning.effort`, when sent. */
  effort: string | null;
  record: RecordedRequest;
  /** The offered tool called `name` (exact, `mcp__<server>__<name>`, or in a namespace, lich's first). */
  tool(name: string): OfferedTool | null;
  has(name: string): boolean;
  /** The deferred tool whose name is or ends in `__<name>`, or `null`. */
  deferredTool(name: string): string | null;
}

export interface ToolCall {
  name: string;
  input?: unknown;
  /** Codex namespace tools; resolved from the turn when left out. */
  namespace?: string;
}

/** What a script answers (README.md § Actions). */
export interface Action {
  /** Text to answer (streamed in chunks). */
  text?: string;
  /** Tool calls, after the text. */
  calls?: ToolCall[];
  call?: ToolCall;
  /** Overrides the stop reason (`end_turn`/`tool_use`, `stop`/`tool_calls`). */
  stopReason?: string;
  /** Holds the stream open after its first chunk until this settles (or the client goes away). */
  hold?: Promise<unknown>;
  /** Holds the stream open after its first chunk this long (or until the client goes away). */
  delayMs?: number;
  /** Pause between later chunks. */
  chunkMs?: number;
  /** Answer an HTTP error in the protocol's shape instead. */
  error?: { status?: number; message?: string };
}

export type Script = (turn: Turn) => Action | string | undefined | Promise<Action | string | undefined>;

export interface Rule {
  /** A predicate on the turn, a RegExp tested on `turn.text`, or a string it includes; absent = always. */
  when?: ((turn: Turn) => unknown) | RegExp | string;
  then: Action | string | ((turn: Turn) => Action | string | undefined);
  /** How often it may answer before it is skipped. */
  times?: number;
}

export interface RecordedRequest {
  /** 0-based arrival order. */
  seq: number;
  method: string;
  path: string;
  query: Record<string, string>;
  /** Headers, credentials (`authorization`, `x-api-key`, anything naming a key/token/secret) as `***`. */
  headers: Record<string, string | string[] | undefined>;
  /** The parsed JSON body (or the text when it is not JSON; `null` when empty). */
  body: any;
  protocol: Protocol | null;
  turn: Turn | null;
  /** The action answered (normalised). */
  action: (Action & { calls: ToolCall[] }) | null;
  /** HTTP status answered (0 until the head is written). */
  status: number;
  /** Epoch ms. */
  receivedAt: number;
  /** `process.hrtime` in ms, comparable with the bench's `now()`. */
  receivedHr: number;
  endedHr: number | null;
  /** The answer was written to its end. */
  done: boolean;
  /** The client went away before the answer ended. */
  cancelled: boolean;
  error: string | null;
}

export interface WaitOptions {
  /** Only requests with `seq >= after` (take it from `mark()` before acting). Default 0. */
  after?: number;
  /** Default 60 000. */
  timeoutMs?: number;
  /** Names the wait in the timeout error. */
  what?: string;
}

export interface FakeModelOptions {
  /** Default 0 (any free port). Always 127.0.0.1. */
  port?: number;
  /** What to answer; falls through to `fallback` on `undefined`. */
  script?: Script | Rule[];
  /** Default `replyScript()`. */
  fallback?: Script;
  /** Where 404s and script failures are logged; default stderr. */
  log?: (line: string) => void;
}

export interface FakeModel {
  port: number;
  /** `http://127.0.0.1:<port>`: Anthropic's base URL; OpenAI clients take `${url}/v1`. */
  url: string;
  /** Every request, in arrival order, updated in place as its answer ends or is cancelled. */
  requests: RecordedRequest[];
  /** Emits `request` (arrived, parsed), `answered`, `cancel`, and `change` after each of them. */
  events: EventEmitter;
  setScript(script: Script | Rule[] | undefined, fallback?: Script): void;
  /** The current request count: pass as `after` to wait only for what comes next. */
  mark(): number;
  /** The recorded model requests (those with a turn) from `after` on. */
  turns(after?: number): RecordedRequest[];
  /** Resolves with the first request (from `after`) matching, as soon as one is or becomes so; rejects after the timeout listing what came. */
  waitFor(pred: (r: RecordedRequest) => unknown, o?: WaitOptions): Promise<RecordedRequest>;
  waitForTurn(pred: (t: Turn) => unknown, o?: WaitOptions): Promise<RecordedRequest>;
  /** Cuts held streams, closes every socket (keep-alive included) and the listener. */
  close(): Promise<void>;
}

export function startFakeModel(o?: FakeModelOptions): Promise<FakeModel>;
export function gate(): { promise: Promise<void>; release(): void; released: boolean };
export function maskHeaders(h: Record<string, unknown>): Record<string, unknown>;

export interface ReplyScriptOptions {
  answer?: string | ((turn: Turn) => string);
  /** `auto` (default): the reply tool if reachable, else the shell; `tool`; `shell`; `none`: answer as text, no reply. */
  via?: 'auto' | 'tool' | 'shell' | 'none';
  /** The text that ends the turn after a tool result; default `done`. */
  done?: string;
  /** The title given to title side requests; default `Fake task`. */
  title?: string;
}
export function replyScript(o?: ReplyScriptOptions): Script;
export function rules(list: Rule[]): Script;
export function toScript(script: Script | Rule[] | undefined, fallback: Script): Script;
export function useTool(turn: Turn, name: string, input?: unknown): Action | null;
export function runShell(turn: Turn, command: string): Action | null;
export function shellTool(turn: Turn): { tool: OfferedTool; arg: string } | null;
export function shellQuote(s: string): string;
export function titleAction(turn: Turn, title?: string): Action;
export function normaliseAction(turn: Turn, a: Action | string): Action & { calls: ToolCall[] };
export function makeTurn(protocol: Protocol, body: unknown, record: RecordedRequest): Turn;
export function normaliseTask(text: string): string;
export function ticketIn(text: string): string | null;
export function chunksOf(text: string, n?: number): string[];
