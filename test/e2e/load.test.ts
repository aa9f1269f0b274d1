// Load: 500 errands at once through one backend's relay, over its loopback HTTP as every client
// reaches it, answered in random order after random delays — and every answer reaches exactly
// the sender that asked, once. The targets are sessions whose lich-plugin mod polls (spec/cli.md
// § lich send: "A Claude Code session running the lich-plugin mod is not typed at"; wire.md
// § 8.2 "Mod route"): each task is handed over as a `prompt` command, acked, and answered over
// `relay.Reply` with the text its own prompt asked for, the way tools/bench/lib.mjs `modSinks`
// answers — no PTY is read. Three kinds of sender share the load: callers outside lich holding
// the line, sessions that let go after a second and collect from their inbox (`relay.Collect`),
// and sessions sending private errands they pick up by ticket (`relay.Wait`).
// spec/cli.md § lich send, § lich wait, § lich reply, § Private errands.

import { mkdirSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Backend, sleep, until, type ProviderEntry } from './harness.js';

const TARGETS = 10;
const SENDERS = 4;
const HOLDING = 250; // from outside lich, holding the line
const COLLECTED = 150; // from a session, let go after 1 s, collected from its inbox
const PRIVATE = 100; // from a session, private, let go after 1 s, waited on by ticket
const TOTAL = HOLDING + COLLECTED + PRIVATE;
/** The longest a target takes before it answers, ms. */
const MAX_DELAY_MS = 3_000;

/** A session with a process in its PTY that never reads it: its mod answers for it. */
const idle: ProviderEntry = { name: 'Idle', command: '/bin/sh', args: ['-c', 'exec sleep 86400'], env: {}, reportsState: false, tools: false, ready: 'quiet' };

let b: Backend;
const agent = new Agent({ keepAlive: true, maxSockets: 1024 });

interface Reply {
  status: number;
  body: any;
}

/** One request to the backend over loopback HTTP, the body JSON; the reply's JSON parsed (text when it is not). */
function call(method: 'GET' | 'POST', path: string, body?: unknown, headers: Record<string, string> = {}): Promise<Reply> {
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
            // Plain text (a refusal): kept as it is.
          }
          resolve({ status: res.statusCode ?? 0, body: parsed });
        });
      },
    );
    req.on('error', reject);
    req.end(data);
  });
}

async function rpc<T>(method: string, options: object): Promise<T> {
  const r = await call('POST', `/rpc/${method}`, [options]);
  if (r.status !== 200) throw new Error(`${method}: ${r.status} ${JSON.stringify(r.body)}`);
  return r.body as T;
}

interface Result {
  ticket: string;
  target: string;
  status: string;
  answer: string;
  private?: boolean;
}

/** What each target's mod did: prompts it took, acks, replies it sent and how each went. */
interface SinkBook {
  prompts: number;
  replies: Map<string, number>; // ticket → replies sent for it
  refused: string[];
}

/**
 * The mod of session `id`: holds `GET /mod/commands` open as the lich-plugin mod does, acks each
 * `prompt` ok (its turn started), and after a random delay answers the ticket the message spells
 * out with the text the task asked for. Runs until `stop` aborts.
 */
function sink(id: string, book: SinkBook, stop: AbortSignal, polled: () => void): Promise<void> {
  return (async () => {
    let first = true;
    while (!stop.aborted) {
      const poll = call('GET', `/mod/commands?session_id=${id}`, undefined, { 'X-Lich-Plugin': '0.19.0' }).catch(() => null);
      if (first) polled();
      first = false;
      const r = await poll;
      if (!r || r.status !== 200 || !Array.isArray(r.body)) {
        await sleep(50);
        continue;
      }
      for (const c of r.body as Array<{ id: string; kind: string; text?: string }>) {
        if (c.kind !== 'prompt') continue;
        book.prompts++;
        void call('POST', '/mod/acks', { session_id: id, id: c.id, kind: 'prompt', ok: true });
        const ticket = /reply ([0-9a-f]{8}) /.exec(c.text ?? '')?.[1];
        const asked = /answer with exactly: (\S+)/.exec(c.text ?? '')?.[1];
        if (!ticket || !asked) continue; // a nudge or a note: nothing to answer
        setTimeout(() => {
          book.replies.set(ticket, (book.replies.get(ticket) ?? 0) + 1);
          rpc('relay.Reply', { from: id, ticket, answer: asked }).catch((e: Error) => book.refused.push(e.message));
        }, Math.floor(Math.random() * MAX_DELAY_MS));
      }
    }
  })();
}

beforeAll(async () => {
  b = await Backend.start({ providers: () => ({ idle }) });
});
afterAll(async () => {
  agent.destroy();
  const violations = b?.violations ?? [];
  await b?.close();
  expect(violations).toEqual([]);
});

describe('500 errands at once', () => {
  it('every answer reaches exactly the sender that asked, once: none lost, none duplicated, none crossed', async () => {
    const project = join(b.home, 'load-project');
    mkdirSync(project, { recursive: true });
    const open = () =>
      rpc<{ id: string; label: string }>('spawn.Open', { from: '', project, kind: 'idle', worktree: '', base: '', model: '', effort: '', folder: '', ultracode: false });
    const targets: { id: string; label: string }[] = [];
    for (let i = 0; i < TARGETS; i++) targets.push(await open());
    const senders: { id: string; label: string }[] = [];
    for (let i = 0; i < SENDERS; i++) senders.push(await open());

    const books = new Map<string, SinkBook>(targets.map((t) => [t.id, { prompts: 0, replies: new Map(), refused: [] }]));
    const stop = new AbortController();
    let polled = 0;
    const sinks = targets.map((t) => sink(t.id, books.get(t.id)!, stop.signal, () => polled++));
    await until(() => polled === TARGETS, 'every mod polling');
    await sleep(300); // the first polls are held at lich

    // The errands, shuffled so the three kinds interleave; each asks for an answer only it knows.
    type Plan = { n: number; kind: 'holding' | 'collected' | 'private'; from: string; target: { id: string; label: string }; expect: string };
    const plans: Plan[] = [];
    for (let n = 0; n < TOTAL; n++) {
      const kind = n < HOLDING ? 'holding' : n < HOLDING + COLLECTED ? 'collected' : 'private';
      const from = kind === 'holding' ? '' : senders[n % SENDERS]!.id;
      plans.push({ n, kind, from, target: targets[(n * 7) % TARGETS]!, expect: `answer-${n}-${Math.random().toString(16).slice(2, 10)}` });
    }
    plans.sort(() => Math.random() - 0.5);

    const sent = await Promise.all(
      plans.map((p) =>
        rpc<Result>(p.kind === 'private' ? 'relay.SendPrivate' : 'relay.Send', {
          from: p.from,
          target: p.target.id,
          project: '',
          prompt: `errand ${p.n}: answer with exactly: ${p.expect}`,
          timeoutSeconds: p.kind === 'holding' ? 60 : 1,
        }).then((r) => ({ p, r })),
      ),
    );

    // Every send came back with a ticket of its own, addressed to the target it named.
    expect(new Set(sent.map((s) => s.r.ticket)).size).toBe(TOTAL);
    for (const { p, r } of sent) {
      expect(r.ticket).toMatch(/^[0-9a-f]{8}$/);
      expect(r.target).toBe(p.target.label);
    }

    /** ticket → every answer that reached a sender for it, and the sender it reached. */
    const arrived = new Map<string, { answer: string; by: string }[]>();
    const arrive = (ticket: string, answer: string, by: string) => arrived.set(ticket, [...(arrived.get(ticket) ?? []), { answer, by }]);
    const byTicket = new Map(sent.map((s) => [s.r.ticket, s.p]));
    const senderOf = (p: Plan) => (p.from === '' ? `the caller of errand ${p.n}` : p.from);

    for (const { p, r } of sent) {
      if (p.kind === 'holding') expect({ n: p.n, status: r.status }).toEqual({ n: p.n, status: 'answered' });
      if (r.status === 'answered') arrive(r.ticket, r.answer, senderOf(p));
      else expect({ n: p.n, status: r.status }).toEqual({ n: p.n, status: 'pending' });
    }

    // The delays outlast the 1 s waits often enough that both ways home are taken.
    const letGo = (kind: Plan['kind']) => sent.filter(({ p, r }) => p.kind === kind && r.status === 'pending').length;
    expect(letGo('collected')).toBeGreaterThan(0);
    expect(letGo('private')).toBeGreaterThan(0);

    // Private errands that let go: waited on by ticket, by the session that sent them.
    await Promise.all(
      sent
        .filter(({ p, r }) => p.kind === 'private' && r.status === 'pending')
        .map(async ({ p, r }) => {
          const w = await rpc<Result>('relay.Wait', { ticket: r.ticket, timeoutSeconds: 60 });
          expect({ n: p.n, status: w.status, private: w.private }).toEqual({ n: p.n, status: 'answered', private: true });
          arrive(w.ticket, w.answer, p.from);
        }),
    );

    // Shared errands that let go: collected from each sender's inbox until nothing is open.
    await Promise.all(
      senders.map(async (s) => {
        for (let round = 0; round < 200; round++) {
          const c = await rpc<{ results: Result[]; open: string[] }>('relay.Collect', { from: s.id, timeoutSeconds: 30 });
          for (const r of c.results) {
            expect(r.status).toBe('answered');
            arrive(r.ticket, r.answer, s.id);
          }
          if (c.open.length === 0) return;
        }
        throw new Error(`${s.label} still had errands open after 200 collects`);
      }),
    );

    stop.abort();
    agent.destroy(); // ends the held polls
    await Promise.all(sinks);

    // Exactly once each, to the sender that asked, with the answer it asked for.
    const lost = plans.filter((p) => !arrived.has(sent.find((s) => s.p === p)!.r.ticket));
    const duplicated = [...arrived.entries()].filter(([, a]) => a.length !== 1);
    const crossed = [...arrived.entries()].filter(([ticket, [a]]) => {
      const p = byTicket.get(ticket)!;
      return a!.answer !== p.expect || a!.by !== senderOf(p);
    });
    expect({ lost: lost.length, duplicated: duplicated.length, crossed: crossed.length, answered: arrived.size }).toEqual({
      lost: 0,
      duplicated: 0,
      crossed: 0,
      answered: TOTAL,
    });
    // The targets' side: every task handed over once, answered once, no reply refused.
    const all = [...books.values()];
    expect(all.reduce((n, k) => n + k.replies.size, 0)).toBe(TOTAL);
    expect(all.flatMap((k) => [...k.replies.values()]).every((n) => n === 1)).toBe(true);
    expect(all.flatMap((k) => k.refused)).toEqual([]);
    // Nothing was typed at a target instead: no task reached a PTY, so each prompt came once.
    expect(all.reduce((n, k) => n + k.prompts, 0)).toBeGreaterThanOrEqual(TOTAL);
  }, 60_000);
});
