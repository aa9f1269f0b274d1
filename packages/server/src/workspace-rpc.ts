/**
 * The workspace methods of the RPC wire, assembled for server.ts: `spawn.Rename`,
 * `spawn.Folders`, `spawn.File`, `spawn.RenameFolder`, `spawn.ColorFolder` (spawn/workspace.ts),
 * `relay.Insert` (relay/insert.ts) and `relay.Focus` (relay/focus.ts) — spec/cli.md § lich rename
 * … § lich focus. Kept out of server.ts so the backend's assembly stays one list.
 */
import { homedir } from 'node:os';
import { focus } from './relay/focus.js';
import type { RelayHost } from './relay/host.js';
import { Inserter } from './relay/insert.js';
import type { Relay } from './relay/relay.js';
import type { RpcHandler } from './rpc/dispatch.js';
import { Workspace } from './spawn/workspace.js';
import type { Store } from './store/store.js';
import type { Terminal } from './terminal/terminal.js';

export interface WorkspaceRpcDeps {
  store: Store;
  terminal: Terminal;
  /** The relay's view of the sessions (session-host.ts): live sessions, states, readiness. */
  host: RelayHost;
  /** The relay, whose typing queue an insert takes its turn in. */
  relay: Pick<Relay, 'exclusive'>;
  env: NodeJS.ProcessEnv;
  /**
   * The web view (web/web.ts): `relay.Focus` brings the card to the front of every open page and
   * answers with a one-time link to it. Absent, focus only records the card.
   */
  page?: { focus(id: string): number; link(card: string): string };
}

export interface WorkspaceRpc {
  /** Method name → handler, to spread into the dispatcher's table. */
  handlers: Record<string, RpcHandler>;
  /** Lets every insert still waiting for a prompt go (it fails saying lich is quitting). */
  close(): void;
}

/** Builds the workspace methods over the backend's store, terminal service and relay host. */
export function workspaceRpc(d: WorkspaceRpcDeps): WorkspaceRpc {
  const home = d.env.HOME || homedir();
  const workspace = new Workspace({ store: d.store, env: d.env });
  const inserter = new Inserter({
    liveSessions: () => d.host.liveSessions(),
    ready: (id) => d.host.ready(id),
    inSetup: (id) => d.terminal.inSetup(id),
    live: (id) => d.host.live(id),
    state: (id) => d.host.state(id),
    // In turn with the relay's typing, so a paste never lands between a message and its Enter.
    write: (id, data) => d.relay.exclusive(id, () => d.terminal.write(id, data)),
    now: () => Date.now(),
    home,
  });
  return {
    handlers: {
      'spawn.Rename': (o) => workspace.rename(o),
      'spawn.Folders': (o) => workspace.folders(o),
      'spawn.File': (o) => workspace.file(o),
      'spawn.RenameFolder': (o) => workspace.renameFolder(o),
      'spawn.ColorFolder': (o) => workspace.colorFolder(o),
      'relay.Insert': (o, signal) => inserter.insert(o, signal),
      'relay.Focus': (o) => {
        const focused = focus({ liveSessions: () => d.host.liveSessions(), setActive: (id) => void d.store.setActiveSession(id), home }, o);
        return d.page ? { ...focused, page: d.page.link(focused.id), pages: d.page.focus(focused.id) } : focused;
      },
    },
    close: () => inserter.close(),
  };
}
