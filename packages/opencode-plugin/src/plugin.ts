/**
 * The opencode plugin's session tools (spec/opencode-tools.md): the lich operations an agent
 * uses on the sessions beside it, under the MCP server's names, defined as opencode tools
 * because a plugin there cannot register an MCP server.
 *
 * Each tool (tools.ts) builds the `lich` argv (from the contract's declarations, as the MCP mapping) and runs
 * `"$LICH_BIN"` through core's `toolRunner`: exit 0, 2 and 3 are results and return what lich
 * printed; exit 1 throws lich's own stderr, unedited, so every refusal keeps the words the CLI
 * gives it.
 *
 * Inside a lich session the plugin also reports the session's start and state (reports.ts), so
 * an opencode session has a state in `lich sessions`; the reports need neither `LICH_BIN` nor
 * opencode's plugin package, and a failed one never reaches opencode or the tools.
 *
 * This module holds the parts; index.ts is the entry opencode loads and exports nothing else,
 * because a loader that calls every export of a plugin module as a plugin must find only one.
 */
import type { Hooks, Plugin, PluginInput, PluginModule } from '@opencode-ai/plugin';
import { type PluginEndpoint, pluginEndpoint, toolRunner, VERSION } from '@lich/core';
import { lichTools } from './tools.js';
import { type SessionReporter, sessionReporter } from './reports.js';

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
  /** Receives one line per report that could not be made; defaults to nothing (opencode owns the terminal). */
  log?: (line: string) => void;
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

/**
 * One reporter per lich session in this process. A loader that calls both the named and the
 * default export builds the hooks twice and hands every event to both: sharing the reporter
 * makes the second reading of an event a repeat, which it never reports twice — a second
 * `done` would end a turn lich never saw start.
 */
const reporters = new Map<string, { ep: PluginEndpoint; reporter: SessionReporter }>();

function reporterOf(ep: PluginEndpoint, log: ((line: string) => void) | undefined) {
  const key = `${ep.port} ${ep.token} ${ep.sessionId}`;
  let entry = reporters.get(key);
  if (!entry) {
    entry = { ep, reporter: sessionReporter(ep, log) };
    reporters.set(key, entry);
  } else {
    ep.agent.destroy();
  }
  return entry;
}

/**
 * Builds the plugin's hooks. Inside a lich session (`LICH_PORT`, `LICH_TOKEN`, `LICH_SESSION_ID`):
 * `event`, which reports the session's start and state (reports.ts), and `dispose`, which lets
 * the reports still queued go out; plus `tool` when `LICH_BIN` is set and opencode's tool helper
 * imports. Outside one: `{}` — no reports, no tools (spec/opencode-tools.md § When they are
 * absent). Never a throw: a missing tool helper costs the tools, never the reports.
 */
export async function lichHooks(options: LichPluginOptions = {}): Promise<Hooks> {
  const env = options.env ?? process.env;
  const found = pluginEndpoint(env, VERSION);
  if (!found) return {};
  const { ep, reporter } = reporterOf(found, options.log);
  const hooks: Hooks = {
    event: reporter.event,
    dispose: async () => {
      await reporter.settled();
      ep.agent.destroy();
    },
  };
  if (!insideLich(env)) return hooks;
  try {
    const tool = await (options.loadToolHelper ?? importToolHelper)();
    hooks.tool = lichTools(tool, toolRunner(env)) as Hooks['tool'];
  } catch {
    // Only the tools depend on opencode's plugin package; the reports go on without it.
  }
  return hooks;
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
