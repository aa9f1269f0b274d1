import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createContext, type LichContext, runOperation } from './operations.js';
import { LichError } from './errors.js';
import { expectBodiesFollowContracts } from './testing/contract-bodies.js';
import { type TestContextOptions, TestContexts } from './testing/contexts.js';
import { errorBody, type FakeLich, startFakeLich } from './testing/fake-lich.js';
import type { RpcMethodName } from '@lich/generated/types';
import type { CallOptions, RpcClient, RpcOptions, RpcResult } from './rpc.js';
import type { Answered, Controlled, Result, Session } from './types.js';
import { VERSION } from './version.js';
import { inputOf } from './testing/input.js';

const TOKEN = 'f'.repeat(32);
let lich: FakeLich;
const contexts = new TestContexts('sender-id');

beforeEach(async () => {
  lich = await startFakeLich(TOKEN);
});

// Every body core posts must be what contracts/rpc/<method>.json says the backend takes: the
// options object with every field (G3 rule), or [] for a method without options.
afterEach(async () => {
  contexts.close();
  await lich.close();
  expectBodiesFollowContracts(lich.calls);
});

const ctx = (o?: TestContextOptions): LichContext => contexts.on(lich, o);

const session: Session = {
  id: '9f8e',
  projectId: 'p1',
  project: 'lich',
  label: 'auth-fix',
  name: 'auth-fix-9f8e',
  kind: 'claude',
  path: '/wt/auth-fix',
  nextSeq: 5,
  originSessionId: 'sender-id',
  originLabel: 'planner',
  confined: false,
  folder: '',
  run: true,
};
const pending: Result = { ticket: 'a1b2c3d4', target: 'auth-fix', status: 'pending', answer: '' };

function only(method: string) {
  const calls = lich.calls.filter((c) => c.method === method);
  expect(calls).toHaveLength(1);
  return calls[0];
}

describe('sessions', () => {
  it('asks relay.Peers as the calling session, with the token', async () => {
    const peer = { label: 'docs', name: 'lich-a1b2', project: 'lich', kind: 'codex', state: 'busy', id: 'x', path: '/p', projectPath: '/p' };
    lich.on('relay.Peers', { result: [peer] });
    const outcome = await runOperation(ctx(), 'sessions', {});
    expect(outcome.output).toEqual([peer]);
    expect(only('relay.Peers')).toMatchObject({ token: TOKEN, body: [{ from: 'sender-id' }] });
  });

  it('turns a null roster into []', async () => {
    lich.on('relay.Peers', { result: null });
    expect((await runOperation(ctx(), 'sessions', {})).output).toEqual([]);
  });

  it('sends from "" outside a session', async () => {
    lich.on('relay.Peers', { result: [] });
    const c = createContext({ surface: 'cli', env: { LICH_PORT: String(lich.port), LICH_TOKEN: TOKEN } });
    contexts.keep(c);
    await runOperation(c, 'sessions', {});
    expect(only('relay.Peers').body).toEqual([{ from: '' }]);
  });
});

describe('whoami', () => {
  it('asks relay.Self', async () => {
    lich.on('relay.Self', { result: { label: 'me' } });
    expect((await runOperation(ctx(), 'whoami', {})).output).toEqual({ label: 'me' });
    expect(only('relay.Self').body).toEqual([{ from: 'sender-id' }]);
  });
});

describe('open', () => {
  it('calls spawn.Open with every field, and nothing else without a prompt', async () => {
    lich.on('spawn.Open', { result: session });
    const outcome = await runOperation(ctx(), 'open', inputOf('open', { project: 'lich', kind: 'claude', model: 'opus', folder: 'Auth' }));
    expect(outcome.output).toEqual(session);
    expect(outcome.output).not.toHaveProperty('delivery');
    expect(outcome.failure).toBeUndefined();
    expect(lich.calls.map((c) => c.method)).toEqual(['spawn.Open']);
    expect(only('spawn.Open').body).toEqual([
      { from: 'sender-id', project: 'lich', kind: 'claude', worktree: '', base: '', model: 'opus', effort: '', folder: 'Auth', ultracode: false, resume: '' },
    ]);
  });

  it('hands the prompt to the opened label in its project with a 20-second wait', async () => {
    lich.on('spawn.Open', { result: session });
    lich.on('relay.Send', { result: pending });
    const outcome = await runOperation(ctx(), 'open', inputOf('open', { prompt: 'fix the login bug' }));
    expect(outcome.output).toEqual({ ...session, delivery: pending });
    expect(only('relay.Send').body).toEqual([
      { from: 'sender-id', target: 'auth-fix', project: 'lich', prompt: 'fix the login bug', timeoutSeconds: 20 },
    ]);
  });

  it('hands a private prompt over with relay.SendPrivate', async () => {
    lich.on('spawn.Open', { result: session });
    lich.on('relay.SendPrivate', { result: { ...pending, private: true } });
    await runOperation(ctx(), 'open', inputOf('open', { prompt: 'p', private: true }));
    expect(only('relay.SendPrivate').body).toEqual([{ from: 'sender-id', target: 'auth-fix', project: 'lich', prompt: 'p', timeoutSeconds: 20 }]);
  });

  it('refuses private without a prompt before anything is opened', async () => {
    await expect(runOperation(ctx(), 'open', inputOf('open', { private: true }))).rejects.toThrow(
      '--private applies to the task handed over with --prompt: add a prompt, or drop --private',
    );
    await expect(runOperation(ctx({ surface: 'mcp' }), 'open', inputOf('open', { private: true, prompt: '' }))).rejects.toThrow(
      'private applies to the task handed over with prompt: add a prompt, or drop private',
    );
    expect(lich.calls).toEqual([]);
  });

  it('refuses a prompt over 8192 bytes after sanitising before anything is opened, in the relay\'s words', async () => {
    lich.on('spawn.Open', { result: session });
    const prompt = 'x'.repeat(8193);
    await expect(runOperation(ctx(), 'open', inputOf('open', { prompt }))).rejects.toThrow(
      new LichError('prompt is 8193 bytes, over the 8192 limit: name the paths to read instead of pasting their contents'),
    );
    expect(lich.calls).toEqual([]);
    // Control characters do not count: they never reach the session.
    lich.on('relay.Send', { result: { ticket: 'a1b2c3d4', target: 'auth-fix', status: 'pending', answer: '' } });
    await runOperation(ctx({ surface: 'mcp' }), 'open', inputOf('open', { prompt: `${'x'.repeat(8192)}\x1b\x07` }));
    expect(lich.calls.map((c) => c.method)).toEqual(['spawn.Open', 'relay.Send']);
  });

  it('refuses a prompt that is blank once sanitised before anything is opened', async () => {
    await expect(runOperation(ctx(), 'open', inputOf('open', { prompt: ' \x1b\n\t' }))).rejects.toThrow(new LichError('nothing to send: the prompt is empty'));
    expect(lich.calls).toEqual([]);
  });

  it('keeps the session when the hand-off fails, and carries the failure worded for the CLI', async () => {
    lich.on('spawn.Open', { result: session });
    lich.on('relay.Send', { status: 500, body: errorBody('the session ended') });
    const outcome = await runOperation(ctx(), 'open', inputOf('open', { prompt: "don't stop" }));
    expect(outcome.output).toEqual(session);
    expect(outcome.output).not.toHaveProperty('delivery');
    expect(outcome.failure).toBeInstanceOf(LichError);
    expect(outcome.failure?.message).toBe(
      `the session is open, but the task did not reach it: the session ended — hand it the task with \`lich send "auth-fix" 'don'\\''t stop'\` once whatever that says is dealt with`,
    );
  });

  it('words a failed private hand-off for MCP', async () => {
    lich.on('spawn.Open', { result: session });
    lich.on('relay.SendPrivate', { status: 500, body: errorBody('the session ended') });
    const outcome = await runOperation(ctx({ surface: 'mcp' }), 'open', inputOf('open', { prompt: 'p', private: true }));
    expect(outcome.failure?.message).toBe(
      'The task did not reach it: the session ended. The session is open, so hand it the task with send_to_session with private once whatever that says is dealt with.',
    );
  });

  it('fails outright when the open itself fails', async () => {
    lich.on('spawn.Open', { status: 500, body: errorBody('no project named "x"') });
    await expect(runOperation(ctx(), 'open', inputOf('open', { project: 'x', prompt: 'p' }))).rejects.toThrow('no project named "x"');
  });
});

describe('open --subagent', () => {
  it('opens with spawn.OpenSubagent and hands the task over with relay.SendSubagent, 20 seconds', async () => {
    lich.on('spawn.OpenSubagent', { result: session });
    lich.on('relay.SendSubagent', { result: pending });
    const outcome = await runOperation(ctx(), 'open', inputOf('open', { subagent: true, prompt: 'run the tests', kind: 'claude', model: 'opus', effort: 'high' }));
    expect(outcome.output).toEqual({ ...session, delivery: pending });
    expect(lich.calls.map((c) => c.method)).toEqual(['spawn.OpenSubagent', 'relay.SendSubagent']);
    expect(only('spawn.OpenSubagent').body).toEqual([
      { from: 'sender-id', kind: 'claude', worktree: '', base: '', model: 'opus', effort: 'high', ultracode: false },
    ]);
    expect(only('relay.SendSubagent').body).toEqual([
      { from: 'sender-id', target: 'auth-fix', project: 'lich', prompt: 'run the tests', timeoutSeconds: 20 },
    ]);
  });

  const refusals: Array<[string, Record<string, unknown>, Record<string, string>, string]> = [
    [
      'outside a session',
      { prompt: 'p' },
      { LICH_SESSION_ID: '' },
      '--subagent opens a worker for the session asking for it, and this is not running in a lich session (LICH_SESSION_ID is unset): drop --subagent, or run it from inside one',
    ],
    ['without a prompt', {}, {}, '--subagent hands the worker its task with --prompt: add a prompt'],
    ['with a project', { prompt: 'p', project: 'lich' }, {}, "--subagent opens in the asking session's project: drop --project"],
    ['with a folder', { prompt: 'p', folder: 'Auth' }, {}, '--subagent files the worker under a folder named after the asking session: drop --folder'],
    [
      'with private',
      { prompt: 'p', private: true },
      {},
      '--subagent hands its report back to the asking session, which --private keeps from it: drop one of the two',
    ],
  ];
  for (const [when, input, env, line] of refusals) {
    it(`refuses ${when} before anything is opened`, async () => {
      await expect(runOperation(ctx({ env }), 'open', inputOf('open', { subagent: true, ...input }))).rejects.toThrow(new LichError(line));
      expect(lich.calls).toEqual([]);
    });
  }

  it('asks for a session before a prompt, and for a prompt before the flags it refuses', async () => {
    await expect(runOperation(ctx({ env: { LICH_SESSION_ID: '' } }), 'open', inputOf('open', { subagent: true, private: true }))).rejects.toThrow(
      /^--subagent opens a worker for the session asking for it/,
    );
    await expect(runOperation(ctx(), 'open', inputOf('open', { subagent: true, private: true, project: 'x' }))).rejects.toThrow(
      '--subagent hands the worker its task with --prompt: add a prompt',
    );
    expect(lich.calls).toEqual([]);
  });

  it('keeps the worker when its hand-off fails', async () => {
    lich.on('spawn.OpenSubagent', { result: session });
    lich.on('relay.SendSubagent', { status: 500, body: errorBody('the session ended') });
    const outcome = await runOperation(ctx(), 'open', inputOf('open', { subagent: true, prompt: 'p' }));
    expect(outcome.output).toEqual(session);
    expect(outcome.failure?.message).toBe(
      `the session is open, but the task did not reach it: the session ended — hand it the task with \`lich send "auth-fix" 'p'\` once whatever that says is dealt with`,
    );
  });
});

describe('close', () => {
  it('calls spawn.Close with every field', async () => {
    const closed = { id: '9f8e', projectId: 'p1', project: 'lich', label: 'auth-fix', worktree: '', kept: false, removed: false };
    lich.on('spawn.Close', { result: closed });
    expect((await runOperation(ctx(), 'close', inputOf('close', { target: 'auth-fix', project: '' }))).output).toEqual(closed);
    expect(only('spawn.Close').body).toEqual([{ from: 'sender-id', target: 'auth-fix', project: '', worktree: '', force: false }]);
  });
});

describe('control', () => {
  const controlled = { id: '9f8e', project: 'lich', label: 'auth-fix', action: 'prompt' as const, value: 'run the tests', command_id: 'm1', state: 'done' as const };

  it('calls spawn.Control with every field, and returns its state as the output', async () => {
    lich.on('spawn.Control', { result: controlled });
    const outcome = await runOperation(ctx(), 'control', inputOf('control', { target: 'auth-fix', action: 'prompt', value: 'run the tests' }));
    expect(outcome.output).toEqual(controlled);
    expect(only('spawn.Control').body).toEqual([
      { from: 'sender-id', target: 'auth-fix', project: '', action: 'prompt', value: 'run the tests', args: '' },
    ]);
  });

  it('returns delivered and ended as outputs, not failures', async () => {
    lich.on('spawn.Control', { result: { ...controlled, state: 'delivered' } });
    expect((await runOperation(ctx(), 'control', inputOf('control', { target: 'auth-fix', action: 'prompt', value: 'x' }))).output.state).toBe('delivered');
    lich.on('spawn.Control', { result: { ...controlled, action: 'abort', value: undefined, state: 'ended' } });
    expect((await runOperation(ctx(), 'control', inputOf('control', { target: 'auth-fix', action: 'abort' }))).output.state).toBe('ended');
  });

  it('passes a slash command and its args on as given', async () => {
    lich.on('spawn.Control', { result: { ...controlled, action: 'command', value: '/compact', command_id: 'm7' } });
    await runOperation(ctx(), 'control', { target: 'auth-fix', project: 'lich', action: 'command', value: '/compact', args: 'keep the test plan' });
    expect(only('spawn.Control').body).toEqual([
      { from: 'sender-id', target: 'auth-fix', project: 'lich', action: 'command', value: '/compact', args: 'keep the test plan' },
    ]);
  });

  it('refuses what controlRefusal refuses before any call', async () => {
    const refused = async (action: string, value = '', args = '') => {
      await expect(runOperation(ctx(), 'control', inputOf('control', { target: 'auth-fix', action, value, args }))).rejects.toThrow(LichError);
    };
    await refused('type');
    await refused('prompt', '  ');
    await refused('abort', 'now');
    await refused('model', 'opus', 'x');
    await refused('command', '/model');
    await expect(runOperation(ctx(), 'control', inputOf('control', { target: 'auth-fix', action: 'command', value: 'effort' }))).rejects.toThrow(
      '/effort is refused as a command: Claude Code saves what it sets as the default for every new session. The effort action changes this session only',
    );
    expect(lich.calls).toEqual([]);
  });

  it("fails with the server's own reason for a withdrawn or refused command", async () => {
    const withdrawn =
      '"auth-fix" did not take the abort within 10 seconds, so lich withdrew it and nothing ran: its mod stopped polling (Claude Code frozen, or the mod reloading). It is safe to send again';
    lich.on('spawn.Control', { status: 500, body: errorBody(withdrawn) });
    await expect(runOperation(ctx(), 'control', inputOf('control', { target: 'auth-fix', action: 'abort' }))).rejects.toThrow(new LichError(withdrawn));
  });
});

describe('ask', () => {
  const answered = { id: '9f8e', project: 'lich', label: 'auth-fix', answer: 'Fixing the flaky login test.' };

  it('calls spawn.Ask with every field and returns the answer', async () => {
    lich.on('spawn.Ask', { result: answered });
    const outcome = await runOperation(ctx(), 'ask', inputOf('ask', { target: 'auth-fix', question: 'what are you working on' }));
    expect(outcome.output).toEqual(answered);
    expect(only('spawn.Ask').body).toEqual([{ from: 'sender-id', target: 'auth-fix', project: '', question: 'what are you working on' }]);
  });

  it('refuses a blank question, and one over 8192 bytes, before any call', async () => {
    await expect(runOperation(ctx(), 'ask', inputOf('ask', { target: 'auth-fix', question: ' ' }))).rejects.toThrow(
      new LichError('a question needs its text, and none was given'),
    );
    await expect(runOperation(ctx(), 'ask', inputOf('ask', { target: 'auth-fix', question: 'x'.repeat(8193) }))).rejects.toThrow(
      new LichError('question is 8193 bytes, over the 8192 limit: ask it in fewer words'),
    );
    expect(lich.calls).toEqual([]);
  });

  it("fails with the server's reason when no answer came", async () => {
    lich.on('spawn.Ask', { status: 500, body: errorBody('"auth-fix" has no conversation to answer from yet: it is new, or was just cleared') });
    await expect(runOperation(ctx(), 'ask', inputOf('ask', { target: 'auth-fix', question: 'q' }))).rejects.toThrow(
      '"auth-fix" has no conversation to answer from yet: it is new, or was just cleared',
    );
  });
});

describe('the control and ask budgets', () => {
  it('give control 90 s and ask 120 s for the whole call (wire.md § 1.4)', async () => {
    const budgets: Record<string, number> = {};
    const rpc: RpcClient = {
      call: async <M extends RpcMethodName>(method: M, _options: RpcOptions<M>, call: CallOptions): Promise<RpcResult<M>> => {
        budgets[method] = call.timeoutMs;
        const output: Answered | Controlled =
          method === 'spawn.Ask'
            ? { id: 'x', project: 'lich', label: 'docs', answer: 'a' }
            : { id: 'x', project: 'lich', label: 'docs', action: 'abort', command_id: 'm1', state: 'done' };
        return output as RpcResult<M>;
      },
      coordinates: async () => {
        throw new LichError('no coordinates in this test');
      },
      close: () => {},
    };
    const c = createContext({ surface: 'cli', env: {}, rpc });
    await runOperation(c, 'control', inputOf('control', { target: 'docs', action: 'abort' }));
    await runOperation(c, 'ask', inputOf('ask', { target: 'docs', question: 'q' }));
    expect(budgets).toEqual({ 'spawn.Control': 90_000, 'spawn.Ask': 120_000 });
  });
});

describe('version', () => {
  it('reports this build and the server that answered system.Diagnostics', async () => {
    lich.on('system.Diagnostics', { result: { version: '0.37.0' } });
    expect((await runOperation(ctx(), 'version', {})).output).toEqual({ cli: VERSION, server: '0.37.0' });
    expect(only('system.Diagnostics').raw).toBe('[]');
  });

  it('leaves the server out, without failing, when no lich is running', async () => {
    const c = createContext({
      surface: 'cli',
      env: { HOME: '/nonexistent-home' },
      readFile: async () => {
        throw Object.assign(new Error('no file'), { code: 'ENOENT' });
      },
    });
    contexts.keep(c);
    expect((await runOperation(c, 'version', {})).output).toEqual({ cli: VERSION });
  });

  it('leaves out a lich that does not answer within 2 seconds', async () => {
    lich.on('system.Diagnostics', { hang: true });
    const started = Date.now();
    expect((await runOperation(ctx(), 'version', {})).output).toEqual({ cli: VERSION });
    expect(Date.now() - started).toBeLessThan(3_000);
  });
});

describe('quit', () => {
  it('asks system.Quit with {} and returns once the port refuses', async () => {
    lich.on('system.Quit', async () => {
      setTimeout(() => void lich.close(), 150);
      return { result: null };
    });
    const outcome = await runOperation(ctx(), 'quit', {});
    expect(outcome.output).toBeNull();
    expect(only('system.Quit').body).toEqual([{}]);
  });

  it('counts a lich that exits before its reply leaves as quit', async () => {
    lich.on('system.Quit', async () => {
      setTimeout(() => void lich.close(), 10);
      return { hangUp: true };
    });
    expect((await runOperation(ctx(), 'quit', {})).output).toBeNull();
  });

  it('gives up after 15 s with the port still listening', async () => {
    lich.on('system.Quit', { result: null });
    let clock = 0;
    const c = createContext({
      surface: 'cli',
      env: { LICH_PORT: String(lich.port), LICH_TOKEN: TOKEN },
      now: () => clock,
      sleep: async (ms) => {
        clock += ms;
      },
    });
    contexts.keep(c);
    await expect(runOperation(c, 'quit', {})).rejects.toThrow(`lich was asked to quit and still listens on port ${lich.port} after 15s`);
    expect(clock).toBeGreaterThanOrEqual(15_000);
  });

  it('fails with no lich running', async () => {
    const c = createContext({
      surface: 'cli',
      env: { HOME: '/nonexistent-home' },
      readFile: async () => {
        throw Object.assign(new Error('no file'), { code: 'ENOENT' });
      },
    });
    contexts.keep(c);
    await expect(runOperation(c, 'quit', {})).rejects.toThrow('no lich is running — open lich, or run this inside one of its sessions');
  });
});

describe('worktrees', () => {
  it('calls spawn.Worktrees with the caller and the project', async () => {
    const checkout = { name: 'auth-fix', path: '/wt/auth-fix', dirty: true, sessions: ['auth-fix'] };
    lich.on('spawn.Worktrees', { result: [checkout] });
    expect((await runOperation(ctx(), 'worktrees', { project: 'lich' })).output).toEqual([checkout]);
    expect(only('spawn.Worktrees').body).toEqual([{ from: 'sender-id', project: 'lich' }]);
  });

  it('reads a null list, and a null session list, as []', async () => {
    lich.on('spawn.Worktrees', { result: [{ name: 'idle', path: '/wt/idle', dirty: false, sessions: null }] });
    expect((await runOperation(ctx(), 'worktrees', inputOf('worktrees', {}))).output).toEqual([{ name: 'idle', path: '/wt/idle', dirty: false, sessions: [] }]);
    lich.on('spawn.Worktrees', { result: null });
    expect((await runOperation(ctx(), 'worktrees', inputOf('worktrees', {}))).output).toEqual([]);
  });
});

describe('names over their bound (issue 22)', () => {
  it('refuses each bounded name in one line before any call, on the command line and in lich mcp alike', async () => {
    const cases: Array<[Parameters<typeof runOperation>[1], Record<string, string>, string]> = [
      ['rename', { label: 'l'.repeat(100_000) }, 'label is 100000 characters, over the 100 limit: give a shorter one'],
      ['open', { worktree: 'b'.repeat(101) }, 'branch is 101 characters, over the 100 limit: give a shorter one'],
      ['open', { base: 'b'.repeat(101) }, 'base branch is 101 characters, over the 100 limit: give a shorter one'],
      ['open', { folder: 'f'.repeat(101), prompt: 'x' }, 'folder name is 101 characters, over the 100 limit: give a shorter one'],
      ['open', { kind: 'k'.repeat(101) }, 'kind is 101 characters, over the 100 limit: give a shorter one'],
      ['open', { model: 'm'.repeat(101) }, 'model is 101 characters, over the 100 limit: give a shorter one'],
      ['open', { effort: 'e'.repeat(101) }, 'effort is 101 characters, over the 100 limit: give a shorter one'],
      ['file', { folder: 'f'.repeat(101) }, 'folder name is 101 characters, over the 100 limit: give a shorter one'],
      ['renameFolder', { folder: 'Auth', to: 't'.repeat(101) }, 'folder name is 101 characters, over the 100 limit: give a shorter one'],
    ];
    for (const surface of ['cli', 'mcp'] as const) {
      for (const [op, given, refusal] of cases) {
        const error = await runOperation(ctx({ surface }), op, inputOf(op, given as never)).catch((e: unknown) => e);
        expect({ surface, op, error }).toEqual({ surface, op, error: new LichError(refusal) });
      }
    }
    expect(lich.calls).toEqual([]);
  });

  it('refuses each bounded name holding a control character in one line before any call, never cleaning it into another name', async () => {
    const cases: Array<[Parameters<typeof runOperation>[1], Record<string, string>, string]> = [
      ['rename', { label: 'x\x1b[31mred' }, 'a label cannot hold control characters, and "x\\x1b[31mred" holds one: give it without them'],
      ['rename', { label: 'a\tb' }, 'a label cannot hold control characters, and "a\\tb" holds one: give it without them'],
      ['open', { folder: 'F\x1b[2J', prompt: 'x' }, 'a folder name cannot hold control characters, and "F\\x1b[2J" holds one: give it without them'],
      ['open', { kind: 'claude\r' }, 'a kind cannot hold control characters, and "claude\\r" holds one: give it without them'],
      ['open', { model: 'opus\u009b' }, 'a model cannot hold control characters, and "opus\\u009b" holds one: give it without them'],
      ['open', { effort: '\x00high' }, 'an effort cannot hold control characters, and "\\x00high" holds one: give it without them'],
      ['file', { folder: 'col\tor' }, 'a folder name cannot hold control characters, and "col\\tor" holds one: give it without them'],
      ['renameFolder', { folder: 'Auth', to: 'new\nname' }, 'a folder name cannot hold control characters, and "new\\nname" holds one: give it without them'],
    ];
    for (const surface of ['cli', 'mcp'] as const) {
      for (const [op, given, refusal] of cases) {
        const error = await runOperation(ctx({ surface }), op, inputOf(op, given as never)).catch((e: unknown) => e);
        expect({ surface, op, error }).toEqual({ surface, op, error: new LichError(refusal) });
      }
    }
    expect(lich.calls).toEqual([]);
    // A branch is left to the backend's branch check, whose line is the more precise one
    // (`"b\nc" is not a valid branch name`, the bad-input corpus).
    await runOperation(ctx({ surface: 'cli' }), 'open', inputOf('open', { worktree: 'b\nc' } as never)).catch(() => undefined);
    expect(lich.calls.map((c) => c.method)).toEqual(['spawn.Open']);
  });

  it('takes a name of exactly the bound, counted in characters: a hundred emoji are a hundred', async () => {
    lich.on('spawn.Rename', { result: { id: 'sender-id', project: 'lich', label: '🦊'.repeat(100), previous: 'Session 3' } });
    await runOperation(ctx(), 'rename', inputOf('rename', { label: '🦊'.repeat(100) }));
    expect(only('spawn.Rename').body).toEqual([{ from: 'sender-id', target: '', project: '', label: '🦊'.repeat(100) }]);
  });
});
