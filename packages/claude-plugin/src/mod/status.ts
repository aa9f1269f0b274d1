/**
 * mod-status in Claude Code (lich-plugin-modules.md § 5; core's `mod/status-line.ts` words it):
 * the session's errands in the footer, read from `GET /mod/status` at `session.start` and every
 * 5 s after — `lich: owes "docs" an answer, 2 tasks out (1 waiting), 1 answer to collect`. Reading
 * never collects. A lich that answers 404 predates the endpoint: the reads stop for the session.
 * Any other failure clears the part until a later read works.
 */
import type { EngineInterface } from 'claude-code';
import { setPart } from '@lich/core/mod/footer';
import { modStatus } from '@lich/core/mod/reporters';
import { STATUS_POLL_MS, statusLine } from '@lich/core/mod/status-line';
import type { ModState } from './state.js';

/** Reads the status now and every {@link STATUS_POLL_MS} after, one read at a time. */
export function watchStatus($: EngineInterface, state: ModState): void {
  const link = state.link;
  if (!link || state.statusTimer) return;
  const read = () => {
    void (async () => {
      const r = await modStatus(link);
      const text = r.ok ? statusLine(r.status) : undefined;
      if (setPart(state.footer, 'errands', text)) $.ui.invalidate('ui.render');
      if (!r.ok && r.httpStatus === 404) {
        state.statusTimer = undefined;
        return;
      }
      state.statusTimer = $.clock.after(STATUS_POLL_MS, read);
    })();
  };
  state.statusTimer = { cancel: () => {} };
  read();
}
