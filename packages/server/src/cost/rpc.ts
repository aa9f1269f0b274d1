/**
 * The cost and theme methods of the RPC wire, assembled for server.ts: `store.CostTotals`
 * (cost.ts; spec/cli.md § lich cost) and `themes.List`, `themes.Switch` (themes/themes.ts;
 * spec/cli.md § lich theme). Kept out of server.ts so the backend's assembly stays one list.
 */
import type { RpcHandler } from '../rpc/dispatch.js';
import { Themes } from '../themes/themes.js';
import { Cost, type CostDeps } from './cost.js';

export interface CostRpc {
  /** Method name → handler, to spread into the dispatcher's table. */
  handlers: Record<string, RpcHandler>;
  /** The pricing hooks: a state a plugin reported, a session that parked. */
  cost: Pick<Cost, 'observe' | 'parked'>;
}

/** Builds `store.CostTotals`, `themes.List` and `themes.Switch` over the backend's store and config directory. */
export function costRpc(d: CostDeps): CostRpc {
  const cost = new Cost(d);
  const themes = new Themes({ configDir: d.configDir, log: d.log });
  return {
    handlers: {
      'store.CostTotals': (o) => cost.totals(o),
      'themes.List': () => themes.list(),
      'themes.Switch': (o) => themes.switch(o.theme),
    },
    cost,
  };
}
