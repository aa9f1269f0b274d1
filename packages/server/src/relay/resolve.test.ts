import { describe, expect, it } from 'vitest';
import { RelayError } from './errors.js';
import type { RelaySession } from './host.js';
import { equalFold, expandPath, inProject, resolveTarget } from './resolve.js';

function session(s: Partial<RelaySession> & { id: string; label: string }): RelaySession {
  return {
    projectId: 'p1',
    project: 'lich',
    projectPath: '/src/lich',
    name: `lich-${s.id.slice(0, 4)}`,
    kind: 'claude',
    path: '/src/lich',
    reportsState: true,
    hasTools: true,
    ...s,
  };
}

const me = session({ id: 'me00', label: 'planner' });
const docs = session({ id: 'd0c5', label: 'docs', name: 'lich-d0c5' });
const revuDocs = session({
  id: 'r3vu',
  label: 'Docs',
  name: 'revu-r3vu',
  project: 'revu',
  projectId: 'p2',
  projectPath: '/src/revu',
  path: '/home/u/.local/share/lich/worktrees/r/docs',
});
const api = session({ id: 'a9i0', label: 'api', name: 'lich-a9i0' });

const live = [me, docs, revuDocs, api];
const from = 'me00';

function refusal(f: () => unknown): string {
  try {
    f();
  } catch (e) {
    expect(e).toBeInstanceOf(RelayError);
    return (e as Error).message;
  }
  throw new Error('expected a refusal');
}

describe('resolveTarget', () => {
  it('refuses an empty target', () => {
    expect(refusal(() => resolveTarget(live, { from, target: '', project: '' }))).toBe('no target session given');
  });

  it('matches the exact lich id before any name', () => {
    const named = session({ id: 'x1', label: 'a9i0' });
    expect(resolveTarget([...live, named], { from, target: 'a9i0', project: '' })).toBe(api);
  });

  it('matches a label case-insensitively', () => {
    expect(resolveTarget(live, { from, target: 'API', project: '' })).toBe(api);
  });

  it('matches a roster name when no label does', () => {
    expect(resolveTarget(live, { from, target: 'lich-d0c5', project: '' })).toBe(docs);
  });

  it('lets the label win a tie with another session’s roster name', () => {
    const clash = session({ id: 'c1a5', label: 'lich-d0c5', name: 'other' });
    expect(resolveTarget([...live, clash], { from, target: 'lich-d0c5', project: '' })).toBe(clash);
  });

  it('never resolves to the caller, by label or by id', () => {
    expect(refusal(() => resolveTarget(live, { from, target: 'planner', project: '' }))).toMatch(/^no live session named "planner"\./);
    expect(refusal(() => resolveTarget(live, { from, target: 'me00', project: '' }))).toMatch(/^no live session named "me00"\./);
  });

  it('refuses a label two live sessions answer to, naming both projects', () => {
    expect(refusal(() => resolveTarget(live, { from, target: 'docs', project: '' }))).toBe(
      '"docs" names 2 live sessions (lich, revu) — narrow it with the project',
    );
  });

  it('narrows by a project name, case-insensitively', () => {
    expect(resolveTarget(live, { from, target: 'docs', project: 'REVU' })).toBe(revuDocs);
  });

  it('narrows by the project root directory, trailing slash and all', () => {
    expect(resolveTarget(live, { from, target: 'docs', project: '/src/lich/' })).toBe(docs);
  });

  it('narrows by the session’s own directory (a worktree)', () => {
    expect(resolveTarget(live, { from, target: 'docs', project: '/home/u/.local/share/lich/worktrees/r/docs' })).toBe(revuDocs);
  });

  it('expands ~/ in a directory', () => {
    expect(resolveTarget(live, { from, target: 'docs', project: '~/.local/share/lich/worktrees/r/docs' }, '/home/u')).toBe(revuDocs);
  });

  it('lists every live session’s two names on a miss', () => {
    expect(refusal(() => resolveTarget(live, { from, target: 'nope', project: '' }))).toBe(
      'no live session named "nope". Live sessions: "docs" (lich-d0c5), "Docs" (revu-r3vu), "api" (lich-a9i0).',
    );
  });

  it('names the project in a miss narrowed by one', () => {
    expect(refusal(() => resolveTarget(live, { from, target: 'api', project: 'revu' }))).toBe(
      'no live session named "api" in project "revu". Live sessions: "docs" (lich-d0c5), "Docs" (revu-r3vu), "api" (lich-a9i0).',
    );
  });

  it('says no other session is live when the caller is alone', () => {
    expect(refusal(() => resolveTarget([me], { from, target: 'docs', project: '' }))).toBe(
      'no live session named "docs". No other session is live.',
    );
  });

  it('quotes the target with Go %q rules', () => {
    expect(refusal(() => resolveTarget([me], { from, target: 'a"b\n', project: '' }))).toBe(
      'no live session named "a\\"b\\n". No other session is live.',
    );
  });
});

describe('equalFold', () => {
  it('folds case rune by rune', () => {
    expect(equalFold('Docs', 'dOCS')).toBe(true);
    expect(equalFold('Ärger', 'äRGER')).toBe(true);
    expect(equalFold('docs', 'doc')).toBe(false);
  });
  it('does not fold ß to SS', () => {
    expect(equalFold('straße', 'STRASSE')).toBe(false);
  });
});

describe('inProject', () => {
  it('takes a bare word as a name, never a path', () => {
    expect(inProject(docs, 'lich')).toBe(true);
    expect(inProject(docs, 'src/lich')).toBe(false);
  });
  it('takes an empty project as every project', () => {
    expect(inProject(revuDocs, '')).toBe(true);
  });
});

describe('expandPath', () => {
  it('expands ~ and normalises', () => {
    expect(expandPath('~', '/home/u')).toBe('/home/u');
    expect(expandPath('~/a/../b/', '/home/u')).toBe('/home/u/b');
  });
});

describe('a miss, whatever the names it quotes (issue 22)', () => {
  it('quotes a label an old store kept at 500,000 characters, and a target as long, cut to the bound: one short line', () => {
    const long = session({ id: 'l0ng', label: 'L'.repeat(500_000), name: 'lich-l0ng' });
    const line = refusal(() => resolveTarget([me, long, docs], { from, target: 'n'.repeat(500_000), project: 'p'.repeat(500_000) }));
    expect(line).toBe(
      `no live session named "${'n'.repeat(99)}…" in project "${'p'.repeat(99)}…". Live sessions: "${'L'.repeat(99)}…" (lich-l0ng), "docs" (lich-d0c5).`,
    );
    // The label is still whole wherever it is data: it addresses the session as before.
    expect(resolveTarget([me, long, docs], { from, target: 'L'.repeat(500_000), project: '' }).id).toBe('l0ng');
  });
});
