/**
 * The relay engine's public surface: what the backend constructs and wires to `/rpc/relay.*`
 * and `/hook` (docs/architecture.md § The backend; spec/cli.md § lich send, § lich wait,
 * § lich reply).
 */
export {
  Relay,
  SUBAGENT_WITHOUT_SESSION,
  defaultTimings,
  defaultWaitSeconds,
  maxWaitSeconds,
  waitMs,
  type RelayOptions,
  type RelayTimings,
} from './relay.js';
export { RelayError } from './errors.js';
export type { Clock, RelayHost, RelaySession } from './host.js';
export { systemClock } from './host.js';
export type { Collected, Peer, Result, Status } from './types.js';
export { goQuote } from '@lich/core/quote';
export { sanitize } from './text.js';
