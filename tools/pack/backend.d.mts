// Types of backend.mjs (the global lich at work, for the pack-and-install check).
import type { ChildProcess } from 'node:child_process';

export function lichEnv(bin: string, home: string): NodeJS.ProcessEnv & { XDG_CONFIG_HOME: string };
export function writeAgent(env: NodeJS.ProcessEnv, o: { agentDir: string; project: string }): Promise<void>;
export interface Backend {
  child: ChildProcess;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  line: string;
  info: { port: number; token: string; [k: string]: unknown };
  sessions: Record<string, { id: string; label: string; [k: string]: unknown }>;
  env: NodeJS.ProcessEnv;
  bin: string;
}
export function startBackend(bin: string, env: NodeJS.ProcessEnv): Promise<Backend>;
export function stopBackend(b: Backend): Promise<void>;
export function answerSend(backend: Backend, o: { project: string; names?: string[] }): Promise<{ exit: number; stdout: string; ms: number }>;
export function mcpTools(bin: string, env: NodeJS.ProcessEnv): Promise<string[]>;
