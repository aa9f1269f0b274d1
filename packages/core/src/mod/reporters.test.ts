/**
 * The reporters against a recording stand-in for lich's endpoints on a real loopback port, and
 * every line of the upstream fixtures of the endpoints a plugin POSTs to: an accepted body is
 * sent byte for byte, a refused one never leaves.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { pluginEndpoint, type PluginEndpoint } from './endpoint.js';
import {
  answerAsWorker,
  modStatus,
  postReport,
  type ReportPath,
  reportSessionStart,
  reportState,
  reportTitle,
  reportTouched,
  reportUsage,
} from './reporters.js';
import { bodyRefusal } from './validate.js';
import { type RecordingLich, startRecordingLich } from './testing.js';

const FIXTURES = new URL('../../../../contracts/fixtures/upstream/', import.meta.url);

/** Fixture file → the endpoint its cases are bodies of (contracts/fixtures/upstream/README.md). */
const ENDPOINT_OF: Record<string, ReportPath> = {
  'session-state.jsonl': '/hook',
  'session-start.jsonl': '/session-start',
  'session-title.jsonl': '/session-title',
  'session-touched.jsonl': '/session-touched',
  'mod-control.jsonl': '/mod/acks',
  'mod-answer.jsonl': '/mod/answer',
  'mod-usage.jsonl': '/mod/usage',
};

/**
 * The refusals only lich can make: whether a provider id is registered is lich's to know (a
 * user-defined provider is one), so the body is sent and lich's refusal comes back as the reason.
 */
const LICH_ONLY = new Set(['session-start.jsonl: unregistered provider']);

interface Case {
  file: string;
  name: string;
  body?: Record<string, unknown>;
  raw?: string;
  accept?: unknown;
  reject?: string;
}

const cases: Case[] = readdirSync(FIXTURES)
  .filter((f) => /^(session|mod)-.*\.jsonl$/.test(f))
  .flatMap((file) =>
    readFileSync(new URL(file, FIXTURES), 'utf8')
      .split('\n')
      .filter((l) => l.trim() !== '')
      .map((l) => ({ file, ...(JSON.parse(l) as Omit<Case, 'file'>) })),
  );

let lich: RecordingLich;
let ep: PluginEndpoint;

beforeAll(async () => {
  lich = await startRecordingLich({ sessionId: 's1' });
  ep = pluginEndpoint(lich.env, '0.17.0')!;
  lich.on('POST /session-start', (r) =>
    (r.body as { provider?: string }).provider === 'aider'
      ? { status: 400, body: 'provider must be a registered provider id\n' }
      : { status: 204 },
  );
});

afterAll(async () => {
  ep.agent.destroy();
  await lich.close();
});

beforeEach(() => {
  lich.requests.length = 0;
});

describe('the fixtures of every endpoint a plugin posts to', () => {
  it('covers every session-* and mod-* fixture file there is', () => {
    expect(new Set(cases.map((c) => c.file))).toEqual(new Set(Object.keys(ENDPOINT_OF)));
  });

  const bodies = cases.filter((c) => c.body !== undefined);
  it.each(bodies.filter((c) => c.accept !== undefined).map((c) => [`${c.file}: ${c.name}`, c] as const))(
    'sends an accepted body exactly as it is: %s',
    async (_, c) => {
      const path = ENDPOINT_OF[c.file]!;
      expect(await postReport(ep, path, c.body as never)).toEqual({ ok: true });
      expect(lich.requests).toHaveLength(1);
      const sent = lich.requests[0]!;
      expect([sent.method, sent.path]).toEqual(['POST', path]);
      expect(sent.raw).toBe(JSON.stringify(c.body));
      expect(sent.body).toEqual(c.body);
      expect(sent.contentType).toBe('application/json');
      expect(sent.plugin).toBe('0.17.0');
      expect(sent.query.get('token')).toBe(lich.token);
    },
  );

  it.each(
    bodies
      .filter((c) => c.reject !== undefined && !LICH_ONLY.has(`${c.file}: ${c.name}`))
      .map((c) => [`${c.file}: ${c.name}`, c] as const),
  )('never sends a refused body: %s', async (_, c) => {
    const path = ENDPOINT_OF[c.file]!;
    const result = await postReport(ep, path, c.body as never);
    expect(result.ok).toBe(false);
    expect((result as { reason: string }).reason).toMatch(new RegExp(`^not sent to ${path}: `));
    expect(await bodyRefusal(path as never, c.body)).toBeDefined();
    expect(lich.requests).toEqual([]);
  });

  it('sends a provider lich alone can judge, and hands back lich’s refusal of it', async () => {
    const c = cases.find((x) => LICH_ONLY.has(`${x.file}: ${x.name}`))!;
    expect(await postReport(ep, '/session-start', c.body as never)).toEqual({
      ok: false,
      reason: `/session-start: ${c.reject}`,
    });
    expect(lich.requests).toHaveLength(1);
  });

  it('has no raw (malformed) case a typed reporter could produce: each is bytes that are not a JSON object', () => {
    for (const c of cases.filter((x) => x.raw !== undefined)) {
      expect(c.reject).toBe('body must be a JSON object');
      expect(() => JSON.parse(c.raw!)).toThrow();
    }
  });
});

describe('the typed reporters', () => {
  it('report state with the session id of the environment, the tool and its detail', async () => {
    expect(await reportState(ep, { state: 'busy', tool: 'Bash', detail: 'pnpm test' })).toEqual({ ok: true });
    expect(await reportState(ep, { state: 'waiting', reason: 'permission to run bash' })).toEqual({ ok: true });
    expect(await reportState(ep, { state: 'done' })).toEqual({ ok: true });
    expect(lich.requests.map((r) => [r.path, r.body])).toEqual([
      ['/hook', { session_id: 's1', state: 'busy', tool: 'Bash', detail: 'pnpm test' }],
      ['/hook', { session_id: 's1', state: 'waiting', reason: 'permission to run bash' }],
      ['/hook', { session_id: 's1', state: 'done' }],
    ]);
  });

  it('cut a detail longer than lich keeps to its 120 runes, so the report stays under its 4 KiB', async () => {
    const detail = `  ${'é'.repeat(3000)}`;
    expect(await reportState(ep, { state: 'busy', tool: 'bash', detail })).toEqual({ ok: true });
    expect((lich.requests[0]!.body as { detail: string }).detail).toBe('é'.repeat(120));
  });

  it('refuse a state lich does not take without sending it', async () => {
    const result = await reportState(ep, { state: 'interrupted' as never });
    expect(result).toEqual({ ok: false, reason: 'not sent to /hook: state must be one of busy, done, waiting, idle, compacting' });
    expect(lich.requests).toEqual([]);
  });

  it('report session-start, title, touched, usage and a worker’s answer', async () => {
    const results = [
      await reportSessionStart(ep, { provider_session_id: 'ses_011856954ffe5NEMhsYeTuWykR', provider: 'opencode' }),
      await reportTitle(ep, 'Fix the replay ring overflow'),
      await reportTouched(ep),
      await reportUsage(ep, { conversation_id: 'c1', context: { window: 200000, tokens: 100, percent: 0 }, rate_limits: [], cost_usd: 0.5 }),
      await answerAsWorker(ep, 'Done.\n\n- a < b && c > d'),
    ];
    expect(results).toEqual(results.map(() => ({ ok: true })));
    expect(lich.requests.map((r) => [r.path, r.body])).toEqual([
      ['/session-start', { session_id: 's1', provider_session_id: 'ses_011856954ffe5NEMhsYeTuWykR', provider: 'opencode' }],
      ['/session-title', { session_id: 's1', title: 'Fix the replay ring overflow' }],
      ['/session-touched', { session_id: 's1' }],
      ['/mod/usage', { session_id: 's1', conversation_id: 'c1', context: { window: 200000, tokens: 100, percent: 0 }, rate_limits: [], cost_usd: 0.5 }],
      ['/mod/answer', { session_id: 's1', text: 'Done.\n\n- a < b && c > d' }],
    ]);
  });

  it('refuse a blank title, a provider session id that names a path, and an answer over 16,000 UTF-16 units', async () => {
    expect(await reportTitle(ep, ' \n')).toEqual({ ok: false, reason: 'not sent to /session-title: title must not be blank' });
    expect((await reportSessionStart(ep, { provider_session_id: '../etc', provider: 'opencode' })).ok).toBe(false);
    expect((await answerAsWorker(ep, '😀'.repeat(8001))).ok).toBe(false);
    expect((await answerAsWorker(ep, '😀'.repeat(8000))).ok).toBe(true);
    expect(lich.requests).toHaveLength(1);
  });

  it('read the relay status of the session', async () => {
    const status = { owed: [{ ticket: 'a1b2c3d4', from: 'docs', asked: 'run the tests' }], open: [], ready: [] };
    lich.on('GET /mod/status', () => ({ status: 200, body: JSON.stringify(status), contentType: 'application/json' }));
    expect(await modStatus(ep)).toEqual({ ok: true, status });
    const [req] = lich.requests;
    expect([req!.method, req!.path, req!.query.get('session_id'), req!.query.get('token'), req!.plugin]).toEqual([
      'GET',
      '/mod/status',
      's1',
      lich.token,
      '0.17.0',
    ]);
    lich.on('GET /mod/status', () => ({ status: 200, body: '{"owed":null}' }));
    expect(await modStatus(ep)).toEqual({ ok: false, reason: '/mod/status: lich answered something that is not a relay status' });
    lich.on('GET /mod/status', () => ({ status: 400, body: 'session_id is required\n' }));
    expect(await modStatus(ep)).toEqual({ ok: false, reason: '/mod/status: session_id is required', httpStatus: 400 });
    // A lich older than the endpoint: the status a poller stops on.
    lich.on('GET /mod/status', () => ({ status: 404, body: '404 page not found\n' }));
    expect(await modStatus(ep)).toMatchObject({ ok: false, httpStatus: 404 });
  });

  it('resolve lich’s refusal as the reason, never throwing', async () => {
    lich.on('POST /session-touched', () => ({ status: 401, body: 'invalid token\n' }));
    expect(await reportTouched(ep)).toEqual({ ok: false, reason: '/session-touched: invalid token' });
    lich.on('POST /session-touched', () => ({ status: 500, body: '{"error":"database is locked"}' }));
    expect(await reportTouched(ep)).toEqual({ ok: false, reason: '/session-touched: database is locked' });
    lich.on('POST /session-touched', () => ({ status: 503 }));
    expect(await reportTouched(ep)).toEqual({ ok: false, reason: '/session-touched: 503 Service Unavailable' });
    lich.on('POST /session-touched', () => ({ hangUp: true }));
    const hungUp = await reportTouched(ep);
    expect(hungUp.ok).toBe(false);
    expect((hungUp as { reason: string }).reason).toMatch(/^reach lich: /);
  });

  it('resolve a lich that is not listening as no lich running, without the token or Node\'s ECONNREFUSED', async () => {
    const gone = await startRecordingLich();
    const goneEp = pluginEndpoint(gone.env, '0.17.0')!;
    await gone.close();
    for (const result of [await reportState(goneEp, { state: 'busy' }), await modStatus(goneEp)]) {
      expect(result.ok).toBe(false);
      const reason = (result as { reason: string }).reason;
      expect(reason).toBe('reach lich: no lich is running — open lich, or run this inside one of its sessions');
      expect(reason).not.toContain(gone.token);
    }
  });
});

describe('pluginEndpoint', () => {
  it('is null outside lich: a missing or empty LICH_PORT, LICH_TOKEN or LICH_SESSION_ID, or a port that is not one', () => {
    const env = { LICH_PORT: '47821', LICH_TOKEN: 't'.repeat(32), LICH_SESSION_ID: 's1' };
    for (const name of Object.keys(env)) {
      expect(pluginEndpoint({ ...env, [name]: undefined }, '1')).toBeNull();
      expect(pluginEndpoint({ ...env, [name]: '' }, '1')).toBeNull();
    }
    for (const port of ['0', '65536', '80a', '-1']) expect(pluginEndpoint({ ...env, LICH_PORT: port }, '1')).toBeNull();
    const ok = pluginEndpoint(env, '0.17.0')!;
    expect([ok.port, ok.token, ok.sessionId, ok.pluginVersion]).toEqual([47821, env.LICH_TOKEN, 's1', '0.17.0']);
    ok.agent.destroy();
  });
});
