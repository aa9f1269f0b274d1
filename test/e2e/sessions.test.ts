// Sessions as the CLI sees them: the roster and whoami (prose and --json), open and close of a
// session in the project directory, and how a <session> resolves — lich id, label, roster
// name, and the refusal when a label names sessions in two projects.
// spec/cli.md § lich sessions, § lich whoami, § lich send (resolution), § lich open, § lich close.
// The tests in this file run in order against one backend: each builds on the roster the
// previous one left.

import { basename } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pageLine, Backend, alive, exampleProvider, makeRepo, q, until, type Session } from './harness.js';

let b: Backend;
let repoA: string;
let repoB: string;

beforeAll(async () => {
  b = await Backend.start({ providers: ({ log }) => ({ example: exampleProvider(log) }) });
  repoA = makeRepo(b.home, 'alpha', 2);
  repoB = makeRepo(b.home, 'beta', 1);
});

afterAll(async () => {
  if (!b) return;
  const violations = b.violations;
  await b.close();
  expect(violations).toEqual([]);
});

const PEER_KEYS = ['label', 'name', 'project', 'kind', 'state', 'id', 'path', 'projectPath'];

function rosterName(dir: string, id: string): string {
  return `${basename(dir)}-${id.replace(/[^0-9A-Za-z]/g, '').slice(0, 4)}`;
}

let s1: Session;
let s2: Session;

describe('an empty roster', () => {
  it('says no other session is live, and --json prints [] rather than null', async () => {
    expect(await b.lich(['sessions'])).toEqual({ code: 0, stdout: 'No other live sessions.\n', stderr: '' });
    expect(await b.lich(['sessions', '--json'])).toEqual({ code: 0, stdout: '[]\n', stderr: '' });
  });
});

describe('lich open in the project directory', () => {
  it('opens a session by the project path and prints the two names it answers to', async () => {
    const r = await b.lich(['open', '--project', repoA, '--kind', 'example']);
    expect(r.code).toBe(0);
    expect(r.stderr).toBe('');
    const label = /^Opened session "([^"]+)"/.exec(r.stdout)?.[1];
    expect(label).toBeDefined();
    const roster = JSON.parse((await b.lich(['sessions', '--json'])).stdout) as Session[];
    expect(roster).toHaveLength(1);
    s1 = roster[0] as Session;
    expect(s1.label).toBe(label);
    expect(s1.name).toBe(rosterName(repoA, s1.id));
    expect(r.stdout).toBe(
      `Opened session ${q(s1.label)} (example) in project ${q(s1.project)}.\n` +
        `It answers to ${q(s1.label)} and to ${q(s1.name)}. Its agent may still be starting, so a task you send it is held until the agent is up rather than lost.\n` +
        pageLine(b.port, s1.id),
    );
    await b.log.ready(s1.id);
  });

  it('prints the session object on one line with --json', async () => {
    const r = await b.lich(['open', '--json', '--project', repoA, '--kind', 'example']);
    expect(r.code).toBe(0);
    expect(r.stdout.trimEnd().includes('\n')).toBe(false);
    s2 = JSON.parse(r.stdout);
    expect(Object.keys(s2)).toEqual([
      'id',
      'projectId',
      'project',
      'label',
      'name',
      'kind',
      'path',
      'nextSeq',
      'originSessionId',
      'originLabel',
      'confined',
      'folder',
      'run',
      'page',
    ]);
    expect(s2.page).toBe(`http://127.0.0.1:${b.port}/web/#card=${s2.id}`);
    expect(s2.projectId).toMatch(/\S/);
    expect(s2).toMatchObject({
      project: s1.project,
      kind: 'example',
      path: repoA,
      name: rosterName(repoA, s2.id),
      originSessionId: '',
      originLabel: '',
      folder: '',
    });
    expect(s2.label).not.toBe(s1.label);
    await b.log.ready(s2.id);
  });
});

describe('lich open --prompt', () => {
  it('hands the new session its task and prints one object with the delivery', async () => {
    const r = await b.lich(['open', '--json', '--project', repoA, '--kind', 'example', '--prompt', 'git rev-list --count HEAD']);
    expect(r.code).toBe(0);
    expect(r.stderr).toBe('');
    expect(r.stdout.trimEnd().includes('\n')).toBe(false);
    const opened = JSON.parse(r.stdout);
    expect(opened.delivery).toEqual({ ticket: expect.stringMatching(/^[0-9a-f]{8}$/), target: opened.label, status: 'answered', answer: '2' });
    expect((await b.lich(['close', opened.id])).code).toBe(0);
  });
});

describe('lich sessions', () => {
  it('lists the live sessions tab-separated under a header, with - for a state never reported', async () => {
    const r = await b.lich(['sessions']);
    expect(r.code).toBe(0);
    const lines = r.stdout.split('\n');
    expect(lines[0]).toBe('session\tproject\tprovider\tname\tstate');
    expect(lines.slice(1).filter(Boolean).sort()).toEqual(
      [`${s1.label}\t${s1.project}\texample\t${s1.name}\t-`, `${s2.label}\t${s2.project}\texample\t${s2.name}\t-`].sort(),
    );
    expect(r.stdout.endsWith('\n')).toBe(true);
  });

  it('prints the peer objects with --json, in the documented key order', async () => {
    const r = await b.lich(['sessions', '--json']);
    const peers = JSON.parse(r.stdout) as Array<Record<string, string>>;
    expect(peers).toHaveLength(2);
    for (const p of peers) expect(Object.keys(p)).toEqual(PEER_KEYS);
    expect(peers.find((p) => p.id === s1.id)).toEqual({
      label: s1.label,
      name: s1.name,
      project: s1.project,
      kind: 'example',
      state: '',
      id: s1.id,
      path: repoA,
      projectPath: repoA,
    });
  });

  it('leaves the calling session out', async () => {
    const r = await b.lich(['sessions', '--json'], { session: s1.id });
    expect((JSON.parse(r.stdout) as Session[]).map((p) => p.id)).toEqual([s2.id]);
  });

  it('shows the state a session last reported', async () => {
    expect((await b.lich(['send', s1.label, 'true'])).code).toBe(0);
    await b.log.waitFor(s1.id, (e) => e.event === 'state' && e.state === 'done', 'done reported');
    const r = await b.lich(['sessions']);
    expect(r.stdout).toContain(`${s1.label}\t${s1.project}\texample\t${s1.name}\tdone\n`);
    const peers = JSON.parse((await b.lich(['sessions', '--json'])).stdout) as Array<Record<string, string>>;
    expect(peers.find((p) => p.id === s1.id)?.state).toBe('done');
  });
});

describe('lich whoami', () => {
  it('prints the calling session with its id', async () => {
    const r = await b.lich(['whoami'], { session: s2.id });
    expect(r).toEqual({
      code: 0,
      stdout: `session\tproject\tprovider\tname\tstate\tid\n${s2.label}\t${s2.project}\texample\t${s2.name}\t-\t${s2.id}\n`,
      stderr: '',
    });
  });

  it('prints one object in the sessions shape with --json', async () => {
    const r = await b.lich(['whoami', '--json'], { session: s2.id });
    expect(r.code).toBe(0);
    const me = JSON.parse(r.stdout);
    expect(Object.keys(me)).toEqual(PEER_KEYS);
    expect(me).toEqual({
      label: s2.label,
      name: s2.name,
      project: s2.project,
      kind: 'example',
      state: '',
      id: s2.id,
      path: repoA,
      projectPath: repoA,
    });
  });

  it('is an error outside a session', async () => {
    const r = await b.lich(['whoami']);
    expect(r.code).toBe(1);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(/^lich: [^\n]+\n$/);
  });
});

describe('resolving a <session>', () => {
  let other: Session;

  it('refuses a label two projects share, naming both, and --project narrows it by name or by path', async () => {
    other = await b.open(repoB, 'example');
    await b.log.ready(other.id);
    expect(other.label).toBe(s1.label);
    expect(other.project).not.toBe(s1.project);

    const r = await b.lich(['send', s1.label, 'echo which']);
    expect(r.code).toBe(1);
    expect(r.stdout).toBe('');
    const both = [
      `lich: ${q(s1.label)} names 2 live sessions (${s1.project}, ${other.project}) — narrow it with the project\n`,
      `lich: ${q(s1.label)} names 2 live sessions (${other.project}, ${s1.project}) — narrow it with the project\n`,
    ];
    expect(both).toContain(r.stderr);
    expect(b.log.entries(s1.id).some((e) => e.event === 'task' && e.prompt === 'echo which')).toBe(false);
    expect(b.log.entries(other.id).some((e) => e.event === 'task' && e.prompt === 'echo which')).toBe(false);

    expect(await b.lich(['send', '--project', other.project, s1.label, 'echo beta-by-name'])).toEqual({
      code: 0,
      stdout: 'beta-by-name\n',
      stderr: '',
    });
    expect(await b.lich(['send', '--project', repoA, s1.label, 'echo alpha-by-path'])).toEqual({
      code: 0,
      stdout: 'alpha-by-path\n',
      stderr: '',
    });
  });

  it('resolves a lich id before any name, even where the label is ambiguous', async () => {
    expect(await b.lich(['send', other.id, 'echo by-id'])).toEqual({ code: 0, stdout: 'by-id\n', stderr: '' });
  });

  it('resolves the roster name across projects', async () => {
    expect(await b.lich(['send', other.name, 'echo by-roster-name'])).toEqual({
      code: 0,
      stdout: 'by-roster-name\n',
      stderr: '',
    });
  });

  it('answers a name that matches nothing with every live session and its two names', async () => {
    const r = await b.lich(['send', 'nosuch', 'echo x']);
    expect(r.code).toBe(1);
    expect(r.stdout).toBe('');
    expect(r.stderr.startsWith('lich: no live session named "nosuch". Live sessions: ')).toBe(true);
    expect(r.stderr.endsWith('.\n')).toBe(true);
    expect(r.stderr.split('\n')).toHaveLength(2);
    for (const s of [s1, s2, other]) expect(r.stderr).toContain(`${q(s.label)} (${s.name})`);
  });
});

describe('lich close', () => {
  it('refuses to close the calling session itself', async () => {
    const r = await b.lich(['close', '--project', repoA, s2.label], { session: s2.id });
    expect(r).toEqual({
      code: 1,
      stdout: '',
      stderr: `lich: ${q(s2.label)} is this session — closing it would take down the agent asking for it\n`,
    });
  });

  it('closes a session in the project directory on the spot, ends its process and drops it from the roster', async () => {
    const pid = (await b.log.ready(s2.id)).pid;
    expect(alive(pid)).toBe(true);
    const r = await b.lich(['close', s2.id]);
    expect(r).toEqual({ code: 0, stdout: `Closed ${q(s2.label)}.\n`, stderr: '' });
    await until(() => !alive(pid), 'the closed session process to end', 10_000);
    const ids = (JSON.parse((await b.lich(['sessions', '--json'])).stdout) as Session[]).map((p) => p.id);
    expect(ids).not.toContain(s2.id);
    const send = await b.lich(['send', s2.id, 'echo gone']);
    expect(send.code).toBe(1);
    expect(send.stderr).toMatch(/^lich: no live session named "[^"]+"\. Live sessions: .*\.\n$/);
  });

  it('prints the closed object with --json', async () => {
    const extra = await b.open(repoA, 'example');
    const r = await b.lich(['close', '--json', extra.id]);
    expect(r.code).toBe(0);
    const closed = JSON.parse(r.stdout);
    expect(Object.keys(closed)).toEqual(['id', 'projectId', 'project', 'label', 'worktree', 'kept', 'removed']);
    expect(closed).toEqual({
      id: extra.id,
      projectId: extra.projectId,
      project: extra.project,
      label: extra.label,
      worktree: '',
      kept: false,
      removed: false,
    });
  });
});
