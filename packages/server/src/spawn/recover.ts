/**
 * Worktree changes a backend was killed in the middle of, settled at the next start (issue 22,
 * item 3; spec/cli.md § lich open, "A worktree that could not be created leaves nothing behind";
 * § lich close, remove "deletes the checkout, the row, and any parked rows pointing at it").
 *
 * Making or removing a checkout is several steps — git's own (`git branch`, `git worktree add`,
 * the deletion of every file), the session's row, the setup script — and a `kill -9` can land
 * between any two. Each change is recorded in the store before git touches anything
 * (`checkout_intents`, store migration 7; `CheckoutJournal` in spawn/worktrees.ts) and the record
 * is deleted once the change is over, so what is left at start is exactly what was cut short:
 *
 * - a `remove` is finished: what is left of the directory is deleted, git's registration dropped
 *   (a locked one too: the removal was asked for), and every row pointing at the checkout
 *   deleted — the rows and the record in one transaction. Before, the parked row stayed pointing
 *   at a directory half gone or missing, and the next `open --worktree` on the branch, finding its
 *   label taken, opened a session named `Session <n>`.
 * - a `create` whose open never got past its setup script (or never wrote its row) is taken back
 *   as a failed open would have been: the checkout, the branch when the open made it (unless
 *   commits nothing else has were made on it meanwhile: `git branch -d`), and the rows this open
 *   wrote. Rows from before the record (a parked session whose stale checkout was being
 *   made again) stay parked, to be resumed when the branch is opened again. Should a row the open
 *   wrote hold a conversation (its provider ran), nothing is taken: that checkout holds work.
 *
 * The git process the killed backend had running for the change outlives it (an orphan still
 * deleting, or still checking out, through a child git of its own): it is named in the record by
 * pid and start time, and its process group is killed first, so nothing writes into the checkout
 * while it is settled here.
 */
import { rmSync, statSync } from 'node:fs';
import { procStat } from '@lich/core/lich-process';
import { SpawnError } from '../errors.js';
import type { Sandbox } from '../sandbox/sandbox.js';
import { groupAlive, signalGroup } from '../terminal/group.js';
import type { CheckoutIntent, Store } from '../store/store.js';
import { samePath, type CheckoutJournal, type Worktrees } from './worktrees.js';

/** The journal `Worktrees` writes through: the store's `checkout_intents`, with each git process's start time. */
export function storeJournal(store: Store): CheckoutJournal {
  return {
    begin: (i) => store.beginCheckout(i),
    running: (path, pid) => void store.checkoutRunning(path, pid, processStart(pid) ?? 0).catch(() => undefined),
    end: (path) => store.endCheckout(path),
  };
}

/**
 * Settles every worktree change recorded and not finished (see the module comment), oldest
 * first, logging one line for each. One that cannot be settled (git refuses, the project's
 * directory is gone) keeps its record and its rows, and the line names `lich close --worktree
 * remove --force <label>`, which finishes it; it is tried again at the next start.
 *
 * @returns how many changes were settled.
 */
export async function recoverCheckouts(d: { store: Store; worktrees: Worktrees; sandbox?: Sandbox; log: (line: string) => void }): Promise<number> {
  let settled = 0;
  for (const i of d.store.checkoutIntents()) {
    try {
      await stopOrphan(i);
      if (!d.worktrees.createdByLich(i.path)) {
        // Never recorded for anything else; a record naming another directory is dropped untouched.
        await d.store.endCheckout(i.path);
        continue;
      }
      if (i.op === 'remove') await finishRemoval(d, i);
      else await takeBack(d, i);
      settled++;
    } catch (err) {
      const label = d.store.sessions().find((s) => samePath(s.path, i.path))?.label;
      const how = label !== undefined ? ` — lich close --worktree remove --force "${label}" finishes it` : '';
      d.log(
        `the worktree ${i.path} was being ${i.op === 'remove' ? 'removed' : 'made'} when an earlier run stopped, and that could not be settled: ${(err as Error)?.message ?? String(err)}${how}`,
      );
    }
  }
  return settled;
}

/** A `remove` cut short: the directory, git's registration, then the rows and the record together. */
async function finishRemoval(d: { store: Store; worktrees: Worktrees; sandbox?: Sandbox; log: (line: string) => void }, i: CheckoutIntent): Promise<void> {
  rmSync(i.path, { recursive: true, force: true, maxRetries: 3 });
  if (isDirectory(i.projectDir)) await d.worktrees.remove(i.projectDir, i.path, true);
  else d.worktrees.dropEmptyParents(i.path);
  const gone = d.store.sessions().filter((s) => samePath(s.path, i.path)).map((s) => s.id);
  await d.store.deleteSessions(gone, { endCheckout: i.path });
  d.sandbox?.forget(gone);
  d.log(`finished removing the worktree ${i.path}, which an earlier run was removing when it stopped${gone.length ? ` (${gone.length} session${gone.length === 1 ? '' : 's'} deleted with it)` : ''}`);
}

/** A `create` cut short: taken back like a failed open, unless a session of it has a conversation. */
async function takeBack(d: { store: Store; worktrees: Worktrees; sandbox?: Sandbox; log: (line: string) => void }, i: CheckoutIntent): Promise<void> {
  const here = d.store.sessions().filter((s) => samePath(s.path, i.path));
  const own = here.filter((s) => s.createdAt >= i.createdAt);
  if (own.some((s) => s.providerSessionId !== '')) {
    // Its provider ran and recorded a conversation: whatever the setup left, the checkout holds work.
    await d.store.endCheckout(i.path);
    return;
  }
  rmSync(i.path, { recursive: true, force: true, maxRetries: 3 });
  let branchKept = false;
  if (isDirectory(i.projectDir)) {
    // The branch apart: unlike an open failing on the spot, time has passed, and it goes only if
    // nothing on it would be lost (someone may have committed on it while lich was down).
    await d.worktrees.undo(i.projectDir, { path: i.path, branch: i.branch, createdBranch: false });
    // The undo is best effort; what git still registers there says whether it took.
    const left = (await d.worktrees.checkouts(i.projectDir, i.projectDir)).find((c) => samePath(c.path, i.path));
    if (left) throw new SpawnError(`git still registers the checkout`);
    if (i.madeBranch) branchKept = !(await d.worktrees.dropBranchIfMerged(i.projectDir, i.branch));
  } else {
    // The repository went with its directory: nothing of git's is left to take back.
    d.worktrees.dropEmptyParents(i.path);
  }
  await d.store.deleteSessions(own.map((s) => s.id), { endCheckout: i.path });
  d.sandbox?.forget(own.map((s) => s.id));
  const branch = !i.madeBranch ? '' : branchKept ? `, keeping the branch it made, which holds commits nothing else has` : ', and the branch it made';
  d.log(
    `took back the worktree ${i.path} of "${i.branch}", which an earlier run was making when it stopped${branch}${own.length ? ` (its session${own.length === 1 ? '' : 's'} never started and went with it)` : ''}`,
  );
}

/**
 * Kills the git the record names, with every process of its group (git runs as a group's leader,
 * spawn/worktrees.ts `git`: `git worktree add` checks out in a child git that outlives its parent
 * too), and waits (≤ 5 s) until none is left. The group is that git's while its leader is the
 * same process (its start time matches), or — the leader gone — while any process is left in it:
 * the kernel hands no new process a pid still in use as a group's id.
 */
async function stopOrphan(i: CheckoutIntent): Promise<void> {
  if (i.pid <= 0) return;
  const start = processStart(i.pid);
  // A leader that has ended but is not reaped yet still names its group (its child may run on).
  const ours = start !== undefined ? start === i.pidStart : groupAlive(i.pid);
  if (!ours || !signalGroup(i.pid, 'SIGKILL')) return;
  const end = Date.now() + 5_000;
  while (groupAlive(i.pid) && Date.now() < end) await new Promise((r) => setTimeout(r, 10));
}

/** When process `pid` started, in clock ticks since boot (`/proc/<pid>/stat` field 22); undefined when it is not there (or no `/proc`). */
export function processStart(pid: number): number | undefined {
  return procStat(pid)?.started;
}

function isDirectory(dir: string): boolean {
  try {
    return statSync(dir).isDirectory();
  } catch {
    return false;
  }
}
