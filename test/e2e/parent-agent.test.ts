// A lich started from inside Claude Code (`lich --no-window` or `lich native` run by its shell
// tool) carries what Claude Code exports to its children. A stand-in `claude` first on the
// backend's PATH refuses to run nested, as newer Claude Code releases are reported to; with the
// parent's variables stripped from the session environment it starts, and answers. A provider
// that dies before it reads anything is told apart in the backend's log, with its last words.
import { chmodSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AGENT_JS, Backend, makeRepo, until } from './harness.js';

/** Refuses under a parent Claude Code; otherwise runs the example agent, which answers through "$LICH_BIN" reply. */
const NESTED_REFUSER = `#!/bin/sh
if [ -n "$CLAUDECODE" ] || [ -n "$CLAUDE_CODE_ENTRYPOINT" ]; then
  echo "Error: Claude Code cannot be launched inside another Claude Code session."
  exit 1
fi
exec "${process.execPath}" "${AGENT_JS}"
`;

let b: Backend;
let repo: string;

beforeAll(async () => {
  b = await Backend.start({
    providers: () => ({
      refuser: { name: 'Refuser', command: '/bin/sh', args: ['-c', 'printf "\\033[31mfatal:\\033[0m no model configured\\r\\n"; exit 2'], env: {}, reportsState: false, tools: false },
    }),
    env: ({ home, log }) => {
      const bin = join(home, 'bin');
      mkdirSync(bin, { recursive: true });
      writeFileSync(join(bin, 'claude'), NESTED_REFUSER);
      chmodSync(join(bin, 'claude'), 0o755);
      // What Claude Code 2.1.328's shell tool exported (measured), as a backend it started inherits it.
      return {
        PATH: `${bin}:${process.env.PATH ?? ''}`,
        EXAMPLE_AGENT_LOG: log,
        EXAMPLE_AGENT_PROVIDER: 'claude',
        CLAUDECODE: '1',
        CLAUDE_CODE_ENTRYPOINT: 'cli',
        CLAUDE_CODE_SESSION_ID: '31229be8-3a59-41c8-9a35-c3b6295d8c44',
        CLAUDE_CODE_MESSAGING_SOCKET: join(home, 'cc.sock'),
      };
    },
  });
  repo = makeRepo(b.home, 'nested-repo', 1);
});

afterAll(async () => {
  await b?.close();
});

describe('a backend started inside Claude Code', () => {
  it('opens a Claude Code session that does not take itself for a nested one, and it answers', async () => {
    const s = await b.open(repo, 'claude');
    const r = await b.lich(['send', '--timeout', '30', s.label, 'echo from the nested-safe session']);
    expect(r).toMatchObject({ code: 0, stdout: 'from the nested-safe session\n' });
    expect(b.backendLog.filter((l) => l.includes(s.id) && l.includes('before its agent read'))).toEqual([]);
  });
});

describe('a provider that exits before it reads anything', () => {
  it('is opened, as the spec has it, and its end is in the log with how soon and its last words', async () => {
    const s = await b.open(repo, 'refuser');
    await until(() => b.backendLog.some((l) => l.includes(`session ${s.id} ended`)), 'the session ending');
    expect(b.backendLog.find((l) => l.includes(`session ${s.id} ended`))).toMatch(
      new RegExp(`^session ${s.id} ended \\(exit 2\\) \\d+\\.\\d s after it started, before its agent read any input — its last output: fatal: no model configured; its row is parked$`),
    );
    const listed = await b.lich(['sessions', '--json']);
    expect(JSON.parse(listed.stdout).map((p: { id: string }) => p.id)).not.toContain(s.id);
  });
});
