/**
 * A refusal or failure of spawn (open, close) or of the backend itself whose message is the
 * user-facing sentence, without the `lich: ` prefix the CLI adds. The RPC layer answers it as
 * 500 `{"error":"<message>"}` (wire.md § 1.2).
 */
export class SpawnError extends Error {
  override name = 'SpawnError';
}
