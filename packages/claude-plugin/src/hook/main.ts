/**
 * The hook script of lich's Claude Code plugin: every classic hook in hooks/hooks.json runs it
 * (bundled to hooks/report.cjs), with Claude Code's hook input on stdin. Inside a lich session it
 * sends what reports.ts says for that input to lich's hook endpoints, with `X-Lich-Plugin`, and
 * exits 0; outside one the hook's own command line does not even start node (`[ -z
 * "$LICH_SESSION_ID" ] ||`), and this exits at once if it is started anyway.
 *
 * Nor in a Claude Code nobody attends: a `claude -p` run from a tool inside a lich session
 * inherits the session's `LICH_*` and would report its own conversation and turns as the
 * session's (the mod's rule, spec/mod-control.md). Claude Code hands every hook
 * `CLAUDE_CODE_SESSION_ATTENDED`: `1` under its TUI, `0` in a `-p` run (measured on 2.1.328,
 * nested or not); a release that sets none reports as before.
 *
 * It is silent whatever happens — a hook that prints, or exits non-zero, shows up in the
 * session's transcript — and bounded: it runs on every tool call, so it gives up after
 * {@link HOOK_BUDGET_MS} rather than hold a tool behind a lich that does not answer.
 */
import { linkCoordinates, type PluginLink } from '@lich/core/mod/link';
import { reportSessionStart, reportState, reportTitle, reportTouched } from '@lich/core/mod/reporters';
import { refusal } from 'lich:checks';
import { netLink } from './net-link.js';
import { type Report, reportsFor } from './reports.js';

declare const __LICH_PLUGIN_VERSION__: string;

/** The whole run's bound, in ms: lich answers a report at once, or is not there. */
export const HOOK_BUDGET_MS = 3000;

function send(link: PluginLink, r: Report) {
  switch (r.kind) {
    case 'session-start':
      return reportSessionStart(link, { provider_session_id: r.providerSessionId, provider: 'claude' });
    case 'state':
      return reportState(link, r.report);
    case 'title':
      return reportTitle(link, r.title);
    case 'touched':
      return reportTouched(link);
  }
}

function readStdin(): Promise<string> {
  return new Promise((resolve) => {
    let text = '';
    process.stdin.setEncoding('utf8');
    process.stdin.on('data', (chunk: string) => (text += chunk));
    process.stdin.on('end', () => resolve(text));
    process.stdin.on('error', () => resolve(text));
  });
}

async function main(): Promise<void> {
  if (process.env.CLAUDE_CODE_SESSION_ATTENDED === '0') return;
  const c = linkCoordinates(process.env);
  if (!c) return;
  let input: unknown;
  try {
    input = JSON.parse(await readStdin());
  } catch {
    return;
  }
  const reports = reportsFor(input, c.sessionId);
  if (reports.length === 0) return;
  const link = netLink(c, __LICH_PLUGIN_VERSION__, refusal);
  for (const r of reports) await send(link, r);
  link.close();
}

setTimeout(() => process.exit(0), HOOK_BUDGET_MS).unref();
main().then(
  () => process.exit(0),
  () => process.exit(0),
);
