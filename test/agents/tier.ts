/**
 * The real-agents tier's harness: a fake model (tools/fake-model), a real backend in this process
 * (test/e2e/harness.ts) whose PATH starts with a wrapper named like the built-in kind's command
 * (tools/agents/offline.mjs), a git project, and the built `lich` CLI — so `lich open --kind
 * claude|opencode|codex|omp` runs the real client, offline, in a real PTY, exactly as a user's would
 * run but for the model it talks to.
 *
 * Every wait is for an event — a request reaching the fake model, text on the session's screen
 * (screens.ts), a CLI child exiting — with generous caps; nothing sleeps and hopes.
 */
import { join } from 'node:path';
import { type FakeModel, type Rule, type Script, startFakeModel } from '../../tools/fake-model/index.mjs';
import { CLIENTS } from '../../tools/agents/clients.mjs';
import { prepareOffline, sessionEnvs, stopCodexDaemons } from '../../tools/agents/offline.mjs';
import { codexHookTrust } from '../../packages/server/src/providers/codex-hooks.js';
import { Backend, type Run, type RunOptions, type Session, makeRepo } from '../e2e/harness.js';
import { type Screen, screenCount, screenOf, screensSince } from './screens.js';

export type Kind = 'claude' | 'opencode' | 'codex' | 'omp';
export const KINDS: Kind[] = ['claude', 'opencode', 'codex', 'omp'];

/** What a wrapper-prepared home is (tools/agents/offline.mjs). */
export type Offline = ReturnType<typeof prepareOffline>;

export interface TierOptions {
  /** The fake model's script (falls through to `replyScript()`). */
  script?: Script | Rule[];
  /** Variables added to the backend's environment (and so every session's): e.g. `CLAUDECODE`. */
  backendEnv?: Record<string, string>;
  /** Extra variables the wrapper exports to the client. */
  clientEnv?: Record<string, string>;
  /** Seconds the wrapper waits, drawing nothing, before the client runs: a cold first start (offline.mjs). */
  startDelaySeconds?: number;
  /** false: a session in a folder the tier did not trust meets the client's trust question (offline.mjs). */
  trustStarts?: boolean;
  /** omp: its setup wizard was never run, so it opens it (offline.mjs). */
  firstRun?: boolean;
  /**
   * codex: false leaves lich's hooks untrusted in the offline home, so a session meets Codex's hook
   * review. Default: trusted up front, as a user who chose "Trust all and continue" once has them.
   */
  hooksTrusted?: boolean;
}

/** The client's name and version, for test titles. */
export function clientName(kind: Kind): string {
  return `${CLIENTS[kind].name} ${CLIENTS[kind].version}`;
}

export class Tier {
  private constructor(
    readonly kind: Kind,
    readonly fake: FakeModel,
    readonly backend: Backend,
    readonly offline: Offline,
    /** A git repository with three commits, trusted by the client. */
    readonly project: string,
    /** What the fake model logged (404s, script failures). */
    readonly fakeLog: string[],
    /** The worker's PTY count before this tier started: its sessions' screens come after it. */
    private readonly screenMark: number,
  ) {}

  static async start(kind: Kind, o: TierOptions = {}): Promise<Tier> {
    const fakeLog: string[] = [];
    const screenMark = screenCount();
    const fake = await startFakeModel({ script: o.script, log: (l) => fakeLog.push(l) });
    let offline: Offline | undefined;
    let backend: Backend;
    try {
      backend = await Backend.start({
        env: ({ home }) => {
          offline = prepareOffline(kind, {
            root: join(home, 'agent'),
            fakeUrl: fake.url,
            trust: [join(home, 'project'), join(home, 'data', 'lich', 'worktrees')],
            trustedHooks: kind === 'codex' && o.hooksTrusted !== false ? codexHookTrust() : [],
            env: o.clientEnv,
            startDelaySeconds: o.startDelaySeconds,
            trustStarts: o.trustStarts,
            firstRun: o.firstRun,
          });
          return { PATH: `${offline.binDir}:${process.env.PATH ?? ''}`, ...o.backendEnv };
        },
      });
    } catch (err) {
      await fake.close();
      throw err;
    }
    const project = makeRepo(backend.home, 'project');
    return new Tier(kind, fake, backend, offline!, project, fakeLog, screenMark);
  }

  /** `lich …args` against this backend, as a script outside lich (or as `o.session`). */
  lich(args: string[], o: RunOptions = {}): Promise<Run> {
    return this.backend.lich(args, { timeoutMs: 290_000, ...o });
  }

  /** `lich open --json --project <project> --kind <kind> …extra`; throws on anything but exit 0. */
  open(extra: string[] = []): Promise<Session> {
    return this.backend.open(this.project, this.kind, extra);
  }

  /**
   * `lich send <target> <text> --timeout <s>`. The default, 150 s, covers a cold opencode on a
   * loaded 2-core machine (2–25 s to read input, real-agents.md § 4.5) many times over.
   */
  send(target: string, text: string, timeoutSeconds = 150, o: RunOptions = {}): Promise<Run> {
    return this.lich(['send', '--timeout', String(timeoutSeconds), target, text], o);
  }

  /** The latest PTY start of a session, as its screen (screens.ts). */
  screen(sessionId: string): Promise<Screen> {
    return screenOf(sessionId);
  }

  /** The environments lich gave a session's starts, as the wrapper recorded them. */
  sessionEnvs(sessionId?: string): ReturnType<typeof sessionEnvs> {
    return sessionEnvs(this.offline, sessionId);
  }

  /**
   * A dump for a failing test: what the fake model saw and logged, the backend's log tail, and
   * what each of this tier's sessions shows on its screen (where a typed task went: a popup, a
   * splash, a usage error).
   */
  describe(): string {
    const reqs = this.fake.requests.map(
      (r) =>
        `  #${r.seq} ${r.method} ${r.path} ${r.status}${r.cancelled ? ' cancelled' : ''}` +
        (r.turn ? ` text=${JSON.stringify(r.turn.text.slice(0, 100))} tools=${r.turn.tools.length} result=${r.turn.toolResult ? `${r.turn.toolResult.name}:${JSON.stringify(r.turn.toolResult.text.slice(0, 160))}` : '-'} → ${JSON.stringify(r.action)?.slice(0, 160)}` : ''),
    );
    const screens = screensSince(this.screenMark).flatMap((s) => {
      const rows = s.lines();
      while (rows.length > 0 && rows[rows.length - 1] === '') rows.pop();
      return [`screen of session ${s.sessionId} (pid ${s.pid}${s.exit ? `, exited ${JSON.stringify(s.exit)}` : ''}):`, ...rows.map((r) => `  | ${r}`)];
    });
    return [
      `fake model requests:`,
      ...reqs,
      `fake model log: ${this.fakeLog.join(' | ') || '-'}`,
      `backend log (last 30):`,
      ...this.backend.backendLog.slice(-30).map((l) => `  ${l}`),
      ...screens,
    ].join('\n');
  }

  async close(): Promise<void> {
    // Before the backend removes the home their pid files are in.
    if (this.kind === 'codex') stopCodexDaemons(this.offline);
    try {
      await this.backend.close();
    } finally {
      await this.fake.close();
    }
  }
}

/** Runs `fn`, and on failure appends the tier's dump to the error, so a red test says what the agent saw. */
export async function explained<T>(tier: Tier, fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    const e = err as Error;
    e.message = `${e.message}\n\n${tier.describe()}`;
    throw e;
  }
}

/** `lich sessions --json`'s row of `id`, as a script outside lich reads it. */
export async function row(tier: Tier, id: string): Promise<{ state: string; label: string; kind: string } | undefined> {
  const r = await tier.lich(['sessions', '--json']);
  return (JSON.parse(r.stdout || '[]') as Array<{ id: string; state: string; label: string; kind: string }>).find((s) => s.id === id);
}

/**
 * Asks the CLI again (every 250 ms, at most `ms`) until `ok` holds of its answer: what lich shows
 * once a client's report landed, which no event of the test's own announces.
 */
export async function untilLich<T>(ask: () => Promise<T>, ok: (v: T) => boolean, what: string, ms = 60_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await ask();
    if (ok(v)) return v;
    if (Date.now() > end) throw new Error(`timed out after ${ms} ms waiting for ${what}; last: ${JSON.stringify(v)}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

/**
 * Opens a Claude Code session and waits until its mod polls: `lich control <s> model` with no
 * model (which only drops an override there is none of) is refused until then.
 */
export async function openPolled(tier: Tier, extra: string[] = []): Promise<Session> {
  const s = await tier.open(extra);
  await (await tier.screen(s.id)).waitFor('❯', 'the prompt');
  await untilLich(() => tier.lich(['control', s.id, 'model']), (r: Run) => r.code === 0, `the mod of ${s.id} polling`);
  return s;
}
