/**
 * Facts about this machine that `lich doctor` checks and `lich rage` reports alike: the platform
 * as Go spells it, the built-in providers on PATH and the user's own in providers.json, the modules
 * this backend loads natively.
 */
import { createRequire } from 'node:module';
import { BUILTIN_KINDS, Providers, resolveCommand, type Provider } from '../providers/providers.js';

/** node's `process.arch` → Go's `GOARCH` where they differ. */
const GOARCH: Readonly<Record<string, string>> = { x64: 'amd64', ia32: '386' };
/** node's `process.platform` → Go's `GOOS` where they differ. */
const GOOS: Readonly<Record<string, string>> = { win32: 'windows', sunos: 'solaris' };

/** `<os>/<arch>` as Go spells them: `linux/amd64` for node's linux/x64, `linux/arm64` as it is. */
export function goPlatform(platform: string = process.platform, arch: string = process.arch): string {
  return `${GOOS[platform] ?? platform}/${GOARCH[arch] ?? arch}`;
}

/** One provider, built in or user-defined, and where its binary is. */
export interface ProviderOnPath {
  /** The provider id (`--kind`): `claude`, `codex`, … */
  id: string;
  /** Its display name (`Claude Code`). */
  name: string;
  /** The binary it runs (`claude`, `agy`, …). */
  command: string;
  /** Where PATH finds it; `""` when it does not. */
  path: string;
  /** How lich's MCP server reaches it at spawn (`mcp-config`, `codex-config`), `""` when only a plugin can bring it. */
  mcp: string;
}

/** Every built-in provider (the shell aside), in the order the unknown-kind refusal names them, with where PATH finds it. */
export function builtinProviders(configDir: string, env: NodeJS.ProcessEnv): ProviderOnPath[] {
  const providers = new Providers(configDir, env);
  // peek: a built-in is found without reading providers.json, which may be mid-edit or broken.
  return BUILTIN_KINDS.filter((id) => id !== 'shell').map((id) => {
    return onPath(providers.peek(id)!, env);
  });
}

/**
 * The user-defined providers of `<configDir>/providers.json`, in file order, each with where its
 * command resolves (`path` `""` when it does not: no such name on PATH, no such executable):
 * what `lich open --kind <id>` would start. `[]` without the file.
 * @throws SpawnError naming the file when it cannot be read or is not a valid providers file —
 *   which every open then fails on, a built-in kind's too.
 */
export function userProviders(configDir: string, env: NodeJS.ProcessEnv): ProviderOnPath[] {
  return new Providers(configDir, env).userDefined().map((p) => onPath(p, env));
}

function onPath(p: Provider, env: NodeJS.ProcessEnv): ProviderOnPath {
  let path = '';
  try {
    path = resolveCommand(p, env);
  } catch {
    // Not on PATH, or not executable: the path stays empty.
  }
  return { id: p.id, name: p.name, command: p.command, path, mcp: p.mcp ?? '' };
}

// Native modules are required when a check runs rather than imported: a module that will not
// load is then that check's finding, not the end of the command.
const requireHere = createRequire(import.meta.url);

/**
 * Requires `name` (a native module's package) and reads its version.
 * @throws Error the loader's, when it will not load.
 */
export function loadNative<T>(name: string): { module: T; version: string } {
  const module = requireHere(name) as T;
  let version = '';
  try {
    version = (requireHere(`${name}/package.json`) as { version?: string }).version ?? '';
  } catch {
    // A package without a readable package.json still loaded; its version is just unknown.
  }
  return { module, version };
}
