/**
 * The mod's way to lich: a {@link PluginLink} over Claude Code's `$.http.fetch`, with its
 * timeouts and the mod client's back-off on `$.clock.after`.
 *
 * A hooks module runs in an environment of its own — no Node, no network and no timers but its
 * host's (real-agents.md § 3.6) — so this is the one place the mod reaches lich, and core's mod
 * client and reporters run over it unchanged. The static scan Claude Code runs on the module
 * wants `$` spelled `$.noun.event(…)` at every call and never stored, so each function here takes
 * the `$` of the hook that built it and closes over it.
 */
import type { EngineInterface } from 'claude-code';
import { maskToken, oneLine } from '@lich/core/errors';
import { type Exchange, linkUrl, type PluginLink, type Reply } from '@lich/core/mod/link';

/** The coordinates of the session's plugin endpoints (`linkCoordinates` of its environment). */
export interface Coordinates {
  port: number;
  token: string;
  sessionId: string;
}

/**
 * The session's link over `$.http.fetch`.
 *
 * A request cannot be cancelled through `$` (`$.http.fetch` takes no signal): a cancelled or
 * timed-out exchange settles at once and its answer, when it comes, is dropped. lich holds a poll
 * at most 25 s, so a dropped poll costs a socket for that long at most.
 *
 * @param refusal the contract's check of a body (compiled ahead of time: a module has no `eval`).
 */
export function fetchLink($: EngineInterface, c: Coordinates, pluginVersion: string, refusal: PluginLink['refusal']): PluginLink {
  return {
    sessionId: c.sessionId,
    pluginVersion,
    refusal,
    close: () => {},
    exchange: (x: Exchange) =>
      new Promise<Reply>((resolve, reject) => {
        if (x.signal?.aborted) {
          reject(new Error('cancelled'));
          return;
        }
        let settled = false;
        const finish = (error: Error | null, reply?: Reply) => {
          if (settled) return;
          settled = true;
          timer.cancel();
          x.signal?.removeEventListener('abort', onAbort);
          if (error) reject(error);
          else resolve(reply!);
        };
        const fail = (cause: string) => finish(new Error(maskToken(`reach lich: ${oneLine(cause)}`, c.token)));
        const onAbort = () => finish(new Error('cancelled'));
        const timer = $.clock.after(x.timeoutMs, () => fail(`no answer from ${x.path} within ${x.timeoutMs} ms`));
        x.signal?.addEventListener('abort', onAbort, { once: true });
        const headers: Record<string, string> = { 'X-Lich-Plugin': pluginVersion };
        if (x.body !== undefined) headers['Content-Type'] = 'application/json';
        $.http
          .fetch(linkUrl(c, x), { method: x.method, headers, ...(x.body !== undefined ? { body: x.body } : {}) })
          .then(
            (res) => finish(null, { status: res.status, body: res.text }),
            (error: unknown) => fail(error instanceof Error ? error.message : String(error)),
          );
      }),
  };
}

/**
 * Waits `ms` milliseconds on `$.clock.after`, resolving early when `signal` fires: the mod
 * client's back-off between failed polls (a module has no `setTimeout`).
 */
export function clockWait($: EngineInterface, ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted) {
      resolve();
      return;
    }
    const done = () => {
      timer.cancel();
      signal.removeEventListener('abort', done);
      resolve();
    };
    const timer = $.clock.after(ms, done);
    signal.addEventListener('abort', done, { once: true });
  });
}
