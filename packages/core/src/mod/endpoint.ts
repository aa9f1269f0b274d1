/**
 * The plugin link of a plugin running under node (the opencode plugin, the stand-in Claude
 * Code): `node:http` to lich's plugin endpoints (wire.md § 11, http-link.ts) and the contract's
 * checks through ajv, loaded on the first check.
 *
 * A plugin runs inside a provider's own process, so nothing here ever throws into it: a failed
 * exchange is a rejected promise with a one-line reason, and the callers turn that into a result.
 */
import type { Env } from '../rpc.js';
import { type HttpLink, httpLink } from './http-link.js';
import { linkCoordinates } from './link.js';
import { bodyRefusal } from './validate.js';

export { exchange } from './http-link.js';
export { type Exchange, type Reply, refusalText } from './link.js';

/**
 * A session's coordinates for the plugin endpoints — `LICH_PORT`, `LICH_TOKEN` and
 * `LICH_SESSION_ID` of its environment — and the plugin's version, sent as `X-Lich-Plugin` on
 * every request (wire.md § 11), over a keep-alive agent of its own.
 */
export type PluginEndpoint = HttpLink;

/**
 * The session's endpoint, or `null` outside lich: when any of `LICH_PORT`, `LICH_TOKEN`,
 * `LICH_SESSION_ID` is missing or empty, or `LICH_PORT` is not a port (1–65535). Reporting from
 * outside a lich session would only reach some other lich, or nothing.
 *
 * @param env the environment the provider was started in (never read from `process.env` here).
 * @param pluginVersion sent as `X-Lich-Plugin` on every request.
 */
export function pluginEndpoint(env: Env, pluginVersion: string): PluginEndpoint | null {
  const c = linkCoordinates(env);
  if (!c) return null;
  return httpLink(c, pluginVersion, (path, body) => bodyRefusal(path, body));
}
