import { homedir } from 'node:os';
import { afterEach, describe, expect, it } from 'vitest';
import { ManualClock } from '../testing/clock.js';
import { focus } from './focus.js';
import type { RelaySession } from './host.js';
import { Inserter, type InsertHost, resolveInsertTarget, waitSeconds } from './insert.js';

function session(id: string, label: string, o: Partial<RelaySession> = {}): RelaySession {
  return {
    id,
    projectId: 'p1',
    project: 'lich',
    projectPath: '/src/lich',
    label,
    name: `lich-${id}`,
    kind: 'claude',
    path: '/src/lich',
    reportsState: true,
    hasTools: false,
    ...o,
  };
}

const docs = session('d1', 'docs');
const api = session('a1', 'api', { path: '/wt/api' });
const revu = session('r1', 'review', { projectId: 'p2', project: 'revu', projectPath: '/src/revu', path: '/src/revu' });

/** A host whose sessions, readiness and states the test sets; it records what is written. */
class FakeHost implements InsertHost {
  sessions: RelaySession[] = [docs, api, revu];
  readyIds = new Set<string>(['d1', 'a1', 'r1']);
  setup = new Set<string>();
  states = new Map<string, string>();
  dead = new Set<string>();
  written: Array<[string, string]> = [];
  readonly clock = new ManualClock();
  liveSessions() {
    return this.sessions.filter((s) => !this.dead.has(s.id));
  }
  settled(id: string) {
    return this.readyIds.has(id);
  }
  inSetup(id: string) {
    return this.setup.has(id);
  }
  live(id: string) {
    return !this.dead.has(id);
  }
  state(id: string) {
    return this.states.get(id) ?? '';
  }
  async paste(id: string, text: string) {
    if (this.dead.has(id)) throw new Error('no terminal');
    this.written.push([id, `\x1b[200~${text}\x1b[201~`]);
  }
}

let inserters: Inserter[] = [];
afterEach(() => {
  for (const i of inserters) i.close();
  inserters = [];
});

function inserter(host: FakeHost): Inserter {
  const i = new Inserter(host, { home: homedir(), pollMs: 10 });
  inserters.push(i);
  return i;
}

const opts = (o: Partial<{ from: string; session: string; project: string; text: string; timeoutSeconds: number }>) => ({
  from: '',
  session: '',
  project: '',
  text: 'hello',
  timeoutSeconds: 0,
  ...o,
});

describe('Inserter', () => {
  it('pastes the sanitised text as one bracketed paste with no Enter after it', async () => {
    const host = new FakeHost();
    const out = await inserter(host).insert(opts({ session: 'docs', text: 'fix\x1b[31m this\r\nplease\t\x07' }));
    expect(out).toEqual({ id: 'd1', label: 'docs', project: 'lich', kind: 'claude', bytes: Buffer.byteLength('fix[31m this\nplease\t') });
    expect(host.written).toEqual([['d1', '\x1b[200~fix[31m this\nplease\t\x1b[201~']]);
  });

  it('counts bytes in UTF-8', async () => {
    const host = new FakeHost();
    expect((await inserter(host).insert(opts({ session: 'docs', text: 'héllo' }))).bytes).toBe(6);
  });

  it('refuses blank text and text over 65536 bytes, writing nothing', async () => {
    const host = new FakeHost();
    await expect(inserter(host).insert(opts({ session: 'docs', text: '\x1b \n' }))).rejects.toThrow('nothing to insert: the text is empty');
    await expect(inserter(host).insert(opts({ session: 'docs', text: 'x'.repeat(65537) }))).rejects.toThrow(
      'text is 65537 bytes, over the 65536 limit: insert the path of the file instead of its contents',
    );
    expect(host.written).toEqual([]);
  });

  it('refuses a session in waiting: the dialog would read what is typed', async () => {
    const host = new FakeHost();
    host.states.set('d1', 'waiting');
    await expect(inserter(host).insert(opts({ session: 'docs' }))).rejects.toThrow(
      '"docs" is waiting on a permission prompt: what is typed there is read by the dialog, not the prompt — answer it in that card, then insert again',
    );
    expect(host.written).toEqual([]);
  });

  it('waits for a session still starting, and pastes once it is at its prompt', async () => {
    const host = new FakeHost();
    host.readyIds.delete('d1');
    const pending = inserter(host).insert(opts({ session: 'docs', timeoutSeconds: 5 }));
    await host.clock.advance(100);
    host.readyIds.add('d1');
    await host.clock.advance(10);
    await expect(pending).resolves.toMatchObject({ id: 'd1' });
    expect(host.written).toHaveLength(1);
  });

  it('refuses, once the wait runs out, a session still running its setup script, with the reason', async () => {
    const host = new FakeHost();
    host.readyIds.delete('a1');
    host.setup.add('a1');
    const refused = expect(inserter(host).insert(opts({ session: 'api', timeoutSeconds: 1 }))).rejects.toThrow(
      `"api" is still running its checkout's setup script, so no prompt is there to take the text: nothing was inserted — insert it again once its agent is up`,
    );
    await host.clock.advance(1000);
    await refused;
    expect(host.written).toEqual([]);
  });

  it('refuses a session that never reached its prompt in time', async () => {
    const host = new FakeHost();
    host.readyIds.delete('d1');
    const refused = expect(inserter(host).insert(opts({ session: 'docs', timeoutSeconds: 1 }))).rejects.toThrow(
      '"docs" was still not at its prompt after 1s: its agent may still be starting — nothing was inserted; insert it again once its card shows a prompt',
    );
    await host.clock.advance(1000);
    await refused;
  });

  it('refuses a session that ends while it waits', async () => {
    const host = new FakeHost();
    host.readyIds.delete('d1');
    const refused = expect(inserter(host).insert(opts({ session: 'docs', timeoutSeconds: 5 }))).rejects.toThrow(
      '"docs" ended before the text could be inserted',
    );
    await host.clock.advance(50);
    host.dead.add('d1');
    await host.clock.advance(10);
    await refused;
  });

  it('lets a waiting insert go when lich quits', async () => {
    const host = new FakeHost();
    host.readyIds.delete('d1');
    const i = inserter(host);
    const refused = expect(i.insert(opts({ session: 'docs', timeoutSeconds: 60 }))).rejects.toThrow('lich is quitting');
    await host.clock.advance(30);
    i.close();
    await refused;
  });

  it('waits 10 s by default, and at most 1800', () => {
    expect(waitSeconds(0)).toBe(10);
    expect(waitSeconds(-5)).toBe(10);
    expect(waitSeconds(3.9)).toBe(3);
    expect(waitSeconds(1e9)).toBe(1800);
  });
});

describe('resolveInsertTarget', () => {
  const live = [docs, api, revu];

  it('resolves --session as send resolves its target', () => {
    expect(resolveInsertTarget(live, { from: '', session: 'lich-a1', project: '' }).id).toBe('a1');
    expect(() => resolveInsertTarget(live, { from: '', session: 'nope', project: '' })).toThrow(
      'no live session named "nope". Live sessions: "docs" (lich-d1), "api" (lich-a1), "review" (lich-r1).',
    );
  });

  it('takes the one live session of a project named', () => {
    expect(resolveInsertTarget(live, { from: '', session: '', project: 'REVU' }).id).toBe('r1');
  });

  it('prefers the session running in that very directory', () => {
    expect(resolveInsertTarget(live, { from: '', session: '', project: '/wt/api' }).id).toBe('a1');
    expect(resolveInsertTarget(live, { from: '', session: '', project: '/src/lich/' }).id).toBe('d1');
  });

  it('refuses two candidates, naming both, never a guess', () => {
    expect(() => resolveInsertTarget(live, { from: '', session: '', project: 'lich' })).toThrow(
      '2 live sessions are running in project "lich": "docs" (/src/lich), "api" (/wt/api) — pick one with --session; lich sessions --json lists each with its path',
    );
  });

  it('leaves the caller out', () => {
    expect(resolveInsertTarget(live, { from: 'd1', session: '', project: 'lich' }).id).toBe('a1');
  });

  it('refuses a place where nothing runs, and neither a session nor a project', () => {
    expect(() => resolveInsertTarget(live, { from: '', session: '', project: '/tmp/x' })).toThrow(
      'no live session is running in "/tmp/x". Live sessions: "docs" (lich-d1), "api" (lich-a1), "review" (lich-r1).',
    );
    expect(() => resolveInsertTarget([], { from: '', session: '', project: 'lich' })).toThrow(
      'no live session is running in project "lich". No other session is live.',
    );
    expect(() => resolveInsertTarget(live, { from: '', session: '', project: '' })).toThrow(
      'name the session to insert at with --session, or where to look for it with --project (a project name or the absolute path of a directory)',
    );
  });
});

describe('focus', () => {
  it("resolves the session as send does and records its card as its project's open one", async () => {
    const active: string[] = [];
    const host = { liveSessions: () => [docs, api, revu], setActive: (id: string) => void active.push(id) };
    expect(await focus(host, { from: '', target: 'api', project: '' })).toEqual({ id: 'a1', label: 'api', project: 'lich' });
    expect(active).toEqual(['a1']);
    await expect(focus(host, { from: '', target: 'nope', project: '' })).rejects.toThrow('no live session named "nope".');
    expect(active).toEqual(['a1']);
  });
});
