/**
 * The providers lich runs: the built-in table of wire.md § 12.1 and the user-defined ones of
 * `<configDir>/providers.json` (docs/architecture.md § The backend).
 *
 * A provider is what a session runs in its PTY. The built-in argv is deliberately minimal — the
 * binary, `--name <roster name>` for Claude Code, the model flag, and lich's MCP server for the
 * two providers that can be told about it on their command line — and honest: nothing is added
 * that this backend cannot stand behind yet (skip-permissions, resume and the briefing are later
 * work).
 */
import { accessSync, constants, readFileSync, statSync } from 'node:fs';
import { delimiter, isAbsolute, join } from 'node:path';
import { jsonLine } from '@lich/core/json';
import { SpawnError } from '../errors.js';
import { goQuote } from '@lich/core/quote';

/**
 * How lich's MCP server is registered on a provider's own command line at spawn
 * (spec/cli.md § Registration; wire.md § 12.1): `mcp-config` is Claude Code's `--mcp-config
 * <json>`, `codex-config` Codex's `-c mcp_servers.lich.…` pair; `null` = not on the command line
 * (the plugin registers it, or nothing does).
 */
export type McpRegistration = 'mcp-config' | 'codex-config' | null;

/** The name lich's MCP server is registered under (`relay.MCPServerName`). */
export const MCP_SERVER_NAME = 'lich';
/** The `lich` subcommand that serves MCP over stdio (`relay.MCPSubcommand`). */
export const MCP_SUBCOMMAND = 'mcp';

/** One provider, built-in or user-defined. */
export interface Provider {
  /** Provider id, the `kind` of a session. */
  id: string;
  /** Display name (`Claude Code`, …; `shell` for the shell). */
  name: string;
  /** Binary: a bare name looked up on PATH, or an absolute path. */
  command: string;
  /** Arguments placed before lich's own (kiro's `chat` subcommand, a user provider's `args`). */
  args: string[];
  /** Extra environment for the PTY, on top of the backend's and under lich's own variables. */
  env: Record<string, string>;
  /** The flag the model is passed with; `null` = a model is refused (wire.md § 12.1). */
  modelFlag: string | null;
  /**
   * Whether its plugin can report state through `/hook` at all. A session is judged never-read
   * only when this holds and it has actually reached lich through a plugin endpoint since it
   * started (`session-host.ts`; spec/cli.md § lich send, Never read).
   */
  reportsState: boolean;
  /** Whether it has lich's tools (the relayed message then offers `reply_to_session`). */
  hasTools: boolean;
  /** How lich's MCP server reaches it at spawn; a provider with `hasTools` built in needs one. */
  mcp: McpRegistration;
  /** Whether Claude Code's `--name <roster name>` is passed at birth. */
  passesName: boolean;
  /** Whether this came from providers.json. */
  userDefined: boolean;
}

type Builtin = Omit<Provider, 'env' | 'userDefined' | 'args' | 'mcp'> & { args?: string[]; mcp?: McpRegistration };

/** wire.md § 12.1, in the order the unknown-kind refusal lists them. `shell` is resolved per call. */
const BUILTIN: readonly Builtin[] = [
  { id: 'claude', name: 'Claude Code', command: 'claude', modelFlag: '--model', reportsState: true, hasTools: true, passesName: true, mcp: 'mcp-config' },
  { id: 'codex', name: 'Codex', command: 'codex', modelFlag: '--model', reportsState: true, hasTools: true, passesName: false, mcp: 'codex-config' },
  { id: 'antigravity', name: 'Antigravity', command: 'agy', modelFlag: '--model', reportsState: true, hasTools: false, passesName: false },
  { id: 'opencode', name: 'opencode', command: 'opencode', modelFlag: '--model', reportsState: true, hasTools: false, passesName: false },
  { id: 'omp', name: 'oh-my-pi', command: 'omp', modelFlag: '--model', reportsState: true, hasTools: false, passesName: false },
  // Crush has no state hook at all: silence from it means nothing (spec/cli.md § lich sessions).
  { id: 'crush', name: 'Crush', command: 'crush', modelFlag: null, reportsState: false, hasTools: false, passesName: false },
  { id: 'cursor', name: 'Cursor CLI', command: 'cursor-agent', modelFlag: '--model', reportsState: true, hasTools: false, passesName: false },
  { id: 'kiro', name: 'Kiro CLI', command: 'kiro-cli', args: ['chat'], modelFlag: '--model', reportsState: true, hasTools: false, passesName: false },
];

/** The built-in kinds, in the order the unknown-kind refusal names them. */
export const BUILTIN_KINDS: readonly string[] = [...BUILTIN.map((p) => p.id), 'shell'];

/** The file user-defined providers are read from, inside the config directory. */
export const PROVIDERS_FILE = 'providers.json';

/** The shell a `shell` session runs: `$LICH_SHELL`, else `$SHELL`, else `/bin/sh` (wire.md § 12.2). */
export function shellCommand(env: NodeJS.ProcessEnv): string {
  return env.LICH_SHELL || env.SHELL || '/bin/sh';
}

/**
 * The provider registry: built-ins plus `<configDir>/providers.json`, which is read again on
 * every `open` and `/session-start` so a user can add a provider without restarting lich.
 */
export class Providers {
  /** The user-defined providers as last read successfully. */
  private lastUser: Provider[] = [];

  constructor(
    private readonly configDir: string,
    private readonly env: NodeJS.ProcessEnv,
  ) {
    try {
      this.userDefined();
    } catch {
      // A malformed file is reported by the open that needs it, not at startup.
    }
  }

  /** The providers.json path. */
  get file(): string {
    return join(this.configDir, PROVIDERS_FILE);
  }

  /**
   * The user-defined providers, in file order.
   * @throws SpawnError naming the file when it is not valid JSON or not the documented shape.
   */
  userDefined(): Provider[] {
    let text: string;
    try {
      text = readFileSync(this.file, 'utf8');
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return (this.lastUser = []);
      throw new SpawnError(`read ${this.file}: ${(err as Error).message}`);
    }
    this.lastUser = parseProvidersFile(this.file, text);
    return this.lastUser;
  }

  /** Every registered provider id: the built-ins, `shell`, then the user-defined ones. @throws as {@link userDefined}. */
  ids(): string[] {
    return [...BUILTIN_KINDS, ...this.userDefined().map((p) => p.id)];
  }

  /**
   * The provider for `kind`.
   * @throws SpawnError `"<k>" is not a provider lich runs. Known kinds: …` (wire.md § 12.1,
   *   user-defined ids appended), or the providers.json error.
   */
  get(kind: string): Provider {
    const user = this.userDefined();
    const found = this.lookup(kind, user);
    if (found) return found;
    const known = [...BUILTIN_KINDS, ...user.map((p) => p.id)].join(', ');
    throw new SpawnError(`${goQuote(kind)} is not a provider lich runs. Known kinds: ${known}.`);
  }

  /**
   * The provider for `kind` without re-reading providers.json: the user-defined ones as last
   * read. For the relay's view of a session, which must not fail on a file the user is editing.
   */
  peek(kind: string): Provider | undefined {
    return this.lookup(kind, this.lastUser);
  }

  private lookup(kind: string, user: Provider[]): Provider | undefined {
    if (kind === 'shell') {
      return {
        id: 'shell',
        name: 'shell',
        command: shellCommand(this.env),
        args: [],
        env: {},
        modelFlag: null,
        reportsState: false,
        hasTools: false,
        mcp: null,
        passesName: false,
        userDefined: false,
      };
    }
    const b = BUILTIN.find((p) => p.id === kind);
    if (b) return { ...b, args: b.args ?? [], env: {}, mcp: b.mcp ?? null, userDefined: false };
    return user.find((p) => p.id === kind);
  }
}

/**
 * Parses providers.json: `{"providers":{"<id>":{"name","command","args","env","reportsState","tools","modelFlag"?}}}`.
 * `name` and `command` are required; `args` defaults to `[]`, `env` to `{}`, the booleans to
 * false; an absent `modelFlag` means a model is refused.
 * @throws SpawnError `<file> is not a valid providers file: <what is wrong>`.
 */
export function parseProvidersFile(file: string, text: string): Provider[] {
  const bad = (what: string) => new SpawnError(`${file} is not a valid providers file: ${what}`);
  let doc: unknown;
  try {
    doc = JSON.parse(text);
  } catch (err) {
    throw bad((err as Error).message);
  }
  if (!isObject(doc)) throw bad('it must hold a JSON object');
  const table = doc.providers;
  if (table === undefined) return [];
  if (!isObject(table)) throw bad('"providers" must be an object of provider id → definition');
  const out: Provider[] = [];
  for (const [id, def] of Object.entries(table)) {
    const at = `provider ${goQuote(id)}`;
    if (!/^[a-z0-9][a-z0-9_-]*$/.test(id)) {
      throw bad(`${at}: an id is lowercase letters, digits, "-" and "_", starting with a letter or digit`);
    }
    if (BUILTIN_KINDS.includes(id)) throw bad(`${at} is built in and cannot be redefined — pick another id`);
    if (!isObject(def)) throw bad(`${at} must be an object`);
    const str = (k: string, required: boolean): string => {
      const v = def[k];
      if (v === undefined && !required) return '';
      if (typeof v !== 'string' || (required && v.trim() === '')) {
        throw bad(`${at}: "${k}" must be a ${required ? 'non-empty ' : ''}string`);
      }
      return v;
    };
    const bool = (k: string): boolean => {
      const v = def[k];
      if (v === undefined) return false;
      if (typeof v !== 'boolean') throw bad(`${at}: "${k}" must be true or false`);
      return v;
    };
    const name = str('name', true);
    const command = str('command', true);
    const args = def.args ?? [];
    if (!Array.isArray(args) || !args.every((a) => typeof a === 'string')) {
      throw bad(`${at}: "args" must be an array of strings`);
    }
    const env = def.env ?? {};
    if (!isObject(env) || !Object.values(env).every((v) => typeof v === 'string')) {
      throw bad(`${at}: "env" must be an object of strings`);
    }
    const modelFlag = def.modelFlag === undefined ? null : str('modelFlag', true);
    for (const k of Object.keys(def)) {
      if (!['name', 'command', 'args', 'env', 'reportsState', 'tools', 'modelFlag'].includes(k)) {
        throw bad(`${at}: unknown field "${k}"`);
      }
    }
    out.push({
      id,
      name,
      command,
      args: args as string[],
      env: env as Record<string, string>,
      modelFlag,
      reportsState: bool('reportsState'),
      hasTools: bool('tools'),
      mcp: null,
      passesName: false,
      userDefined: true,
    });
  }
  return out;
}

/**
 * Where `command` runs from: an absolute path as it is, a bare name through `PATH`.
 * @throws SpawnError naming the provider, the binary and the PATH searched.
 */
export function resolveCommand(p: Provider, env: NodeJS.ProcessEnv): string {
  const cmd = p.command;
  if (isAbsolute(cmd)) {
    if (isExecutable(cmd)) return cmd;
    throw new SpawnError(`${p.name} cannot start: ${goQuote(cmd)} is not an executable file`);
  }
  if (cmd.includes('/')) {
    throw new SpawnError(`${p.name} cannot start: its command ${goQuote(cmd)} is a relative path — give an absolute one, or a name on PATH`);
  }
  const path = env.PATH ?? '';
  for (const dir of path.split(delimiter)) {
    if (!dir) continue;
    const full = join(dir, cmd);
    if (isExecutable(full)) return full;
  }
  throw new SpawnError(
    `${p.name} is not installed where lich can run it: no ${goQuote(cmd)} on PATH (${path || 'empty'}) — install it, or open the session with another --kind`,
  );
}

/**
 * The argv after the binary for a new session (birth), in the order of wire.md § 12.1: for
 * Codex the MCP `-c` pair first (its global options must precede a subcommand), then the
 * provider's own leading args, `--name <roster name>` for Claude Code, the model flag, and for
 * Claude Code `--mcp-config <json>` last (it is variadic: whatever followed it would be read as
 * another config). Values starting with `-` are dropped, never passed, so a value cannot smuggle
 * in a flag. The registration names `bin` and the `mcp` subcommand and nothing else — never a
 * token, since any user can read a process's argv — and never `--strict-mcp-config`, which would
 * drop the user's own servers (spec/cli.md § Registration). An empty `bin` registers nothing.
 *
 * @param o.bin the absolute path of the lich CLI (`LICH_BIN`).
 */
export function providerArgs(p: Provider, o: { rosterName: string; model: string; bin: string }): string[] {
  const argv: string[] = [];
  if (p.mcp === 'codex-config' && o.bin) {
    argv.push(
      '-c',
      `mcp_servers.${MCP_SERVER_NAME}.command=${tomlString(o.bin)}`,
      '-c',
      `mcp_servers.${MCP_SERVER_NAME}.args=[${tomlString(MCP_SUBCOMMAND)}]`,
    );
  }
  argv.push(...p.args);
  if (p.passesName && o.rosterName && !o.rosterName.startsWith('-')) argv.push('--name', o.rosterName);
  if (o.model && p.modelFlag && !o.model.startsWith('-')) argv.push(p.modelFlag, o.model);
  if (p.mcp === 'mcp-config' && o.bin) {
    // Keys in Go's map order (sorted), encoded as Go's json.Marshal would.
    argv.push('--mcp-config', jsonLine({ mcpServers: { [MCP_SERVER_NAME]: { args: [MCP_SUBCOMMAND], command: o.bin } } }));
  }
  return argv;
}

/**
 * A TOML basic string: `"…"` with `\\` and `"` escaped, and every control character as a TOML
 * escape. For a path of printable characters it is byte for byte Go's `%q` (wire.md § 12.1 shows
 * `"<bin>"`); unlike `%q` it never writes `\x..`, which TOML (and so Codex) would refuse.
 */
export function tomlString(s: string): string {
  const named: Record<string, string> = { '\b': '\\b', '\t': '\\t', '\n': '\\n', '\f': '\\f', '\r': '\\r', '"': '\\"', '\\': '\\\\' };
  return `"${s.replace(/[\u0000-\u001f\u007f"\\]/g, (c) => named[c] ?? `\\u${c.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}`)}"`;
}

/** The refusal of a model for a provider that cannot take one (wire.md § 12.1). */
export function modelRefusal(p: Provider): string {
  return `${p.name} cannot be told which model to run when lich starts it — open the session without a model and pick one inside it`;
}

function isExecutable(file: string): boolean {
  try {
    if (!statSync(file).isFile()) return false;
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}
