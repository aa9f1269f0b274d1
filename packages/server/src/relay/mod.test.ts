/**
 * The relay's mod route, against the real mod hub (mod/hub.ts) and an in-process mod that polls
 * it the way lich-plugin's does: a message for a session whose mod polls goes in as a `prompt`
 * command (wire.md § 8.2 "Mod route", § 9 "mod ack wait", § 11.2; spec/cli.md § lich send), a
 * subagent worker's mod is handed WorkerTask and answers through POST /mod/answer (§ 8.1, § 11.3;
 * spec/cli.md § lich open, --subagent), a report or a blocked notice reaches a caller whose mod
 * polls as a notification (§ 8.4; spec/cli.md § The answer is announced, and collected), GET
 * /mod/status (§ 6, § 7.1), and an ok abort ending the open turn as `interrupted` (§ 11.2).
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ModCommand } from '@lich/generated/types';
import { ModHub } from '../mod/hub.js';
import { nudgeText, workerTaskText } from './compose.js';
import { FakeHost, type FakeSession, reporter, tick, ticketIn } from './fake-host.js';
import { pluginAtLeast } from './mod-route.js';
import { Relay, type Result } from './relay.js';

let host: FakeHost;
let hub: ModHub;
let relay: Relay;
let planner: FakeSession;
let docs: FakeSession;
let worker: FakeSession;
let parked: string[];
const mods: FakeMod[] = [];

/**
 * A session's mod: polls the hub in a loop, records every command, and acks prompts the way
 * lich-plugin does once their turn started (unless told to stay silent or to fail).
 */
class FakeMod {
  readonly commands: ModCommand[] = [];
  ack: 'ok' | 'fail' | 'none' = 'ok';
  private readonly ctl = new AbortController();
  private stopped = false;

  constructor(
    readonly session: FakeSession,
    readonly plugin = '0.17.0',
  ) {
    mods.push(this);
    void this.loop();
  }

  private async loop(): Promise<void> {
    while (!this.stopped) {
      const got = await hub.poll(this.session.id, this.plugin, this.ctl.signal);
      for (const c of got) {
        this.commands.push(c);
        if (c.kind === 'prompt' && this.ack !== 'none') {
          hub.ack({ session_id: this.session.id, id: c.id, kind: c.kind, ok: this.ack === 'ok', ...(this.ack === 'fail' ? { error: 'busy' } : {}) });
        }
      }
    }
  }

  /** Stops polling (a frozen Claude Code, a reloading mod): the hub still counts it attached for 30 s. */
  stop(): void {
    this.stopped = true;
    this.ctl.abort();
  }

  prompts(): Extract<ModCommand, { kind: 'prompt' }>[] {
    return this.commands.filter((c): c is Extract<ModCommand, { kind: 'prompt' }> => c.kind === 'prompt');
  }
}

beforeEach(() => {
  vi.useFakeTimers();
  host = new FakeHost();
  planner = host.add({ id: 'p1a2', label: 'planner', reportsState: true });
  docs = host.add({ id: 'd0c5', label: 'docs', reportsState: true, hasTools: true });
  worker = host.add({ id: 'w0rk', label: 'Session 2', reportsState: true });
  parked = [];
  hub = new ModHub();
  relay = new Relay(host, {}, {
    mod: hub,
    park: (id) => {
      parked.push(id);
      host.exit(id);
      return Promise.resolve();
    },
  });
});

afterEach(() => {
  for (const m of mods.splice(0)) m.stop();
  relay.close();
  hub.close();
  vi.useRealTimers();
});

const report = reporter(() => relay);

function send(o: { from?: string; target?: string; timeoutSeconds?: number; private?: boolean; subagent?: boolean } = {}): Promise<Result> {
  const opts = { from: o.from ?? planner.id, target: o.target ?? 'docs', project: '', prompt: 'run the tests', timeoutSeconds: o.timeoutSeconds ?? 1 };
  const r = o.subagent ? relay.sendSubagent(opts) : relay.send(opts, { private: o.private });
  r.catch(() => undefined);
  return r;
}

describe('a message for a session whose mod polls', () => {
  it('goes to the mod as a prompt command carrying the composed message, and is never typed', async () => {
    const mod = new FakeMod(docs);
    const result = send({ timeoutSeconds: 30 });
    await tick();
    expect(mod.prompts()).toHaveLength(1);
    const cmd = mod.prompts()[0]!;
    expect(cmd).toEqual({ id: cmd.id, kind: 'prompt', text: cmd.text });
    expect(cmd.id).toMatch(/^m\d+$/);
    const ticket = ticketIn(cmd.text);
    expect(cmd.text.startsWith('[lich] Message from session "planner", not from your own prompt.\n\nrun the tests\n\n')).toBe(true);
    relay.reply({ from: docs.id, ticket, answer: 'green' });
    expect(await result).toEqual({ ticket, target: 'docs', status: 'answered', answer: 'green' });
    await tick(60_000);
    expect(host.typed).toEqual([]);
  });

  it('does not wait for a free prompt: the user\'s draft is left alone', async () => {
    docs.ready = false;
    const mod = new FakeMod(docs);
    void send();
    await tick();
    expect(mod.prompts()).toHaveLength(1);
    expect(host.typed).toEqual([]);
  });

  it('is withdrawn and typed as usual when no poll collects it within 10 seconds', async () => {
    const mod = new FakeMod(docs);
    await tick();
    mod.stop();
    await tick();
    void send({ timeoutSeconds: 30 });
    await tick(9_999);
    expect(host.typed).toEqual([]);
    await tick(1);
    expect(host.typedAt(docs.id)).toHaveLength(1);
    report(docs, 'busy');
    // Withdrawn means nothing runs later: a poll from a mod that comes back finds nothing.
    const back = new FakeMod(docs);
    await tick(30_000);
    expect(back.commands).toEqual([]);
    expect(host.typedAt(docs.id)).toHaveLength(1);
  });

  it('goes in once a queued target\'s mod starts polling, rather than being typed at its terminal', async () => {
    docs.ready = false;
    void send({ timeoutSeconds: 30 });
    await tick(1_000);
    const mod = new FakeMod(docs);
    await tick(500);
    expect(mod.prompts()).toHaveLength(1);
    docs.ready = true;
    await tick(5_000);
    expect(host.typed).toEqual([]);
  });

  it('counts the mod\'s ok ack as the turn starting, so the turn\'s end lands it unanswered', async () => {
    new FakeMod(docs);
    const result = send({ timeoutSeconds: 60 });
    await tick();
    report(docs, 'done');
    expect((await result).status).toBe('unanswered');
  });

  it('is never read when the mod collected it and no turn started within the receipt windows, and it is not typed', async () => {
    const mod = new FakeMod(docs);
    mod.ack = 'none';
    const result = send({ timeoutSeconds: 120 });
    await tick(29_999);
    await tick(1);
    expect((await result).status).toBe('unread');
    expect(host.typed).toEqual([]);
  });

  it('is never read at once when the mod acks it as failed', async () => {
    const mod = new FakeMod(docs);
    mod.ack = 'fail';
    const result = send({ timeoutSeconds: 120 });
    await tick();
    expect((await result).status).toBe('unread');
  });

  it('leaves the turn already running alone: a prompt collected while busy is read by the turn after it', async () => {
    const mod = new FakeMod(docs);
    mod.ack = 'none';
    report(docs, 'busy');
    void send({ timeoutSeconds: 1 });
    await tick(1_000);
    const ticket = ticketIn(mod.prompts()[0]!.text);
    report(docs, 'done'); // the turn that was running at delivery
    await tick(60_000); // and no receipt is expected of a prompt that waits for it
    expect(relay.status(planner.id).open).toEqual([{ ticket, target: 'docs', state: 'done' }]);
    report(docs, 'busy');
    report(docs, 'done');
    expect(await relay.wait({ ticket, timeoutSeconds: 1 })).toMatchObject({ ticket, status: 'unanswered' });
  });
});

describe('a subagent worker\'s mod', () => {
  it('is handed WorkerTask under the caller\'s name, with no ticket, and its report answers the errand', async () => {
    const mod = new FakeMod(worker, '0.17.0');
    const result = send({ target: worker.label, subagent: true, timeoutSeconds: 60 });
    await tick();
    expect(mod.prompts().map((c) => c.text)).toEqual([workerTaskText('planner', 'run the tests')]);
    expect(mod.prompts()[0]!.text).toBe(
      '[lich] Task from session "planner", which opened this session as its subagent. Your final message when you finish is sent back to it as your report.\n\nrun the tests',
    );
    report(worker, 'busy');
    expect(relay.answerFromMod(worker.id, 'all green')).toBe(true);
    expect(await result).toMatchObject({ target: 'Session 2', status: 'answered', answer: 'all green' });
  });

  it('does not end the errand at a turn end with no report: the turn that hands work to the background is not the answer', async () => {
    new FakeMod(worker, '0.18.1');
    const result = send({ target: worker.label, subagent: true, timeoutSeconds: 60 });
    await tick();
    report(worker, 'busy');
    report(worker, 'done');
    await tick(5_000);
    report(worker, 'busy');
    relay.answerFromMod(worker.id, 'done at last');
    expect(await result).toMatchObject({ status: 'answered', answer: 'done at last' });
  });

  it('ends the errand unanswered when the worker’s mod says its turn ended with nothing to report, and the card stays open', async () => {
    new FakeMod(worker, '0.20.0');
    const result = send({ target: worker.label, subagent: true, timeoutSeconds: 60 });
    await tick();
    report(worker, 'busy');
    expect(relay.unansweredFromMod(worker.id)).toBe(true);
    expect(await result).toMatchObject({ target: 'Session 2', status: 'unanswered', answer: '' });
    expect(relay.unansweredFromMod(worker.id), 'nothing is left open to end').toBe(false);
    expect(relay.answerFromMod(worker.id, 'too late'), 'nor to answer').toBe(false);
  });

  it('is waited for when fresh: a task sent as its session\'s plugin reports the start goes to its first poll as WorkerTask, never typed with a ticket', async () => {
    // A Claude Code worker lich just started with its plugin: ready from the SessionStart hook's
    // report, its hooks module (the mod) polling only a moment later (real-agents.md § 3.6).
    worker.startReportedAt = Date.now();
    const result = send({ target: worker.label, subagent: true, timeoutSeconds: 60 });
    await tick(1_000);
    expect(host.typed).toEqual([]);
    const mod = new FakeMod(worker, '0.17.0');
    await tick(300);
    expect(mod.prompts().map((c) => c.text)).toEqual([workerTaskText('planner', 'run the tests')]);
    report(worker, 'busy');
    expect(relay.answerFromMod(worker.id, 'all green')).toBe(true);
    expect(await result).toMatchObject({ status: 'answered', answer: 'all green' });
    expect(host.typed).toEqual([]);
  });

  it('is not waited for past two seconds after the start report: a session whose mod never polls is typed at', async () => {
    worker.startReportedAt = Date.now();
    void send({ target: worker.label, subagent: true, timeoutSeconds: 60 });
    await tick(1_500);
    expect(host.typed).toEqual([]);
    await tick(1_000);
    expect(host.typed.map((t) => t.id)).toEqual([worker.id]);
    expect(ticketIn(host.typed[0]!.text)).toBeDefined();
  });

  it('gets the ticketed message under a plugin older than 0.17.0, and answers through the ticket', async () => {
    const mod = new FakeMod(worker, '0.16.9');
    const result = send({ target: worker.label, subagent: true, timeoutSeconds: 60 });
    await tick();
    const ticket = ticketIn(mod.prompts()[0]!.text);
    relay.reply({ from: worker.id, ticket, answer: 'via reply' });
    expect(await result).toMatchObject({ ticket, status: 'answered', answer: 'via reply' });
  });

  it('answers once when the worker also calls reply: the first answer wins', async () => {
    new FakeMod(worker);
    const result = send({ target: worker.label, subagent: true, timeoutSeconds: 60 });
    await tick();
    relay.reply({ from: worker.id, ticket: '', answer: 'first' });
    expect(relay.answerFromMod(worker.id, 'second')).toBe(false);
    expect(await result).toMatchObject({ status: 'answered', answer: 'first' });
  });

  it('is ignored with no open subagent errand, with an ordinary errand only, and with two open', async () => {
    expect(relay.answerFromMod(worker.id, 'nobody asked')).toBe(false);
    new FakeMod(worker);
    const plain = send({ target: worker.label, timeoutSeconds: 60 });
    await tick();
    expect(relay.answerFromMod(worker.id, 'not a subagent errand')).toBe(false);
    void send({ target: worker.label, subagent: true });
    void send({ from: docs.id, target: worker.label, subagent: true });
    await tick();
    expect(relay.answerFromMod(worker.id, 'which one?')).toBe(false);
    relay.close();
    expect((await plain).status).toBe('pending');
  });

  it('is ignored while the worker still waits on an errand of its own, and answers once that is back', async () => {
    new FakeMod(worker);
    const result = send({ target: worker.label, subagent: true, timeoutSeconds: 120 });
    await tick();
    const own = send({ from: worker.id, target: 'docs', timeoutSeconds: 1 });
    await tick(1_000);
    expect((await own).status).toBe('pending');
    report(worker, 'busy');
    expect(relay.answerFromMod(worker.id, 'too early')).toBe(false);
    relay.reply({ from: docs.id, ticket: (await own).ticket, answer: 'sub-result' });
    relay.collectNow({ from: worker.id });
    expect(relay.answerFromMod(worker.id, 'with the sub-result')).toBe(true);
    expect(await result).toMatchObject({ status: 'answered', answer: 'with the sub-result' });
  });

  it('parks a worker in its caller\'s checkout whose report came after its turn ended', async () => {
    new FakeMod(worker);
    void send({ target: worker.label, subagent: true });
    await tick();
    report(worker, 'busy');
    report(worker, 'done');
    relay.answerFromMod(worker.id, 'report');
    await tick();
    expect(parked).toEqual([worker.id]);
  });
});

describe('a report for a caller whose mod polls', () => {
  /** The worker answers with nobody holding the line; returns the ticket. */
  async function answeredWithNobodyWaiting(): Promise<string> {
    new FakeMod(worker, '0.16.0'); // ticketed: the reply names the ticket
    const r = send({ target: worker.label, subagent: true, timeoutSeconds: 1 });
    await tick(1_000);
    const { ticket } = await r;
    relay.reply({ from: worker.id, ticket, answer: 'If a < b && c > d, see </result>.' });
    return ticket;
  }

  it('reaches it whole as a completed notification, and leaves the inbox while the ticket still returns it', async () => {
    const callerMod = new FakeMod(planner);
    worker.branch = 'feature/x';
    const ticket = await answeredWithNobodyWaiting();
    await tick(2_000);
    expect(callerMod.prompts()).toEqual([
      {
        id: callerMod.prompts()[0]!.id,
        kind: 'prompt',
        text: `[lich] Session "Session 2" on branch feature/x finished the task you handed it (ticket ${ticket}). Its report:\n\nIf a < b && c > d, see </result>.`,
        notification: { status: 'completed', summary: 'lich session "Session 2" finished' },
      },
    ]);
    await tick(30_000);
    expect(host.typedAt(planner.id)).toEqual([]);
    expect(relay.collectNow({ from: planner.id })).toEqual({ results: [], open: [] });
    expect(await relay.wait({ ticket, timeoutSeconds: 1 })).toMatchObject({ ticket, status: 'answered' });
  });

  it('carries the nudge for anything else waiting beside it', async () => {
    const callerMod = new FakeMod(planner);
    new FakeMod(docs);
    const plain = send({ target: 'docs', timeoutSeconds: 1 });
    await tick(1_000);
    relay.reply({ from: docs.id, ticket: (await plain).ticket, answer: 'docs done' });
    await answeredWithNobodyWaiting();
    await tick(2_000);
    const text = callerMod.prompts()[0]!.text;
    expect(text.endsWith(`\n\n${nudgeText(['docs'], false)}`)).toBe(true);
    expect(relay.collectNow({ from: planner.id }).results.map((r) => r.target)).toEqual(['docs']);
  });

  it('is announced by the typed nudge instead when no poll collects the note', async () => {
    const callerMod = new FakeMod(planner);
    await tick();
    callerMod.stop();
    const ticket = await answeredWithNobodyWaiting();
    await tick(2_000);
    expect(host.typedAt(planner.id)).toEqual([]);
    await tick(10_000);
    expect(host.typedAt(planner.id)).toEqual([nudgeText(['Session 2'], false)]);
    expect(relay.collectNow({ from: planner.id }).results.map((r) => r.ticket)).toEqual([ticket]);
  });

  it('is not delivered again when it was collected before its note went out', async () => {
    const callerMod = new FakeMod(planner);
    await tick();
    callerMod.stop();
    const ticket = await answeredWithNobodyWaiting();
    await tick(2_000); // the note is queued for the mod, and nobody has taken it
    expect(relay.collectNow({ from: planner.id }).results.map((r) => r.ticket)).toEqual([ticket]);
    const back = new FakeMod(planner);
    await tick(30_000);
    expect(back.commands).toEqual([]);
    expect(host.typedAt(planner.id)).toEqual([]);
  });

  it('is typed as the short nudge, never whole, to a caller with no mod', async () => {
    await answeredWithNobodyWaiting();
    await tick(2_000);
    expect(host.typedAt(planner.id)).toEqual([nudgeText(['Session 2'], false)]);
  });
});

describe('a worker blocked on a permission prompt', () => {
  async function working(): Promise<void> {
    void send({ target: worker.label, subagent: true });
    await tick();
    report(worker, 'busy');
  }

  it('tells a caller whose mod polls once per block, as a waiting notification', async () => {
    const callerMod = new FakeMod(planner);
    await working();
    report(worker, 'waiting');
    report(worker, 'waiting');
    await tick();
    expect(callerMod.prompts().map(({ text, notification }) => ({ text, notification }))).toEqual([
      {
        text: '[lich] Session "Session 2", the subagent you opened, is waiting on a permission prompt in its card. Its task stays open: open that card to answer it.',
        notification: { status: 'waiting', summary: 'lich session "Session 2" is waiting on a permission prompt' },
      },
    ]);
    report(worker, 'busy');
    report(worker, 'waiting');
    await tick();
    expect(callerMod.prompts()).toHaveLength(2);
    expect(host.typedAt(planner.id)).toEqual([]);
  });

  it('types the notice at a caller with no mod, once it is at a prompt', async () => {
    await working();
    report(worker, 'waiting');
    await tick(1_000);
    expect(host.typedAt(planner.id)).toEqual([
      '[lich] Session "Session 2", the subagent you opened, is waiting on a permission prompt in its card. Its task stays open: open that card to answer it.',
    ]);
  });

  it('says nothing for a permission prompt outside a turn, or at a session nobody opened as a subagent', async () => {
    void send({ target: worker.label, subagent: true });
    await tick();
    report(worker, 'waiting');
    report(docs, 'busy');
    void send({ target: 'docs' });
    await tick();
    report(docs, 'waiting');
    await tick(1_000);
    expect(host.typedAt(planner.id)).toEqual([]);
  });
});

describe('relay.status', () => {
  it('lists what a session owes, has open and has ready, leaving private tickets out of open and ready', async () => {
    new FakeMod(docs);
    const owedToPlanner = send({ from: docs.id, target: 'planner', timeoutSeconds: 1 });
    const shared = send({ target: 'docs', timeoutSeconds: 1 });
    void send({ target: 'docs', private: true, timeoutSeconds: 1 });
    await tick(1_000);
    worker.ready = false;
    const queued = send({ target: worker.label, timeoutSeconds: 1 });
    await tick(1_000);
    report(docs, 'busy');
    const done = send({ target: 'docs', timeoutSeconds: 1 });
    await tick(1_000);
    relay.reply({ from: docs.id, ticket: (await done).ticket, answer: 'ok' });

    const s = relay.status(planner.id);
    expect(s.owed).toEqual([{ ticket: (await owedToPlanner).ticket, from: 'docs', asked: 'run the tests' }]);
    expect(s.open).toEqual([
      { ticket: (await shared).ticket, target: 'docs', state: 'busy' },
      { ticket: (await queued).ticket, target: 'Session 2', state: 'queued' },
    ]);
    expect(s.ready).toEqual([{ ticket: (await done).ticket, target: 'docs', status: 'answered' }]);
    // The private errand is owed all the same: the worker has to answer it.
    expect(relay.status(docs.id).owed.map((o) => o.from)).toEqual(['planner', 'planner']);
    expect(relay.status('nobody')).toEqual({ owed: [], open: [], ready: [] });
  });
});

describe('an interrupted turn (an ok abort ack)', () => {
  it('ends the open turn: the errand whose turn it was lands unanswered, and the peer shows done', async () => {
    const result = send({ target: 'docs', timeoutSeconds: 60 });
    await tick();
    report(docs, 'busy');
    report(docs, 'interrupted');
    expect((await result).status).toBe('unanswered');
    expect(relay.peers({ from: planner.id }).find((p) => p.id === docs.id)?.state).toBe('done');
  });

  it('does not park a worker that answered in the turn that was stopped', async () => {
    const r = send({ target: worker.label, subagent: true, timeoutSeconds: 1 });
    await tick(1_000);
    report(worker, 'busy');
    relay.reply({ from: worker.id, ticket: (await r).ticket, answer: 'report' });
    report(worker, 'interrupted');
    report(worker, 'busy');
    report(worker, 'done');
    await tick();
    expect(parked).toEqual([]);
  });
});

describe('pluginAtLeast', () => {
  it('compares bare versions numerically and counts anything unreadable as older than everything', () => {
    expect(pluginAtLeast('0.17.0', '0.17.0')).toBe(true);
    expect(pluginAtLeast('0.17.10', '0.17.9')).toBe(true);
    expect(pluginAtLeast('1.0.0', '0.17.0')).toBe(true);
    expect(pluginAtLeast('0.9.9', '0.15.0')).toBe(false);
    expect(pluginAtLeast('0.16.99', '0.17.0')).toBe(false);
    expect(pluginAtLeast('', '0.15.0')).toBe(false);
    expect(pluginAtLeast('dev', '0.15.0')).toBe(false);
  });
});
