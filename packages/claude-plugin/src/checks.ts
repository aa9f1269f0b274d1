/**
 * The contract's checks of the bodies the plugin sends (contracts/hooks; the typed clients never
 * send a rejected shape), from validators ajv compiled when the plugin was built (build.mjs): a
 * hooks module has no `eval` to compile them in, and a hook script that compiled them at every
 * run would pay for it on every tool call.
 */
import type { HookPath } from '@lich/generated/types';
import type { PluginLink } from '@lich/core/mod/link';
import { describeRefusal } from '@lich/core/mod/refusal';

/** One compiled validator: ajv's standalone shape. */
export interface CompiledCheck {
  (body: unknown): boolean;
  errors?: Parameters<typeof describeRefusal>[0][] | null;
}

/** A link's `refusal` over the compiled validator of each endpoint. */
export function compiledRefusal(checks: Readonly<Record<HookPath, CompiledCheck>>): PluginLink['refusal'] {
  return async (path, body) => {
    const check = checks[path];
    if (!check) return `${path} has no compiled check`;
    return check(body) ? undefined : describeRefusal(check.errors?.[0] ?? undefined);
  };
}
