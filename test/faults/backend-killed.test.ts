/**
 * `kill -9` of the backend at the moments a user can catch it in (issue 22, the fault suite):
 * while sends hold the line, mid `git worktree add`, while a new worktree runs its setup script,
 * during `lich close --worktree remove`, and while a `lich reply` is on its way. Each backend is
 * `lich --no-window` as a process of its own (test/e2e/child-backend.ts), killed for real and
 * started again on the same directories and port; each case then holds the store to the disk and
 * finds nothing of the dead backend still running.
 */
import { chmodSync, existsSync, mkdirSync, rmSync, watch, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { descendants, freePort, type ChildBackend } from '../e2e/child-backend.js';
import { AgentLog, exampleProvider, inertProvider, makeRepo, until, waitForStatus, type Run, type Session } from '../e2e/harness.js';
import { appeared, Backends, requestRead, signalAll, unreadRequests } from './backends.js';
import { CASES } from './cases.js';
import { fault, git, storeAgainstDisk } from './kit.js';

const backends = new Backends();
afterEach(() => backends.cleanup());

/** The one line a command holding a request prints when the lich it talks to dies under it (core's rpc.ts). */
const cut = (port: number, method: string) => `lich: reach lich: Post "http://127.0.0.1:${port}/rpc/${method}?token=…": EOF\n`;
/** … or, when the request was still unread in the dead lich's socket, the reset that closes it. */
const reset = (port: number, method: string) =>
  `lich: reach lich: Post "http://127.0.0.1:${port}/rpc/${method}?token=…": read tcp 127.0.0.1:${port}: connection reset by peer\n`;

const parkedLine = (n: number) => `parked ${n} session${n === 1 ? '' : 's'} an earlier run left open: no terminal survives a restart`;

/** SIGKILLs `b`, and with `tree` every process it had started at that moment too (as a crash of its whole process group would). */
async function kill9(b: ChildBackend, tree = false): Promise<void> {
  const under = tree ? descendants(b.pid) : [];
  b.child.kill('SIGKILL');
  signalAll(under, 'SIGKILL');
  expect(await b.exited).toBe(null);
}

async function open(b: ChildBackend, args: string[]): Promise<Session> {
  const r = await b.lich(['open', '--json', ...args]);
  expect(r.stderr).toBe('');
  expect(r.code).toBe(0);
  return JSON.parse(r.stdout) as Session;
}

describe('kill -9 of the backend', () => {
  it(
    CASES.sendKilled.fault,
    fault(CASES.sendKilled, async (k) => {
      const home = backends.home();
      const port = await freePort();
      const log = join(home, 'agents.jsonl');
      const providers = { example: exampleProvider(log) };
      const { b: first, scope } = await backends.child(home, { providers, port });
      k.within(scope);
      const agents = new AgentLog(log);
      k.errands.watch(agents);
      const repo = makeRepo(home, 'fanout-repo', 1);
      scope.repos.push(repo);
      const sessions: Session[] = [];
      for (let i = 0; i < 4; i++) sessions.push(await open(first, ['--project', repo, '--kind', 'example']));
      for (const s of sessions) await agents.ready(s.id);

      // One errand per session answered before the kill: printed once, its own answer.
      await Promise.all(
        sessions.map(async (s, i) => {
          const e = k.errands.errand(`quick-${i}`);
          const o = k.errands.read(e, await first.lich(['send', '--timeout', '60', s.label, e.prompt]), s.label);
          expect(o?.status).toBe('answered');
        }),
      );
      // Then the fan-out the kill cuts: a held send per session, and two opens on their way.
      const slow = sessions.map((s, i) => {
        const e = k.errands.errand(`slow-${i}`);
        return { e, s, run: first.lich(['send', '--timeout', '60', s.label, e.after('sleep 20')]) };
      });
      await until(() => agents.entries().filter((x) => x.event === 'task').length === 2 * sessions.length, 'the fan-out reaching every session');
      const opening = [0, 1].map(() => first.lich(['open', '--json', '--project', repo, '--kind', 'example']));
      await kill9(first);

      for (const { e, s, run } of slow) {
        const o = k.errands.read(e, await run, s.label, { token: first.token });
        expect(o).toEqual({ status: 'failed', line: cut(port, 'relay.Send') });
      }
      // An open whose CLI read the runtime file only after the kill finds the lich it names gone
      // (and one that connected only after it is refused, which says the same: core's unreachableText).
      let openedBeforeDeath = 0;
      const gone = 'lich: no lich is running — open lich, or run this inside one of its sessions\n';
      for (const r of await Promise.all(opening)) {
        if (r.code === 0) openedBeforeDeath++;
        else expect([cut(port, 'spawn.Open'), reset(port, 'spawn.Open'), gone]).toContain(r.stderr);
      }
      // The dead coordinates, from the runtime file and from a session's environment: refused at
      // once, in one line. Where they name the dead lich's pid, no connection is even tried; an
      // original lich's session names none, and its refused connection says the same.
      expect(await first.lich(['sessions'])).toEqual({ code: 1, stdout: '', stderr: gone });
      const sessionEnv = { port, token: first.token, session: sessions[0]!.id };
      expect(await first.lich(['sessions'], { ...sessionEnv, env: { LICH_PID: String(first.pid) } })).toEqual({ code: 1, stdout: '', stderr: gone });
      expect(await first.lich(['sessions'], sessionEnv)).toEqual({ code: 1, stdout: '', stderr: gone });

      // A new backend on the same directories and port takes over, and parks what the dead one left.
      const { b: second } = await backends.child(home, { providers, port, mark: scope.mark });
      await until(() => second.stderr().includes('an earlier run left open'), 'the parking line');
      const parked = Number(/parked (\d+) sessions? an earlier run left open/.exec(second.stderr())?.[1]);
      // An open the kill cut off after its row was written has a row its caller never heard of: parked like the rest.
      expect(parked).toBeGreaterThanOrEqual(sessions.length + openedBeforeDeath);
      expect(parked).toBeLessThanOrEqual(sessions.length + opening.length);
      expect(second.stderr()).toContain(parkedLine(parked));
      expect(storeAgainstDisk(second.dataDir, [repo])).toEqual([]);
      expect(await second.lich(['sessions', '--json'])).toEqual({ code: 0, stdout: '[]\n', stderr: '' });

      // And it works: a new session answers.
      const fresh = await open(second, ['--project', repo, '--kind', 'example']);
      await agents.ready(fresh.id);
      const e = k.errands.errand('after-restart');
      expect(k.errands.read(e, await second.lich(['send', '--timeout', '60', fresh.label, e.prompt]), fresh.label)?.status).toBe('answered');
      await second.quit();
    }),
  );

  it(
    CASES.backendJobLeft.fault,
    fault(CASES.backendJobLeft, async (k) => {
      const home = backends.home();
      const port = await freePort();
      const log = join(home, 'agents.jsonl');
      const providers = { example: exampleProvider(log) };
      const { b: first, scope } = await backends.child(home, { providers, port });
      k.within(scope);
      const agents = new AgentLog(log);
      k.errands.watch(agents);
      const repo = makeRepo(home, 'job-repo', 1);
      scope.repos.push(repo);
      const s = await open(first, ['--project', repo, '--kind', 'example']);
      await agents.ready(s.id);
      // The task starts a job that ignores the hangup (a dev server started with nohup), then works on.
      const e = k.errands.errand();
      const job = join(home, 'job.pid');
      const holding = first.lich(['send', '--timeout', '60', s.label, e.after(`nohup sh -c 'echo $$ > ${job}; exec sleep 120' >/dev/null 2>&1 & sleep 30`)]);
      await appeared(job, 'the background job');
      await kill9(first);
      expect(k.errands.read(e, await holding, s.label, { token: first.token })).toEqual({ status: 'failed', line: cut(port, 'relay.Send') });

      // The next start ends what the dead backend's sessions left running (the kit's leftover check, after it quits).
      const { b: second } = await backends.child(home, { providers, port, mark: scope.mark });
      expect(second.stderr()).toContain(parkedLine(1));
      await second.quit();
    }),
  );

  it(
    CASES.worktreeAddKilled.fault,
    fault(CASES.worktreeAddKilled, async (k) => {
      const home = backends.home();
      const port = await freePort();
      const log = join(home, 'agents.jsonl');
      const providers = { example: exampleProvider(log) };
      const { b: first, scope } = await backends.child(home, { providers, port });
      k.within(scope);
      const agents = new AgentLog(log);
      k.errands.watch(agents);
      // A repository whose checkout runs a smudge filter, which holds `git worktree add` mid
      // checkout while the gate file is there: the files half written, git's "initializing" lock on.
      const repo = makeRepo(home, 'add-repo', 1);
      scope.repos.push(repo);
      const gate = join(home, 'gate');
      const held = join(home, 'held');
      writeFileSync(join(repo, '.gitattributes'), 'held.txt filter=hold\n');
      writeFileSync(join(repo, 'held.txt'), 'held\n');
      git(repo, 'add', '.');
      git(repo, '-c', 'user.name=e2e', '-c', 'user.email=e2e@example.invalid', 'commit', '-q', '-m', 'a filtered file');
      git(repo, 'config', 'filter.hold.clean', 'cat');
      git(repo, 'config', 'filter.hold.smudge', `if [ -e '${gate}' ]; then touch '${held}'; while [ -e '${gate}' ]; do sleep 0.05; done; fi; cat`);
      writeFileSync(gate, '');
      const opening = first.lich(['open', '--json', '--project', repo, '--kind', 'example', '--worktree', 'w1']);
      await appeared(held, 'git worktree add reaching the held file');
      // The backend and the git it runs, killed mid checkout.
      await kill9(first, true);
      rmSync(gate);
      expect(await opening).toEqual({ code: 1, stdout: '', stderr: cut(port, 'spawn.Open') });

      const { b: second } = await backends.child(home, { providers, port, mark: scope.mark });
      // What the dead backend half made is taken back: no row, no directory, no entry git keeps locked.
      expect(storeAgainstDisk(second.dataDir, [repo])).toEqual([]);
      const reopened = await open(second, ['--project', repo, '--kind', 'example', '--worktree', 'w1']);
      expect(reopened.label).toBe('w1');
      expect(git(reopened.path, 'symbolic-ref', '--short', 'HEAD').trim()).toBe('w1');
      await agents.ready(reopened.id);
      const e = k.errands.errand('in-w1');
      expect(k.errands.read(e, await second.lich(['send', '--timeout', '60', 'w1', e.prompt]), 'w1')?.status).toBe('answered');
      expect((await second.lich(['close', '--worktree', 'keep', 'w1'])).code).toBe(0);
      expect(storeAgainstDisk(second.dataDir, [repo])).toEqual([]);
      await second.quit();
    }),
  );

  it(
    CASES.setupKilled.fault,
    fault(CASES.setupKilled, async (k) => {
      const home = backends.home();
      const port = await freePort();
      const log = join(home, 'agents.jsonl');
      const providers = { example: exampleProvider(log) };
      const { b: first, scope } = await backends.child(home, { providers, port });
      k.within(scope);
      const agents = new AgentLog(log);
      k.errands.watch(agents);
      const repo = makeRepo(home, 'setup-repo', 1);
      scope.repos.push(repo);
      // The project's setup script, which runs in a fresh worktree's terminal before its agent.
      const running = join(home, 'setup-running');
      const release = join(home, 'setup-release');
      mkdirSync(join(repo, '.lich'));
      writeFileSync(join(repo, '.lich', 'setup-worktree.sh'), `touch '${running}'\nwhile [ ! -e '${release}' ]; do sleep 0.05; done\n`);
      chmodSync(join(repo, '.lich', 'setup-worktree.sh'), 0o755);
      const e1 = k.errands.errand('held-for-setup');
      const r = await first.lich(['open', '--json', '--project', repo, '--kind', 'example', '--worktree', 's1', '--prompt', e1.prompt]);
      expect(r.stderr).toBe('');
      expect(r.code).toBe(0);
      const s1 = JSON.parse(r.stdout) as Session & { delivery: { ticket: string; status: string } };
      expect(s1.delivery.status).toBe('pending');
      e1.ticket = s1.delivery.ticket;
      await appeared(running, 'the setup script running');
      const waiting = first.startLich(['wait', '--timeout', '60', e1.ticket]);
      await until(() => requestRead(waiting.child.pid!, port), 'the wait holding the line');
      await kill9(first);
      expect(k.errands.read(e1, await waiting.done, 's1', { token: first.token })).toEqual({ status: 'failed', line: cut(port, 'relay.Wait') });
      expect(agents.entries(s1.id)).toEqual([]); // the agent never started: the setup script had the terminal

      // The checkout's setup never finished: the next start takes it back, and the next open
      // makes it again, its setup script run again before its agent.
      const { b: second } = await backends.child(home, { providers, port, mark: scope.mark });
      expect(storeAgainstDisk(second.dataDir, [repo])).toEqual([]);
      rmSync(running);
      const reopening = second.lich(['open', '--json', '--project', repo, '--kind', 'example', '--worktree', 's1']);
      await appeared(running, 'the setup script running again');
      writeFileSync(release, '');
      const r2 = await reopening;
      expect({ code: r2.code, stderr: r2.stderr }).toEqual({ code: 0, stderr: '' });
      const reopened = JSON.parse(r2.stdout) as Session;
      expect({ label: reopened.label, path: reopened.path }).toEqual({ label: 's1', path: s1.path });
      await agents.ready(reopened.id);
      const e2 = k.errands.errand('after-restart');
      expect(k.errands.read(e2, await second.lich(['send', '--timeout', '60', 's1', e2.prompt]), 's1')?.status).toBe('answered');
      expect((await second.lich(['close', '--worktree', 'remove', 's1'])).code).toBe(0);
      await second.quit();
    }),
  );

  it(
    CASES.removeKilled.fault,
    fault(CASES.removeKilled, async (k) => {
      const home = backends.home();
      const port = await freePort();
      const log = join(home, 'agents.jsonl');
      const providers = { example: exampleProvider(log) };
      const { b: first, scope } = await backends.child(home, { providers, port });
      k.within(scope);
      const agents = new AgentLog(log);
      k.errands.watch(agents);
      const repo = makeRepo(home, 'remove-repo', 1);
      scope.repos.push(repo);
      const w4 = await open(first, ['--project', repo, '--kind', 'example', '--worktree', 'w4']);
      await agents.ready(w4.id);
      const e1 = k.errands.errand('in-w4');
      expect(k.errands.read(e1, await first.lich(['send', '--timeout', '60', 'w4', e1.prompt]), 'w4')?.status).toBe('answered');
      for (let i = 0; i < 20_000; i++) writeFileSync(join(w4.path, `untracked-${i}`), '');
      // The first file git removes is the moment: the backend and its git die with the rest still there.
      let deleting!: () => void;
      const deleted = new Promise<void>((r) => (deleting = r));
      const watcher = watch(w4.path, (event, name) => {
        if (event === 'rename' && name?.startsWith('untracked-') && !existsSync(join(w4.path, name))) deleting();
      });
      const closing = first.lich(['close', '--worktree', 'remove', '--force', 'w4']);
      await deleted;
      await kill9(first, true);
      watcher.close();
      expect(await closing).toEqual({ code: 1, stdout: '', stderr: cut(port, 'spawn.Close') });

      const { b: second } = await backends.child(home, { providers, port, mark: scope.mark });
      // The removal that was asked for is finished: no row, no directory, no entry of git's.
      expect(storeAgainstDisk(second.dataDir, [repo])).toEqual([]);
      expect(existsSync(w4.path)).toBe(false);
      expect(JSON.parse((await second.lich(['worktrees', '--json', '--project', repo])).stdout)).toEqual([]);
      // The branch stays, with its commits; reopening it gives a working session named after it.
      expect(git(repo, 'branch', '--list', 'w4').trim()).toBe('w4');
      const again = await open(second, ['--project', repo, '--kind', 'example', '--worktree', 'w4']);
      expect(again.label).toBe('w4');
      expect(again.id).not.toBe(w4.id);
      await agents.ready(again.id);
      const e2 = k.errands.errand('in-w4-again');
      expect(k.errands.read(e2, await second.lich(['send', '--timeout', '60', 'w4', e2.prompt]), 'w4')?.status).toBe('answered');
      expect((await second.lich(['close', '--worktree', 'remove', 'w4'])).code).toBe(0);
      await second.quit();
    }),
    120_000,
  );

  it(
    CASES.replyKilled.fault,
    fault(CASES.replyKilled, async (k) => {
      const home = backends.home();
      const port = await freePort();
      const { b: first, scope } = await backends.child(home, { providers: { inert: inertProvider() }, port });
      k.within(scope);
      const repo = makeRepo(home, 'reply-repo', 1);
      scope.repos.push(repo);
      // The target's shell is this test's: it answers with `lich reply`, as its agent would.
      const target = await open(first, ['--project', repo, '--kind', 'inert']);
      const e = k.errands.errand();
      const holding = first.lich(['send', '--timeout', '60', target.label, e.prompt]);
      await waitForStatus(first, target.id, (st) => st.owed.length === 1, 'the task typed at the target');
      // The reply reaches a backend stopped mid-flight: its request sits unread in the socket when the kill comes.
      process.kill(first.pid, 'SIGSTOP');
      const replying: Promise<Run> = first.lich(['reply', e.identity], {
        port,
        token: first.token,
        session: target.id,
        env: { LICH_PID: String(first.pid) },
      });
      await until(() => unreadRequests(port) > 0, 'the reply to reach the stopped backend');
      await kill9(first);
      const replied = await replying;
      expect(replied.code).toBe(1);
      expect(replied.stdout).toBe('');
      expect([cut(port, 'relay.Reply'), reset(port, 'relay.Reply')]).toContain(replied.stderr);
      expect(k.errands.read(e, await holding, target.label, { token: first.token })).toEqual({ status: 'failed', line: cut(port, 'relay.Send') });

      const { b: second } = await backends.child(home, { providers: { inert: inertProvider() }, port, mark: scope.mark });
      expect(second.stderr()).toContain(parkedLine(1));
      expect(storeAgainstDisk(second.dataDir, [repo])).toEqual([]);
      await second.quit();
    }),
  );
});
