/**
 * The providers lich runs: the built-in table of wire.md § 12.1 and the user-defined ones of
 * `<configDir>/providers.json` (docs/architecture.md § The backend).
 *
 * A provider is what a session runs in its PTY. {@link providerArgs} owns its whole argv after
 * the binary — the roster name, the resume args, the skip-permissions flag, the model, effort and
 * ultracode, the spawn briefing and lich's MCP server — in the order wire.md § 12.1 gives; the
 * refusals of what a provider cannot take ({@link modelRefusal}, {@link effortRefusal},
 * {@link ultracodeRefusal}) are the opener's, before anything is written (spec/cli.md § lich open).
 */
import { accessSync, constants, readFileSync, statSync } from 'node:fs';
import { homedir } from 'node:os';
import { delimiter, isAbsolute, join } from 'node:path';
import { jsonLine } from '@lich/core/rpc';
import { SpawnError } from '../errors.js';
import { SESSION_VARIABLES, SUBAGENT_CARDS_OFF_DEPTH } from '../terminal/env.js';
import { BRACKETED_PASTE_ON, TERMINAL_READINESS, type ReadyPattern, type ReadyRule } from '../terminal/readiness.js';
import { codexHooks } from './codex-hooks.js';
import { opencodeEnv } from './opencode.js';
import { ompExtension } from './omp.js';
import { goQuote } from '@lich/core/quote';
import { nameLength, quoteName } from '@lich/core/names';
import { NAME_LIMIT } from '@lich/core/limits';
import { CALL_SLACK_SECONDS } from '@lich/core/errands';
import { ASK_CALL_MS } from '@lich/core/timeouts';

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

/**
 * How long Codex may let one call of a lich tool run, in seconds (`mcp_servers.lich.
 * tool_timeout_sec`). Codex abandons an MCP call after 60 s by default, under what lich's tools
 * may hold: `send_to_session` and `wait_for_answer` wait up to 90 s (measured: the ticket came
 * back at 92–93 s, real-agents.md § 6.6) and `ask_session` up to 90 s inside a 120 s budget. So:
 * the longest client budget, an ask's, plus the slack every lich wait carries.
 */
export const CODEX_TOOL_TIMEOUT_SECONDS = ASK_CALL_MS / 1000 + CALL_SLACK_SECONDS;

/**
 * How a provider is told its reasoning effort at birth (spec/cli.md § lich open, --effort):
 * `[flag, prefix + level]` — `--effort high` for Claude Code, Antigravity and Kiro, `--thinking
 * high` for oh-my-pi, `-c model_reasoning_effort=high` for Codex.
 */
export interface EffortSpelling {
  flag: string;
  prefix?: string;
}

/**
 * How a provider picks a conversation back up (wire.md § 12.1): `flag` is `[flag, id]`
 * (`--resume <id>`, `--conversation <id>`, `-r <id>`, …), `subcommand` is Codex's `resume <id>`.
 */
export type ResumeSpelling = { flag: string; subcommand?: undefined } | { subcommand: string; flag?: undefined };

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
  /**
   * What it needs on top of {@link env} to run with its skip-permissions flag as root, given only
   * to a confined session ({@link ProviderArgsOptions.skipPermissions}): Claude Code refuses
   * `--dangerously-skip-permissions` under uid 0 unless `IS_SANDBOX=1` (exactly `1`), which is how a
   * confined session runs in a root container or CI. Codex and opencode start with theirs as root
   * (measured, 0.169.0 and 1.18.33). `{}` for none.
   */
  confinedEnv: Record<string, string>;
  /**
   * Settings handed with the skip-permissions flag through Claude Code's `--settings`, for a
   * confined session: `skipDangerousModePermissionPrompt`. Without it Claude Code opens on a
   * "Bypass Permissions mode" warning with `No, exit` preselected until the user accepted it once,
   * and the first task lich types answers it — the session exits 1 (measured, 2.1.328, confined).
   * The warning asks for a sandboxed machine, which bubblewrap is here. `{}` for none.
   */
  skipPermissionsSettings: Record<string, boolean>;
  /** The flag the model is passed with; `null` = a model is refused (wire.md § 12.1). */
  modelFlag: string | null;
  /** How the effort is passed; `null` = an effort is refused (spec/cli.md § lich open, --effort). */
  effort: EffortSpelling | null;
  /** Whether it takes Claude Code's ultracode (`--settings {"ultracode":true}`); only Claude Code does. */
  ultracode: boolean;
  /**
   * The flag that runs it without permission prompts (wire.md § 12.1), passed only for a
   * session that runs confined ({@link ProviderArgsOptions.skipPermissions}); `null` = none.
   */
  skipPermissionsFlag: string | null;
  /** How a conversation is resumed; `null` = every start is a new conversation. */
  resume: ResumeSpelling | null;
  /** Whether the spawn briefing goes in as `--append-system-prompt` (Claude Code and oh-my-pi; wire.md § 8.5). */
  appendsSystemPrompt: boolean;
  /**
   * Whether its plugin can report state through `/hook` at all. A session is judged never-read
   * only when this holds and it has actually reached lich through a plugin endpoint since it
   * started (`session-host.ts`; spec/cli.md § lich send, Never read).
   */
  reportsState: boolean;
  /** Whether it has lich's tools (the relayed message then offers `reply_to_session`). */
  hasTools: boolean;
  /**
   * How its program shows it reads what is typed (terminal/readiness.ts), measured on the real
   * client, or declared in providers.json (`ready`, {@link parseReady}): until then a task sent to
   * the session is held, not typed (docs/architecture.md § Readiness). Every provider with no rule
   * of its own, built in or user-defined, has {@link TERMINAL_READINESS}; `{}` is the PTY's quiet
   * alone (a user's `"ready": "quiet"`).
   */
  readiness: ReadyRule;
  /**
   * What lich writes after a typed task's paste to submit it (terminal.ts `type`); absent: a
   * carriage return, Enter. Codex: Tab (CODEX_SUBMIT).
   */
  submitKey?: string;
  /** How lich's MCP server reaches it at spawn; a provider with `hasTools` built in needs one. */
  mcp: McpRegistration;
  /** Whether Claude Code's `--name <roster name>` is passed at birth. */
  passesName: boolean;
  /**
   * Whether lich's own Claude Code plugin is passed on every start (`--plugin-dir`, beside the
   * MCP registration; providers/claude-plugin.ts). Only the built-in Claude Code.
   */
  loadsLichPlugin?: boolean;
  /** Whether this came from providers.json. */
  userDefined: boolean;
}

type Optional =
  | 'args'
  | 'mcp'
  | 'effort'
  | 'ultracode'
  | 'appendsSystemPrompt'
  | 'passesName'
  | 'confinedEnv'
  | 'skipPermissionsSettings'
  | 'readiness';
type Builtin = Omit<Provider, 'env' | 'userDefined' | Optional> & Partial<Pick<Provider, Optional>>;

/**
 * Claude Code 2.1.328 turns bracketed paste on ≈1.6 s after spawn and draws its prompt at once;
 * pastes typed in its first second were lost now and then (at 0, 0.4 and 1 s), never once it had
 * turned bracketed paste on. The quiet after it covers the banner it animates. Its SessionStart
 * hook — what lich's Claude Code plugin reports `/session-start` from — fires 0.4–0.7 s after
 * spawn, inside that first second, so the report does not say it reads.
 */
const CLAUDE_READINESS: ReadyRule = { shows: [BRACKETED_PASTE_ON], startMeansReading: false };

/**
 * opencode 1.18.33 reads input only once its prompt is drawn, 2–25 s after spawn (it turns
 * bracketed paste on long before). The prompt shows `Ask anything…` on a new conversation and
 * its footer `ctrl+p commands` on a resumed one; a task typed as that frame was drawn was read
 * every time (measured, loaded and idle), so the quiet asked for is only the rest of the frame.
 * Its plugin loads 1.5–8 s before that frame (a paste typed then was lost, 3 of 3), and reports
 * `/session-start` only once the first message made a conversation: no report says it reads.
 */
const OPENCODE_READINESS: ReadyRule = { shows: ['Ask anything', 'ctrl+p'], quietMs: 150, startMeansReading: false };

/**
 * Codex 0.169.0 takes Enter mid-turn as steering: measured, the model request in flight was
 * cancelled and asked again with the new text in it ("Messages to be submitted after next tool
 * call"), so a second task sent to a busy Codex cut the first one's turn short. Tab queues it
 * instead ("Queued follow-up inputs"): the turn runs on uncut and the text is submitted as a turn
 * of its own when it ends — what every other client does with Enter (spec/cli.md § Known
 * ceilings: a busy target queues what is typed) — and at an idle prompt Tab submits, as Enter does.
 */
const CODEX_SUBMIT = '\t';

/**
 * Codex 0.169.0, measured under lich: bracketed paste on at ≈0.3–0.45 s after spawn, a loading
 * frame (its composer's placeholder already in it) at ≈0.25–0.75 s, and its chat screen live at
 * ≈0.85–1.85 s, when it writes its own state report `ESC]7501;state=idle:app=codex ESC\` — never
 * in the loading frame, nor while its folder-trust menu is up. What is typed before its process
 * reads the terminal is lost with no trace (no request reaches the model), and quiet alone typed
 * there whenever a start was slow: a first start on a loaded machine (three fresh-clone CI runs in
 * a row lost the tier's first Codex send) or a start 2 s late (every time); a task typed during its
 * loading frame was read. So the sign is that idle report. Its SessionStart hook fires only with
 * the first submitted prompt, after the task was typed: no report says it reads.
 *
 * In a folder the user never trusted (one a worktree's repository was trusted for is), Codex opens
 * on `Folder access … Trust this folder? › 1. Trust and continue  2. Back to Agent Command Center`
 * (≈0.6 s, after the loading frame), and a task typed there — paste, then Enter — picks "Trust and
 * continue": measured, the folder came out trusted in the user's config.toml and the task was
 * gone. So that menu is a question of the program's own (`asks`; its words are drawn one by one,
 * the option's in one piece): nothing is typed, not even past the cap, and a task held for it ends
 * `unread`, sending a person to the card.
 *
 * Outside a confined session, until the user trusted lich's hooks once (providers/codex-hooks.ts),
 * Codex opens on its hook review instead of the chat screen (≈0.9 s, with no idle report before
 * it): `Hooks need review … › 1. Review hooks  2. Trust all and continue  3. Continue without
 * trusting (hooks won't run)`. A task pasted there and submitted with Tab was swallowed — nothing
 * reached the model, nothing was left in the composer — and a bare `3` in it would pick "Continue
 * without trusting". So that screen is a question of its own too, held the same way and ending
 * the same way: its selected first option is drawn in one piece (the rest word by word). Once
 * answered, Codex writes its idle report and reads: what is sent from then on is typed.
 */
const CODEX_READINESS: ReadyRule = {
  shows: ['\x1b]7501;state=idle'],
  asks: ['Trust and continue', 'Review hooks'],
  startMeansReading: false,
};

/**
 * oh-my-pi 18.2.3, measured in a real PTY (real-agents.md § 7.4): nothing at all for the first
 * 0.6–1.3 s (Bun loading), then bracketed paste on and, as its composer starts, its first terminal
 * title `ESC]0;π >` at 1.2–2.5 s — what is typed from there on is read (during its welcome
 * animation too, measured); a paste and Enter typed before it (5 of 5) landed in the composer and
 * the Enter was lost. The extension's `session_start` fires ≈20 ms after that title but also
 * before omp's setup wizard, so that report does not say it reads.
 *
 * On a first run (no setup saved, no `OMP_SKIP_SETUP`) omp draws its composer and title, then
 * 0.5 s later opens its five-step setup wizard on the alternate screen (`ESC[?1049h`): a splash
 * "press enter to skip", then a provider login — a typed task would answer them. So the wizard
 * is a question of its own (`asks`), nothing is typed while it is up, and leaving it
 * (`ESC[?1049l`, back to the composer, which writes no new title) is a sign of reading again. The
 * quiet asked for is longer than the 0.5 s between the title and the wizard's screen, so a
 * session is not called ready in that gap.
 */
const OMP_READINESS: ReadyRule = {
  shows: ['\x1b]0;π', '\x1b[?1049l'],
  asks: ['\x1b[?1049h'],
  quietMs: 1000,
  startMeansReading: false,
};

/** wire.md § 12.1, in the order the unknown-kind refusal lists them. `shell` is resolved per call. */
const BUILTIN: readonly Builtin[] = [
  {
    id: 'claude',
    name: 'Claude Code',
    command: 'claude',
    modelFlag: '--model',
    effort: { flag: '--effort' },
    ultracode: true,
    skipPermissionsFlag: '--dangerously-skip-permissions',
    confinedEnv: { IS_SANDBOX: '1' },
    skipPermissionsSettings: { skipDangerousModePermissionPrompt: true },
    resume: { flag: '--resume' },
    appendsSystemPrompt: true,
    reportsState: true,
    hasTools: true,
    passesName: true,
    mcp: 'mcp-config',
    loadsLichPlugin: true,
    readiness: CLAUDE_READINESS,
  },
  // Codex reports through its hooks engine, lich's hook script registered at spawn
  // (providers/codex-hooks.ts); it is ready once its chat screen is live (CODEX_READINESS).
  {
    id: 'codex',
    name: 'Codex',
    command: 'codex',
    modelFlag: '--model',
    effort: { flag: '-c', prefix: 'model_reasoning_effort=' },
    skipPermissionsFlag: '--dangerously-bypass-approvals-and-sandbox',
    resume: { subcommand: 'resume' },
    reportsState: true,
    hasTools: true,
    mcp: 'codex-config',
    readiness: CODEX_READINESS,
    submitKey: CODEX_SUBMIT,
  },
  // Antigravity, Cursor CLI and Kiro CLI report through the original companion plugin's hooks,
  // which this project does not ship (and their clients cannot be installed from the registries
  // reached here): lich hears nothing from them, so their silence means nothing.
  {
    id: 'antigravity',
    name: 'Antigravity',
    command: 'agy',
    modelFlag: '--model',
    effort: { flag: '--effort' },
    skipPermissionsFlag: '--dangerously-skip-permissions',
    resume: { flag: '--conversation' },
    reportsState: false,
    hasTools: false,
  },
  {
    id: 'opencode',
    name: 'opencode',
    command: 'opencode',
    modelFlag: '--model',
    skipPermissionsFlag: '--auto',
    resume: { flag: '--session' },
    // Reports, and has lich's tools, through lich's plugin loaded at start (providers/opencode.ts).
    reportsState: false,
    hasTools: false,
    readiness: OPENCODE_READINESS,
  },
  {
    id: 'omp',
    name: 'oh-my-pi',
    command: 'omp',
    modelFlag: '--model',
    effort: { flag: '--thinking' },
    skipPermissionsFlag: '--auto-approve',
    resume: { flag: '-r' },
    appendsSystemPrompt: true,
    // Reports, and has lich's tools, through lich's extension passed at start (providers/omp.ts).
    reportsState: false,
    hasTools: false,
    readiness: OMP_READINESS,
  },
  // Crush has no state hook at all: silence from it means nothing (spec/cli.md § lich sessions).
  // It spells --model on its non-interactive run subcommand only, so the TUI cannot take one.
  {
    id: 'crush',
    name: 'Crush',
    command: 'crush',
    modelFlag: null,
    skipPermissionsFlag: '--yolo',
    resume: { flag: '--session' },
    reportsState: false,
    hasTools: false,
  },
  {
    id: 'cursor',
    name: 'Cursor CLI',
    command: 'cursor-agent',
    modelFlag: '--model',
    skipPermissionsFlag: '--force',
    resume: { flag: '--resume' },
    reportsState: false,
    hasTools: false,
  },
  {
    id: 'kiro',
    name: 'Kiro CLI',
    command: 'kiro-cli',
    args: ['chat'],
    modelFlag: '--model',
    effort: { flag: '--effort' },
    skipPermissionsFlag: '--trust-all-tools',
    resume: { flag: '--resume-id' },
    reportsState: false,
    hasTools: false,
  },
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
  /** What the built-in `opencode` kind adds to a session's environment (providers/opencode.ts), once. */
  private opencode?: Record<string, string>;

  /**
   * @param o.bin `LICH_BIN`, beside which the opencode plugin ships (providers/opencode.ts); absent
   *   or `""`, the `opencode` kind starts without it and without tools.
   */
  constructor(
    private readonly configDir: string,
    private readonly env: NodeJS.ProcessEnv,
    private readonly o: { bin?: string } = {},
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
        confinedEnv: {},
        skipPermissionsSettings: {},
        modelFlag: null,
        effort: null,
        ultracode: false,
        skipPermissionsFlag: null,
        resume: null,
        appendsSystemPrompt: false,
        reportsState: false,
        hasTools: false,
        readiness: TERMINAL_READINESS,
        mcp: null,
        passesName: false,
        userDefined: false,
      };
    }
    const b = BUILTIN.find((p) => p.id === kind);
    if (b) {
      // opencode has lich's tools, and reports, when the plugin is loaded into it at spawn; omp
      // when lich's extension is there to pass it. Without them neither reports anything.
      const env = b.id === 'opencode' ? (this.opencode ??= opencodeEnv(this.env, this.o.bin ?? '')) : {};
      const carried = b.id === 'opencode' ? env.OPENCODE_CONFIG_CONTENT !== undefined : b.id === 'omp' && ompExtension(this.o.bin ?? '') !== '';
      return {
        ...b,
        hasTools: b.hasTools || carried,
        reportsState: b.reportsState || carried,
        args: b.args ?? [],
        env,
        confinedEnv: b.confinedEnv ?? {},
        skipPermissionsSettings: b.skipPermissionsSettings ?? {},
        mcp: b.mcp ?? null,
        effort: b.effort ?? null,
        ultracode: b.ultracode ?? false,
        appendsSystemPrompt: b.appendsSystemPrompt ?? false,
        passesName: b.passesName ?? false,
        // Antigravity, Cursor CLI and Kiro CLI cannot be installed here to be measured.
        readiness: b.readiness ?? TERMINAL_READINESS,
        userDefined: false,
      };
    }
    return user.find((p) => p.id === kind);
  }
}

/**
 * Parses providers.json: `{"providers":{"<id>":{"name","command","args","env","reportsState","tools","modelFlag"?,"ready"?}}}`.
 * `name` and `command` are required; `args` defaults to `[]`, `env` to `{}`, the booleans to
 * false; an absent `modelFlag` means a model is refused; `ready` is read by {@link parseReady}.
 * @throws SpawnError `<file> is not a valid providers file: <what is wrong>`, naming the provider
 *   and the field.
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
    const at = `provider ${quoteName(id)}`;
    if (!/^[a-z0-9][a-z0-9_-]*$/.test(id)) {
      throw bad(`${at}: an id is lowercase letters, digits, "-" and "_", starting with a letter or digit`);
    }
    // An id is the kind a session is opened with and recorded under; a name is what lich calls
    // it in every line: each a name, bounded as every name is (issue 22).
    if (id.length > NAME_LIMIT) throw bad(`${at}: an id is at most ${NAME_LIMIT} characters, and this one is ${id.length}`);
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
    if (nameLength(name) > NAME_LIMIT) throw bad(`${at}: "name" is at most ${NAME_LIMIT} characters, and this one is ${nameLength(name)}`);
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
    const readiness = parseReady(def.ready, (what) => bad(`${at}: ${what}`));
    for (const k of Object.keys(def)) {
      if (!['name', 'command', 'args', 'env', 'reportsState', 'tools', 'modelFlag', 'ready'].includes(k)) {
        throw bad(`${at}: unknown field "${k}"`);
      }
    }
    out.push({
      id,
      name,
      command,
      args: args as string[],
      env: env as Record<string, string>,
      confinedEnv: {},
      skipPermissionsSettings: {},
      modelFlag,
      effort: null,
      ultracode: false,
      skipPermissionsFlag: null,
      resume: null,
      appendsSystemPrompt: false,
      reportsState: bool('reportsState'),
      hasTools: bool('tools'),
      readiness,
      mcp: null,
      passesName: false,
      userDefined: true,
    });
  }
  return out;
}

/** The fields of a provider's `ready` object (providers.json), in the order the errors name them. */
const READY_FIELDS = ['text', 'pattern', 'bracketedPaste', 'title', 'quietMs'] as const;

/** The longest quiet a provider may ask for after its sign, ms: more would only delay every first task. */
export const READY_QUIET_LIMIT_MS = 10_000;

/**
 * A user-defined provider's `ready` (providers.json; README § Add a provider): how its program
 * shows it reads what is typed (terminal/readiness.ts). Absent: {@link TERMINAL_READINESS}, the
 * signs of its terminal. `"quiet"`: the PTY's quiet alone (600 ms), for a program that takes
 * what is typed at any time, or never reads it. An object names signs, any one of which shows it
 * reads, and replaces the terminal's with them:
 * - `text`: a string, or strings, its output shows once it reads (its prompt), found in the
 *   printable text — escape sequences and control characters removed;
 * - `pattern`: a regular expression (JavaScript syntax) matched there, as `text`;
 * - `bracketedPaste`: true — it turns bracketed paste on (`ESC[?2004h`) once it reads;
 * - `title`: text in the terminal title it sets once it reads (OSC 0 or 2);
 * - `quietMs`: the quiet after the sign, 0 to {@link READY_QUIET_LIMIT_MS} ms (default 600).
 * An object with no sign keeps the terminal's, with its `quietMs`. After 60 s without a sign the
 * quiet stands in, as for every built-in kind.
 *
 * @param fail makes the error for `what` is wrong (its text names the field).
 * @throws what `fail` makes, for a value of the wrong shape, an unknown field, a pattern that
 *   does not compile or that an empty output matches, a quiet out of range.
 */
export function parseReady(v: unknown, fail: (what: string) => Error): ReadyRule {
  if (v === undefined) return TERMINAL_READINESS;
  if (v === 'quiet') return {};
  if (!isObject(v)) throw fail(`"ready" must be "quiet" or an object of signs (${READY_FIELDS.join(', ')})`);
  for (const k of Object.keys(v)) {
    if (!(READY_FIELDS as readonly string[]).includes(k)) throw fail(`unknown field "ready.${k}" — a sign is one of ${READY_FIELDS.join(', ')}`);
  }
  const shows: string[] = [];
  const matches: ReadyPattern[] = [];
  if (v.text !== undefined) {
    const texts = typeof v.text === 'string' ? [v.text] : v.text;
    if (!Array.isArray(texts) || texts.length === 0 || !texts.every((t) => typeof t === 'string' && t.trim() !== '')) {
      throw fail('"ready.text" must be a non-empty string, or an array of them');
    }
    for (const t of texts as string[]) matches.push({ re: new RegExp(escapeRegExp(t)), on: 'text' });
  }
  if (v.pattern !== undefined) {
    if (typeof v.pattern !== 'string' || v.pattern === '') throw fail('"ready.pattern" must be a non-empty string holding a regular expression');
    let re: RegExp;
    try {
      re = new RegExp(v.pattern);
    } catch (err) {
      throw fail(`"ready.pattern" is not a regular expression: ${(err as Error).message}`);
    }
    if (re.test('')) throw fail(`"ready.pattern" ${goQuote(v.pattern)} matches empty output, so it would show nothing`);
    matches.push({ re, on: 'text' });
  }
  if (v.bracketedPaste !== undefined) {
    if (typeof v.bracketedPaste !== 'boolean') throw fail('"ready.bracketedPaste" must be true or false');
    if (v.bracketedPaste) shows.push(BRACKETED_PASTE_ON);
  }
  if (v.title !== undefined) {
    if (typeof v.title !== 'string' || v.title.trim() === '') throw fail('"ready.title" must be a non-empty string');
    // OSC 0 (icon name and title) or 2 (title): ESC ] 0|2 ; <title> BEL|ST.
    matches.push({ re: new RegExp(`\x1b\][02];[^\x07\x1b]*${escapeRegExp(v.title)}`), on: 'raw' });
  }
  let quietMs: number | undefined;
  if (v.quietMs !== undefined) {
    if (typeof v.quietMs !== 'number' || !Number.isInteger(v.quietMs) || v.quietMs < 0 || v.quietMs > READY_QUIET_LIMIT_MS) {
      throw fail(`"ready.quietMs" must be a whole number of milliseconds from 0 to ${READY_QUIET_LIMIT_MS}`);
    }
    quietMs = v.quietMs;
  }
  const signs: ReadyRule = shows.length > 0 || matches.length > 0 ? { shows, matches } : TERMINAL_READINESS;
  return quietMs === undefined ? signs : { ...signs, quietMs };
}

/** `s` as a regular expression that matches it literally. */
function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
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
 * The provider's own variables for one start (what `sessionEnv` lays over the backend's):
 * {@link Provider.env}, plus {@link Provider.confinedEnv} when the session runs confined — the
 * one start that takes the skip-permissions flag.
 */
export function providerEnv(p: Provider, o: { confined: boolean }): Record<string, string> {
  return o.confined ? { ...p.env, ...p.confinedEnv } : p.env;
}

/** What {@link providerArgs} needs beyond the provider: the session's recorded choices and this start's circumstances. */
export interface ProviderArgsOptions {
  /** The session's roster name: Claude Code's `--name`, at birth only. */
  rosterName: string;
  /** The model recorded on the session; passed only when this start is a new conversation. `""` for none. */
  model: string;
  /** The effort recorded on the session; passed only when this start is a new conversation. `""` for none. */
  effort: string;
  /** Claude Code's ultracode, recorded on the session: passed on every start, a resume included. */
  ultracode: boolean;
  /**
   * The provider's own conversation id to pick back up (`providerSessionId` of the row, as
   * `/session-start` reported it). `""` or absent: a new conversation. For a provider that cannot
   * resume ({@link Provider.resume} `null`) it is ignored and the start is a new conversation.
   */
  resumeId?: string;
  /**
   * Whether to pass the provider's skip-permissions flag — and, for Codex, to bypass its review
   * of lich's hooks ({@link ProviderArgsOptions.codexHook}). Only a session that runs confined
   * takes them (the sandbox is then what bounds them; spec/cli.md § lich open, Confinement);
   * default false.
   */
  skipPermissions?: boolean;
  /** The absolute path of the lich CLI (`LICH_BIN`), named by the MCP registration; `""` registers nothing. */
  bin: string;
  /**
   * The text appended to the system prompt of a provider that takes one; absent means
   * {@link spawnBriefing}, `""` none. A caller that has more to say (a subagent's depth) passes
   * the whole text.
   */
  briefing?: string;
  /** Kiro CLI's `--agent <name>`: the agent the lich plugin installed ({@link kiroAgent}); `""` or absent for none. */
  agent?: string;
  /**
   * The folder of lich's Claude Code plugin this session loads (providers/claude-plugin.ts
   * `sessionClaudePlugin`), passed as `--plugin-dir` to a provider that {@link Provider.loadsLichPlugin};
   * `""` or absent for none.
   */
  pluginDir?: string;
  /**
   * Codex: lich's Codex hook script (providers/codex-hooks.ts `codexHookScript`): when set, Codex's
   * hooks are registered so the session reports its state (their command is constant and finds
   * the script through `LICH_CODEX_HOOK`, start.ts `startEnv`); `""` or absent for none.
   */
  codexHook?: string;
  /**
   * oh-my-pi: lich's omp extension (providers/omp.ts `ompExtension`), passed as `--extension` so
   * the session reports its state and has lich's tools; `""` or absent for none.
   */
  ompExtension?: string;
  /** oh-my-pi: lich's settings overlay (providers/omp.ts `ompOverlay`), passed as `--config`; `""` or absent for none. */
  ompOverlay?: string;
}

/**
 * What the briefing of a worker two levels down says in place of "open lich sessions" (spec/cli.md
 * § lich open, --subagent: it "spawns with LICH_SUBAGENT_CARDS=off and keeps them inside its CLI,
 * and its briefing says so"). Wording of this build, in G1's voice: wire.md § 8.5 names G2's
 * BriefingNative part but not its text.
 */
export const BRIEFING_CARDS_OFF =
  'This session is a subagent of a subagent — a card a card opened — so lich opens no cards below it: ' +
  'when work is to be fanned out here, hand it to the subagents your own harness runs, which stay inside this session, ' +
  'rather than opening lich sessions for it.';

/**
 * The spawn briefing (wire.md § 8.5, G1 text), appended to the system prompt of Claude Code and
 * oh-my-pi: what lich is and that its sessions, not the harness's subagents, are what to open
 * for fanned-out work, followed by the route to open one — lich's tools where the provider has
 * them (lich's MCP server on Claude Code's command line, lich's extension in oh-my-pi), the
 * `lich open` command otherwise.
 * `""` for a provider that takes no appended system prompt.
 *
 * `subagentDepth` is the session row's (`lich open --subagent`: the caller's + 1). From 2 on
 * (`SUBAGENT_CARDS_OFF_DEPTH`, where `LICH_SUBAGENT_CARDS=off` goes into its environment) the
 * fan-out advice and the route give way to {@link BRIEFING_CARDS_OFF}.
 */
export function spawnBriefing(p: Provider, bin: string, subagentDepth = 0): string {
  if (!p.appendsSystemPrompt) return '';
  const lich =
    'You are running inside lich, which runs coding-agent sessions side by side and can open more of them beside this one — ' +
    'each a card the user watches and can take over mid-task, in its own git worktree when the work needs its own checkout. ';
  if (subagentDepth >= SUBAGENT_CARDS_OFF_DEPTH) return lich + BRIEFING_CARDS_OFF;
  const intro =
    lich +
    'When work is to be fanned out — several tasks at once, one per branch or checkout — those sessions are what to open, ' +
    'not the subagents your own harness runs: a subagent has no checkout, no card, and nothing the user can steer or resume. ';
  const route =
    p.hasTools && bin !== ''
      ? 'The lich tools in your list open one and hand it the task.'
      : "Open one with `lich open --worktree BRANCH --prompt 'the task'`, which opens the session and hands it the task in one command.";
  return intro + route;
}

/**
 * The agent Kiro CLI runs as: `lich` when the lich plugin installed its agent file
 * (`~/.kiro/agents/lich.json`, where its `kiro-cli mcp add --agent lich` registered lich's
 * server — spec/cli.md § Registration), else `""`, so a Kiro without the plugin starts on the
 * user's own default agent.
 */
export function kiroAgent(env: NodeJS.ProcessEnv): string {
  const home = env.HOME || homedir();
  try {
    return statSync(join(home, '.kiro', 'agents', `${MCP_SERVER_NAME}.json`)).isFile() ? MCP_SERVER_NAME : '';
  } catch {
    return '';
  }
}

/**
 * The argv after the binary (spec/cli.md § lich open, § Registration; wire.md § 12.1, "Argument
 * order"), in this order:
 *
 * 1. Codex: its `-c` overrides ({@link codexConfig}: lich's MCP server, its environment and time,
 *    and no app-server daemon), then its hooks ({@link ProviderArgsOptions.codexHook},
 *    providers/codex-hooks.ts; `--dangerously-bypass-hook-trust` before them in a confined
 *    session only) — its global options must precede the `resume` subcommand;
 * 2. the provider's own leading args (Kiro's `chat`, a user-defined provider's `args`);
 * 3. `--name <roster name>` — Claude Code, at birth only, never on a resume;
 * 4. `--agent <agent>` — Kiro CLI, when {@link ProviderArgsOptions.agent} names one;
 * 5. the resume args — `--resume <id>`, Codex's `resume <id>`, `--conversation <id>`, `--session <id>`,
 *    `-r <id>`, `--resume-id <id>`;
 * 6. the skip-permissions flag, for a confined session only;
 * 7. the model args — the model and the effort at birth only (a resumed conversation restores its
 *    own, and a `/model` typed inside it is the user's), ultracode's
 *    `--settings {"ultracode":true}` on every start, since Claude Code drops it on `--resume` —
 *    one `--settings` document with {@link Provider.skipPermissionsSettings} when the
 *    skip-permissions flag goes too;
 * 8. `--append-system-prompt <briefing>` — Claude Code and oh-my-pi;
 * 9. Claude Code: `--plugin-dir <dir>`, lich's own plugin, on every start; oh-my-pi:
 *    `--extension <file>`, lich's own extension, and `--config <file>`, its settings overlay, on
 *    every start;
 * 10. Claude Code: `--mcp-config <json>` last — it is variadic, and would read whatever followed
 *    it as another config.
 *
 * A value starting with `-` (roster name, model, effort, resume id, agent) is dropped, never
 * passed, so no value can smuggle in a flag. The registration names `bin` and the `mcp`
 * subcommand and nothing else — never a token, since any user can read a process's argv — and
 * is never `--strict-mcp-config`, which would drop the user's own servers. Refusals (a model,
 * effort or ultracode the provider cannot take) are the caller's, before anything is written:
 * {@link modelRefusal}, {@link effortRefusal}, {@link ultracodeRefusal}; here what a provider
 * cannot take is simply not passed.
 */
export function providerArgs(p: Provider, o: ProviderArgsOptions): string[] {
  const ok = (v: string | undefined): v is string => v !== undefined && v !== '' && !v.startsWith('-');
  const resuming = p.resume !== null && ok(o.resumeId);
  const argv: string[] = [];
  if (p.mcp === 'codex-config') argv.push(...codexConfig(o.bin));
  // Codex's hook review is bypassed where its skip-permissions flag goes: in a confined session only.
  if (p.mcp === 'codex-config' && o.codexHook) argv.push(...codexHooks(o.codexHook, tomlString, { bypassTrust: o.skipPermissions === true }));
  argv.push(...p.args);
  if (p.passesName && !resuming && ok(o.rosterName)) argv.push('--name', o.rosterName);
  if (p.id === 'kiro' && ok(o.agent)) argv.push('--agent', o.agent);
  if (resuming) {
    const r = p.resume!;
    argv.push(r.subcommand ?? r.flag, o.resumeId!);
  }
  if (o.skipPermissions && p.skipPermissionsFlag) argv.push(p.skipPermissionsFlag);
  if (!resuming) {
    if (p.modelFlag && ok(o.model)) argv.push(p.modelFlag, o.model);
    if (p.effort && ok(o.effort)) argv.push(p.effort.flag, `${p.effort.prefix ?? ''}${o.effort}`);
  }
  // One --settings document: what the skip-permissions flag needs, and ultracode. Keys sorted, as
  // Go's json.Marshal writes a map.
  const settings: Record<string, boolean> = { ...(o.skipPermissions && p.skipPermissionsFlag ? p.skipPermissionsSettings : {}) };
  if (p.ultracode && o.ultracode) settings.ultracode = true;
  const keys = Object.keys(settings).sort();
  if (keys.length > 0) argv.push('--settings', jsonLine(Object.fromEntries(keys.map((k) => [k, settings[k]]))));
  const briefing = o.briefing ?? spawnBriefing(p, o.bin);
  if (p.appendsSystemPrompt && briefing !== '') argv.push('--append-system-prompt', briefing);
  if (p.loadsLichPlugin && o.pluginDir) argv.push('--plugin-dir', o.pluginDir);
  if (p.id === 'omp' && !p.userDefined && o.ompExtension) argv.push('--extension', o.ompExtension);
  if (p.id === 'omp' && !p.userDefined && o.ompOverlay) argv.push('--config', o.ompOverlay);
  if (p.mcp === 'mcp-config' && o.bin) {
    // Keys in Go's map order (sorted), encoded as Go's json.Marshal would.
    argv.push('--mcp-config', jsonLine({ mcpServers: { [MCP_SERVER_NAME]: { args: [MCP_SUBCOMMAND], command: o.bin } } }));
  }
  return argv;
}

/**
 * Codex's `-c` overrides, first in its argv (its global options must precede `resume`):
 *
 * - lich's MCP server — `mcp_servers.lich.command="<bin>"`, `…args=["mcp"]` (wire.md § 12.1) —
 *   with `…env_vars=[…]` naming every variable lich exports into a session
 *   ({@link SESSION_VARIABLES}): Codex starts an MCP server with a cleared environment, and a
 *   `lich mcp` without `LICH_PORT`/`LICH_TOKEN`/`LICH_SESSION_ID` finds no lich, or acts as nobody
 *   (real-agents.md § 5.3). Names only: the token's value never reaches argv, which any user can
 *   read. And `…tool_timeout_sec` ({@link CODEX_TOOL_TIMEOUT_SECONDS}). None of it when `bin` is
 *   `""`.
 * - `features.daemon_auto_start=false`, always: a plain Codex TUI starts a detached app-server
 *   daemon that outlives it, and a later Codex runs its commands inside that daemon's environment,
 *   without the session's `LICH_*` (real-agents.md § 5.4). Any `-c` happened to keep 0.169.0 from
 *   it; this says so in Codex's own words, with or without the MCP registration.
 */
export function codexConfig(bin: string): string[] {
  const argv: string[] = [];
  if (bin) {
    const server = `mcp_servers.${MCP_SERVER_NAME}`;
    argv.push(
      '-c',
      `${server}.command=${tomlString(bin)}`,
      '-c',
      `${server}.args=[${tomlString(MCP_SUBCOMMAND)}]`,
      '-c',
      `${server}.env_vars=[${SESSION_VARIABLES.map(tomlString).join(',')}]`,
      '-c',
      `${server}.tool_timeout_sec=${CODEX_TOOL_TIMEOUT_SECONDS}`,
    );
  }
  argv.push('-c', 'features.daemon_auto_start=false');
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

/**
 * The refusal of an effort for a provider that cannot take one (spec/cli.md § lich open,
 * --effort; the wording is this implementation's, wire.md leaves it undetermined). Cursor CLI
 * names the effort inside the model id, so it is pointed there; opencode and Crush have no such
 * flag on the TUI lich starts, and neither has the shell or a user-defined provider.
 */
export function effortRefusal(p: Provider): string {
  if (p.id === 'cursor') {
    return `${p.name} names the effort inside the model id (claude-opus-4-8-high), not on a flag of its own — pass that as the model instead, and leave the effort out`;
  }
  return `${p.name} cannot be told which effort to run at when lich starts it — open the session without an effort and set it inside it`;
}

/**
 * The refusal of ultracode for anything but Claude Code (spec/cli.md § lich open, --ultracode;
 * the wording is this implementation's).
 */
export function ultracodeRefusal(p: Provider): string {
  return `${p.name} has no ultracode — it is Claude Code's alone: open the session without it, or open a Claude Code session instead`;
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
