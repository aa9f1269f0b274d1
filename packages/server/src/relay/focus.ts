/**
 * `relay.Focus` (spec/cli.md § lich focus): the window switches to a session's project and
 * opens its card. This backend has no window, so what it can do honestly is record the card as
 * its project's open one (the project's active slot, which a window reads on connecting) and
 * say that nothing was raised — the CLI's prose does (core's workspace-wording.ts).
 */
import { homedir } from 'node:os';
import type { RelaySession } from './host.js';
import { resolveTarget } from './resolve.js';
import type { Focused, RelayFocusOptions } from '@lich/generated/types';

/** `relay.Focused` (wire.md § 6): the contract's (contracts/objects/focused.json). */
export type { Focused } from '@lich/generated/types';

export interface FocusHost {
  /** Sessions with a process running in their PTY (RelayHost.liveSessions). */
  liveSessions(): RelaySession[];
  /** Records `id` as its project's open card (a store write: it may wait for another program's lock, and reject). */
  setActive(id: string): void | Promise<unknown>;
  /** HOME, for a `~/…` project. */
  home?: string;
}

/**
 * Resolves `target` the way send resolves its target — lich id, label, roster name, narrowed by
 * `project`, the caller excluded — and records its card as its project's open one.
 *
 * @throws (rejects) RelayError the resolution refusals of resolve.ts: a name that matches no
 *   live session lists the ones there are; StoreError when the slot could not be written.
 */
export async function focus(host: FocusHost, o: RelayFocusOptions): Promise<Focused> {
  const s = resolveTarget(host.liveSessions(), o, host.home ?? homedir());
  await host.setActive(s.id);
  return { id: s.id, label: s.label, project: s.project };
}
