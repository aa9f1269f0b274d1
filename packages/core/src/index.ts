/**
 * @lich/core — what every surface (CLI, `lich mcp`, the opencode plugin) and plugin author
 * builds on: coordinates, the RPC client, the operations, their wording, errors and the typed
 * CLI runner. No framework imports; every effect comes through a {@link LichContext}.
 *
 * Typical surface use:
 *
 * ```ts
 * const ctx = createContext({ surface: 'mcp', env: process.env });
 * // The input is the contract's (generated/types.ts `SendInput`): every field, defaults spelled out.
 * const input = { target: 'docs', project: '', prompt: 'run the tests', timeoutSeconds: 0, private: false };
 * const outcome = await runOperation(ctx, 'send', input, { signal });
 * const { text, isError } = renderMcp(outcome);
 * ```
 *
 * The package's entry point `@lich/core` (docs/PUBLIC-API.md decides what of it is stable).
 *
 * @module \@lich/core
 */
export { VERSION } from './version.js';
export { LichError, LichTransportError, isAbortError, abortError, oneLine } from './errors.js';
export { nativeModuleFailure } from './native-module.js';
export { goQuote } from './quote.js';
export {
  type Coordinates,
  type Env,
  type ReadFile,
  NO_LICH_RUNNING,
  mcpNoLichText,
  type NoLichCause,
  readRuntimeFile,
  resolveCoordinates,
  runtimeFilePath,
  unreachableText,
  jsonLine,
  type CallOptions,
  type HttpRpcClientOptions,
  type RpcClient,
  type RpcOptions,
  type RpcResult,
  createHttpRpcClient,
  maskToken,
} from './rpc.js';
// Where lich keeps its files: one rule for the CLI and the backend (dirs.ts).
export { homeDir, lichConfigDir, lichDataDir, type PasswdHome } from './dirs.js';
export {
  DELIVER_WAIT_SECONDS,
  OPEN_CALL_MS,
  QUIT_POLL_MS,
  QUIT_WAIT_MS,
  SHORT_CALL_MS,
  VERSION_CALL_MS,
  ASK_CALL_MS,
  CONTROL_CALL_MS,
} from './timeouts.js';
// Errands (send, wait, reply): their wait rule, their runs and their words, in errands.ts.
export {
  CALL_SLACK_SECONDS,
  DEFAULT_WAIT_SECONDS,
  MAX_WAIT_SECONDS,
  waitBudgetMs,
  waitSeconds,
  send,
  wait,
  reply,
  ANSWER_SENT,
  NOTHING_TO_COLLECT,
  collectText,
  isCollected,
  noWaitWithTicketText,
  privateWithoutPromptText,
  resultText,
} from './errands.js';
export type { Surface } from './operation.js';
export {
  type ContextOptions,
  type LichContext,
  createContext,
  portListens,
  type OperationEntry,
  type OperationTable,
  type OperationRun,
  type Outcome,
  type RunOptions,
  OPERATION_NAMES,
  OPERATIONS,
  ask,
  close,
  control,
  open,
  quit,
  runOperation,
  sessions,
  version,
  whoami,
  worktrees,
  renderJson,
  renderMcp,
  renderText,
} from './operations.js';
export {
  type ControlAction,
  ASK_WAIT_SECONDS,
  COMMAND_WAIT_SECONDS,
  CONTROL_ACTIONS,
  CONTROL_WAIT_SECONDS,
  EFFORT_LEVELS,
  QUESTION_LIMIT,
  askRefusal,
  commandName,
  controlRefusal,
  controlWaitSeconds,
  isControlAction,
} from './control.js';
export {
  NO_OTHER_SESSIONS,
  answeredText,
  controlledText,
  NO_WORKTREES,
  QUIT_DONE,
  closeText,
  handOffFailureText,
  openText,
  openedText,
  quitFailedText,
  sessionsText,
  versionText,
  whoamiText,
  worktreesText,
} from './wording.js';
export { type LichExitKind, type LichOutcome, type LichRun, type RunLichOptions, type ToolRun, RESULT_EXIT_CODES, outcomeOf, runLich, toolRunner } from './runner.js';
export {
  INSERT_DEFAULT_WAIT_SECONDS,
  colorFolder,
  file,
  focus,
  folders,
  insert,
  insertBudgetMs,
  rename,
  renameFolder,
} from './workspace.js';
export {
  INSERT_LIMIT,
  INSERT_NO_TARGET,
  INSERT_NOTHING_TO_READ,
  INSERT_OVER_READ_LIMIT,
  INSERT_READ_LIMIT,
  NO_FOLDERS,
  NO_WINDOW_TO_RAISE,
  coloredText,
  filedText,
  focusedText,
  foldersText,
  insertReadFailedText,
  insertRefusal,
  insertedText,
  refiledText,
  renamedText,
  sanitizeInsert,
} from './workspace-wording.js';
export { type Machine, type MachineOptions, type RageOptions, NO_MACHINE, doctor, rage } from './machine.js';
export { DOCTOR_CLEAN, RAGE_READ_IT, doctorClosing, doctorRow, doctorText, doctorTime, lichVersion, rageText } from './machine-wording.js';
export { type Launcher, type Started, NATIVE_PROGRAM, NATIVE_START_MS, NO_LAUNCHER, findNative, native, nativeText } from './native.js';
export type { DoctorCheck, DoctorInput, DoctorReport, RageInput, RageReport } from './types.js';
export type {
  Answered,
  AskInput,
  ControlInput,
  Controlled,
  ColorFolderInput,
  Colored,
  FileInput,
  Filed,
  FocusInput,
  Focused,
  Folder,
  FoldersInput,
  Inserted,
  InsertInput,
  Refiled,
  RenameFolderInput,
  Renamed,
  RenameInput,
} from './types.js';
export type {
  Checkout,
  Closed,
  CloseInput,
  Collected,
  Opened,
  OpenInput,
  OperationInput,
  OperationName,
  OperationOutput,
  Operations,
  Peer,
  ReplyInput,
  Result,
  ResultStatus,
  RuntimeInfo,
  SendInput,
  Session,
  SessionsInput,
  VersionInput,
  VersionReport,
  WaitInput,
  WhoamiInput,
  WorktreesInput,
  QuitInput,
} from './types.js';

export { cost, parseGoDuration, parseWindow, sinceSeconds } from './cost.js';
export {
  COST_COMPLETE,
  JSON_AND_CSV,
  NO_SESSIONS_MATCHED,
  READOUT_OFF,
  READOUT_SETTING_HERE,
  costCsv,
  costOutputText,
  costSinceRefusal,
  costText,
  goFixed,
  lowerBoundText,
  priceSplitText,
} from './cost-wording.js';
export { theme } from './theme.js';
export { THEME_HEADER, themeRefusal, themeSwitchedText, themesText } from './theme-wording.js';
export type { CostInput, CostReport, CostTotal, CostTotalSource, Theme, ThemeInput, ThemeSwitched } from './types.js';

// ---- The typed mod client and the plugin reporters, for plugin authors (packages/core/src/mod;
// spec/mod-control.md, wire.md § 11): the whole of @lich/core/mod, re-exported rather than listed
// again, so the two entry points cannot drift. Kept as the last block of this file.
export * from './mod/index.js';
