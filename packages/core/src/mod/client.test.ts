/**
 * The mod client against a recording stand-in for lich's endpoints on a real loopback port
 * (the seam is not what these tests are about; packages/server tests the real ones), driving a
 * recording engine. Every rule of spec/mod-control.md § How it behaves has a test here. No test
 * measures time: the back-off is injected, and everything else waits on events.
 */
import { readFileSync } from 'node:fs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  ANSWER_LIMIT,
  ASK_PREAMBLE,
  ForkError,
  type ModClient,
  type ModEngine,
  askPrompt,
  cutAnswer,
  taskNotification,
} from './client.js';
import { startModClient } from './client-node.js';
import { type RecordingLich, startRecordingLich } from './testing.js';

const FIXTURES = new URL('../../../../contracts/fixtures/upstream/', import.meta.url);
const commandsFixture = JSON.parse(readFileSync(new URL('mod-commands.json', FIXTURES), 'utf8')) as Array<Record<string, unknown>>;
const fixture = (id: string) => commandsFixture.find((c) => c.id === id)!;

class Deferred<T = void> {
  resolve!: (value: T) => void;
  reject!: (error: unknown) => void;
  readonly promise = new Promise<T>((resolve, reject) => {
    this.resolve = resolve;
    this.reject = reject;
  });
}

type Call = { method: keyof ModEngine; args: unknown[] };

/**
 * An engine that records every call, in order. An async method returns what its behaviour
 * says — by default it resolves at once; a test can hand it a Deferred per call instead.
 */
class RecordingEngine implements ModEngine {
  readonly calls: Call[] = [];
  readonly deferred: Partial<Record<keyof ModEngine, Array<Deferred<unknown>>>> = {};
  /** Methods whose calls wait on a Deferred the test settles. */
  readonly held = new Set<keyof ModEngine>();
  forkAnswer: (prompt: string) => Promise<string> = async () => 'an answer';
  private listeners: Array<() => void> = [];

  private record(method: keyof ModEngine, args: unknown[]): Promise<unknown> | undefined {
    this.calls.push({ method, args });
    for (const l of this.listeners) l();
    if (!this.held.has(method)) return undefined;
    const d = new Deferred<unknown>();
    (this.deferred[method] ??= []).push(d);
    return d.promise;
  }

  submit(p: { text: string; asUser?: boolean }): Promise<void> {
    return (this.record('submit', [p]) ?? Promise.resolve()) as Promise<void>;
  }
  abort(): Promise<void> {
    return (this.record('abort', []) ?? Promise.resolve()) as Promise<void>;
  }
  setModel(model: string | undefined): void {
    this.record('setModel', [model]);
  }
  setEffort(effort: string | undefined): void {
    this.record('setEffort', [effort]);
  }
  runCommand(name: string, args?: string): Promise<void> {
    return (this.record('runCommand', [name, args]) ?? Promise.resolve()) as Promise<void>;
  }
  fork(prompt: string): Promise<string> {
    return (this.record('fork', [prompt]) as Promise<string> | undefined) ?? this.forkAnswer(prompt);
  }

  methods(): string[] {
    return this.calls.map((c) => c.method);
  }

  /** Resolves once `predicate` holds over the calls (10 s at most). */
  waitFor(what: string, predicate: (calls: Call[]) => boolean): Promise<void> {
    return new Promise((resolve, reject) => {
      const check = () => {
        if (!predicate(this.calls)) return;
        done();
        resolve();
      };
      const timer = setTimeout(() => {
        done();
        reject(new Error(`the engine never saw ${what}; it saw ${JSON.stringify(this.calls)}`));
      }, 10_000);
      const done = () => {
        clearTimeout(timer);
        this.listeners = this.listeners.filter((l) => l !== check);
      };
      this.listeners.push(check);
      check();
    });
  }
}

let lich: RecordingLich;
let engine: RecordingEngine;
let client: ModClient | null;
/** The back-offs the client asked for, in ms, in order. */
let backoffs: number[];

beforeEach(async () => {
  lich = await startRecordingLich();
  engine = new RecordingEngine();
  backoffs = [];
  client = null;
});

afterEach(async () => {
  client?.stop();
  await client?.stopped;
  await lich.close();
});

function start(extra: { interactive?: boolean; env?: Record<string, string | undefined> } = {}): ModClient {
  client = startModClient({
    env: extra.env ?? lich.env,
    interactive: extra.interactive ?? true,
    engine,
    pluginVersion: '0.17.0',
    backoff: async (ms) => {
      backoffs.push(ms);
    },
  });
  expect(client).not.toBeNull();
  return client!;
}

const polls = () => lich.to('/mod/commands', 'GET');
const acks = () => lich.to('/mod/acks', 'POST').map((r) => r.body as Record<string, unknown>);
const ackOf = (id: string) => acks().find((a) => a.id === id);
const waitPolls = (n: number) => lich.waitFor(`${n} polls`, () => polls().length >= n);
const waitAcks = (...ids: string[]) => lich.waitFor(`acks of ${ids.join(', ')}`, () => ids.every((id) => ackOf(id) !== undefined));

/** Hands the next poll `commands` and waits for the poll after it, so the commands are in. */
async function deliver(commands: unknown[]): Promise<void> {
  const before = polls().length;
  await waitPolls(before || 1);
  lich.answerPoll(commands);
  await waitPolls((before || 1) + 1);
}

describe('when the mod client polls at all', () => {
  it('never polls outside lich: any of LICH_PORT, LICH_TOKEN, LICH_SESSION_ID missing or empty gives no client', async () => {
    for (const name of ['LICH_PORT', 'LICH_TOKEN', 'LICH_SESSION_ID']) {
      const env: Record<string, string | undefined> = { ...lich.env };
      delete env[name];
      expect(startModClient({ env, interactive: true, engine, pluginVersion: '0.17.0' })).toBeNull();
      expect(startModClient({ env: { ...lich.env, [name]: '' }, interactive: true, engine, pluginVersion: '0.17.0' })).toBeNull();
    }
    expect(startModClient({ env: { ...lich.env, LICH_PORT: 'http' }, interactive: true, engine, pluginVersion: '0.17.0' })).toBeNull();
    expect(lich.requests).toEqual([]);
  });

  it('never polls in a non-interactive session', () => {
    expect(startModClient({ env: lich.env, interactive: false, engine, pluginVersion: '0.17.0' })).toBeNull();
    expect(lich.requests).toEqual([]);
  });

  it('polls GET /mod/commands with the token, its session id and X-Lich-Plugin', async () => {
    start();
    await waitPolls(1);
    const poll = polls()[0]!;
    expect(poll.query.get('token')).toBe(lich.token);
    expect(poll.query.get('session_id')).toBe(lich.sessionId);
    expect(poll.plugin).toBe('0.17.0');
  });
});

describe('the poll loop', () => {
  it('polls again at once after a 200, with no back-off', async () => {
    start();
    for (let i = 1; i <= 3; i++) {
      await waitPolls(i);
      lich.answerPoll([]);
    }
    await waitPolls(4);
    expect(backoffs).toEqual([]);
  });

  it('backs off 1 s doubling to 10 s on 5xx and network errors, and a 200 resets it', async () => {
    start();
    const failures = [{ status: 500 }, { status: 503 }, { hangUp: true as const }, { status: 502 }, { status: 500 }, { status: 500 }];
    for (const [i, failure] of failures.entries()) {
      await waitPolls(i + 1);
      lich.answerPoll(failure);
    }
    await waitPolls(failures.length + 1);
    expect(backoffs).toEqual([1000, 2000, 4000, 8000, 10_000, 10_000]);
    lich.answerPoll([]);
    await waitPolls(failures.length + 2);
    lich.answerPoll({ status: 500 });
    await waitPolls(failures.length + 3);
    expect(backoffs).toEqual([1000, 2000, 4000, 8000, 10_000, 10_000, 1000]);
  });

  it('backs off the same way on any other unexpected status, and on a 200 that is not a list of commands', async () => {
    start();
    const odd = [
      { status: 400, body: 'session_id is required\n' },
      { status: 401, body: 'invalid token\n' },
      { status: 418 },
      { status: 200, body: '{"not":"a list"}' },
      { status: 200, body: 'not json' },
    ];
    for (const [i, answer] of odd.entries()) {
      await waitPolls(i + 1);
      lich.answerPoll(answer);
    }
    await waitPolls(odd.length + 1);
    expect(backoffs).toEqual([1000, 2000, 4000, 8000, 10_000]);
  });

  it('backs off when lich is not listening at all', async () => {
    const port = lich.port;
    await lich.close();
    client = startModClient({
      env: { ...lich.env, LICH_PORT: String(port) },
      interactive: true,
      engine,
      pluginVersion: '0.17.0',
      backoff: async (ms) => {
        backoffs.push(ms);
        if (backoffs.length === 3) client?.stop();
      },
    });
    await client!.stopped;
    expect(backoffs).toEqual([1000, 2000, 4000]);
    lich = await startRecordingLich();
  });

  it('stops polling on a 404: lich predates the contract', async () => {
    const c = start();
    await waitPolls(1);
    lich.answerPoll({ status: 404, body: '404 page not found\n' });
    await c.stopped;
    expect(polls()).toHaveLength(1);
    expect(backoffs).toEqual([]);
  });

  it('stop() cancels the parked poll and resolves stopped', async () => {
    const c = start();
    await lich.waitFor('a parked poll', () => lich.parkedPolls() === 1);
    c.stop();
    await c.stopped;
    expect(polls()).toHaveLength(1);
  });

  it('sends X-Lich-Plugin on every request, acks included', async () => {
    start();
    await deliver([fixture('m3'), fixture('m9')]);
    await waitAcks('m3', 'm9');
    expect(lich.requests.length).toBeGreaterThanOrEqual(4);
    expect(lich.requests.map((r) => r.plugin)).toEqual(lich.requests.map(() => '0.17.0'));
  });
});

describe('applying commands', () => {
  it('applies model, effort and abort in order, each as the contract says, and acks each ok', async () => {
    start();
    await deliver([
      { id: 'm1', kind: 'model', model: 'claude-opus-4-1' },
      { id: 'm2', kind: 'effort', effort: 'xhigh' },
      { id: 'm3', kind: 'abort' },
      { id: 'm4', kind: 'model' },
      { id: 'm5', kind: 'effort' },
    ]);
    await waitAcks('m1', 'm2', 'm3', 'm4', 'm5');
    expect(engine.calls).toEqual([
      { method: 'setModel', args: ['claude-opus-4-1'] },
      { method: 'setEffort', args: ['xhigh'] },
      { method: 'abort', args: [] },
      { method: 'setModel', args: [undefined] },
      { method: 'setEffort', args: [undefined] },
    ]);
    expect(acks()).toEqual([
      { session_id: lich.sessionId, id: 'm1', kind: 'model', ok: true },
      { session_id: lich.sessionId, id: 'm2', kind: 'effort', ok: true },
      { session_id: lich.sessionId, id: 'm3', kind: 'abort', ok: true },
      { session_id: lich.sessionId, id: 'm4', kind: 'model', ok: true },
      { session_id: lich.sessionId, id: 'm5', kind: 'effort', ok: true },
    ]);
  });

  it('awaits each ack before the next command', async () => {
    const held = new Deferred();
    lich.on('/mod/acks', async (r) => {
      if ((r.body as { id?: string }).id === 'm1') await held.promise;
      return { status: 204 };
    });
    start();
    await deliver([{ id: 'm1', kind: 'abort' }, { id: 'm2', kind: 'model', model: 'haiku' }]);
    await waitAcks('m1');
    // The ack of m1 is in and unanswered: m2 must not have reached the engine.
    await lich.waitFor('the poll after', () => lich.parkedPolls() === 1);
    expect(engine.methods()).toEqual(['abort']);
    held.resolve();
    await waitAcks('m2');
    expect(engine.methods()).toEqual(['abort', 'setModel']);
  });

  it('never waits on a command to poll again: a prompt whose turn has not started leaves the poll running', async () => {
    engine.held.add('submit');
    start();
    await deliver([{ id: 'm1', kind: 'prompt', text: 'run the tests' }]);
    lich.answerPoll([{ id: 'm2', kind: 'abort' }]);
    await waitAcks('m2');
    expect(engine.methods()).toEqual(['submit', 'abort']);
    expect(ackOf('m1')).toBeUndefined();
  });

  it('acks a prompt when its turn starts, and runs what follows it at once', async () => {
    engine.held.add('submit');
    start();
    await deliver([{ id: 'm1', kind: 'prompt', text: 'run the tests' }, { id: 'm2', kind: 'abort' }]);
    await waitAcks('m2');
    expect(engine.calls).toEqual([
      { method: 'submit', args: [{ text: 'run the tests' }] },
      { method: 'abort', args: [] },
    ]);
    expect(ackOf('m1')).toBeUndefined();
    engine.deferred.submit![0]!.resolve(undefined);
    await waitAcks('m1');
    expect(acks().map((a) => a.id)).toEqual(['m2', 'm1']);
    expect(ackOf('m1')).toEqual({ session_id: lich.sessionId, id: 'm1', kind: 'prompt', ok: true });
  });

  it('acks a slash command once it ran, and runs what follows it at once', async () => {
    engine.held.add('runCommand');
    start();
    await deliver([fixture('m7'), fixture('m8'), { id: 'm9', kind: 'effort', effort: 'low' }]);
    await waitAcks('m9');
    expect(engine.calls).toEqual([
      { method: 'runCommand', args: ['compact', 'keep the test plan'] },
      { method: 'runCommand', args: ['clear', undefined] },
      { method: 'setEffort', args: ['low'] },
    ]);
    engine.deferred.runCommand![1]!.resolve(undefined);
    await waitAcks('m8');
    engine.deferred.runCommand![0]!.resolve(undefined);
    await waitAcks('m7');
    expect(acks().map((a) => a.id)).toEqual(['m9', 'm8', 'm7']);
    expect(ackOf('m7')).toEqual({ session_id: lich.sessionId, id: 'm7', kind: 'command', ok: true });
  });

  it('refuses an effort outside low, medium, high, xhigh and max with unknown effort, leaving the override alone', async () => {
    start();
    const efforts = ['low', 'medium', 'high', 'xhigh', 'max', 'turbo', 'High', ''];
    await deliver(efforts.map((effort, i) => ({ id: `m${i + 1}`, kind: 'effort', effort })));
    await waitAcks(...efforts.map((_, i) => `m${i + 1}`));
    expect(engine.calls).toEqual(['low', 'medium', 'high', 'xhigh', 'max'].map((e) => ({ method: 'setEffort', args: [e] })));
    for (const id of ['m6', 'm7', 'm8']) {
      expect(ackOf(id)).toEqual({ session_id: lich.sessionId, id, kind: 'effort', ok: false, error: 'unknown effort' });
    }
  });

  it('acks a kind it does not know not ok, unknown kind, echoing the kind so a newer lich hears of it', async () => {
    start();
    await deliver([{ id: 'm1', kind: 'type', text: 'hello' }, { id: 'm2', kind: 'model', model: 'sonnet' }]);
    await waitAcks('m1', 'm2');
    expect(ackOf('m1')).toEqual({ session_id: lich.sessionId, id: 'm1', kind: 'type', ok: false, error: 'unknown kind' });
    expect(engine.methods()).toEqual(['setModel']);
  });

  it('acks a failed prompt, abort, model or slash command not ok, with the engine’s reason', async () => {
    engine.held.add('submit').add('abort').add('runCommand');
    start();
    await deliver([
      { id: 'm1', kind: 'prompt', text: 'x' },
      { id: 'm2', kind: 'abort' },
    ]);
    await engine.waitFor('the abort', (calls) => calls.length === 2);
    engine.deferred.abort![0]!.reject(new Error('no turn is running'));
    engine.deferred.submit![0]!.reject(new Error('the session\nis closing'));
    await waitAcks('m1', 'm2');
    lich.answerPoll([{ id: 'm3', kind: 'command', name: 'compact' }]);
    await engine.waitFor('the command', (calls) => calls.length === 3);
    engine.deferred.runCommand![0]!.reject(new Error('unknown command /compact'));
    await waitAcks('m3');
    expect(ackOf('m1')).toEqual({ session_id: lich.sessionId, id: 'm1', kind: 'prompt', ok: false, error: 'the session is closing' });
    expect(ackOf('m2')).toEqual({ session_id: lich.sessionId, id: 'm2', kind: 'abort', ok: false, error: 'no turn is running' });
    expect(ackOf('m3')).toEqual({ session_id: lich.sessionId, id: 'm3', kind: 'command', ok: false, error: 'unknown command /compact' });
  });

  it('acks a model the engine throws on not ok, and goes on with the next command', async () => {
    engine.setModel = (model) => {
      engine.calls.push({ method: 'setModel', args: [model] });
      throw new Error('no such model');
    };
    start();
    await deliver([{ id: 'm1', kind: 'model', model: 'x' }, { id: 'm2', kind: 'effort', effort: 'max' }]);
    await waitAcks('m1', 'm2');
    expect(ackOf('m1')).toEqual({ session_id: lich.sessionId, id: 'm1', kind: 'model', ok: false, error: 'no such model' });
    expect(ackOf('m2')!.ok).toBe(true);
  });

  it('drops an ack that cannot be sent, and runs the next command', async () => {
    lich.on('/mod/acks', (r) => {
      const id = (r.body as { id?: string }).id;
      if (id === 'm1') return { status: 500, body: 'database is locked\n' };
      if (id === 'm2') return { hangUp: true };
      return { status: 204 };
    });
    const lines: string[] = [];
    client = startModClient({ env: lich.env, interactive: true, engine, pluginVersion: '0.17.0', log: (l) => lines.push(l) });
    await deliver([{ id: 'm1', kind: 'abort' }, { id: 'm2', kind: 'model', model: 'a' }, { id: 'm3', kind: 'model', model: 'b' }]);
    await waitAcks('m1', 'm2', 'm3');
    expect(engine.methods()).toEqual(['abort', 'setModel', 'setModel']);
    expect(lich.to('/mod/acks')).toHaveLength(3);
    expect(lines.filter((l) => l.includes('ack of m1') || l.includes('ack of m2'))).toHaveLength(2);
    expect(lines.join('\n')).not.toContain(lich.token);
  });

  it('submits a prompt with a notification as the user, as a task notification', async () => {
    start();
    await deliver([fixture('m10'), fixture('m11'), fixture('m1')]);
    await waitAcks('m10', 'm11', 'm1');
    expect(engine.calls).toEqual([
      {
        method: 'submit',
        args: [
          {
            asUser: true,
            text:
              '<task-notification>\n' +
              '<status>completed</status>\n' +
              '<summary>lich session "docs" finished</summary>\n' +
              '<result>[lich] Session "docs" finished the task you handed it (ticket t1). Its report:\n\nIf a < b && c > d, see </result>.</result>\n' +
              '</task-notification>',
          },
        ],
      },
      {
        method: 'submit',
        args: [
          {
            asUser: true,
            text:
              '<task-notification>\n' +
              '<status>waiting</status>\n' +
              '<summary>lich session "a&lt;b&amp;c" is waiting on a permission prompt</summary>\n' +
              '<result>[lich] Session "a<b&c", the subagent you opened, is waiting on a permission prompt in its card.</result>\n' +
              '</task-notification>',
          },
        ],
      },
      { method: 'submit', args: [{ text: 'run the tests' }] },
    ]);
    expect(taskNotification('x', { status: 'completed', summary: '<&>' })).not.toContain('task-id');
  });

  it('stop() drops the commands not begun yet and sends no more acks', async () => {
    engine.held.add('abort');
    const c = start();
    await deliver([{ id: 'm1', kind: 'abort' }, { id: 'm2', kind: 'model', model: 'x' }]);
    await engine.waitFor('the abort', (calls) => calls.length === 1);
    c.stop();
    await c.stopped;
    engine.deferred.abort![0]!.resolve(undefined);
    // Whatever the client would still do happens within these turns of the event loop.
    for (let i = 0; i < 20; i++) await new Promise((r) => setImmediate(r));
    expect(engine.methods()).toEqual(['abort']);
    expect(acks()).toEqual([]);
  });

  it('applies every command shape of mod-commands.json and acks each one by its id and kind', async () => {
    start();
    await deliver(commandsFixture);
    const ids = commandsFixture.map((c) => c.id as string);
    await waitAcks(...ids);
    for (const c of commandsFixture) {
      expect(ackOf(c.id as string)).toMatchObject({ session_id: lich.sessionId, id: c.id, kind: c.kind, ok: true });
    }
    expect(engine.methods().sort()).toEqual(
      ['submit', 'abort', 'setModel', 'setModel', 'setEffort', 'setEffort', 'runCommand', 'runCommand', 'fork', 'submit', 'submit'].sort(),
    );
  });
});

describe('ask', () => {
  it('runs beside everything: it starts while earlier commands still run, several at once, each acked when it answers', async () => {
    engine.held.add('abort').add('fork');
    start();
    await deliver([
      { id: 'm1', kind: 'abort' },
      { id: 'm2', kind: 'ask', question: 'first?' },
      { id: 'm3', kind: 'ask', question: 'second?' },
      { id: 'm4', kind: 'model', model: 'x' },
    ]);
    await engine.waitFor('both forks', (calls) => calls.filter((c) => c.method === 'fork').length === 2);
    expect(engine.methods().filter((m) => m !== 'fork')).toEqual(['abort']);
    // The queue goes on while the asks are out.
    engine.deferred.abort![0]!.resolve(undefined);
    await waitAcks('m1', 'm4');
    engine.deferred.fork![1]!.resolve('second answer');
    await waitAcks('m3');
    engine.deferred.fork![0]!.resolve('first answer');
    await waitAcks('m2');
    expect(acks().map((a) => a.id)).toEqual(['m1', 'm4', 'm3', 'm2']);
    expect(ackOf('m2')).toEqual({ session_id: lich.sessionId, id: 'm2', kind: 'ask', ok: true, answer: 'first answer' });
  });

  it('does not hold the commands after it', async () => {
    engine.held.add('fork');
    start();
    await deliver([fixture('m9'), { id: 'm10', kind: 'prompt', text: 'go on' }]);
    await waitAcks('m10');
    expect(ackOf('m9')).toBeUndefined();
    engine.deferred.fork![0]!.resolve('Fixing the login test.');
    await waitAcks('m9');
  });

  it('puts the question behind the preamble', async () => {
    start();
    await deliver([fixture('m9')]);
    await waitAcks('m9');
    expect(engine.calls).toEqual([{ method: 'fork', args: [askPrompt('what are you working on?')] }]);
    expect(askPrompt('what are you working on?')).toBe(`${ASK_PREAMBLE}what are you working on?`);
    expect(ASK_PREAMBLE).toMatch(/side question/);
    expect(ASK_PREAMBLE).toMatch(/stays out of the conversation/);
    expect(ASK_PREAMBLE).toMatch(/Tools are unavailable/);
  });

  it('cuts an answer at 16,000 UTF-16 units with \\n[truncated] after it', async () => {
    const long = 'a'.repeat(ANSWER_LIMIT + 500);
    const exact = 'b'.repeat(ANSWER_LIMIT);
    engine.forkAnswer = async (prompt) => (prompt.endsWith('long?') ? long : exact);
    start();
    await deliver([
      { id: 'm1', kind: 'ask', question: 'long?' },
      { id: 'm2', kind: 'ask', question: 'exact?' },
    ]);
    await waitAcks('m1', 'm2');
    expect(ackOf('m1')!.answer).toBe(`${'a'.repeat(ANSWER_LIMIT)}\n[truncated]`);
    expect(ackOf('m2')!.answer).toBe(exact);
    // A surrogate pair at the cut is not split.
    const astral = `${'c'.repeat(ANSWER_LIMIT - 1)}😀tail`;
    expect(cutAnswer(astral)).toBe(`${'c'.repeat(ANSWER_LIMIT - 1)}\n[truncated]`);
  });

  it('acks a fork that does not answer not ok, with its reason', async () => {
    const reasons = ['nothing-to-fork', 'api-error 529 overloaded_error', 'empty-reply', 'aborted'];
    engine.forkAnswer = async (prompt) => {
      throw new ForkError(reasons[Number(prompt.slice(-1))]!);
    };
    start();
    await deliver(reasons.map((_, i) => ({ id: `m${i + 1}`, kind: 'ask', question: `q${i}` })));
    await waitAcks('m1', 'm2', 'm3', 'm4');
    reasons.forEach((reason, i) => {
      expect(ackOf(`m${i + 1}`)).toEqual({ session_id: lich.sessionId, id: `m${i + 1}`, kind: 'ask', ok: false, error: reason });
    });
  });

  it('acks a blank answer as empty-reply', async () => {
    engine.forkAnswer = async () => '  \n';
    start();
    await deliver([fixture('m9')]);
    await waitAcks('m9');
    expect(ackOf('m9')).toEqual({ session_id: lich.sessionId, id: 'm9', kind: 'ask', ok: false, error: 'empty-reply' });
  });
});
