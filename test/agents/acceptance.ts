/**
 * The acceptance of issue 12 ("Real agents in the loop"), one suite per real client: Claude Code,
 * opencode, Codex and oh-my-pi, each a session of the real backend in a real PTY, on the fake
 * model. claude.test.ts, opencode.test.ts, codex.test.ts and omp.test.ts run it.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { type RecordedRequest, type Turn, gate, replyScript, useTool } from '../../tools/fake-model/index.mjs';
import { ticketOf } from '../e2e/harness.js';
import { controlNote, described } from '@lich/core/mod/self-command';
import { contractTools, expectMatchesContract } from './contracts.js';
import { type Kind, Tier, type TierOptions, clientName, explained } from './tier.js';

/** What a client prints when lich handed it an argument it does not take. */
export const USAGE_ERROR = /usage:|unknown option|unknown argument|unrecognized|unexpected argument|invalid value|error: .*argument|No conversation found/i;

/** A request whose answer called the reply tool (`reply_to_session`, `mcp__lich__reply_to_session`). */
export const calledReplyTool = (r: RecordedRequest): boolean => r.action?.calls.some((c) => /(^|__)reply_to_session$/.test(c.name)) ?? false;

/** A request whose answer ran `"$LICH_BIN" reply` through the client's shell tool. */
export const calledShellReply = (r: RecordedRequest): boolean =>
  r.action?.calls.some(
    (c) => ['Bash', 'bash', 'exec_command'].includes(c.name) && Object.values(c.input as object).some((v) => typeof v === 'string' && /^"\$LICH_BIN" reply [0-9a-f]{8} /.test(v)),
  ) ?? false;

/** The model and effort each kind is opened with in the model test, and how each shows in a request. */
const MODELS: Record<Kind, { model: string; effort: string | null; effortOf: (r: RecordedRequest) => unknown }> = {
  claude: { model: 'claude-sonnet-5-5', effort: 'high', effortOf: (r) => r.body?.output_config?.effort },
  // opencode's TUI takes no effort flag: lich refuses one for it (spec/cli.md § lich open, --effort).
  opencode: { model: 'fake/fake-model-b', effort: null, effortOf: () => null },
  codex: { model: 'fake-model-b', effort: 'high', effortOf: (r) => r.body?.reasoning?.effort },
  // omp takes the effort as --thinking and sends it as Chat Completions' reasoning_effort.
  omp: { model: 'fake/fake-model-b', effort: 'high', effortOf: (r) => r.body?.reasoning_effort },
};

/**
 * What a client itself does to a tool's text before its model sees it, measured: Claude Code
 * 2.1.328 spells `…` as `...` in MCP tool descriptions (lich mcp serves `…`, as the contract
 * says). Nothing else may differ.
 */
const CLIENT_REWRITES: Record<Kind, (s: string) => string> = {
  claude: (s) => s.replaceAll('…', '...'),
  opencode: (s) => s,
  codex: (s) => s,
  omp: (s) => s,
};

/**
 * What lich's own plugin adds to a tool's description in each client: Claude Code's mod gives
 * `control_session` the paragraph saying this session may be its own target (self-command,
 * lich-plugin-modules.md § 8), naming the session's id. Nothing else is changed.
 */
const PLUGIN_DESCRIBES: Record<Kind, (sessionId: string) => (tool: string, description: string) => string> = {
  claude: (id) => (tool, d) => (tool === 'control_session' ? described(d, controlNote(id, 'en')) : d),
  opencode: () => (_t, d) => d,
  codex: () => (_t, d) => d,
  omp: () => (_t, d) => d,
};

/** How each client is told to pick its conversation back up (wire.md § 12.1): `<arg> <id>`. */
const RESUME: Record<Kind, string> = { claude: '--resume', opencode: '--session', codex: 'resume', omp: '-r' };

/** The model name as the request carries it (opencode sends the model id without the provider). */
const requestModel = (kind: Kind, model: string): string => (kind === 'opencode' || kind === 'omp' ? model.replace(/^[^/]+\//, '') : model);

export function acceptance(kind: Kind): void {
  let tier: Tier | undefined;
  const start = async (o: TierOptions = {}): Promise<Tier> => (tier = await Tier.start(kind, o));
  afterEach(async () => {
    await tier?.close();
    tier = undefined;
  });

  describe(`${clientName(kind)} as a lich session`, () => {
    it("answers the first send right after open, through lich's reply tool", async () => {
      const answer = `tool answer from ${kind}`;
      const t = await start({ script: replyScript({ answer, via: 'tool' }) });
      await explained(t, async () => {
        const s = await t.open();
        const r = await t.send(s.label, 'What is six times seven? Answer with the lich tool.');
        expect(r, 'lich send').toMatchObject({ code: 0, stdout: `${answer}\n`, stderr: '' });
        expect(t.fake.requests.some(calledReplyTool), 'the model called reply_to_session').toBe(true);
      });
    });

    it('answers the first send right after open, through the shell running "$LICH_BIN" reply', async () => {
      const answer = `shell answer from ${kind}`;
      const t = await start({ script: replyScript({ answer, via: 'shell' }) });
      await explained(t, async () => {
        const s = await t.open();
        const r = await t.send(s.label, 'What is six times seven? Answer from the shell.');
        expect(r, 'lich send').toMatchObject({ code: 0, stdout: `${answer}\n`, stderr: '' });
        expect(t.fake.requests.some(calledShellReply), 'the model ran "$LICH_BIN" reply').toBe(true);
      });
    });

    it('answers the first send right after open when the client starts 2 s late, as a cold first start on a loaded machine does', async () => {
      const answer = `late answer from ${kind}`;
      const t = await start({ script: replyScript({ answer, via: 'tool' }), startDelaySeconds: 2 });
      await explained(t, async () => {
        const s = await t.open();
        const r = await t.send(s.label, 'What is six times seven? Answer with the lich tool.');
        expect(r, 'lich send').toMatchObject({ code: 0, stdout: `${answer}\n`, stderr: '' });
      });
    });

    it('hands back a ticket for a slow turn (send --timeout 1, exit 2), and lich wait then prints the answer', async () => {
      const answer = `slow answer from ${kind}`;
      const slow = gate();
      const reply = replyScript({ answer });
      // The turn's first model answer is held open until the test lets it go.
      const t = await start({
        script: (turn: Turn) => {
          const a = reply(turn);
          return turn.ticket && !turn.toolResult && !turn.isTitle && !slow.released ? { ...(a as object), hold: slow.promise } : a;
        },
      });
      await explained(t, async () => {
        const s = await t.open();
        const r = await t.send(s.label, 'Take your time over this one.', 1);
        expect(r.code, `lich send: ${r.stdout}${r.stderr}`).toBe(2);
        const ticket = ticketOf(r.stdout);
        const held = await t.fake.waitForTurn((turn) => turn.ticket === ticket && !turn.toolResult && !turn.isTitle, { timeoutMs: 180_000, what: 'the task reaching the model' });
        expect(held.done, 'the answer is still held').toBe(false);
        slow.release();
        const w = await t.lich(['wait', '--timeout', '240', ticket]);
        expect(w, 'lich wait').toMatchObject({ code: 0, stdout: `${answer}\n` });
      });
    });

    it('exits 3 when the agent ends the errand without answering it', async () => {
      const t = await start({ script: replyScript({ answer: 'I will just say it out loud.', via: 'none' }) });
      await explained(t, async () => {
        const s = await t.open();
        const r = await t.send(s.label, 'Answer this out loud only.');
        expect(r.code, `lich send: ${r.stdout}${r.stderr}`).toBe(3);
        expect(t.fake.requests.some((q) => calledReplyTool(q) || calledShellReply(q)), 'nobody replied').toBe(false);
      });
    });

    it('offers its model the fourteen tools, each with the description and input schema of its contract', async () => {
      const contracts = contractTools();
      expect(contracts.map((c) => c.name)).toHaveLength(14);
      // Claude Code defers MCP tools behind ToolSearch (real-agents.md § 3.4): load all fourteen
      // first, and compare what arrives then.
      const loadAll = (turn: Turn) =>
        turn.ticket && !turn.toolResult && turn.has('ToolSearch') && !turn.has('reply_to_session')
          ? { calls: [{ name: 'ToolSearch', input: { query: `select:${contracts.map((c) => `mcp__lich__${c.name}`).join(',')}`, max_results: contracts.length } }] }
          : undefined;
      const t = await start({ script: loadAll });
      await explained(t, async () => {
        const s = await t.open();
        const r = await t.send(s.label, 'Look at your tools, then answer.');
        expect(r.code, `lich send: ${r.stdout}${r.stderr}`).toBe(0);
        const offered = t.fake.turns().filter((q) => contracts.every((c) => q.turn!.has(c.name)));
        expect(offered.length, 'a request offered all fourteen').toBeGreaterThan(0);
        const turn = offered[offered.length - 1].turn!;
        for (const c of contracts) expectMatchesContract(turn.tool(c.name), c, CLIENT_REWRITES[kind], PLUGIN_DESCRIBES[kind](s.id));
      });
    });

    it(`is opened with --model${MODELS[kind].effort ? ' and --effort' : ''}: the real binary takes them, and its requests carry them`, async () => {
      const { model, effort, effortOf } = MODELS[kind];
      const answer = `${model} answers`;
      const t = await start({ script: replyScript({ answer }) });
      await explained(t, async () => {
        const s = await t.open(['--model', model, ...(effort ? ['--effort', effort] : [])]);
        const r = await t.send(s.label, 'Which model are you?');
        expect(r, 'lich send').toMatchObject({ code: 0, stdout: `${answer}\n` });
        const task = await t.fake.waitForTurn((turn) => turn.ticket !== null && !turn.isTitle, { what: 'the task' });
        expect(task.turn!.model).toBe(requestModel(kind, model));
        if (effort) expect(effortOf(task)).toBe(effort);
        const screen = await t.screen(s.id);
        expect(screen.history(), 'no usage error on its screen').not.toMatch(USAGE_ERROR);
        if (!effort) {
          const refused = await t.lich(['open', '--project', t.project, '--kind', kind, '--effort', 'high']);
          expect(refused.code).toBe(1);
          expect(refused.stderr).toMatch(/^lich: .*cannot be told which effort/);
        }
      });
    });

    it('opens on a worktree, parks it with close --worktree keep, and the reopen resumes the conversation', async () => {
      const branch = `feat-${kind}`;
      const first = `first task on ${branch}`;
      const t = await start({ script: replyScript({ answer: (turn) => (turn.text.includes(first) ? 'first done' : 'second done') }) });
      await explained(t, async () => {
        const s = await t.open(['--worktree', branch]);
        expect(s.path).toMatch(new RegExp(`/worktrees/.+/${branch}$`));
        expect(await t.send(s.label, first), 'the first send').toMatchObject({ code: 0, stdout: 'first done\n' });
        const firstScreen = await t.screen(s.id);
        const closed = await t.lich(['close', '--worktree', 'keep', s.label]);
        expect(closed.code, `lich close: ${closed.stdout}${closed.stderr}`).toBe(0);
        const again = await t.open(['--worktree', branch]);
        expect(again.id, 'the parked session is the one reopened').toBe(s.id);
        const mark = t.fake.mark();
        const r = await t.send(again.label, 'second task, after the resume');
        expect(r, 'the send after the resume').toMatchObject({ code: 0, stdout: 'second done\n' });
        const screen = await t.screen(again.id);
        expect(screen, 'a second start').not.toBe(firstScreen);
        expect(screen.history(), 'no usage error on its screen').not.toMatch(USAGE_ERROR);
        const at = screen.args.indexOf(RESUME[kind]);
        expect(at, `the reopen hands ${clientName(kind)} its resume argument (${RESUME[kind]} <id>): ${screen.args.join(' ')}`).toBeGreaterThanOrEqual(0);
        expect(screen.args[at + 1] ?? '').toMatch(/^[^-]/);
        const second = await t.fake.waitForTurn((turn) => turn.text.includes('second task'), { after: mark, what: 'the second task' });
        expect(JSON.stringify(second.body), 'the resumed conversation holds the first task').toContain(first);
      });
    });

    it('carries no CLAUDECODE or CLAUDE_CODE_ENTRYPOINT from a backend started inside Claude Code', async () => {
      const t = await start({ backendEnv: { CLAUDECODE: '1', CLAUDE_CODE_ENTRYPOINT: 'cli' }, script: replyScript({ answer: 'clean' }) });
      await explained(t, async () => {
        const s = await t.open();
        const r = await t.send(s.label, 'Are you nested?');
        expect(r, 'lich send').toMatchObject({ code: 0, stdout: 'clean\n' });
        const screen = await t.screen(s.id);
        expect(Object.keys(screen.env), 'the PTY environment lich gave the session').not.toContain('CLAUDECODE');
        expect(Object.keys(screen.env)).not.toContain('CLAUDE_CODE_ENTRYPOINT');
        const given = t.sessionEnvs(s.id);
        expect(given.length, 'the wrapper recorded the start').toBeGreaterThan(0);
        for (const g of given) expect(Object.keys(g.env)).not.toContain('CLAUDECODE');
        expect(screen.env.LICH_SESSION_ID).toBe(s.id);
      });
    });

    it("acts as the calling session through lich's tools: list_sessions leaves it out, and a ticketless reply finds its errand", async () => {
      // list_sessions, then reply_to_session with no ticket carrying what it listed: only a tool
      // that knows which session calls it can do either.
      const script = (turn: Turn) => {
        if (turn.isTitle || !turn.ticket) return undefined;
        if (!turn.toolResult && turn.has('ToolSearch') && !turn.has('list_sessions')) {
          return { calls: [{ name: 'ToolSearch', input: { query: 'select:mcp__lich__list_sessions,mcp__lich__reply_to_session', max_results: 2 } }] };
        }
        if (!turn.toolResult || turn.toolResult.name === 'ToolSearch') return useTool(turn, 'list_sessions', {}) ?? { text: 'fake-model: no list_sessions offered' };
        if (/(^|__)list_sessions$/.test(turn.toolResult.name ?? '')) {
          return useTool(turn, 'reply_to_session', { ticket: '', answer: `listed: ${turn.toolResult.text}` }) ?? { text: 'fake-model: no reply tool offered' };
        }
        return undefined;
      };
      const t = await start({ script });
      await explained(t, async () => {
        const peer = await t.backend.open(t.project, 'shell');
        const s = await t.open();
        const r = await t.send(s.label, 'Who else is here?');
        expect(r.code, `lich send: ${r.stdout}${r.stderr}`).toBe(0);
        expect(r.stdout).toMatch(/^listed: /);
        expect(r.stdout, 'the peer is listed').toContain(peer.id);
        expect(r.stdout, 'the caller is not').not.toContain(s.id);
      });
    });
  });
}
