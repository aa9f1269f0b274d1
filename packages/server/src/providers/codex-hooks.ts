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
 * - Codex runs a hook only once the user trusted it. Trust is recorded in the user's own
 *   `$CODEX_HOME/config.toml` (`~/.codex`) alone — the same entries given with `-c` are ignored —
 *   as `[hooks.state."/<session-flags>/config.toml:<event>:0:0"] trusted_hash = "sha256:<hex>"`,
 *   the hex being SHA-256 of the compact, key-sorted JSON `{"event_name":"<event>","hooks":
 *   [{"async":false,"command":"…","timeout":<s>,"type":"command"}]}` ({@link codexHookTrust}):
 *   the event, the command and the timeout Codex settled on, nothing of the folder or the
 *   environment. So the command is one constant string ({@link CODEX_HOOK_COMMAND}) and the
 *   script's path reaches it through the session's environment ({@link CODEX_HOOK_VARIABLE}): a
 *   user who trusted lich's hooks once is not asked again, whatever the session, the backend or
 *   where lich is installed.
 * - An untrusted hook opens Codex's "Hooks need review" screen at start, in place of the chat
 *   screen (≈0.9 s after spawn; its idle report `ESC]7501;state=idle` comes only once it is
 *   answered): `9 hooks are new or changed.` … `› 1. Review hooks  2. Trust all and continue
 *   3. Continue without trusting (hooks won't run)`. A task pasted there and submitted with Tab is
 *   swallowed without a trace (a bare `3` picks "Continue without trusting"), so readiness holds
 *   there (providers.ts `CODEX_READINESS`) and the person answers it at the card.
 * - Inside a confined session lich passes `--dangerously-bypass-hook-trust` instead: bubblewrap is
 *   what bounds what a hook can do there, as it is what bounds the agent's own commands
 *   (`--dangerously-bypass-approvals-and-sandbox`). Codex then runs every enabled hook unreviewed
 *   for that session and lists a startup warning saying so. Never outside: that would decide for
 *   the user about every hook that session's Codex finds (theirs, a project's) too.
 * - A hook runs through `sh -c` with Codex's environment: the session's `LICH_*` reach it (unlike
 *   an MCP server, whose environment Codex clears). The token stays in the environment; argv —
 *   which any user can read — carries no secret.
 * - Codex clamps a SessionEnd or Interrupt hook's timeout to 3 s, with a startup warning for each
 *   hook asking more: those two ask for 3 s ({@link CODEX_HOOKS}).
 * - The `-c` overrides are global options: they go before `resume <id>`, with lich's MCP ones.
 */
import { createHash } from 'node:crypto';
import { realpathSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';

/** The Codex hook script's file name in the CLI's `dist/` (packages/claude-plugin/build.mjs `CODEX_HOOK_FILE`). */
export const CODEX_HOOK_FILE = 'codex-hook.cjs';

/**
 * The Codex events lich hooks, in Codex's spelling (packages/claude-plugin/src/codex/reports.ts
 * `codexReportsFor` maps each to its report; codex-hook-script.test.ts holds the two together).
 */
export const CODEX_HOOK_EVENTS = ['SessionStart', 'UserPromptSubmit', 'PreToolUse', 'PermissionRequest', 'Stop', 'Interrupt', 'PreCompact', 'PostCompact', 'SessionEnd'] as const;

export type CodexHookEvent = (typeof CODEX_HOOK_EVENTS)[number];

/**
 * How long Codex may run the script for one hook, in seconds: it gives up on its own after 3 s
 * (run.ts `HOOK_BUDGET_MS`). Codex 0.169.0 allows SessionEnd and Interrupt hooks 3 s at most,
 * clamping a longer timeout with a startup warning (measured), so those two ask for 3.
 */
export const CODEX_HOOK_TIMEOUT_SECONDS = 5;
const CLAMPED_TIMEOUT_SECONDS = 3;

/** lich's hooks, one per event of {@link CODEX_HOOK_EVENTS}, each with its timeout in seconds. */
export const CODEX_HOOKS: ReadonlyArray<{ event: CodexHookEvent; timeout: number }> = CODEX_HOOK_EVENTS.map((event) => ({
  event,
  timeout: event === 'SessionEnd' || event === 'Interrupt' ? CLAMPED_TIMEOUT_SECONDS : CODEX_HOOK_TIMEOUT_SECONDS,
}));

/** Codex's flag that runs enabled hooks without their persisted trust, for this invocation. */
export const BYPASS_HOOK_TRUST = '--dangerously-bypass-hook-trust';

/**
 * The session variable that names the hook script to {@link CODEX_HOOK_COMMAND}: the path stays
 * out of the command, so the command — what Codex's trust is recorded for — is the same for every
 * install of lich.
 */
export const CODEX_HOOK_VARIABLE = 'LICH_CODEX_HOOK';

/**
 * The shell command Codex runs for every hook, one constant string: node on the script
 * {@link CODEX_HOOK_VARIABLE} names, without `NODE_OPTIONS` and `NODE_EXTRA_CA_CERTS` (a preload
 * or a CA bundle read on every tool call only slows it; the script talks to lich on loopback), as
 * lich's Claude Code hooks do. `node` is the one on the session's PATH, which `LICH_BIN`
 * (`#!/usr/bin/env node`) runs on too. With the variable unset (a Codex someone else started with
 * these flags) it does nothing and exits 0, never running node on an empty path (node would read
 * the hook's input as a program).
 */
export const CODEX_HOOK_COMMAND = `[ -z "$${CODEX_HOOK_VARIABLE}" ] || NODE_OPTIONS= NODE_EXTRA_CA_CERTS= exec node "$${CODEX_HOOK_VARIABLE}"`;

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

/** The variables a session whose Codex runs lich's hooks needs: {@link CODEX_HOOK_VARIABLE} = `script`; `{}` when `script` is `""`. */
export function codexHookEnv(script: string): Record<string, string> {
  return script === '' ? {} : { [CODEX_HOOK_VARIABLE]: script };
}

/**
 * The argv that registers the hooks, for Codex's global options: `-c hooks.<Event>=[{hooks=[{type=
 * "command",command="<CODEX_HOOK_COMMAND>",timeout=<s>}]}]` per hook of {@link CODEX_HOOKS}, after
 * {@link BYPASS_HOOK_TRUST} when `o.bypassTrust` — a confined session, whose sandbox bounds what a
 * hook can do; elsewhere Codex asks the user to review lich's hooks once, and runs them from then
 * on. `[]` when `script` is `""`. The script's path goes into the session's environment
 * ({@link codexHookEnv}), never here.
 *
 * @param tomlString a TOML basic-string encoder (providers.ts `tomlString`)
 */
export function codexHooks(script: string, tomlString: (s: string) => string, o: { bypassTrust: boolean }): string[] {
  if (script === '') return [];
  const command = tomlString(CODEX_HOOK_COMMAND);
  const argv = o.bypassTrust ? [BYPASS_HOOK_TRUST] : [];
  for (const { event, timeout } of CODEX_HOOKS) argv.push('-c', `hooks.${event}=[{hooks=[{type="command",command=${command},timeout=${timeout}}]}]`);
  return argv;
}

/**
 * What the user's `$CODEX_HOME/config.toml` holds once they trusted lich's hooks on Codex's review
 * screen, as Codex 0.169.0 writes it (measured: the hashes of the real TUI's "Trust all and
 * continue"): per hook of {@link CODEX_HOOKS}, the table name under `hooks.state` —
 * `/<session-flags>/config.toml:<event in snake case>:0:0` (the layer, the event, the group and
 * the handler) — and its `trusted_hash`, `sha256:` + the hex SHA-256 of the compact JSON
 * `{"event_name":…,"hooks":[{"async":false,"command":…,"timeout":…,"type":"command"}]}`, keys
 * sorted. What lich passes on the command line is all that goes in, so the entries are the same
 * for every session and every install.
 */
export function codexHookTrust(): Array<{ key: string; trustedHash: string }> {
  return CODEX_HOOKS.map(({ event, timeout }) => {
    const name = event.replace(/(?<=[a-z])(?=[A-Z])/g, '_').toLowerCase();
    const canonical = JSON.stringify({ event_name: name, hooks: [{ async: false, command: CODEX_HOOK_COMMAND, timeout, type: 'command' }] });
    return { key: `/<session-flags>/config.toml:${name}:0:0`, trustedHash: `sha256:${createHash('sha256').update(canonical).digest('hex')}` };
  });
}
