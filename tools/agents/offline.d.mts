// Types of offline.mjs.
export const FAKE_KEY: string;
export interface Offline {
  kind: string;
  /** Holds the wrapper: first on the backend's PATH. */
  binDir: string;
  home: string;
  /** What the wrapper exports. */
  env: Record<string, string>;
  /** One `<LICH_SESSION_ID>-<pid>.env` per start. */
  envDir: string;
  wrapper: string;
  /** The real binary the wrapper execs. */
  real: string;
}
export function prepareOffline(
  kind: 'claude' | 'opencode' | 'codex' | 'omp',
  o: {
    root: string;
    fakeUrl: string;
    trust?: string[];
    /** codex: hooks trusted up front, as Codex's "Trust all and continue" records them. */
    trustedHooks?: Array<{ key: string; trustedHash: string }>;
    env?: Record<string, string>;
    startDelaySeconds?: number;
    trustStarts?: boolean;
    firstRun?: boolean;
  },
): Offline;
export function skipOpencodeInstall(dir: string): void;
export function sessionEnvs(prepared: Offline, sessionId?: string): { session: string; pid: number; env: Record<string, string> }[];
export function stopCodexDaemons(prepared: Offline): number[];
