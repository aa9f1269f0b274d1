/**
 * How a Codex session lich starts reports its state (docs/architecture.md § The backend, Codex's
 * hooks): Codex's hooks engine runs lich's Codex hook script (packages/claude-plugin/src/codex,
 * built to `<cli>/dist/codex-hook.cjs`) on SessionStart, UserPromptSubmit, PreToolUse,
 * PermissionRequest, Stop, Interrupt, PreCompact, PostCompact and SessionEnd, and the script posts
 * `/session-start` (the thread id `codex resume <id>` takes), `busy`, `waiting` and `done` to
 * lich's hook endpoints.
 *
 * The hooks are registered on Codex's own command line, `-c hooks.<Event>=[…]` — a layer Codex
 * calls its session flags — so nothing is written into the user's `~/.codex` or the repository.
 * Measured on 0.169.0 (a real TUI against a fake model):
 *
 * - Codex runs a hook only once it is trusted, and it reads that trust (`hooks.state."<key>".
 *   trusted_hash`) from the user's own config.toml alone: the same key and hash given with `-c`
 *   are ignored. An untrusted hook opens a "Hooks need review" menu over the composer ≈0.4 s after
 *   it is drawn, which the first task lich types would answer. So lich passes
 *   `--dangerously-bypass-hook-trust` with its hooks: Codex runs enabled hooks without their
 *   review for that session and lists a startup warning saying so. That reaches every hook the
 *   session's Codex finds enabled — the user's and a trusted project's too, reviewed or not — so
 *   it is the price of state reporting, and the hooks go only where the script is there to run.
 * - A hook runs through `sh -c` with Codex's environment: the session's `LICH_*` reach it (unlike
 *   an MCP server, whose environment Codex clears). The token stays in the environment; argv —
 *   which any user can read — carries only the script's path.
 * - The `-c` overrides are global options: they go before `resume <id>`, with lich's MCP ones.
 */
import { realpathSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { shellQuote } from '@lich/core/quote';

/** The Codex hook script's file name in the CLI's `dist/` (packages/claude-plugin/build.mjs `CODEX_HOOK_FILE`). */
export const CODEX_HOOK_FILE = 'codex-hook.cjs';

/**
 * The Codex events lich hooks, in Codex's spelling (packages/claude-plugin/src/codex/reports.ts
 * `codexReportsFor` maps each to its report; codex-hook-script.test.ts holds the two together).
 */
export const CODEX_HOOK_EVENTS = ['SessionStart', 'UserPromptSubmit', 'PreToolUse', 'PermissionRequest', 'Stop', 'Interrupt', 'PreCompact', 'PostCompact', 'SessionEnd'] as const;

/** How long Codex may run the script for one hook, in seconds: it gives up on its own after 3 s (run.ts `HOOK_BUDGET_MS`). */
export const CODEX_HOOK_TIMEOUT_SECONDS = 5;

/** Codex's flag that runs enabled hooks without their persisted trust, for this invocation. */
export const BYPASS_HOOK_TRUST = '--dangerously-bypass-hook-trust';

/**
 * The Codex hook script that ships with the lich at `bin` (`LICH_BIN`, `<cli>/bin/lich.js`):
 * `<cli>/dist/codex-hook.cjs`, beside the CLI's bundles, found through a link on PATH as the
 * Claude Code plugin is. `""` when `bin` is `""` or the script is not there (not built).
 */
export function codexHookScript(bin: string): string {
  if (bin === '') return '';
  let real = bin;
  try {
    real = realpathSync(bin);
  } catch {
    // A bin that does not exist finds no script below.
  }
  const file = join(dirname(real), '..', 'dist', CODEX_HOOK_FILE);
  try {
    return statSync(file).isFile() ? file : '';
  } catch {
    return '';
  }
}

/**
 * The shell command Codex runs for every hook: node on the script, without `NODE_OPTIONS` and
 * `NODE_EXTRA_CA_CERTS` (a preload or a CA bundle read on every tool call only slows it; the
 * script talks to lich on loopback), as lich's Claude Code hooks do. `node` is the one on the
 * session's PATH, which `LICH_BIN` (`#!/usr/bin/env node`) runs on too. The path is one `sh` word.
 */
export function codexHookCommand(script: string): string {
  return `NODE_OPTIONS= NODE_EXTRA_CA_CERTS= exec node ${shellWord(script)}`;
}

/**
 * The argv that registers the hooks, for Codex's global options: {@link BYPASS_HOOK_TRUST}, then
 * `-c hooks.<Event>=[{hooks=[{type="command",command="…",timeout=5}]}]` per event of
 * {@link CODEX_HOOK_EVENTS}. `[]` when `script` is `""`.
 *
 * @param tomlString a TOML basic-string encoder (providers.ts `tomlString`)
 */
export function codexHooks(script: string, tomlString: (s: string) => string): string[] {
  if (script === '') return [];
  const command = tomlString(codexHookCommand(script));
  const argv = [BYPASS_HOOK_TRUST];
  for (const event of CODEX_HOOK_EVENTS) {
    argv.push('-c', `hooks.${event}=[{hooks=[{type="command",command=${command},timeout=${CODEX_HOOK_TIMEOUT_SECONDS}}]}]`);
  }
  return argv;
}

/** `s` as one POSIX shell word: bare when nothing in it is special, else single-quoted (core's shellQuote). */
function shellWord(s: string): string {
  return /^[A-Za-z0-9_./-]+$/.test(s) ? s : shellQuote(s);
}
