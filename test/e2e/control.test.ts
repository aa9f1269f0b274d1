// Driving a Claude Code session from outside its terminal, end to end (issue 5; spec/cli.md
// § lich control, § lich ask; spec/mod-control.md; wire.md § 7.5, § 11): the built-in `claude`
// provider is the stand-in Claude Code (examples/claude/claude.ts) in a real PTY, running the
// typed mod client of @lich/core against the real backend. Every command is given through the
// built CLI, `lich mcp` or the opencode plugin, reaches the stand-in through its long poll, and
// is read back from the stand-in's engine log — what it was asked to do, and when it did it.

import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  Backend,
  LICH_JS,
  ROOT,
  baseEnv,
  exampleProvider,
  inertProvider,
  q,
  standInClaude,
  type AgentEntry,
  type Run,
  type Session,
} from './harness.js';

/**
 * The server's waits for a mod's ack, in seconds: 10 and 60 in lich (spec/cli.md § lich control),
 * shortened here so the cases that run one out take seconds. The relay's wait for a poll to
 * collect a send (wire.md § 9, mod ack wait, 10 s) is shortened the same way.
 */
const CONTROL_WAIT = 4;
const COMMAND_WAIT = 6;

let b: Backend;
/** The session most commands drive: a stand-in Claude Code whose mod polls. */
let claude: Session;
/** A session running the example agent: not Claude Code. */
let agent: Session;
/** The session the test plays (the MCP server's, the opencode agent's, a subagent's caller): an inert terminal. */
let self: Session;

/** A project directory of its own, with the stand-in's knobs for the sessions opened in it. */
function project(name: string, knobs: Record<string, string> = {}): string {
  const dir = join(b.home, name);
  mkdirSync(dir, { recursive: true });
  const lines = Object.entries(knobs).map(([k, v]) => `${k}=${v}\n`);
  if (lines.length > 0) writeFileSync(join(dir, '.example-claude.env'), lines.join(''));
  return dir;
}

/** Opens a stand-in Claude Code session in `dir` and resolves once its mod client runs. */
async function openClaude(dir: string): Promise<Session> {
  const s = await b.open(dir, 'claude');
  await b.log.waitFor(s.id, (e) => e.event === 'mod-client-started', 'the stand-in starting its mod client');
  return s;
}

/** The engine calls the mod client made in `session`, in order (`mod` log entries). */
function modCalls(session: string): AgentEntry[] {
  return b.log.entries(session).filter((e) => e.event === 'mod');
}

/** Waits for the engine call of `session` matching `pred`. */
function modCall(session: string, pred: (e: AgentEntry) => boolean, what: string, ms?: number): Promise<AgentEntry> {
  return b.log.waitFor(session, (e) => e.event === 'mod' && pred(e), what, ms);
}

const text = (stdout: string): Run => ({ code: 0, stdout: `${stdout}\n`, stderr: '' });
const refused = (line: string, code = 1): Run => ({ code, stdout: '', stderr: `lich: ${line}\n` });
const withdrawn = (label: string, action: string, seconds: number) =>
  `${q(label)} did not take the ${action} within ${seconds} seconds, so lich withdrew it and nothing ran: its mod stopped polling (Claude Code frozen, or the mod reloading). It is safe to send again`;
const delivered = (label: string, action: string, id: string) =>
  `${q(label)} took the command (${action}, id ${id}) and has not confirmed it yet: a prompt or a slash command runs only once the session is idle. It still goes through.`;
const NOT_POLLING =
  'the session cannot take commands: no lich-plugin mod is polling from it. That needs Claude Code 2.1.280 or later with mods on, lich-plugin 0.15.0 or later (update it, then restart the session), and the session\'s folder trusted (Claude Code loads the mod only after that)';

/** The command id a delivered or ended prose names. */
function commandId(prose: string): string {
  const m = /, id (m\d+)\)/.exec(prose);
  if (!m) throw new Error(`no command id in: ${prose}`);
  return m[1];
}

beforeAll(async () => {
  b = await Backend.start({
    providers: ({ log }) => ({ example: exampleProvider(log), inert: inertProvider() }),
    env: ({ log }) => standInClaude(log),
    timings: { controlWaitMs: CONTROL_WAIT * 1000, commandWaitMs: COMMAND_WAIT * 1000, modAckWaitMs: CONTROL_WAIT * 1000 },
  });
  const main = project('control-project');
  claude = await openClaude(main);
  agent = await b.open(main, 'example');
  self = await b.open(main, 'inert');
  await b.log.ready(agent.id);
});

// A failure here is a race between processes more often than not: the tail of the stand-ins'
// log says which call came when.
afterEach((ctx) => {
  if (ctx.task.result?.state !== 'fail') return;
  console.log(`the stand-ins' log, last 40 entries:\n${b.log.entries().slice(-40).map((e) => JSON.stringify(e)).join('\n')}`);
});

afterAll(async () => {
  if (!b) return;
  const violations = b.violations;
  await b.close();
  expect(violations).toEqual([]);
});

describe('lich control', () => {
  it('starts a turn on a prompt through the mod, never typed, and says so', async () => {
    const r = await b.lich(['control', claude.id, 'prompt', 'echo hello from the prompt']);
    expect(r).toEqual(text(`${q(claude.label)} started a turn on the prompt.`));
    expect(modCalls(claude.id).at(-1)).toMatchObject({ call: 'submit', text: 'echo hello from the prompt', asUser: false });
    const ran = await b.log.waitFor(claude.id, (e) => e.event === 'ran' && e.command === 'echo hello from the prompt', 'the turn running');
    expect(ran.output).toBe('hello from the prompt\n');
    expect(b.log.entries(claude.id).filter((e) => e.event === 'received' && e.source === 'typed')).toEqual([]);
  });

  it('sets and drops the model override', async () => {
    // Addressed by label, as a person would, narrowed to its project: every project has a "Session 1".
    expect(await b.lich(['control', '--project', claude.project, claude.label, 'model', 'claude-opus-4-1'])).toEqual(
      text(`${q(claude.label)} uses claude-opus-4-1 from its next request on.`),
    );
    expect(modCalls(claude.id).at(-1)).toMatchObject({ call: 'setModel', model: 'claude-opus-4-1' });
    expect(await b.lich(['control', claude.id, 'model'])).toEqual(text(`${q(claude.label)} is back on its own model.`));
    expect(modCalls(claude.id).at(-1)).toMatchObject({ call: 'setModel', model: null });
  });

  it('sets and drops the effort override, and an effort Claude Code does not know is refused by the mod', async () => {
    expect(await b.lich(['control', claude.id, 'effort', 'high'])).toEqual(
      text(`${q(claude.label)} runs at high effort from its next request on.`),
    );
    expect(modCalls(claude.id).at(-1)).toMatchObject({ call: 'setEffort', effort: 'high' });
    expect(await b.lich(['control', claude.id, 'effort'])).toEqual(text(`${q(claude.label)} is back on its own effort level.`));
    expect(modCalls(claude.id).at(-1)).toMatchObject({ call: 'setEffort', effort: null });

    const before = modCalls(claude.id).length;
    expect(await b.lich(['control', claude.id, 'effort', 'turbo'])).toEqual(refused(`${q(claude.label)} refused the effort: unknown effort`));
    expect(modCalls(claude.id).length).toBe(before);
  });

  it('runs a slash command once the session is idle, with or without its slash', async () => {
    expect(await b.lich(['control', claude.id, 'command', 'compact', 'keep the test plan'])).toEqual(
      text(`${q(claude.label)} ran /compact.`),
    );
    expect(modCalls(claude.id).at(-1)).toMatchObject({ call: 'runCommand', name: 'compact', args: 'keep the test plan' });
    expect(b.log.entries(claude.id).at(-1)).toMatchObject({ event: 'command-ran', name: 'compact', args: 'keep the test plan' });

    expect(await b.lich(['control', claude.id, 'command', '/context'])).toEqual(text(`${q(claude.label)} ran /context.`));
    expect(modCalls(claude.id).at(-1)).toMatchObject({ call: 'runCommand', name: 'context', args: null });
  });

  it('exits 1 with the session’s reason when it does not have the slash command', async () => {
    expect(await b.lich(['control', claude.id, 'command', 'nosuch'])).toEqual(
      refused(`${q(claude.label)} refused the command: Unknown slash command: nosuch`),
    );
  });

  it('refuses /model and /effort as commands before anything is sent', async () => {
    const before = modCalls(claude.id).length;
    expect(await b.lich(['control', claude.id, 'command', '/model', 'opus'])).toEqual(
      refused('/model is refused as a command: Claude Code saves what it sets as the default for every new session. The model action changes this session only'),
    );
    const effort = await b.lich(['control', claude.id, 'command', 'effort']);
    expect(effort.code).toBe(1);
    expect(effort.stderr).toMatch(/^lich: \/effort is refused as a command: /);
    expect(modCalls(claude.id).length).toBe(before);
  });

  it('stops the running turn on an abort, and refuses one with no turn running', async () => {
    expect(await b.lich(['control', claude.id, 'prompt', 'sleep 30; echo never'])).toEqual(
      text(`${q(claude.label)} started a turn on the prompt.`),
    );
    expect(await b.lich(['control', claude.id, 'abort'])).toEqual(text(`${q(claude.label)} stopped its turn.`));
    expect(modCalls(claude.id).at(-1)).toMatchObject({ call: 'abort', running: true });
    const ran = await b.log.waitFor(claude.id, (e) => e.event === 'ran' && e.command === 'sleep 30; echo never', 'the aborted turn');
    expect(ran).toMatchObject({ aborted: true, output: '' });

    expect(await b.lich(['control', claude.id, 'abort'])).toEqual(refused(`${q(claude.label)} refused the abort: no turn is running`));
    expect(modCalls(claude.id).at(-1)).toMatchObject({ call: 'abort', running: false });
  });

  it('prints the outcome as JSON with --json', async () => {
    const r = await b.lich(['control', '--json', claude.id, 'model', 'claude-sonnet-4-5']);
    expect(r.code).toBe(0);
    expect(r.stderr).toBe('');
    const out = JSON.parse(r.stdout);
    expect(Object.keys(out)).toEqual(['id', 'project', 'label', 'action', 'value', 'command_id', 'state']);
    expect(out).toEqual({
      id: claude.id,
      project: claude.project,
      label: claude.label,
      action: 'model',
      value: 'claude-sonnet-4-5',
      command_id: expect.stringMatching(/^m\d+$/),
      state: 'done',
    });
    const dropped = JSON.parse((await b.lich(['control', '--json', claude.id, 'effort'])).stdout);
    expect(dropped).not.toHaveProperty('value');
    expect(dropped.state).toBe('done');
  });

  it('exits 2 naming the command id when a prompt waits behind a busy turn, and the prompt still runs', async () => {
    expect(await b.lich(['control', claude.id, 'prompt', 'sleep 30; echo long turn'])).toEqual(
      text(`${q(claude.label)} started a turn on the prompt.`),
    );
    const r = await b.lich(['control', claude.id, 'prompt', 'echo after the busy turn']);
    expect(r.code).toBe(2);
    expect(r.stderr).toBe('');
    expect(r.stdout).toBe(`${delivered(claude.label, 'prompt', commandId(r.stdout))}\n`);
    // Taken by the mod, not run yet: it starts its turn when the busy one ends.
    expect(modCalls(claude.id).at(-1)).toMatchObject({ call: 'submit', text: 'echo after the busy turn' });
    expect(b.log.entries(claude.id).some((e) => e.event === 'ran' && e.command === 'echo after the busy turn')).toBe(false);
    expect(await b.lich(['control', claude.id, 'abort'])).toEqual(text(`${q(claude.label)} stopped its turn.`));
    const ran = await b.log.waitFor(claude.id, (e) => e.event === 'ran' && e.command === 'echo after the busy turn', 'the held prompt running');
    expect(ran.output).toBe('after the busy turn\n');
  }, 60_000);

  it('refuses a session that is not Claude Code at once, with nothing sent', async () => {
    expect(await b.lich(['control', agent.id, 'prompt', 'echo x'])).toEqual(
      refused(
        `${q(agent.label)} runs Example agent, and only a Claude Code session can be controlled: lich drives one through a Claude Code mod, which no other CLI has`,
      ),
    );
  });

  it('resolves its session among the live ones as send does: a parked namesake in another project is no clash, and a miss lists the live sessions', async () => {
    const live = await openClaude(project('twin-live'));
    const parked = await b.open(project('twin-parked'), 'inert');
    expect((await b.lich(['rename', live.id, 'twin'])).code).toBe(0);
    expect((await b.lich(['rename', parked.id, 'twin'])).code).toBe(0);
    expect(await b.lich(['close', parked.id])).toEqual(text(`Closed "twin".`));

    expect(await b.lich(['control', 'twin', 'model', 'claude-opus-4-1'])).toEqual(text(`"twin" uses claude-opus-4-1 from its next request on.`));
    expect(modCalls(live.id).at(-1)).toMatchObject({ call: 'setModel', model: 'claude-opus-4-1' });
    // Only a name no live session answers to is looked up among the rest: the parked one is not running.
    expect(await b.lich(['control', '--project', 'twin-parked', 'twin', 'abort'])).toEqual(
      refused('"twin" is not running, so there is no Claude Code in it to take a command — open its card to start it'),
    );
    const miss = await b.lich(['ask', 'nosuch', 'what', 'now']);
    expect(miss.code).toBe(1);
    expect(miss.stderr).toMatch(/^lich: no live session named "nosuch"\. Live sessions: .*"twin" \(twin-live-[A-Za-z0-9]{4}\)/);
    expect(await b.lich(['close', live.id])).toEqual(text(`Closed "twin".`));
  }, 60_000);

  it('refuses a session controlling itself', async () => {
    const r = await b.lich(['control', claude.id, 'model', 'x'], { session: claude.id });
    expect(r.code).toBe(1);
    expect(r.stdout).toBe('');
    expect(r.stderr.startsWith(`lich: ${q(claude.label)} is this session, and a session cannot control itself: `)).toBe(true);
  });
});

describe('lich ask', () => {
  it('prints the answer the session forks from its conversation', async () => {
    expect(await b.lich(['control', claude.id, 'prompt', 'echo fixing the login test'])).toEqual(
      text(`${q(claude.label)} started a turn on the prompt.`),
    );
    const r = await b.lich(['ask', claude.id, 'what', 'are', 'you', 'working', 'on?']);
    expect(r).toEqual(text('working on: echo fixing the login test'));
    const fork = modCalls(claude.id).at(-1)!;
    expect(fork.call).toBe('fork');
    expect(fork.prompt).toContain('what are you working on?');
  });

  it('prints {id, project, label, answer} with --json', async () => {
    const r = await b.lich(['ask', '--json', claude.id, 'and now?']);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual({
      id: claude.id,
      project: claude.project,
      label: claude.label,
      answer: 'working on: echo fixing the login test',
    });
  });

  it('exits 1 with the reason a fork fails with', async () => {
    expect(await b.lich(['ask', claude.id, 'why? #example: fork-fail api-error 529 overloaded_error'])).toEqual(
      refused(`${q(claude.label)} could not answer: api-error 529 overloaded_error`),
    );
  });

  it('exits 1 when the session has no conversation yet, as after /clear', async () => {
    expect(await b.lich(['control', claude.id, 'command', 'clear'])).toEqual(text(`${q(claude.label)} ran /clear.`));
    expect(await b.lich(['ask', claude.id, 'what now?'])).toEqual(
      refused(`${q(claude.label)} has no conversation to answer from yet: it is new, or was just cleared`),
    );
  });
});

describe('lich send to a session whose mod polls', () => {
  it('hands the task over as a mod prompt, never typed, and the stand-in answers through its ticket', async () => {
    const r = await b.lich(['send', claude.id, 'echo answered through the mod']);
    expect(r).toEqual(text('answered through the mod'));
    const handed = await b.log.waitFor(claude.id, (e) => e.event === 'received' && e.kind === 'task' && String(e.text).includes('answered through the mod'), 'the task');
    expect(handed.source).toBe('mod');
    expect(String(handed.text).startsWith('[lich] Message relayed by the lich command line, not from your own prompt.\n\n')).toBe(true);
    expect(modCalls(claude.id).some((e) => e.call === 'submit' && e.text === handed.text)).toBe(true);
    expect(b.log.entries(claude.id).filter((e) => e.event === 'received' && e.source === 'typed')).toEqual([]);
  });
});

describe('a subagent worker whose mod polls', () => {
  it('is handed its task with no ticket and answers through /mod/answer; the caller gets the report whole', async () => {
    const lines = Array.from({ length: 200 }, (_, i) => `line ${i + 1} of the report: the quick brown fox jumps over the lazy dog`);
    const script = `for i in $(seq 1 200); do echo "line $i of the report: the quick brown fox jumps over the lazy dog"; done`;
    const r = await b.lich(['open', '--subagent', '--kind', 'claude', '--prompt', script, '--json'], { session: self.id, timeoutMs: 90_000 });
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    const opened = JSON.parse(r.stdout) as Session & { delivery: { ticket: string; status: string; answer: string } };
    expect(opened.kind).toBe('claude');
    expect(opened.delivery.status).toBe('answered');
    expect(opened.delivery.answer).toBe(lines.join('\n'));

    const handed = await b.log.waitFor(opened.id, (e) => e.event === 'received', 'the worker receiving its task');
    expect(handed).toMatchObject({ source: 'mod', kind: 'worker-task' });
    expect(handed.text).toBe(
      `[lich] Task from session ${q(self.label)}, which opened this session as its subagent. Your final message when you finish is sent back to it as your report.\n\n${script}`,
    );
    const answered = await b.log.waitFor(opened.id, (e) => e.event === 'worker-answer', 'the worker answering');
    expect(answered.answer).toBe(lines.join('\n'));
    expect(b.log.entries(opened.id).some((e) => e.event === 'reply')).toBe(false);
  }, 120_000);

  it('reports to a caller whose mod polls as a notification prompt, after the hand-off’s wait ran out', async () => {
    const boss = await openClaude(project('boss-project'));
    // The worker finishes only once the test, having read the hand-off's outcome, releases it: it
    // outlasts the hand-off's fixed 20 s wait however slowly the machine runs (a fixed sleep of
    // its own raced that wait), so its report finds nobody holding the line.
    const release = join(b.home, 'boss-release');
    const work = `while [ ! -e '${release}' ]; do sleep 0.1; done; echo the report, whole`;
    const script = `"$LICH_BIN" open --subagent --kind claude --prompt "${work}" --json`;
    const r = await b.lich(['send', '--timeout', '60', boss.id, script], { timeoutMs: 120_000 });
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    const opened = JSON.parse(r.stdout) as Session & { delivery: { ticket: string; status: string } };
    expect(opened.delivery.status).toBe('pending');
    writeFileSync(release, '');

    const reported = await b.log.waitFor(boss.id, (e) => e.event === 'received' && e.notification !== undefined, 'the report reaching the caller', 60_000);
    expect(reported.source).toBe('mod');
    expect(reported.notification).toEqual({
      status: 'completed',
      summary: `lich session ${q(opened.label)} finished`,
      result: `[lich] Session ${q(opened.label)} finished the task you handed it (ticket ${opened.delivery.ticket}). Its report:\n\nthe report, whole`,
    });
    expect(modCalls(boss.id).some((e) => e.call === 'submit' && e.asUser === true && e.text === reported.text)).toBe(true);
  }, 120_000);
});

describe('a session whose mod does not poll', () => {
  it('is refused at once, and a send to it is typed at its prompt', async () => {
    const off = await b.open(project('no-mod-project', { EXAMPLE_CLAUDE_MOD: 'off' }), 'claude');
    await b.log.waitFor(off.id, (e) => e.event === 'mod-client-started', 'the stand-in starting');
    expect(await b.lich(['control', off.id, 'model', 'x'])).toEqual(refused(NOT_POLLING));
    expect(await b.lich(['ask', off.id, 'anything?'])).toEqual(refused(NOT_POLLING));
    expect(await b.lich(['send', off.id, 'echo typed at the prompt'])).toEqual(text('typed at the prompt'));
    const handed = await b.log.waitFor(off.id, (e) => e.event === 'received', 'the task');
    expect(handed).toMatchObject({ source: 'typed', kind: 'task' });
    expect(modCalls(off.id)).toEqual([]);
  });
});

describe('a mod older than lich-plugin 0.15.0', () => {
  it('is refused a slash command before anything is sent, and takes every other action', async () => {
    const old = await openClaude(project('old-plugin-project', { EXAMPLE_CLAUDE_PLUGIN_VERSION: '0.14.2' }));
    expect(await b.lich(['control', old.id, 'command', 'compact'])).toEqual(
      refused(
        `${q(old.label)} cannot run a slash command: this session's lich-plugin is too old for it: update lich-plugin to 0.15.0 or later, then restart the session`,
      ),
    );
    expect(modCalls(old.id)).toEqual([]);
    expect(await b.lich(['control', old.id, 'effort', 'max'])).toEqual(text(`${q(old.label)} runs at max effort from its next request on.`));
    expect(modCalls(old.id)).toMatchObject([{ call: 'setEffort', effort: 'max' }]);
  });
});

describe('a mod that stopped polling', () => {
  it('has a command withdrawn with exit 1 and nothing run, and a send typed instead', async () => {
    const frozen = await openClaude(project('frozen-project'));
    // The stand-in stops its mod client on this prompt: from here on nothing collects a command,
    // while lich still counts the mod attached for the rest of its 30 s window.
    expect(await b.lich(['send', frozen.id, '#example: stop-mod\necho stopping the mod'])).toEqual(text('stopping the mod'));
    await b.log.waitFor(frozen.id, (e) => e.event === 'mod-stopped', 'the mod stopping');
    const before = modCalls(frozen.id).length;

    expect(await b.lich(['control', frozen.id, 'prompt', 'echo never ran'])).toEqual(refused(withdrawn(frozen.label, 'prompt', CONTROL_WAIT)));
    // A question is withdrawn within the same wait as a command, not the 90 s an answer is given.
    expect(await b.lich(['ask', frozen.id, 'anyone there?'])).toEqual(refused(withdrawn(frozen.label, 'question', CONTROL_WAIT)));
    expect(modCalls(frozen.id).length).toBe(before);
    expect(b.log.entries(frozen.id).some((e) => e.event === 'ran' && e.command === 'echo never ran')).toBe(false);

    // A task no poll collected is typed as usual, and answered from the prompt.
    expect(await b.lich(['send', frozen.id, 'echo typed after all'])).toEqual(text('typed after all'));
    const typed = await b.log.waitFor(frozen.id, (e) => e.event === 'received' && String(e.text).includes('typed after all'), 'the typed task');
    expect(typed.source).toBe('typed');
  }, 60_000);
});

describe('a session that ends before confirming', () => {
  it('exits 3 for a command it took, and an ask exits 1', async () => {
    const ender = await openClaude(project('ending-project'));
    expect(await b.lich(['control', ender.id, 'prompt', 'sleep 60'])).toEqual(text(`${q(ender.label)} started a turn on the prompt.`));
    const control = b.lich(['control', ender.id, 'prompt', 'echo held behind the turn']);
    const ask = b.lich(['ask', ender.id, 'still there? #example: fork-sleep 60']);
    await modCall(ender.id, (e) => e.call === 'submit' && e.text === 'echo held behind the turn', 'the held prompt');
    await modCall(ender.id, (e) => e.call === 'fork', 'the fork');
    expect(await b.lich(['close', ender.id])).toEqual(text(`Closed ${q(ender.label)}.`));

    const ended = await control;
    expect(ended.code).toBe(3);
    expect(ended.stderr).toBe('');
    expect(ended.stdout).toBe(`${q(ender.label)} ended before confirming the command (prompt, id ${commandId(ended.stdout)}).\n`);
    expect(await ask).toEqual(refused(`${q(ender.label)} ended before answering`));
  }, 60_000);
});

describe('a slow slash command', () => {
  it('exits 2 once the wait runs out, and still runs', async () => {
    const slow = await openClaude(project('slow-project', { EXAMPLE_CLAUDE_SLOW_COMMANDS: `compact:${COMMAND_WAIT + 5}` }));
    const r = await b.lich(['control', slow.id, 'command', 'compact'], { timeoutMs: (COMMAND_WAIT + 40) * 1000 });
    expect(r.code).toBe(2);
    expect(r.stderr).toBe('');
    expect(r.stdout).toBe(`${delivered(slow.label, 'command', commandId(r.stdout))}\n`);
    expect(b.log.entries(slow.id).some((e) => e.event === 'command-ran')).toBe(false);
    const ran = await b.log.waitFor(slow.id, (e) => e.event === 'command-ran', 'the slow command running', 30_000);
    expect(ran).toMatchObject({ name: 'compact', args: null });
  }, (COMMAND_WAIT + 60) * 1000);
});

describe('control_session and ask_session in lich mcp', () => {
  let client: Client;
  let stderr = '';

  beforeAll(async () => {
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: [LICH_JS, 'mcp'],
      env: { ...baseEnv(), LICH_PORT: String(b.port), LICH_TOKEN: b.token, LICH_SESSION_ID: self.id, LICH_BIN: LICH_JS },
      stderr: 'pipe',
    });
    transport.stderr?.on('data', (d) => (stderr += d));
    client = new Client({ name: 'lich-e2e', version: '0.0.0' });
    await client.connect(transport);
  });

  afterAll(async () => {
    await client?.close();
    expect(stderr).toBe('');
  });

  async function call(name: string, args: Record<string, unknown>): Promise<{ text: string; isError: boolean }> {
    const r = (await client.callTool({ name, arguments: args })) as { content: Array<{ type: string; text: string }>; isError?: boolean };
    expect(r.content).toHaveLength(1);
    return { text: r.content[0]!.text, isError: r.isError === true };
  }

  it('lists both tools', async () => {
    const names = (await client.listTools()).tools.map((t) => t.name);
    expect(names).toContain('control_session');
    expect(names).toContain('ask_session');
  });

  it('control_session drives each action through the mod and answers the wire prose', async () => {
    expect(await call('control_session', { session: claude.id, action: 'prompt', value: 'echo from mcp' })).toEqual({
      text: `${q(claude.label)} started a turn on the prompt.`,
      isError: false,
    });
    expect(modCalls(claude.id).at(-1)).toMatchObject({ call: 'submit', text: 'echo from mcp' });
    await b.log.waitFor(claude.id, (e) => e.event === 'turn-ended' && e.prompt === 'echo from mcp', 'the mcp prompt’s turn ending');

    expect(await call('control_session', { session: claude.id, action: 'model', value: 'claude-haiku-4-5' })).toEqual({
      text: `${q(claude.label)} uses claude-haiku-4-5 from its next request on.`,
      isError: false,
    });
    expect(modCalls(claude.id).at(-1)).toMatchObject({ call: 'setModel', model: 'claude-haiku-4-5' });

    expect(await call('control_session', { session: claude.id, action: 'effort', value: 'low' })).toEqual({
      text: `${q(claude.label)} runs at low effort from its next request on.`,
      isError: false,
    });
    expect(modCalls(claude.id).at(-1)).toMatchObject({ call: 'setEffort', effort: 'low' });

    expect(await call('control_session', { session: claude.id, action: 'command', value: 'compact', args: 'focus on mcp' })).toEqual({
      text: `${q(claude.label)} ran /compact.`,
      isError: false,
    });
    expect(modCalls(claude.id).at(-1)).toMatchObject({ call: 'runCommand', name: 'compact', args: 'focus on mcp' });
  });

  it('ask_session answers from the conversation', async () => {
    expect(await call('ask_session', { session: claude.id, question: 'what is going on?' })).toEqual({
      text: 'working on: echo from mcp',
      isError: false,
    });
    expect(modCalls(claude.id).at(-1)).toMatchObject({ call: 'fork' });
  });

  it('control_session stops a running turn, and answers isError with the session’s reason when none runs', async () => {
    expect(await call('control_session', { session: claude.id, action: 'prompt', value: 'sleep 30; echo mcp never' })).toEqual({
      text: `${q(claude.label)} started a turn on the prompt.`,
      isError: false,
    });
    expect(await call('control_session', { session: claude.id, action: 'abort' })).toEqual({
      text: `${q(claude.label)} stopped its turn.`,
      isError: false,
    });
    expect(b.log.entries(claude.id).at(-1)).toMatchObject({ event: 'aborted' });
    expect(await call('control_session', { session: claude.id, action: 'abort' })).toEqual({
      text: `${q(claude.label)} refused the abort: no turn is running`,
      isError: true,
    });
  });

  it('refuses a session that is not Claude Code with isError', async () => {
    expect(await call('control_session', { session: agent.id, action: 'abort' })).toEqual({
      text: `${q(agent.label)} runs Example agent, and only a Claude Code session can be controlled: lich drives one through a Claude Code mod, which no other CLI has`,
      isError: true,
    });
  });
});

describe('control_session and ask_session in the opencode plugin', () => {
  interface OpencodeTool {
    execute(args: Record<string, unknown>, context: unknown): Promise<unknown>;
  }
  type PluginFn = (input: unknown) => Promise<{ tool?: Record<string, OpencodeTool> }>;
  const LICH_VARS = ['LICH_PORT', 'LICH_TOKEN', 'LICH_SESSION_ID', 'LICH_BIN', 'XDG_CONFIG_HOME'];
  const saved: Record<string, string | undefined> = {};
  let tools: Record<string, OpencodeTool>;

  beforeAll(async () => {
    for (const k of LICH_VARS) saved[k] = process.env[k];
    Object.assign(process.env, { LICH_PORT: String(b.port), LICH_TOKEN: b.token, LICH_SESSION_ID: self.id, LICH_BIN: LICH_JS, XDG_CONFIG_HOME: b.configHome });
    const url = pathToFileURL(join(ROOT, 'packages/opencode-plugin/dist/index.js')).href;
    const plugin = ((await import(url)) as { default: PluginFn }).default;
    const dir = claude.path;
    const hooks = await plugin({ client: {}, project: { id: 'e2e', worktree: dir }, directory: dir, worktree: dir, serverUrl: new URL('http://127.0.0.1:4096'), $: undefined });
    tools = hooks.tool ?? {};
  });

  afterAll(() => {
    for (const [k, v] of Object.entries(saved)) {
      if (v === undefined) delete process.env[k];
      else process.env[k] = v;
    }
  });

  async function run(name: string, args: Record<string, unknown>): Promise<string> {
    const t = tools[name];
    if (!t) throw new Error(`no tool ${name}`);
    const ctx = { sessionID: 'ses_e2e', messageID: 'msg_e2e', agent: 'build', directory: claude.path, worktree: claude.path, abort: new AbortController().signal, metadata() {}, async ask() {} };
    const outcome = await t.execute(args, ctx);
    return typeof outcome === 'string' ? outcome : (outcome as { output: string }).output;
  }

  it('control_session drives the session through the mod and returns what lich printed', async () => {
    expect(await run('control_session', { session: claude.id, action: 'prompt', value: 'echo from opencode' })).toBe(
      `${q(claude.label)} started a turn on the prompt.\n`,
    );
    expect(modCalls(claude.id).at(-1)).toMatchObject({ call: 'submit', text: 'echo from opencode' });
    await b.log.waitFor(claude.id, (e) => e.event === 'turn-ended' && e.prompt === 'echo from opencode', 'the opencode prompt’s turn ending');
    expect(await run('control_session', { session: claude.id, action: 'model', value: 'claude-opus-4-1' })).toBe(
      `${q(claude.label)} uses claude-opus-4-1 from its next request on.\n`,
    );
    expect(modCalls(claude.id).at(-1)).toMatchObject({ call: 'setModel', model: 'claude-opus-4-1' });
    expect(await run('control_session', { session: claude.id, action: 'effort', value: 'xhigh' })).toBe(
      `${q(claude.label)} runs at xhigh effort from its next request on.\n`,
    );
    expect(modCalls(claude.id).at(-1)).toMatchObject({ call: 'setEffort', effort: 'xhigh' });
    expect(await run('control_session', { session: claude.id, action: 'command', value: '/compact' })).toBe(`${q(claude.label)} ran /compact.\n`);
    expect(modCalls(claude.id).at(-1)).toMatchObject({ call: 'runCommand', name: 'compact', args: null });
  });

  it('ask_session returns the answer', async () => {
    expect(await run('ask_session', { session: claude.id, question: 'what now?' })).toBe('working on: echo from opencode\n');
  });

  it('control_session stops a running turn', async () => {
    expect(await run('control_session', { session: claude.id, action: 'prompt', value: 'sleep 30; echo opencode never' })).toBe(
      `${q(claude.label)} started a turn on the prompt.\n`,
    );
    expect(await run('control_session', { session: claude.id, action: 'abort' })).toBe(`${q(claude.label)} stopped its turn.\n`);
    expect(b.log.entries(claude.id).at(-1)).toMatchObject({ event: 'aborted' });
  });

  it('throws lich’s own refusal for a session that is not Claude Code', async () => {
    const err = await run('control_session', { session: agent.id, action: 'abort' }).then(
      () => null,
      (e: Error) => e,
    );
    expect(err?.message).toBe(
      `lich: ${q(agent.label)} runs Example agent, and only a Claude Code session can be controlled: lich drives one through a Claude Code mod, which no other CLI has\n`,
    );
  });
});
