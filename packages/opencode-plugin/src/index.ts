/**
 * The opencode plugin module (spec/opencode-tools.md): `LichPlugin`, as the default export and
 * under its name — the same function both times, and nothing else exported, since an opencode
 * loader that calls every export of a plugin module as a plugin must find only this one.
 * It is also a `PluginModule` (`{ id: 'lich', server }`) for a loader that reads that shape.
 */
import { LichPlugin } from './plugin.js';

export { LichPlugin };
export default LichPlugin;
