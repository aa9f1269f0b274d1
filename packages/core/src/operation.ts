/**
 * What every operation module of core shares — the context it runs in ({@link LichContext} and
 * the seams it carries: {@link Machine}, {@link Launcher}), the surface whose words it uses
 * ({@link Surface}), the options of one run ({@link RunOptions}) and what a run produced
 * ({@link OperationRun}) — in a leaf module: it imports only types of modules that import no
 * operation, so operations.ts and every operation module (errands, cost, machine, native, theme,
 * workspace) can all depend on it without a circle (`npm run check`: dependency-cruiser's
 * no-circular rule).
 */
import type { LichError } from './errors.js';
import type { Env, RpcClient } from './rpc.js';
import type { DoctorReport, OperationInput, OperationName, OperationOutput, RageReport, RuntimeInfo } from './types.js';

/** Which surface the words are for: the CLI (whose output the opencode plugin's tools return), or `lich mcp`. */
export type Surface = 'cli' | 'mcp';

/**
 * Everything an operation touches outside its own memory, injected so that no module of core
 * reads `process.env` or opens a socket on its own: only the process entry that builds the context
 * touches the process, and tests replace single seams instead of reaching a real lich.
 * Build one with `createContext` (operations.ts); tests override single seams.
 */
export interface LichContext {
  /** Whose words a refusal uses (`--no-wait` vs `no_wait`). */
  surface: Surface;
  /** The caller's environment. `LICH_SESSION_ID` is the sender (`""` outside a session). */
  env: Env;
  rpc: RpcClient;
  /** Whether something accepts a TCP connection on 127.0.0.1:`port` (`lich quit`'s probe). */
  portListens(port: number): Promise<boolean>;
  /** Resolves after `ms` milliseconds; rejects with an AbortError when `signal` fires first. */
  sleep(ms: number, signal?: AbortSignal): Promise<void>;
  /** Milliseconds, monotonic enough for a deadline. */
  now(): number;
  /**
   * Reads the caller's stdin, at most `limitBytes` of it, as UTF-8: `lich insert` without a text
   * argument. Resolves `null` when there is nothing to read from — no stdin, or a terminal;
   * rejects with the stream's error. Absent on a surface that has no stdin to give (MCP).
   */
  readStdin?(limitBytes: number): Promise<string | null>;
  /**
   * Loads what reads this machine for `lich doctor` and `lich rage` (the backend's own checks),
   * on first use only. Absent on a surface that cannot run them (MCP, opencode).
   */
  machine?(): Promise<Machine>;
  /**
   * Reads the running instance's record (the runtime file of `env`) afresh on every call; `null`
   * when none is recorded. Rejects as `readRuntimeFile` does.
   */
  readRuntime(): Promise<RuntimeInfo | null>;
  /** Starts programs that outlive the command (`lich native`). Absent on a surface that starts none (MCP, opencode). */
  launcher?: Launcher;
}

/** Per-call options every operation takes. */
export interface RunOptions {
  /** Cancels the operation; it then rejects with an AbortError (`isAbortError`). */
  signal?: AbortSignal;
}

/**
 * What one run of an operation produced ({@link Outcome} is its deprecated alias). `failure` is
 * set only when the operation's main effect held and a later step did not — `open` whose
 * `--prompt` hand-off failed: the session exists and is printed, and the surface then fails with this error (spec/cli.md § lich open: "A --prompt
 * that never reached the session does not undo the open").
 */
export interface OperationRun<Op extends OperationName = OperationName> {
  op: Op;
  input: OperationInput<Op>;
  output: OperationOutput<Op>;
  /**
   * The calling session's lich id (`LICH_SESSION_ID`), `""` outside one; set by `runOperation`.
   * A pending result reads in its words: only a session is told at its prompt when the result
   * lands. Absent (an outcome built by hand), it reads as a session's.
   */
  from?: string;
  failure?: LichError;
  /**
   * An exit status the operation decides beyond its contract's outcomes (which know 0, 2 and 3):
   * `doctor`'s 1 when a check failed — its report is the output, printed in full, and there is
   * no `lich:` line for it (wire.md § 2).
   */
  exit?: 1;
}

/** @deprecated The old name of {@link OperationRun}; use that. */
export type Outcome<Op extends OperationName = OperationName> = OperationRun<Op>;

/** What both machine operations are told: the caller's environment and this build's version. */
export interface MachineOptions {
  /** The environment to read: XDG_* and HOME find the config and data directories, PATH the tools, LICH_LISTEN_PORT the port. */
  env: Env;
  /** This build's version, without a leading v (`dev` unstamped). */
  version: string;
  /** This lich's executable (the CLI's; `LICH_BIN`), when the surface has one: what ships beside it is looked for there. */
  bin?: string;
}

/** {@link Machine.rage}'s options. */
export interface RageOptions extends MachineOptions {
  /** `--output`: where the archive goes; `""` for `lich-rage-<YYYYMMDD-HHMMSS>.tar.gz` in the current directory. */
  output: string;
}

/**
 * The machine side of doctor and rage (implemented by `@lich/server`'s `doctor` and `rage`).
 * Neither throws for what it finds: a finding is a row or a line. `rage` throws an Error with a
 * one-line reason when the archive cannot be written (and leaves no half-written file).
 */
export interface Machine {
  /** Runs every check of spec/cli.md § lich doctor, in boot order. */
  doctor(o: MachineOptions): Promise<DoctorReport>;
  /** Writes the archive of spec/cli.md § lich rage and says where it went. */
  rage(o: RageOptions): Promise<RageReport>;
}

/** A program started detached, as {@link Launcher.start} reports it. */
export interface Started {
  pid: number;
  /**
   * Settles with how the program ended (`status 1`, `signal SIGKILL`) if it ends while this
   * process still runs; never rejects.
   */
  exited: Promise<string>;
}

/** How the CLI starts programs that outlive it (`processLauncher`, packages/cli/src/main.ts). */
export interface Launcher {
  /** This lich's executable, absolute (packages/cli/bin/lich.js): `lich-native` is looked up in its directory, and a backend is started as `<bin> --no-window`. */
  bin: string;
  /** Whether `path` is a regular file this user may execute. Never throws. */
  executable(path: string): Promise<boolean>;
  /**
   * Starts `command args` detached — a session of its own, stdio on /dev/null, not waited for —
   * with exactly `env`. Resolves once it runs; rejects with the spawn error (ENOENT, EACCES).
   */
  start(command: string, args: readonly string[], env: Env): Promise<Started>;
}

/**
 * One operation as the registry holds it (operations.ts `OPERATIONS`): how it runs and how its
 * outcome reads as prose. `run` resolves with the whole outcome; most operations only produce an
 * output, and the registry's `outputOnly` wraps them.
 */
export interface OperationEntry<Op extends OperationName> {
  /** Runs it; rejects with a `LichError` the user reads, or an AbortError when `opts.signal` fired. */
  run(ctx: LichContext, input: OperationInput<Op>, opts: RunOptions): Promise<OperationRun<Op>>;
  /** The prose of its outcome for `surface`, without a trailing newline (operations.ts `renderText`). */
  text(surface: Surface, outcome: OperationRun<Op>): string;
}

/** The registry's shape: one entry for every operation, so a missing one does not compile. */
export type OperationTable = { readonly [Op in OperationName]: OperationEntry<Op> };
