/**
 * The hook script of lich's Claude Code plugin: every classic hook in hooks/hooks.json runs it
 * (bundled to hooks/report.cjs), with Claude Code's hook input on stdin. Inside a lich session it
 * sends what reports.ts says for that input to lich's hook endpoints, with `X-Lich-Plugin`, and
 * exits 0 (run.ts); outside one the hook's own command line does not even start node (`[ -z
 * "$LICH_SESSION_ID" ] ||`), and this exits at once if it is started anyway.
 *
 * Nor in a Claude Code nobody attends: a `claude -p` run from a tool inside a lich session
 * inherits the session's `LICH_*` and would report its own conversation and turns as the
 * session's (the mod's rule, spec/mod-control.md). Claude Code hands every hook
 * `CLAUDE_CODE_SESSION_ATTENDED`: `1` under its TUI, `0` in a `-p` run (measured on 2.1.328,
 * nested or not); a release that sets none reports as before.
 *
 * UserPromptSubmit has two command lines (hooks/hooks.json): where the session's mod reports the
 * main loop's `busy` (`LICH_MOD_SESSION` = `LICH_SESSION_ID`), the blocking one starts no node and
 * an `async` one — off the path to the model's request — reports the title alone; elsewhere the
 * blocking one reports both, as every other hook does.
 */
import { reportsFor } from './reports.js';
import { runHookScript } from './run.js';

runHookScript({
  provider: 'claude',
  // LICH_MOD_SESSION is this session's id once its mod reports the main loop's busy itself (mod/register.ts).
  reportsFor: (input, lichSessionId) => reportsFor(input, lichSessionId, process.env.LICH_MOD_SESSION === lichSessionId),
  skip: (env) => env.CLAUDE_CODE_SESSION_ATTENDED === '0',
});
