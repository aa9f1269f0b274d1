// Types of lib.mjs (the pack-and-install check's parts; docs/packaging.md).
import type * as TS from 'typescript';

export const root: string;
export interface PublicPackage {
  key: 'core' | 'cli' | 'opencode-plugin' | 'claude-plugin';
  dir: string;
  name: string;
}
export const PUBLIC_PACKAGES: readonly PublicPackage[];
export const OPTIONAL_IMPORTS: Readonly<Record<string, string>>;

export class CheckFailed extends Error {}
export function fail(why: string): never;
export type Break = 'type' | 'file' | 'send';
export const BREAKS: Readonly<Record<Break, 'core' | 'cli'>>;
export function breakPackage(what: Break, pkgDir: string): void;

export interface Ran {
  code: number;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
  ms: number;
}
export function run(cmd: string, args: readonly string[], o?: { cwd?: string; env?: NodeJS.ProcessEnv; input?: string; timeoutMs?: number }): Promise<Ran>;
export function npmJson(stdout: string): any;

export interface Packed {
  name: string;
  version: string;
  file: string;
  size: number;
  unpackedSize: number;
  entryCount: number;
  files: { path: string; size: number }[];
}
export function packPackage(pkgDir: string, dest: string, env?: NodeJS.ProcessEnv): Promise<Packed>;
export function unpack(tarball: string, dir: string): Promise<string>;
export function filesUnder(dir: string): string[];
export function manifestTargets(manifest: Record<string, unknown>): { where: string; target: string }[];
export function manifestProblems(pkgDir: string): string[];
export function packageOf(spec: string): string;
export function importProblems(pkgDir: string, o?: { installed?: boolean }): Promise<{ problems: string[]; imports: number; files: number }>;
export function repoLeaks(dir: string, repo: string, ownPackages?: readonly string[]): string[];

/** Per entry point, per exported name. */
export type Surface = Record<string, Record<string, { value: boolean; type: boolean; any: boolean }>>;
export function exportSurface(o: { files: Record<string, string>; options: TS.CompilerOptions; ts?: typeof TS }): { surface: Surface; errors: string[] };
export function coreSourceSurface(ts?: typeof TS): { surface: Surface; errors: string[] };
export function surfaceProblems(source: Surface, installed: Surface, pkg?: string): string[];

export function freePort(): Promise<number>;
export function kb(n: number): string;
export function npmEnvironment(env?: NodeJS.ProcessEnv): NodeJS.ProcessEnv;
export function installCliGlobally(prefix: string, o?: { env?: NodeJS.ProcessEnv }): Promise<{ bin: string; pkg: string; ms: number; packed: Packed }>;
