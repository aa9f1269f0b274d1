/**
 * What the committed generated/ means, checked through the readers that give its data meaning
 * (core's `toInput`, `toArgv`, `exitCode`, `rpcMethod`; the opencode plugin's `lichTools`): the
 * MCP tool table, the argv specs, the exit codes, the routes, the schemas against the upstream
 * fixtures, and the opencode tools run against the real `tool` of @opencode-ai/plugin.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { tool } from '@opencode-ai/plugin';
import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { alignPositionals } from '@lich/cli/input';
import { toArgv, toInput } from '@lich/core/contract-runtime';
import { exitCode, rpcMethod } from '@lich/core/contract-tables';
import { hookEndpoints, hookGetEndpoints, hookSchemas, objectSchemas, operations, rpcMethods } from '@lich/generated/contracts';
import { MCP_TOOLS } from '@lich/generated/mcp/tools';
import type { RunOptions } from '@lich/generated/opencode/tools';
import type { OpName } from '@lich/generated/types';
import { lichTools } from '../../../packages/opencode-plugin/src/tools';
import type { Collected, Result } from '@lich/generated/types';
import { loadContracts } from '../src/load';

const root = fileURLToPath(new URL('../../..', import.meta.url));
const ajv = new Ajv2020({ strict: false });

describe('MCP_TOOLS', () => {
  it('serves the tools built so far, in the order of wire.md § 10.2', () => {
    expect(MCP_TOOLS.map((t) => [t.name, t.operation, t.annotations.readOnlyHint])).toEqual([
      ['list_sessions', 'sessions', true],
      ['send_to_session', 'send', false],
      ['wait_for_answer', 'wait', false],
      ['open_session', 'open', false],
      ['close_session', 'close', false],
      ['rename_session', 'rename', false],
      ['list_worktrees', 'worktrees', true],
      ['reply_to_session', 'reply', false],
      ['list_folders', 'folders', true],
      ['file_session', 'file', false],
      ['rename_folder', 'renameFolder', false],
      ['color_folder', 'colorFolder', false],
      ['control_session', 'control', false],
      ['ask_session', 'ask', false],
    ]);
  });

  it('takes exactly the arguments of wire.md § 10.2 for the fields built now', () => {
    const shape = Object.fromEntries(
      MCP_TOOLS.map((t) => [
        t.name,
        [Object.fromEntries(Object.entries(t.inputSchema.properties).map(([k, p]) => [k, p.type])), t.inputSchema.required ?? []],
      ]),
    );
    expect(shape).toEqual({
      list_sessions: [{}, []],
      send_to_session: [{ session: 'string', prompt: 'string', project: 'string', timeout_seconds: 'number', private: 'boolean' }, ['session', 'prompt']],
      wait_for_answer: [{ ticket: 'string', timeout_seconds: 'number', no_wait: 'boolean' }, []],
      open_session: [
        {
          project: 'string',
          kind: 'string',
          worktree: 'string',
          base: 'string',
          model: 'string',
          effort: 'string',
          ultracode: 'boolean',
          folder: 'string',
          prompt: 'string',
          private: 'boolean',
        },
        [],
      ],
      close_session: [{ session: 'string', project: 'string', worktree: 'string', force: 'boolean' }, ['session']],
      reply_to_session: [{ answer: 'string', ticket: 'string' }, ['answer']],
      rename_session: [{ label: 'string', session: 'string', project: 'string' }, ['label']],
      list_worktrees: [{ project: 'string' }, []],
      list_folders: [{ project: 'string' }, []],
      file_session: [{ folder: 'string', session: 'string', project: 'string' }, ['folder']],
      rename_folder: [{ folder: 'string', to: 'string', project: 'string' }, ['folder', 'to']],
      color_folder: [{ folder: 'string', color: 'string', project: 'string' }, ['folder', 'color']],
      control_session: [{ session: 'string', action: 'string', value: 'string', args: 'string', project: 'string' }, ['session', 'action']],
      ask_session: [{ session: 'string', question: 'string', project: 'string' }, ['session', 'question']],
    });
    expect(tool_('control_session').inputSchema.properties.action!.enum).toEqual(['prompt', 'abort', 'model', 'effort', 'command']);
  });

  it('maps control_session and ask_session onto their inputs, every field present', () => {
    expect(toInput(tool_('control_session'), { session: 'docs', action: 'abort' })).toEqual({ target: 'docs', project: '', action: 'abort', value: '', args: '' });
    expect(toInput(tool_('control_session'), { session: 'docs', action: 'command', value: '/compact', args: 'keep it' })).toMatchObject({ value: '/compact', args: 'keep it' });
    expect(toInput(tool_('ask_session'), { session: 'docs', question: 'what now?' })).toEqual({ target: 'docs', project: '', question: 'what now?' });
  });

  it('describes every tool and argument, and every input schema compiles', () => {
    for (const t of MCP_TOOLS) {
      expect(t.description.length).toBeGreaterThan(100);
      for (const p of Object.values(t.inputSchema.properties)) expect(p.description.length).toBeGreaterThan(10);
      expect(() => ajv.compile(t.inputSchema)).not.toThrow();
    }
  });

  const tool_ = (name: string) => MCP_TOOLS.find((t) => t.name === name)!;

  it('clamps timeout_seconds to 90: missing, non-positive or above 90 becomes 90', () => {
    const send = tool_('send_to_session');
    expect(toInput(send, { session: 'docs', prompt: 'run the tests' })).toEqual({
      target: 'docs',
      project: '',
      prompt: 'run the tests',
      timeoutSeconds: 90,
      private: false,
    });
    expect(toInput(send, { session: 'docs', prompt: 'x', timeout_seconds: 600 })).toMatchObject({ timeoutSeconds: 90 });
    expect(toInput(send, { session: 'docs', prompt: 'x', timeout_seconds: -1 })).toMatchObject({ timeoutSeconds: 90 });
    expect(toInput(send, { session: 'docs', prompt: 'x', timeout_seconds: '30' })).toMatchObject({ timeoutSeconds: 30 });
    expect(toInput(tool_('wait_for_answer'), {})).toEqual({ ticket: '', timeoutSeconds: 90, noWait: false });
  });

  it('reads flags leniently: true or the string "true"', () => {
    expect(toInput(tool_('wait_for_answer'), { no_wait: 'true' })).toMatchObject({ noWait: true });
    expect(toInput(tool_('open_session'), { prompt: 'x', private: true })).toMatchObject({ private: true, prompt: 'x' });
  });

  it('maps a reply without a ticket to an empty ticket', () => {
    expect(toInput(tool_('reply_to_session'), { answer: 'done' })).toEqual({ ticket: '', answer: 'done' });
  });
});

describe('toArgv', () => {
  it('spells reply with the answer alone, or with its ticket first', () => {
    expect(toArgv('reply', { ticket: '', answer: 'done' })).toEqual(['reply', '--', 'done']);
    expect(toArgv('reply', { ticket: 'a1b2c3d4', answer: 'done' })).toEqual(['reply', '--', 'a1b2c3d4', 'done']);
  });

  it('puts flags first and takes a prompt beginning with a dash verbatim', () => {
    expect(toArgv('send', { target: 'docs', project: 'lich', prompt: '--help me', timeoutSeconds: 30, private: true }, { json: true })).toEqual([
      'send',
      '--project=lich',
      '--timeout=30',
      '--private',
      '--json',
      '--',
      'docs',
      '--help me',
    ]);
  });

  it('keeps an empty optional positional that a later one needs to stay in its place', () => {
    expect(toArgv('control', { target: 'docs', project: '', action: 'command', value: '', args: 'x' })).toEqual(['control', '--', 'docs', 'command', '', 'x']);
    expect(toArgv('control', { target: 'docs', project: '', action: 'model', value: '', args: '' })).toEqual(['control', '--', 'docs', 'model']);
    expect(toArgv('ask', { target: 'docs', project: 'lich', question: 'what  now?' }, { json: true })).toEqual(['ask', '--project=lich', '--json', '--', 'docs', 'what  now?']);
  });

  it('leaves default-valued fields out', () => {
    expect(toArgv('wait', { ticket: '', timeoutSeconds: 0, noWait: true })).toEqual(['wait', '--no-wait']);
    expect(
      toArgv('open', { project: '', kind: '', worktree: '', base: '', model: '', effort: '', ultracode: false, folder: '', prompt: '', private: false, subagent: false, resume: '' }),
    ).toEqual(['open']);
    expect(toArgv('sessions', {}, { json: true })).toEqual(['sessions', '--json']);
    expect(toArgv('quit', {})).toEqual(['quit']);
  });

  const contracts = loadContracts(root, 'contracts');
  const text = fc.string({ maxLength: 12 });
  for (const { doc: op } of contracts.operations) {
    const cli = op['x-cli'];
    const fields = Object.entries(op.input.properties);
    const input = fc.record(
      Object.fromEntries(
        fields.map(([name, f]) => [name, f.type === 'integer' ? fc.integer({ min: -5, max: 2000 }) : f.type === 'boolean' ? fc.boolean() : text]),
      ),
    );
    test.prop([input])(`round-trips a ${op.title} input through its argv and the command's positionals`, (value) => {
      const argv = toArgv(op.title as OpName, value as never);
      expect(argv[0]).toBe(cli.command);
      const dash = argv.indexOf('--');
      const flagWords = dash < 0 ? argv.slice(1) : argv.slice(1, dash);
      const positionals = dash < 0 ? [] : argv.slice(dash + 1);
      const back: Record<string, unknown> = Object.fromEntries(fields.map(([name, f]) => [name, f.default]));
      for (const word of flagWords) {
        const [, name, raw] = /^--([a-z-]+)(?:=(.*))?$/s.exec(word)!;
        const flag = cli.flags[name!]!;
        back[flag.field!] = flag.type === 'boolean' ? true : flag.type === 'integer' ? Number(raw) : raw;
      }
      const usage = cli.usage.join('\n');
      const specs = cli.args.map((a) => ({ field: a.field, required: a.required, variadic: a.variadic }));
      Object.assign(back, alignPositionals(positionals, specs, usage));
      expect(back).toEqual(value);
    });
  }
});

describe('exitCode', () => {
  const result = (status: Result['status']): Result => ({ ticket: 'a1b2c3d4', target: 'docs', status, answer: '' });

  it('gives send 0 for an answer, 2 for a ticket, 3 for every errand that ended without one', () => {
    expect(exitCode('send', result('answered'))).toBe(0);
    expect(exitCode('send', result('pending'))).toBe(2);
    for (const status of ['unread', 'unanswered', 'undelivered', 'stopped', 'expired'] as const) expect(exitCode('send', result(status))).toBe(3);
  });

  it('gives a wait on a ticket the same codes as send', () => {
    expect(exitCode('wait', result('answered'))).toBe(0);
    expect(exitCode('wait', result('pending'))).toBe(2);
    expect(exitCode('wait', { ...result('expired'), private: true })).toBe(3);
  });

  it('gives a collect 2 only when it came back with nothing while errands are open', () => {
    const collected = (results: Result[], open: string[]): Collected => ({ results, open });
    expect(exitCode('wait', collected([], ['docs']))).toBe(2);
    expect(exitCode('wait', collected([result('expired')], ['docs']))).toBe(0);
    expect(exitCode('wait', collected([], []))).toBe(0);
  });

  it('gives control 0 when done, 2 when delivered, 3 when the session ended first; ask 0', () => {
    const controlled = (state: 'done' | 'delivered' | 'ended') => ({ id: 'x', project: 'lich', label: 'docs', action: 'abort' as const, command_id: 'm1', state });
    expect(exitCode('control', controlled('done'))).toBe(0);
    expect(exitCode('control', controlled('delivered'))).toBe(2);
    expect(exitCode('control', controlled('ended'))).toBe(3);
    expect(exitCode('ask', { id: 'x', project: 'lich', label: 'docs', answer: 'Fixing the login test.' })).toBe(0);
  });

  it('gives open 0 whatever its delivery says, and every other operation 0', () => {
    const session = { id: '9f8e', projectId: 'p1', project: 'lich', label: 'auth-fix', name: 'auth-fix-9f8e', kind: 'claude', path: '/wt' };
    const opened = { ...session, nextSeq: 5, originSessionId: '', originLabel: '', confined: false, folder: '', run: true, delivery: result('expired') };
    expect(exitCode('open', opened)).toBe(0);
    expect(exitCode('reply', null)).toBe(0);
    expect(exitCode('sessions', [])).toBe(0);
  });
});

describe('the schemas', () => {
  it('compile, and every RPC options object is closed with every field required', () => {
    for (const schema of [...Object.values(objectSchemas), ...Object.values(operations).flatMap((o) => [o.input, o.output])]) {
      expect(() => ajv.compile(schema)).not.toThrow();
    }
    for (const [method, { options, result }] of Object.entries(rpcMethods)) {
      expect(() => ajv.compile(result), method).not.toThrow();
      if (options === null || typeof options === 'boolean') continue;
      expect(options.additionalProperties, method).toBe(false);
      expect(Object.keys(options.properties as object).sort(), method).toEqual([...((options.required as string[]) ?? [])].sort());
    }
  });

  it('accept the shapes spec/cli.md prints', () => {
    const validate = (name: keyof typeof objectSchemas, value: unknown) => ajv.validate(objectSchemas[name], value);
    expect(
      validate('Peer', { label: 'docs', name: 'lich-a1b2', project: 'lich', kind: 'codex', state: 'busy', id: '0b9c', path: '/p', projectPath: '/p' }),
    ).toBe(true);
    expect(validate('Result', { ticket: 'a1b2c3d4', target: 'auth-fix', status: 'pending', answer: '' })).toBe(true);
    expect(validate('Result', { ticket: 'a1b2c3d4', target: 'auth-fix', status: 'pending', answer: '', private: false })).toBe(false);
    expect(
      validate('Opened', {
        id: '9f8e', projectId: 'p1', project: 'lich', label: 'auth-fix', name: 'auth-fix-9f8e', kind: 'claude', path: '/wt/auth-fix',
        nextSeq: 5, originSessionId: '3c4d', originLabel: 'planner', confined: false, folder: '', run: true,
        delivery: { ticket: 'a1b2c3d4', target: 'auth-fix', status: 'pending', answer: '' },
      }),
    ).toBe(true);
    expect(validate('VersionReport', { cli: '0.1.0' })).toBe(true);
    expect(validate('Collected', { results: [], open: null })).toBe(false);
  });

  describe('replay the upstream hook fixtures (contracts/fixtures/upstream)', () => {
    const fixtures = fileURLToPath(new URL('../../../contracts/fixtures/upstream/', import.meta.url));
    const files: Record<string, string> = {
      'session-state.jsonl': '/hook',
      'session-start.jsonl': '/session-start',
      'session-title.jsonl': '/session-title',
      'session-touched.jsonl': '/session-touched',
      'mod-control.jsonl': '/mod/acks',
      'mod-answer.jsonl': '/mod/answer',
      'mod-usage.jsonl': '/mod/usage',
    };
    // Which providers are registered is the server's knowledge, not the body schema's.
    const serverSide = new Set(['unregistered provider']);
    it('has a fixture for every hook endpoint', () => {
      expect(Object.values(files).sort()).toEqual(Object.keys(hookEndpoints).sort());
      expect(Object.keys(hookSchemas).sort()).toEqual(Object.keys(hookEndpoints).sort());
      expect(readdirSync(fixtures)).toContain('mod-commands.json');
      expect(readdirSync(fixtures)).toEqual(expect.arrayContaining(Object.keys(files)));
    });
    for (const [file, path] of Object.entries(files)) {
      const cases = readFileSync(`${fixtures}${file}`, 'utf8')
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line) as { name: string; body?: unknown; raw?: string; accept?: unknown; reject?: string });
      for (const c of cases.filter((c) => c.body !== undefined && !serverSide.has(c.name))) {
        it(`${path}: ${c.accept !== undefined ? 'accepts' : 'refuses'} "${c.name}"`, () => {
          expect(ajv.validate(hookEndpoints[path as keyof typeof hookEndpoints].body, c.body)).toBe(c.accept !== undefined);
          expect(hookSchemas[path as keyof typeof hookSchemas]).toEqual(hookEndpoints[path as keyof typeof hookEndpoints].body);
        });
      }
    }

    it('GET /mod/commands answers every command of mod-commands.json, each a ModCommand with exactly its kind\'s fields', () => {
      const commands = JSON.parse(readFileSync(`${fixtures}mod-commands.json`, 'utf8')) as Array<Record<string, unknown>>;
      expect(ajv.validate(hookGetEndpoints['/mod/commands'].response, commands), ajv.errorsText()).toBe(true);
      expect(new Set(commands.map((c) => c.kind))).toEqual(new Set(['prompt', 'abort', 'model', 'effort', 'command', 'ask']));
      for (const command of commands) expect(ajv.validate(objectSchemas.ModCommand, command), JSON.stringify(command)).toBe(true);
      // A field of another kind, or none of the kind's required ones, is no command.
      expect(ajv.validate(objectSchemas.ModCommand, { id: 'm1', kind: 'abort', text: 'x' })).toBe(false);
      expect(ajv.validate(objectSchemas.ModCommand, { id: 'm1', kind: 'prompt' })).toBe(false);
      expect(ajv.validate(objectSchemas.ModCommand, { id: 'm1', kind: 'ask', question: 'q', notification: { status: 'completed', summary: 's' } })).toBe(false);
      expect(ajv.validate(objectSchemas.ModCommand, { id: 'm1', kind: 'type' })).toBe(false);
    });

    it('GET /mod/status answers a RelayStatus, and both GETs take the session_id they cannot do without', () => {
      expect(ajv.validate(hookGetEndpoints['/mod/status'].response, { owed: [{ ticket: 'a1b2c3d4', from: 'planner', asked: 'run the tests' }], open: [], ready: [] })).toBe(true);
      expect(ajv.validate(hookGetEndpoints['/mod/status'].response, { owed: [], open: [] })).toBe(false);
      for (const { query } of Object.values(hookGetEndpoints)) {
        expect(ajv.validate(query, { session_id: 's1' })).toBe(true);
        expect(ajv.validate(query, {})).toBe(false);
      }
    });
  });
});

describe('lichTools', () => {
  const calls: Array<{ argv: string[]; options?: RunOptions }> = [];
  const tools = lichTools(tool, async (argv, _abort, options) => {
    calls.push({ argv, options });
    return 'ok';
  });
  const context = { abort: new AbortController().signal } as Parameters<(typeof tools)['send_to_session']['execute']>[1];

  it('defines one opencode tool per MCP tool, with the same descriptions', () => {
    expect(Object.keys(tools)).toEqual(MCP_TOOLS.map((t) => t.name));
    for (const t of MCP_TOOLS) expect(tools[t.name].description).toBe(t.description);
    expect((tools.send_to_session.args.session as { description?: string }).description).toBe(MCP_TOOLS[1]!.inputSchema.properties.session!.description);
  });

  it('runs send with its wait capped at 90 seconds, exits 2 and 3 counting as results', async () => {
    calls.length = 0;
    await tools.send_to_session.execute({ session: 'docs', prompt: '-x', timeout_seconds: 500 }, context);
    expect(calls).toEqual([{ argv: ['send', '--timeout=90', '--', 'docs', '-x'], options: { resultExitCodes: [0, 2, 3] } }]);
  });

  it('runs a wait with no arguments as a 90-second collect', async () => {
    calls.length = 0;
    await tools.wait_for_answer.execute({}, context);
    expect(calls).toEqual([{ argv: ['wait', '--timeout=90'], options: { resultExitCodes: [0, 2, 3] } }]);
  });

  it('runs control with exits 2 and 3 counting as results, and ask with 0 alone', async () => {
    calls.length = 0;
    await tools.control_session.execute({ session: 'docs', action: 'command', value: 'compact', args: 'keep it' }, context);
    await tools.ask_session.execute({ session: 'docs', question: 'what now?' }, context);
    expect(calls).toEqual([
      { argv: ['control', '--', 'docs', 'command', 'compact', 'keep it'], options: { resultExitCodes: [0, 2, 3] } },
      { argv: ['ask', '--', 'docs', 'what now?'], options: { resultExitCodes: [0] } },
    ]);
  });

  it('lists sessions as JSON, and replies without a ticket', async () => {
    calls.length = 0;
    await tools.list_sessions.execute({}, context);
    await tools.reply_to_session.execute({ answer: 'done' }, context);
    expect(calls.map((c) => c.argv)).toEqual([['sessions', '--json'], ['reply', '--', 'done']]);
  });
});

describe('rpcMethod', () => {
  const contracts = loadContracts(root, 'contracts');
  type Route = { method: string; step?: string; when: unknown };

  it('picks the methods the operations called before routing was data', () => {
    const send = (p: boolean) => rpcMethod('send', 'call', { target: 'docs', project: '', prompt: 'p', timeoutSeconds: 0, private: p });
    expect([send(false), send(true)]).toEqual(['relay.Send', 'relay.SendPrivate']);
    const wait = (ticket: string, noWait: boolean) => rpcMethod('wait', 'call', { ticket, timeoutSeconds: 0, noWait });
    expect([wait('a1b2c3d4', false), wait('', false), wait('', true)]).toEqual(['relay.Wait', 'relay.Collect', 'relay.CollectNow']);
    const open = { project: '', kind: '', worktree: '', base: '', model: '', effort: '', ultracode: false, folder: '', prompt: 'p', private: false, subagent: false, resume: '' };
    expect([rpcMethod('open', 'open', open), rpcMethod('open', 'open', { ...open, subagent: true })]).toEqual(['spawn.Open', 'spawn.OpenSubagent']);
    expect([
      rpcMethod('open', 'handOff', open),
      rpcMethod('open', 'handOff', { ...open, private: true }),
      rpcMethod('open', 'handOff', { ...open, subagent: true }),
    ]).toEqual(['relay.Send', 'relay.SendPrivate', 'relay.SendSubagent']);
    expect([rpcMethod('theme', 'call', { action: 'list', theme: '' }), rpcMethod('theme', 'call', { action: 'switch', theme: 'dark' })]).toEqual([
      'themes.List',
      'themes.Switch',
    ]);
    expect(rpcMethod('close', 'call', { target: 'docs', project: '', worktree: '', force: false })).toBe('spawn.Close');
  });

  // Any input of the contract's shape, values drawn near what the routes compare with.
  const field = (type: unknown) =>
    type === 'boolean' ? fc.boolean() : type === 'integer' ? fc.integer({ min: -2, max: 2 }) : fc.constantFrom('', 'list', 'switch', 'a1b2c3d4', 'x');
  for (const { doc } of contracts.operations.filter((o) => o.doc['x-rpc'].length > 0)) {
    const properties = doc.input.properties;
    const input = fc.record(Object.fromEntries(Object.entries(properties).map(([name, p]) => [name, field(p.type)])));
    test.prop([input], { numRuns: 40 })(`route ${doc.title} to the first x-rpc route of each step whose when ajv accepts`, (value) => {
      const steps = new Map<string, Route[]>();
      for (const route of doc['x-rpc'] as Route[]) steps.set(route.step ?? 'call', [...(steps.get(route.step ?? 'call') ?? []), route]);
      for (const [step, routes] of steps) {
        const first = routes.find((r) => ajv.validate(r.when as object | boolean, value));
        expect(rpcMethod(doc.title as never, step as never, value as never)).toBe(first?.method);
      }
    });
  }
});
