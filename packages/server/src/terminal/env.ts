/**
 * The environment every session's PTY is started with (wire.md § 12.2, spec/cli.md § Transport)
 * and the per-checkout dev port behind `LICH_WORKTREE_PORT`.
 */
import { createServer } from 'node:net';
import { resolve } from 'node:path';
import { promptLang } from '@lich/core/i18n/prompts';

/** Coordinates of this backend, exported into each session. */
export interface Coordinates {
  /** Listener port (decimal in the environment). */
  port: number;
  token: string;
  /** Absolute path of the lich CLI (`LICH_BIN`). */
  bin: string;
  /**
   * The backend's process id (`LICH_PID`): what a client in the session checks holds the port
   * before it sends the token there (core's lich-process.ts). Absent: not exported.
   */
  pid?: number;
}

/**
 * Every variable lich exports into a session (wire.md § 12.2), in that table's order: what a
 * process the provider starts with a cleared environment must be handed by name (Codex's MCP
 * servers: providers.ts `codexConfig`). The subagent pair is set only for a `--subagent` worker.
 */
export const SESSION_VARIABLES: readonly string[] = [
  'LICH_PORT',
  'LICH_TOKEN',
  'LICH_SESSION_ID',
  'LICH_BIN',
  'LICH_PROJECT_DIR',
  'LICH_WORKTREE_PORT',
  'LICH_PROMPT_LANG',
  'LICH_SUBAGENT_CARDS',
  'LICH_SUBAGENT_DEPTH',
  'LICH_PID',
  // Set by the confinement (sandbox/plan.ts), not here; listed so Codex passes it on too.
  'LICH_PROC',
];

/**
 * The variables a session must not inherit from whatever started the backend (a lich started
 * inside a session): each is set per session where it applies — `LICH_CODEX_HOOK` by a Codex
 * start that registers lich's hooks (providers/start.ts `startEnv`).
 */
const INHERITED_DROPS = ['LICH_SUBAGENT_CARDS', 'LICH_SUBAGENT_DEPTH', 'LICH_PID', 'LICH_PROC', 'LICH_CODEX_HOOK'];

/**
 * What a coding agent exports to the commands its shell tool runs (and to its MCP servers and
 * hooks), naming the agent process and its conversation: a lich backend started from inside one
 * of them (`lich --no-window` or `lich native` run by an agent) would otherwise hand them to every
 * session it opens, and a provider started there takes itself for that agent's child. Claude Code
 * refuses or changes course on `CLAUDECODE` and `CLAUDE_CODE_CHILD_SESSION`, and the messaging
 * socket and token would point a nested Claude Code at its parent; Codex's sandbox variables
 * would tell a nested Codex its network is off. None of these is a setting a person makes.
 *
 * Measured on Claude Code 2.1.328, Codex 0.169.0 and opencode 1.18.33 by running `env` through
 * each one's shell tool (docs/architecture.md § Session environment), plus what their sources set
 * for MCP servers (Claude Code: `CLAUDE_PROJECT_DIR`, `CLAUDE_CODE_LAUNCHED_BY_SESSION_IDS`) and
 * for sandboxed commands (Codex: `CODEX_SANDBOX`, `CODEX_SANDBOX_NETWORK_DISABLED`).
 */
export const PARENT_AGENT_VARIABLES: readonly string[] = [
  // Claude Code
  'CLAUDECODE',
  'CLAUDE_CODE_ENTRYPOINT',
  'CLAUDE_CODE_SESSION_ID',
  'CLAUDE_CODE_CHILD_SESSION',
  'CLAUDE_CODE_CHILD_NOTES_DIR',
  'CLAUDE_CODE_SESSION_ATTENDED',
  'CLAUDE_CODE_EXECPATH',
  'CLAUDE_CODE_MESSAGING_SOCKET',
  'CLAUDE_CODE_MESSAGING_TOKEN',
  'CLAUDE_CODE_LAUNCHED_BY_SESSION_IDS',
  'CLAUDE_PROJECT_DIR',
  'CLAUDE_PID',
  'CLAUDE_EFFORT',
  'AI_AGENT',
  // Codex
  'CODEX_SESSION_ID',
  'CODEX_THREAD_ID',
  'CODEX_TOOL_CALL_ID',
  'CODEX_CI',
  'CODEX_VERSION',
  'CODEX_MANAGED_BY_NPM',
  'CODEX_MANAGED_PACKAGE_ROOT',
  'CODEX_APPLY_PATCH_PRESERVE_LINE_ENDINGS',
  'CODEX_SANDBOX',
  'CODEX_SANDBOX_NETWORK_DISABLED',
  // opencode
  'OPENCODE',
  'OPENCODE_PID',
];

/**
 * Settings an agent overrides for its shell tool only, dropped when that agent's own marker says
 * the backend was started there and the value is the one the agent sets: a person may set any of
 * them, but not to these values under that marker. Codex turns colour, pagers and the locale off
 * for its commands (`NO_COLOR=1` would leave every TUI a session runs colourless); Claude Code
 * sets `GIT_EDITOR=true`, which would make a `git commit` typed in a session skip the editor;
 * opencode sets `AGENT=1` beside its own `OPENCODE_PID`.
 */
const PARENT_AGENT_OVERRIDES: ReadonlyArray<{ marker: string; values: Readonly<Record<string, string>> }> = [
  { marker: 'CLAUDECODE', values: { GIT_EDITOR: 'true' } },
  {
    marker: 'CODEX_THREAD_ID',
    values: { NO_COLOR: '1', COLORTERM: '', PAGER: 'cat', GIT_PAGER: 'cat', GH_PAGER: 'cat', LC_ALL: 'C.UTF-8', LC_CTYPE: 'C.UTF-8' },
  },
  { marker: 'OPENCODE_PID', values: { AGENT: '1' } },
];

/**
 * `base` without what a parent coding agent put there ({@link PARENT_AGENT_VARIABLES}, and its
 * shell-only overrides where its marker is present). A new object; `base` is left alone.
 */
export function withoutParentAgent(base: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...base };
  for (const { marker, values } of PARENT_AGENT_OVERRIDES) {
    if (base[marker] === undefined) continue;
    for (const [k, v] of Object.entries(values)) if (env[k] === v) delete env[k];
  }
  for (const k of PARENT_AGENT_VARIABLES) delete env[k];
  return env;
}

/** From this depth on a `--subagent` worker keeps its own subagents inside its CLI (spec/cli.md § lich open, --subagent). */
export const SUBAGENT_CARDS_OFF_DEPTH = 2;

/**
 * The PTY environment: the backend's own — without what a parent coding agent exported into it
 * ({@link withoutParentAgent}) — then the provider's extra variables, then lich's (which win, so
 * a provider definition cannot point a session at another lich).
 *
 * `subagentDepth` is the session row's (`SessionRow.subagentDepth`): above 0 — a `lich open
 * --subagent` worker — it is exported as `LICH_SUBAGENT_DEPTH`, on every start of that session,
 * a resume included; from depth 2 (a card a card opened) `LICH_SUBAGENT_CARDS=off` goes with it
 * (spec/cli.md § lich open, --subagent; wire.md § 12.2). `subagentCards: false` (the user's
 * settings.json) puts `LICH_SUBAGENT_CARDS=off` into every session, at any depth. `tmpdir`, the
 * session's own temporary directory, is its `TMPDIR` (under the provider's variables).
 */
export function sessionEnv(
  base: NodeJS.ProcessEnv,
  providerEnv: Record<string, string>,
  o: Coordinates & { sessionId: string; projectDir: string; worktreePort: number; subagentDepth?: number; subagentCards?: boolean; tmpdir?: string },
): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [k, v] of Object.entries(withoutParentAgent(base))) if (v !== undefined) env[k] = v;
  for (const k of INHERITED_DROPS) delete env[k];
  // The session's own temporary directory (spawn/session-temp.ts), over the backend's; a provider
  // that names a TMPDIR of its own keeps it.
  if (o.tmpdir) env.TMPDIR = o.tmpdir;
  Object.assign(env, providerEnv);
  Object.assign(env, {
    LICH_PORT: String(o.port),
    LICH_TOKEN: o.token,
    LICH_SESSION_ID: o.sessionId,
    LICH_BIN: o.bin,
    LICH_PROJECT_DIR: o.projectDir,
    LICH_WORKTREE_PORT: String(o.worktreePort),
    // The backend's own language, normalised: what it types at the session and what that
    // session's `lich mcp` says then agree (unknown or unset is `en`).
    LICH_PROMPT_LANG: promptLang(base.LICH_PROMPT_LANG),
  });
  if (o.pid !== undefined) env.LICH_PID = String(o.pid);
  const depth = o.subagentDepth ?? 0;
  if (depth > 0) {
    env.LICH_SUBAGENT_DEPTH = String(depth);
    if (depth >= SUBAGENT_CARDS_OFF_DEPTH) env.LICH_SUBAGENT_CARDS = 'off';
  }
  if (o.subagentCards === false) env.LICH_SUBAGENT_CARDS = 'off';
  return env;
}

/** FNV-32a over the UTF-8 bytes of `s`. */
export function fnv32a(s: string): number {
  let h = 0x811c9dc5;
  for (const b of Buffer.from(s, 'utf8')) {
    h ^= b;
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h >>> 0;
}

export const WORKTREE_PORT_BASE = 24000;
export const WORKTREE_PORT_SPAN = 1000;

/** The first port a checkout is offered: FNV-32a of the cleaned path, mod 1000, + 24000. */
export function preferredWorktreePort(path: string): number {
  return WORKTREE_PORT_BASE + (fnv32a(resolve(path)) % WORKTREE_PORT_SPAN);
}

/**
 * Hands each checkout its dev port (`LICH_WORKTREE_PORT`): the preferred port, else the next
 * one (wrapping within 24000–24999) that no other checkout of this backend holds and that can
 * be bound on loopback right now. Sessions sharing a checkout share its port. Binding proves the
 * port free for an instant only, exactly like the original's reservation.
 */
export class WorktreePorts {
  private readonly byPath = new Map<string, { port: number; holders: Set<string> }>();
  private readonly bySession = new Map<string, string>();

  /** The port for `path`, reserved for `sessionId` until {@link release}. */
  async acquire(path: string, sessionId: string): Promise<number> {
    const key = resolve(path);
    const held = this.byPath.get(key);
    if (held) {
      held.holders.add(sessionId);
      this.bySession.set(sessionId, key);
      return held.port;
    }
    const start = preferredWorktreePort(key);
    const taken = new Set([...this.byPath.values()].map((r) => r.port));
    let port = start;
    for (let i = 0; i < WORKTREE_PORT_SPAN; i++) {
      const p = WORKTREE_PORT_BASE + ((start - WORKTREE_PORT_BASE + i) % WORKTREE_PORT_SPAN);
      if (!taken.has(p) && (await canBind(p))) {
        port = p;
        break;
      }
    }
    // A second acquire for the same path may have finished while this one probed.
    const again = this.byPath.get(key);
    if (again) {
      again.holders.add(sessionId);
      this.bySession.set(sessionId, key);
      return again.port;
    }
    this.byPath.set(key, { port, holders: new Set([sessionId]) });
    this.bySession.set(sessionId, key);
    return port;
  }

  /** Lets go of `sessionId`'s hold; the checkout's port is free once nobody holds it. */
  release(sessionId: string): void {
    const key = this.bySession.get(sessionId);
    if (key === undefined) return;
    this.bySession.delete(sessionId);
    const r = this.byPath.get(key);
    if (!r) return;
    r.holders.delete(sessionId);
    if (r.holders.size === 0) this.byPath.delete(key);
  }
}

function canBind(port: number): Promise<boolean> {
  return new Promise((done) => {
    const srv = createServer();
    srv.once('error', () => done(false));
    srv.listen({ host: '127.0.0.1', port, exclusive: true }, () => srv.close(() => done(true)));
  });
}
