import { beforeEach, describe, expect, it } from 'vitest';
import { ASK_PREAMBLE, taskNotification } from '@lich/core/mod/client';
import { bodyRefusal } from '@lich/core/mod/validate';
import { rosterName } from '@lich/core/roster-name';
import { registerLich } from './register.js';
import { type DollarAnswers, fakeDollar, type Hooks, ManualClock, MemoryLich, recordingOn, settle } from './testing.js';

const LICH = { LICH_PORT: '4711', LICH_TOKEN: 'f'.repeat(32), LICH_SESSION_ID: 'lich-s1' };
const refusal = (path: Parameters<typeof bodyRefusal>[0], body: unknown) => bodyRefusal(path, body);

let lich: MemoryLich;
let clock: ManualClock;

beforeEach(() => {
  lich = new MemoryLich();
  clock = new ManualClock();
});

/** Registers the mod and raises `session.start` as Claude Code would. */
async function start(answers: DollarAnswers, interactive = true) {
  // These tests are about mod-control: a lich without /mod/status keeps the footer's reads
  // (modules.test.ts) off the clock they move.
  lich.answer.set('/mod/status', 404);
  const { on, hooks } = recordingOn();
  const state = registerLich(on, { version: '0.17.0', refusal });
  const dollar = fakeDollar(lich, clock, answers);
  const started = await raise(hooks, 'session.start', dollar.$, { cwd: '/work', surface: interactive ? 'terminal' : null, isInteractive: interactive }, { cwd: '/work' });
  return { hooks, state, ...dollar, started };
}

/** Raises `event`'s hook with `e`, its `next` answering `result`. */
function raise(hooks: Hooks, event: string, $: unknown, e: unknown, result: unknown = {}): Promise<unknown> {
  const hook = hooks.get(event);
  if (!hook) throw new Error(`no hook on ${event}`);
  return Promise.resolve(hook($, e, async (x: unknown) => (result === 'echo' ? x : result)));
}

/** Raises `turn.step` (a streaming hook) and returns the request its `next` was handed. */
async function step(hooks: Hooks, $: unknown, e: Record<string, unknown>): Promise<Record<string, unknown>> {
  let sent: Record<string, unknown> | undefined;
  const next = async function* (x: Record<string, unknown>) {
    sent = x;
    yield { chunk: 1 };
    return { turnId: x.turnId, answer: 'ok' };
  };
  const gen = hooks.get('turn.step')!($, e, next) as AsyncGenerator<unknown, unknown>;
  for (let r = await gen.next(); !r.done; r = await gen.next());
  return sent!;
}

const acks = () => lich.to('/mod/acks').map((r) => r.body);

describe("lich's mod outside lich and outside a terminal", () => {
  it('never polls and never reports without the LICH_ variables, and passes every model request on unchanged', async () => {
    const { hooks, $, started } = await start({ env: {} });
    expect(started).toEqual({ cwd: '/work' });
    const e = { turnId: 't1', index: 0, model: 'claude-opus-5-5', effort: 'medium', messageCount: 3 };
    expect(await step(hooks, $, e)).toBe(e);
    await raise(hooks, 'session.measure', $, { context: { window: 1 }, rateLimits: [], changed: ['context'] });
    expect(lich.requests).toEqual([]);
  });

  it('never polls in a session nobody is at (claude -p), lich or not', async () => {
    await start({ env: LICH }, false);
    expect(lich.requests).toEqual([]);
  });

  it('reports no busy at a turn’s start and no title at a prompt, and leaves the UserPromptSubmit hook’s alone, outside lich or in a run nobody attends', async () => {
    for (const [env, interactive] of [[{}, true], [LICH, false]] as const) {
      const { hooks, $, calls } = await start({ env }, interactive);
      await raise(hooks, 'turn.start', $, { text: 'work', turnId: 't1' });
      await raise(hooks, 'classic.UserPromptSubmit', $, { session_id: 'c', cwd: '/work', prompt: 'x', session_title: 'A title' });
      expect(calls.filter((c) => c.call === 'env.set')).toEqual([]);
    }
    expect(lich.requests).toEqual([]);
  });
});

describe("lich's mod in an interactive lich session", () => {
  it('polls /mod/commands as the session, with X-Lich-Plugin, and reports the usage Claude Code measures', async () => {
    await start({ env: LICH, sessionId: 'c-1', usage: { startedAt: 0, context: { window: 200000 }, rateLimits: [], cost: { usd: 0 } } });
    await lich.until(() => lich.polls === 1 && lich.to('/mod/usage').length === 1, 'the poll and the usage');
    const [poll] = lich.to('/mod/commands');
    expect(poll!.query.get('token')).toBe(LICH.LICH_TOKEN);
    expect(poll!.query.get('session_id')).toBe('lich-s1');
    expect(poll!.headers['X-Lich-Plugin']).toBe('0.17.0');
    expect(lich.to('/mod/usage')[0]!.body).toEqual({ session_id: 'lich-s1', conversation_id: 'c-1', context: { window: 200000 }, rate_limits: [], cost_usd: 0 });
  });

  it('submits a prompt, and one with a notification as the user in Claude Code’s task-notification shape', async () => {
    const { calls } = await start({ env: LICH });
    await lich.until(() => lich.polls === 1, 'the poll');
    const notification = { status: 'completed' as const, summary: 'lich session "docs" finished' };
    lich.hand([
      { id: 'm1', kind: 'prompt', text: 'run the tests' },
      { id: 'm2', kind: 'prompt', text: 'a < b', notification },
    ]);
    await lich.until(() => acks().length === 2, 'two acks');
    expect(calls.filter((c) => c.call === 'prompt.submit').map((c) => c.arg)).toEqual([
      { text: 'run the tests' },
      { text: taskNotification('a < b', notification), asUser: true },
    ]);
    expect(acks()).toEqual([
      { session_id: 'lich-s1', id: 'm1', kind: 'prompt', ok: true },
      { session_id: 'lich-s1', id: 'm2', kind: 'prompt', ok: true },
    ]);
  });

  it('acks a prompt Claude Code drops with its reason', async () => {
    await start({ env: LICH, submit: async () => ({ drop: 'a Stop stands' }) });
    await lich.until(() => lich.polls === 1, 'the poll');
    lich.hand([{ id: 'm1', kind: 'prompt', text: 'x' }]);
    await lich.until(() => acks().length === 1, 'the ack');
    expect(acks()[0]).toMatchObject({ ok: false, error: 'a Stop stands' });
  });

  it('aborts the main loop’s running turn by the id turn.start gave, and acks once it completed', async () => {
    const { hooks, $, calls } = await start({ env: LICH });
    await raise(hooks, 'turn.start', $, { text: 'work', turnId: 'turn-7' });
    await raise(hooks, 'turn.start', $, { text: 'sub', turnId: 'sub-1', agentId: 'agent-1' });
    await lich.until(() => lich.polls === 1, 'the poll');
    lich.hand([{ id: 'a1', kind: 'abort' }]);
    await lich.until(() => calls.some((c) => c.call === 'turn.abort'), 'the abort');
    expect(calls.find((c) => c.call === 'turn.abort')!.arg).toEqual({ turnId: 'turn-7' });
    expect(acks()).toEqual([]);
    await raise(hooks, 'turn.complete', $, { turnId: 'turn-7', answer: '', durationMs: 1, isAborted: true, reason: 'aborted' });
    await lich.until(() => acks().length === 1, 'the ack');
    expect(acks()[0]).toEqual({ session_id: 'lich-s1', id: 'a1', kind: 'abort', ok: true });
  });

  it('reports busy as the main loop’s turn starts, before the turn goes on, naming its conversation; none for a subagent’s', async () => {
    const { hooks, $, calls } = await start({ env: LICH, sessionId: 'conv-1' });
    expect(calls.filter((c) => c.call === 'env.set').map((c) => c.arg)).toEqual([{ name: 'LICH_MOD_SESSION', value: 'lich-s1' }]);
    let reportedBeforeNext: unknown[] = [];
    await hooks.get('turn.start')!($, { text: 'work', turnId: 't1' }, async () => {
      reportedBeforeNext = lich.to('/hook').map((r) => r.body);
      return {};
    });
    expect(reportedBeforeNext).toEqual([{ session_id: 'lich-s1', state: 'busy', provider_session_id: 'conv-1' }]);
    await raise(hooks, 'turn.start', $, { text: 'sub', turnId: 'sub-1', agentId: 'agent-1' });
    await settle();
    expect(lich.to('/hook')).toHaveLength(1);
  });

  it('reports the session’s title at a prompt from its own process, unless it is the roster name lich gave the session, and passes the prompt on unchanged', async () => {
    const { hooks, $ } = await start({ env: LICH, sessionId: 'conv-1' });
    const prompt = { session_id: 'conv-1', transcript_path: '/t.jsonl', cwd: '/work/repo', prompt: 'x', session_title: 'Fix the login test' };
    expect(await raise(hooks, 'classic.UserPromptSubmit', $, prompt, 'echo')).toBe(prompt);
    await lich.until(() => lich.to('/session-title').length === 1, 'the title');
    expect(lich.to('/session-title')[0]!.body).toEqual({ session_id: 'lich-s1', title: 'Fix the login test' });
    await raise(hooks, 'classic.UserPromptSubmit', $, { ...prompt, session_title: rosterName('/work/repo', 'lich-s1') });
    await raise(hooks, 'classic.UserPromptSubmit', $, { ...prompt, session_title: '  ' });
    await settle();
    expect(lich.to('/session-title')).toHaveLength(1);
    expect(lich.to('/hook')).toEqual([]);
  });

  it('refuses an abort when no turn runs', async () => {
    const { hooks, $ } = await start({ env: LICH });
    await raise(hooks, 'turn.start', $, { text: 'work', turnId: 't1' });
    await raise(hooks, 'turn.complete', $, { turnId: 't1', answer: 'done', durationMs: 1, isAborted: false, reason: 'answer' });
    await lich.until(() => lich.polls === 1, 'the poll');
    lich.hand([{ id: 'a1', kind: 'abort' }]);
    await lich.until(() => acks().length === 1, 'the ack');
    expect(acks()[0]).toMatchObject({ ok: false, error: 'no turn is running' });
  });

  it('acks an abort whose turn.complete never comes after its bound, so the commands behind it run', async () => {
    const { hooks, $ } = await start({ env: LICH });
    await raise(hooks, 'turn.start', $, { text: 'work', turnId: 't1' });
    await lich.until(() => lich.polls === 1, 'the poll');
    lich.hand([{ id: 'a1', kind: 'abort' }]);
    await lich.until(() => clock.pending().includes(5000), 'the abort waiting for its turn');
    clock.advance(5000);
    await lich.until(() => acks().length === 1, 'the ack');
    expect(acks()[0]).toMatchObject({ ok: true });
  });

  it('sends every model request with the model and effort lich set, and the session’s own once they are dropped', async () => {
    const { hooks, $ } = await start({ env: LICH });
    await lich.until(() => lich.polls === 1, 'the poll');
    lich.hand([
      { id: 'm1', kind: 'model', model: 'claude-sonnet-4-5' },
      { id: 'e1', kind: 'effort', effort: 'high' },
      { id: 'e2', kind: 'effort', effort: 'extreme' },
    ]);
    await lich.until(() => acks().length === 3, 'three acks');
    expect(acks().map((a) => (a as { ok: boolean }).ok)).toEqual([true, true, false]);
    expect(acks()[2]).toMatchObject({ error: 'unknown effort' });
    const e = { turnId: 't1', index: 0, model: 'claude-opus-5-5', effort: 'medium', messageCount: 3 };
    expect(await step(hooks, $, e)).toEqual({ ...e, model: 'claude-sonnet-4-5', effort: 'high' });
    // A subagent's requests too: every turn.step (spec/mod-control.md).
    expect(await step(hooks, $, { ...e, agentId: 'a1' })).toMatchObject({ model: 'claude-sonnet-4-5', effort: 'high' });
    await lich.until(() => lich.polls === 1, 'the next poll');
    lich.hand([
      { id: 'm2', kind: 'model' },
      { id: 'e3', kind: 'effort' },
    ]);
    await lich.until(() => acks().length === 5, 'five acks');
    expect(await step(hooks, $, e)).toBe(e);
  });

  it('runs a slash command with its arguments, and acks a failure with the reason', async () => {
    const { calls } = await start({
      env: LICH,
      command: async ({ command }) => {
        if (command === 'nope') throw new Error('Unknown command: /nope');
        return {};
      },
    });
    await lich.until(() => lich.polls === 1, 'the poll');
    lich.hand([
      { id: 'c1', kind: 'command', name: 'compact', args: 'keep the test plan' },
      { id: 'c2', kind: 'command', name: 'clear' },
      { id: 'c3', kind: 'command', name: 'nope' },
    ]);
    await lich.until(() => acks().length === 3, 'three acks');
    expect(calls.filter((c) => c.call === 'command.run').map((c) => c.arg)).toEqual([
      { command: 'compact', args: 'keep the test plan' },
      { command: 'clear' },
      { command: 'nope' },
    ]);
    expect(acks()[2]).toMatchObject({ ok: false, error: 'Unknown command: /nope' });
  });

  it('answers an ask from a fork of the question behind the preamble, and says why a fork gave nothing', async () => {
    const forks: Record<string, unknown> = {
      one: { isAnswered: true, text: 'Fixing the login test.', usage: {} },
      two: { isAnswered: false, reason: 'api-error', status: 529, error: 'overloaded', usage: {} },
      three: { isAnswered: false, reason: 'nothing-to-fork' },
    };
    const { calls } = await start({ env: LICH, fork: async ({ prompt }) => forks[prompt.slice(ASK_PREAMBLE.length)] });
    await lich.until(() => lich.polls === 1, 'the poll');
    lich.hand([
      { id: 'q1', kind: 'ask', question: 'one' },
      { id: 'q2', kind: 'ask', question: 'two' },
      { id: 'q3', kind: 'ask', question: 'three' },
    ]);
    await lich.until(() => acks().length === 3, 'three acks');
    expect(calls.filter((c) => c.call === 'model.fork').map((c) => c.arg)).toEqual(['one', 'two', 'three'].map((q) => ({ prompt: `${ASK_PREAMBLE}${q}` })));
    expect(acks()).toEqual(
      expect.arrayContaining([
        { session_id: 'lich-s1', id: 'q1', kind: 'ask', ok: true, answer: 'Fixing the login test.' },
        { session_id: 'lich-s1', id: 'q2', kind: 'ask', ok: false, error: 'api-error 529 overloaded' },
        { session_id: 'lich-s1', id: 'q3', kind: 'ask', ok: false, error: 'nothing-to-fork' },
      ]),
    );
  });

  it('backs off on a lich that answers 500, on Claude Code’s clock, and stops for good on a 404', async () => {
    await start({ env: LICH });
    await lich.until(() => lich.polls === 1, 'the poll');
    lich.hand({ status: 500 });
    await lich.until(() => clock.pending().includes(1000), 'the back-off');
    expect(lich.polls).toBe(0);
    clock.advance(1000);
    await lich.until(() => lich.polls === 1, 'the poll after the back-off');
    lich.hand({ status: 404 });
    await settle();
    expect(lich.polls).toBe(0);
    expect(clock.pending()).toEqual([]);
  });

  it('reports each measure Claude Code pushes as the conversation’s usage', async () => {
    const { hooks, $ } = await start({ env: LICH, sessionId: 'c-9' });
    await raise(hooks, 'session.measure', $, {
      context: { tokens: 43592, window: 200000, percent: 22 },
      rateLimits: [{ kind: 'five_hour', percentUsed: 14, resetsAt: '2026-10-05T00:30:00.000Z' }],
      cost: { usd: 0.0977631 },
      changed: ['context', 'cost'],
    });
    await lich.until(() => lich.to('/mod/usage').length === 2, 'the usage of the measure');
    expect(lich.to('/mod/usage')[1]!.body).toEqual({
      session_id: 'lich-s1',
      conversation_id: 'c-9',
      context: { window: 200000, tokens: 43592, percent: 22 },
      rate_limits: [{ kind: 'five_hour', percent_used: 14, resets_at: '2026-10-05T00:30:00.000Z' }],
      cost_usd: 0.0977631,
    });
  });
});

describe("lich's mod in a --subagent worker", () => {
  const WORKER = { ...LICH, LICH_SUBAGENT_DEPTH: '1' };
  const stop = (text: string, background: unknown[] = []) => ({ hook_event_name: 'Stop', stop_hook_active: false, last_assistant_message: text, background_tasks: background });

  async function handedATask(env: Record<string, string>) {
    const s = await start({ env });
    await lich.until(() => lich.polls === 1, 'the poll');
    lich.hand([{ id: 'm1', kind: 'prompt', text: '[lich] Task from session "main", which opened this session as its subagent. …' }]);
    await lich.until(() => acks().length === 1, 'the prompt acked');
    return s;
  }

  it('hands the final message of the turn that worked on the task to /mod/answer, once', async () => {
    const { hooks, $ } = await handedATask(WORKER);
    expect(await raise(hooks, 'classic.Stop', $, stop('All three tests pass.'), 'echo')).toMatchObject({ last_assistant_message: 'All three tests pass.' });
    await lich.until(() => lich.to('/mod/answer').length === 1, 'the answer');
    expect(lich.to('/mod/answer')[0]!.body).toEqual({ session_id: 'lich-s1', text: 'All three tests pass.' });
    await raise(hooks, 'classic.Stop', $, stop('A later turn the user started.'));
    expect(lich.to('/mod/answer')).toHaveLength(1);
  });

  it('waits for the turn that ends with nothing left in the background', async () => {
    const { hooks, $ } = await handedATask(WORKER);
    await raise(hooks, 'classic.Stop', $, stop('Started the build in the background.', [{ id: 'b1', type: 'shell', status: 'running', description: 'make' }]));
    await raise(hooks, 'classic.Stop', $, stop('The build passed.'));
    await lich.until(() => lich.to('/mod/answer').length === 1, 'the answer');
    expect(lich.to('/mod/answer')[0]!.body).toMatchObject({ text: 'The build passed.' });
  });

  it('cuts an answer over 16,000 UTF-16 units', async () => {
    const { hooks, $ } = await handedATask(WORKER);
    await raise(hooks, 'classic.Stop', $, stop('x'.repeat(20_000)));
    await lich.until(() => lich.to('/mod/answer').length === 1, 'the answer');
    const text = (lich.to('/mod/answer')[0]!.body as { text: string }).text;
    expect(text.length).toBe(16_000);
    expect(text.endsWith('\n[truncated]')).toBe(true);
  });

  it('answers nothing in a session that is not a worker, or for a turn lich handed nothing', async () => {
    const main = await handedATask(LICH);
    await raise(main.hooks, 'classic.Stop', main.$, stop('Done.'));
    lich = new MemoryLich();
    const idle = await start({ env: WORKER });
    await raise(idle.hooks, 'classic.Stop', idle.$, stop('Done.'));
    await settle();
    expect(lich.to('/mod/answer')).toEqual([]);
  });
});
