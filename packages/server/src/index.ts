/**
 * `@lich/server`: the headless lich backend (docs/architecture.md § The backend).
 */
export { DEFAULT_PORT, listenPort, startServer, type RunningServer, type ServerOptions } from './server.js';
export { configDir, dataDir, runForeground, type ForegroundOptions } from './foreground.js';
export { SpawnError } from './errors.js';
export { RelayError, type RelayTimings } from './relay/relay.js';
export { systemClock, type Clock, type Timer } from './clock.js';
export { readRuntimeFile, runtimeFileName, type RuntimeInfo } from './runtime-file.js';
export { doctor, type DoctorOptions } from './doctor/doctor.js';
export { rage, type RageOptions } from './rage/rage.js';
export { LOG_FILE, LOG_ROTATED, LOG_ROTATE_BYTES, LogFile } from './log-file.js';
