import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { errorBody, type FakeLich, startFakeLich } from '@lich/core/testing/fake-lich';
import { COMMANDS } from '@lich/generated/cli/commands';
import { funnel } from './exit.js';
import { spelling } from './help.js';
import { parseInput } from './input.js';
import { type CliIo, runCommand } from './lich-command.js';

const TOKEN = 'c'.repeat(32);
let lich: FakeLich;

beforeEach(async () => {
  lich = await startFakeLich(TOKEN);
});
afterEach(async () => {
  await lich.close();
});

async function run(word: keyof typeof COMMANDS, ...argv: string[]) {
  let stdout = '';
  let stderr = '';
  const io: CliIo = {
    env: { LICH_PORT: String(lich.port), LICH_TOKEN: TOKEN, LICH_SESSION_ID: 'me' },
    stdout: { write: (s: string) => (stdout += s) },
    stderr: { write: (s: string) => (stderr += s) },
    commands: COMMANDS,
  };
  // As main.ts runs a command: through the one exit funnel.
  const exit = await funnel(io.stderr, () => runCommand(COMMANDS[word], argv, io));
  return { exit, stdout, stderr };
}

const result = (status: string, extra: object = {}) => ({ ticket: 'a1b2c3d4', target: 'docs', status, answer: '', ...extra });

describe('parseInput (argv → operation input, nothing run)', () => {
  it('maps send flags and positionals', async () => {
    expect(await parseInput(COMMANDS.send, ['--project', 'lich', '-timeout=30', '--private', 'docs', 'run --json'])).toEqual({
      target: 'docs',
      project: 'lich',
      prompt: 'run --json',
      timeoutSeconds: 30,
      private: true,
    });
  });

  it('fills every field with its default', async () => {
    expect(await parseInput(COMMANDS.wait, [])).toEqual({ ticket: '', timeoutSeconds: 0, noWait: false });
  });

  it('reads one reply argument as the answer, two as ticket and answer', async () => {
    expect(await parseInput(COMMANDS.reply, ['all done'])).toEqual({ ticket: '', answer: 'all done' });
    expect(await parseInput(COMMANDS.reply, ['1a2b3c4d', 'all done'])).toEqual({ ticket: '1a2b3c4d', answer: 'all done' });
  });

  it('never reads a missing argument from stdin', async () => {
    await expect(parseInput(COMMANDS.reply, [])).rejects.toThrow('usage: lich reply [<ticket>] <answer>');
  });
});

describe('runCommand', () => {
  it('prints an answer and exits 0', async () => {
    lich.on('relay.Send', { result: result('answered', { answer: 'All green.' }) });
    expect(await run('send', 'docs', 'run the tests')).toEqual({ exit: 0, stdout: 'All green.\n', stderr: '' });
    expect(lich.calls[0].body).toEqual([{ from: 'me', target: 'docs', project: '', prompt: 'run the tests', timeoutSeconds: 0 }]);
  });

  it('prints a ticket on stdout and exits 2, with nothing on stderr', async () => {
    lich.on('relay.Send', { result: result('pending') });
    const r = await run('send', 'docs', 'p');
    expect(r.exit).toBe(2);
    expect(r.stdout).toMatch(/lich wait a1b2c3d4\n$/);
    expect(r.stderr).toBe('');
  });

  it('exits 3 for an errand with no answer coming', async () => {
    for (const status of ['unread', 'unanswered', 'undelivered', 'stopped', 'expired']) {
      lich.on('relay.Wait', { result: result(status) });
      const r = await run('wait', 'a1b2c3d4');
      expect([r.exit, r.stderr]).toEqual([3, '']);
    }
  });

  it('prints exactly one JSON line under --json', async () => {
    lich.on('relay.SendPrivate', { result: result('pending', { private: true }) });
    const r = await run('send', '--json', '--private', 'docs', 'p');
    expect(r.exit).toBe(2);
    expect(r.stdout.split('\n')).toEqual(['{"ticket":"a1b2c3d4","target":"docs","status":"pending","answer":"","private":true}', '']);
  });

  it('prints [] for an empty roster, never null', async () => {
    lich.on('relay.Peers', { result: null });
    expect(await run('sessions', '--json')).toEqual({ exit: 0, stdout: '[]\n', stderr: '' });
    expect(await run('sessions')).toEqual({ exit: 0, stdout: 'No other live sessions.\n', stderr: '' });
  });

  it('exits 2 for a collect that came back empty with errands open, 0 otherwise', async () => {
    lich.on('relay.Collect', { result: { results: [], open: ['docs'] } });
    expect((await run('wait')).exit).toBe(2);
    lich.on('relay.CollectNow', { result: { results: [result('answered', { answer: 'x' })], open: ['docs'] } });
    const r = await run('wait', '--no-wait');
    expect(r.exit).toBe(0);
    expect(r.stdout).toBe('Answer from "docs" (ticket a1b2c3d4):\nx\n\nStill working: "docs". Their results will announce themselves at your prompt.\n');
  });

  it("turns the server's error into one lich: line and exit 1", async () => {
    lich.on('relay.Reply', { status: 500, body: errorBody('ticket 1a2b3c4d was already answered') });
    expect(await run('reply', '1a2b3c4d', 'x')).toEqual({ exit: 1, stdout: '', stderr: 'lich: ticket 1a2b3c4d was already answered\n' });
  });

  it('prints a multi-line refusal from the server after one lich: prefix', async () => {
    const refusal = '2 requests are open against this session, and an answer that names no ticket would close the wrong one. Name the ticket the answer belongs to:\n  lich reply 1a2b3c4d "<answer>"   — run the tests';
    lich.on('relay.Reply', { status: 500, body: errorBody(refusal) });
    expect((await run('reply', 'x')).stderr).toBe(`lich: ${refusal}\n`);
  });

  it('never exits 2 on a parse error', async () => {
    for (const argv of [['--bogus'], ['--timeout', 'x', 'a', 'b'], ['a'], ['a', 'b', 'c'], ['--project']]) {
      const r = await run('send', ...argv);
      expect(r.exit).toBe(1);
      expect(r.stdout).toBe('');
      expect(r.stderr.split('\n')).toHaveLength(2);
      expect(r.stderr).toMatch(/^lich: /);
    }
  });

  it('prints the usage line for a missing positional', async () => {
    expect((await run('close')).stderr).toBe('lich: usage: lich close [--project <name-or-path>] [--worktree keep|remove] [--force] [--json] <session>\n');
  });

  it('prints the session, then fails, when the open hand-off did not reach it', async () => {
    const session = {
      id: '9f8e', projectId: 'p1', project: 'lich', label: 'auth-fix', name: 'auth-fix-9f8e', kind: 'claude', path: '/wt',
      nextSeq: 5, originSessionId: '', originLabel: '', confined: false, folder: '', run: true,
    };
    lich.on('spawn.Open', { result: session });
    lich.on('relay.Send', { status: 500, body: errorBody('the session ended') });
    const r = await run('open', '--json', '--prompt', 'go');
    expect(r.exit).toBe(1);
    expect(r.stdout).toBe(`${JSON.stringify(session)}\n`);
    expect(r.stderr).toBe(
      "lich: the session is open, but the task did not reach it: the session ended — hand it the task with `lich send \"auth-fix\" 'go'` once whatever that says is dealt with\n",
    );
  });

  it('exits 0 after an open whose hand-off came back with a ticket', async () => {
    const session = { id: 'i', projectId: 'p', project: 'lich', label: 'w', name: 'w-i', kind: 'claude', path: '/p', nextSeq: 1, originSessionId: '', originLabel: '', confined: false, folder: '', run: true };
    lich.on('spawn.Open', { result: session });
    lich.on('relay.Send', { result: result('pending', { target: 'w' }) });
    const r = await run('open', '--prompt', 'go');
    expect(r.exit).toBe(0);
    expect(r.stdout).toContain('\nw is still working.');
  });

  it("prints the command's own help on stdout and exits 0", async () => {
    const r = await run('wait', '--help');
    expect(r.exit).toBe(0);
    expect(r.stderr).toBe('');
    expect(r.stdout).toContain('\n\nusage: lich wait [--timeout <seconds>] [--no-wait] [--json] [<ticket>]\n  --json\n        ');
    expect(r.stdout).toContain('  --no-wait\n        ');
    expect(r.stdout).toContain('  --timeout int\n        ');
    expect(lich.calls).toEqual([]);
  });

  it('lists every flag of every command in its help, in lexicographic order', async () => {
    for (const [word, Cmd] of Object.entries(COMMANDS)) {
      const r = await run(word as keyof typeof COMMANDS, '--help');
      expect(r.exit).toBe(0);
      const names = [...r.stdout.matchAll(/^ {2}--([a-z-]+)/gm)].map((m) => m[1]);
      expect(names).toEqual(Object.keys(Cmd.flags ?? {}).sort());
      expect(r.stdout).toContain(`usage: ${spelling(Cmd)}\n`);
    }
  });
});
