/**
 * The opencode plugin's session tools (spec/opencode-tools.md): the lich operations an agent
 * uses on the sessions beside it, under the MCP server's names, defined as opencode tools
 * because a plugin there cannot register an MCP server.
 *
 * Each tool builds the `lich` argv (generated from the contract, as the MCP mapping) and runs
 * `"$LICH_BIN"` — never `lich` off PATH, which on a machine with two lich installs may be the
 * other one. Exit 0, 2 and 3 are results and return what lich printed; exit 1 throws lich's
 * own stderr, unedited, so every refusal keeps the words the CLI gives it.
 *
 * This module holds the parts; index.ts is the entry opencode loads and exports nothing else,
 * because a loader that calls every export of a plugin module as a plugin must find only one.
 */
import type { Hooks, Plugin, PluginInput, PluginModule } from '@opencode-ai/plugin';
import { runLich } from '@lich/core';
import { lichTools, type RunLich } from '@lich/generated/opencode/tools';

/** The environment the plugin reads: the caller's own. */
export type PluginEnv = Readonly<Record<string, string | undefined>>;

/** The part of `@opencode-ai/plugin` the tools need: the `tool()` helper with its `schema` (zod). */
export type ToolHelper = Parameters<typeof lichTools>[0];

/** How the plugin finds its surroundings; every field defaults to the real one. */
export interface LichPluginOptions {
  /** Defaults to `process.env` at the moment opencode loads the plugin. */
  env?: PluginEnv;
  /**
   * Loads opencode's tool helper. Defaults to `import('@opencode-ai/plugin')` at run time: it
   * resolves from opencode's own plugin dependencies, and a module placed where those do not
   * reach must still load (spec/opencode-tools.md § When they are absent).
   */
  loadToolHelper?: () => Promise<ToolHelper>;
}

/**
 * Whether `env` is a lich session's: `LICH_PORT`, `LICH_TOKEN` and `LICH_SESSION_ID` all set,
 * and `LICH_BIN` to run. Outside one no tool is registered: tools that could only answer "no
 * lich is running" would sit in the prompt of every unrelated opencode session.
 */
export function insideLich(env: PluginEnv): boolean {
  return ['LICH_PORT', 'LICH_TOKEN', 'LICH_SESSION_ID', 'LICH_BIN'].every((k) => (env[k] ?? '') !== '');
}

async function importToolHelper(): Promise<ToolHelper> {
  const mod = (await import('@opencode-ai/plugin')) as { tool?: ToolHelper };
  if (typeof mod.tool !== 'function') throw new Error('@opencode-ai/plugin has no tool helper');
  return mod.tool;
}

/** The exit codes whose stdout is a result when the generated tool names none (spec/cli.md § Commands). */
const RESULT_EXITS: readonly number[] = [0, 2, 3];

/**
 * The `run` the generated tools call: `"$LICH_BIN" <argv>` through core's runner, in the
 * session's environment, killed when opencode aborts the tool call.
 *
 * @returns lich's stdout when the exit code is one of `options.resultExitCodes` (default 0, 2
 *   and 3: a ticket and an errand that ended unanswered are outcomes, not failures).
 * @throws Error whose message is lich's stderr, unedited, for any other exit; the runner's
 *   LichError when the binary cannot be started; an AbortError when `abort` fired.
 */
export function lichRunner(env: PluginEnv): RunLich {
  return async (argv, abort, options) => {
    const run = await runLich({ bin: env.LICH_BIN ?? '', argv, env, signal: abort });
    if ((options?.resultExitCodes ?? RESULT_EXITS).includes(run.exit)) return run.stdout;
    // A lich killed before it printed its `lich:` line still has to say something.
    throw new Error(run.stderr !== '' ? run.stderr : `lich exited with status ${run.exit} and printed no reason`);
  };
}

/**
 * Builds the plugin's hooks: `{ tool: {…} }` inside a lich session, `{}` outside one or when
 * opencode's tool helper cannot be imported — never a throw, so the plugin's other work (the
 * reports) is not taken down with it.
 */
export async function lichHooks(options: LichPluginOptions = {}): Promise<Hooks> {
  const env = options.env ?? process.env;
  if (!insideLich(env)) return {};
  let tool: ToolHelper;
  try {
    tool = await (options.loadToolHelper ?? importToolHelper)();
  } catch {
    return {};
  }
  return { tool: lichTools(tool, lichRunner(env)) as Hooks['tool'] };
}

/**
 * The plugin as opencode calls it (`Plugin = (input, options?) => Promise<Hooks>`). It is also
 * shaped as a `PluginModule` (`{ id, server }`, the current `@opencode-ai/plugin` d.ts): a
 * loader that calls every export finds a function, one that reads `server` finds the same
 * function, and a loader that calls both the named and the default export calls one function
 * twice, which only builds the same tool table again.
 */
async function lichPlugin(_input: PluginInput): Promise<Hooks> {
  return lichHooks();
}

export const LichPlugin: Plugin & PluginModule = Object.assign(lichPlugin, { id: 'lich', server: lichPlugin });
