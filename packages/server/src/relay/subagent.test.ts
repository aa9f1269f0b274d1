/**
 * The relay's side of `lich open --subagent` (spec/cli.md § lich open, --subagent; § lich send,
 * Expired; wire.md § 7.1 stopped, § 9): the errand a worker is handed, how closing it ends that
 * errand, its exemption from the ticket's hour, and the worker parking itself once it answered.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeHost, type FakeSession, reporter, tick, ticketIn } from './fake-host.js';
import { Relay, RelayError, type Result } from './relay.js';

const hour = 3_600_000;

let host: FakeHost;
let relay: Relay;
let caller: FakeSession;
let worker: FakeSession;
let other: FakeSession;
let parked: string[];
let logged: string[];

/** What `lich close` does to the process, as the backend's `park` does: the PTY ends. */
function parkOption(id: string): Promise<void> {
  parked.push(id);
  host.exit(id);
  return Promise.resolve();
}

beforeEach(() => {
  vi.useFakeTimers();
  host = new FakeHost();
  caller = host.add({ id: 'ca11', label: 'planner' });
  worker = host.add({ id: 'w0rk', label: 'Session 2' });
  other = host.add({ id: '07he', label: 'reviewer' });
  parked = [];
  logged = [];
  relay = new Relay(host, {}, { park: parkOption, log: (l) => logged.push(l) });
});

afterEach(() => {
  relay.close();
  vi.useRealTimers();
});

const report = reporter(() => relay);

/** Hands the worker its errand as `lich open --subagent --prompt` does; returns the ticket and the hand-off. */
async function handOff(o: { timeoutSeconds?: number; target?: string } = {}): Promise<{ ticket: string; result: Promise<Result> }> {
  const before = host.typed.length;
  const result = relay.sendSubagent({
    from: caller.id,
    target: o.target ?? worker.label,
    project: '',
    prompt: 'run the tests',
    timeoutSeconds: o.timeoutSeconds ?? 1,
  });
  result.catch(() => undefined);
  await tick();
  const typed = host.typed.slice(before);
  if (typed.length === 0) throw new Error('nothing was typed');
  return { ticket: ticketIn(typed[0]!.text), result };
}

/** The hand-off's 20 s (here 1 s) wait runs out: the errand is open and nobody holds the line. */
async function handOffAndLetGo(): Promise<string> {
  const { ticket, result } = await handOff();
  await tick(1000);
  expect((await result).status).toBe('pending');
  return ticket;
}

/** `spawn.Close` on the worker by `by`: the relay is told, then the process ends. */
function close(s: FakeSession, by: string): void {
  relay.closing(s.id, by);
  host.exit(s.id);
}

const stoppedText = (label: string) => `The "${label}" session was closed before it answered, so the task was stopped and no answer is coming.`;

describe('relay.SendSubagent', () => {
  it('refuses a call from no session, typing nothing', async () => {
    await expect(
      relay.sendSubagent({ from: '', target: worker.label, project: '', prompt: 'p', timeoutSeconds: 1 }),
    ).rejects.toThrow(new RelayError('a subagent reports to the session that asked for it, and this call came from no session'));
    expect(host.typed).toEqual([]);
  });

  it('hands the worker the ticket, under the caller\'s name, and takes its answer through it', async () => {
    const { ticket, result } = await handOff({ timeoutSeconds: 30 });
    const typed = host.typedAt(worker.id)[0]!;
    expect(typed.startsWith('[lich] Message from session "planner", not from your own prompt.\n\nrun the tests\n\n')).toBe(true);
    expect(typed).toContain(`"$LICH_BIN" reply ${ticket} "<your answer>"`);
    relay.reply({ from: worker.id, ticket, answer: 'all green' });
    expect(await result).toEqual({ ticket, target: 'Session 2', status: 'answered', answer: 'all green' });
  });
});

describe('closing the worker', () => {
  it('ends the errand in silence when its own caller closed it: nothing in the inbox, no nudge', async () => {
    const ticket = await handOffAndLetGo();
    close(worker, caller.id);
    await tick(10_000);
    expect(host.typedAt(caller.id)).toEqual([]);
    expect(relay.collectNow({ from: caller.id })).toEqual({ results: [], open: [] });
    // The ticket still says how it ended.
    expect(await relay.wait({ ticket, timeoutSeconds: 1 })).toEqual({ ticket, target: 'Session 2', status: 'stopped', answer: '' });
  });

  it('does not hold the caller\'s turn open for a silent stop', async () => {
    await handOffAndLetGo();
    const own = await (async () => {
      // The caller is itself working an errand from another session.
      const r = relay.send({ from: other.id, target: caller.label, project: '', prompt: 'plan', timeoutSeconds: 1 });
      r.catch(() => undefined);
      await tick(1000);
      return r;
    })();
    expect((await own).status).toBe('pending');
    close(worker, caller.id);
    report(caller, 'busy');
    report(caller, 'done');
    // Nothing of its own was waiting, so that turn end is read: the caller answered elsewhere.
    expect(relay.collectNow({ from: other.id }).results.map((r) => r.status)).toEqual(['unanswered']);
  });

  it('tells the caller at its prompt when anyone else closed it, and the caller collects stopped', async () => {
    const ticket = await handOffAndLetGo();
    close(worker, other.id);
    await tick(2_000);
    expect(host.typedAt(caller.id)).toEqual([
      '[lich] The task you sent "Session 2" has its result ready. To collect everything at once, run:\n  "$LICH_BIN" wait',
    ]);
    expect(relay.collectNow({ from: caller.id }).results).toEqual([{ ticket, target: 'Session 2', status: 'stopped', answer: '' }]);
  });

  it('counts a close from the command line (no session) as anyone else\'s', async () => {
    const ticket = await handOffAndLetGo();
    close(worker, '');
    expect(relay.collectNow({ from: caller.id }).results).toEqual([{ ticket, target: 'Session 2', status: 'stopped', answer: '' }]);
  });

  for (const [who, by] of [
    ['its own caller', 'ca11'],
    ['anyone else', '07he'],
  ] as const) {
    it(`hands stopped to a caller holding the line when ${who} closed it`, async () => {
      const { ticket } = await handOffAndLetGo().then((t) => ({ ticket: t }));
      const held = relay.wait({ ticket, timeoutSeconds: 60 });
      await tick();
      close(worker, by);
      expect(await held).toEqual({ ticket, target: 'Session 2', status: 'stopped', answer: '' });
      await tick(5_000);
      expect(host.typedAt(caller.id)).toEqual([]);
      expect(relay.collectNow({ from: caller.id }).results).toEqual([]);
    });
  }

  it('hands stopped to the hand-off itself when the worker is closed while it still waits', async () => {
    const { ticket, result } = await handOff({ timeoutSeconds: 20 });
    close(worker, caller.id);
    expect(await result).toEqual({ ticket, target: 'Session 2', status: 'stopped', answer: '' });
  });

  it('files a silent stop in the inbox of a caller that is itself a worker somebody waits on', async () => {
    // `other` opened `caller` as its subagent; `caller` opened `worker`.
    const up = relay.sendSubagent({ from: other.id, target: caller.label, project: '', prompt: 'plan it', timeoutSeconds: 1 });
    up.catch(() => undefined);
    await tick(1000);
    expect((await up).status).toBe('pending');
    const ticket = await handOffAndLetGo();
    close(worker, caller.id);
    expect(relay.collectNow({ from: caller.id }).results).toEqual([{ ticket, target: 'Session 2', status: 'stopped', answer: '' }]);
  });

  it('ends a worker that simply exited the way any session\'s exit does', async () => {
    const ticket = await handOffAndLetGo();
    host.exit(worker.id);
    expect(relay.collectNow({ from: caller.id }).results).toEqual([{ ticket, target: 'Session 2', status: 'unanswered', answer: '', closed: true }]);
  });

  it('leaves an ordinary errand at a closed session to end as before', async () => {
    const r = relay.send({ from: caller.id, target: other.label, project: '', prompt: 'p', timeoutSeconds: 1 });
    r.catch(() => undefined);
    await tick(1000);
    const { ticket } = await r;
    close(other, caller.id);
    expect(relay.collectNow({ from: caller.id }).results).toEqual([{ ticket, target: 'reviewer', status: 'unanswered', answer: '', closed: true }]);
  });

  it('prints the stopped outcome in the words of wire.md § 7.2', async () => {
    const { resultText } = await import('@lich/core/errands');
    expect(resultText('cli', { ticket: 'a1b2c3d4', target: 'Session 2', status: 'stopped', answer: '' })).toBe(stoppedText('Session 2'));
  });
});

describe('the ticket\'s hour', () => {
  it('does not drop a subagent errand while its worker runs', async () => {
    const ticket = await handOffAndLetGo();
    host.skew += 3 * hour;
    await tick(60_000);
    const r = relay.wait({ ticket, timeoutSeconds: 1 });
    await tick(1000);
    expect(await r).toEqual({ ticket, target: 'Session 2', status: 'pending', answer: '' });
    relay.reply({ from: worker.id, ticket, answer: 'late but whole' });
    expect(relay.collectNow({ from: caller.id }).results).toEqual([{ ticket, target: 'Session 2', status: 'answered', answer: 'late but whole' }]);
  });

  it('keeps a report in the inbox as long as its worker runs, and an hour after it is gone', async () => {
    // A worker on a checkout of its own does not park itself.
    worker.path = '/wt/feature';
    const ticket = await handOffAndLetGo();
    relay.reply({ from: worker.id, ticket, answer: 'done' });
    host.skew += 2 * hour;
    await tick(60_000);
    expect(relay.collectNow({ from: other.id })).toEqual({ results: [], open: [] }); // a sweep ran
    host.exit(worker.id);
    host.skew += hour / 2;
    await tick(60_000);
    expect(relay.collectNow({ from: caller.id }).results.map((r) => r.answer)).toEqual(['done']);
  });

  it('drops an ordinary errand after the hour, as a control', async () => {
    const r = relay.send({ from: caller.id, target: other.label, project: '', prompt: 'p', timeoutSeconds: 1 });
    r.catch(() => undefined);
    await tick(1000);
    const { ticket } = await r;
    host.skew += hour + 1;
    expect(await relay.wait({ ticket, timeoutSeconds: 1 })).toMatchObject({ ticket, status: 'expired' });
  });

  it('drops a subagent errand an hour after its worker is gone', async () => {
    const ticket = await handOffAndLetGo();
    host.skew += 2 * hour;
    await tick(60_000);
    worker.live = false; // ended without an exit event reaching the relay
    await tick(60_000);
    host.skew += hour + 1;
    expect(await relay.wait({ ticket, timeoutSeconds: 1 })).toMatchObject({ ticket, status: 'expired' });
  });

  it('brings an errand a worker sent back to it as expired when somebody waits on that worker', async () => {
    await handOffAndLetGo();
    const r = relay.send({ from: worker.id, target: other.label, project: '', prompt: 'look it up', timeoutSeconds: 1 });
    r.catch(() => undefined);
    await tick(1000);
    const { ticket } = await r;
    host.skew += hour + 1;
    await tick(60_000);
    expect(relay.collectNow({ from: worker.id }).results).toEqual([{ ticket, target: 'reviewer', status: 'expired', answer: '' }]);
    expect(await relay.wait({ ticket, timeoutSeconds: 1 })).toMatchObject({ status: 'expired' });
  });
});

describe('a worker with work of its own out', () => {
  it('says nothing at its turn end while an errand it sent is open, and answers in the turn its outcome starts', async () => {
    const ticket = await handOffAndLetGo();
    report(worker, 'busy');
    const r = relay.send({ from: worker.id, target: other.label, project: '', prompt: 'help', timeoutSeconds: 1 });
    r.catch(() => undefined);
    await tick(1000);
    report(worker, 'done');
    // Still open: the worker's report waits for what it handed off.
    const held = relay.wait({ ticket, timeoutSeconds: 1 });
    await tick(1000);
    expect((await held).status).toBe('pending');
    relay.reply({ from: other.id, ticket: (await r).ticket, answer: 'here' });
    report(worker, 'busy');
    relay.reply({ from: worker.id, ticket, answer: 'report with help' });
    expect(relay.collectNow({ from: caller.id }).results.map((x) => x.answer)).toEqual(['report with help']);
  });
});

describe('the worker closing itself', () => {
  async function answered(): Promise<string> {
    const ticket = await handOffAndLetGo();
    report(worker, 'busy');
    relay.reply({ from: worker.id, ticket, answer: 'report' });
    return ticket;
  }

  it('parks a worker in its caller\'s checkout once the turn it answered in ends', async () => {
    await answered();
    await tick();
    expect(parked).toEqual([]);
    report(worker, 'done');
    await tick();
    expect(parked).toEqual([worker.id]);
    // The report is the caller's all the same.
    expect(relay.collectNow({ from: caller.id }).results.map((r) => r.answer)).toEqual(['report']);
  });

  it('parks it at the next turn end when it answered outside a turn', async () => {
    const ticket = await handOffAndLetGo();
    relay.reply({ from: worker.id, ticket, answer: 'report' });
    report(worker, 'busy');
    report(worker, 'done');
    await tick();
    expect(parked).toEqual([worker.id]);
  });

  it('stays open on a worktree of its own', async () => {
    worker.path = '/wt/feature';
    await answered();
    report(worker, 'done');
    await tick();
    expect(parked).toEqual([]);
  });

  it('stays open when its caller is gone', async () => {
    await answered();
    host.exit(caller.id);
    report(worker, 'done');
    await tick();
    expect(parked).toEqual([]);
  });

  it('stays open with another errand still open at it', async () => {
    await answered();
    const r = relay.send({ from: other.id, target: worker.label, project: '', prompt: 'and this', timeoutSeconds: 1 });
    r.catch(() => undefined);
    await tick();
    report(worker, 'done');
    await tick();
    expect(parked).toEqual([]);
  });

  it('stays open with an errand of its own still out', async () => {
    const ticket = await handOffAndLetGo();
    report(worker, 'busy');
    const r = relay.send({ from: worker.id, target: other.label, project: '', prompt: 'help', timeoutSeconds: 1 });
    r.catch(() => undefined);
    await tick(1000);
    relay.reply({ from: worker.id, ticket, answer: 'report' });
    report(worker, 'done');
    await tick();
    expect(parked).toEqual([]);
  });

  it('stays open with a result of its own still unread', async () => {
    const ticket = await handOffAndLetGo();
    const r = relay.send({ from: worker.id, target: other.label, project: '', prompt: 'help', timeoutSeconds: 1 });
    r.catch(() => undefined);
    await tick(1000);
    const mine = (await r).ticket;
    relay.reply({ from: other.id, ticket: mine, answer: 'here' });
    report(worker, 'busy');
    relay.reply({ from: worker.id, ticket, answer: 'report' });
    report(worker, 'done');
    await tick();
    expect(parked).toEqual([]);
  });

  it('does not park a worker that never answered, whatever its turns do', async () => {
    await handOffAndLetGo();
    report(worker, 'busy');
    report(worker, 'done');
    await tick();
    expect(parked).toEqual([]);
  });

  it('logs a park that failed and leaves the worker as it is', async () => {
    relay.close();
    relay = new Relay(host, {}, { park: () => Promise.reject(new Error('no such session')), log: (l) => logged.push(l) });
    await answered();
    report(worker, 'done');
    await tick();
    expect(logged).toEqual([`the subagent ${worker.id} answered and could not be parked: no such session`]);
    expect(worker.live).toBe(true);
  });
});
