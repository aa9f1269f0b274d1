/**
 * lich's oh-my-pi extension: what makes an omp session a lich session (real-agents.md § 7.5;
 * lich-plugin-modules.md § 13). lich passes it on omp's command line (`--extension`) to every
 * omp it starts, so nothing is written into the user's omp configuration; inside a lich session
 * it
 *
 * - reports the session's start (omp's conversation id, so `lich open` can resume it) and its
 *   state — busy, done, waiting — to lich (reports.ts);
 * - offers the model lich's fourteen session tools (tools.ts).
 *
 * Outside one (a `LICH_*` variable missing: an omp the user runs with this file by hand,
 * elsewhere) it subscribes to nothing and registers nothing. Without `LICH_BIN` it still reports,
 * with no tools: tools that could only answer "LICH_BIN is not set" would sit in every request.
 */
import { pluginEndpoint } from '@lich/core/mod';
import { toolRunner } from '@lich/core/runner';
import { VERSION } from '@lich/core/version';
import type { OmpApi } from './omp.js';
import { ompReporter, REPORTED_EVENTS } from './reports.js';
import { ompTools } from './tools.js';

/** How the extension finds its surroundings; every field defaults to the real one. */
export interface LichExtensionOptions {
  /** Defaults to `process.env` when omp loads the extension. */
  env?: Readonly<Record<string, string | undefined>>;
  /** Receives one line per report that could not be made; defaults to nothing (omp owns the terminal). */
  log?: (line: string) => void;
}

/**
 * Subscribes the reporter to omp's events and registers the tools on `pi`. Never throws: an API
 * that is not what omp 18 hands an extension leaves omp as it was.
 *
 * @returns what it did, for tests: whether it reports, the tools it registered, and `settled`,
 *   which resolves once every report queued so far was sent or dropped.
 */
export function lichExtension(pi: OmpApi, options: LichExtensionOptions = {}): { reports: boolean; tools: string[]; settled?: () => Promise<void> } {
  const env = options.env ?? process.env;
  if (typeof pi?.on !== 'function') return { reports: false, tools: [] };
  const ep = pluginEndpoint(env, VERSION);
  if (!ep) return { reports: false, tools: [] };
  const reporter = ompReporter(ep, options.log);
  for (const name of REPORTED_EVENTS) {
    // Synchronous and returning nothing: omp awaits a handler, and a `tool_call` handler's
    // `{block: true}` would refuse the call.
    pi.on(name, (event, ctx) => {
      // Only the omp in the card's terminal is the card: an `omp -p` the session runs as a tool
      // loads this extension too (and inherits LICH_*), and its conversation and turns are not
      // the card's. Its tools still act as the session, as the card's own would.
      if (typeof ctx?.mode === 'string' && ctx.mode !== 'tui') return;
      reporter.event(event, ctx);
    });
  }
  const tools: string[] = [];
  if ((env.LICH_BIN ?? '') !== '' && typeof pi.registerTool === 'function' && pi.zod) {
    try {
      for (const t of ompTools(pi, toolRunner(env))) {
        pi.registerTool(t);
        tools.push(t.name);
      }
    } catch (error) {
      options.log?.(`lich: the session tools could not be registered: ${(error as Error).message}`);
    }
  }
  return { reports: true, tools, settled: reporter.settled };
}
