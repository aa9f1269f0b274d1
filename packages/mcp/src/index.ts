/**
 * `lich mcp` (spec/cli.md § lich mcp; wire.md § 10): the session operations served as MCP
 * tools over stdio, one JSON-RPC 2.0 message per line. stdout carries protocol and nothing
 * else; anything for a human goes to stderr.
 *
 * Built on the SDK's low-level `Server`, which validates no tool arguments: each tool's
 * contract schema is compiled once with ajv (JSON Schema 2020-12) and checked here, then the
 * arguments become the operation's input through core's `toInput` (reading the tool's generated
 * `fields`), core runs the operation with the caller's coordinates, and core's MCP wording is the
 * result text.
 */
import type { Readable, Writable } from 'node:stream';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { AjvJsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/ajv';
import { type CallToolResult, ErrorCode, ListToolsRequestSchema, type Tool } from '@modelcontextprotocol/sdk/types.js';
import {
  createContext,
  isAbortError,
  LichError,
  type LichContext,
  oneLine,
  renderMcp,
  runOperation,
  VERSION,
} from '@lich/core';
import { MCP_TOOLS } from '@lich/generated/mcp/tools';
import { toInput } from '@lich/core/contract-runtime';
import { AnsweringTransport } from './transport.js';
import { compileToolValidators } from './validate.js';
import { mcpInstructions } from './instructions.js';
import { toolProse } from './tool-prose.js';
import { type PromptLang, promptLang } from '@lich/core/i18n/prompts';

export { mcpInstructions, REPLY_TOOL, type BriefingTools } from './instructions.js';

/** What `lich mcp` runs on: its three streams and the environment it inherited. */
export interface McpStdio {
  /** JSON-RPC in, one message per line. EOF ends the server with exit 0. */
  stdin: Readable;
  /** JSON-RPC out and nothing else. */
  stdout: Writable;
  /** Anything meant for a human: a read error, a failure to write. */
  stderr: Writable;
  /** `LICH_PORT`, `LICH_TOKEN`, `LICH_SESSION_ID` (else the runtime file, through core). */
  env: Readonly<Record<string, string | undefined>>;
}

type McpTool = (typeof MCP_TOOLS)[number];

/**
 * The `tools/list` entries, in contract order, their prose in `lang` (tool-prose.ts; `en` is the
 * contract's). Each entry's keys are in the order lich's Go server marshals them (sorted:
 * annotations, description, inputSchema, name; wire.md § 10.1), so a client diffing the two sees
 * the same bytes.
 */
export function listedTools(lang: PromptLang = 'en'): Tool[] {
  return MCP_TOOLS.map((t) => {
    const prose = toolProse(t, lang);
    const properties = Object.fromEntries(
      Object.entries(t.inputSchema.properties).map(([name, schema]) => [name, { ...schema, description: prose.properties[name]! }]),
    );
    return {
      annotations: { ...t.annotations },
      description: prose.description,
      inputSchema: { ...t.inputSchema, properties } as Tool['inputSchema'],
      name: t.name,
    };
  });
}

/** The briefing for the tools this server lists, in `lang` (see instructions.ts). */
export function serverInstructions(lang: PromptLang = 'en'): string {
  const open = MCP_TOOLS.find((t) => t.name === 'open_session');
  const openProps = (open?.inputSchema as { properties?: Record<string, unknown> } | undefined)?.properties ?? {};
  return mcpInstructions({
    names: new Set(MCP_TOOLS.map((t) => t.name)),
    openTakesWorktree: Object.hasOwn(openProps, 'worktree'),
  }, lang);
}

/**
 * A JSON-RPC error that reaches the wire with exactly this message: the SDK's `McpError`
 * prefixes `MCP error <code>: `, while its protocol layer sends any thrown error's own `code`
 * and `message` as they are.
 */
function rpcError(code: number, message: string): Error & { code: number } {
  return Object.assign(new Error(message), { code });
}

function textResult(text: string, isError: boolean): CallToolResult {
  return isError ? { content: [{ type: 'text', text }], isError: true } : { content: [{ type: 'text', text }] };
}

/** The `params` of a `tools/call`, once they have the shape wire.md § 10.1 gives them. */
interface CallParams {
  name: string;
  arguments: Record<string, unknown>;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Reads `tools/call` params as `{name: string, arguments?: object}` (a missing or null
 * `arguments` is `{}`, as lich's Go server reads it).
 *
 * @throws a JSON-RPC error `-32602 invalid params: <reason>`, one line (wire.md § 10.1,
 *   "unparsable params"): what arrives is a client's mistake, not an internal error.
 */
function callParams(params: unknown): CallParams {
  const invalid = (reason: string) => rpcError(ErrorCode.InvalidParams, `invalid params: ${reason}`);
  if (!isObject(params)) throw invalid('tools/call takes {"name": <tool name>, "arguments": {…}}');
  if (!('name' in params)) throw invalid('name is required: the tool to call');
  if (typeof params.name !== 'string') throw invalid('name must be a string');
  const args = params.arguments;
  if (args !== undefined && args !== null && !isObject(args)) throw invalid('arguments must be an object');
  return { name: params.name, arguments: args ?? {} };
}

/**
 * Builds the low-level MCP server on a core context for the `mcp` surface
 * (`createContext({ surface: 'mcp', env })`): serverInfo `{name: 'lich', version}`, capability
 * `tools`, the briefing as `instructions`, `tools/list` from the contract and `tools/call`
 * through core; the briefing and the tools' prose in the language `ctx.env.LICH_PROMPT_LANG`
 * names. Not connected; {@link serveMcp} connects it to stdio.
 *
 * `tools/call`:
 * - params that are not `{name: string, arguments?: object}` are a JSON-RPC error
 *   `-32602 invalid params: <reason>` (wire.md § 10.1);
 * - an unknown tool is a JSON-RPC error `-32602 unknown tool <name>` (wire.md § 10.1);
 * - arguments that fail the tool's schema, and every failure of the operation (no lich
 *   running included), are a result with `isError: true` and the reason as its text, so the
 *   agent reads what went wrong rather than losing the turn (spec/cli.md § lich mcp);
 * - pending, unread and the other non-answers are results, not errors;
 * - a call cancelled by `notifications/cancelled` aborts its HTTP request and is not answered.
 */
export function createMcpServer(ctx: LichContext): Server {
  // wire.md § 8.4: lich mcp writes its prose in the language of its own environment.
  const lang = promptLang(ctx.env.LICH_PROMPT_LANG);
  // The SDK validates with its own ajv instance only what a client answers to an elicitation,
  // which lich never asks for; made eagerly, that instance was ~4 ms of every `lich mcp` start
  // before `initialize` (a CPU profile), so it is made on first use instead.
  let validator: AjvJsonSchemaValidator | undefined;
  const server = new Server(
    { name: 'lich', version: VERSION },
    {
      capabilities: { tools: {} },
      instructions: serverInstructions(lang),
      jsonSchemaValidator: { getValidator: (schema) => (validator ??= new AjvJsonSchemaValidator()).getValidator(schema) },
    },
  );
  const byName = new Map<string, McpTool>(MCP_TOOLS.map((t) => [t.name, t]));
  const validators = compileToolValidators(MCP_TOOLS);
  const tools = listedTools(lang);

  const call = async (name: string, args: Record<string, unknown>, signal: AbortSignal): Promise<CallToolResult> => {
    const tool = byName.get(name);
    if (!tool) throw rpcError(ErrorCode.InvalidParams, `unknown tool ${name}`);
    const invalid = validators.get(name)!(args);
    if (invalid !== null) return textResult(invalid, true);
    try {
      const input = toInput(tool, args);
      const outcome = await runOperation(ctx, tool.operation, input as never, { signal });
      const { text, isError } = renderMcp(outcome);
      return textResult(text, isError);
    } catch (error) {
      // Cancelled: the SDK sends nothing for an aborted request, and nothing is owed.
      if (isAbortError(error) || signal.aborted) throw error;
      if (error instanceof LichError) return textResult(error.message, true);
      return textResult(`lich mcp: ${oneLine(error instanceof Error ? error.message : String(error))}`, true);
    }
  };

  server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools }));

  // tools/call is served from the fallback, which gets the request as it was read: the SDK's own
  // tools/call registration parses params with zod first and answers a bad shape with -32603 and
  // the whole zod report, where lich answers -32602 and one line.
  server.fallbackRequestHandler = async (request, extra) => {
    if (request.method === 'tools/call') {
      const params = callParams(request.params);
      return call(params.name, params.arguments, extra.signal);
    }
    // wire.md § 10.1: a method this server does not serve is `-32601 unknown method <m>`.
    throw rpcError(ErrorCode.MethodNotFound, `unknown method ${request.method}`);
  };

  return server;
}

/**
 * Runs `lich mcp` on the given streams until stdin ends (spec/cli.md § lich mcp; wire.md
 * § 10.1). Resolves with the process's exit code:
 * - 0 at EOF on stdin, once every request read has been answered;
 * - 1 when stdin carries a line that is not JSON at all (stderr, one line:
 *   `lich: read message: <reason>`): nothing after it is read, and the requests read before it
 *   are answered, in order, before the exit. JSON that is not a valid JSON-RPC envelope does
 *   not end the server: a request is answered `-32600 invalid request: <reason>` and a
 *   notification ignored (see transport.ts);
 * - 1 when stdout cannot be written (stderr: `lich: write message: <err>`), at once.
 */
export async function serveMcp(stdio: McpStdio): Promise<number> {
  const { stdin, stdout, stderr, env } = stdio;
  const ctx = createContext({ surface: 'mcp', env });
  const server = createMcpServer(ctx);
  const transport = new AnsweringTransport(stdin, stdout);

  return new Promise<number>((resolve) => {
    let finished = false;
    let writeFailed = false;
    let stopWaiting!: () => void;
    const unwritable = new Promise<void>((r) => (stopWaiting = r));
    const finish = async (code: number, answer: boolean) => {
      if (finished) return;
      finished = true;
      // A client that writes its requests and closes its end (a pipe, a script), or whose last
      // line was garbled, still gets a reply to every request read before that.
      if (answer) {
        const written = transport.answered().then(() => new Promise<void>((r) => stdout.write('', () => r())));
        // A reply that can no longer be written is not waited for.
        await Promise.race([written, unwritable]);
      }
      stdout.off('error', onWriteError);
      await server.close().catch(() => {});
      ctx.rpc.close();
      const exit = writeFailed ? 1 : code;
      // Nothing more is read after a fatal error, and an open stdin would keep the process alive.
      if (exit !== 0) stdin.destroy();
      resolve(exit);
    };

    const onWriteError = (error: Error) => {
      if (writeFailed) return;
      writeFailed = true;
      stderr.write(`lich: write message: ${oneLine(error.message)}\n`);
      stopWaiting();
      // Nothing more can be answered.
      void finish(1, false);
    };
    stdout.on('error', onWriteError);

    transport.onreadend = () => void finish(0, true);
    // A line that is not JSON, or stdin failing: reading ends there (a message that is JSON but
    // not a valid JSON-RPC envelope is answered or ignored by the transport instead).
    transport.onreaderror = (error: Error) => {
      stderr.write(`lich: read message: ${error.message}\n`);
      void finish(1, true);
    };

    server.connect(transport).catch((error: Error) => {
      stderr.write(`lich: ${oneLine(error.message)}\n`);
      void finish(1, false);
    });
  });
}
