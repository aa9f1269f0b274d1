/**
 * The mod's companion modules over a recording `$` (testing.ts): agent cards and TaskStop, the
 * footer, mod-status, the edit guard, self-command, compaction, and a worker's blank answer. The
 * real Claude Code runs each in test/agents/claude-cards.test.ts; here every branch a real run
 * cannot provoke on demand (a lich that fails, an Esc, a 404) is held.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { bodyRefusal } from '@lich/core/mod/validate';
import { fnv1a } from '@lich/core/mod/edit-guard';
import { registerLich } from './register.js';
import { type DollarAnswers, fakeDollar, type Hooks, ManualClock, MemoryLich, recordingOn, settle } from './testing.js';

const BIN = '/opt/lich/bin/lich.js';
const LICH = { LICH_PORT: '4711', LICH_TOKEN: 'f'.repeat(32), LICH_SESSION_ID: 'lich-s1', LICH_BIN: BIN };
const refusal = (path: Parameters<typeof bodyRefusal>[0], body: unknown) => bodyRefusal(path, body);

let lich: MemoryLich;
let clock: ManualClock;
beforeEach(() => {
  lich = new MemoryLich();
  clock = new ManualClock();
});

async function start(answers: DollarAnswers, interactive = true) {
  const { on, hooks } = recordingOn();
  const state = registerLich(on, { version: '0.20.0', refusal });
  const dollar = fakeDollar(lich, clock, { ...answers, env: { ...LICH, ...answers.env } });
  await raise(hooks, 'session.start', dollar.$, { cwd: '/work', surface: interactive ? 'terminal' : null, isInteractive: interactive }, async () => ({ cwd: '/work' }));
  return { hooks, state, ...dollar };
}

/** Raises `key`'s hook with `e`; its `next` runs `below` and carries an origin (the model's by default) and a signal. */
function raise(hooks: Hooks, key: string, $: unknown, e: unknown, below: (e: unknown) => Promise<unknown>, o: { plugin?: string; signal?: AbortSignal } = {}): Promise<any> {
  const hook = hooks.get(key);
  if (!hook) throw new Error(`no hook on ${key}`);
  const next = Object.assign((x: unknown) => below(x), { origin: { plugin: o.plugin ?? 'engine', tier: 'core' }, signal: o.signal ?? new AbortController().signal });
  return Promise.resolve(hook($, e, next));
}

const native = async () => ({ result: { status: 'completed', agentId: 'native' } });
const agentE = (o: Record<string, unknown> = {}) => ({ tool: 'Agent', tool_use_id: 'toolu_01QxW7zAB12', description: 'Fix the auth flow', prompt: 'fix it', ...o });

/** What `lich open --subagent --json` prints for a worker whose delivery is `status`. */
function openedJson(status: string): string {
  return JSON.stringify({
    id: 'b'.repeat(32), projectId: 'p1', project: 'lich', label: 'Session 4', name: 'lich-bbbb', kind: 'claude', path: '/src/lich', nextSeq: 5,
    originSessionId: 'lich-s1', originLabel: 'planner', confined: false, folder: 'planner', run: true,
    delivery: { ticket: '0a1b2c3d', target: 'Session 4', status, answer: status === 'answered' ? 'done' : '' },
  });
}

/** The `lich` argvs the mod ran. */
const lichRuns = (calls: Array<{ call: string; arg: unknown }>) => calls.filter((c) => c.call === 'process.run' && (c.arg as string[])[0] === BIN).map((c) => (c.arg as string[]).slice(1));

describe('agent cards', () => {
  it('opens a general-purpose call as a card and answers it as a background agent with the context line, counting the worker in the footer', async () => {
    const { hooks, calls, $ } = await start({ run: async () => ({ exitCode: 0, stdout: openedJson('pending') }) });
    const r = await raise(hooks, 'tool.call Agent', $, agentE(), native);
    expect(lichRuns(calls)).toEqual([['open', '--kind=claude', '--prompt=fix it', '--subagent', '--json']]);
    expect(r.result).toEqual({ status: 'async_launched', agentId: 'lich-bbbb', description: 'Fix the auth flow', prompt: 'fix it', outputFile: '' });
    expect(r.context[0]).toContain('runs as lich session "Session 4" in this same checkout');
    const drawn = await raise(hooks, 'ui.render SessionMode', $, { component: 'SessionMode', props: { modes: ['focus'] } }, async (x) => x);
    expect(drawn.props.modes).toEqual(['focus', 'lich: 1 worker']);
  });

  it('reads lich sessions every 5 s while it counts workers, dropping the one that finished, and stops reading then', async () => {
    let listed: unknown[] = [{ name: 'lich-bbbb', state: 'busy' }];
    const { hooks, calls, $, state } = await start({
      run: async (argv) => (argv[1] === 'open' ? { exitCode: 0, stdout: openedJson('pending') } : { exitCode: 0, stdout: JSON.stringify(listed) }),
    });
    await raise(hooks, 'tool.call Agent', $, agentE(), native);
    clock.advance(5000);
    await settle();
    expect(state.workers.count).toBe(1);
    listed = [];
    clock.advance(5000);
    await settle();
    expect(state.workers.count).toBe(0);
    expect(state.footer.workers).toBeUndefined();
    expect(lichRuns(calls).filter((a) => a[0] === 'sessions')).toHaveLength(2);
    expect(state.workerTimer).toBeUndefined();
  });

  it('opens an isolated call on subagent/<slug>-<4> off the caller’s current branch, and completes an answered one', async () => {
    const { hooks, calls, $ } = await start({
      run: async (argv) => (argv[0] === 'git' ? { exitCode: 0, stdout: 'feature/login\n' } : { exitCode: 0, stdout: openedJson('answered') }),
    });
    const r = await raise(hooks, 'tool.call Agent', $, agentE({ isolation: 'worktree' }), native);
    expect(calls.find((c) => c.call === 'process.run')!.arg).toEqual(['git', 'branch', '--show-current']);
    expect(lichRuns(calls)[0]).toEqual(['open', '--kind=claude', '--worktree=subagent/fix-the-auth-flow-ab12', '--base=feature/login', '--prompt=fix it', '--subagent', '--json']);
    expect(r.result).toMatchObject({ status: 'completed', worktreeBranch: 'subagent/fix-the-auth-flow-ab12' });
  });

  it('runs Claude Code’s own agent for a call it does not take, outside an interactive session, and with a toast when the open failed', async () => {
    const { hooks, calls, $ } = await start({ run: async () => ({ exitCode: 1, stderr: 'lich: no lich is running\n' }) });
    expect(await raise(hooks, 'tool.call Agent', $, agentE({ subagent_type: 'Explore' }), native)).toEqual(await native());
    expect(await raise(hooks, 'tool.call Agent', $, agentE(), native, { plugin: 'other-plugin' })).toEqual(await native());
    expect(lichRuns(calls)).toEqual([]);
    expect(await raise(hooks, 'tool.call Agent', $, agentE(), native)).toEqual(await native());
    expect(calls.filter((c) => c.call === 'ui.toast').map((c) => c.arg)).toEqual(['lich: ran "Fix the auth flow" as a Claude Code subagent: no lich is running']);
    const p = await start({ run: async () => ({ exitCode: 0, stdout: openedJson('pending') }) }, false);
    expect(await raise(p.hooks, 'tool.call Agent', p.$, agentE(), native)).toEqual(await native());
  });

  it('denies after Esc when the open failed, and when lich stopped answering mid-open, since lich may hold the task, and denies a task that never reached the worker', async () => {
    const esc = new AbortController();
    esc.abort();
    const failed = await start({ run: async () => Promise.reject(new Error('killed')) });
    expect(await raise(failed.hooks, 'tool.call Agent', failed.$, agentE(), native, { signal: esc.signal })).toEqual({
      deny: 'interrupted; a lich session may already have the task, and a report it sends arrives here as a [lich] note.',
    });
    // A lich that stopped answering mid-open: the reply lost after the request went out, or the run
    // outliving its bound on Claude Code's clock.
    const lost = await start({ run: async () => ({ exitCode: 1, stderr: 'lich: read the reply: unexpected EOF\n' }) });
    expect(await raise(lost.hooks, 'tool.call Agent', lost.$, agentE(), native)).toHaveProperty('deny');
    const hung = await start({ run: () => new Promise(() => {}) });
    const pending = raise(hung.hooks, 'tool.call Agent', hung.$, agentE(), native);
    await settle();
    clock.advance(125_000);
    expect(await pending).toEqual({ deny: expect.stringContaining('may already have the task') });
    const unread = await start({ run: async () => ({ exitCode: 0, stdout: openedJson('unread') }) });
    expect(await raise(unread.hooks, 'tool.call Agent', unread.$, agentE(), native)).toEqual({ deny: 'the task never reached "Session 4" (unread): open its card.' });
  });

  it('stops a counted worker with lich close and answers TaskStop’s shape; another task id goes to Claude Code’s TaskStop', async () => {
    const { hooks, calls, $, state } = await start({ run: async (argv) => (argv[1] === 'open' ? { exitCode: 0, stdout: openedJson('pending') } : { exitCode: 0 }) });
    await raise(hooks, 'tool.call Agent', $, agentE(), native);
    const own = async () => ({ result: { message: 'theirs' } });
    expect(await raise(hooks, 'tool.call TaskStop', $, { tool: 'TaskStop', task_id: 'shell-1' }, own)).toEqual({ result: { message: 'theirs' } });
    const r = await raise(hooks, 'tool.call TaskStop', $, { tool: 'TaskStop', task_id: 'lich-bbbb' }, own);
    expect(lichRuns(calls).at(-1)).toEqual(['close', '--', 'lich-bbbb']);
    expect(r.result).toEqual({ message: 'Successfully stopped task: lich-bbbb (Fix the auth flow)', task_id: 'lich-bbbb', task_type: 'local_agent', command: 'Fix the auth flow' });
    expect(state.workers.count).toBe(0);
  });

  it('stops an isolated worker by closing it with its worktree kept, and with a plain close when lich refuses the keep', async () => {
    const { hooks, calls, $ } = await start({
      run: async (argv) =>
        argv[0] === 'git'
          ? { exitCode: 0, stdout: 'main\n' }
          : argv[1] === 'open'
            ? { exitCode: 0, stdout: openedJson('pending') }
            : argv.includes('--worktree=keep')
              ? { exitCode: 1, stderr: 'lich: the worktree is not this session’s alone\n' }
              : { exitCode: 0 },
    });
    await raise(hooks, 'tool.call Agent', $, agentE({ isolation: 'worktree' }), native);
    const r = await raise(hooks, 'tool.call TaskStop', $, { tool: 'TaskStop', task_id: 'lich-bbbb' }, native);
    expect(lichRuns(calls).slice(-2)).toEqual([
      ['close', '--worktree=keep', '--', 'lich-bbbb'],
      ['close', '--', 'lich-bbbb'],
    ]);
    expect(r.result.message).toBe('Successfully stopped task: lich-bbbb (Fix the auth flow)');
  });

  it('reports done when the person stops a turn with Esc, which fires no Stop hook', async () => {
    const { hooks, $ } = await start({ sessionId: 'conv-1' });
    await raise(hooks, 'turn.start', $, { text: 'work', turnId: 't1' }, async () => ({}));
    await raise(hooks, 'turn.complete', $, { turnId: 't1', reason: 'aborted', isAborted: true, answer: '', durationMs: 5 }, async () => ({}));
    // The turn's busy (reported as it started), then the done of its stop.
    await lich.until(() => lich.to('/hook').length === 2, 'the done');
    expect(lich.to('/hook').map((r) => r.body)).toEqual([
      { session_id: 'lich-s1', state: 'busy', provider_session_id: 'conv-1' },
      { session_id: 'lich-s1', state: 'done', provider_session_id: 'conv-1' },
    ]);
    await raise(hooks, 'turn.complete', $, { turnId: 't2', reason: 'answer', isAborted: false, answer: 'ok', durationMs: 5 }, async () => ({}));
    await settle();
    expect(lich.to('/hook'), 'an answered turn’s done is the Stop hook’s').toHaveLength(2);
  });
});

describe('the footer and mod-status', () => {
  it('reads /mod/status at the start and every 5 s, draws its errands, and stops for good on a 404', async () => {
    const { hooks, $, state } = await start({});
    await lich.until(() => lich.to('/mod/status').length === 1, 'the first status read');
    await settle();
    // MemoryLich answers a GET it does not park with 204 and no body: not a relay status.
    expect(state.footer.errands).toBeUndefined();
    const drawn = await raise(hooks, 'ui.render SessionMode', $, { component: 'SessionMode', props: { modes: [] } }, async (x) => x);
    expect(drawn.props.modes, 'no part, no line').toEqual([]);
    lich.answer.set('/mod/status', 404);
    clock.advance(5000);
    await lich.until(() => lich.to('/mod/status').length === 2, 'the second read');
    await settle();
    expect(state.statusTimer).toBeUndefined();
    clock.advance(60_000);
    await settle();
    expect(lich.to('/mod/status')).toHaveLength(2);
  });
});

describe('the edit guard', () => {
  const path = '/src/lich/app.js';
  const marker = `/src/lich/.git/lich-edits/${fnv1a(path)}`;
  const git = async (argv: readonly string[]) => {
    if (argv[0] === 'git') return { exitCode: 0, stdout: '/src/lich/.git\n' };
    return { exitCode: 0, stdout: JSON.stringify([{ id: 'peer', label: 'quiet-comet', name: 'x', state: 'busy' }]) };
  };

  it('tells the model and the footer who else edited the file in the last ten minutes, then leaves its own marker', async () => {
    clock.now = 10 * 60_000;
    const files = new Map([[marker, JSON.stringify({ path, session: 'peer', at: clock.now - 2 * 60_000 })]]);
    const { hooks, $, state } = await start({ run: git, files });
    const r = await raise(hooks, 'tool.call Edit', $, { tool: 'Edit', file_path: path, old_string: 'a', new_string: 'b' }, async () => ({ result: { ok: true } }));
    expect(r.context[0]).toContain('/src/lich/app.js was also edited by lich session "quiet-comet"');
    expect(r.context[0]).toContain('(2 min ago)');
    expect(state.footer.edits).toBe('app.js also edited by "quiet-comet"');
    expect(JSON.parse(files.get(marker)!)).toEqual({ path, session: 'lich-s1', at: clock.now });
    clock.advance(8 * 60_000);
    expect(state.footer.edits, 'gone once the marker left the window').toBeUndefined();
  });

  it('says nothing about its own edit or an old one, writes no marker for an edit that failed, and leaves a file outside a repository alone', async () => {
    clock.now = 60 * 60_000;
    const files = new Map([[marker, JSON.stringify({ path, session: 'peer', at: 0 })]]);
    const { hooks, $, calls } = await start({ run: git, files });
    const failed = await raise(hooks, 'tool.call Write', $, { tool: 'Write', file_path: path, content: 'x' }, async () => ({ result: 'refused', isError: true }));
    expect(failed.context).toBeUndefined();
    expect(calls.filter((c) => c.call === 'fs.write')).toEqual([]);
    const outside = await start({ run: async () => ({ exitCode: 128, stderr: 'not a git repository' }) });
    expect(await raise(outside.hooks, 'tool.call Write', outside.$, { tool: 'Write', file_path: '/tmp/x', content: 'x' }, async () => ({ result: 'ok' }))).toEqual({ result: 'ok' });
  });
});

describe('self-command', () => {
  const commands = [{ name: 'compact', source: 'builtin' }, { name: 'model', source: 'builtin' }, { name: 'review-pr', source: 'plugin' }];

  it('queues a built-in command Skill refused, once the hook returned, and answers that it is queued', async () => {
    const { hooks, $, calls } = await start({ commands });
    const r = await raise(hooks, 'tool.call Skill', $, { tool: 'Skill', skill: '/compact', args: '' }, async () => ({ result: 'compact is a built-in CLI command, not a skill', isError: true }));
    expect(r).toEqual({ result: { success: true, commandName: 'compact' }, context: ['/compact is queued and runs once this turn ends. End the turn now.'] });
    expect(calls.filter((c) => c.call === 'command.run')).toEqual([]);
    clock.advance(0);
    expect(calls.filter((c) => c.call === 'command.run').map((c) => c.arg)).toEqual([{ command: 'compact' }]);
  });

  it('refuses /model, lets a skill’s own answer and any other refusal stand', async () => {
    const { hooks, $ } = await start({ commands });
    expect((await raise(hooks, 'tool.call Skill', $, { tool: 'Skill', skill: 'model', args: 'opus' }, async () => ({ result: 'x', isError: true }))).deny).toContain('/model is not run this way');
    expect(await raise(hooks, 'tool.call Skill', $, { tool: 'Skill', skill: 'review-pr' }, async () => ({ result: 'x', isError: true }))).toEqual({ result: 'x', isError: true });
    expect(await raise(hooks, 'tool.call Skill', $, { tool: 'Skill', skill: 'compact' }, async () => ({ result: 'loaded' }))).toEqual({ result: 'loaded' });
  });

  it('queues a command lich refused for targeting this session, named by its label through lich whoami', async () => {
    const { hooks, $, calls } = await start({ commands, run: async () => ({ exitCode: 0, stdout: JSON.stringify({ label: 'planner', name: 'lich-aaaa' }) }) });
    const e = { tool: 'mcp__lich__control_session', session: 'Planner', action: 'command', value: 'compact', args: 'keep it' };
    const r = await raise(hooks, 'tool.call mcp__lich__control_session', $, e, async () => ({ result: '"planner" is this session', isError: true }));
    expect(r).toEqual({ result: '/compact keep it is queued on this session and runs once this turn ends. End the turn now.' });
    expect(lichRuns(calls)).toEqual([['whoami', '--json']]);
    clock.advance(0);
    expect(calls.filter((c) => c.call === 'command.run').map((c) => c.arg)).toEqual([{ command: 'compact', args: 'keep it' }]);
  });

  it('adds its paragraphs to both tools’ descriptions in a lich session', async () => {
    const { hooks, $ } = await start({});
    expect((await raise(hooks, 'tool.describe Skill', $, { tool: 'Skill', description: 'Execute a skill.' }, async (x) => x)).description).toMatch(/^Execute a skill\.\n\nIn this lich session/);
    expect((await raise(hooks, 'tool.describe mcp__lich__control_session', $, { tool: 'mcp__lich__control_session', description: 'Control.' }, async (x) => x)).description).toContain('pass session "lich-s1"');
  });
});

describe('compaction', () => {
  it('reports compacting before a manual compaction and done after it, even when it fails, one report after the other', async () => {
    const { hooks, $ } = await start({ sessionId: 'conv-1' });
    await expect(raise(hooks, 'session.compact', $, { trigger: 'manual' }, async () => Promise.reject(new Error('Request was aborted')))).rejects.toThrow('Request was aborted');
    await lich.until(() => lich.to('/hook').length === 2, 'both reports');
    expect(lich.to('/hook').map((r) => r.body)).toEqual([
      { session_id: 'lich-s1', state: 'compacting', provider_session_id: 'conv-1' },
      { session_id: 'lich-s1', state: 'done', provider_session_id: 'conv-1' },
    ]);
  });

  it('closes an automatic compaction with busy, and reports nothing for a subagent’s own', async () => {
    const { hooks, $ } = await start({});
    await raise(hooks, 'session.compact', $, { trigger: 'auto', agentId: 'agent-1' }, async () => ({}));
    await raise(hooks, 'session.compact', $, { trigger: 'auto' }, async () => ({}));
    await lich.until(() => lich.to('/hook').length === 2, 'both reports');
    expect(lich.to('/hook').map((r) => (r.body as { state: string }).state)).toEqual(['compacting', 'busy']);
  });
});

describe('a worker’s answer', () => {
  it('says unanswered when the turn that worked on its task ended with a blank final message', async () => {
    const { hooks, $, state } = await start({ env: { LICH_SUBAGENT_DEPTH: '1' } });
    state.owesAnswer = true;
    await raise(hooks, 'classic.Stop', $, { last_assistant_message: '  ', background_tasks: [] }, async () => ({}));
    await lich.until(() => lich.to('/mod/answer').length === 1, 'the answer');
    expect(lich.to('/mod/answer')[0]!.body).toEqual({ session_id: 'lich-s1', unanswered: 'blank' });
  });
});
