/**
 * The mod endpoints over the real listener and real HTTP: every line of the upstream fixtures
 * `mod-control.jsonl` (`POST /mod/acks`), `mod-answer.jsonl` (`POST /mod/answer`) and
 * `mod-usage.jsonl` (`POST /mod/usage`) replayed, every command shape of `mod-commands.json`
 * round-tripped through a poll, and the endpoints' status codes.
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ModCommand, RelayStatus } from '@lich/generated/types';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { listen, newToken, type Listener } from '../listener.js';
import { openStore, type Store } from '../store/store.js';
import { http, tempLich, until, type TempLich } from '../testing.js';
import { handleMod } from './endpoints.js';
import type { WorkerReport } from './validate.js';
import { ModHub, type ModAck, type ModCommandBody } from './hub.js';

const repo = join(dirname(fileURLToPath(import.meta.url)), '../../../..');
/** The upstream fixtures, as copied into the repository (`contracts/fixtures/upstream/SOURCE.md`). */
const fixtures = join(repo, 'contracts/fixtures/upstream');
/** This project's own fixtures in the same format (`contracts/fixtures/lich/README.md`). */
const ours = join(repo, 'contracts/fixtures/lich');

interface Case {
  name: string;
  body?: unknown;
  raw?: string;
  accept?: Record<string, unknown>;
  reject?: string;
}

function cases(file: string, dir = fixtures): Case[] {
  if (!existsSync(join(dir, file))) return [];
  return readFileSync(join(dir, file), 'utf8')
    .split('\n')
    .filter((l) => l.trim() !== '')
    .map((l) => JSON.parse(l));
}

const STATUS: RelayStatus = { owed: [{ ticket: 'a1b2c3d4', from: 'lead', asked: 'fix the docs' }], open: [], ready: [] };

let dirs: TempLich;
let store: Store;
let listener: Listener;
let hub: ModHub;
let token: string;
let acks: ModAck[];
let answers: WorkerReport[];
let heard: string[];
let statusAsked: string[];

beforeAll(async () => {
  dirs = tempLich('lich-mod-');
  store = openStore(dirs.dataDir);
  store.insertProject({ id: 'p1', name: 'lich', path: dirs.root });
  store.insertSession({ id: 's1', projectId: 'p1', label: 'Session 1', kind: 'claude', path: dirs.root, folder: '', model: '', originSessionId: '', originLabel: '', confined: false });
  token = newToken();
  listener = await listen(
    0,
    token,
    {
      rpc: { dispatch: async () => ({ status: 404, body: '{"error":"no rpc here"}\n' }) },
      hook: async () => ({ status: 204 }),
      mod: (req) =>
        handleMod(
          {
            hub,
            store,
            heard: (id) => heard.push(id),
            answer: (report) => void answers.push(report),
            status: (id) => (statusAsked.push(id), STATUS),
          },
          req,
        ),
    },
    () => {},
  );
});

afterAll(async () => {
  await listener.close();
  store.close();
  dirs.cleanup();
});

beforeEach(async () => {
  hub = new ModHub({ pollWaitMs: 60_000 });
  acks = [];
  hub.onAck((a) => acks.push(a));
  answers = [];
  heard = [];
  statusAsked = [];
  await store.write(() => store.db.prepare('DELETE FROM usage').run());
});

afterEach(() => hub.close());

const post = (path: string, body: string | Buffer) => http(listener.port, 'POST', `${path}?token=${token}`, body);
const get = (path: string, query: string, o: { signal?: AbortSignal; plugin?: string } = {}) =>
  http(listener.port, 'GET', `${path}?token=${token}${query}`, undefined, {
    signal: o.signal,
    headers: o.plugin ? { 'X-Lich-Plugin': o.plugin } : {},
  });

/** What each endpoint applied for the fixture's session, in the fixture's field names. */
const applied: Record<string, () => Record<string, unknown> | undefined> = {
  'mod-control.jsonl': () => (acks.length === 1 ? { ...acks[0] } : undefined),
  'mod-answer.jsonl': () => (answers.length === 1 ? { ...answers[0] } : undefined),
  'mod-usage.jsonl': () => store.usage('s1') as Record<string, unknown> | undefined,
};

const endpoint: Record<string, string> = {
  'mod-control.jsonl': '/mod/acks',
  'mod-answer.jsonl': '/mod/answer',
  'mod-usage.jsonl': '/mod/usage',
};

describe('the mod reports replay every upstream fixture line', () => {
  for (const [file, path] of Object.entries(endpoint)) {
    describe(`${path} (${file})`, () => {
      it('has cases of both verdicts', () => {
        const all = cases(file);
        expect(all.some((c) => c.accept)).toBe(true);
        expect(all.some((c) => c.reject !== undefined)).toBe(true);
      });

      for (const c of [...cases(file), ...cases(file, ours)]) {
        it(`${c.accept ? 'accepts' : 'rejects'}: ${c.name}`, async () => {
          const r = await post(path, c.raw ?? JSON.stringify(c.body));
          const got = applied[file]();
          if (c.reject !== undefined) {
            expect(r.status).toBe(400);
            expect(r.body).toBe(`${c.reject}\n`);
            expect(got).toBeUndefined();
            expect(heard).toEqual([]);
            return;
          }
          expect(r.status).toBe(204);
          expect(r.body).toBe('');
          expect(got, 'exactly one report applied').toBeDefined();
          for (const [k, v] of Object.entries(c.accept!)) expect(got![k], k).toStrictEqual(v);
          expect(heard).toEqual(['s1']);
        });
      }
    });
  }
});

describe('GET /mod/commands hands over every command shape unchanged', () => {
  it('round-trips each command of mod-commands.json through enqueue and a poll, byte for byte as JSON', async () => {
    const shapes = JSON.parse(readFileSync(join(fixtures, 'mod-commands.json'), 'utf8')) as ModCommand[];
    const poll = get('/mod/commands', '&session_id=s1', { plugin: '0.17.0' });
    await until(() => hub.polling('s1'));
    const tickets = shapes.map(({ id: _id, ...body }) => hub.enqueue('s1', body as ModCommandBody));
    expect(tickets.map((t) => t.id)).toEqual(shapes.map((c) => c.id));
    const r = await poll;
    expect(r.status).toBe(200);
    expect(r.headers['content-type']).toBe('application/json');
    expect(r.body).toBe(`${JSON.stringify(shapes)}\n`);
    expect(await Promise.all(tickets.map((t) => t.collected))).toEqual(shapes.map(() => true));
    expect(hub.plugin('s1')).toBe('0.17.0');
    expect(heard).toEqual(['s1']);
  });
});

describe('the mod endpoints', () => {
  it('refuses a poll or a status read without a session_id', async () => {
    for (const path of ['/mod/commands', '/mod/status']) {
      for (const q of ['', '&session_id=']) {
        const r = await get(path, q);
        expect([r.status, r.body], path).toEqual([400, 'session_id is required\n']);
      }
    }
  });

  it('answers any other method than the path’s own 405 method not allowed', async () => {
    for (const [method, path] of [
      ['POST', '/mod/commands'],
      ['GET', '/mod/acks'],
      ['PUT', '/mod/answer'],
      ['POST', '/mod/status'],
      ['DELETE', '/mod/usage'],
    ]) {
      const r = await http(listener.port, method, `${path}?token=${token}&session_id=s1`);
      expect([r.status, r.body], `${method} ${path}`).toEqual([405, 'method not allowed\n']);
    }
    expect(hub.polling('s1')).toBe(false);
  });

  it('answers a status read at once with the relay’s status as JSON', async () => {
    const r = await get('/mod/status', '&session_id=s1');
    expect(r.status).toBe(200);
    expect(r.headers['content-type']).toBe('application/json');
    expect(JSON.parse(r.body)).toEqual(STATUS);
    expect(statusAsked).toEqual(['s1']);
  });

  it('refuses an ack or answer over 64 KiB and a usage report over 4 KiB, naming the limit', async () => {
    const pad = (n: number) => JSON.stringify({ session_id: 's1', id: 'm1', kind: 'abort', ok: true, pad: 'x'.repeat(n) });
    expect((await post('/mod/acks', pad(60_000))).status).toBe(204);
    const big = await post('/mod/acks', pad(70_000));
    expect([big.status, big.body]).toEqual([400, 'body is over the 65536-byte limit\n']);
    const answer = await post('/mod/answer', JSON.stringify({ session_id: 's1', text: 'y'.repeat(70_000) }));
    expect([answer.status, answer.body]).toEqual([400, 'body is over the 65536-byte limit\n']);
    const usage = await post('/mod/usage', JSON.stringify({ session_id: 's1', conversation_id: 'c1', context: { window: 1 }, pad: 'x'.repeat(4096) }));
    expect([usage.status, usage.body]).toEqual([400, 'body is over the 4096-byte limit\n']);
    expect(store.usage('s1')).toBeUndefined();
  });

  it('takes an answer of 16,000 UTF-16 units whole and refuses a longer one', async () => {
    const text = `${'é'.repeat(15_999)}!`;
    expect((await post('/mod/answer', JSON.stringify({ session_id: 's1', text }))).status).toBe(204);
    expect(answers).toEqual([{ session_id: 's1', text }]);
    const r = await post('/mod/answer', JSON.stringify({ session_id: 's1', text: `${text}!` }));
    expect([r.status, r.body]).toEqual([400, 'text must be at most 16000 UTF-16 units\n']);
  });

  it('keeps the latest usage report of a session, and accepts one for a session it does not hold without recording it', async () => {
    const report = (cost: number) => JSON.stringify({ session_id: 's1', conversation_id: 'c1', context: { window: 200000 }, cost_usd: cost });
    await post('/mod/usage', report(0.5));
    await post('/mod/usage', report(0.75));
    expect(store.usage('s1')).toMatchObject({ conversation_id: 'c1', cost_usd: 0.75 });
    const elsewhere = await post('/mod/usage', JSON.stringify({ session_id: 'elsewhere', conversation_id: 'c', context: { window: 1 } }));
    expect(elsewhere.status).toBe(204);
    expect(store.usage('elsewhere')).toBeUndefined();
  });

  it('settles a command on the ack its mod posts after polling it', async () => {
    const poll = get('/mod/commands', '&session_id=s1');
    await until(() => hub.polling('s1'));
    const t = hub.enqueue('s1', { kind: 'ask', question: 'what are you working on?' });
    expect(JSON.parse((await poll).body)).toEqual([t.command]);
    const ack = await post('/mod/acks', JSON.stringify({ session_id: 's1', id: t.id, kind: 'ask', ok: true, answer: 'The docs.' }));
    expect(ack.status).toBe(204);
    expect(await t.wait(60_000)).toEqual({ state: 'acked', ok: true, answer: 'The docs.' });
  });

  it('keeps the command of a poll whose client hung up for the next poll, even one handed over as it hung up', async () => {
    // A command lost to the dead socket would leave the next poll empty once its hold ran out.
    hub.close();
    hub = new ModHub({ pollWaitMs: 2_000 });
    for (let round = 0; round < 20; round++) {
      const ac = new AbortController();
      const polls = heard.length;
      const dead = get('/mod/commands', '&session_id=s1', { signal: ac.signal }).catch(() => 'hung up');
      await until(() => heard.length > polls);
      // In one tick: the client goes away and a command comes, so the held poll may be handed
      // it before the listener hears the socket close.
      ac.abort();
      const t = hub.enqueue('s1', { kind: 'prompt', text: `round ${round}` });
      expect(await dead).toBe('hung up');
      const next = await get('/mod/commands', '&session_id=s1');
      expect(JSON.parse(next.body), `round ${round}`).toEqual([t.command]);
      expect(await t.collected).toBe(true);
    }
  });
});
