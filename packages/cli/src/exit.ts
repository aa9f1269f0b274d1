/**
 * The CLI's exit statuses and its one exit funnel (spec/cli.md § Commands): where a run's status is
 * decided and where the `lich: …` line of a failure is printed — nowhere else in the CLI's bundle
 * (bin/lich.js has its own lines, for a bundle that is missing or will not load, before any of
 * this exists).
 *
 * - 0, 2 and 3 are outcomes: the operation's `exit` when it names one, else the contract's outcome
 *   table (core's `exitCode`, reading `outcomes` of generated/contracts.ts) — {@link outcomeStatus};
 * - every failure — a refusal, an RPC error, a parse or usage error, a bug — is exactly one
 *   `lich: …` line on stderr and exit 1, never a stack trace — {@link funnel}, {@link sayFailure}.
 *
 * main.ts runs each `lich` run through {@link funnel} once; nothing under it catches a failure to
 * print it.
 */
import { isAbortError, LichError, nativeModuleFailure, oneLine, type OperationRun } from '@lich/core';
import { exitCode } from '@lich/core/contract-tables';

/** Something text is written to (process.stdout in the process entry, a buffer in tests). */
export interface Sink {
  write(text: string): unknown;
}

/** The status of a run that printed what was asked (help, a version, an outcome of status 0). */
export const SUCCESS = 0;
/** The status of every failure. */
export const FAILURE = 1;

/**
 * The exit status of an operation's outcome: its own `exit` when it names one (an operation
 * whose status is not a function of its output alone), else the contract's outcome table.
 * A failed outcome is not asked here: its `failure` is thrown into {@link funnel}.
 */
export function outcomeStatus(op: string, outcome: OperationRun<any>): number {
  return outcome.exit ?? exitCode(op as never, outcome.output as never);
}

/**
 * The message of the `lich:` line for `error`: lich's own prose as the spec words it (a
 * {@link LichError}: a refusal, an RPC error, a parse or usage error); a cancelled run as
 * `cancelled`; a native module built for another node as what to do about it; anything else (a
 * bug, a Node error) folded onto one line.
 */
export function failureMessage(error: unknown): string {
  if (error instanceof LichError) return error.message;
  if (isAbortError(error)) return 'cancelled';
  return nativeModuleFailure(error) ?? oneLine(error instanceof Error ? error.message : String(error));
}

/** Prints the one `lich: …` line of a failure on `stderr` and returns the failure status. */
export function sayFailure(stderr: Sink, message: string): number {
  stderr.write(`lich: ${message}\n`);
  return FAILURE;
}

/**
 * Runs `body` and resolves with its exit status; whatever it throws becomes the one `lich: …`
 * line and exit 1. Never rejects.
 */
export async function funnel(stderr: Sink, body: () => Promise<number>): Promise<number> {
  try {
    return await body();
  } catch (error) {
    return sayFailure(stderr, failureMessage(error));
  }
}
