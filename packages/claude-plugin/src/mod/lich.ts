/**
 * The entry of lich's hooks module, the file hooks/hooks.json names under `modules`
 * (register.ts is the mod; build.mjs bundles this into hooks/lich.js with the contract checks
 * compiled in).
 */
import type { On, PluginOptions } from 'claude-code';
import { refusal } from 'lich:checks';
import { registerLich } from './register.js';

declare const __LICH_PLUGIN_VERSION__: string;

export function register(on: On, _options: PluginOptions): void {
  registerLich(on, { version: __LICH_PLUGIN_VERSION__, refusal });
}
