// What a provider cannot take is refused before anything is opened: --model on Crush and the
// shell, --effort on opencode, Crush, Cursor and the shell, --ultracode on anything but Claude
// Code — each one `lich: …` line, exit 1, and no row, no project, no card left behind
// (spec/cli.md § lich open; wire.md § 12.1). The argv each provider is started with is pinned
// in packages/server/src/providers/*.test.ts; here the flags travel the real CLI and MCP.

import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Store } from '../../packages/server/src/store/store.js';
import { AGENT_JS, Backend, baseEnv, exampleProvider, LICH_JS, makeRepo, type Run } from './harness.js';

let b: Backend;
let repo: string;

beforeAll(async () => {
  b = await Backend.start({
    providers: ({ log }) => ({
      example: exampleProvider(log),
      // A user's own CLI that takes 2 s before it reads its terminal (one loading a model list),
      // declaring nothing about its readiness: the example agent, reporting nothing, behind a
      // wrapper that sleeps first.
      slow: {
        ...exampleProvider(log, { hooks: false, id: 'slow', name: 'Slow agent' }),
        command: '/bin/sh',
        args: ['-c', 'sleep 2; exec "$0" "$@"', process.execPath, AGENT_JS],
      },
    }),
  });
  repo = makeRepo(b.home, 'providers-repo', 1);
});

afterAll(async () => {
  if (!b) return;
  const violations = b.violations;
  await b.close();
  expect(violations).toEqual([]);
});

/** Every row the store holds, parked or not, and every project: what a failed open must not add to. */
function written(): { sessions: number; projects: number } {
  const store = new Store(join(b.home, 'data', 'lich', 'lich.db'));
  try {
    return { sessions: store.sessions().length, projects: store.projects().length };
  } finally {
    store.close();
  }
}

function refused(r: Run, text: string) {
  expect(r.stdout).toBe('');
  expect(r.stderr).toBe(`lich: ${text}\n`);
  expect(r.code).toBe(1);
}

const modelRefusal = (name: string) =>
  `${name} cannot be told which model to run when lich starts it — open the session without a model and pick one inside it`;
const effortRefusal = (name: string) =>
  `${name} cannot be told which effort to run at when lich starts it — open the session without an effort and set it inside it`;
const ultracodeRefusal = (name: string) =>
  `${name} has no ultracode — it is Claude Code's alone: open the session without it, or open a Claude Code session instead`;

describe('lich open refuses what the provider cannot take, leaving nothing behind', () => {
  it('refuses --model for Crush and the shell', async () => {
    const before = written();
    refused(await b.lich(['open', '--project', repo, '--kind', 'crush', '--model', 'gpt-5']), modelRefusal('Crush'));
    refused(await b.lich(['open', '--project', repo, '--kind', 'shell', '--model', 'gpt-5']), modelRefusal('shell'));
    expect(written()).toEqual(before);
  });

  it('refuses --effort for opencode, Crush, Cursor and the shell, pointing Cursor at its model id', async () => {
    const before = written();
    for (const [kind, name] of [['opencode', 'opencode'], ['crush', 'Crush'], ['shell', 'shell'], ['example', 'Example agent']]) {
      refused(await b.lich(['open', '--project', repo, '--kind', kind, '--effort', 'high']), effortRefusal(name));
    }
    refused(
      await b.lich(['open', '--project', repo, '--kind', 'cursor', '--effort', 'high']),
      'Cursor CLI names the effort inside the model id (claude-opus-4-8-high), not on a flag of its own — pass that as the model instead, and leave the effort out',
    );
    expect(written()).toEqual(before);
  });

  it('refuses --ultracode for every kind but claude', async () => {
    const before = written();
    const kinds: Array<[string, string]> = [
      ['codex', 'Codex'],
      ['antigravity', 'Antigravity'],
      ['opencode', 'opencode'],
      ['omp', 'oh-my-pi'],
      ['crush', 'Crush'],
      ['cursor', 'Cursor CLI'],
      ['kiro', 'Kiro CLI'],
      ['shell', 'shell'],
      ['example', 'Example agent'],
    ];
    for (const [kind, name] of kinds) {
      refused(await b.lich(['open', '--project', repo, '--kind', kind, '--ultracode']), ultracodeRefusal(name));
    }
    expect(written()).toEqual(before);
  });

  it('refuses before the prompt is handed over, with --prompt and --json too', async () => {
    const before = written();
    refused(
      await b.lich(['open', '--json', '--project', repo, '--kind', 'example', '--ultracode', '--prompt', 'echo never']),
      ultracodeRefusal('Example agent'),
    );
    expect(written()).toEqual(before);
  });
});

describe('open_session takes effort and ultracode', () => {
  it('refuses them in the same words, as a tool error, leaving nothing behind', async () => {
    const before = written();
    const client = new Client({ name: 'e2e', version: '0' });
    const env = { ...baseEnv(), LICH_PORT: String(b.port), LICH_TOKEN: b.token, XDG_CONFIG_HOME: b.configHome };
    await client.connect(new StdioClientTransport({ command: process.execPath, args: [LICH_JS, 'mcp'], env, stderr: 'pipe' }));
    try {
      const call = async (args: Record<string, unknown>) => {
        const r = (await client.callTool({ name: 'open_session', arguments: args })) as { isError?: boolean; content: Array<{ text: string }> };
        return { isError: r.isError ?? false, text: r.content.map((c) => c.text).join('') };
      };
      expect(await call({ project: repo, kind: 'cursor', effort: 'high' })).toMatchObject({ isError: true, text: expect.stringContaining('Cursor CLI names the effort inside the model id') });
      expect(await call({ project: repo, kind: 'codex', ultracode: true })).toMatchObject({ isError: true, text: expect.stringContaining(ultracodeRefusal('Codex')) });
    } finally {
      await client.close();
    }
    expect(written()).toEqual(before);
  });
});

describe('a user-defined provider that starts slowly', () => {
  it('gets its first task once its program reads its terminal — not at the first quiet, while its wrapper still sleeps — whole, and answers it', async () => {
    const r = await b.lich(['open', '--json', '--project', repo, '--kind', 'slow', '--prompt', 'echo first']);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    const opened = JSON.parse(r.stdout);
    expect(opened.delivery).toMatchObject({ status: 'answered', answer: 'first' });
    // One paste, read as one task: typed into the cooked terminal while `sleep` ran, its lines
    // came in as commands of their own, unbracketed, before the agent turned bracketed paste on.
    expect(b.log.entries(opened.id).filter((e) => e.event === 'received').map((e) => e.kind)).toEqual(['task']);
    expect((await b.lich(['close', opened.id])).code).toBe(0);
  });
});
