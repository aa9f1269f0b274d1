/**
 * The run of a hook script, whichever agent starts it: read the agent's hook input from stdin,
 * send the reports a mapping makes of it to lich's hook endpoints with `X-Lich-Plugin`, exit 0.
 * Claude Code's classic hooks (main.ts) and Codex's hooks (../codex/main.ts) run it, each with its
 * own mapping and provider id.
 *
 * It is silent whatever happens — a hook that prints, or exits non-zero, shows up in the
 * session's transcript (Codex parses a hook's stdout as its answer) — and bounded: it runs on
 * every tool call, so it gives up after {@link HOOK_BUDGET_MS} rather than hold a tool behind a
 * lich that does not answer. Outside a lich session (no `LICH_*`) it exits at once.
 */
import { linkCoordinates, type PluginLink } from '@lich/core/mod/link';
import { reportSessionStart, reportState, reportTitle, reportTouched } from '@lich/core/mod/reporters';
import { refusal } from 'lich:checks';
import { netLink } from './net-link.js';
import type { Report } from './reports.js';

declare const __LICH_PLUGIN_VERSION__: string;

/** The whole run's bound, in ms: lich answers a report at once, or is not there. */
export const HOOK_BUDGET_MS = 3000;

/** What one agent's hook script is: how its input maps to reports, and the provider it reports as. */
export interface HookScript {
  /** The provider id `/session-start` names (`claude`, `codex`). */
  provider: string;
  /** The reports for one hook input of lich session `lichSessionId`, in order. */
  reportsFor(input: unknown, lichSessionId: string): Report[];
  /** Whether this run must report nothing whatever its input (Claude Code's `claude -p`). */
  skip?(env: NodeJS.ProcessEnv): boolean;
}

function send(link: PluginLink, provider: string, r: Report) {
  switch (r.kind) {
    case 'session-start':
      return reportSessionStart(link, { provider_session_id: r.providerSessionId, provider });
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

async function main(script: HookScript): Promise<void> {
  if (script.skip?.(process.env)) return;
  const c = linkCoordinates(process.env);
  if (!c) return;
  let input: unknown;
  try {
    input = JSON.parse(await readStdin());
  } catch {
    return;
  }
  const reports = script.reportsFor(input, c.sessionId);
  if (reports.length === 0) return;
  const link = netLink(c, __LICH_PLUGIN_VERSION__, refusal);
  for (const r of reports) await send(link, script.provider, r);
  link.close();
}

/** Runs `script` on this process's stdin and environment, then exits 0, within {@link HOOK_BUDGET_MS}. */
export function runHookScript(script: HookScript): void {
  setTimeout(() => process.exit(0), HOOK_BUDGET_MS).unref();
  main(script).then(
    () => process.exit(0),
    () => process.exit(0),
  );
}
