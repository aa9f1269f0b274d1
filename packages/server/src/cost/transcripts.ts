/**
 * Reading what a provider wrote down about its own spend (spec/cli.md § lich cost, "priced"):
 * where each provider keeps a conversation's transcript, and the tallies that price one,
 * fed a line at a time so a transcript that grows by a turn is read by that turn only.
 *
 * | provider | transcript | counted |
 * |---|---|---|
 * | Claude Code | `$CLAUDE_CONFIG_DIR` (else `~/.claude`) `/projects/<cwd slug>/<session id>.jsonl` | each assistant message's `usage`, once per message id + request id (a streamed message is written once per content block) |
 * | Codex | `$CODEX_HOME` (else `~/.codex`) `/sessions/YYYY/MM/DD/rollout-<time>-<session id>.jsonl` | each `token_count` event's growth of `total_token_usage`, at the model of the last `turn_context` |
 *
 * A line that is not JSON, or not one of those rows, is skipped: a transcript is another
 * program's file, written while it is read.
 */
import { open, readdir, stat } from 'node:fs/promises';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { priceOf, priceRow, type Tokens } from './prices.js';

/** What a tally made of the lines it was fed. */
export interface Priced {
  /** The priced turns' sum, in US dollars. */
  costUsd: number;
  /** The first model a turn with tokens ran on that the table has no row for; undefined when every turn was priced. */
  unpriced?: string;
  /** Turns counted (priced or not). */
  turns: number;
  /** When the last counted turn was written, ms since the epoch; 0 when none carried a time. */
  lastTurnAt: number;
}

/** Prices a transcript a line at a time. */
export interface Tally {
  line(text: string): void;
  result(): Priced;
}

const ZERO: Tokens = { input: 0, output: 0, cacheWrite: 0, cacheWrite1h: 0, cacheRead: 0 };

function count(v: unknown): number {
  return typeof v === 'number' && Number.isFinite(v) && v > 0 ? v : 0;
}

function time(v: unknown): number {
  const t = typeof v === 'string' ? Date.parse(v) : NaN;
  return Number.isFinite(t) ? t : 0;
}

function parse(text: string): Record<string, any> | undefined {
  try {
    const v: unknown = JSON.parse(text);
    return v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, any>) : undefined;
  } catch {
    return undefined;
  }
}

function empty(t: Tokens): boolean {
  return t.input === 0 && t.output === 0 && t.cacheWrite === 0 && t.cacheWrite1h === 0 && t.cacheRead === 0;
}

/**
 * A Claude Code transcript's tally. Each assistant row carries its message's `model` and `usage`
 * (`input_tokens`, `output_tokens`, `cache_creation_input_tokens` — split into 5-minute and
 * 1-hour writes by `cache_creation` when present — and `cache_read_input_tokens`); a message
 * streamed as several rows repeats them, so the last row of each message id + request id is the
 * one counted. Claude Code's own `<synthetic>` rows (an error shown as a message) cost nothing.
 */
export class ClaudeTally implements Tally {
  private readonly turns = new Map<string, { model: string; tokens: Tokens; at: number }>();
  private anonymous = 0;

  line(text: string): void {
    const row = parse(text);
    if (row?.type !== 'assistant') return;
    const message = row.message;
    if (message === null || typeof message !== 'object' || message.usage === null || typeof message.usage !== 'object') return;
    const model = typeof message.model === 'string' ? message.model : '';
    if (model === '<synthetic>') return;
    const u = message.usage as Record<string, unknown>;
    const writes = count(u.cache_creation_input_tokens);
    const split = u.cache_creation !== null && typeof u.cache_creation === 'object' ? (u.cache_creation as Record<string, unknown>) : undefined;
    const write1h = split ? Math.min(writes, count(split.ephemeral_1h_input_tokens)) : 0;
    const tokens: Tokens = {
      input: count(u.input_tokens),
      output: count(u.output_tokens),
      cacheWrite: writes - write1h,
      cacheWrite1h: write1h,
      cacheRead: count(u.cache_read_input_tokens),
    };
    const id = typeof message.id === 'string' && message.id !== '' ? message.id : undefined;
    const key = id !== undefined ? `${id}\u0000${typeof row.requestId === 'string' ? row.requestId : ''}` : `\u0001${this.anonymous++}`;
    this.turns.set(key, { model, tokens, at: time(row.timestamp) });
  }

  result(): Priced {
    const out: Priced = { costUsd: 0, turns: 0, lastTurnAt: 0 };
    for (const turn of this.turns.values()) {
      out.turns++;
      out.lastTurnAt = Math.max(out.lastTurnAt, turn.at);
      if (empty(turn.tokens)) continue;
      const row = priceRow(turn.model);
      if (row === undefined) out.unpriced ??= turn.model || '(no model)';
      else out.costUsd += priceOf(row, turn.tokens);
    }
    return out;
  }
}

interface CodexUsage {
  input: number;
  cached: number;
  output: number;
}

function codexUsage(v: unknown): CodexUsage | undefined {
  if (v === null || typeof v !== 'object') return undefined;
  const u = v as Record<string, unknown>;
  return { input: count(u.input_tokens), cached: count(u.cached_input_tokens), output: count(u.output_tokens) };
}

/**
 * A Codex rollout's tally. `token_count` events carry the session's running `total_token_usage`
 * (`input_tokens` with `cached_input_tokens` inside it, `output_tokens` with the reasoning
 * tokens inside it); a turn is what the total grew by since the event before — an event that
 * repeats a total counts nothing — priced at the model the last `turn_context` named. A total
 * that went down (a counter started over) counts that event's `last_token_usage` instead.
 */
export class CodexTally implements Tally {
  private model = '';
  private previous?: CodexUsage;
  private readonly out: Priced = { costUsd: 0, turns: 0, lastTurnAt: 0 };

  line(text: string): void {
    const row = parse(text);
    const payload = row?.payload;
    if (payload === null || typeof payload !== 'object') return;
    if (row!.type === 'turn_context') {
      if (typeof payload.model === 'string' && payload.model !== '') this.model = payload.model;
      return;
    }
    if (row!.type !== 'event_msg' || payload.type !== 'token_count' || payload.info === null || typeof payload.info !== 'object') return;
    const total = codexUsage(payload.info.total_token_usage);
    if (total === undefined) return;
    const prev = this.previous ?? { input: 0, cached: 0, output: 0 };
    let turn: CodexUsage = { input: total.input - prev.input, cached: total.cached - prev.cached, output: total.output - prev.output };
    if (turn.input < 0 || turn.cached < 0 || turn.output < 0) turn = codexUsage(payload.info.last_token_usage) ?? total;
    this.previous = total;
    const tokens: Tokens = { ...ZERO, input: Math.max(0, turn.input - turn.cached), cacheRead: turn.cached, output: turn.output };
    if (empty(tokens)) return;
    this.out.turns++;
    this.out.lastTurnAt = Math.max(this.out.lastTurnAt, time(row!.timestamp));
    const priced = priceRow(this.model);
    if (priced === undefined) this.out.unpriced ??= this.model || '(no model)';
    else this.out.costUsd += priceOf(priced, tokens);
  }

  result(): Priced {
    return { ...this.out };
  }
}

/** Where a transcript stands after a read: its size in bytes and when it was last written (ms). */
export interface FileState {
  size: number;
  mtimeMs: number;
}

const CHUNK = 1 << 20;

/**
 * One transcript read incrementally: each {@link TranscriptFile.read} feeds the tally the
 * complete lines written since the last one, keeping a torn last line for the next read. A file
 * that got shorter was rewritten, and is read again from the start with a new tally.
 */
export class TranscriptFile {
  private offset = 0;
  private rest: Buffer = Buffer.alloc(0);
  tally: Tally;

  constructor(
    readonly path: string,
    private readonly makeTally: () => Tally,
  ) {
    this.tally = makeTally();
  }

  /** Bytes fed to the tally so far (complete lines only). */
  get consumed(): number {
    return this.offset - this.rest.length;
  }

  /** Reads what was appended; undefined when the file cannot be read (it is then left as it was). */
  async read(): Promise<FileState | undefined> {
    let handle;
    try {
      handle = await open(this.path, 'r');
    } catch {
      return undefined;
    }
    try {
      const st = await handle.stat();
      if (st.size < this.offset) {
        this.offset = 0;
        this.rest = Buffer.alloc(0);
        this.tally = this.makeTally();
      }
      while (this.offset < st.size) {
        const buf = Buffer.alloc(Math.min(CHUNK, st.size - this.offset));
        const { bytesRead } = await handle.read(buf, 0, buf.length, this.offset);
        if (bytesRead === 0) break;
        this.offset += bytesRead;
        this.feed(buf.subarray(0, bytesRead));
      }
      return { size: st.size, mtimeMs: st.mtimeMs };
    } catch {
      return undefined;
    } finally {
      await handle.close();
    }
  }

  private feed(chunk: Buffer): void {
    let data = this.rest.length > 0 ? Buffer.concat([this.rest, chunk]) : chunk;
    let start = 0;
    for (let nl = data.indexOf(0x0a, start); nl !== -1; nl = data.indexOf(0x0a, start)) {
      const text = data.toString('utf8', start, nl).trim();
      if (text !== '') this.tally.line(text);
      start = nl + 1;
    }
    data = data.subarray(start);
    this.rest = Buffer.from(data);
  }
}

/** A provider session id fit to be a file name: no path in it. */
export function safeId(id: string): boolean {
  return /^[A-Za-z0-9][A-Za-z0-9._-]*$/.test(id) && !id.includes('..');
}

/** Claude Code's home: `$CLAUDE_CONFIG_DIR`, else `~/.claude`. */
export function claudeHome(env: NodeJS.ProcessEnv): string {
  return env.CLAUDE_CONFIG_DIR || join(env.HOME || homedir(), '.claude');
}

/** Codex's home: `$CODEX_HOME`, else `~/.codex`. */
export function codexHome(env: NodeJS.ProcessEnv): string {
  return env.CODEX_HOME || join(env.HOME || homedir(), '.codex');
}

/** The directory name Claude Code keeps a working directory's transcripts under: every character but a letter or digit as `-`. */
export function claudeSlug(cwd: string): string {
  return cwd.replace(/[^A-Za-z0-9]/g, '-');
}

async function isFile(path: string): Promise<boolean> {
  try {
    return (await stat(path)).isFile();
  } catch {
    return false;
  }
}

/**
 * The transcript of Claude Code session `id` that ran in `cwd`: under the directory's slug,
 * else under whichever project directory holds a file of that name (Claude Code shortens the
 * slug of a long path its own way). Undefined when there is none.
 */
export async function findClaudeTranscript(env: NodeJS.ProcessEnv, cwd: string, id: string): Promise<string | undefined> {
  if (!safeId(id)) return undefined;
  const projects = join(claudeHome(env), 'projects');
  const file = `${id}.jsonl`;
  const direct = join(projects, claudeSlug(cwd), file);
  if (await isFile(direct)) return direct;
  let dirs: string[];
  try {
    dirs = await readdir(projects);
  } catch {
    return undefined;
  }
  for (const dir of dirs) {
    const candidate = join(projects, dir, file);
    if (await isFile(candidate)) return candidate;
  }
  return undefined;
}

async function list(dir: string): Promise<string[]> {
  try {
    return (await readdir(dir)).sort().reverse();
  } catch {
    return [];
  }
}

/**
 * The rollout of Codex session `id`: a file ending `-<id>.jsonl` in a `sessions/YYYY/MM/DD`
 * directory dated from two days before `fromMs` on (the directory is dated in Codex's local
 * time), newest first. Undefined when there is none.
 */
export async function findCodexRollout(env: NodeJS.ProcessEnv, id: string, fromMs: number): Promise<string | undefined> {
  if (!safeId(id)) return undefined;
  const sessions = join(codexHome(env), 'sessions');
  const from = new Date(fromMs - 2 * 86_400_000);
  const floor = `${from.getUTCFullYear()}/${String(from.getUTCMonth() + 1).padStart(2, '0')}/${String(from.getUTCDate()).padStart(2, '0')}`;
  const suffix = `-${id}.jsonl`;
  for (const y of await list(sessions)) {
    if (!/^\d{4}$/.test(y) || y < floor.slice(0, 4)) continue;
    for (const m of await list(join(sessions, y))) {
      if (!/^\d{2}$/.test(m) || `${y}/${m}` < floor.slice(0, 7)) continue;
      for (const d of await list(join(sessions, y, m))) {
        if (!/^\d{2}$/.test(d) || `${y}/${m}/${d}` < floor) continue;
        const hit = (await list(join(sessions, y, m, d))).find((f) => f.startsWith('rollout-') && f.endsWith(suffix));
        if (hit !== undefined) return join(sessions, y, m, d, hit);
      }
    }
  }
  return undefined;
}
