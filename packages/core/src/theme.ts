/**
 * `lich theme [--json] list | switch <theme>` (spec/cli.md § lich theme): the arguments checked
 * before any call, then `themes.List` or `themes.Switch` on the running lich, which owns the
 * installed themes and the settings file the choice is kept in. Words in theme-wording.ts.
 */
import type { LichContext, RunOptions } from './operation.js';
import { LichError } from './errors.js';
import { SHORT_CALL_MS } from './timeouts.js';
import { themeRefusal } from './theme-wording.js';
import { rpcMethod } from './contract-tables.js';
import type { Theme, ThemeInput, ThemeSwitched } from './types.js';

/**
 * spec/cli.md § lich theme: `list` → `themes.List` (`[{}]`; a null list is `[]`), `switch <theme>`
 * → `themes.Switch` `{theme}`, both with the 10 s budget. An action that is neither, a theme after
 * `list` and a `switch` without one are refused before any call ({@link themeRefusal}); the server
 * refuses an id no installed theme has.
 *
 * @throws LichError the client-side refusal, or the server's.
 */
export async function theme(ctx: LichContext, input: ThemeInput, opts: RunOptions = {}): Promise<Theme[] | ThemeSwitched> {
  const action = input.action;
  const id = input.theme;
  const refusal = themeRefusal(action, id);
  if (refusal !== undefined) throw new LichError(refusal);
  const method = rpcMethod('theme', 'call', input);
  if (method === 'themes.List') {
    const list = await ctx.rpc.call(method, {}, { timeoutMs: SHORT_CALL_MS, signal: opts.signal });
    return list ?? [];
  }
  return ctx.rpc.call(method, { theme: id }, { timeoutMs: SHORT_CALL_MS, signal: opts.signal });
}
