/**
 * The fault suite's cases (issue 22), in the order README.md § What lich promises under faults
 * lists them: each fault, what a user sees, and what is kept. A case's `fault` is its test's name
 * (`it(CASES.x.fault, fault(CASES.x, …))`), and test/docs/faults-readme.test.ts holds the README's
 * table to these rows, so the table says what the suite checks and nothing else.
 */
export interface FaultCase {
  /** The fault, injected for real: the test's name and the table's first column. */
  fault: string;
  /** What a user sees: exit codes and words (spec/cli.md, core's wording). */
  sees: string;
  /** What is kept. */
  kept: string;
}

export const CASES = {
  sendKilled: {
    fault: 'kill -9 of the backend while sends wait for their answers',
    sees:
      'each waiting `lich send` exits 1 with `lich: reach lich: Post "…?token=…": EOF` (the token masked); an answer that came back before was printed, once; the next start says how many sessions it parked',
    kept: 'the store, whole; every session parked, its row matching the disk; no session process outlives its terminal',
  },
  backendJobLeft: {
    fault: 'kill -9 of the backend while a session’s task runs a job in the background (`nohup … &`)',
    sees: 'the waiting `lich send` exits 1 in one line; the next start parks the session',
    kept: 'nothing of the dead backend’s sessions left running once the next one has started',
  },
  worktreeAddKilled: {
    fault: 'kill -9 of the backend mid `git worktree add` (`lich open --worktree`)',
    sees: 'the open exits 1 in one line; after a restart `lich open --worktree <branch>` opens a working session named after the branch',
    kept: 'nothing half made: no row, no directory, no `.git/worktrees` entry left locked by git',
  },
  setupKilled: {
    fault: 'kill -9 of the backend while a new worktree runs its setup script',
    sees:
      'a `lich wait` on the task held for it exits 1 in one line; after a restart `lich open --worktree <branch>` makes the checkout again, runs its setup script, and the session, named after the branch, answers a task',
    kept: 'nothing half made: the checkout whose setup never finished is taken back at the next start',
  },
  removeKilled: {
    fault: 'kill -9 of the backend during `lich close --worktree remove --force` of 20,000 files',
    sees: 'the close exits 1 in one line; after a restart the removal is finished, and `lich open --worktree <branch>` opens a session named after the branch',
    kept: 'no row pointing at a half-removed directory; the branch and its commits',
  },
  replyKilled: {
    fault: 'kill -9 of the backend while a `lich reply` is on its way',
    sees: 'the reply exits 1 and the sender holding the line exits 1, each in one `lich: reach lich: …` line: neither is told the answer went home',
    kept: 'the store, whole; the sessions parked',
  },
  workerKilled: {
    fault: 'kill -9 of a worker mid-turn',
    sees: 'a sender holding the line exits 3 with the `unanswered` words; one that let go collects its outcome on its ticket (`undelivered` if the task was still held); errands at other sessions are answered',
    kept: 'every other errand; the session leaves `lich sessions`, its PTY closed and its processes ended',
  },
  workerJobLeft: {
    fault: 'kill -9 of a worker whose task left a job running in the background (`nohup … &`)',
    sees: 'the sender holding the line exits 3 with the `unanswered` words',
    kept: 'nothing of the session running: the job, in the session’s process group, ends with it',
  },
  targetStopped: {
    fault: '`SIGSTOP` of a target mid-turn, then `SIGCONT`',
    sees: 'sends to it exit 2 with their tickets while it is stopped; after `SIGCONT` `lich wait <ticket>` prints each answer, exit 0',
    kept: 'every task typed in while it was stopped, answered on its own ticket, in order',
  },
  senderKilled: {
    fault: 'a sending `lich send` (and a `lich wait`) killed while it holds the line',
    sees: "the answer lands in the sending session's inbox: a note at its prompt, and `lich wait` collects it, exit 0",
    kept: 'the errand and its answer, once',
  },
  replyRacesClose: {
    fault: 'a reply racing a close of the session that answers',
    sees: '`Answer sent.` only when the answer reaches the sender; otherwise the sender hears `unanswered` (exit 3) and the reply says why it was refused',
    kept: 'one outcome per errand, whichever wins',
  },
  twoReplies: {
    fault: 'two replies to one ticket at once',
    sees: 'one `Answer sent.` (exit 0); the other exits 1 with `lich: ticket "<t>" was already answered`',
    kept: "the first answer, delivered once; the second is not filed",
  },
  diskFull: {
    fault: 'the data directory on a full filesystem',
    sees:
      'an open, a rename or a close exits 1 with `lich: the disk holding the workspace database … is full, so nothing was written — free some space, then try again`, and the session a refused close named runs on; a worktree open, in those words or git’s, which lich follows with what to do about a full disk when git does not say `No space left on device` itself; sends to running sessions are still answered; once space is freed, all of it works',
    kept: 'the store, whole, with no half-written row; no half-made worktree, entry or branch',
  },
  diskReadOnly: {
    fault: 'the data directory read-only, holding an earlier run’s store',
    sees: '`lich --no-window` exits 1 in one line naming the directory and saying it is read-only',
    kept: 'the store byte for byte, its kept worktree and parked row; no lock file',
  },
  startRefused: {
    fault: 'a first start on a full, or an empty read-only, data directory',
    sees: '`lich --no-window` exits 1 in one line naming the directory and saying there is no space left on it, or that it is read-only (not `ENOENT`); `lich doctor` fails its store check saying so',
    kept: 'nothing half written: no lock file, no store',
  },
  deadPid: {
    fault: 'a runtime file naming a dead pid, or a pid recycled by another process',
    sees: 'every command exits 1 with `lich: no lich is running — open lich, or run this inside one of its sessions`, and connects to nothing',
    kept: 'the token and the task, sent nowhere',
  },
  impostor: {
    fault: "an impostor listening on a dead lich's port",
    sees: '`no lich is running` (exit 1) from the CLI, an error from `lich mcp` and the plugins; the impostor receives no request at all',
    kept: 'the token and the task, sent nowhere',
  },
  zombie: {
    fault: "an impostor on the port of a lich killed and not yet reaped (a zombie: its parent never waits)",
    sees: '`no lich is running` (exit 1) from the CLI, an error from `lich mcp` and the plugins, as for a dead pid; `lich --no-window` starts again at once on the same data directory',
    kept: 'the token and the task, sent nowhere; the data directory, taken over by the new start',
  },
  twoHundred: {
    fault: '200 concurrent errands while a worker is killed and another stopped and continued',
    sees: 'each errand ends once: answered on its own ticket; at the killed worker, `unanswered` or `undelivered`, or refused (no live session) when it reached lich after the worker died',
    kept: 'every errand accounted for: none lost, duplicated or crossed',
  },
} as const satisfies Record<string, FaultCase>;

/** The cases in table order. */
export const CASE_LIST: readonly FaultCase[] = Object.values(CASES);
