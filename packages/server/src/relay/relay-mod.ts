/**
 * What the relay needs of the backend's mod hub (`mod/hub.ts`, `ModHub`; spec/mod-control.md;
 * wire.md § 11.2): a structural slice, so the relay's unit tests can drive the real hub or leave
 * the mod out entirely. The relay's mod route (mod-route.ts) is what uses it.
 */

/** A command handed to a session's mod, as the relay follows it. A slice of `ModTicket`. */
export interface RelayModTicket {
  /** The command id, `m<N>`. */
  readonly id: string;
  /** Resolves true once a poll collected it; false if it was withdrawn or the session ended first. Never rejects. */
  readonly collected: Promise<boolean>;
  /** Takes a still-queued command off the queue; true when it was still queued (nothing ran). */
  withdraw(): boolean;
  /**
   * Waits up to `ms` for the ack; at the deadline a command no poll collected is withdrawn, so
   * `collected` settles false. The relay uses it for that deadline, not for its outcome.
   */
  wait(ms: number): Promise<unknown>;
}

/** The mod's ack of one command (POST /mod/acks), as the relay reads it. */
export interface RelayModAck {
  session_id: string;
  id: string;
  kind: string;
  ok: boolean;
  error?: string;
}

/** The one command the relay queues: a prompt, with the notification a report or a blocked notice carries. */
export interface RelayModPrompt {
  kind: 'prompt';
  text: string;
  notification?: { status: 'completed' | 'waiting'; summary: string };
}

/** What the relay asks of the mod hub (`Pick<ModHub, 'polling' | 'plugin' | 'enqueue' | 'onAck'>`). */
export interface RelayMod {
  /** Whether a mod polls from the session now (a poll parked, or one returned within the attach window). */
  polling(sessionId: string): boolean;
  /** The `X-Lich-Plugin` of the session's latest poll; `""` when none. */
  plugin(sessionId: string): string;
  /** Queues a command for the session's mod. Throws when no mod polls from it. */
  enqueue(sessionId: string, body: RelayModPrompt): RelayModTicket;
  /** Subscribes to every ack; returns the unsubscribe function. */
  onAck(listener: (ack: RelayModAck, command: unknown, sessionId: string) => void): () => void;
}

/** The first lich-plugin whose mod answers a subagent worker's errand itself (POST /mod/answer). */
export const MOD_ANSWER_PLUGIN = '0.17.0';

/**
 * Whether the bare plugin version `version` (`X-Lich-Plugin`, e.g. `0.17.2`, `1.0.0-rc.1`) is
 * `min` or later, comparing major.minor.patch numerically. A version that is not `N.N.N` (an
 * empty header included) is older than everything: a mod that does not say what it is gets
 * only what every mod does.
 */
export function pluginAtLeast(version: string, min: string): boolean {
  const v = parts(version);
  const m = parts(min);
  if (!v || !m) return false;
  for (let i = 0; i < 3; i++) {
    if (v[i]! !== m[i]!) return v[i]! > m[i]!;
  }
  return true;
}

function parts(version: string): number[] | null {
  const m = /^v?(\d+)\.(\d+)\.(\d+)(?:[-+].*)?$/.exec(version.trim());
  return m ? [Number(m[1]), Number(m[2]), Number(m[3])] : null;
}

