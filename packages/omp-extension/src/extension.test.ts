/**
 * lich's omp extension against a recording stand-in for lich's hook endpoints on a real loopback
 * port, fed the events omp 18.2.3 hands an extension (their shapes as a probe extension saw them
 * on the real binary: real-agents.md § 7.5), with zod as omp hands it (`pi.zod`) and a stand-in
 * `lich` binary as `LICH_BIN` for the tools.
 */
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import * as zod from 'zod';
import { type RecordingLich, startRecordingLich } from '@lich/core/mod/testing';
import { MCP_TOOLS } from '@lich/generated/mcp/tools';
import * as entry from './index.js';
import { lichExtension } from './extension.js';
import type { OmpApi, OmpContext, OmpEvent, OmpHandler, OmpToolDefinition } from './omp.js';

/** A stand-in `lich`: prints its argv as one JSON line, writes $FAKE_STDERR, exits with $FAKE_EXIT. */
const dir = mkdtempSync(join(tmpdir(), 'lich-omp-'));
const bin = join(dir, 'lich');
writeFileSync(
  bin,
  `#!${process.execPath}
process.stdout.write(JSON.stringify(process.argv.slice(2)) + '\\n');
process.stderr.write(process.env.FAKE_STDERR || '');
process.exit(Number(process.env.FAKE_EXIT || 0));
`,
);
chmodSync(bin, 0o755);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** omp's `pi`, recording what the extension subscribes and registers. */
class FakePi implements OmpApi {
  readonly handlers = new Map<string, OmpHandler[]>();
  readonly tools: OmpToolDefinition[] = [];
  zod: unknown = zod;
  on(event: string, handler: OmpHandler): void {
    this.handlers.set(event, [...(this.handlers.get(event) ?? []), handler]);
  }
  registerTool(tool: OmpToolDefinition): void {
    this.tools.push(tool);
  }
  /** Fires `event` at every handler, as omp does, and returns what they returned. */
  fire(event: OmpEvent, ctx: OmpContext): unknown[] {
    return (this.handlers.get(event.type) ?? []).map((h) => h(event, ctx));
  }
}

/** omp's context for conversation `id`, titled `name`. */
const ctx = (id: string, name = ''): OmpContext => ({ sessionManager: { getSessionId: () => id, getSessionName: () => name } });

let lich: RecordingLich;
beforeEach(async () => {
  lich = await startRecordingLich({ sessionId: 'lich-7' });
});
afterEach(async () => {
  await lich.close();
});

/** The reports lich received, as `[path, body without session_id]`. */
function reports(): Array<[string, Record<string, unknown>]> {
  return lich.requests.map((r) => {
    const { session_id, ...rest } = (r.body ?? {}) as Record<string, unknown>;
    expect(session_id).toBe('lich-7');
    return [r.path, rest];
  });
}

/** Waits until lich received `n` reports (a handler returns before its report goes out). */
async function received(n: number): Promise<void> {
  await lich.waitFor(`${n} reports`, (requests) => requests.length >= n);
}

describe('lich’s omp extension', () => {
  it('is the module’s only export: omp loads module.default and nothing else', () => {
    expect(Object.keys(entry)).toEqual(['default']);
    expect(typeof entry.default).toBe('function');
  });

  it('subscribes to nothing and registers no tool outside lich, for any partial environment', () => {
    const { LICH_PORT, LICH_TOKEN, LICH_SESSION_ID } = lich.env as Record<string, string>;
    for (const env of [{}, { LICH_PORT, LICH_TOKEN, LICH_BIN: bin }, { LICH_PORT, LICH_SESSION_ID, LICH_BIN: bin }, { LICH_TOKEN, LICH_SESSION_ID, LICH_BIN: bin }]) {
      const pi = new FakePi();
      expect(lichExtension(pi, { env })).toEqual({ reports: false, tools: [] });
      expect(pi.handlers.size).toBe(0);
      expect(pi.tools).toEqual([]);
    }
    expect(lichExtension({} as OmpApi, { env: { ...lich.env, LICH_BIN: bin } })).toEqual({ reports: false, tools: [] });
  });

  it('reports the session start with provider omp and omp’s conversation id, then busy, the tool, done and the title, each naming the conversation', async () => {
    const pi = new FakePi();
    lichExtension(pi, { env: lich.env });
    const c = ctx('01a23baf-1e14-708a-9a09-afed84b043c7');
    const results = [
      ...pi.fire({ type: 'session_start' }, c),
      ...pi.fire({ type: 'input', text: 'PROBE please', source: 'interactive' }, c),
      ...pi.fire({ type: 'turn_start', turnIndex: 0 }, c),
      ...pi.fire({ type: 'tool_call', toolName: 'bash', toolCallId: 'call_1', input: { i: 'run it', command: '"$LICH_BIN" reply 0a1b2c3d ok' } }, c),
      ...pi.fire({ type: 'tool_result', toolName: 'bash', toolCallId: 'call_1', input: {}, content: [], isError: false }, c),
      ...pi.fire({ type: 'tool_result', toolName: 'read', toolCallId: 'call_2', input: {}, content: [], isError: false }, c),
      ...pi.fire({ type: 'session_stop', turn_id: 0 }, ctx('01a23baf-1e14-708a-9a09-afed84b043c7', '  Fake task  ')),
    ];
    expect(results.every((r) => r === undefined), 'no handler answers omp (a tool_call answer could block the call)').toBe(true);
    await received(6);
    const conversation = { provider_session_id: '01a23baf-1e14-708a-9a09-afed84b043c7' };
    expect(reports()).toEqual([
      ['/session-start', { ...conversation, provider: 'omp' }],
      ['/hook', { state: 'busy', ...conversation }],
      ['/hook', { state: 'busy', tool: 'bash', detail: '"$LICH_BIN" reply 0a1b2c3d ok', ...conversation }],
      ['/session-touched', {}],
      ['/hook', { state: 'done', ...conversation }],
      ['/session-title', { title: 'Fake task' }],
    ]);
    expect(lich.requests.every((r) => r.plugin !== undefined && r.plugin !== '')).toBe(true);
  });

  it('reports waiting with the tool while omp asks to approve a call, and busy once it is answered', async () => {
    const pi = new FakePi();
    lichExtension(pi, { env: lich.env });
    const c = ctx('conv-1');
    pi.fire({ type: 'turn_start', turnIndex: 0 }, c);
    pi.fire({ type: 'tool_approval_requested', sessionId: 'conv-1', toolCallId: 'call_1', toolName: 'bash', reason: 'rm -rf build', approvalMode: 'always-ask' }, c);
    pi.fire({ type: 'tool_approval_resolved', sessionId: 'conv-1', toolCallId: 'call_1', toolName: 'bash', approved: true }, c);
    await received(4);
    expect(reports().map(([path, b]) => `${path} ${String(b.state ?? '')} ${String(b.reason ?? '')}`.trim())).toEqual([
      '/session-start',
      '/hook busy',
      '/hook waiting bash: rm -rf build',
      '/hook busy',
    ]);
  });

  it('reports no done before a turn, and one report for the same state twice', async () => {
    const pi = new FakePi();
    lichExtension(pi, { env: lich.env });
    const c = ctx('conv-1');
    pi.fire({ type: 'session_stop' }, c);
    pi.fire({ type: 'input', text: 'a', source: 'interactive' }, c);
    pi.fire({ type: 'turn_start', turnIndex: 0 }, c);
    pi.fire({ type: 'turn_start', turnIndex: 1 }, c);
    pi.fire({ type: 'session_stop' }, c);
    await received(3);
    expect(reports().map(([path, b]) => `${path} ${String(b.state ?? '')}`.trim())).toEqual(['/session-start', '/hook busy', '/hook done']);
  });

  it('reports the new conversation’s start before its first state when omp switches to another one (/new, a resume)', async () => {
    const pi = new FakePi();
    lichExtension(pi, { env: lich.env });
    pi.fire({ type: 'session_start' }, ctx('conv-1'));
    pi.fire({ type: 'session_switch', reason: 'new' }, ctx('conv-2'));
    pi.fire({ type: 'turn_start', turnIndex: 0 }, ctx('conv-2'));
    await received(3);
    expect(reports()).toEqual([
      ['/session-start', { provider_session_id: 'conv-1', provider: 'omp' }],
      ['/session-start', { provider_session_id: 'conv-2', provider: 'omp' }],
      ['/hook', { state: 'busy', provider_session_id: 'conv-2' }],
    ]);
  });

  it('sends a start again with the next turn when lich did not take it, and never throws into omp for odd events', async () => {
    const pi = new FakePi();
    const { settled } = lichExtension(pi, { env: lich.env });
    lich.on('/session-start', { status: 500, body: 'store is locked' });
    pi.fire({ type: 'session_start' }, ctx('conv-1'));
    await settled!();
    lich.on('/session-start', { status: 204 });
    for (const odd of [{ type: 'tool_call' }, { type: 'tool_call', toolName: '' }, { type: 'tool_result' }, { type: 'turn_start' }]) {
      expect(() => pi.fire(odd, {} as OmpContext)).not.toThrow();
    }
    expect(() => pi.fire({ type: 'turn_start' }, undefined as unknown as OmpContext)).not.toThrow();
    pi.fire({ type: 'turn_start', turnIndex: 1 }, ctx('conv-1'));
    await settled!();
    expect(reports().filter(([path]) => path === '/session-start')).toEqual([
      ['/session-start', { provider_session_id: 'conv-1', provider: 'omp' }],
      ['/session-start', { provider_session_id: 'conv-1', provider: 'omp' }],
    ]);
  });

  it('reports nothing from an omp that is not the card’s terminal (omp -p run as a tool), whose conversation is not the card’s', async () => {
    const pi = new FakePi();
    const { settled } = lichExtension(pi, { env: lich.env });
    const inner = { ...ctx('conv-inner'), mode: 'print' };
    pi.fire({ type: 'session_start' }, inner);
    pi.fire({ type: 'turn_start', turnIndex: 0 }, inner);
    pi.fire({ type: 'session_stop' }, inner);
    pi.fire({ type: 'turn_start', turnIndex: 0 }, { ...ctx('conv-card'), mode: 'tui' });
    await settled!();
    expect(reports()).toEqual([
      ['/session-start', { provider_session_id: 'conv-card', provider: 'omp' }],
      ['/hook', { state: 'busy', provider_session_id: 'conv-card' }],
    ]);
  });

  it('registers the fourteen tools in tools/list order, each an essential function tool with its contract’s description and arguments and no intent argument', () => {
    const pi = new FakePi();
    const { tools } = lichExtension(pi, { env: { ...lich.env, LICH_BIN: bin } });
    expect(tools).toEqual(MCP_TOOLS.map((t) => t.name));
    for (const [i, t] of pi.tools.entries()) {
      const contract = MCP_TOOLS[i];
      expect(t).toMatchObject({ name: contract.name, description: contract.description, loadMode: 'essential', intent: 'omit' });
      expect(t.approval, `${t.name}: read-only tools are auto-approved`).toBe(contract.annotations.readOnlyHint ? 'read' : 'exec');
      const schema = zod.toJSONSchema(t.parameters as zod.ZodType) as { properties?: Record<string, { type?: string; description?: string; enum?: string[] }>; required?: string[] };
      expect(Object.keys(schema.properties ?? {}).sort(), `${t.name}: arguments`).toEqual(Object.keys(contract.inputSchema.properties).sort());
      for (const [k, p] of Object.entries(contract.inputSchema.properties)) {
        expect(schema.properties?.[k], `${t.name}.${k}`).toMatchObject({ type: p.type, description: p.description, ...(p.enum ? { enum: [...p.enum] } : {}) });
      }
      expect([...(schema.required ?? [])].sort(), `${t.name}: required`).toEqual([...(contract.inputSchema.required ?? [])].sort());
    }
  });

  it('reports without tools when LICH_BIN is not set', () => {
    const pi = new FakePi();
    expect(lichExtension(pi, { env: lich.env })).toMatchObject({ reports: true, tools: [] });
    expect(pi.tools).toEqual([]);
  });

  it('runs "$LICH_BIN" with the contract’s argv, answers lich’s stdout, a ticket (exit 2) as a result, and a refusal as an error carrying lich’s own line', async () => {
    const pi = new FakePi();
    // The tools run lich in this environment, read at each call: the stand-in's exit is set in it.
    const env: Record<string, string> = { ...lich.env, PATH: process.env.PATH ?? '', LICH_BIN: bin };
    lichExtension(pi, { env });
    const send = pi.tools.find((t) => t.name === 'send_to_session')!;
    const ok = await send.execute('call_1', { session: 'docs', prompt: 'run the tests', timeout_seconds: 900 }, undefined, undefined, {});
    expect(ok.isError).toBeUndefined();
    expect(JSON.parse(ok.content[0].text)).toEqual(['send', '--timeout=90', '--', 'docs', 'run the tests']);
    env.FAKE_EXIT = '2';
    const ticket = await send.execute('call_2', { session: 'docs', prompt: 'again' }, undefined, undefined, {});
    expect(ticket.isError).toBeUndefined();
    env.FAKE_EXIT = '1';
    env.FAKE_STDERR = 'lich: no session named "docs"\n';
    const refused = await send.execute('call_3', { session: 'docs', prompt: 'again' }, undefined, undefined, {});
    expect(refused).toEqual({ content: [{ type: 'text', text: 'lich: no session named "docs"' }], isError: true });
    const missing = await send.execute('call_4', { prompt: 'to nobody' }, undefined, undefined, {});
    expect(missing.isError).toBe(true);
    expect(missing.content[0].text).toMatch(/session/);
  });
});
