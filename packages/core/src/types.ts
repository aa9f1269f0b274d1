/**
 * The objects the RPC wire carries and the operations return, and the operations' inputs and
 * outputs: every one is the contract's own type, generated from contracts/ (generated/types.ts;
 * docs/architecture.md § The RPC wire; spec/cli.md; wire.md § 6). Nothing here is written by
 * hand, so a field the contract adds or drops moves core's types with it, and code that does not
 * follow fails to type-check (`npm run check`).
 *
 * An operation's input has every field present: the surfaces fill the contract's defaults
 * (`""`, `0`, `false`) — the CLI's and MCP's generated `toInput`, opencode's argv — before core
 * sees it.
 */
import type { OperationTypes } from '@lich/generated/types';

export type {
  Answered,
  Checkout,
  Closed,
  Collected,
  Colored,
  Controlled,
  CostReport,
  CostTotal,
  CostTotalSource,
  DoctorCheck,
  DoctorReport,
  Filed,
  Focused,
  Folder,
  Inserted,
  NativeOutput,
  Opened,
  Peer,
  RageReport,
  Refiled,
  Renamed,
  Result,
  ResultStatus,
  RuntimeInfo,
  Session,
  Theme,
  ThemeSwitched,
  VersionReport,
} from '@lich/generated/types';
export type {
  AskInput,
  CloseInput,
  ColorFolderInput,
  ControlInput,
  CostInput,
  DoctorInput,
  FileInput,
  FocusInput,
  FoldersInput,
  InsertInput,
  NativeInput,
  OpenInput,
  QuitInput,
  RageInput,
  RenameFolderInput,
  RenameInput,
  ReplyInput,
  SendInput,
  SessionsInput,
  ThemeInput,
  VersionInput,
  WaitInput,
  WhoamiInput,
  WorktreesInput,
} from '@lich/generated/types';

/**
 * Every operation core runs, with its input and output (docs/architecture.md § Operations): the
 * contract's operations but `help`, which the CLI answers itself.
 */
export type Operations = Omit<OperationTypes, 'help'>;
export type OperationName = keyof Operations;
export type OperationInput<Op extends OperationName> = Operations[Op]['input'];
export type OperationOutput<Op extends OperationName> = Operations[Op]['output'];
