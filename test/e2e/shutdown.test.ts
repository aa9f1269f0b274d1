// Ending a backend, and keeping two apart. `lich quit` while a `lich send` holds the line: the
// sessions end first and the send carries out the outcome that ending gives it (unanswered,
// undelivered), never a `pending` whose ticket died with the backend. A second backend that
// shares the data directory through another config directory is refused in one line before
// it touches the store, and the first one's sessions go on running.
// spec/cli.md § lich quit, § lich send; wire.md § 9.

import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { Backend, exampleProvider, inertProvider, makeRepo, q, runLich, type ProviderEntry, type Session } from './harness.js';

let b: Backend | undefined;
afterEach(async () => {
  if (!b) return;
  const violations = b.violations;
  await b.close();
  b = undefined;
  expect(violations).toEqual([]);
});

/** A terminal that never goes quiet, so lich never finds it at a prompt. */
function noisyProvider(): ProviderEntry {
  return { name: 'Never at a prompt', command: '/bin/sh', args: ['-c', 'while :; do echo working; sleep 0.1; done'], env: {}, reportsState: false, tools: false };
}

/** `unanswered` from a session that ended: nothing of it is left to send a late answer, so no hour is promised (issue 22). */
const endedText = (t: string) =>
  `The ${q(t)} session ended before it answered through lich — it was closed, or its program exited — so no answer is coming on this ticket. Whatever it did before that is in its conversation: tell the user to open the ${q(t)} card to read it.\n`;
const undeliveredText = (t: string) =>
  `The task never reached the ${q(t)} session: it was held back because that terminal was not at a prompt — a worktree setup script still running, a provider that never came up — and the session ended or stayed that way for too long. Nothing is queued anymore and nothing was answered. Tell the user to open the ${q(t)} card to see what happened there; the task has to be sent again after that.\n`;

describe('lich quit while sends wait', () => {
  it('hands each waiting send the outcome its session ending gives it — unanswered, undelivered — not pending', async () => {
    const backend = (b = await Backend.start({
      providers: ({ log }) => ({ silent: exampleProvider(log, { hooks: false }), noisy: noisyProvider() }),
    }));
    const repo = makeRepo(backend.home, 'quit-repo', 1);
    const silent: Session = await backend.open(repo, 'silent');
    const noisy: Session = await backend.open(repo, 'noisy');
    await backend.log.ready(silent.id);

    const delivered = backend.lich(['send', '--timeout', '120', silent.label, '#example: no-reply\necho still thinking']);
    await backend.log.waitFor(silent.id, (e) => e.event === 'task', 'the task reaching the silent session');
    const queued = backend.lich(['send', '--timeout', '120', noisy.label, 'echo never typed']);
    await new Promise((r) => setTimeout(r, 500));

    expect(await backend.lich(['quit'])).toEqual({ code: 0, stdout: 'lich has quit.\n', stderr: '' });
    expect(await delivered).toEqual({ code: 3, stdout: endedText(silent.label), stderr: '' });
    expect(await queued).toEqual({ code: 3, stdout: undeliveredText(noisy.label), stderr: '' });
  });
});

describe('one backend per data directory', () => {
  it('refuses a second backend on the same data directory in one line naming it and the pid holding it, and the first keeps its sessions', async () => {
    const backend = (b = await Backend.start({ providers: () => ({ inert: inertProvider() }) }));
    const repo = makeRepo(backend.home, 'lock-repo', 1);
    const session = await backend.open(repo, 'inert');

    const second = await runLich(['--no-window'], {
      env: { XDG_CONFIG_HOME: join(backend.home, 'other-config'), XDG_DATA_HOME: join(backend.home, 'data'), LICH_LISTEN_PORT: '0' },
      timeoutMs: 20_000,
    });
    expect(second).toEqual({
      code: 1,
      stdout: '',
      stderr: `lich: the data directory ${q(join(backend.home, 'data', 'lich'))} is in use by another lich (pid ${backend.pid}, holding lich.lock there): end that one with "lich quit" before starting this one, or give this one a data directory of its own (XDG_DATA_HOME)\n`,
    });

    const roster = JSON.parse((await backend.lich(['sessions', '--json'])).stdout) as Array<{ id: string; state: string }>;
    expect(roster.map((s) => s.id)).toEqual([session.id]);
    expect(await backend.lich(['send', '--timeout', '1', session.id, 'still there?'])).toMatchObject({ code: 2 });
  });
});
