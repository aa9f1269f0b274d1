/**
 * `@lich/core/mod` — the plugin side of lich, for a plugin running inside a lich session (an
 * opencode plugin, a Claude Code hook script or mod): the plugin endpoint's coordinates, the
 * reporters (`POST /hook`, `/session-start`, …), the typed mod client and the `ModEngine` /
 * `PluginLink` interfaces it drives (spec/mod-control.md; wire.md § 11).
 *
 * The same names `@lich/core` exports (its last block), behind an entry point of their own: a
 * hook script that runs on every tool call loads these modules and not the operations, their
 * wording and the RPC client. entry-points.test.ts holds the two lists to each other.
 *
 * ```ts
 * import { pluginEndpoint, reportState } from '@lich/core/mod';
 * const ep = pluginEndpoint(process.env, '1.0.0'); // null outside a lich session
 * if (ep) await reportState(ep, { state: 'busy', tool: 'bash' });
 * ```
 *
 * @module \@lich/core/mod
 */
export {
  type ModClient,
  type ModClientRun,
  type ModEngine,
  ACK_TIMEOUT_MS,
  ANSWER_LIMIT,
  ASK_PREAMBLE,
  BACKOFF_FIRST_MS,
  BACKOFF_MAX_MS,
  ForkError,
  POLL_TIMEOUT_MS,
  TRUNCATED,
  askPrompt,
  cutAnswer,
  runModClient,
  taskNotification,
} from './client.js';
export { type ModClientOptions, startModClient } from './client-node.js';
export { type PluginEndpoint, pluginEndpoint } from './endpoint.js';
export { type HttpLink, httpLink } from './http-link.js';
export { type Exchange, type PluginLink, type Reply, linkCoordinates, linkUrl, refusalText } from './link.js';
export {
  type ReportBodies,
  type ReportPath,
  type ReportResult,
  type StateReport,
  type StatusResult,
  REPORT_TIMEOUT_MS,
  answerAsWorker,
  answerAsWorkerBlank,
  modStatus,
  postReport,
  reportSessionStart,
  reportState,
  reportTitle,
  reportTouched,
  reportUsage,
} from './reporters.js';
