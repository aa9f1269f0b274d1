// The bad-input corpus (contracts/fixtures/bad/, its README has the case format) replayed
// against one real backend, surface by surface: every CLI case through the built `lich`, every
// RPC, hook and mod case over HTTP, every MCP case through a `lich mcp` child fed raw bytes.
// Each case states its exact outcome; a case that does not meet it is listed, and so is any
// crash — a process killed or ending with a code no outcome has, a stack trace on any stderr or
// in the backend's log, a request the listener never answered. Afterwards the backend must still
// answer, and no paste the sink session received may have ended early (wire.md § 8.2).

import { spawn } from 'node:child_process';
import { isUtf8 } from 'node:buffer';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Backend, LICH_JS, ROOT, baseEnv, inertProvider, makeRepo, sleep, type Session } from './harness.js';

const DIR = join(ROOT, 'contracts/fixtures/bad');
const PASTE_START = '\x1b[200~';
const PASTE_END = '\x1b[201~';

/** A value of the corpus's small text language (contracts/fixtures/bad/README.md § Text). */
type Text = string | { $repeat: Text; times: number } | { $hex: string } | { $concat: Text[] };
type Json = unknown;

interface Common {
  name: string;
  /** Whose session the caller plays: `sink`, `caller`, or absent for a caller outside lich. */
  as?: 'sink' | 'caller';
  env?: Record<string, string | null>;
  paste?: Text;
  pasteContains?: Text;
  answer?: { bytes?: number; text?: string };
}
interface CliCase extends Common {
  argv: Text[];
  stdin?: Text;
  before?: Text[][];
  exit: number;
  stderr: Json;
  stdout?: Json;
  stdoutJson?: Json;
}
interface HttpCase extends Common {
  method?: string;
  path?: string;
  http?: string;
  token?: 'none' | 'wrong' | 'short';
  query?: string;
  body?: Json;
  raw?: Text;
  status: number;
  error?: Json;
  result?: Json;
  text?: string;
  json?: Json;
}
interface McpCase extends Common {
  group: string;
  send: Array<Text | { await: number } | { close: true }>;
  replies: Json[];
  exit?: number;
  stderr?: Json;
}

function load<T>(file: string): T[] {
  return readFileSync(join(DIR, file), 'utf8')
    .split('\n')
    .filter((l) => l.trim() !== '')
    .map((l) => JSON.parse(l) as T);
}

let b: Backend;
let sink: Session;
let caller: Session;
let sinkFile: string;
let emptyConfig: string;
let deadPort: number;
let errands = 0;
const stderrs: Array<{ where: string; text: string }> = [];
const counts = { tried: 0, crashes: [] as string[] };

beforeAll(async () => {
  b = await Backend.start({
    providers: ({ home }) => ({
      // A terminal that keeps every byte typed at it: raw, so nothing is cooked or echoed, with
      // bracketed paste turned on, as an agent's TUI turns it on (lich brackets only for that).
      sink: {
        name: 'Sink',
        command: '/bin/sh',
        args: ['-c', 'printf "\\033[?2004h"; stty raw -echo; exec cat > "$0"', join(home, 'sink.bytes')],
        env: {},
        reportsState: false,
        tools: false,
      },
      inert: inertProvider(),
    }),
  });
  sinkFile = join(b.home, 'sink.bytes');
  const repo = makeRepo(b.home, 'corpus', 1);
  sink = await b.open(repo, 'sink');
  caller = await b.open(repo, 'inert');
  for (const [s, label] of [[sink, 'sink'], [caller, 'caller']] as const) {
    const r = await b.lich(['rename', s.id, label]);
    if (r.code !== 0) throw new Error(`rename to ${label}: ${r.stderr}`);
  }
  emptyConfig = mkdtempSync(join(tmpdir(), 'lich-corpus-noconfig-'));
  deadPort = await new Promise<number>((done) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const p = (s.address() as { port: number }).port;
      s.close(() => done(p));
    });
  });
}, 60_000);

afterAll(async () => {
  rmSync(emptyConfig, { recursive: true, force: true });
  if (b) await b.close();
});

// ───────────────────────── the text language and placeholders ─────────────────────────

function places(extra: Record<string, string> = {}): Record<string, string> {
  return {
    sinkId: sink.id,
    sinkName: sink.name,
    callerId: caller.id,
    callerName: caller.name,
    repo: join(b.home, 'corpus'),
    port: String(b.port),
    deadPort: String(deadPort),
    emptyConfig,
    ...extra,
  };
}

/** Every `{{name}}` in every string of `v` replaced. */
function fill<T>(v: T, p: Record<string, string>): T {
  if (typeof v === 'string') {
    return v.replace(/\{\{(\w+)\}\}/g, (m, k: string) => {
      if (!(k in p)) throw new Error(`no value for ${m}`);
      return p[k]!;
    }) as T;
  }
  if (Array.isArray(v)) return v.map((x) => fill(x, p)) as T;
  if (v && typeof v === 'object') return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, fill(x, p)])) as T;
  return v;
}

function bytes(t: Text): Buffer {
  if (typeof t === 'string') return Buffer.from(t, 'utf8');
  if ('$hex' in t) return Buffer.from(t.$hex, 'hex');
  if ('$repeat' in t) {
    const one = bytes(t.$repeat);
    return Buffer.alloc(one.length * t.times, one);
  }
  return Buffer.concat(t.$concat.map(bytes));
}

/** A JSON value with its `$repeat`/`$concat` strings expanded (`$hex` has no place inside JSON). */
function value(v: Json): Json {
  if (Array.isArray(v)) return v.map(value);
  if (v && typeof v === 'object') {
    if ('$repeat' in v || '$concat' in v || '$hex' in v) {
      const buf = bytes(v as Text);
      if (!isUtf8(buf)) throw new Error('a JSON string cannot hold invalid UTF-8: use "raw"');
      return buf.toString('utf8');
    }
    return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, value(x)]));
  }
  return v;
}

/** Whether `actual` meets `expected`: `$prefix`, `$type`, objects by their listed keys, arrays and scalars exactly. */
function meets(expected: Json, actual: unknown): boolean {
  if (expected && typeof expected === 'object' && !Array.isArray(expected)) {
    const e = expected as Record<string, Json>;
    if ('$prefix' in e) return typeof actual === 'string' && actual.startsWith(e.$prefix as string);
    if ('$type' in e) return e.$type === 'array' ? Array.isArray(actual) : e.$type === 'object' ? actual !== null && typeof actual === 'object' && !Array.isArray(actual) : typeof actual === e.$type;
    if ('$repeat' in e || '$concat' in e) return actual === value(e);
    if (!actual || typeof actual !== 'object' || Array.isArray(actual)) return false;
    return Object.entries(e).every(([k, x]) => meets(x, (actual as Record<string, unknown>)[k]));
  }
  if (Array.isArray(expected)) {
    return Array.isArray(actual) && actual.length === expected.length && expected.every((x, i) => meets(x, actual[i]));
  }
  return Object.is(expected, actual);
}

/** A long string as its opening and length, so a failure stays readable. */
function short(v: unknown): unknown {
  if (typeof v === 'string') return v.length > 300 ? `${v.slice(0, 200)}… (${v.length} chars)` : v;
  if (Array.isArray(v)) return v.length > 20 ? `[array of ${v.length}]` : v.map(short);
  if (v && typeof v === 'object') return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, short(x)]));
  return v;
}

async function pool<T>(items: T[], width: number, run: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(width, items.length) }, async () => {
      while (next < items.length) await run(items[next++]!);
    }),
  );
}

// ───────────────────────── the backend, over HTTP ─────────────────────────

interface Reply {
  status: number;
  body: Buffer;
}

function http(method: string, path: string, body?: Buffer): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port: b.port, method, path, agent: false, headers: body ? { 'Content-Type': 'application/json', 'Content-Length': body.length } : {} }, (res) => {
      const parts: Buffer[] = [];
      res.on('data', (d: Buffer) => parts.push(d));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(parts) }));
      res.on('error', reject);
    });
    req.setTimeout(60_000, () => req.destroy(new Error('no answer within 60 s')));
    req.on('error', reject);
    req.end(body);
  });
}

async function call(method: string, options: Record<string, unknown>): Promise<any> {
  const r = await http('POST', `/rpc/${method}?token=${b.token}`, Buffer.from(JSON.stringify([options])));
  const out = JSON.parse(r.body.toString('utf8'));
  if (r.status !== 200) throw new Error(`${method}: ${r.status} ${out.error}`);
  return out;
}

// ───────────────────────── the sink ─────────────────────────

function sinkText(): string {
  try {
    return readFileSync(sinkFile, 'utf8');
  } catch {
    return '';
  }
}

/** Every bracketed paste the sink received, its content between the markers. */
function pastes(): string[] {
  const out: string[] = [];
  const all = sinkText();
  for (let i = all.indexOf(PASTE_START); i !== -1; i = all.indexOf(PASTE_START, i + 1)) {
    const end = all.indexOf(PASTE_END, i);
    if (end === -1) break;
    out.push(all.slice(i + PASTE_START.length, end));
  }
  return out;
}

async function untilPasted(pred: (p: string) => boolean, ms = 30_000): Promise<boolean> {
  const end = Date.now() + ms;
  for (;;) {
    if (pastes().some(pred)) return true;
    if (Date.now() > end) return false;
    await sleep(50);
  }
}

/** A fresh errand from the command line to the sink, once the sink has it: its ticket. */
async function errand(): Promise<string> {
  const marker = `corpus-errand-${++errands}`;
  const r = await call('relay.Send', { from: '', target: sink.id, project: '', prompt: marker, timeoutSeconds: 1 });
  const ticket = r.ticket as string;
  if (!(await untilPasted((p) => p.includes(marker) && p.includes(`reply ${ticket} `)))) throw new Error(`errand ${ticket} never reached the sink`);
  return ticket;
}

/** Fills a case's placeholders, opening an errand first when it names `{{ticket}}`. */
async function prepare<T extends Common>(c: T): Promise<{ c: T; ticket?: string }> {
  const ticket = JSON.stringify(c).includes('{{ticket}}') ? await errand() : undefined;
  return { c: fill(c, places(ticket ? { ticket } : {})), ticket };
}

/**
 * The checks every surface shares: what reached the sink, and the answer a ticket now holds. A
 * paste an insert left at the sink's prompt is a person's draft, which holds the relay's typing
 * for as long as it is there (terminal/draft.ts): the person sends it, as `lich insert` expects.
 */
async function aftermath(c: Common, ticket: string | undefined, problems: string[], inserted = false): Promise<void> {
  if (c.paste !== undefined) {
    const want = bytes(c.paste).toString('utf8');
    if (!(await untilPasted((p) => p === want))) problems.push(`no paste of exactly ${JSON.stringify(short(want))} reached the sink`);
  }
  if (inserted) await b.typeAsPerson(sink.id, '\r');
  if (c.pasteContains !== undefined) {
    const want = bytes(c.pasteContains).toString('utf8');
    if (!(await untilPasted((p) => p.includes(want)))) problems.push(`no paste holding ${JSON.stringify(short(want))} reached the sink`);
  }
  if (c.answer !== undefined) {
    if (!ticket) return void problems.push('an answer is expected but the case names no {{ticket}}');
    const r = await call('relay.Wait', { ticket, timeoutSeconds: 1 });
    if (r.status !== 'answered') problems.push(`the ticket is ${r.status}, not answered`);
    if (c.answer.bytes !== undefined && Buffer.byteLength(r.answer, 'utf8') !== c.answer.bytes) {
      problems.push(`the answer is ${Buffer.byteLength(r.answer, 'utf8')} bytes, not ${c.answer.bytes}`);
    }
    if (c.answer.text !== undefined && r.answer !== c.answer.text) problems.push(`the answer is ${JSON.stringify(short(r.answer))}, not ${JSON.stringify(c.answer.text)}`);
  }
}

function envFor(c: Common): Record<string, string> {
  const env = baseEnv();
  env.LICH_PORT = String(b.port);
  env.LICH_TOKEN = b.token;
  env.XDG_CONFIG_HOME = b.configHome;
  if (c.as) env.LICH_SESSION_ID = c.as === 'sink' ? sink.id : caller.id;
  for (const [k, v] of Object.entries(c.env ?? {})) {
    if (v === null) delete env[k];
    else env[k] = v;
  }
  return env;
}

/** A stack frame line, in whatever stream it appears. */
const STACK = /^\s+at .+/m;

function noteStderr(where: string, text: string): void {
  if (text !== '') stderrs.push({ where, text });
  if (STACK.test(text)) counts.crashes.push(`${where}: a stack trace on stderr`);
}

// ───────────────────────── CLI ─────────────────────────

interface Ran {
  code: number | null;
  signal: string | null;
  stdout: string;
  stderr: string;
}

/** `lich …argv` with raw bytes in argv where a case has them (through sh's printf, the one way to pass them). */
function runRaw(argv: Buffer[], env: Record<string, string>, stdin: Buffer): Promise<Ran> {
  let file = process.execPath;
  let args = [LICH_JS, ...argv.map((a) => a.toString('utf8'))];
  if (!argv.every((a) => isUtf8(a))) {
    const octal = (a: Buffer) => [...a].map((x) => `\\${x.toString(8).padStart(3, '0')}`).join('');
    // Command substitution drops trailing newlines: no case ends a raw argument with one.
    const words = argv.map((a) => `"$(printf '${octal(a)}')"`);
    file = '/bin/sh';
    args = ['-c', `exec "$0" "$1" ${words.join(' ')}`, process.execPath, LICH_JS];
  }
  return new Promise((resolve) => {
    const child = spawn(file, args, { env, stdio: ['pipe', 'pipe', 'pipe'] });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    child.stdout.on('data', (d: Buffer) => out.push(d));
    child.stderr.on('data', (d: Buffer) => err.push(d));
    child.stdin.on('error', () => {});
    child.stdin.end(stdin);
    const timer = setTimeout(() => child.kill('SIGKILL'), 60_000);
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      resolve({ code, signal, stdout: Buffer.concat(out).toString('utf8'), stderr: Buffer.concat(err).toString('utf8') });
    });
  });
}

async function replayCli(raw: CliCase, failures: unknown[]): Promise<void> {
  counts.tried++;
  const { c, ticket } = await prepare(raw);
  const env = envFor(c);
  for (const step of c.before ?? []) await runRaw(step.map(bytes), env, Buffer.alloc(0));
  const r = await runRaw(c.argv.map(bytes), env, c.stdin === undefined ? Buffer.alloc(0) : bytes(c.stdin));
  noteStderr(`cli ${c.name}`, r.stderr);
  if (r.signal !== null || r.code === null || r.code > 3) counts.crashes.push(`cli ${c.name}: ended with ${r.signal ?? r.code}`);
  const problems: string[] = [];
  if (r.code !== c.exit) problems.push(`exit ${r.code}, not ${c.exit}`);
  if (!meets(c.stderr, r.stderr)) problems.push('stderr differs');
  if (c.exit === 1 && r.stderr.split('\n').length !== 2 + (r.stderr.includes('\nRun `lich help`') ? 1 : 0)) problems.push('the failure is not one lich: line');
  if (c.stdout !== undefined ? !meets(c.stdout, r.stdout) : c.exit === 1 && r.stdout !== '') problems.push('stdout differs');
  if (c.stdoutJson !== undefined) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(r.stdout);
    } catch {
      parsed = undefined;
    }
    if (!meets(c.stdoutJson, parsed)) problems.push('stdout JSON differs');
  }
  await aftermath(c, ticket, problems, r.code === 0 && bytes(c.argv[0]!).toString('utf8') === 'insert');
  if (problems.length > 0) {
    failures.push({ name: c.name, problems, expected: short({ exit: c.exit, stderr: c.stderr, stdout: c.stdout, stdoutJson: c.stdoutJson }), actual: short(r) });
  }
}

// ───────────────────────── RPC, hooks and mod ─────────────────────────

async function replayHttp(surface: string, raw: HttpCase, failures: unknown[]): Promise<void> {
  counts.tried++;
  const { c, ticket } = await prepare(raw);
  const path = c.path ?? `/rpc/${c.method}`;
  const token = c.token === 'none' ? undefined : c.token === 'wrong' ? '0'.repeat(32) : c.token === 'short' ? b.token.slice(1) : b.token;
  const query = [token === undefined ? '' : `token=${token}`, c.query ?? ''].filter(Boolean).join('&');
  const http_ = c.http ?? 'POST';
  const body = c.raw !== undefined ? bytes(c.raw) : c.body !== undefined ? Buffer.from(JSON.stringify(value(c.body)), 'utf8') : undefined;
  let r: Reply;
  try {
    r = await http(http_, query ? `${path}?${query}` : path, http_ === 'GET' ? undefined : body);
  } catch (e) {
    counts.crashes.push(`${surface} ${c.name}: ${(e as Error).message}`);
    failures.push({ name: c.name, problems: [`no answer: ${(e as Error).message}`] });
    return;
  }
  const text = r.body.toString('utf8');
  if (r.status === 500 && text === 'internal error\n') counts.crashes.push(`${surface} ${c.name}: the listener's internal error`);
  const problems: string[] = [];
  if (r.status !== c.status) problems.push(`status ${r.status}, not ${c.status}`);
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    parsed = undefined;
  }
  if (c.error !== undefined && !meets(c.error, (parsed as { error?: unknown } | undefined)?.error)) problems.push('error differs');
  if (c.error !== undefined && !(parsed && typeof parsed === 'object' && Object.keys(parsed).length === 1)) problems.push('the body is not {"error": …} alone');
  if (c.result !== undefined && !meets(c.result, parsed)) problems.push('result differs');
  if (c.json !== undefined && !meets(c.json, parsed)) problems.push('JSON body differs');
  if (c.text !== undefined && text !== `${c.text}\n`) problems.push('text differs');
  if (c.status === 204 && text !== '') problems.push('a 204 with a body');
  await aftermath(c, ticket, problems, c.method === 'relay.Insert' && r.status === 200);
  if (problems.length > 0) {
    failures.push({ name: c.name, problems, expected: short({ status: c.status, error: c.error, result: c.result, text: c.text, json: c.json }), actual: short({ status: r.status, body: parsed ?? text }) });
  }
}

// ───────────────────────── MCP ─────────────────────────

async function replayMcpGroup(cases: McpCase[], failures: unknown[]): Promise<void> {
  const group = cases[0]!.group;
  const child = spawn(process.execPath, [LICH_JS, 'mcp'], { env: envFor({ ...cases[0]!, env: fill(cases[0]!.env, places()) }), stdio: ['pipe', 'pipe', 'pipe'] });
  const lines: string[] = [];
  let pending = '';
  let stderr = '';
  child.stdout.setEncoding('utf8');
  child.stdout.on('data', (d: string) => {
    pending += d;
    for (let nl = pending.indexOf('\n'); nl !== -1; nl = pending.indexOf('\n')) {
      lines.push(pending.slice(0, nl));
      pending = pending.slice(nl + 1);
    }
  });
  child.stderr.setEncoding('utf8');
  child.stderr.on('data', (d: string) => (stderr += d));
  child.stdin.on('error', () => {});
  const exited = new Promise<{ code: number | null; signal: string | null }>((resolve) => child.on('close', (code, signal) => resolve({ code, signal })));
  let gone = false;
  void exited.then(() => (gone = true));

  const until = async (n: number): Promise<boolean> => {
    const end = Date.now() + 30_000;
    while (lines.length < n) {
      if (gone || Date.now() > end) return lines.length >= n;
      await sleep(10);
    }
    return true;
  };

  let cursor = 0;
  for (const raw of cases) {
    counts.tried++;
    const { c, ticket } = await prepare(raw);
    const problems: string[] = [];
    const start = cursor;
    for (const part of c.send) {
      if (typeof part === 'object' && 'await' in part) {
        if (!(await until(start + part.await))) problems.push(`fewer than ${part.await} replies before the next write`);
        continue;
      }
      if (typeof part === 'object' && 'close' in part) {
        child.stdin.end();
        continue;
      }
      if (!gone) await new Promise<void>((r) => child.stdin.write(bytes(part), () => r()));
    }
    const want = c.replies.length;
    if (!(await until(start + want))) problems.push(`${lines.length - start} replies, not ${want}`);
    const got = lines.slice(start, start + want).map((l) => {
      try {
        return JSON.parse(l) as unknown;
      } catch {
        return l;
      }
    });
    cursor = start + got.length;
    c.replies.forEach((r, i) => {
      if (!meets(r, got[i])) problems.push(`reply ${i + 1} differs`);
    });
    await aftermath(c, ticket, problems);
    if (problems.length > 0) failures.push({ name: `${group}: ${c.name}`, problems, expected: short(c.replies), actual: short(got) });
  }
  child.stdin.end();
  const end = await exited;
  noteStderr(`mcp ${group}`, stderr);
  const last = cases[cases.length - 1]!;
  const exit = last.exit ?? 0;
  const wantStderr = last.stderr ?? '';
  if (end.signal !== null || (end.code !== 0 && end.code !== 1)) counts.crashes.push(`mcp ${group}: ended with ${end.signal ?? end.code}`);
  const problems: string[] = [];
  if (end.code !== exit) problems.push(`exit ${end.code}, not ${exit}`);
  if (!meets(wantStderr, stderr)) problems.push(`stderr ${JSON.stringify(stderr)}`);
  if (lines.length > cursor) problems.push(`${lines.length - cursor} replies nobody asked for: ${lines.slice(cursor).join(' | ').slice(0, 300)}`);
  if (problems.length > 0) failures.push({ name: `${group}: the server's end`, problems });
}

// ───────────────────────── the replay ─────────────────────────

describe('the bad-input corpus', () => {
  it('has at least 300 cases, each named once per surface', () => {
    const all = [load<CliCase>('cli.jsonl'), load<HttpCase>('rpc.jsonl'), load<HttpCase>('hooks.jsonl'), load<McpCase>('mcp.jsonl')];
    expect(all.reduce((n, cs) => n + cs.length, 0)).toBeGreaterThanOrEqual(300);
    for (const cs of all) {
      const names = cs.map((c) => ('group' in c ? `${(c as McpCase).group}: ${c.name}` : c.name));
      expect(new Set(names).size).toBe(names.length);
    }
  });

  it('CLI: every case ends in its one lich: line and exit 1, or in the outcome it names', async () => {
    const failures: unknown[] = [];
    await pool(load<CliCase>('cli.jsonl'), 6, (c) => replayCli(c, failures));
    expect(failures).toEqual([]);
  }, 600_000);

  it('RPC: every case gets its status and its {"error": …} reason', async () => {
    const failures: unknown[] = [];
    await pool(load<HttpCase>('rpc.jsonl'), 8, (c) => replayHttp('rpc', c, failures));
    expect(failures).toEqual([]);
  }, 600_000);

  it('hooks and mod: every case gets its status and its plain-text reason', async () => {
    const failures: unknown[] = [];
    await pool(load<HttpCase>('hooks.jsonl'), 8, (c) => replayHttp('hooks', c, failures));
    expect(failures).toEqual([]);
  }, 600_000);

  it('MCP: every line gets its JSON-RPC error or its tool result, in order, one child per group', async () => {
    const failures: unknown[] = [];
    const groups = new Map<string, McpCase[]>();
    for (const c of load<McpCase>('mcp.jsonl')) groups.set(c.group, [...(groups.get(c.group) ?? []), c]);
    await pool([...groups.values()], 4, (cs) => replayMcpGroup(cs, failures));
    expect(failures).toEqual([]);
  }, 600_000);

  it('left the backend answering, every paste whole, and no stack trace anywhere', async () => {
    const peers = (await call('relay.Peers', { from: '' })) as Array<{ id: string }>;
    expect(peers.map((p) => p.id).sort()).toEqual([sink.id, caller.id].sort());
    const diag = await http('POST', `/rpc/system.Diagnostics?token=${b.token}`, Buffer.from('[]'));
    expect(diag.status).toBe(200);
    // Every paste the sink received was closed by its own end marker before the next one began.
    const all = sinkText();
    const markers = [...all.matchAll(/\x1b\[20([01])~/g)].map((m) => m[1]);
    expect(markers.length).toBeGreaterThan(0);
    expect(markers.every((m, i) => m === (i % 2 === 0 ? '0' : '1'))).toBe(true);
    expect(markers.length % 2).toBe(0);
    const backendStacks = b.backendLog.filter((l) => STACK.test(l));
    for (const l of backendStacks) counts.crashes.push(`backend: ${l.split('\n')[0]}`);
    expect(b.violations).toEqual([]);
    console.log(`bad-input corpus: ${counts.tried} cases tried, ${counts.crashes.length} crashes${counts.crashes.length ? `: ${counts.crashes.join('; ')}` : ''}`);
    expect(counts.crashes).toEqual([]);
    expect(stderrs.filter((s) => STACK.test(s.text))).toEqual([]);
  });
});
