/**
 * `@lich/server`: the headless lich backend (docs/architecture.md § The backend).
 */
export { DEFAULT_PORT, listenPort, startServer, type RunningServer, type ServerOptions } from './server.js';
export { configDir, dataDir, runForeground, type ForegroundOptions } from './foreground.js';
export { SpawnError } from './errors.js';
export { RelayError, type RelayTimings } from './relay/relay.js';
export type { Clock } from './relay/host.js';
export { readRuntimeFile, runtimeFileName, type RuntimeInfo } from './runtime-file.js';
