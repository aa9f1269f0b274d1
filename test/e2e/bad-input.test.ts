// Bad input: every refusal is one `lich: …` line on stderr, nothing on stdout, exit 1, and
// nothing half-written — no task reaches a session, no session is opened. A prompt's limit
// and its sanitising are checked at the byte. spec/cli.md § Commands, § Transport, § lich send;
// wire.md §§ 1.3, 3, 4, 8.2.

import { createServer } from 'node:net';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Backend, exampleProvider, makeRepo, runLich, type Run, type Session } from './harness.js';

let b: Backend;
let repo: string;
let w: Session;
/** A config home with no runtime file in it: the machine as seen with no lich recorded. */
let emptyConfig: string;

beforeAll(async () => {
  b = await Backend.start({ providers: ({ log }) => ({ example: exampleProvider(log) }) });
  repo = makeRepo(b.home, 'bad-input-repo', 1);
  w = await b.open(repo, 'example');
  await b.log.ready(w.id);
  emptyConfig = mkdtempSync(join(tmpdir(), 'lich-e2e-noconfig-'));
});

afterAll(async () => {
  rmSync(emptyConfig, { recursive: true, force: true });
  if (!b) return;
  const violations = b.violations;
  await b.close();
  expect(violations).toEqual([]);
});

/** Asserts the refusal shape: exit 1, nothing on stdout, exactly one `lich: …` line on stderr. */
function refused(r: Run, text?: string) {
  expect(r.stdout).toBe('');
  if (text !== undefined) expect(r.stderr).toBe(`lich: ${text}\n`);
  else expect(r.stderr).toMatch(/^lich: [^\n]+\n$/);
  expect(r.code).toBe(1);
}

/** Tasks the session has received, by prompt; a long one as its opening and length, to keep a failure readable. */
function tasks(): string[] {
  return b.log
    .entries(w.id)
    .filter((e) => e.event === 'task')
    .map((e) => short(e.prompt as string));
}

function short(prompt: string): string {
  return prompt.length > 80 ? `${prompt.slice(0, 20)}… (${Buffer.byteLength(prompt)} bytes)` : prompt;
}

async function rosterIds(): Promise<string[]> {
  return (JSON.parse((await b.lich(['sessions', '--json'])).stdout) as Session[]).map((s) => s.id).sort();
}

describe('arguments', () => {
  it('refuses an unknown command and guesses the one it resembles', async () => {
    const r = await b.lich(['sesions']);
    expect(r).toEqual({
      code: 1,
      stdout: '',
      stderr: 'lich: unknown command "sesions" — did you mean "sessions"?\nRun `lich help` for the list.\n',
    });
  });

  it('refuses an unknown flag and sends nothing', async () => {
    const r = await b.lich(['send', '--bogus', w.label, 'echo never']);
    refused(r);
    expect(r.stderr).toContain('bogus');
    expect(tasks()).not.toContain('echo never');
  });

  it('refuses a missing argument with the command usage', async () => {
    refused(
      await b.lich(['send', w.label]),
      'usage: lich send [--project <name>] [--timeout <seconds>] [--private] [--json] <session> <prompt>',
    );
    refused(await b.lich(['reply']), 'usage: lich reply [<ticket>] <answer>');
  });

  it('spells the usage a refusal prints exactly as the command help does', async () => {
    // close's spelling follows the flags this build has (no --worktree/--force without worktrees).
    const help = await b.lich(['close', '--help']);
    expect(help.code).toBe(0);
    const usage = help.stdout.split('\n').find((l) => l.startsWith('usage: lich close '));
    expect(usage).toBeDefined();
    expect(usage!.endsWith(' <session>')).toBe(true);
    refused(await b.lich(['close']), usage);
  });

  it('refuses a timeout that is not a number', async () => {
    const r = await b.lich(['send', '--timeout', 'soon', w.label, 'echo never']);
    refused(r);
    expect(tasks()).not.toContain('echo never');
  });

  it('refuses --private on open without a prompt, before anything is opened', async () => {
    const before = await rosterIds();
    refused(
      await b.lich(['open', '--project', repo, '--kind', 'example', '--private']),
      '--private applies to the task handed over with --prompt: add a prompt, or drop --private',
    );
    expect(await rosterIds()).toEqual(before);
  });

  it('refuses an open outside a session that names no project, and opens nothing', async () => {
    const before = await rosterIds();
    refused(await b.lich(['open', '--kind', 'example']));
    expect(await rosterIds()).toEqual(before);
  });

  it('refuses a kind no provider has, and opens nothing', async () => {
    const before = await rosterIds();
    refused(await b.lich(['open', '--project', repo, '--kind', 'no-such-provider']));
    expect(await rosterIds()).toEqual(before);
  });

  it('keeps a kind or a project holding a newline inside one quoted refusal line', async () => {
    const before = await rosterIds();
    const kind = await b.lich(['open', '--project', repo, '--kind', 'a\nb']);
    refused(kind);
    expect(kind.stderr).toBe('lich: a kind cannot hold control characters, and "a\\nb" holds one: give it without them\n');
    refused(await b.lich(['open', '--project', '/tmp/no\nsuch', '--kind', 'example']), 'no directory at "/tmp/no\\nsuch" to open as a project');
    expect(await rosterIds()).toEqual(before);
  });
});

describe('the prompt', () => {
  it('refuses a prompt over 8192 bytes and delivers nothing', async () => {
    const prompt = 'echo ' + 'x'.repeat(8188);
    expect(Buffer.byteLength(prompt)).toBe(8193);
    refused(
      await b.lich(['send', w.label, prompt]),
      'prompt is 8193 bytes, over the 8192 limit: name the paths to read instead of pasting their contents',
    );
    expect(tasks()).not.toContain(short(prompt));
  });

  it('takes a prompt of exactly 8192 bytes', async () => {
    const prompt = 'echo ' + 'y'.repeat(8187);
    expect(Buffer.byteLength(prompt)).toBe(8192);
    const r = await b.lich(['send', w.label, prompt]);
    expect({ ...r, stdout: short(r.stdout) }).toEqual({ code: 0, stdout: short('y'.repeat(8187) + '\n'), stderr: '' });
    expect(r.stdout).toBe('y'.repeat(8187) + '\n');
  });

  it('counts the limit in bytes, not characters', async () => {
    const prompt = 'echo ' + 'é'.repeat(4094);
    expect(Buffer.byteLength(prompt)).toBe(8193);
    refused(
      await b.lich(['send', w.label, prompt]),
      'prompt is 8193 bytes, over the 8192 limit: name the paths to read instead of pasting their contents',
    );
  });

  it('refuses a blank prompt', async () => {
    refused(await b.lich(['send', w.label, ' \n\t ']), 'nothing to send: the prompt is empty');
  });

  it('strips control characters, keeping newlines and tabs, before the prompt reaches the terminal', async () => {
    const prompt = 'echo "A\x07B\x1b[31mC\x7fD\x01E"\necho "T\tT"';
    const clean = 'echo "AB[31mCDE"\necho "T\tT"';
    expect(await b.lich(['send', w.label, prompt])).toEqual({ code: 0, stdout: 'AB[31mCDE\nT\tT\n', stderr: '' });
    const task = await b.log.waitFor(w.id, (e) => e.event === 'task' && e.prompt === clean, 'the sanitised task');
    expect(task.prompt).toBe(clean);
  });
});

describe('reaching lich', () => {
  it('refuses a token the running lich does not take, when no running instance is recorded', async () => {
    const r = await runLich(['sessions'], { port: b.port, token: 'f'.repeat(32), configHome: emptyConfig });
    refused(
      r,
      `lich refused this token on port ${b.port}: the coordinates in this environment were exported by an earlier lich, and the one running now cannot be reached with them, and no running instance is recorded to ask instead`,
    );
  });

  it('retries once with the token the runtime file records for the same port, and gets through', async () => {
    const r = await runLich(['sessions', '--json'], { port: b.port, token: 'f'.repeat(32), configHome: b.configHome });
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect((JSON.parse(r.stdout) as Session[]).map((s) => s.id)).toEqual([w.id]);
  });

  it('finds the running lich through the runtime file when the environment names none', async () => {
    const r = await runLich(['sessions', '--json'], { configHome: b.configHome });
    expect(r.code).toBe(0);
    expect((JSON.parse(r.stdout) as Session[]).map((s) => s.id)).toEqual([w.id]);
  });

  it('says no lich is running when neither the environment nor a runtime file names one', async () => {
    const r = await runLich(['sessions'], { configHome: emptyConfig });
    refused(r, 'no lich is running — open lich, or run this inside one of its sessions');
  });

  it('fails in one line when nothing listens on the port it was given', async () => {
    const port = await new Promise<number>((done) => {
      const s = createServer();
      s.listen(0, '127.0.0.1', () => {
        const p = (s.address() as { port: number }).port;
        s.close(() => done(p));
      });
    });
    const r = await runLich(['send', 'anyone', 'echo never'], { port, token: 'a'.repeat(32), configHome: emptyConfig });
    refused(r);
    // Nothing listens there and none is recorded: the spec's words, not Go's dial error (issue 22).
    expect(r.stderr).toBe('lich: no lich is running — open lich, or run this inside one of its sessions\n');
  });
});

describe('after all of it', () => {
  it('left the session with only the tasks that were accepted', async () => {
    expect(tasks()).toEqual([
      short('echo ' + 'y'.repeat(8187)),
      'echo "AB[31mCDE"\necho "T\tT"',
    ]);
    expect(await rosterIds()).toEqual([w.id]);
  });
});
