/**
 * The contexts core's operation tests run operations in (errands, operations, workspace): each on
 * a fake lich (fake-lich.ts) as one calling session, and all closed together after the test.
 */
import type { LichContext, Surface } from '../operation.js';
import { createContext } from '../operations.js';
import type { FakeLich } from './fake-lich.js';

/** What one test's context differs in. */
export interface TestContextOptions {
  /** Whose words refusals use; default `cli`. */
  surface?: Surface;
  /** Variables on top of the fake's coordinates and the calling session (`LICH_SESSION_ID: ''`: outside a session). */
  env?: Record<string, string>;
  /**
   * What `readStdin` reads, cut at its limit: text, `null` (nothing to read) or an Error it
   * rejects with. Absent: the context has no stdin.
   */
  stdin?: string | null | Error;
}

export class TestContexts {
  private made: LichContext[] = [];

  /** @param session the calling session's lich id every context carries as `LICH_SESSION_ID`. */
  constructor(private readonly session: string) {}

  /**
   * A context on `lich` — its port and token as `LICH_PORT` and `LICH_TOKEN` — as the calling
   * session, `o.env` on top. No runtime file is ever found (its read fails ENOENT), so an
   * environment without `LICH_PORT` reads as no lich running.
   */
  on(lich: FakeLich, o: TestContextOptions = {}): LichContext {
    const { stdin } = o;
    const c = createContext({
      surface: o.surface ?? 'cli',
      env: { LICH_PORT: String(lich.port), LICH_TOKEN: lich.token ?? '', LICH_SESSION_ID: this.session, ...o.env },
      readFile: async () => {
        throw Object.assign(new Error('no file'), { code: 'ENOENT' });
      },
      readStdin:
        stdin === undefined
          ? undefined
          : async (limit) => {
              if (stdin instanceof Error) throw stdin;
              return stdin === null ? null : stdin.slice(0, limit);
            },
    });
    return this.keep(c);
  }

  /** Closes `c`, a context a test built itself (another seam replaced), with the rest; returns it. */
  keep(c: LichContext): LichContext {
    this.made.push(c);
    return c;
  }

  /** Closes every context made so far (their RPC clients' sockets). */
  close(): void {
    for (const c of this.made) c.rpc.close();
    this.made = [];
  }
}
