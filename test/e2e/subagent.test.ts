// `lich open --subagent`, end to end (spec/cli.md § lich open, --subagent; § The answer is
// announced, and collected; wire.md § 5.3, § 9): an example-agent session runs
// `"$LICH_BIN" open --subagent …` from its own shell, as an agent would; the worker opens in
// the caller's checkout, filed with it, answers through its ticket after the hand-off's 20 s
// wait has run out, the caller is nudged and collects the report, and the worker parks itself.
// Every client-side refusal is one exact line, exit 1, with nothing opened.

import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Store } from '../../packages/server/src/store/store.js';
import { Backend, exampleProvider, until, type Run, type Session } from './harness.js';

let b: Backend;
let project: string;
let caller: Session;
let store: Store;

beforeAll(async () => {
  b = await Backend.start({ providers: ({ log }) => ({ example: exampleProvider(log) }) });
  project = join(b.home, 'subagent-project');
  mkdirSync(project);
  caller = await b.open(project, 'example');
  await b.log.ready(caller.id);
  store = new Store(join(b.home, 'data', 'lich', 'lich.db'));
});

afterAll(async () => {
  store?.close();
  if (!b) return;
  const violations = b.violations;
  await b.close();
  expect(violations).toEqual([]);
});

async function rosterIds(): Promise<string[]> {
  return (JSON.parse((await b.lich(['sessions', '--json'])).stdout) as Session[]).map((s) => s.id).sort();
}

describe('a worker opened by a session', () => {
  it('opens beside the caller, reports back whole through the caller\'s inbox, and parks itself', async () => {
    // The worker takes longer than the hand-off's fixed 20 s wait, so the report finds nobody
    // holding the line and goes to the caller's inbox.
    const task = `"$LICH_BIN" open --subagent --kind example --prompt 'sleep 23; echo subagent-report' --json`;
    const r = await b.lich(['send', '--timeout', '90', caller.label, task], { timeoutMs: 120_000 });
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    const opened = JSON.parse(r.stdout) as Session & { delivery: { ticket: string; target: string; status: string; answer: string } };
    expect(opened).toMatchObject({
      project: caller.project,
      label: 'Session 2',
      kind: 'example',
      path: project,
      originSessionId: caller.id,
      originLabel: caller.label,
      folder: caller.label,
      run: true,
    });
    expect(opened.delivery).toEqual({ ticket: opened.delivery.ticket, target: 'Session 2', status: 'pending', answer: '' });
    const ticket = opened.delivery.ticket;

    // Opened in the caller's checkout, one level down, filed with the caller in a folder named after it.
    const start = await b.log.waitFor(opened.id, (e) => e.event === 'start', 'the worker starting');
    expect(start.cwd).toBe(project);
    expect(store.session(opened.id)).toMatchObject({ subagentDepth: 1, folder: caller.label, originSessionId: caller.id });
    expect(store.session(caller.id)).toMatchObject({ subagentDepth: 0, folder: caller.label });

    // The worker is handed the ticket under the caller's name and answers through it.
    const handed = await b.log.waitFor(opened.id, (e) => e.event === 'task', 'the worker receiving its task');
    expect(handed).toMatchObject({ origin: caller.label, ticket, prompt: 'sleep 23; echo subagent-report' });
    await b.log.waitFor(opened.id, (e) => e.event === 'reply' && e.code === 0, 'the worker replying', 40_000);

    // Nobody held the line: the caller is nudged and collects the whole report.
    const collected = await b.log.waitFor(caller.id, (e) => e.event === 'collect', 'the caller collecting', 20_000);
    expect(collected.stdout).toBe(`Answer from "Session 2" (ticket ${ticket}):\nsubagent-report\n`);
    const nudge = b.log.entries(caller.id).find((e) => e.event === 'received' && e.kind === 'nudge');
    expect(nudge?.text).toBe('[lich] The task you sent "Session 2" has its result ready. To collect everything at once, run:\n  "$LICH_BIN" wait');

    // It ran in the caller's checkout, so once its turn ended it parked itself, as lich close does.
    await until(() => store.session(opened.id)?.parked === true, 'the worker parking itself', 15_000);
    expect(await rosterIds()).not.toContain(opened.id);
    expect(store.session(caller.id)!.parked).toBe(false);
  }, 150_000);
});

describe('the refusals of --subagent', () => {
  /** Exit 1, nothing on stdout, one exact `lich: …` line, and no session opened. */
  async function refusedBeforeOpening(args: string[], line: string, session: string | null = caller.id): Promise<void> {
    const rows = store.sessions().length;
    const roster = await rosterIds();
    const r: Run = await b.lich(['open', ...args], session === null ? {} : { session });
    expect(r.stdout).toBe('');
    expect(r.stderr).toBe(`lich: ${line}\n`);
    expect(r.code).toBe(1);
    expect(store.sessions().length).toBe(rows);
    expect(await rosterIds()).toEqual(roster);
  }

  it('refuses outside a lich session', async () => {
    await refusedBeforeOpening(
      ['--subagent', '--kind', 'example', '--prompt', 'p'],
      '--subagent opens a worker for the session asking for it, and this is not running in a lich session (LICH_SESSION_ID is unset): drop --subagent, or run it from inside one',
      null,
    );
  });

  it('refuses without a prompt', async () => {
    await refusedBeforeOpening(['--subagent', '--kind', 'example'], '--subagent hands the worker its task with --prompt: add a prompt');
  });

  it('refuses a project', async () => {
    await refusedBeforeOpening(
      ['--subagent', '--project', project, '--prompt', 'p'],
      "--subagent opens in the asking session's project: drop --project",
    );
  });

  it('refuses a folder', async () => {
    await refusedBeforeOpening(
      ['--subagent', '--folder', 'Workers', '--prompt', 'p'],
      '--subagent files the worker under a folder named after the asking session: drop --folder',
    );
  });

  it('refuses private', async () => {
    await refusedBeforeOpening(
      ['--subagent', '--private', '--prompt', 'p'],
      '--subagent hands its report back to the asking session, which --private keeps from it: drop one of the two',
    );
  });
});
