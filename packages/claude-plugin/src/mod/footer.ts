/**
 * The lich line in Claude Code's prompt footer (core's `mod/footer.ts` builds it): drawn by
 * `ui.render {component: "SessionMode"}` after Claude Code's own modes, or nothing at all when no
 * part is set. Before 0.18.0 the original used `$.ui.status`, which Claude Code draws as a yellow
 * warning under the prompt.
 */
import { footerLine } from '@lich/core/mod/footer';
import type { ModState } from './state.js';

/** `SessionMode`'s props with the lich line added last, or as they came when there is none. */
export function withFooter<P extends { modes: readonly string[] }>(state: ModState, props: P): P {
  const line = footerLine(state.footer);
  return line === undefined ? props : { ...props, modes: [...props.modes, line] };
}
