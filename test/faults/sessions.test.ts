/**
 * Faults at the sessions of one running backend (issue 22, the fault suite): a worker killed mid
 * turn, a target stopped and continued, a sender's own command killed while it holds the line, a
 * reply racing a close, two replies to one ticket, and 200 errands in flight while a worker dies
 * and another is stopped. One backend in this process serves every case (the faults here end
 * sessions, never the backend); each case opens its own sessions and closes them, and the kit
 * checks that nothing of them is left.
 */
import { Agent, request } from 'node:http';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { resultText } from '@lich/core/errands';
import type { Result } from '@lich/generated/types';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { descendants } from '../e2e/child-backend.js';
import {
  exampleProvider,
  inertProvider,
  makeRepo,
  q,
  sleep,
  until,
  waitForStatus,
  type Backend,
  type ProviderEntry,
  type Session,
} from '../e2e/harness.js';
import { appeared, Backends, requestRead, signalAll } from './backends.js';
import { CASES } from './cases.js';
import { fault, type CaseKit, type Ending, type Errand, type Errands, type Scope } from './kit.js';

/** A session with a process in its PTY that never reads it: a mod this test plays answers for it. */
const idle: ProviderEntry = { name: 'Idle', command: '/bin/sh', args: ['-c', 'exec sleep 86400'], env: {}, reportsState: false, tools: false };

const backends = new Backends();
let b: Backend;
let scope: Scope;
let repo: string;

beforeAll(async () => {
  ({ b, scope } = await backends.inside({ providers: ({ log }) => ({ example: exampleProvider(log), inert: inertProvider(), idle }) }));
  repo = makeRepo(b.home, 'sessions-repo', 1);
});
afterAll(async () => {
  const violations = b?.violations ?? [];
  await backends.cleanup();
  expect(violations).toEqual([]);
});

/** Opens a session of `kind` in the case's repository; an example agent is waited for until it reads. */
async function open(kind: string): Promise<Session> {
  const s = await b.open(repo, kind);
  if (kind === 'example') await b.log.ready(s.id);
  return s;
}

/** Closes the case's sessions (each in the project's own directory: parked on the spot). */
async function closeAll(sessions: Session[]): Promise<void> {
  for (const s of sessions) {
    const r = await b.lich(['close', s.id]);
    expect(r).toEqual({ code: 0, stdout: `Closed ${q(s.label)}.\n`, stderr: '' });
  }
}

/** The pid of the example agent running in session `s`. */
async function agentPid(s: Session): Promise<number> {
  return (await b.log.ready(s.id)).pid;
}

/** Starts the case: the shared backend's scope, its agent log watched for tasks delivered twice. */
function begin(k: CaseKit): void {
  k.within(scope);
  k.errands.watch(b.log);
}

/** `Answer from "<target>" (ticket <t>):\n<answer>` blocks of a collect's prose (core's collectText). */
function answersIn(prose: string): Array<{ target: string; ticket: string; answer: string }> {
  return [...prose.matchAll(/Answer from "([^"]*)" \(ticket ([0-9a-f]{8})\):\n([^\n]*)/g)].map((m) => ({ target: m[1]!, ticket: m[2]!, answer: m[3]! }));
}

describe('faults at a running backend’s sessions', () => {
  it(
    CASES.workerKilled.fault,
    fault(CASES.workerKilled, async (k) => {
      begin(k);
      const worker = await open('example');
      const other = await open('example');
      const sender = await open('inert');
      // One held from outside lich, one from a session that lets go after a second.
      const held = k.errands.errand('held');
      const holding = b.lich(['send', '--timeout', '60', worker.label, held.after('sleep 30')]);
      await b.log.waitFor(worker.id, (e) => e.event === 'task', 'the task reaching the worker');
      const letGo = k.errands.errand('let-go');
      expect(k.errands.read(letGo, await b.lich(['send', '--timeout', '1', worker.label, letGo.prompt], { session: sender.id }), worker.label, { fromSession: true })).toBe(undefined);
      const elsewhere = k.errands.errand('elsewhere');
      const otherRun = b.lich(['send', '--timeout', '60', other.label, elsewhere.after('sleep 1')]);

      process.kill(await agentPid(worker), 'SIGKILL');
      expect(k.errands.read(held, await holding, worker.label)).toEqual({ status: 'unanswered', ticket: '' });
      // The sender that let go finds the outcome in its inbox, on its ticket.
      const collected = await b.lich(['wait', '--json', '--timeout', '20'], { session: sender.id });
      expect(collected.code).toBe(0);
      const results = JSON.parse(collected.stdout) as { results: Result[]; open: string[] };
      expect(results.open).toEqual([]);
      for (const r of results.results) k.errands.collected(r);
      // Typed behind the task it was working on, or still held for its prompt: either way, ended.
      expect(['unanswered', 'undelivered']).toContain(letGo.outcomes[0]?.status);
      expect(k.errands.read(elsewhere, await otherRun, other.label)?.status).toBe('answered');

      // The session is gone from the roster, its terminal closed.
      const live = JSON.parse((await b.lich(['sessions', '--json'])).stdout) as Session[];
      expect(live.map((s) => s.id)).not.toContain(worker.id);
      await closeAll([worker, other, sender]);
    }),
  );

  it(
    CASES.workerJobLeft.fault,
    fault(CASES.workerJobLeft, async (k) => {
      begin(k);
      const worker = await open('example');
      const e = k.errands.errand('with-a-job');
      // The task starts a job that ignores the hangup (a dev server started with nohup), then works on.
      const job = join(b.home, `job-${e.identity}`);
      const holding = b.lich(['send', '--timeout', '60', worker.label, e.after(`nohup sh -c 'echo $$ > ${job}; exec sleep 120' >/dev/null 2>&1 & sleep 30`)]);
      await appeared(job, 'the background job');
      process.kill(await agentPid(worker), 'SIGKILL');
      expect(k.errands.read(e, await holding, worker.label)).toEqual({ status: 'unanswered', ticket: '' });
      await closeAll([worker]);
      // Nothing of the session is left running: the job was in its process group (the kit's leftover check).
    }),
  );

  it(
    CASES.targetStopped.fault,
    fault(CASES.targetStopped, async (k) => {
      begin(k);
      const target = await open('example');
      const pid = await agentPid(target);
      const first = k.errands.errand('first');
      const running = b.lich(['send', '--timeout', '1', target.label, first.after('sleep 2')]);
      await b.log.waitFor(target.id, (e) => e.event === 'task' && e.ticket !== undefined, 'the first task reaching the target');
      // Stopped mid-turn: the agent and the command it runs.
      const group = [pid, ...descendants(pid)];
      signalAll(group, 'SIGSTOP');
      expect(k.errands.read(first, await running, target.label)).toBe(undefined);
      const later = [k.errands.errand('second'), k.errands.errand('third')];
      for (const e of later) expect(k.errands.read(e, await b.lich(['send', '--timeout', '1', target.label, e.prompt]), target.label)).toBe(undefined);
      signalAll(group, 'SIGCONT');

      // Every answer on its own ticket, picked up with lich wait.
      for (const e of [first, ...later]) {
        expect(k.errands.read(e, await b.lich(['wait', '--timeout', '60', e.ticket]), target.label)).toEqual({ status: 'answered', answer: e.identity, ticket: e.ticket });
      }
      // Worked and answered in the order they were sent (the agent logs each reply once its command returned).
      const replied = () => b.log.entries(target.id).filter((e) => e.event === 'reply').map((e) => e.ticket);
      await until(() => replied().length === 3, 'the agent logging its three replies');
      expect(replied()).toEqual([first, ...later].map((e) => e.ticket));
      await closeAll([target]);
    }),
  );

  it(
    CASES.senderKilled.fault,
    fault(CASES.senderKilled, async (k) => {
      begin(k);
      const target = await open('example');
      const sender = await open('example');
      // A send killed while it holds the line, once its task is with the target.
      const sent = k.errands.errand('send-killed');
      const sending = b.startLich(['send', '--timeout', '60', target.label, sent.after('sleep 1')], { session: sender.id });
      const task = await b.log.waitFor(target.id, (e) => e.event === 'task', 'the task reaching the target');
      sent.ticket = String(task.ticket);
      sending.child.kill('SIGKILL');
      expect((await sending.done).code).toBe(null);
      // A wait killed while it holds the line on a ticket the sender let go of.
      const waited = k.errands.errand('wait-killed');
      const letGo = await b.lich(['send', '--timeout', '1', target.label, waited.after('sleep 2')], { session: sender.id });
      expect(k.errands.read(waited, letGo, target.label, { fromSession: true })).toBe(undefined);
      const waiting = b.startLich(['wait', '--timeout', '60', waited.ticket], { session: sender.id });
      await until(() => requestHeld(waiting.child.pid!), 'the wait holding the line');
      waiting.child.kill('SIGKILL');
      expect((await waiting.done).code).toBe(null);

      // Both answers land in the sender's inbox: the note at its prompt has its agent collect them.
      const collects = () => b.log.entries(sender.id).filter((e) => e.event === 'collect');
      await until(() => collects().flatMap((c) => answersIn(String(c.stdout))).length >= 2, 'the sender collecting both answers', 30_000);
      for (const c of collects()) {
        expect(c).toMatchObject({ code: 0, stderr: '' });
        for (const a of answersIn(String(c.stdout))) k.errands.collected({ ticket: a.ticket, status: 'answered', answer: a.answer });
      }
      expect(b.log.entries(sender.id).filter((e) => e.event === 'received' && e.kind === 'nudge').length).toBeGreaterThanOrEqual(1);
      // Taken once: the inbox is empty after.
      expect(await b.lich(['wait', '--no-wait'], { session: sender.id })).toEqual({
        code: 0,
        stdout: 'Nothing to collect: no results are waiting and no errand of yours is open.\n',
        stderr: '',
      });
      await closeAll([target, sender]);
    }),
  );

  it(
    CASES.replyRacesClose.fault,
    fault(CASES.replyRacesClose, async (k) => {
      begin(k);
      // Reply first, close first, then both at once: whichever wins, one outcome, and "Answer sent." only for an answer that went home.
      for (const order of ['reply first', 'close first', 'race', 'race', 'race', 'race'] as const) {
        const target = await open('inert');
        const e = k.errands.errand(order.replace(' ', '-'));
        expect(k.errands.read(e, await b.lich(['send', '--timeout', '1', target.label, e.prompt]), target.label)).toBe(undefined);
        await waitForStatus(b, target.id, (st) => st.owed.length === 1, 'the task typed at the target');
        const reply = () => b.lich(['reply', e.ticket, e.identity], { session: target.id });
        const close = () => b.lich(['close', target.id]);
        let replied;
        let closed;
        if (order === 'reply first') {
          replied = await reply();
          closed = await close();
        } else if (order === 'close first') {
          closed = await close();
          replied = await reply();
        } else {
          [replied, closed] = await Promise.all([reply(), close()]);
        }
        expect(closed).toEqual({ code: 0, stdout: `Closed ${q(target.label)}.\n`, stderr: '' });
        const waited = await b.lich(['wait', '--timeout', '5', e.ticket]);
        k.errands.read(e, waited, target.label);
        if (replied.code === 0) {
          expect({ order, replied, waited }).toEqual({ order, replied: { code: 0, stdout: 'Answer sent.\n', stderr: '' }, waited: { code: 0, stdout: `${e.identity}\n`, stderr: '' } });
        } else {
          expect({ order, replied: replied.code, waited }).toEqual({
            order,
            replied: 1,
            // The close won: the session ended, so no late answer is coming (`closed`).
            waited: { code: 3, stdout: `${resultText('cli', { status: 'unanswered', target: target.label, ticket: e.ticket, answer: '', closed: true })}\n`, stderr: '' },
          });
        }
      }
    }),
  );

  it(
    CASES.twoReplies.fault,
    fault(CASES.twoReplies, async (k) => {
      begin(k);
      const target = await open('inert');
      for (let round = 0; round < 5; round++) {
        const e = k.errands.errand(`round-${round}`);
        expect(k.errands.read(e, await b.lich(['send', '--timeout', '1', target.label, e.prompt]), target.label)).toBe(undefined);
        await waitForStatus(b, target.id, (st) => st.owed.some((o) => o.ticket === e.ticket), 'the task typed at the target');
        const texts = [e.identity, `${e.identity} (the second reply)`];
        const runs = await Promise.all(texts.map((t) => b.lich(['reply', e.ticket, t], { session: target.id })));
        const won = runs.findIndex((r) => r.code === 0);
        expect(won).toBeGreaterThanOrEqual(0);
        expect(runs[won]).toEqual({ code: 0, stdout: 'Answer sent.\n', stderr: '' });
        expect(runs[1 - won]).toEqual({ code: 1, stdout: '', stderr: `lich: ticket ${q(e.ticket)} was already answered\n` });
        // The sender gets the first answer, once: the winner's words, whichever reply won.
        const waited = await b.lich(['wait', '--timeout', '5', e.ticket]);
        expect(waited).toEqual({ code: 0, stdout: `${texts[won]}\n`, stderr: '' });
        k.errands.ended(e, { status: 'answered', answer: e.identity, ticket: e.ticket });
        expect(await b.lich(['wait', '--timeout', '5', e.ticket])).toMatchObject({ code: 1, stdout: '' });
      }
      await closeAll([target]);
    }),
  );

  it(
    CASES.twoHundred.fault,
    fault(CASES.twoHundred, async (k) => {
      begin(k);
      await twoHundred(k.errands);
    }),
    180_000,
  );
});

/** Whether process `pid` holds a connection to the backend whose request the backend has read. */
function requestHeld(pid: number): boolean {
  return requestRead(pid, b.port);
}

// ---------------------------------------------------------------------------------------------
// 200 errands

const MOD_TARGETS = 8;
const PER_MOD_TARGET = 20;
const PER_AGENT = 20;

/** One request to the backend over loopback HTTP (as every client reaches it); the reply's JSON. */
function call(agent: Agent, method: 'GET' | 'POST', path: string, body?: unknown, headers: Record<string, string> = {}): Promise<{ status: number; body: any }> {
  const data = body === undefined ? undefined : JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port: b.port,
        method,
        path: `${path}${path.includes('?') ? '&' : '?'}token=${b.token}`,
        agent,
        headers: { ...headers, ...(data === undefined ? {} : { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(data) }) },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (d) => (text += d));
        res.on('end', () => {
          let parsed: unknown = text;
          try {
            parsed = JSON.parse(text);
          } catch {
            // A refusal in plain text.
          }
          resolve({ status: res.statusCode ?? 0, body: parsed });
        });
      },
    );
    req.on('error', reject);
    req.end(data);
  });
}

/**
 * The mod of session `id` (the lich-plugin mod's protocol, wire.md § 11.3): holds
 * `GET /mod/commands` open, acks each `prompt` as a turn started, and answers the ticket it names
 * with the output of its `echo <identity>` — after a random delay of up to a second.
 */
function modSink(agent: Agent, id: string, errands: Errands, stop: AbortSignal, polled: () => void): Promise<void> {
  return (async () => {
    let first = true;
    while (!stop.aborted) {
      const poll = call(agent, 'GET', `/mod/commands?session_id=${id}`, undefined, { 'X-Lich-Plugin': '0.19.0' }).catch(() => null);
      if (first) polled();
      first = false;
      const r = await poll;
      if (!r || r.status !== 200 || !Array.isArray(r.body)) {
        await sleep(50);
        continue;
      }
      for (const c of r.body as Array<{ id: string; kind: string; text?: string }>) {
        if (c.kind !== 'prompt') continue;
        void call(agent, 'POST', '/mod/acks', { session_id: id, id: c.id, kind: 'prompt', ok: true });
        const ticket = /reply ([0-9a-f]{8}) /.exec(c.text ?? '')?.[1];
        const identity = /\necho (errand-\S+)\n/.exec(c.text ?? '')?.[1];
        if (!ticket || !identity) continue;
        errands.delivered(identity);
        setTimeout(() => void call(agent, 'POST', '/rpc/relay.Reply', [{ from: id, ticket, answer: identity }]), Math.floor(Math.random() * 1000));
      }
    }
  })();
}

/**
 * 200 errands sent at once over RPC from outside lich, each holding the line: 160 to eight
 * sessions whose mods answer them, 20 to an example agent killed -9 once its first task is in,
 * 20 to one stopped (SIGSTOP, with the command it runs) once its first task is in and continued
 * two seconds later. Every errand ends once: answered with its own identity, on its own ticket —
 * or, for the killed worker's, `unanswered` (typed in), `undelivered` (still held) or refused
 * (a send that reached lich after the worker was gone: no live session by that name).
 */
async function twoHundred(errands: Errands): Promise<void> {
  const agent = new Agent({ keepAlive: true, maxSockets: 512 });
  const project = join(b.home, 'two-hundred');
  mkdirSync(project, { recursive: true });
  const sessions: Session[] = [];
  const openIn = async (kind: string) => {
    const s = await b.open(project, kind);
    sessions.push(s);
    return s;
  };
  const mods: Session[] = [];
  for (let i = 0; i < MOD_TARGETS; i++) mods.push(await openIn('idle'));
  const killed = await openIn('example');
  const stopped = await openIn('example');
  const killedPid = (await b.log.ready(killed.id)).pid;
  const stoppedPid = (await b.log.ready(stopped.id)).pid;
  const stop = new AbortController();
  let polling = 0;
  const sinks = mods.map((m) => modSink(agent, m.id, errands, stop.signal, () => polling++));
  await until(() => polling === MOD_TARGETS, 'every mod polling');

  const plans: Array<{ e: Errand; target: Session }> = [];
  for (const [i, m] of mods.entries()) for (let n = 0; n < PER_MOD_TARGET; n++) plans.push({ e: errands.errand(`mod${i}-${n}`), target: m });
  for (let n = 0; n < PER_AGENT; n++) plans.push({ e: errands.errand(`killed-${n}`), target: killed });
  for (let n = 0; n < PER_AGENT; n++) plans.push({ e: errands.errand(`stopped-${n}`), target: stopped });
  expect(plans).toHaveLength(200);
  plans.sort(() => Math.random() - 0.5);

  const results = plans.map(async ({ e, target }) => {
    const prompt = target === killed ? e.after('sleep 30') : e.prompt;
    const r = await call(agent, 'POST', '/rpc/relay.Send', [{ from: '', target: target.id, project: '', prompt, timeoutSeconds: 120 }]);
    return { e, target, status: r.status, result: r.body as Result | { error: string } };
  });
  // The faults, while the 200 are in flight.
  await b.log.waitFor(killed.id, (x) => x.event === 'task', 'a task reaching the worker to kill');
  process.kill(killedPid, 'SIGKILL');
  await b.log.waitFor(stopped.id, (x) => x.event === 'task', 'a task reaching the worker to stop');
  const group = [stoppedPid, ...descendants(stoppedPid)];
  signalAll(group, 'SIGSTOP');
  await sleep(2_000);
  signalAll(group, 'SIGCONT');

  const refused = (t: Session) => ({ error: expect.stringMatching(new RegExp(`^no live session named "${t.id}"\\. Live sessions: `)) });
  for (const { e, target, status, result } of await Promise.all(results)) {
    if (status !== 200) {
      // A send that reached lich after the worker it named had died: refused, as a send to any session that is gone.
      expect({ e: e.identity, status, result }).toEqual({ e: e.identity, status: 500, result: target === killed ? refused(killed) : 'no refusal' });
      errands.ended(e, { status: 'failed', line: (result as { error: string }).error });
      continue;
    }
    const r = result as Result;
    expect(r.target).toBe(target.label);
    if (r.status === 'answered') errands.ended(e, { status: 'answered', answer: r.answer, ticket: r.ticket });
    else errands.ended(e, { status: r.status as Ending, ticket: r.ticket });
    if (target === killed) expect({ e: e.identity, status: r.status }).toEqual({ e: e.identity, status: expect.stringMatching(/^(unanswered|undelivered)$/) });
    else expect({ e: e.identity, status: r.status }).toEqual({ e: e.identity, status: 'answered' });
  }
  stop.abort();
  agent.destroy();
  await Promise.all(sinks);
  for (const s of sessions) expect((await b.lich(['close', s.id])).code).toBe(0);
}
