// Types of send-path.mjs (the measured client side of `lich send`; docs/how-a-command-flows.md).
export const ROOT: string;
export interface TracedSend {
  /** The backend the send ran against, in words. */
  backend: string;
  /** The traced `lich send`'s exit status and output. */
  send: { code: number | null; stdout: string; stderr: string };
  /** Source file (relative to the repository) → the functions of it that ran (`name:line ×count`), in first-run order. */
  files: Map<string, string[]>;
  /** The repository's files bundled on the path that only declare (no function ran, no top-level call). */
  loadOnly: string[];
}
export function buildTraced(): Promise<string>;
export function runTraced(dir: string, args: string[], env: Record<string, string>): Promise<{ code: number | null; stdout: string; stderr: string; result: unknown[] }>;
export function mapCoverage(dir: string, result: unknown[]): { files: Map<string, string[]>; loadOnly: string[] };
export function topLevelWork(file: string): string[];
export function isRepoSource(file: string): boolean;
export function traceSend(o?: { prompt?: string }): Promise<TracedSend>;
export function report(traced: TracedSend): string;
