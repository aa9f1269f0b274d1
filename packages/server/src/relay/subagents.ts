/**
 * Subagent workers (`lich open --subagent`; spec/cli.md § lich open, --subagent; wire.md § 9):
 * what is particular to the errand a worker is handed. Closing the worker ends it `stopped`
 * (in silence when its own caller closed it), and a worker that answered in its caller's
 * checkout parks itself at the `done` that ends the turn it answered in, unless something holds
 * it open.
 */
import type { Errand } from './errand.js';
import type { RelayHost } from './host.js';
import type { ErrandBook } from './book.js';

/** What subagents need of the rest of the relay, wired by relay.ts. */
export interface SubagentDeps {
  host: RelayHost;
  book: ErrandBook;
  /** Parks a session the way `lich close` does (RelayOptions.park); without it, workers stay open. */
  park?: (id: string) => Promise<unknown>;
  log?: (line: string) => void;
}

export class Subagents {
  /** Sessions being closed through `spawn.Close`, and by whom (`""`: the command line). */
  private readonly closers = new Map<string, string>();
  /**
   * Workers that answered a subagent errand, with it: the next `done` they report ends the turn
   * they answered in, and they park then if nothing holds them open.
   */
  private readonly answered = new Map<string, Errand>();

  constructor(private readonly d: SubagentDeps) {}

  /** The session `id` is being closed by `by`: its open subagent errands end `stopped` when it exits. */
  closing(id: string, by: string): void {
    this.closers.set(id, by);
  }

  /**
   * The session `id` exited: who closed it (undefined when nobody did through `spawn.Close`),
   * and it is forgotten here.
   */
  exited(id: string): string | undefined {
    const closer = this.closers.get(id);
    this.closers.delete(id);
    this.answered.delete(id);
    return closer;
  }

  /** Worker `id` answered `e`: the `done` ending this turn may park it. */
  answeredBy(id: string, e: Errand): void {
    this.answered.set(id, e);
  }

  /** Worker `id`'s turn was stopped (an abort): it answered in a turn that does not end in a self-close. */
  stopped(id: string): void {
    this.answered.delete(id);
  }

  /**
   * `id` reported `done`. When it had answered a subagent errand, that was the turn it answered
   * in, and a worker that ran in its caller's checkout is parked now (spec/cli.md § lich open,
   * --subagent: "closes once it is done") — unless {@link selfCloseHold} names a reason to stay.
   */
  doneAfterAnswer(id: string): void {
    const e = this.answered.get(id);
    if (!e) return;
    this.answered.delete(id);
    if (!this.d.park || this.selfCloseHold(id, e) !== null) return;
    this.d.park(id).catch((err: unknown) => {
      this.d.log?.(`the subagent ${id} answered and could not be parked: ${(err as Error)?.message ?? String(err)}`);
    });
  }

  /**
   * Why worker `id`, which answered `e`, stays open; `null` when nothing holds it. The spec's
   * list minus what this backend cannot see: a card the user pinned (no window) and a turn
   * stopped with Esc (reported by no hook).
   */
  private selfCloseHold(id: string, e: Errand): string | null {
    const { host, book } = this.d;
    const worker = host.session(id);
    const caller = host.session(e.from);
    if (!worker || !host.live(id)) return 'gone already';
    if (!caller || !host.live(e.from)) return 'its caller is gone';
    if (worker.path !== caller.path) return 'it runs on a checkout of its own';
    if (book.openAt(id)) return 'another errand is open at it';
    if (book.ownOutstanding(id)) return 'an errand of its own is still out';
    return null;
  }
}
