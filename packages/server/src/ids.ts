import { randomBytes } from 'node:crypto';

/** A session id as the CLI-spawned ones are minted: 16 random bytes, 32 lowercase hex (wire.md § 9). */
export function newSessionId(): string {
  return randomBytes(16).toString('hex');
}

/** A project id: opaque, 16 random bytes as hex, like a session id. */
export function newProjectId(): string {
  return randomBytes(16).toString('hex');
}
