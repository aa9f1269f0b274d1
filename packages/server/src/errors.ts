/**
 * A refusal or failure of spawn (open, close) or of the backend itself whose message is the
 * user-facing sentence, without the `lich: ` prefix the CLI adds. The RPC layer answers it as
 * 500 `{"error":"<message>"}` (wire.md § 1.2).
 */
export class SpawnError extends Error {
  override name = 'SpawnError';
}

/**
 * The backend will not start here, for a reason the person who started it acts on: another lich
 * is running on this config directory, another holds the data directory, the port is taken,
 * `LICH_LISTEN_PORT` is not a port. Expected, so its message is the whole story: `lich --no-window`
 * prints it as its one `lich: …` line and lich.log keeps that one line, no stack (foreground.ts);
 * a stack is kept only for a start that fails unexpectedly.
 */
export class StartRefusal extends Error {
  override name = 'StartRefusal';
}
