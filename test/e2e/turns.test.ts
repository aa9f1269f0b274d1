// issue 14, item 2: three tasks queued at one example-agent session — `lich send S 'sleep 2;
// echo one' &`, then `lich send S 'echo two' &` and `lich send --json S 'echo three'` while the
// first turn runs. The agent reads queued input one turn at a time: the turn that answered
// "two" ended, and the relay settled "three" with it — `unanswered`, exit 3 — though the next
// turn answered it. The same through three concurrent MCP calls, where the second and third
// were typed before the first turn was even reported. A turn's end now settles only the errands
// it is known to have read. Real PTYs, the real example agent, the built CLI and `lich mcp`.

import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Backend, LICH_JS, baseEnv, exampleProvider, makeRepo, until, type Session } from './harness.js';

let b: Backend;
let repo: string;

beforeAll(async () => {
  b = await Backend.start({ providers: ({ log }) => ({ example: exampleProvider(log) }) });
  repo = makeRepo(b.home, 'turns-repo', 1);
});

afterAll(async () => {
  if (!b) return;
  const violations = b.violations;
  await b.close();
  expect(violations).toEqual([]);
});

/** Resolves once the agent in `s` has reported a turn started for the task running `prompt`. */
async function busyWith(s: Session, prompt: string): Promise<void> {
  await b.log.waitFor(s.id, (e) => e.event === 'task' && e.prompt === prompt, `the task "${prompt}"`);
  await b.log.waitFor(s.id, (e) => e.event === 'state' && e.state === 'busy' && e.status === 204, 'its turn reported busy');
}

describe('three tasks queued at one session', () => {
  it('through the CLI: each sender gets its own answer, the third one included', async () => {
    const s = await b.open(repo, 'example');
    await b.log.ready(s.id);
    const one = b.lich(['send', s.id, 'sleep 2; echo one']);
    await busyWith(s, 'sleep 2; echo one');
    const two = b.lich(['send', s.id, 'echo two']);
    const three = b.lich(['send', '--json', s.id, 'echo three']);
    expect(await one).toEqual({ code: 0, stdout: 'one\n', stderr: '' });
    expect(await two).toEqual({ code: 0, stdout: 'two\n', stderr: '' });
    const third = await three;
    expect(third.stderr).toBe('');
    expect(JSON.parse(third.stdout)).toMatchObject({ status: 'answered', answer: 'three' });
    expect(third.code).toBe(0);
  });

  it('through three concurrent MCP calls: each gets its own answer', async () => {
    const s = await b.open(repo, 'example');
    await b.log.ready(s.id);
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: [LICH_JS, 'mcp'],
      env: { ...baseEnv(), LICH_PORT: String(b.port), LICH_TOKEN: b.token, LICH_BIN: LICH_JS },
      stderr: 'pipe',
    });
    const client = new Client({ name: 'turns-e2e', version: '0.0.0' });
    await client.connect(transport);
    try {
      const call = async (prompt: string) => {
        const r = (await client.callTool({ name: 'send_to_session', arguments: { session: s.id, prompt, timeout_seconds: 60 } })) as {
          content: Array<{ text: string }>;
          isError?: boolean;
        };
        return { text: r.content[0]!.text, isError: r.isError === true };
      };
      const results = await Promise.all([call('sleep 1; echo one'), call('echo two'), call('echo three')]);
      expect(results).toEqual([
        { text: 'one', isError: false },
        { text: 'two', isError: false },
        { text: 'three', isError: false },
      ]);
      await until(() => b.log.entries(s.id).filter((e) => e.event === 'reply').length === 3, 'three replies');
    } finally {
      await client.close();
    }
  });
});
