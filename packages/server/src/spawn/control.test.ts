/**
 * `spawn.Control` and `spawn.Ask` against a real store and the real mod hub, with an in-process
 * mod polling it the way lich-plugin's does (spec/cli.md § lich control, § lich ask; wire.md
 * § 11.2). Fake timers run the spec's own waits: 10 s, 60 s for a slash command, 90 s for a
 * question.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ModCommand } from '@lich/generated/types';
import { MOD_NOT_POLLING, ModHub, type ModCommandBody } from '../mod/hub.js';
import { Providers } from '../providers/providers.js';
import type { RelaySession } from '../relay/host.js';
import { Store } from '../store/store.js';
import { Control, PLUGIN_TOO_OLD } from './control.js';
import { rosterName } from './names.js';

type Reply = { ok: true; answer?: string } | { ok: false; error: string } | 'silent';

/** A session's mod: polls in a loop, records every command, and acks as `reply` says, after `delayMs`. */
class FakeMod {
  readonly commands: ModCommand[] = [];
  reply: (c: ModCommand) => Reply = () => ({ ok: true });
  delayMs = 0;
  private readonly ctl = new AbortController();
  private stopped = false;

  constructor(
    readonly sessionId: string,
    readonly plugin = '0.17.0',
  ) {
    mods.push(this);
    void this.loop();
  }

  private async loop(): Promise<void> {
    while (!this.stopped) {
      for (const c of await hub.poll(this.sessionId, this.plugin, this.ctl.signal)) {
        this.commands.push(c);
        const r = this.reply(c);
        if (r === 'silent') continue;
        const ack = () => hub.ack({ session_id: this.sessionId, id: c.id, kind: c.kind, ...r });
        if (this.delayMs > 0) setTimeout(ack, this.delayMs);
        else ack();
      }
    }
  }

  stop(): void {
    this.stopped = true;
    this.ctl.abort();
  }
}

const mods: FakeMod[] = [];
let store: Store;
let hub: ModHub;
let control: Control;
const live = new Set<string>();

const row = { model: '', originSessionId: '', originLabel: '', confined: false, folder: '' };

beforeEach(() => {
  vi.useFakeTimers();
  store = new Store(':memory:');
  store.insertProject({ id: 'p1', name: 'lich', path: '/src/lich' });
  store.insertProject({ id: 'p2', name: 'revu', path: '/src/revu' });
  const add = (id: string, label: string, kind = 'claude', o: { projectId?: string; path?: string; parked?: boolean } = {}) => {
    store.insertSession({ ...row, id, label, kind, projectId: o.projectId ?? 'p1', path: o.path ?? '/src/lich', parked: o.parked ?? false });
    if (!o.parked) live.add(id);
  };
  add('c1a2', 'auth-fix');
  add('me00', 'planner');
  add('x1b2', 'codex-one', 'codex');
  add('sh11', 'terminal', 'shell');
  add('old0', 'old-auth', 'claude', { parked: true });
  add('r1c2', 'auth-fix', 'claude', { projectId: 'p2', path: '/src/revu' });
  hub = new ModHub();
  control = new Control({
    store,
    hub,
    liveSessions: () => liveSessions(),
    providers: new Providers('/nonexistent-config', { PATH: '/usr/bin' }),
    env: { HOME: '/home/you' },
  });
});

/** The live sessions as the session host lists them: in card order, with their roster names. */
function liveSessions(): RelaySession[] {
  return store
    .sessions()
    .filter((s) => live.has(s.id))
    .map((s) => {
      const p = store.project(s.projectId)!;
      return { id: s.id, projectId: p.id, project: p.name, projectPath: p.path, label: s.label, name: rosterName(s.path, s.id), kind: s.kind, path: s.path, reportsState: true, hasTools: true };
    });
}

afterEach(() => {
  for (const m of mods.splice(0)) m.stop();
  hub.close();
  live.clear();
  store.close();
  vi.useRealTimers();
});

/** A control call from the planner at auth-fix in lich, unless said otherwise. */
function ctl(o: { action: string; value?: string; args?: string; target?: string; project?: string; from?: string }) {
  const p = control.control({
    from: o.from ?? 'me00',
    target: o.target ?? 'auth-fix',
    project: o.project ?? 'lich',
    action: o.action,
    value: o.value ?? '',
    args: o.args ?? '',
  });
  p.catch(() => undefined);
  return p;
}

function ask(question: string, o: { target?: string; from?: string; project?: string } = {}) {
  const p = control.ask({ from: o.from ?? 'me00', target: o.target ?? 'auth-fix', project: o.project ?? 'lich', question });
  p.catch(() => undefined);
  return p;
}

async function settle<T>(p: Promise<T>, ms = 120_000): Promise<T> {
  await vi.advanceTimersByTimeAsync(ms);
  return p;
}

async function refusal(p: Promise<unknown>, ms = 120_000): Promise<string> {
  await vi.advanceTimersByTimeAsync(ms);
  try {
    await p;
  } catch (e) {
    return (e as Error).message;
  }
  throw new Error('it was not refused');
}

describe('spawn.Control refusals, in their order', () => {
  it('resolves the session by id, label or roster name among the live sessions, narrowed by the project, as send does', async () => {
    const mod = new FakeMod('c1a2');
    await settle(ctl({ action: 'abort', target: 'c1a2', project: '' }), 0);
    await settle(ctl({ action: 'abort', target: 'AUTH-FIX' }), 0);
    await settle(ctl({ action: 'abort', target: rosterName('/src/lich', 'c1a2'), project: '' }), 0);
    expect(mod.commands).toHaveLength(3);
    expect(await refusal(ctl({ action: 'abort', target: '' }))).toBe('no session given to control');
  });

  it("refuses a label two live sessions answer to with send's wording, naming both projects", async () => {
    expect(await refusal(ctl({ action: 'abort', project: '' }))).toBe('"auth-fix" names 2 live sessions (lich, revu) — narrow it with the project');
    expect(await refusal(ask('hm?', { project: '' }))).toBe('"auth-fix" names 2 live sessions (lich, revu) — narrow it with the project');
  });

  it("answers a miss with send's wording, every live session's two names but the caller's", async () => {
    const known = `Live sessions: "auth-fix" (${rosterName('/src/lich', 'c1a2')}), "codex-one" (${rosterName('/src/lich', 'x1b2')}), "terminal" (${rosterName('/src/lich', 'sh11')}), "auth-fix" (${rosterName('/src/revu', 'r1c2')}).`;
    expect(await refusal(ctl({ action: 'abort', target: 'nobody' }))).toBe(`no live session named "nobody" in project "lich". ${known}`);
    expect(await refusal(ask('hm?', { target: 'nobody', project: '' }))).toBe(`no live session named "nobody". ${known}`);
  });

  it('takes the live session when a parked namesake sits in another project', async () => {
    store.insertSession({ ...row, id: 'zz99', label: 'codex-one', kind: 'claude', projectId: 'p2', path: '/src/revu', parked: true });
    const mod = new FakeMod('x1b2');
    expect(await refusal(ctl({ action: 'abort', target: 'codex-one', project: '' }))).toBe(
      '"codex-one" runs Codex, and only a Claude Code session can be controlled: lich drives one through a Claude Code mod, which no other CLI has',
    );
    store.insertSession({ ...row, id: 'uu11', label: 'uniq', kind: 'claude', projectId: 'p1', path: '/src/lich', parked: false });
    live.add('uu11');
    store.insertSession({ ...row, id: 'uu22', label: 'uniq', kind: 'claude', projectId: 'p2', path: '/src/revu', parked: true });
    const uniq = new FakeMod('uu11');
    expect((await settle(ctl({ action: 'abort', target: 'uniq', project: '' }), 0)).id).toBe('uu11');
    expect(uniq.commands.map((c) => c.kind)).toEqual(['abort']);
    expect(mod.commands).toEqual([]);
  });

  it('looks a miss up among the sessions that are not running, and refuses the one it finds as not running', async () => {
    expect(await refusal(ctl({ action: 'abort', target: 'old0', project: '' }))).toBe(
      '"old-auth" is not running, so there is no Claude Code in it to take a command — open its card to start it',
    );
    expect(await refusal(ask('hm?', { target: 'OLD-AUTH', project: '' }))).toBe(
      '"old-auth" is not running, so there is no Claude Code in it to answer a question — open its card to start it',
    );
  });

  it('refuses a session that is not running before anything else about it', async () => {
    expect(await refusal(ctl({ action: 'dance', target: 'old-auth' }))).toBe(
      '"old-auth" is not running, so there is no Claude Code in it to take a command — open its card to start it',
    );
  });

  it('refuses the session controlling itself, named by label or by id, even with an action it would refuse anyway', async () => {
    const itself =
      '"auth-fix" is this session, and a session cannot control itself: an abort would end the turn asking for it, and a prompt or a slash command would only run once that turn is over';
    expect(await refusal(ctl({ action: 'dance', from: 'c1a2' }))).toBe(itself);
    expect(await refusal(ctl({ action: 'dance', from: 'c1a2', target: 'c1a2', project: '' }))).toBe(itself);
  });

  it('refuses a session running anything but Claude Code, naming what it runs', async () => {
    expect(await refusal(ctl({ action: 'dance', target: 'codex-one' }))).toBe(
      '"codex-one" runs Codex, and only a Claude Code session can be controlled: lich drives one through a Claude Code mod, which no other CLI has',
    );
    expect(await refusal(ctl({ action: 'abort', target: 'terminal' }))).toBe(
      '"terminal" runs shell, and only a Claude Code session can be controlled: lich drives one through a Claude Code mod, which no other CLI has',
    );
  });

  it('refuses the arguments before asking whether a mod polls', async () => {
    expect(await refusal(ctl({ action: 'dance' }))).toBe(
      '"dance" is not something lich control does: the actions are prompt, abort, model, effort and command',
    );
    expect(await refusal(ctl({ action: 'prompt' }))).toBe('a prompt needs its text, and none was given');
    expect(await refusal(ctl({ action: 'abort', value: 'now' }))).toBe('an abort takes nothing after it');
    expect(await refusal(ctl({ action: 'model', value: 'opus', args: 'x' }))).toBe('only a command takes arguments, and model does not');
    expect(await refusal(ctl({ action: 'command', value: '/model' }))).toBe(
      '/model is refused as a command: Claude Code saves what it sets as the default for every new session. The model action changes this session only',
    );
  });

  it('refuses a session whose mod is not polling, naming what to fix, and queues nothing', async () => {
    expect(await refusal(ctl({ action: 'abort' }))).toBe(MOD_NOT_POLLING);
    const mod = new FakeMod('c1a2');
    await settle(ctl({ action: 'abort' }), 0);
    expect(mod.commands.map((c) => c.kind)).toEqual(['abort']);
  });

  it('refuses a slash command to a mod older than 0.15.0, and lets every other action through', async () => {
    const mod = new FakeMod('c1a2', '0.14.2');
    expect(await refusal(ctl({ action: 'command', value: 'compact' }))).toBe(`"auth-fix" cannot run a slash command: ${PLUGIN_TOO_OLD}`);
    expect((await settle(ctl({ action: 'model', value: 'opus' }), 0)).state).toBe('done');
    expect(mod.commands.map((c) => c.kind)).toEqual(['model']);
  });
});

describe('spawn.Control outcomes', () => {
  it('hands each action to the mod with only its own fields, and reports done on an ok ack', async () => {
    const mod = new FakeMod('c1a2');
    const cases: [Parameters<typeof ctl>[0], ModCommandBody][] = [
      [{ action: 'prompt', value: 'run the tests' }, { kind: 'prompt', text: 'run the tests' }],
      [{ action: 'abort' }, { kind: 'abort' }],
      [{ action: 'model', value: 'claude-opus-4-1' }, { kind: 'model', model: 'claude-opus-4-1' }],
      [{ action: 'model' }, { kind: 'model' }],
      [{ action: 'effort', value: 'high' }, { kind: 'effort', effort: 'high' }],
      [{ action: 'effort' }, { kind: 'effort' }],
      [{ action: 'command', value: '/compact', args: 'keep the test plan' }, { kind: 'command', name: 'compact', args: 'keep the test plan' }],
      [{ action: 'command', value: 'clear' }, { kind: 'command', name: 'clear' }],
    ];
    for (const [input, command] of cases) {
      const got = await settle(ctl(input), 0);
      const sent = mod.commands.at(-1)!;
      expect(sent).toEqual({ id: sent.id, ...command });
      expect(got).toEqual({
        id: 'c1a2',
        project: 'lich',
        label: 'auth-fix',
        action: input.action,
        ...(input.value ? { value: input.value } : {}),
        command_id: sent.id,
        state: 'done',
      });
    }
    expect(mod.commands.map((c) => c.id)).toEqual(['m1', 'm2', 'm3', 'm4', 'm5', 'm6', 'm7', 'm8']);
  });

  it('reports delivered when the mod took the command and did not confirm it within 10 seconds', async () => {
    const mod = new FakeMod('c1a2');
    mod.reply = () => 'silent';
    const got = await settle(ctl({ action: 'prompt', value: 'go on' }), 10_000);
    expect(got).toMatchObject({ state: 'delivered', command_id: mod.commands[0]!.id });
  });

  it('waits up to 60 seconds for a slash command, which runs only once the session is idle', async () => {
    const mod = new FakeMod('c1a2');
    mod.delayMs = 59_000;
    expect((await settle(ctl({ action: 'command', value: 'compact' }), 59_000)).state).toBe('done');
    mod.delayMs = 11_000;
    expect((await settle(ctl({ action: 'model', value: 'opus' }), 11_000)).state).toBe('delivered');
  });

  it('withdraws a command no poll took within the wait, so nothing runs later', async () => {
    const mod = new FakeMod('c1a2');
    await vi.advanceTimersByTimeAsync(0);
    mod.stop();
    expect(await refusal(ctl({ action: 'abort' }), 10_000)).toBe(
      '"auth-fix" did not take the abort within 10 seconds, so lich withdrew it and nothing ran: its mod stopped polling (Claude Code frozen, or the mod reloading). It is safe to send again',
    );
    const back = new FakeMod('c1a2');
    await vi.advanceTimersByTimeAsync(1_000);
    expect(back.commands).toEqual([]);
  });

  it('reports ended when the session ends before confirming', async () => {
    const mod = new FakeMod('c1a2');
    mod.reply = () => 'silent';
    const p = ctl({ action: 'prompt', value: 'go on' });
    await vi.advanceTimersByTimeAsync(1_000);
    hub.ended('c1a2');
    expect(await settle(p, 0)).toMatchObject({ state: 'ended' });
  });

  it('passes on the reason of a command the session refused', async () => {
    const mod = new FakeMod('c1a2');
    mod.reply = () => ({ ok: false, error: 'no turn is running' });
    expect(await refusal(ctl({ action: 'abort' }))).toBe('"auth-fix" refused the abort: no turn is running');
    mod.reply = () => ({ ok: false, error: 'unknown kind' });
    expect(await refusal(ctl({ action: 'command', value: 'compact' }))).toBe(`"auth-fix" refused the command: ${PLUGIN_TOO_OLD}`);
  });
});

describe('spawn.Ask', () => {
  it('hands the question to the mod and returns its answer', async () => {
    const mod = new FakeMod('c1a2');
    mod.reply = () => ({ ok: true, answer: 'Fixing the flaky login test.' });
    expect(await settle(ask('what are you working on?'), 0)).toEqual({
      id: 'c1a2',
      project: 'lich',
      label: 'auth-fix',
      answer: 'Fixing the flaky login test.',
    });
    expect(mod.commands).toEqual([{ id: mod.commands[0]!.id, kind: 'ask', question: 'what are you working on?' }]);
  });

  it('waits up to 90 seconds for the answer, and drops one that comes later', async () => {
    const mod = new FakeMod('c1a2');
    mod.reply = () => ({ ok: true, answer: 'late' });
    mod.delayMs = 89_000;
    expect((await settle(ask('slow?'), 89_000)).answer).toBe('late');
    mod.delayMs = 91_000;
    expect(await refusal(ask('too slow?'), 90_000)).toBe(
      '"auth-fix" took the question and did not answer within 90 seconds: an answer that comes later is dropped',
    );
  });

  it('says why it ended without an answer', async () => {
    const mod = new FakeMod('c1a2');
    mod.reply = () => ({ ok: false, error: 'nothing-to-fork' });
    expect(await refusal(ask('hm?'))).toBe('"auth-fix" has no conversation to answer from yet: it is new, or was just cleared');
    mod.reply = () => ({ ok: false, error: 'api-error 529 overloaded_error' });
    expect(await refusal(ask('hm?'))).toBe('"auth-fix" could not answer: api-error 529 overloaded_error');
    mod.reply = () => 'silent';
    const p = ask('hm?');
    await vi.advanceTimersByTimeAsync(1_000);
    hub.ended('c1a2');
    expect(await refusal(p, 0)).toBe('"auth-fix" ended before answering');
  });

  it('withdraws a question no poll took within the control wait, 10 seconds, not the 90 an answer gets', async () => {
    const mod = new FakeMod('c1a2');
    await vi.advanceTimersByTimeAsync(0);
    mod.stop();
    let said: string | undefined;
    ask('anyone?').catch((e: Error) => (said = e.message));
    await vi.advanceTimersByTimeAsync(10_000);
    expect(said).toBe(
      '"auth-fix" did not take the question within 10 seconds, so lich withdrew it and nothing ran: its mod stopped polling (Claude Code frozen, or the mod reloading). It is safe to send again',
    );
    const back = new FakeMod('c1a2');
    await vi.advanceTimersByTimeAsync(1_000);
    expect(back.commands).toEqual([]);
  });

  it('gives a question a poll collected at once its whole 90 seconds for the answer, past the control wait', async () => {
    const mod = new FakeMod('c1a2');
    mod.reply = () => ({ ok: true, answer: 'took a while' });
    mod.delayMs = 30_000;
    expect((await settle(ask('slow?'), 30_000)).answer).toBe('took a while');
  });

  it('refuses, in order: not running, itself, not Claude Code, a blank question, no mod polling', async () => {
    expect(await refusal(ask('', { target: 'old-auth' }))).toBe(
      '"old-auth" is not running, so there is no Claude Code in it to answer a question — open its card to start it',
    );
    expect(await refusal(ask('', { from: 'c1a2' }))).toBe(
      '"auth-fix" is this session, and a session cannot ask itself: the answer would come from the very turn that is waiting for it',
    );
    expect(await refusal(ask('', { target: 'codex-one' }))).toBe(
      '"codex-one" runs Codex, and only a Claude Code session can be asked: lich asks one through a Claude Code mod, which no other CLI has',
    );
    expect(await refusal(ask('   '))).not.toBe(MOD_NOT_POLLING);
    expect(await refusal(ask('what now?'))).toBe(MOD_NOT_POLLING);
  });
});
