/**
 * The typed mod client under node: {@link runModClient} over a `node:http` link made from the
 * provider's environment, backing off with `setTimeout` (spec/mod-control.md; wire.md § 11.2).
 *
 * ```ts
 * const client = startModClient({ env: process.env, interactive, engine, pluginVersion: '0.17.0' });
 * // null outside lich or in a non-interactive session; else client.stop() on unload.
 * ```
 */
import type { Env } from '../rpc.js';
import { type ModClient, type ModClientRun, runModClient } from './client.js';
import { pluginEndpoint } from './endpoint.js';

/** How a mod client is started under node. */
export interface ModClientOptions extends Omit<ModClientRun, 'link' | 'backoff'> {
  /** The provider's environment: `LICH_PORT`, `LICH_TOKEN`, `LICH_SESSION_ID`. */
  env: Env;
  /** The plugin's bare version, sent as `X-Lich-Plugin` on every request (`0.17.0`). */
  pluginVersion: string;
  /** As {@link ModClientRun.backoff}; defaults to a timer. */
  backoff?: ModClientRun['backoff'];
}

/**
 * Starts the mod client of one session (spec/mod-control.md § How it behaves): outside lich
 * (`LICH_PORT`, `LICH_TOKEN` or `LICH_SESSION_ID` missing) or in a non-interactive session it
 * does nothing and returns `null`. Never throws.
 */
export function startModClient(options: ModClientOptions): ModClient | null {
  if (!options.interactive) return null;
  const link = pluginEndpoint(options.env, options.pluginVersion);
  if (!link) return null;
  return runModClient({ ...options, link, backoff: options.backoff ?? sleep });
}

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal.addEventListener('abort', done, { once: true });
  });
}
