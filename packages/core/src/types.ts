/**
 * The objects the RPC wire carries and the operations return (docs/architecture.md § The RPC
 * wire; spec/cli.md; wire.md § 6), and the operations' inputs. A `--json` line is one of these
 * objects, serialized as it came.
 */

import type { Closed, Collected, Opened, Peer, Result, VersionReport } from '@lich/generated/types';

// The objects are the contract's own (contracts/objects, generated): what the wire carries is
// what core returns, with no second spelling of a field to drift.
export type {
  Closed,
  Collected,
  Opened,
  Peer,
  Result,
  ResultStatus,
  RuntimeInfo,
  Session,
  VersionReport,
} from '@lich/generated/types';

/**
 * Operation inputs (contracts/operations/<op>.json `input`): camelCase, and every field optional
 * here with the contract's default (`""`, `0`, `false`), so the generated `<Op>Input` types —
 * where every field is present — are accepted as they are, and a plugin author may leave out
 * what they do not use.
 */
export type SessionsInput = Record<string, never>;
export type WhoamiInput = Record<string, never>;

/** spec/cli.md § lich send. */
export interface SendInput {
  /** The session: its lich id, label or roster name. */
  target: string;
  prompt: string;
  project?: string;
  /** Seconds; ≤ 0 or absent means the default 100 s, above 1800 capped. */
  timeoutSeconds?: number;
  private?: boolean;
}

/** spec/cli.md § lich wait. */
export interface WaitInput {
  ticket?: string;
  timeoutSeconds?: number;
  /** Collect what is ready without holding the line; takes no ticket. */
  noWait?: boolean;
}

/** spec/cli.md § lich reply. */
export interface ReplyInput {
  /** `""` or absent: the one request open against the calling session. */
  ticket?: string;
  answer: string;
}

/**
 * spec/cli.md § lich open. `worktree`, `base`, `effort` and `ultracode` reach `spawn.Open` but no
 * surface of this build sets them yet (contracts/operations/open.json).
 */
export interface OpenInput {
  project?: string;
  kind?: string;
  worktree?: string;
  base?: string;
  model?: string;
  effort?: string;
  ultracode?: boolean;
  folder?: string;
  /** The task handed over once the session is up (a send with a fixed 20 s wait). */
  prompt?: string;
  /** Hand the task over as `send --private` does; refused without `prompt`. */
  private?: boolean;
}

/** spec/cli.md § lich close. */
export interface CloseInput {
  /** The session: its lich id, label or roster name. */
  target: string;
  project?: string;
  /** `keep` or `remove`; required when this is the checkout's last session (no CLI flag yet). */
  worktree?: string;
  force?: boolean;
}

export type VersionInput = Record<string, never>;
export type QuitInput = Record<string, never>;

/** Every operation core runs, with its input and output (docs/architecture.md § Operations). */
export interface Operations {
  sessions: { input: SessionsInput; output: Peer[] };
  whoami: { input: WhoamiInput; output: Peer };
  send: { input: SendInput; output: Result };
  wait: { input: WaitInput; output: Result | Collected };
  reply: { input: ReplyInput; output: null };
  open: { input: OpenInput; output: Opened };
  close: { input: CloseInput; output: Closed };
  version: { input: VersionInput; output: VersionReport };
  quit: { input: QuitInput; output: null };
}

export type OperationName = keyof Operations;
export type OperationInput<Op extends OperationName> = Operations[Op]['input'];
export type OperationOutput<Op extends OperationName> = Operations[Op]['output'];
