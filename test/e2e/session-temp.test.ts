// Each session's temporary files go with it (issue 22): a stand-in for opencode, which unpacks its
// native libraries into TMPDIR at every start and never removes them, writes into the TMPDIR lich
// gave it. That directory is the session's own, and it is gone once the session is closed, once
// its program exits by itself, once the backend quits, and — for a backend killed with SIGKILL —
// at the next start. A real `lich --no-window` in a process of its own, real PTYs, real files.
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { descendants, killAll, startChildBackend, type ChildBackend } from './child-backend.js';
import { makeRepo, until, type ProviderEntry } from './harness.js';

let home: string;
let b: ChildBackend | undefined;
let left: number[] = [];
beforeEach(() => {
  home = mkdtempSync(join(tmpdir(), 'lich-e2e-tmpdir-'));
  left = [];
});
afterEach(async () => {
  if (b) {
    left.push(...descendants(b.pid));
    await b.quit();
  }
  killAll(left);
  b = undefined;
  rmSync(home, { recursive: true, force: true });
});

/**
 * Writes where its TMPDIR is to `<home>/<session id>.tmpdir`, then what opencode leaves there (a
 * native library and a folder), then sleeps until `<home>/<session id>.end` appears, and exits.
 */
function unpacker(): ProviderEntry {
  const script = [
    'printf %s "$TMPDIR" > "$0/$LICH_SESSION_ID.tmpdir.part" && mv "$0/$LICH_SESSION_ID.tmpdir.part" "$0/$LICH_SESSION_ID.tmpdir"',
    'head -c 1048576 /dev/zero > "$TMPDIR/.9aff5dbbe7f8fdef-00000000.so"',
    'mkdir "$TMPDIR/opencode" && echo x > "$TMPDIR/opencode/state"',
    'while [ ! -e "$0/$LICH_SESSION_ID.end" ]; do sleep 0.05; done',
  ].join('; ');
  return { name: 'Unpacker', command: '/bin/sh', args: ['-c', script, home], env: {}, reportsState: false, tools: false, ready: 'quiet' };
}

/** The machine's shared temporary directory, as the backend's own TMPDIR: what piled up with opencode's libraries. */
const shared = () => join(home, 'shared-tmp');

async function start(): Promise<ChildBackend> {
  mkdirSync(shared(), { recursive: true });
  return (b = await startChildBackend(home, { providers: { unpacker: unpacker() }, env: { TMPDIR: shared() } }));
}

/** Opens an unpacker session; its id and the TMPDIR it wrote into, once its files are there. */
async function openOne(backend: ChildBackend, repo: string): Promise<{ id: string; label: string; tmp: string }> {
  const r = await backend.lich(['open', '--json', '--project', repo, '--kind', 'unpacker']);
  expect(r.stderr).toBe('');
  const s = JSON.parse(r.stdout) as { id: string; label: string };
  const file = join(home, `${s.id}.tmpdir`);
  await until(() => existsSync(file), `session ${s.id} to say where its TMPDIR is`);
  const tmp = readFileSync(file, 'utf8');
  await until(() => existsSync(join(tmp, 'opencode', 'state')), `session ${s.id} to write into its TMPDIR`);
  return { ...s, tmp };
}

describe('a session’s TMPDIR', () => {
  it('is a directory of its own under lich’s data directory, gone once the session is closed, the other’s kept', async () => {
    const backend = await start();
    const repo = makeRepo(home, 'repo', 1);
    const one = await openOne(backend, repo);
    const two = await openOne(backend, repo);
    expect(one.tmp).toBe(join(backend.dataDir, 'tmp', one.id));
    expect(two.tmp).toBe(join(backend.dataDir, 'tmp', two.id));
    expect(readdirSync(one.tmp).sort()).toEqual(['.9aff5dbbe7f8fdef-00000000.so', 'opencode']);
    expect(readdirSync(shared())).toEqual([]);
    expect((await backend.lich(['close', one.id])).code).toBe(0);
    expect(existsSync(one.tmp)).toBe(false);
    expect(readdirSync(two.tmp).sort()).toEqual(['.9aff5dbbe7f8fdef-00000000.so', 'opencode']);
  });

  it('is gone once the session’s program exits by itself', async () => {
    const backend = await start();
    const s = await openOne(backend, makeRepo(home, 'repo', 1));
    writeFileSync(join(home, `${s.id}.end`), '');
    await until(() => !existsSync(s.tmp), 'the exited session’s TMPDIR to go');
  });

  it('is gone once the backend quits, with every session it ended', async () => {
    const backend = await start();
    const repo = makeRepo(home, 'repo', 1);
    const s = [await openOne(backend, repo), await openOne(backend, repo)];
    await backend.quit();
    for (const x of s) expect(existsSync(x.tmp)).toBe(false);
    expect(readdirSync(join(backend.dataDir, 'tmp'))).toEqual([]);
  });

  it('left by a backend killed with SIGKILL is removed when the next one starts, before it opens anything', async () => {
    const first = await start();
    const s = await openOne(first, makeRepo(home, 'repo', 1));
    left = descendants(first.pid);
    first.child.kill('SIGKILL');
    await first.exited;
    expect(existsSync(join(s.tmp, 'opencode', 'state'))).toBe(true);
    const second = await start();
    expect(existsSync(s.tmp)).toBe(false);
    expect(readdirSync(join(second.dataDir, 'tmp'))).toEqual([]);
  });
});
