/**
 * Every method of the RPC wire the backend serves, in one table (docs/architecture.md § The RPC
 * wire; wire.md § 5): method name → the service call that answers it. The table's type is the
 * generated method map (`RpcHandlers`, from contracts/rpc/), so a method the contracts define and
 * nothing serves, a handler that reads an option its contract lacks, and one that returns another
 * shape than its contract's result, all fail to compile.
 *
 * The services are built here too when nothing but an RPC method uses them — the workspace
 * commands, the cost report and the themes — and handed in otherwise (the relay, spawn, mod
 * control: server.ts wires them to the hooks and the shutdown as well).
 */
import { homedir } from 'node:os';
import { Cost, type CostDeps } from '../cost/cost.js';
import { focus } from '../relay/focus.js';
import type { RelayHost } from '../relay/host.js';
import type { Relay } from '../relay/relay.js';
import type { Control } from '../spawn/control.js';
import type { Spawn } from '../spawn/spawn.js';
import { openSubagent } from '../spawn/subagent.js';
import { Workspace } from '../spawn/workspace.js';
import type { Store } from '../store/store.js';
import type { Terminal } from '../terminal/terminal.js';
import { Themes } from '../themes/themes.js';
import type { WebView } from '../web/web.js';
import type { RpcHandlers } from './dispatch.js';

export interface RpcServices {
  store: Store;
  terminal: Terminal;
  /** The relay's view of the sessions (session-host.ts): live sessions, states, readiness. */
  host: RelayHost;
  relay: Relay;
  spawn: Spawn;
  control: Control;
  /**
   * The web view (web/web.ts): an opened session answers with its card's address on the page,
   * `relay.Focus` brings the card to the front of every open page and answers with a one-time
   * link to it, and `system.CloseWindow` lets the pages go.
   */
  web: Pick<WebView, 'address' | 'focus' | 'link' | 'dismiss'>;
  env: NodeJS.ProcessEnv;
  /** The lich config directory: settings.json and themes/. */
  configDir: string;
  /** What `system.Diagnostics` reports. */
  version: string;
  /** Milliseconds since the epoch (the backend's clock). */
  now: () => number;
  log: (line: string) => void;
  /**
   * Throws the refusal once the backend is quitting: called first by every method that would
   * start an errand or a session (server.ts `notWhileQuitting`).
   */
  notWhileQuitting: () => void;
}

export interface Rpc {
  /** Method name → handler: the dispatcher's table. */
  handlers: RpcHandlers;
  /** The pricing hooks: a state a plugin reported, a session that parked (cost/cost.ts). */
  cost: Pick<Cost, 'observe' | 'parked'>;
  /** Lets every insert still waiting for a prompt go (it fails saying lich is quitting). */
  close(): void;
}

/** Builds the backend's RPC table over its services. */
export function rpcHandlers(s: RpcServices): Rpc {
  const home = s.env.HOME || homedir();
  const workspace = new Workspace({ store: s.store, env: s.env });
  // lich cost; a session is priced at each `done` and when it parks (cost/cost.ts).
  const costDeps: CostDeps = { store: s.store, configDir: s.configDir, env: s.env, now: s.now, live: (id) => s.terminal.isLive(id), log: s.log };
  const cost = new Cost(costDeps);
  const themes = new Themes({ configDir: s.configDir, log: s.log });
  const { relay, spawn, control, web, notWhileQuitting } = s;
  /** A session as `spawn.Open` answers it: with its card's address on the page. */
  const withPage = <S extends { id: string }>(session: S): S & { page: string } => ({ ...session, page: web.address(session.id) });

  const handlers: RpcHandlers = {
    // spec/cli.md § lich sessions … § lich reply; wire.md §§ 7–9.
    'relay.Peers': (o) => relay.peers(o),
    'relay.Self': (o) => relay.self(o),
    'relay.Send': (o, signal) => (notWhileQuitting(), relay.send(o, {}, signal)),
    'relay.SendPrivate': (o, signal) => (notWhileQuitting(), relay.send(o, { private: true }, signal)),
    'relay.SendSubagent': (o, signal) => (notWhileQuitting(), relay.sendSubagent(o, signal)),
    'relay.Wait': (o, signal) => relay.wait(o, signal),
    'relay.Collect': (o, signal) => relay.collect(o, signal),
    'relay.CollectNow': (o) => relay.collectNow(o),
    'relay.Reply': (o) => relay.reply(o),
    // spec/cli.md § lich insert, § lich focus.
    'relay.Insert': (o, signal) => relay.insert(o, signal),
    'relay.Focus': (o) => {
      const focused = focus({ liveSessions: () => s.host.liveSessions(), setActive: (id) => void s.store.setActiveSession(id), home }, o);
      return { ...focused, page: web.link(focused.id), pages: web.focus(focused.id) };
    },
    // spec/cli.md § lich open, § lich close, § lich worktrees, § lich control, § lich ask.
    // Each opened card's address on the page (web/web.ts) rides along with the session.
    'spawn.Open': async (o) => (notWhileQuitting(), withPage(await spawn.open(o))),
    'spawn.OpenSubagent': async (o) => (notWhileQuitting(), withPage(await openSubagent(spawn, s.store, o))),
    'spawn.Close': (o) => spawn.close(o),
    'spawn.Worktrees': (o) => spawn.worktrees(o),
    'spawn.Control': (o) => (notWhileQuitting(), control.control(o)),
    'spawn.Ask': (o) => (notWhileQuitting(), control.ask(o)),
    // spec/cli.md § lich rename … § lich color-folder.
    'spawn.Rename': (o) => workspace.rename(o),
    'spawn.Folders': (o) => workspace.folders(o),
    'spawn.File': (o) => workspace.file(o),
    'spawn.RenameFolder': (o) => workspace.renameFolder(o),
    'spawn.ColorFolder': (o) => workspace.colorFolder(o),
    // spec/cli.md § lich cost, § lich theme.
    'store.CostTotals': (o) => cost.totals(o),
    'themes.List': () => themes.list(),
    'themes.Switch': (o) => themes.switch(o.theme),
    // spec/cli.md § Commands (lich version), § lich quit, § lich native.
    'system.Diagnostics': () => ({ version: s.version }),
    'system.Quit': () => null,
    // Closes the web window before the native one opens — here, the web view's pages, which the
    // native window's streams take over from.
    'system.CloseWindow': () => (web.dismiss('lich native opened the native window, which takes over from this page: its sessions go on there.'), null),
  };
  return { handlers, cost, close: () => relay.refuseInserts() };
}
