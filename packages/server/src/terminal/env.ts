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
}

/** The variables a session must not inherit from whatever started the backend. */
const INHERITED_DROPS = ['LICH_SUBAGENT_CARDS', 'LICH_SUBAGENT_DEPTH'];

/** From this depth on a `--subagent` worker keeps its own subagents inside its CLI (spec/cli.md § lich open, --subagent). */
export const SUBAGENT_CARDS_OFF_DEPTH = 2;

/**
 * The PTY environment: the backend's own, then the provider's extra variables, then lich's
 * (which win, so a provider definition cannot point a session at another lich).
 *
 * `subagentDepth` is the session row's (`SessionRow.subagentDepth`): above 0 — a `lich open
 * --subagent` worker — it is exported as `LICH_SUBAGENT_DEPTH`, on every start of that session,
 * a resume included; from depth 2 (a card a card opened) `LICH_SUBAGENT_CARDS=off` goes with it
 * (spec/cli.md § lich open, --subagent; wire.md § 12.2).
 */
export function sessionEnv(
  base: NodeJS.ProcessEnv,
  providerEnv: Record<string, string>,
  o: Coordinates & { sessionId: string; projectDir: string; worktreePort: number; subagentDepth?: number },
): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [k, v] of Object.entries(base)) if (v !== undefined) env[k] = v;
  for (const k of INHERITED_DROPS) delete env[k];
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
  const depth = o.subagentDepth ?? 0;
  if (depth > 0) {
    env.LICH_SUBAGENT_DEPTH = String(depth);
    if (depth >= SUBAGENT_CARDS_OFF_DEPTH) env.LICH_SUBAGENT_CARDS = 'off';
  }
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
