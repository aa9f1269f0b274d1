/**
 * The opencode plugin's reports, against a recording stand-in for lich's hook endpoints on a
 * real loopback port, fed the events opencode hands a plugin's `event` hook.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Hooks } from '@opencode-ai/plugin';
import { type RecordingLich, startRecordingLich } from '@lich/core/mod/testing';
import { lichHooks } from './plugin.js';

let lich: RecordingLich;

beforeEach(async () => {
  lich = await startRecordingLich({ sessionId: 'lich-7' });
});

afterEach(async () => {
  await lich.close();
});

/** The reports lich received, as `[path, body without session_id]`. */
function reports(): Array<[string, Record<string, unknown>]> {
  return lich.requests.map((r) => {
    const { session_id, ...rest } = r.body as Record<string, unknown>;
    expect(session_id).toBe('lich-7');
    return [r.path, rest];
  });
}

/** Hands the hooks each event, then waits until every report they queued went out. */
async function feed(hooks: Hooks, ...events: Array<{ type: string; properties: unknown }>): Promise<void> {
  for (const event of events) await hooks.event!({ event: event as never });
  await hooks.dispose!();
}

const created = (id: string, parentID?: string) => ({
  type: 'session.created',
  properties: { info: { id, projectID: 'p', directory: '/w', title: 'New session', version: '1', time: { created: 1, updated: 1 }, ...(parentID ? { parentID } : {}) } },
});
const status = (sessionID: string, type: 'busy' | 'idle' | 'retry') => ({
  type: 'session.status',
  properties: { sessionID, status: type === 'retry' ? { type, attempt: 1, message: 'overloaded', next: 2 } : { type } },
});
const idle = (sessionID: string) => ({ type: 'session.idle', properties: { sessionID } });

describe('the opencode plugin’s reports', () => {
  it('reports nothing, and registers nothing, outside lich', async () => {
    for (const env of [{}, { ...lich.env, LICH_SESSION_ID: '' }, { ...lich.env, LICH_TOKEN: undefined }]) {
      expect(await lichHooks({ env })).toEqual({});
    }
    expect(lich.requests).toEqual([]);
  });

  it('reports the session start with provider opencode and opencode’s session id, then busy when a prompt starts', async () => {
    const hooks = await lichHooks({ env: lich.env });
    await feed(hooks, created('ses_011856954ffe5NEMhsYeTuWykR'), status('ses_011856954ffe5NEMhsYeTuWykR', 'busy'));
    expect(reports()).toEqual([
      ['/session-start', { provider_session_id: 'ses_011856954ffe5NEMhsYeTuWykR', provider: 'opencode' }],
      ['/hook', { state: 'busy' }],
    ]);
    expect(lich.requests.every((r) => r.plugin !== undefined && r.plugin !== '')).toBe(true);
  });

  it('reports a resumed session’s start with its first turn, when no session.created came', async () => {
    const hooks = await lichHooks({ env: lich.env });
    await feed(hooks, status('ses_resumed', 'busy'));
    expect(reports()).toEqual([
      ['/session-start', { provider_session_id: 'ses_resumed', provider: 'opencode' }],
      ['/hook', { state: 'busy' }],
    ]);
  });

  it('reports done once when the session goes idle, though opencode says so twice', async () => {
    const hooks = await lichHooks({ env: lich.env });
    await feed(hooks, status('ses_a', 'busy'), status('ses_a', 'retry'), status('ses_a', 'busy'), status('ses_a', 'idle'), idle('ses_a'));
    expect(reports().map(([path, body]) => `${path} ${String(body.state ?? '')}`)).toEqual(['/session-start ', '/hook busy', '/hook done']);
  });

  it('reports no done before any turn started', async () => {
    const hooks = await lichHooks({ env: lich.env });
    await feed(hooks, idle('ses_a'), status('ses_a', 'idle'));
    expect(reports()).toEqual([]);
  });

  it('reports waiting on a permission ask with what it is about, and busy again once it is answered', async () => {
    const hooks = await lichHooks({ env: lich.env });
    await feed(
      hooks,
      status('ses_a', 'busy'),
      {
        type: 'permission.updated',
        properties: { id: 'per_1', type: 'bash', sessionID: 'ses_a', messageID: 'msg_1', title: 'rm -rf build', metadata: {}, time: { created: 1 } },
      },
      { type: 'permission.replied', properties: { sessionID: 'ses_a', permissionID: 'per_1', response: 'once' } },
      {
        type: 'permission.asked',
        properties: { id: 'per_2', sessionID: 'ses_a', permission: 'edit', patterns: ['src/a.ts', 'src/b.ts'], metadata: {}, always: [] },
      },
      { type: 'permission.replied', properties: { sessionID: 'ses_a', requestID: 'per_2', reply: 'reject' } },
      status('ses_a', 'idle'),
    );
    expect(reports().slice(1)).toEqual([
      ['/hook', { state: 'busy' }],
      ['/hook', { state: 'waiting', reason: 'rm -rf build' }],
      ['/hook', { state: 'busy' }],
      ['/hook', { state: 'waiting', reason: 'edit: src/a.ts, src/b.ts' }],
      ['/hook', { state: 'busy' }],
      ['/hook', { state: 'done' }],
    ]);
  });

  it('leaves a subagent’s child session out: its turns are inside the parent’s', async () => {
    const hooks = await lichHooks({ env: lich.env });
    await feed(
      hooks,
      created('ses_parent'),
      status('ses_parent', 'busy'),
      created('ses_child', 'ses_parent'),
      status('ses_child', 'busy'),
      status('ses_child', 'idle'),
      idle('ses_child'),
      status('ses_parent', 'idle'),
    );
    expect(reports()).toEqual([
      ['/session-start', { provider_session_id: 'ses_parent', provider: 'opencode' }],
      ['/hook', { state: 'busy' }],
      ['/hook', { state: 'done' }],
    ]);
  });

  it('reports a new session’s start when the user starts one', async () => {
    const hooks = await lichHooks({ env: lich.env });
    await feed(hooks, status('ses_a', 'busy'), status('ses_a', 'idle'), created('ses_b'), status('ses_b', 'busy'));
    expect(reports().filter(([path]) => path === '/session-start').map(([, b]) => b.provider_session_id)).toEqual(['ses_a', 'ses_b']);
  });

  it('never breaks on a failed report: no throw, no unhandled rejection, and the next report still goes out', async () => {
    const unhandled: unknown[] = [];
    const onUnhandled = (reason: unknown) => unhandled.push(reason);
    process.on('unhandledRejection', onUnhandled);
    try {
      const lines: string[] = [];
      lich.on('POST /session-start', { status: 500, body: 'database is locked\n' });
      lich.on('POST /hook', (r) => ((r.body as { state?: string }).state === 'busy' ? { hangUp: true } : { status: 204 }));
      const hooks = await lichHooks({ env: lich.env, log: (l) => lines.push(l) });
      await feed(hooks, status('ses_a', 'busy'), { type: 'session.status', properties: null }, { type: 'nonsense' } as never, status('ses_a', 'idle'));
      expect(lines).toHaveLength(2);
      expect(lines.join('\n')).not.toContain(lich.token);
      // The start lich did not take goes again with the next turn.
      lich.on('POST /session-start', { status: 204 });
      await feed(hooks, status('ses_a', 'busy'));
      expect(reports().map(([path, body]) => `${path} ${String(body.state ?? '')}`)).toEqual([
        '/session-start ',
        '/hook busy',
        '/hook done',
        '/session-start ',
        '/hook busy',
      ]);
      // A lich that is gone altogether.
      await lich.close();
      await feed(hooks, status('ses_a', 'idle'));
      await new Promise((r) => setImmediate(r));
      expect(unhandled).toEqual([]);
    } finally {
      process.off('unhandledRejection', onUnhandled);
      lich = await startRecordingLich();
    }
  });

  it('reports without LICH_BIN or opencode’s tool helper, which only the tools need', async () => {
    const noHelper = await lichHooks({
      env: { ...lich.env, LICH_BIN: '/bin/echo' },
      loadToolHelper: () => Promise.reject(new Error("Cannot find package '@opencode-ai/plugin'")),
    });
    expect(noHelper.tool).toBeUndefined();
    const noBin = await lichHooks({ env: lich.env });
    expect(noBin.tool).toBeUndefined();
    await feed(noBin, status('ses_a', 'busy'));
    expect(reports().map(([path]) => path)).toEqual(['/session-start', '/hook']);
  });

  it('reports each event once when the hooks are built twice, as a loader calling both exports does', async () => {
    const first = await lichHooks({ env: lich.env });
    const second = await lichHooks({ env: lich.env });
    for (const event of [status('ses_a', 'busy'), status('ses_a', 'idle')]) {
      await first.event!({ event: event as never });
      await second.event!({ event: event as never });
    }
    await first.dispose!();
    await second.dispose!();
    expect(reports().map(([path, body]) => `${path} ${String(body.state ?? '')}`)).toEqual(['/session-start ', '/hook busy', '/hook done']);
  });
});
