import http from 'node:http';
import type { RpcMethodName, RpcMethods } from '@lich/generated/types';
import type { Coordinates } from './coordinates.js';
import { abortError, LichError, LichTransportError, maskToken, oneLine } from './errors.js';
import type { RuntimeInfo } from './types.js';

/**
 * The options object of RPC method `M`, as its contract has it (contracts/rpc/<M>.json, generated
 * `RpcMethods`): every field present (the G3 rule, wire.md § 1.2) — or `undefined` for a method
 * that takes none (`system.Diagnostics`), whose body is `[]`.
 */
export type RpcOptions<M extends RpcMethodName> = RpcMethods[M]['options'] extends null ? undefined : RpcMethods[M]['options'];

/** The result of RPC method `M`, as its contract has it (contracts/rpc/<M>.json `result`). */
export type RpcResult<M extends RpcMethodName> = RpcMethods[M]['result'];

/** Options of one RPC call. */
export interface CallOptions {
  /** The budget of the whole exchange, in milliseconds (wire.md § 1.4). */
  timeoutMs: number;
  /** Cancels the call: it then rejects with an `AbortError` (see `isAbortError`). */
  signal?: AbortSignal;
}

/**
 * The loopback RPC wire as core sees it (docs/architecture.md § The RPC wire):
 * `POST /rpc/<service>.<Method>?token=…` with body `[options]`, or `[]` when `options` is
 * `undefined`. Resolves with the decoded result; rejects with a `LichError` whose message is
 * the line a user reads (wire.md § 1.3), or an `AbortError` when cancelled.
 *
 * Typed by the generated method map (`RpcMethods`, from contracts/rpc/): a method name the
 * contracts do not define, an options object missing a field its contract has (or carrying one
 * it lacks), and a result read as anything but the contract's, do not compile. The reply is not
 * checked at run time (the server checks its results against the same contract under
 * `validateResults`); a list result may still arrive as `null` from a Go backend, which writes an
 * empty slice that way, so callers keep their `?? []`.
 */
export interface RpcClient {
  call<M extends RpcMethodName>(method: M, options: RpcOptions<M>, call: CallOptions): Promise<RpcResult<M>>;
  /** Where calls go (`lich quit` polls that port). Rejects as `call` does when no lich is running. */
  coordinates(): Promise<Coordinates>;
  /** Drops idle keep-alive connections, so nothing of this client keeps a server busy. */
  close(): void;
}

/** What the HTTP client needs from its surroundings. */
export interface HttpRpcClientOptions {
  /** Resolves the coordinates on first use (environment, then runtime file). */
  coordinates: () => Promise<Coordinates>;
  /**
   * Reads the running instance's record, for the retry after a refused token (wire.md § 1.3
   * step 3). Absent means the client has no way to ask, and a refusal says so.
   */
  readRuntime?: () => Promise<RuntimeInfo | null>;
  /**
   * Defaults to a keep-alive agent of this client's own: a command that makes two calls
   * (open --prompt, quit) reuses its connection, and idle keep-alive sockets are unref'd, so
   * they never hold the process open.
   */
  agent?: http.Agent;
}

export { maskToken } from './errors.js';

// Go's http.StatusText where it differs from node's STATUS_CODES.
const goStatusText: Record<number, string> = {
  413: 'Request Entity Too Large',
  414: 'Request URI Too Long',
  416: 'Requested Range Not Satisfiable',
  418: "I'm a teapot",
};

function statusText(code: number): string {
  return goStatusText[code] ?? http.STATUS_CODES[code] ?? '';
}

interface RawReply {
  status: number;
  body: string;
}

/**
 * The RPC client on `node:http` (not undici, not fetch: they cost 5–10× a node start,
 * shared/ecosystem.md § 2). Implements wire.md § 1.3: the error mapping, `reach lich: …` with
 * the token masked, and the retry after a 401/403 — once, on the same port, with the token the
 * running instance recorded — with its exact refusals.
 */
export function createHttpRpcClient(options: HttpRpcClientOptions): RpcClient {
  const agent = options.agent ?? new http.Agent({ keepAlive: true });
  let resolved: Promise<Coordinates> | undefined;
  const coordinates = () => {
    resolved ??= options.coordinates();
    return resolved;
  };

  async function call<M extends RpcMethodName>(method: M, args: RpcOptions<M>, opts: CallOptions): Promise<RpcResult<M>> {
    const where = await coordinates();
    const body = JSON.stringify(args === undefined ? [] : [args]);
    let reply = await post(agent, where.port, where.token, method, body, opts);
    if (reply.status === 401 || reply.status === 403) {
      const token = await reissued(where.port, where.token, options.readRuntime);
      reply = await post(agent, where.port, token, method, body, opts);
    }
    if (reply.status !== 200) throw new LichError(maskToken(errorText(reply), where.token));
    try {
      return JSON.parse(reply.body) as RpcResult<M>;
    } catch (error) {
      throw new LichError(`decode the reply: ${oneLine((error as Error).message)}`, { cause: error });
    }
  }

  return {
    call,
    coordinates,
    close() {
      if (!options.agent) agent.destroy();
    },
  };
}

// wire.md § 1.3 step 4: the `error` field of a JSON body, else "<code> <StatusText>".
function errorText(reply: RawReply): string {
  try {
    const parsed: unknown = JSON.parse(reply.body);
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) {
      const error = (parsed as { error?: unknown }).error;
      if (typeof error === 'string' && error !== '') return error;
    }
  } catch {
    // Not JSON (Go's http.Error writes `forbidden\n`): the status line says it.
  }
  return `${reply.status} ${statusText(reply.status)}`;
}

/**
 * The token to retry with after lich refused ours (wire.md § 1.3 step 3), or the refusal that
 * explains why there is none.
 */
async function reissued(
  port: number,
  token: string,
  readRuntime: (() => Promise<RuntimeInfo | null>) | undefined,
): Promise<string> {
  const stale = `lich refused this token on port ${port}: the coordinates in this environment were exported by an earlier lich, and the one running now cannot be reached with them`;
  if (!readRuntime) throw new LichError(`${stale}. Run this from a session of the running lich`);
  let info: RuntimeInfo | null;
  try {
    info = await readRuntime();
  } catch (error) {
    throw new LichError(`${stale}, and the running instance could not be read: ${(error as Error).message}`, { cause: error });
  }
  if (!info || info.port === 0 || info.token === '') {
    throw new LichError(`${stale}, and no running instance is recorded to ask instead`);
  }
  if (info.port !== port) {
    throw new LichError(
      `${stale}. The lich recorded on this machine listens on port ${info.port}, and a message sent there would land in a window this caller cannot see — start it again from a session of that lich`,
    );
  }
  if (info.token === token) {
    throw new LichError(
      `lich refused this token on port ${port}, and it is the token the running instance recorded — so something other than lich is answering there`,
    );
  }
  return info.token;
}

function post(
  agent: http.Agent,
  port: number,
  token: string,
  method: string,
  body: string,
  opts: CallOptions,
): Promise<RawReply> {
  const { signal } = opts;
  if (signal?.aborted) return Promise.reject(abortError(signal));
  const path = `/rpc/${method}?token=${encodeURIComponent(token)}`;
  // What a transport failure names: the Go url.Error shape, with the token already masked.
  const shown = `Post "http://127.0.0.1:${port}/rpc/${method}?token=…"`;

  return new Promise<RawReply>((resolve, reject) => {
    let settled = false;
    let sent = false;
    let headers = false;
    const finish = (error: Error | null, reply?: RawReply) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
      if (error) reject(error);
      else resolve(reply!);
    };

    const req = http.request({
      agent,
      host: '127.0.0.1',
      port,
      path,
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(body) },
    });

    const timer = setTimeout(() => {
      const cause = headers
        ? 'context deadline exceeded (Client.Timeout or context cancellation while reading body)'
        : 'context deadline exceeded (Client.Timeout exceeded while awaiting headers)';
      finish(
        new LichTransportError(headers ? `read the reply: ${cause}` : `reach lich: ${shown}: ${cause}`, true, true),
      );
      req.destroy();
    }, opts.timeoutMs);

    const onAbort = () => {
      finish(abortError(signal!));
      req.destroy();
    };
    signal?.addEventListener('abort', onAbort, { once: true });

    req.on('finish', () => {
      sent = true;
    });
    req.on('error', (error) => {
      finish(
        new LichTransportError(maskToken(`reach lich: ${shown}: ${describeNetError(error, port)}`, token), sent, false, {
          cause: error,
        }),
      );
    });
    req.on('response', (res) => {
      headers = true;
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('error', (error) => {
        finish(new LichTransportError(maskToken(`read the reply: ${oneLine(error.message)}`, token), true, false, { cause: error }));
      });
      res.on('aborted', () => {
        finish(new LichTransportError('read the reply: unexpected EOF', true, false));
      });
      res.on('end', () => {
        finish(null, { status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') });
      });
    });
    req.end(body);
  });
}

// The cause as Go's net package words it, so a script matching the original's line still matches.
function describeNetError(error: Error, port: number): string {
  const code = (error as { code?: string }).code;
  switch (code) {
    case 'ECONNREFUSED':
      return `dial tcp 127.0.0.1:${port}: connect: connection refused`;
    case 'ECONNRESET':
      return error.message === 'socket hang up' ? 'EOF' : `read tcp 127.0.0.1:${port}: connection reset by peer`;
    case 'ETIMEDOUT':
      return `dial tcp 127.0.0.1:${port}: connect: connection timed out`;
    default:
      return oneLine(error.message);
  }
}
