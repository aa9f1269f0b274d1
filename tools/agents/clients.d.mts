// Types of clients.mjs.
export interface Client {
  pkg: string;
  version: string;
  dir: string;
  bin: string;
  name: string;
  /** What else is installed beside it (`<pkg>@<version>`): bun for omp. */
  with?: readonly string[];
}
export const CLIENTS: Readonly<Record<'claude' | 'opencode' | 'codex' | 'omp', Client>>;
export const KINDS: readonly ('claude' | 'opencode' | 'codex' | 'omp')[];
export function cacheRoot(env?: NodeJS.ProcessEnv): string;
export function binaryPath(kind: string, env?: NodeJS.ProcessEnv): string;
export function installedVersion(kind: string, env?: NodeJS.ProcessEnv): string | null;
export function isInstalled(kind: string, env?: NodeJS.ProcessEnv): boolean;
export function allInstalled(kinds?: readonly string[], env?: NodeJS.ProcessEnv): boolean;
export class InstallError extends Error {
  reason: 'unreachable' | 'failed';
}
export function ensureInstalled(
  kinds?: readonly string[],
  o?: { log?: (line: string) => void; env?: NodeJS.ProcessEnv },
): Promise<{ kind: string; installed: boolean; ms: number }[]>;
