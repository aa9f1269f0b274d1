/**
 * The objects the RPC wire carries and the operations return (docs/architecture.md § The RPC
 * wire; spec/cli.md; wire.md § 6), and the operations' inputs. A `--json` line is one of these
 * objects, serialized as it came.
 */

import type { Checkout, Closed, Collected, Opened, Peer, Result, VersionReport } from '@lich/generated/types';
import type { Colored, Filed, Focused, Folder, Inserted, Refiled, Renamed } from '@lich/generated/types';
import type { Answered, Controlled } from '@lich/generated/types';
import type { NativeOutput } from '@lich/generated/types';
import type { CostReport, Theme, ThemeSwitched } from '@lich/generated/types';
import type { DoctorReport, RageReport } from '@lich/generated/types';

// The objects are the contract's own (contracts/objects, generated): what the wire carries is
// what core returns, with no second spelling of a field to drift.
export type { Colored, Filed, Focused, Folder, Inserted, Refiled, Renamed } from '@lich/generated/types';
export type { Answered, Controlled } from '@lich/generated/types';
export type { NativeOutput } from '@lich/generated/types';
export type { CostReport, CostTotal, CostTotalSource, Theme, ThemeSwitched } from '@lich/generated/types';
export type { DoctorCheck, DoctorReport, RageReport } from '@lich/generated/types';
export type {
  Checkout,
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

/** spec/cli.md § lich open: every field as contracts/operations/open.json names it. */
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
  /**
   * Open it as the calling session's subagent (`spawn.OpenSubagent`, then `relay.SendSubagent`);
   * needs `prompt` and a calling session, refuses `project`, `folder` and `private`. CLI only.
   */
  subagent?: boolean;
}

/** spec/cli.md § lich close. */
export interface CloseInput {
  /** The session: its lich id, label or roster name. */
  target: string;
  project?: string;
  /** `keep` or `remove`; required when this is its worktree's last session, ignored otherwise. */
  worktree?: string;
  force?: boolean;
}

/** spec/cli.md § lich worktrees. */
export interface WorktreesInput {
  /** Project name or absolute directory (which only narrows); `""` or absent: the caller's own. */
  project?: string;
}

export type VersionInput = Record<string, never>;
export type QuitInput = Record<string, never>;

/** spec/cli.md § lich rename. */
export interface RenameInput {
  /** The session: its lich id, label or roster name; `""` or absent for the calling session. */
  target?: string;
  project?: string;
  /** The new label. */
  label: string;
}

/** spec/cli.md § lich folders. */
export interface FoldersInput {
  /** Project name or absolute directory; `""` or absent for the calling session's own. */
  project?: string;
}

/** spec/cli.md § lich file. */
export interface FileInput {
  /** The session: its lich id, label or roster name; `""` or absent for the calling session. */
  target?: string;
  project?: string;
  /** The folder, matched exactly; `""` takes the session out of its folder. */
  folder: string;
}

/** spec/cli.md § lich rename-folder. */
export interface RenameFolderInput {
  project?: string;
  /** The folder to rename, matched exactly. */
  folder: string;
  /** Its new name; `""` takes the folder apart. */
  to: string;
}

/** spec/cli.md § lich color-folder. */
export interface ColorFolderInput {
  project?: string;
  folder: string;
  /** red, orange, amber, green, teal, blue, violet or pink; `""` clears. */
  color: string;
}

/** spec/cli.md § lich insert. */
export interface InsertInput {
  /** The target: its lich id, label or roster name; `""` to pick the one live session in `project`. */
  session?: string;
  /** Project name or absolute directory: narrows `session`, or without one says where to look. */
  project?: string;
  /** The text; `""`, `"-"` or absent reads stdin (through the context's `readStdin`). */
  text?: string;
  /** Seconds to wait for the prompt; ≤ 0 or absent means 10. */
  timeoutSeconds?: number;
}

/** spec/cli.md § lich focus. */
export interface FocusInput {
  /** The session: its lich id, label or roster name. */
  target: string;
  project?: string;
}

/** spec/cli.md § lich control. */
export interface ControlInput {
  /** The session: its lich id, label or roster name. */
  target: string;
  project?: string;
  /** prompt, abort, model, effort or command. */
  action: string;
  /** The prompt, the model, the effort level or the slash command's name; `""` or absent for none. */
  value?: string;
  /** What follows a slash command's name; command only. */
  args?: string;
}

/** spec/cli.md § lich ask. */
export interface AskInput {
  /** The session: its lich id, label or roster name. */
  target: string;
  project?: string;
  /** The question, at most 8192 bytes. */
  question: string;
}

export type DoctorInput = Record<string, never>;

/** spec/cli.md § lich rage. */
export interface RageInput {
  /** Where the archive goes; `""` or absent: `lich-rage-<YYYYMMDD-HHMMSS>.tar.gz` in the current directory. */
  output?: string;
}

/** spec/cli.md § lich cost. */
export interface CostInput {
  /** One project, by name (case-insensitive); `""` or absent for every project. */
  project?: string;
  /** One session kind; `""` or absent for every kind. */
  provider?: string;
  /** A window back from now (`7d`, `24h`, `90m`); `""` or absent for no bound. */
  since?: string;
  /** Print the report as one JSON line; refused with `csv`. */
  json?: boolean;
  /** Print the per-project rows as CSV; refused with `json`. */
  csv?: boolean;
}

/** spec/cli.md § lich theme. */
export interface ThemeInput {
  /** `list` or `switch`. */
  action: string;
  /** The theme to switch to; switch only. */
  theme?: string;
}

/** spec/cli.md § lich native: no arguments. */
export type NativeInput = Record<string, never>;

/** Every operation core runs, with its input and output (docs/architecture.md § Operations). */
export interface Operations {
  sessions: { input: SessionsInput; output: Peer[] };
  whoami: { input: WhoamiInput; output: Peer };
  send: { input: SendInput; output: Result };
  wait: { input: WaitInput; output: Result | Collected };
  reply: { input: ReplyInput; output: null };
  open: { input: OpenInput; output: Opened };
  close: { input: CloseInput; output: Closed };
  worktrees: { input: WorktreesInput; output: Checkout[] };
  version: { input: VersionInput; output: VersionReport };
  quit: { input: QuitInput; output: null };
  rename: { input: RenameInput; output: Renamed };
  folders: { input: FoldersInput; output: Folder[] };
  file: { input: FileInput; output: Filed };
  renameFolder: { input: RenameFolderInput; output: Refiled };
  colorFolder: { input: ColorFolderInput; output: Colored };
  insert: { input: InsertInput; output: Inserted };
  focus: { input: FocusInput; output: Focused };
  control: { input: ControlInput; output: Controlled };
  ask: { input: AskInput; output: Answered };
  cost: { input: CostInput; output: CostReport };
  theme: { input: ThemeInput; output: Theme[] | ThemeSwitched };
  doctor: { input: DoctorInput; output: DoctorReport };
  rage: { input: RageInput; output: RageReport };
  native: { input: NativeInput; output: NativeOutput };
}

export type OperationName = keyof Operations;
export type OperationInput<Op extends OperationName> = Operations[Op]['input'];
export type OperationOutput<Op extends OperationName> = Operations[Op]['output'];
