/**
 * A task for a session that looks at its prompt while its plugin has not reported its start
 * (`RelayHost.unheard`): a Claude Code session lich started with its plugin, sitting on its
 * folder-trust dialog, where anything typed answers the dialog's preselected "No, exit" and ends
 * the session (real-agents.md § 3.1; measured on Claude Code 2.1.328: no hook, module or MCP
 * server runs before the dialog is answered). Nothing is typed there; the task ends `unread`
 * two receipt windows after it would have been typed (spec/cli.md § lich send, Never read;
 * § Known ceilings: "the wait ends in half a minute"). A slow start still gets it: through the
 * mod, which polls once the session is past the dialog, or typed once its start is reported.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ModHub } from '../mod/hub.js';
import { FakeHost, type FakeSession, tick, ticketIn } from './fake-host.js';
import { Relay, type Result } from './relay.js';

let host: FakeHost;
let hub: ModHub;
let relay: Relay;
let planner: FakeSession;
let claude: FakeSession;
const polls: AbortController[] = [];

beforeEach(() => {
  vi.useFakeTimers();
  host = new FakeHost();
  planner = host.add({ id: 'p1a2', label: 'planner', reportsState: true });
  // Live, quiet, bracketed paste on — and its plugin silent: never `ready` while `unheard`.
  claude = host.add({ id: 'c1a0', label: 'claude', kind: 'claude', unheard: true });
  hub = new ModHub();
  relay = new Relay(host, {}, { mod: hub });
});

afterEach(() => {
  for (const c of polls.splice(0)) c.abort();
  relay.close();
  hub.close();
  vi.useRealTimers();
});

function send(o: { from?: string; timeoutSeconds?: number } = {}): Promise<Result> {
  const r = relay.send({ from: o.from ?? planner.id, target: 'claude', project: '', prompt: 'run the tests', timeoutSeconds: o.timeoutSeconds ?? 120 });
  r.catch(() => undefined);
  return r;
}

/** The session gets past its dialog: its plugin reports `/session-start` (SessionHost.started). */
function started(s: FakeSession): void {
  s.unheard = false;
  s.ready = true;
}

/** Its mod polls the hub, as lich's Claude Code plugin does from `session.start`, acking each prompt ok. */
function modPolls(s: FakeSession): string[] {
  const texts: string[] = [];
  const ctl = new AbortController();
  polls.push(ctl);
  void (async () => {
    while (!ctl.signal.aborted) {
      for (const c of await hub.poll(s.id, '0.17.0', ctl.signal)) {
        if (c.kind !== 'prompt') continue;
        texts.push(c.text);
        hub.ack({ session_id: s.id, id: c.id, kind: c.kind, ok: true });
      }
    }
  })();
  return texts;
}

/** When `p` settles, in fake-timer ms (0 while it has not). */
function settledAt(p: Promise<unknown>): () => number {
  let at = 0;
  void p.then(() => (at = Date.now()));
  return () => at;
}

describe('a task for a session that looks at its prompt but whose plugin has not reported its start', () => {
  it('is never typed, and ends unread on the line after two receipt windows — half a minute — with the ticket dropped', async () => {
    const sent = Date.now();
    const result = send();
    const at = settledAt(result);
    await tick(29_999);
    expect(at()).toBe(0);
    await tick(300);
    const r = await result;
    expect(r).toMatchObject({ target: 'claude', status: 'unread', answer: '' });
    // Within one hold poll of the two windows (the count starts at the first poll that sees it).
    expect(at() - sent).toBeGreaterThanOrEqual(30_000);
    expect(at() - sent).toBeLessThanOrEqual(30_250);
    expect(host.typed).toEqual([]);
    await expect(relay.wait({ ticket: r.ticket, timeoutSeconds: 1 })).rejects.toThrow(`ticket "${r.ticket}" is over — its task was typed and never read — and that was already reported`);
  });

  it('takes the relay\'s receipt window as the unit of that count', async () => {
    relay.close();
    relay = new Relay(host, { receiptWindowMs: 2_000 }, { mod: hub });
    const result = send();
    const at = settledAt(result);
    await tick(3_900);
    expect(at()).toBe(0);
    await tick(400);
    expect((await result).status).toBe('unread');
    expect(host.typed).toEqual([]);
  });

  it('holds the line rather than handing the ticket back: the verdict comes within the sender\'s wait', async () => {
    const result = send({ timeoutSeconds: 100 });
    await tick(10_000);
    let settled = false;
    void result.then(() => (settled = true));
    await tick();
    expect(settled).toBe(false);
    await tick(21_000);
    expect((await result).status).toBe('unread');
  });

  it('counts from the send for a session that has sat on its dialog for minutes, not from when it first looked so', async () => {
    await tick(300_000);
    const sent = Date.now();
    const result = send();
    const at = settledAt(result);
    await tick(29_000);
    expect(at()).toBe(0);
    await tick(1_500);
    expect((await result).status).toBe('unread');
    expect(at() - sent).toBeGreaterThanOrEqual(30_000);
  });

  it('counts from when the session first looked at its prompt, not from a send made while it still started', async () => {
    // Still drawing its first screen: neither ready nor looking ready.
    claude.unheard = false;
    claude.ready = false;
    const result = send();
    const at = settledAt(result);
    await tick(10_000);
    claude.unheard = true;
    claude.ready = true; // as beforeEach has it: at its prompt by its screen, its plugin silent
    await tick(29_000);
    expect(at()).toBe(0);
    await tick(1_500);
    expect((await result).status).toBe('unread');
    expect(host.typed).toEqual([]);
  });

  it('lands unread in the inbox of a sender that stopped waiting, announced like any outcome', async () => {
    const result = send({ timeoutSeconds: 5 });
    await tick(5_000);
    const pending = await result;
    expect(pending.status).toBe('pending');
    await tick(26_000);
    expect(relay.collectNow({ from: planner.id }).results).toEqual([{ ...pending, status: 'unread' }]);
  });

  it('ends undelivered when the session ends on its dialog (a person chose "No, exit")', async () => {
    const result = send();
    await tick(5_000);
    host.exit(claude.id);
    expect((await result).status).toBe('undelivered');
    expect(host.typed).toEqual([]);
  });

  describe('a slow start under load: the session reports its start 20 s after it first looked at its prompt', () => {
    it('hands the task to its mod, which polls just before the start is reported, as a prompt — never typed', async () => {
      const result = send();
      await tick(19_750);
      const prompts = modPolls(claude);
      await tick(250);
      started(claude);
      await tick(60_000);
      expect(prompts).toHaveLength(1);
      expect(prompts[0]).toContain('run the tests');
      expect(host.typed).toEqual([]);
      relay.reply({ from: claude.id, ticket: ticketIn(prompts[0]!), answer: 'all green' });
      expect(await result).toMatchObject({ status: 'answered', answer: 'all green' });
    });

    it('types the task once the start is reported, for a session with no mod polling', async () => {
      const result = send();
      await tick(20_000);
      started(claude);
      await tick(250);
      expect(host.typedAt(claude.id)).toHaveLength(1);
      await tick(60_000);
      expect(host.typedAt(claude.id)).toHaveLength(1);
      relay.reply({ from: claude.id, ticket: ticketIn(host.typedAt(claude.id)[0]!), answer: 'all green' });
      expect(await result).toMatchObject({ status: 'answered', answer: 'all green' });
    });
  });

  it('leaves a session that does not await its plugin to the plain hold: typed once it reads, however long that takes', async () => {
    claude.unheard = false;
    claude.ready = false;
    const result = send();
    await tick(60_000);
    claude.ready = true;
    await tick(250);
    expect(host.typedAt(claude.id)).toHaveLength(1);
    let settled = false;
    void result.then(() => (settled = true));
    await tick();
    expect(settled).toBe(false);
  });
});
