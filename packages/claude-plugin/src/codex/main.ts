/**
 * The hook script of Codex sessions lich starts (bundled to `packages/cli/dist/codex-hook.cjs`):
 * lich registers it, on Codex's own command line, as the command of every hook it watches (server
 * providers/codex-hooks.ts). Codex runs it through `sh -c`
 * with the hook input on stdin and its own environment — the session's `LICH_*` included
 * (measured, 0.169.0: unlike an MCP server's, a hook's environment is not cleared) — and it sends
 * what reports.ts says to lich's hook endpoints (../hook/run.ts).
 *
 * Nothing else carries the hooks: a `codex` run from a tool inside the session inherits the
 * `LICH_*` variables but not lich's command line, so it reports nothing.
 */
import { runHookScript } from '../hook/run.js';
import { CODEX_PROVIDER, codexReportsFor } from './reports.js';

runHookScript({ provider: CODEX_PROVIDER, reportsFor: codexReportsFor });
