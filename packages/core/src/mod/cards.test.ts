/**
 * Agent cards' logic (lich-plugin-modules.md § 3): which calls are taken, the worker's branch and
 * its `lich open` argv, how lich's answer reads, the workers a session counts, and how one is
 * stopped. The real Claude Code runs it in test/agents/claude-cards.test.ts.
 */
import { describe, expect, it } from 'vitest';
import type { Opened, Result } from '@lich/generated/types';
import {
  type AgentCall,
  agentAnswer,
  branchSlug,
  type CardsContext,
  decideAgentCall,
  DEPTH_LIMIT_TOAST,
  interruptedDeny,
  mayHoldTask,
  nativeToast,
  openArgv,
  readOpen,
  readSessions,
  stopAnswer,
  stopArgv,
  stopFallbackArgv,
  subagentBranch,
  Workers,
  workersPart,
} from './cards.js';

const call = (o: Partial<AgentCall> = {}): AgentCall => ({ description: 'Fix the auth flow', prompt: 'fix it', toolUseId: 'toolu_01QxW7zAB12', byModel: true, ...o });
const ctx = (o: Partial<CardsContext> = {}): CardsContext => ({ interactive: true, bin: '/opt/lich/bin/lich.js', sessionId: 'a'.repeat(32), cards: '', depth: '', ...o });

const opened = (status: Result['status'], o: Partial<Opened> = {}): Opened & { delivery: Result } => ({
  id: 'b'.repeat(32),
  projectId: 'p1',
  project: 'lich',
  label: 'Session 4',
  name: 'lich-bbbb',
  kind: 'claude',
  path: '/src/lich',
  nextSeq: 5,
  originSessionId: 'a'.repeat(32),
  originLabel: 'planner',
  confined: false,
  folder: 'planner',
  run: true,
  ...o,
  delivery: { ticket: '0a1b2c3d', target: 'Session 4', status, answer: status === 'answered' ? 'all three pass' : '' },
});

describe('which Agent calls become cards', () => {
  it('takes a general-purpose call the model made on the main loop of an interactive lich session', () => {
    expect(decideAgentCall(call(), ctx())).toEqual({ take: true });
    expect(decideAgentCall(call({ subagent_type: 'general-purpose' }), ctx())).toEqual({ take: true });
    expect(decideAgentCall(call({ isolation: 'worktree' }), ctx({ depth: '1' }))).toEqual({ take: true });
  });

  it('leaves Claude Code its own agent for every other call, silently', () => {
    for (const c of [
      call({ byModel: false }),
      call({ agentId: 'agent-7' }),
      call({ subagent_type: 'Explore' }),
      call({ subagent_type: 'Plan' }),
      call({ subagent_type: 'my-project-agent' }),
      call({ team_name: 'blue' }),
      call({ isolation: 'remote' }),
    ]) {
      expect(decideAgentCall(c, ctx())).toEqual({ take: false });
    }
    for (const x of [ctx({ interactive: false }), ctx({ bin: '' }), ctx({ sessionId: '' }), ctx({ cards: 'off' })]) {
      expect(decideAgentCall(call(), x)).toEqual({ take: false });
    }
  });

  it('says why in a toast where cards are off at lich’s depth limit, and for a task over 8192 bytes', () => {
    expect(decideAgentCall(call(), ctx({ cards: 'off', depth: '2' }))).toEqual({ take: false, toast: DEPTH_LIMIT_TOAST });
    expect(decideAgentCall(call({ prompt: 'é'.repeat(4096) }), ctx())).toEqual({ take: true });
    expect(decideAgentCall(call({ prompt: `${'é'.repeat(4096)}!` }), ctx())).toEqual({ take: false, toast: "the task is 8193 bytes, over lich's 8192" });
    expect(nativeToast('Fix it', 'lich: no lich is running')).toBe('lich: ran "Fix it" as a Claude Code subagent: no lich is running');
  });
});

describe('the worker’s branch and its lich open', () => {
  it('names an isolated worker subagent/<slug>-<last four letters or digits of the call id>', () => {
    expect(subagentBranch('Fix the auth flow', 'toolu_01QxW7zAB12')).toBe('subagent/fix-the-auth-flow-ab12');
    expect(subagentBranch('!!!', 'toolu_0001')).toBe('subagent/agent-0001');
    expect(subagentBranch('Réparer le flux d’auth', 'x-Z9')).toBe('subagent/réparer-le-flux-d-auth-xz9');
  });

  it('slugs by lich’s worktree-dialog rules: five words at most, and none that would go past forty characters once two make ten', () => {
    expect(branchSlug('one two three four five six seven')).toBe('one-two-three-four-five');
    expect(branchSlug('Internationalisation of everything, really everywhere')).toBe('internationalisation-of-everything');
    expect(branchSlug('averyveryveryveryveryveryverylongwordthatgoesonandon')).toBe('averyveryveryveryveryveryverylongwordtha');
    expect(branchSlug('  ')).toBe('');
  });

  it('opens the worker with --subagent and --json, --worktree and --base only when isolated, --model only when named', () => {
    expect(openArgv(call())).toEqual(['open', '--kind=claude', '--prompt=fix it', '--subagent', '--json']);
    expect(openArgv(call({ isolation: 'worktree', model: 'haiku' }), 'main')).toEqual([
      'open',
      '--kind=claude',
      '--worktree=subagent/fix-the-auth-flow-ab12',
      '--base=main',
      '--model=haiku',
      '--prompt=fix it',
      '--subagent',
      '--json',
    ]);
    expect(openArgv(call({ isolation: 'worktree' }), '')).not.toContain('--base=');
  });

  it('reads lich open’s JSON whatever its exit, and a run with no JSON or no delivery as a failure with lich’s own line', () => {
    const ok = opened('pending');
    expect(readOpen({ exit: 0, stdout: `${JSON.stringify(ok)}\n`, stderr: '' })).toEqual({ ok: true, opened: ok });
    expect(readOpen({ exit: 2, stdout: JSON.stringify(ok), stderr: '' })).toMatchObject({ ok: true });
    expect(readOpen({ exit: 1, stdout: '', stderr: 'lich: no lich is running\n' })).toEqual({ ok: false, reason: 'lich: no lich is running' });
    expect(readOpen({ exit: 1, stdout: '', stderr: '' })).toEqual({ ok: false, reason: 'lich open exited 1' });
    const { delivery: _d, ...bare } = ok;
    expect(readOpen({ exit: 1, stdout: JSON.stringify(bare), stderr: 'lich: the task did not go in\n' })).toEqual({
      ok: false,
      reason: 'the task did not reach "Session 4": lich: the task did not go in',
      opened: bare,
    });
  });
});

describe('how the Agent call answers', () => {
  it('answers pending as a background agent with the context line, counting the worker', () => {
    const a = agentAnswer(opened('pending'), call(), 'en', 1000, 4000);
    expect(a).toEqual({
      result: { status: 'async_launched', agentId: 'lich-bbbb', description: 'Fix the auth flow', prompt: 'fix it', outputFile: '' },
      context: expect.stringContaining('This agent runs as lich session "Session 4" in this same checkout, /src/lich'),
      worker: { name: 'lich-bbbb', label: 'Session 4', description: 'Fix the auth flow', shared: true },
    });
  });

  it('answers unanswered as a background agent too, without counting it: its background work still reports', () => {
    const a = agentAnswer(opened('unanswered'), call({ isolation: 'worktree' }), 'en', 0, 0);
    expect(a).toMatchObject({ result: { status: 'async_launched' } });
    expect('worker' in a).toBe(false);
    expect((a as { context: string }).context).toContain('on branch subagent/fix-the-auth-flow-ab12 in /src/lich');
  });

  it('denies unanswered from a worker that ended: no background work of it is left to report', () => {
    const ended = opened('unanswered');
    ended.delivery.closed = true;
    expect(agentAnswer(ended, call(), 'en', 0, 0)).toEqual({ deny: 'lich answered "unanswered" about "Session 4": open its card.' });
  });

  it('completes an answered call with the answer and where the work is, worktree fields only when isolated', () => {
    const shared = agentAnswer(opened('answered'), call(), 'en', 1000, 4500);
    expect(shared).toMatchObject({ result: { status: 'completed', agentId: 'lich-bbbb', totalDurationMs: 3500, totalToolUseCount: 0, prompt: 'fix it' } });
    expect((shared as { result: { content: Array<{ text: string }> } }).result.content[0]!.text).toMatch(/^all three pass\n\nThe work was done by lich session "Session 4"/);
    expect((shared as { result: object }).result).not.toHaveProperty('worktreePath');
    const isolated = agentAnswer(opened('answered', { path: '/wt/x' }), call({ isolation: 'worktree' }), 'en', 0, 0);
    expect(isolated).toMatchObject({ result: { worktreePath: '/wt/x', worktreeBranch: 'subagent/fix-the-auth-flow-ab12' } });
  });

  it('denies a task that never reached the worker, or any other outcome, sending to its card', () => {
    expect(agentAnswer(opened('unread'), call(), 'en', 0, 0)).toEqual({ deny: 'the task never reached "Session 4" (unread): open its card.' });
    expect(agentAnswer(opened('undelivered'), call(), 'en', 0, 0)).toEqual({ deny: 'the task never reached "Session 4" (undelivered): open its card.' });
    expect(agentAnswer(opened('stopped'), call(), 'en', 0, 0)).toEqual({ deny: 'lich answered "stopped" about "Session 4": open its card.' });
    expect(agentAnswer(opened('expired'), call({ isolation: 'worktree' }), 'en', 0, 0)).toEqual({
      deny: 'lich answered "expired" about "Session 4", on branch subagent/fix-the-auth-flow-ab12: open its card.',
    });
  });

  it('denies after Esc, saying a session may hold the task already, in the session’s language', () => {
    expect(interruptedDeny(call(), 'en')).toBe('interrupted; a lich session may already have the task, and a report it sends arrives here as a [lich] note.');
    expect(interruptedDeny(call({ isolation: 'worktree' }), 'pt-BR')).toContain('subagent/fix-the-auth-flow-ab12');
    expect(agentAnswer(opened('pending'), call(), 'es', 0, 0)).toMatchObject({ context: expect.stringContaining('Este agente se ejecuta como la sesión de lich "Session 4"') });
  });
});

describe('the workers a session counts', () => {
  it('drops a shared worker once lich stops listing it, an isolated one once it is done, and leaves the count alone on a list it could not read', () => {
    const w = new Workers();
    w.add({ name: 'a', label: 'A', description: 'a', shared: true });
    w.add({ name: 'b', label: 'B', description: 'b', shared: false });
    expect(workersPart(w.count)).toBe('2 workers');
    expect(w.update([{ name: 'a', state: 'done' }, { name: 'b', state: 'busy' }])).toBe(false);
    expect(w.update([{ name: 'b', state: 'busy' }])).toBe(true);
    expect(workersPart(w.count)).toBe('1 worker');
    expect(readSessions({ exit: 1, stdout: '', stderr: 'lich: no lich is running' })).toBeUndefined();
    expect(readSessions({ exit: 0, stdout: 'not json', stderr: '' })).toBeUndefined();
    expect(w.update([{ name: 'b', state: 'done' }])).toBe(true);
    expect(workersPart(w.count)).toBeUndefined();
  });

  it('stops a worker by closing it, an isolated one with its worktree kept and a plain close when that is refused, answering in TaskStop’s shape', () => {
    const shared = { name: 'lich-bbbb', label: 'Session 4', description: 'Fix it', shared: true };
    const isolated = { ...shared, shared: false };
    expect(stopArgv(shared)).toEqual(['close', '--', 'lich-bbbb']);
    expect(stopFallbackArgv(shared)).toBeUndefined();
    expect(stopArgv(isolated)).toEqual(['close', '--worktree=keep', '--', 'lich-bbbb']);
    expect(stopFallbackArgv(isolated)).toEqual(['close', '--', 'lich-bbbb']);
    expect(stopAnswer(shared, 'lich-bbbb', { exit: 0, stdout: '', stderr: '' }, 'en')).toEqual({
      result: { message: 'Successfully stopped task: lich-bbbb (Fix it)', task_id: 'lich-bbbb', task_type: 'local_agent', command: 'Fix it' },
    });
    expect(stopAnswer(isolated, 'lich-bbbb', { exit: 1, stdout: '', stderr: 'lich: no session named "lich-bbbb"\n' }, 'en')).toEqual({
      deny: 'lich could not stop "Session 4": lich: no session named "lich-bbbb"',
    });
    expect(stopAnswer(shared, 'lich-bbbb', { exit: 2, stdout: '', stderr: '' }, 'en')).toEqual({ deny: 'lich could not stop "Session 4": lich close exited 2' });
  });

  it('takes a lich open that outlived its bound, or whose request went out and whose reply was lost, as one that may have handed the task over', () => {
    expect(mayHoldTask('timed-out')).toBe(true);
    const failed = (stderr: string) => ({ exit: 1, stdout: '', stderr });
    expect(mayHoldTask(failed('lich: reach lich: Post "http://127.0.0.1:4711/rpc/spawn.OpenSubagent?token=…": context deadline exceeded (Client.Timeout exceeded while awaiting headers)\n'))).toBe(true);
    expect(mayHoldTask(failed('lich: read the reply: unexpected EOF\n'))).toBe(true);
    expect(mayHoldTask(failed('lich: no lich is running — open lich, or run this inside one of its sessions\n'))).toBe(false);
    expect(mayHoldTask(failed('lich: reach lich: Post "http://127.0.0.1:4711/rpc/spawn.OpenSubagent?token=…": dial tcp 127.0.0.1:4711: connect: connection refused\n'))).toBe(false);
  });
});
