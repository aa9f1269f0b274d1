/**
 * lich's own Claude Code plugin (packages/claude-plugin; issue 13) in the real Claude Code, on the
 * fake model: every session the built-in `claude` kind opens loads it (`--plugin-dir`), its
 * hooks report the session's state, and its mod takes `lich control`, `lich ask`, the tasks
 * `lich send` hands it, and a `--subagent` worker's answer (spec/mod-control.md; wire.md § 11).
 *
 * The waits are for events: a request reaching the fake model (or its stream cancelled), text on
 * the session's screen, a CLI child exiting. Where only the CLI can tell — whether the mod polls
 * yet, what `lich sessions` shows — `untilLich` asks it again until it says so, within a bound.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ASK_PREAMBLE } from '@lich/core/mod/client';
import { gate, replyScript, type Rule, type Turn } from '../../tools/fake-model/index.mjs';
import { binaryPath } from '../../tools/agents/clients.mjs';
import { ROOT, makeRepo, runLich, type Run, type Session } from '../e2e/harness.js';
import { Tier, clientName, explained, openPolled, row, untilLich } from './tier.js';

/** The plugin as the build ships it, beside the CLI bundle. */
const SHIPPED = join(ROOT, 'packages/cli/dist/claude/lich');

/** The fake model's held answers, by the word after `SLOW-` in the prompt. */
const holds = new Map<string, ReturnType<typeof gate>>();
function hold(word: string): ReturnType<typeof gate> {
  const g = gate();
  holds.set(word, g);
  return g;
}

const WORKER_REPORT = 'Worker report: the three tests pass.';
const FORK_ANSWER = 'Side answer: the session is running the slow task.';

const script: Rule[] = [
  // A turn whose answer streams until the test releases it (or Claude Code cancels it).
  { when: (t: Turn) => /SLOW-(\w+)/.test(t.text) && !t.text.startsWith(ASK_PREAMBLE), then: (t: Turn) => ({ text: 'Working on it, slowly.', hold: holds.get(/SLOW-(\w+)/.exec(t.text)![1]!)?.promise }) },
  // An ask's fork: the question behind the preamble.
  { when: (t: Turn) => t.text.startsWith(ASK_PREAMBLE), then: FORK_ANSWER },
  // A `--subagent` worker's task (WorkerTask: no ticket, no reply command): a final message, no reply.
  { when: (t: Turn) => t.text.includes('which opened this session as its subagent'), then: WORKER_REPORT },
];

/** What {@link script} answers `t` with, if a rule of it matches. */
function scripted(t: Turn) {
  const rule = script.find((r) => (r.when as (t: Turn) => boolean)(t));
  return rule === undefined ? undefined : typeof rule.then === 'function' ? rule.then(t) : rule.then;
}

describe(`lich's Claude Code plugin in ${clientName('claude')}`, () => {
  let tier: Tier;
  beforeAll(async () => {
    tier = await Tier.start('claude', { script: (t) => scripted(t) ?? replyScript({ answer: 'the fake answer' })(t) });
  });
  afterAll(async () => {
    for (const g of holds.values()) g.release();
    await tier?.close();
  });

  it('is loaded into every Claude Code session lich opens, from a copy under the data directory', async () => {
    await explained(tier, async () => {
      const s = await tier.open();
      const screen = await tier.screen(s.id);
      const at = screen.args.indexOf('--plugin-dir');
      expect(at).toBeGreaterThan(-1);
      const dir = screen.args[at + 1]!;
      expect(dir.startsWith(join(tier.backend.home, 'data', 'lich', 'claude-plugin'))).toBe(true);
      expect(screen.args.indexOf('--mcp-config')).toBe(at + 2);
      // Claude Code writes its declarations into the copy, never into the shipped plugin.
      await untilLich(async () => readdirOr(join(dir, '.claude-plugin')), (names) => names.includes('types'), 'the declarations in the copy');
      expect(readdirOr(join(SHIPPED, '.claude-plugin'))).not.toContain('types');
    });
  });

  it('reports busy during a turn and done after it, which lich sessions shows', async () => {
    await explained(tier, async () => {
      const s = await openPolled(tier);
      const g = hold('state');
      const mark = tier.fake.mark();
      expect((await tier.lich(['control', s.id, 'prompt', 'SLOW-state please'])).code).toBe(0);
      await tier.fake.waitForTurn((t) => t.text.includes('SLOW-state'), { after: mark, what: 'the held turn' });
      expect((await row(tier, s.id))?.state).toBe('busy');
      g.release();
      await untilLich(() => row(tier, s.id), (r) => r?.state === 'done', 'done after the turn');
    });
  });

  it('lich control prompt starts a turn the fake model receives, as a prompt of the plugin', async () => {
    await explained(tier, async () => {
      const s = await openPolled(tier);
      const mark = tier.fake.mark();
      const r = await tier.lich(['control', s.label, 'prompt', 'count the commits']);
      expect(r).toMatchObject({ code: 0, stdout: `"${s.label}" started a turn on the prompt.\n` });
      const req = await tier.fake.waitForTurn((t) => t.text.includes('count the commits'), { after: mark, what: 'the prompt' });
      expect(req.turn!.rawTask).toContain('The lich plugin sent a message:');
    });
  });

  it('lich control abort ends a slow streamed answer: the fake model sees the stream cancelled', async () => {
    await explained(tier, async () => {
      const s = await openPolled(tier);
      hold('abort');
      const mark = tier.fake.mark();
      expect((await tier.lich(['control', s.id, 'prompt', 'SLOW-abort please'])).code).toBe(0);
      const slow = await tier.fake.waitForTurn((t) => t.text.includes('SLOW-abort'), { after: mark, what: 'the slow turn' });
      const r = await tier.lich(['control', s.label, 'abort']);
      expect(r).toMatchObject({ code: 0, stdout: `"${s.label}" stopped its turn.\n` });
      await tier.fake.waitFor((q) => q.seq === slow.seq && q.cancelled, { what: 'the slow stream cancelled' });
      // lich ends its turn at the ack: the session reads done (interrupted), and takes the next prompt.
      await untilLich(() => row(tier, s.id), (x) => x?.state === 'done', 'done after the abort');
      expect((await tier.lich(['control', s.id, 'abort'])).stderr).toBe(`lich: "${s.label}" refused the abort: no turn is running\n`);
    });
  });

  it('lich control model and effort show in the next model request, and a bare one drops them', async () => {
    await explained(tier, async () => {
      const s = await openPolled(tier);
      expect(await tier.lich(['control', s.id, 'effort', 'high'])).toMatchObject({ code: 0, stdout: `"${s.label}" runs at high effort from its next request on.\n` });
      let mark = tier.fake.mark();
      await tier.lich(['control', s.id, 'prompt', 'first with effort']);
      let req = await tier.fake.waitForTurn((t) => t.text.includes('first with effort'), { after: mark, what: 'the request with the effort' });
      expect(req.turn!.effort).toBe('high');
      expect(req.turn!.model).toBe('claude-opus-5-5');

      expect(await tier.lich(['control', s.id, 'model', 'claude-sonnet-4-5'])).toMatchObject({ code: 0, stdout: `"${s.label}" uses claude-sonnet-4-5 from its next request on.\n` });
      await untilLich(() => row(tier, s.id), (x) => x?.state === 'done', 'the first turn done');
      mark = tier.fake.mark();
      await tier.lich(['control', s.id, 'prompt', 'second with the model']);
      req = await tier.fake.waitForTurn((t) => t.text.includes('second with the model'), { after: mark, what: 'the request with the model' });
      expect(req.turn!.model).toBe('claude-sonnet-4-5');

      expect((await tier.lich(['control', s.id, 'model'])).stdout).toBe(`"${s.label}" is back on its own model.\n`);
      expect((await tier.lich(['control', s.id, 'effort'])).stdout).toBe(`"${s.label}" is back on its own effort level.\n`);
      expect((await tier.lich(['control', s.id, 'effort', 'extreme'])).code).toBe(1);
      await untilLich(() => row(tier, s.id), (x) => x?.state === 'done', 'the second turn done');
      mark = tier.fake.mark();
      await tier.lich(['control', s.id, 'prompt', 'third on its own']);
      req = await tier.fake.waitForTurn((t) => t.text.includes('third on its own'), { after: mark, what: 'the request on its own' });
      expect(req.turn!.model).toBe('claude-opus-5-5');
      expect(req.turn!.effort).toBe('medium');
    });
  });

  it('lich control command compact runs /compact once the session is idle', async () => {
    await explained(tier, async () => {
      const s = await openPolled(tier);
      await tier.lich(['control', s.id, 'prompt', 'something to compact']);
      await untilLich(() => row(tier, s.id), (x) => x?.state === 'done', 'the turn done');
      const mark = tier.fake.mark();
      const r = await tier.lich(['control', s.id, 'command', 'compact', 'keep the test plan']);
      expect(r).toMatchObject({ code: 0, stdout: `"${s.label}" ran /compact.\n` });
      // Claude Code's compaction is a model request of its own, carrying the instructions.
      await tier.fake.waitFor((q) => q.seq >= mark && JSON.stringify(q.body?.messages ?? '').includes('keep the test plan'), { what: 'the compaction request' });
      await (await tier.screen(s.id)).waitFor('Compacted', 'the compaction on screen');
      expect((await tier.lich(['control', s.id, 'command', 'no-such-command'])).code).toBe(1);
    });
  });

  it('reports the title Claude Code keeps for the session at the next prompt, from its mod (no hook process), and the card takes it', async () => {
    await explained(tier, async () => {
      const s = await openPolled(tier);
      expect(await tier.lich(['control', s.id, 'command', 'rename', 'Fix the login test'])).toMatchObject({ code: 0 });
      await tier.lich(['control', s.id, 'prompt', 'go on with the login test']);
      await untilLich(() => row(tier, s.id), (x) => x?.label === 'Fix the login test', 'the card named after the title');
      // The one UserPromptSubmit line left in hooks.json starts no node in a session whose mod runs.
      const plugin = JSON.parse(readFileSync(join(SHIPPED, 'hooks/hooks.json'), 'utf8')) as { hooks: Record<string, unknown[]> };
      expect(plugin.hooks.UserPromptSubmit).toHaveLength(1);
    });
  });

  it('lich ask is answered from a fork carrying the preamble, while the turn in progress goes on', async () => {
    await explained(tier, async () => {
      const s = await openPolled(tier);
      // A fork needs a finished response to fork from.
      await tier.lich(['control', s.id, 'prompt', 'a first turn']);
      await untilLich(() => row(tier, s.id), (x) => x?.state === 'done', 'the first turn done');
      const g = hold('ask');
      const mark = tier.fake.mark();
      await tier.lich(['control', s.id, 'prompt', 'SLOW-ask now']);
      const slow = await tier.fake.waitForTurn((t) => t.text.includes('SLOW-ask'), { after: mark, what: 'the slow turn' });
      const r = await tier.lich(['ask', s.label, 'what are you working on?']);
      expect(r).toMatchObject({ code: 0, stdout: `${FORK_ANSWER}\n` });
      const fork = await tier.fake.waitForTurn((t) => t.text.startsWith(ASK_PREAMBLE), { after: mark, what: 'the fork' });
      expect(fork.turn!.text).toBe(`${ASK_PREAMBLE}what are you working on?`);
      expect(tier.fake.requests[slow.seq]!.cancelled).toBe(false);
      expect((await row(tier, s.id))?.state).toBe('busy');
      g.release();
      await untilLich(() => row(tier, s.id), (x) => x?.state === 'done', 'the slow turn done');
      expect(tier.fake.requests[slow.seq]!.cancelled).toBe(false);
    });
  });

  it('lich send hands the task to the mod as a prompt, not typed at the terminal, and it is answered', async () => {
    await explained(tier, async () => {
      const s = await openPolled(tier);
      const mark = tier.fake.mark();
      const r = await tier.send(s.label, 'run the tests and report', 120);
      expect(r).toMatchObject({ code: 0, stdout: 'the fake answer\n' });
      const task = await tier.fake.waitForTurn((t) => t.ticket !== null && t.toolResult === null, { after: mark, what: 'the task' });
      // As $.prompt.submit frames it: never the paste a typed task would be.
      expect(task.turn!.rawTask).toContain('The lich plugin sent a message:');
      expect(task.turn!.rawTask).not.toContain('<pasted_content');
      expect((await tier.screen(s.id)).history()).toContain('Prompt from the lich plugin');
    });
  });

  it('answers a --subagent worker that ends its turn without replying through /mod/answer', async () => {
    await explained(tier, async () => {
      const caller = await tier.backend.open(tier.project, 'shell');
      // open holds the line for the hand-off's 20 s (spec/cli.md § lich open, --subagent), which
      // a worker answering in seconds beats; the report comes back in its delivery then.
      const open = await tier.lich(['open', '--subagent', '--json', '--kind', 'claude', '--prompt', 'check the tests and report'], { session: caller.id });
      expect(open.code, open.stderr).toBe(0);
      const opened = JSON.parse(open.stdout) as Session & { delivery?: { ticket: string; status: string; answer: string } };
      const worker = await tier.fake.waitForTurn((t) => t.text.includes('which opened this session as its subagent'), { what: 'the worker task' });
      expect(worker.turn!.ticket).toBeNull();
      expect(worker.turn!.rawTask).toContain('The lich plugin sent a message:');
      const delivery =
        opened.delivery!.status === 'pending'
          ? (JSON.parse((await tier.lich(['wait', '--json', '--timeout', '120', opened.delivery!.ticket], { session: caller.id })).stdout) as { status: string; answer: string })
          : opened.delivery!;
      expect(delivery).toMatchObject({ status: 'answered', answer: WORKER_REPORT });
      // It never replied: no reply tool call, no lich reply in a shell.
      expect(tier.fake.requests.some((q) => q.seq > worker.seq && q.turn?.toolResult !== null && q.turn?.toolResult !== undefined && String(q.turn.toolResult.name).includes('reply'))).toBe(false);
    });
  });
});

describe(`a Claude Code ${clientName('claude').split(' ').pop()} session on its folder-trust dialog`, () => {
  let tier: Tier;
  let untrusted: string;
  beforeAll(async () => {
    // The tier's wrapper would trust every folder a session starts in; this one must meet the dialog.
    tier = await Tier.start('claude', { script, trustStarts: false });
    untrusted = makeRepo(tier.backend.home, 'untrusted');
  });
  afterAll(async () => tier?.close());

  it('is sent a task that ends unread (exit 3) within two receipt windows, not at the ticket expiry', async () => {
    await explained(tier, async () => {
      const s = await tier.backend.open(untrusted, 'claude');
      const screen = await tier.screen(s.id);
      await screen.waitFor('Is this a project you created or one you trust?', 'the trust dialog');
      const r = await tier.send(s.label, 'run the tests', 120, {});
      expect(r.code).toBe(3);
      expect(r.stdout).toContain('never picked the task up');
      // Nothing was typed there: an Enter would have answered its preselected "No, exit" and ended it.
      expect(screen.exit).toBeNull();
      expect(screen.text()).toContain('Yes, I trust this folder');
    });
  });
});

describe('the shipped plugin', () => {
  it('passes claude plugin validate, plugin and marketplace, with the hooks module scanned', async () => {
    const home = mkdtempSync(join(tmpdir(), 'lich-validate-'));
    try {
      const plugin = await claude(['plugin', 'validate', SHIPPED], home);
      expect(plugin.code, plugin.stdout + plugin.stderr).toBe(0);
      expect(plugin.stdout).toContain('✔ Validation passed');
      expect(plugin.stdout).toContain('./lich.js hooks: session.start, turn.start, classic.UserPromptSubmit, turn.complete, turn.step, session.measure, classic.Stop');
      const market = await claude(['plugin', 'validate', join(SHIPPED, '..')], home);
      expect(market.code, market.stdout + market.stderr).toBe(0);
      expect(market.stdout).toContain('✔ Validation passed');
    } finally {
      rmSync(home, { recursive: true, force: true });
    }
  });

  it('is what lich doctor finds the real Claude Code would load', async () => {
    const home = mkdtempSync(join(tmpdir(), 'lich-doctor-claude-'));
    try {
      const r = await runLich(['doctor'], {
        env: { HOME: home, XDG_CONFIG_HOME: join(home, 'config'), XDG_DATA_HOME: join(home, 'data'), LICH_LISTEN_PORT: '0', PATH: `${dirname(binaryPath('claude'))}:${process.env.PATH ?? ''}` },
      });
      const row = r.stdout.split('\n').find((l) => /^ {2}\S+ +claude /.test(l));
      const version = (JSON.parse(readFileSync(join(SHIPPED, '.claude-plugin/plugin.json'), 'utf8')) as { version: string }).version;
      expect(row, r.stdout).toMatch(new RegExp(`^  ok    claude +(<1ms|\\d+ms)  Claude Code 2\\.1\\.328 loads lich’s plugin ${version.replace(/\./g, '\\.')} \\(${SHIPPED.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\)$`));
    } finally {
      rmSync(home, { recursive: true, force: true });
    }
  });

  it('type-checks against the declarations Claude Code writes for it, which the vendored copy matches', async () => {
    const tier = await Tier.start('claude', { script });
    try {
      await explained(tier, async () => {
        const s = await tier.open();
        const screen = await tier.screen(s.id);
        const dir = screen.args[screen.args.indexOf('--plugin-dir') + 1]!;
        const written = join(dir, '.claude-plugin/types/claude-code/index.d.ts');
        const tools = join(dir, '.claude-plugin/types/claude-code-tools/index.d.ts');
        // Claude Code writes its declaration files one after the other, each taking a moment:
        // both are read once they are there and no longer growing.
        const fresh = await writtenWhole(written, 'the declarations Claude Code writes');
        const freshTools = await writtenWhole(tools, 'the tools declarations Claude Code writes');
        expect(fresh.split('\n', 1)[0]).toBe(`// Written by Claude Code ${clientName('claude').split(' ').pop()}.`);
        expect(vendoredDeclarations('claude-code'), 'packages/claude-plugin/types/claude-code/index.d.ts is not what this Claude Code writes: regenerate it').toBe(fresh);
        // Its built-in tools' arguments and results (Agent, TaskStop, Edit, Skill), which the mod's hooks are typed by.
        expect(vendoredDeclarations('claude-code-tools'), 'packages/claude-plugin/types/claude-code-tools/index.d.ts is not what this Claude Code writes: regenerate it').toBe(freshTools);
        const tsc = await typecheckModule([written, tools]);
        expect(tsc.code, tsc.stdout + tsc.stderr).toBe(0);
      });
    } finally {
      await tier.close();
    }
  });
});

/** Runs the cached real `claude` with `args` in an empty HOME, offline. */
function claude(args: string[], home: string): Promise<Run> {
  return new Promise((resolve) => {
    execFile(
      binaryPath('claude'),
      args,
      { env: { PATH: process.env.PATH ?? '', HOME: home, DISABLE_AUTOUPDATER: '1', DISABLE_TELEMETRY: '1', CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: '1' }, timeout: 60_000 },
      (err, stdout, stderr) => resolve({ code: err ? (typeof err.code === 'number' ? err.code : 1) : 0, stdout, stderr }),
    );
  });
}

/** The vendored declarations without the header the vendoring adds (packages/claude-plugin/tools/claude-types.mjs). */
/** The vendored declarations of `folder` without the header the vendoring adds (packages/claude-plugin/tools/claude-types.mjs). */
function vendoredDeclarations(folder: 'claude-code' | 'claude-code-tools'): string {
  return readFileSync(join(ROOT, 'packages/claude-plugin/types', folder, 'index.d.ts'), 'utf8').replace(/^(\/\/ lich: .*\n)+/, '');
}

/** tsc over the hooks module (packages/claude-plugin/tsconfig.json) with `declarations` in place of the vendored copies. */
function typecheckModule(declarations: string[]): Promise<Run> {
  const dir = mkdtempSync(join(tmpdir(), 'lich-modtypes-'));
  const config = join(dir, 'tsconfig.json');
  const base = JSON.parse(readFileSync(join(ROOT, 'packages/claude-plugin/tsconfig.json'), 'utf8')) as { compilerOptions: object; include: string[] };
  writeFileSync(
    config,
    JSON.stringify({
      compilerOptions: { ...base.compilerOptions, baseUrl: ROOT },
      include: [...declarations, ...base.include.filter((p) => !p.startsWith('types/')).map((p) => join(ROOT, 'packages/claude-plugin', p))],
    }),
  );
  return new Promise((resolve) => {
    execFile(process.execPath, [join(ROOT, 'node_modules/typescript/bin/tsc'), '-p', config], { timeout: 120_000 }, (err, stdout, stderr) => {
      rmSync(dir, { recursive: true, force: true });
      resolve({ code: err ? (typeof err.code === 'number' ? err.code : 1) : 0, stdout, stderr });
    });
  });
}

/** The text of `path` once it exists and two looks 250 ms apart read the same: a file written whole. */
async function writtenWhole(path: string, what: string): Promise<string> {
  let last = '';
  const read = async () => {
    let now = '';
    try {
      now = readFileSync(path, 'utf8');
    } catch {
      // Not there yet.
    }
    const whole = now !== '' && now === last;
    last = now;
    return whole ? now : '';
  };
  return untilLich(read, (text) => text !== '', what);
}

function readdirOr(dir: string): string[] {
  try {
    return readdirSync(dir);
  } catch {
    return [];
  }
}
