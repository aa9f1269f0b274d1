/**
 * lich's companion modules in the real Claude Code (lich-plugin-modules.md §§ 3–8): the model's
 * `Agent` call opens a lich card (`lich open --subagent`), is answered as a background agent, and
 * the worker's report reaches the caller's prompt; `TaskStop` ends the worker through lich; an
 * `Explore` subagent, and every subagent with cards turned off, stays Claude Code's own; the
 * footer shows the session's errands; the edit guard tells a session who else edited its file.
 *
 * The fake model plays both sides — the caller's turns (started with `lich control prompt`, as a
 * person's would be), the worker's, and a native subagent's — by what each request carries.
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { type Turn, gate, replyScript } from '../../tools/fake-model/index.mjs';
import { Tier, clientName, explained, openPolled, row, untilLich } from './tier.js';

const WORKER_REPORT = 'Worker report: the three tests pass.';

/** Held worker answers, released by a test. */
let workerHold: ReturnType<typeof gate> | undefined;

/** The Agent call of a `DELEGATE-<mode>` turn. */
function agentInput(mode: string): Record<string, unknown> {
  return {
    description: 'Check the tests',
    prompt: `WORKER-TASK ${mode}: run the tests and report`,
    subagent_type: mode === 'explore' ? 'Explore' : 'general-purpose',
    ...(mode === 'isolated' ? { isolation: 'worktree' } : {}),
  };
}

/** The agent id an `Agent` result names (Claude Code's text for a background agent). */
export function agentIdIn(text: string): string | undefined {
  return /agentId:\s*([^\s(),]+)/.exec(text)?.[1];
}

const reply = replyScript({ answer: 'the fake answer' });

/** What the fake model answers each side with. */
function script(t: Turn) {
  if (t.isTitle) return undefined;
  // A native subagent reports only through its hand-back tool (real-agents.md § 3.6b).
  if (t.has('SubagentHandback')) return t.toolResult ? { text: 'handed back' } : { calls: [{ name: 'SubagentHandback', input: { message: 'explored natively' } }] };
  if (t.toolResult?.name === 'Agent') return { text: 'delegated' };
  if (t.toolResult?.name === 'TaskStop') return { text: 'stopped it' };
  if (t.toolResult?.name === 'Write') return { text: 'written' };
  if (t.toolResult?.name === 'Skill') return { text: 'queued it' };
  if (t.toolResult) return undefined;
  const delegate = /DELEGATE-(\w+)/.exec(t.text);
  if (delegate) return { calls: [{ name: 'Agent', input: agentInput(delegate[1]!) }] };
  const stop = /STOP-IT (\S+)/.exec(t.text);
  if (stop) return { calls: [{ name: 'TaskStop', input: { task_id: stop[1] } }] };
  if (t.text.includes('COMPACT-YOURSELF')) return { calls: [{ name: 'Skill', input: { skill: 'compact' } }] };
  const write = /WRITE-FILE (\S+) (\S+)/.exec(t.text);
  if (write) return { calls: [{ name: 'Write', input: { file_path: write[1], content: `${write[2]}\n` } }] };
  if (t.text.includes('which opened this session as its subagent')) return { text: WORKER_REPORT, ...(workerHold ? { hold: workerHold.promise } : {}) };
  if (t.text.includes('finished the task you handed it')) return { text: 'got the report' };
  if (t.text.includes('HOLD-THIS-TURN')) return { text: 'still thinking', hold: turnHold?.promise };
  return undefined;
}

/** A held turn of the caller's own, released by a test. */
let turnHold: ReturnType<typeof gate> | undefined;

/**
 * The Agent call's result as the caller's model read it: the result's text, and the whole request
 * it came in (a hook's `context` rides beside the result, as a reminder).
 */
async function agentResult(tier: Tier, after: number): Promise<string> {
  const r = await tier.fake.waitForTurn((t) => t.toolResult?.name === 'Agent', { after, timeoutMs: 180_000, what: 'the Agent call answered' });
  return `${r.turn!.toolResult!.text}\n${requestText(r.body)}`;
}

/** Every text a request carries, as one string (what a hook's `context` adds is somewhere in it). */
function requestText(body: unknown): string {
  const texts: string[] = [];
  const walk = (v: unknown): void => {
    if (typeof v === 'string') texts.push(v);
    else if (Array.isArray(v)) v.forEach(walk);
    else if (v && typeof v === 'object') Object.values(v).forEach(walk);
  };
  walk(body);
  return texts.join('\n');
}

/** `lich sessions --json`, every session. */
async function sessions(tier: Tier): Promise<Array<{ id: string; label: string; name: string; kind: string; state: string; path: string }>> {
  return JSON.parse((await tier.lich(['sessions', '--json'])).stdout || '[]');
}

describe(`lich's companion modules in ${clientName('claude')}`, () => {
  let tier: Tier | undefined;
  afterEach(async () => {
    workerHold?.release();
    workerHold = undefined;
    turnHold?.release();
    turnHold = undefined;
    await tier?.close();
    tier = undefined;
  });

  it("opens a general-purpose Agent call as a --subagent card in the caller's checkout; a worker answering within the hand-off completes the call with its report", async () => {
    const t = (tier = await Tier.start('claude', { script: (x) => script(x) ?? reply(x) }));
    await explained(t, async () => {
      const caller = await openPolled(t);
      const mark = t.fake.mark();
      expect((await t.lich(['control', caller.id, 'prompt', 'DELEGATE-shared'])).code).toBe(0);
      const worker = await t.fake.waitForTurn((x) => x.text.includes('WORKER-TASK shared'), { after: mark, timeoutMs: 180_000, what: 'the worker’s task' });
      expect(worker.turn!.text).toContain('which opened this session as its subagent');
      const text = await agentResult(t, mark);
      expect(text, 'the report is the Agent call’s result').toContain(WORKER_REPORT);
      expect(text).toMatch(/The work was done by lich session "[^"]+" in this same checkout/);
      // A worker in the caller's checkout is parked once it answered, like a native subagent that returned.
      await untilLich(() => sessions(t), (list) => list.length === 1 && list[0]!.id === caller.id, 'the shared worker parked after its report', 120_000);
    });
  });

  it("answers as a background agent when the worker is still at it, shows the errand in the caller's footer, and the report reaches the caller's prompt as a [lich] note", async () => {
    const held = (workerHold = gate());
    const t = (tier = await Tier.start('claude', { script: (x) => script(x) ?? reply(x) }));
    await explained(t, async () => {
      const caller = await openPolled(t);
      const mark = t.fake.mark();
      expect((await t.lich(['control', caller.id, 'prompt', 'DELEGATE-shared'])).code).toBe(0);
      const text = await agentResult(t, mark);
      expect(text, 'the model is told where the worker runs and how its report comes').toContain('runs as lich session "');
      expect(text).toContain('in this same checkout');
      expect(agentIdIn(text), 'the Agent result names the worker by its roster name').toBeDefined();
      await (await t.screen(caller.id)).waitFor(/lich: 1 task out/, 'the footer’s lich line', 30_000);
      held.release();
      const report = await t.fake.waitForTurn((x) => x.text.includes(WORKER_REPORT) && x.text.includes('finished the task you handed it'), {
        after: mark,
        timeoutMs: 180_000,
        what: 'the worker’s report at the caller’s prompt',
      });
      expect(report.turn!.text).toContain('[lich]');
    });
  });

  it('opens an isolated Agent call on a worktree of its own, branch subagent/<slug>-<4>', async () => {
    const t = (tier = await Tier.start('claude', { script: (x) => script(x) ?? reply(x) }));
    await explained(t, async () => {
      const caller = await openPolled(t);
      const mark = t.fake.mark();
      expect((await t.lich(['control', caller.id, 'prompt', 'DELEGATE-isolated'])).code).toBe(0);
      const text = await agentResult(t, mark);
      expect(text).toMatch(/on branch subagent\/check-the-tests-[0-9a-z]{4} in \//);
      expect(text).toContain(WORKER_REPORT);
      const list = await untilLich(() => sessions(t), (l) => l.some((s) => s.path.includes('/worktrees/')), 'the worker on its worktree');
      const worker = list.find((s) => s.path.includes('/worktrees/'))!;
      expect(worker.path).toMatch(/\/subagent\/check-the-tests-[0-9a-z]{4}$/);
      const wt = await t.lich(['worktrees', '--project', t.project]);
      expect(wt.stdout).toMatch(/subagent\/check-the-tests-[0-9a-z]{4}/);
    });
  });

  it('leaves an Explore subagent native: no card opens, and Claude Code runs it', async () => {
    const t = (tier = await Tier.start('claude', { script: (x) => script(x) ?? reply(x) }));
    await explained(t, async () => {
      const caller = await openPolled(t);
      const mark = t.fake.mark();
      expect((await t.lich(['control', caller.id, 'prompt', 'DELEGATE-explore'])).code).toBe(0);
      await t.fake.waitForTurn((x) => x.has('SubagentHandback'), { after: mark, timeoutMs: 120_000, what: 'the native subagent’s request' });
      await agentResult(t, mark);
      expect((await sessions(t)).map((s) => s.id), 'no card but the caller').toEqual([caller.id]);
    });
  });

  it('opens no card when the user turned subagent cards off (settings.json subagentCards: false)', async () => {
    const t = (tier = await Tier.start('claude', { script: (x) => script(x) ?? reply(x) }));
    await explained(t, async () => {
      writeFileSync(join(t.backend.home, 'config', 'lich', 'settings.json'), JSON.stringify({ subagentCards: false }));
      const caller = await openPolled(t);
      expect((await t.screen(caller.id)).env.LICH_SUBAGENT_CARDS).toBe('off');
      const mark = t.fake.mark();
      expect((await t.lich(['control', caller.id, 'prompt', 'DELEGATE-shared'])).code).toBe(0);
      await t.fake.waitForTurn((x) => x.has('SubagentHandback'), { after: mark, timeoutMs: 120_000, what: 'the native subagent’s request' });
      await agentResult(t, mark);
      expect((await sessions(t)).map((s) => s.id), 'no card but the caller').toEqual([caller.id]);
    });
  });

  it('stops a running worker through lich when the model calls TaskStop on it', async () => {
    workerHold = gate();
    const t = (tier = await Tier.start('claude', { script: (x) => script(x) ?? reply(x) }));
    await explained(t, async () => {
      const caller = await openPolled(t);
      const mark = t.fake.mark();
      expect((await t.lich(['control', caller.id, 'prompt', 'DELEGATE-shared'])).code).toBe(0);
      const id = agentIdIn(await agentResult(t, mark));
      expect(id, 'the Agent result names the worker').toBeDefined();
      await t.fake.waitForTurn((x) => x.text.includes('WORKER-TASK shared'), { after: mark, timeoutMs: 180_000, what: 'the worker’s task' });
      const listed = await sessions(t);
      expect(listed.map((s) => s.name), 'the worker is listed under the name the Agent call answered').toContain(id);
      const stopMark = t.fake.mark();
      expect((await t.lich(['control', caller.id, 'prompt', `STOP-IT ${id}`])).code).toBe(0);
      const stopped = await t.fake.waitForTurn((x) => x.toolResult?.name === 'TaskStop', { after: stopMark, timeoutMs: 120_000, what: 'TaskStop answered' });
      expect(stopped.turn!.toolResult!.text).toContain(`Successfully stopped task: ${id}`);
      await untilLich(() => sessions(t), (l) => !l.some((s) => s.name === id), 'the worker closed');
    });
  });

  it('tells a session that another lich session edited the same file, in the tool result and in its footer', async () => {
    const t = (tier = await Tier.start('claude', { script: (x) => script(x) ?? reply(x) }));
    await explained(t, async () => {
      const a = await openPolled(t);
      const b = await openPolled(t);
      const file = join(t.project, 'shared.txt');
      let mark = t.fake.mark();
      expect((await t.lich(['control', a.id, 'prompt', `WRITE-FILE ${file} from-a`])).code).toBe(0);
      await t.fake.waitForTurn((x) => x.toolResult?.name === 'Write', { after: mark, timeoutMs: 120_000, what: 'A’s write' });
      expect(readFileSync(file, 'utf8')).toBe('from-a\n');
      expect(readdirSync(join(t.project, '.git', 'lich-edits')), 'A’s marker in the checkout’s git dir').toHaveLength(1);
      mark = t.fake.mark();
      expect((await t.lich(['control', b.id, 'prompt', `WRITE-FILE ${file} from-b`])).code).toBe(0);
      const seen = await t.fake.waitForTurn((x) => x.toolResult?.name === 'Write', { after: mark, timeoutMs: 120_000, what: 'B’s write' });
      expect(requestText(seen.body), 'the note after the tool result').toContain(`was also edited by lich session "${a.label}"`);
      await (await t.screen(b.id)).waitFor(`shared.txt also edited by "${a.label}"`, 'the footer’s edit note', 30_000);
    });
  });

  it('runs /compact on itself when the model asks for it through the Skill tool, once its turn ended, and the card is done after it', async () => {
    const t = (tier = await Tier.start('claude', { script: (x) => script(x) ?? reply(x) }));
    await explained(t, async () => {
      const s = await openPolled(t);
      const mark = t.fake.mark();
      expect((await t.lich(['control', s.id, 'prompt', 'COMPACT-YOURSELF please'])).code).toBe(0);
      const answered = await t.fake.waitForTurn((x) => x.toolResult?.name === 'Skill', { after: mark, timeoutMs: 120_000, what: 'the Skill call answered' });
      expect(requestText(answered.body)).toContain('/compact is queued and runs once this turn ends. End the turn now.');
      await (await t.screen(s.id)).waitFor('Compacted', 'the compaction on screen', 120_000);
      await untilLich(() => row(t, s.id), (r) => r?.state === 'done', 'done after the compaction');
    });
  });

  it('stops an isolated worker by parking it with its worktree kept: its errand ends, the caller stops counting it, and nothing said in it later comes back as the report', async () => {
    workerHold = gate();
    const t = (tier = await Tier.start('claude', { script: (x) => script(x) ?? reply(x) }));
    await explained(t, async () => {
      const caller = await openPolled(t);
      const mark = t.fake.mark();
      expect((await t.lich(['control', caller.id, 'prompt', 'DELEGATE-isolated'])).code).toBe(0);
      const id = agentIdIn(await agentResult(t, mark));
      const screen = await t.screen(caller.id);
      await screen.waitFor(/lich: 1 task out/, 'the footer counting the worker', 30_000);
      const stopMark = t.fake.mark();
      expect((await t.lich(['control', caller.id, 'prompt', `STOP-IT ${id}`])).code).toBe(0);
      const stopped = await t.fake.waitForTurn((x) => x.toolResult?.name === 'TaskStop', { after: stopMark, timeoutMs: 120_000, what: 'TaskStop answered' });
      expect(stopped.turn!.toolResult!.text).toContain(`Successfully stopped task: ${id}`);
      await untilLich(() => sessions(t), (l) => !l.some((x) => x.name === id), 'the worker parked');
      const wt = await t.lich(['worktrees', '--project', t.project]);
      expect(wt.stdout, 'its worktree kept').toMatch(/subagent\/check-the-tests-[0-9a-z]{4}/);
      await screen.waitFor((x) => !x.text().includes('task out'), 'the footer no longer counting it', 30_000);
      workerHold!.release();
      expect(t.fake.requests.some((q) => q.seq > stopMark && q.turn?.text.includes('finished the task you handed it')), 'no report of the stopped task').toBe(false);
    });
  });

  it('is done, not busy, once the person stops its turn with Esc', async () => {
    turnHold = gate();
    const t = (tier = await Tier.start('claude', { script: (x) => script(x) ?? reply(x) }));
    await explained(t, async () => {
      const s = await openPolled(t);
      const mark = t.fake.mark();
      expect((await t.lich(['control', s.id, 'prompt', 'HOLD-THIS-TURN please'])).code).toBe(0);
      await t.fake.waitForTurn((x) => x.text.includes('HOLD-THIS-TURN'), { after: mark, what: 'the held turn' });
      await untilLich(() => row(t, s.id), (r) => r?.state === 'busy', 'busy mid-turn');
      (await t.screen(s.id)).keys('\x1b');
      await untilLich(() => row(t, s.id), (r) => r?.state === 'done', 'done after Esc', 30_000);
    });
  });
});
