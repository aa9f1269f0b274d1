import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../server.js';
import { Store, StoreError, type SessionRow } from '../store/store.js';
import { handleHook, type HookDeps } from './endpoints.js';
import { http, tempLich, type TempLich } from '../testing.js';
import { systemClock } from '../clock.js';

const repo = join(dirname(fileURLToPath(import.meta.url)), '../../../..');
/** The upstream fixtures, as copied into the repository (`contracts/fixtures/upstream/SOURCE.md`). */
const fixtures = join(repo, 'contracts/fixtures/upstream');
/** This project's own fixtures in the same format, for what the upstream ones do not cover yet (`contracts/fixtures/lich/README.md`). */
const ours = join(repo, 'contracts/fixtures/lich');

interface Case {
  name: string;
  body?: unknown;
  raw?: string;
  accept?: Record<string, string>;
  reject?: string;
  /** Columns of the row set before the body is posted (`contracts/fixtures/lich/README.md`). */
  seed?: { provider_session_id?: string };
}

const endpoints: Record<string, string> = {
  'session-state.jsonl': '/hook',
  'session-start.jsonl': '/session-start',
  'session-title.jsonl': '/session-title',
  'session-touched.jsonl': '/session-touched',
};

function cases(file: string, dir = fixtures): Case[] {
  if (!existsSync(join(dir, file))) return [];
  return readFileSync(join(dir, file), 'utf8')
    .split('\n')
    .filter((l) => l.trim() !== '')
    .map((l) => JSON.parse(l));
}

/** How a fixture's accepted field reads back from the session row. */
const column: Record<string, (r: SessionRow) => unknown> = {
  session_id: (r) => r.id,
  state: (r) => r.state,
  tool: (r) => r.stateTool,
  detail: (r) => r.stateDetail,
  reason: (r) => r.stateReason,
  provider_session_id: (r) => r.providerSessionId,
  provider: (r) => r.provider,
  title: (r) => r.title,
};

let dirs: TempLich;
let server: RunningServer;
let store: Store;
let now = 1_000;

beforeAll(async () => {
  dirs = tempLich();
  server = await startServer({
    configDir: dirs.configDir,
    dataDir: dirs.dataDir,
    port: 0,
    bin: '/usr/local/bin/lich',
    env: { PATH: process.env.PATH },
    clock: { now: () => now, after: (ms, fn) => systemClock.after(ms, fn) },
    log: () => {},
  });
  // A second connection to the same database: WAL lets the test seed and read rows beside the backend's.
  store = new Store(join(dirs.dataDir, 'lich.db'));
  await store.insertProject({ id: 'p1', name: 'lich', path: dirs.root });
  await store.insertSession({ id: 's1', projectId: 'p1', label: 'Session 1', kind: 'claude', path: dirs.root, folder: '', model: '', originSessionId: '', originLabel: '', confined: false, parked: true });
});

afterAll(async () => {
  store.close();
  await server.close();
  dirs.cleanup();
});

function reset(): Promise<unknown> {
  return store.write(() =>
    store.db
      .prepare(
        "UPDATE sessions SET state = '', state_tool = '', state_detail = '', state_reason = '', provider = '', provider_session_id = '', title = '', label = 'Session 1', label_auto = 1, touched_at = 0 WHERE id = 's1'",
      )
      .run(),
  );
}

const post = (path: string, body: string) => http(server.port, 'POST', `${path}?token=${server.token}`, body);

describe('session hooks replay every upstream fixture line, and this project’s own', () => {
  it('finds the fixtures in the repository itself', () => {
    expect(existsSync(join(fixtures, 'session-state.jsonl'))).toBe(true);
  });

  for (const [file, path] of Object.entries(endpoints)) {
    describe(`${path} (${file})`, () => {
      for (const c of [...cases(file), ...cases(file, ours)]) {
        it(`${c.accept ? 'accepts' : 'rejects'}: ${c.name}`, async () => {
          await reset();
          if (c.seed?.provider_session_id) await store.setProviderSession('s1', 'claude', c.seed.provider_session_id);
          const before = store.session('s1')!;
          now += 1_000;
          const r = await post(path, c.raw ?? JSON.stringify(c.body));
          const after = store.session('s1')!;
          if (c.reject !== undefined) {
            expect(r.status).toBe(400);
            expect(r.body).toBe(`${c.reject}\n`);
            expect(after).toEqual(before);
            return;
          }
          expect(r.status).toBe(204);
          expect(r.body).toBe('');
          for (const [k, v] of Object.entries(c.accept!)) {
            expect(column[k], `no column for ${k}`).toBeDefined();
            expect(column[k](after), k).toBe(v);
          }
          if (path === '/session-touched') expect(after.touchedAt).toBe(now);
        });
      }
    });
  }
});

describe('session hooks', () => {
  it('leaves a label the user chose alone when the provider reports a title', async () => {
    await reset();
    await store.setLabel('s1', 'my label', false);
    expect((await post('/session-title', JSON.stringify({ session_id: 's1', title: 'Auto title' }))).status).toBe(204);
    expect(store.session('s1')).toMatchObject({ label: 'my label', title: '' });
  });

  it('takes the provider title as the label while the label is lich’s own', async () => {
    await reset();
    await post('/session-title', JSON.stringify({ session_id: 's1', title: 'Auto title' }));
    expect(store.session('s1')).toMatchObject({ label: 'Auto title', title: 'Auto title' });
  });

  it('takes a provider title with control characters as a label cleaned of them, and refuses one that is nothing else', async () => {
    await reset();
    expect((await post('/session-title', JSON.stringify({ session_id: 's1', title: 'Fix\tthe\x1b]0;PWNED\x07 bug\n' }))).status).toBe(204);
    expect(store.session('s1')).toMatchObject({ label: 'Fixthe]0;PWNED bug', title: 'Fixthe]0;PWNED bug' });
    expect((await post('/session-title', JSON.stringify({ session_id: 's1', title: '\x1b\x07' }))).status).toBe(400);
    expect(store.session('s1')).toMatchObject({ label: 'Fixthe]0;PWNED bug' });
  });

  it('caps tool, detail and reason at 120 runes', async () => {
    await reset();
    const long = 'é'.repeat(130);
    await post('/hook', JSON.stringify({ session_id: 's1', state: 'busy', tool: long, detail: long }));
    expect([...store.session('s1')!.stateTool].length).toBe(120);
    expect([...store.session('s1')!.stateDetail].length).toBe(120);
  });

  it('refuses lich’s own interrupted state and a body over 4 KiB', async () => {
    expect((await post('/hook', JSON.stringify({ session_id: 's1', state: 'interrupted' }))).status).toBe(400);
    const big = await post('/hook', JSON.stringify({ session_id: 's1', state: 'busy', tool: 'x'.repeat(5000) }));
    expect(big.status).toBe(400);
    expect(big.body).toBe('body is over the 4096-byte limit\n');
  });

  it('accepts a report for a session it does not hold, changing nothing', async () => {
    expect((await post('/hook', JSON.stringify({ session_id: 'elsewhere', state: 'busy' }))).status).toBe(204);
    expect(store.session('elsewhere')).toBeUndefined();
  });

  it('registers a user-defined provider for /session-start without a restart', async () => {
    const body = JSON.stringify({ session_id: 's1', provider_session_id: 'abc', provider: 'example' });
    expect((await post('/session-start', body)).body).toBe('provider must be a registered provider id\n');
    mkdirSync(dirs.configDir, { recursive: true });
    writeFileSync(join(dirs.configDir, 'providers.json'), JSON.stringify({ providers: { example: { name: 'Example', command: '/bin/cat' } } }));
    expect((await post('/session-start', body)).status).toBe(204);
    expect(store.session('s1')).toMatchObject({ provider: 'example', providerSessionId: 'abc' });
  });

  it('refuses a provider session id that could name a path', async () => {
    const r = await post('/session-start', JSON.stringify({ session_id: 's1', provider_session_id: '../etc' }));
    expect(r.status).toBe(400);
  });
});

describe('a report whose store write fails', () => {
  const title = Buffer.from(JSON.stringify({ session_id: 's1', title: 'the login bug' }));
  const failing = (err: Error, lines: string[]): HookDeps => ({
    store: {
      setTitle: () => {
        throw err;
      },
    } as unknown as Store,
    providers: {} as HookDeps['providers'],
    observe: () => {},
    log: (line) => lines.push(line),
  });

  it('logs a store failure worded for a person as its one line: it is expected, and lich rage bundles the log', async () => {
    const lines: string[] = [];
    const answer = await handleHook(failing(new StoreError('the disk holding /x/lich.db is full: free some space'), lines), '/session-title', title);
    expect(answer).toEqual({ status: 500, body: 'the disk holding /x/lich.db is full: free some space' });
    expect(lines).toEqual(['/session-title failed: the disk holding /x/lich.db is full: free some space']);
  });

  it('logs anything unexpected with its stack', async () => {
    const lines: string[] = [];
    await handleHook(failing(new TypeError('cannot read properties of undefined'), lines), '/session-title', title);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^\/session-title failed: TypeError: cannot read properties of undefined\n\s+at /);
  });
});
