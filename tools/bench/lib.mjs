// Shared pieces of the benchmark (run.mjs): statistics, a keep-alive RPC client, the backend as
// a child process, its RSS, and the sink sessions the relay figures are measured against.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

/**
 * The flags of a bench script's command line, read strictly with node:util's parseArgs: an
 * unknown or mistyped flag (`--fanout-onyl`) is refused in one `bench: …` line, exit 2, never
 * taken for none — which ran a quarter of an hour of bench instead of the part asked for.
 * `options` as parseArgs takes them; `where` names the file whose first lines list the flags.
 * @returns parseArgs' `values`
 */
export function benchFlags(options, where) {
  try {
    return parseArgs({ args: process.argv.slice(2), options, strict: true }).values;
  } catch (e) {
    process.stderr.write(`bench: ${e.message} (the flags are in ${where}'s first lines)\n`);
    process.exit(2);
  }
}

/** The count flag `name` of `flags` gives, or `fallback`; a value that is no whole number ≥ 1 is refused (exit 2). */
export function countFlag(flags, name, fallback) {
  if (flags[name] === undefined) return fallback;
  const n = Number(flags[name]);
  if (!Number.isInteger(n) || n < 1) {
    process.stderr.write(`bench: --${name} takes a whole number ≥ 1, not "${flags[name]}"\n`);
    process.exit(2);
  }
  return n;
}

export const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
export const lich = join(root, 'packages/cli/bin/lich.js');

/** The environment every measured command runs in: NODE_EXTRA_CA_CERTS costs ~65 ms a start. */
export const cleanEnv = { ...process.env };
delete cleanEnv.NODE_EXTRA_CA_CERTS;
for (const k of ['LICH_PORT', 'LICH_TOKEN', 'LICH_SESSION_ID', 'LICH_BIN', 'LICH_DEV']) delete cleanEnv[k];

export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
export const now = () => Number(process.hrtime.bigint()) / 1e6;

export function median(xs) {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length === 0 ? NaN : s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
}

export function percentile(xs, p) {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.max(0, Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1))];
}

/** Least-squares slope of y over x. */
export function slope(points) {
  const n = points.length;
  const mx = points.reduce((a, p) => a + p[0], 0) / n;
  const my = points.reduce((a, p) => a + p[1], 0) / n;
  let num = 0;
  let den = 0;
  for (const [x, y] of points) {
    num += (x - mx) * (y - my);
    den += (x - mx) ** 2;
  }
  return num / den;
}

/** Runs argv to its end, synchronously; wall ms. Throws when the exit code is not `expectExit`. */
export function timeSync(argv, env, expectExit = 0) {
  const t0 = now();
  const r = spawnSync(argv[0], argv.slice(1), { env, stdio: ['ignore', 'pipe', 'pipe'], timeout: 30_000 });
  const ms = now() - t0;
  if (r.status !== expectExit) throw new Error(`${argv.join(' ')} exited ${r.status}: ${String(r.stderr).trim()}`);
  return ms;
}

/** Runs `lich <args>` asynchronously; resolves `{code, stdout, stderr}`, killed after `timeoutMs`. */
export function lichAsync(env, args, timeoutMs = 120_000) {
  return new Promise((res) => {
    const c = spawn(process.execPath, [lich, ...args], { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    c.stdout.on('data', (d) => (stdout += d));
    c.stderr.on('data', (d) => (stderr += d));
    const t = setTimeout(() => c.kill('SIGKILL'), timeoutMs);
    c.on('close', (code) => {
      clearTimeout(t);
      res({ code, stdout, stderr });
    });
  });
}

/** The backend's resident set, in MB (VmRSS of /proc/<pid>/status). */
export function rssMb(pid) {
  const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Number(m[1]) / 1024 : NaN;
}

/** Median of `n` RSS samples `everyMs` apart. */
export async function steadyRss(pid, n = 5, everyMs = 100) {
  const xs = [];
  for (let i = 0; i < n; i++) {
    xs.push(rssMb(pid));
    await sleep(everyMs);
  }
  return median(xs);
}

/** Samples RSS every 100 ms until stopped; `stop()` returns the peak (MB). */
export function rssSampler(pid) {
  let peak = rssMb(pid);
  const t = setInterval(() => {
    try {
      peak = Math.max(peak, rssMb(pid));
    } catch {
      // The backend gone: the run fails elsewhere.
    }
  }, 100);
  return {
    stop() {
      clearInterval(t);
      return Math.max(peak, rssMb(pid));
    },
  };
}

/** Every descendant pid of `pid` (walks /proc). */
export function descendants(pid) {
  const parent = new Map();
  for (const d of readdirSync('/proc')) {
    if (!/^\d+$/.test(d)) continue;
    try {
      const stat = readFileSync(`/proc/${d}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      parent.set(Number(d), ppid);
    } catch {
      // Gone while we looked.
    }
  }
  const out = [];
  const want = new Set([pid]);
  let grew = true;
  while (grew) {
    grew = false;
    for (const [p, pp] of parent) {
      if (want.has(pp) && !want.has(p)) {
        want.add(p);
        out.push(p);
        grew = true;
      }
    }
  }
  return out;
}

export function alive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/**
 * The keep-alive RPC client: `call(method, options, timeoutMs)` resolves
 * `{status, body, sentAt, headersAt, endAt}` (ms, hrtime) and never throws on a 4xx/5xx.
 * A call that fails on a pooled socket before any answer is sent again once, on a new connection.
 */
export function rpcClient(port, token) {
  const agent = new Agent({ keepAlive: true, maxSockets: 512 });
  function call(method, options, timeoutMs = 120_000, fresh = false) {
    const body = JSON.stringify(options === undefined ? [] : [options]);
    return new Promise((res, rej) => {
      const sentAt = now();
      let headersAt = 0;
      const req = request(
        {
          host: '127.0.0.1',
          port,
          path: `/rpc/${method}?token=${token}`,
          method: 'POST',
          // false: a socket of its own, not the pool's, closed once answered.
          agent: fresh ? false : agent,
          headers: { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(body) },
          timeout: timeoutMs,
        },
        (r) => {
          headersAt = now();
          let text = '';
          r.setEncoding('utf8');
          r.on('data', (d) => (text += d));
          r.on('end', () => {
            const endAt = now();
            let parsed = text;
            try {
              parsed = JSON.parse(text);
            } catch {
              // Kept as text: a 403 is `forbidden\n`.
            }
            res({ status: r.statusCode, body: parsed, sentAt, headersAt, endAt });
          });
        },
      );
      req.on('timeout', () => req.destroy(new Error(`${method} timed out after ${timeoutMs} ms`)));
      req.on('error', (err) => {
        // A pooled socket the server had closed: the backend closes a connection idle for 5 s
        // (node's keepAliveTimeout), and while this process is blocked in spawnSync (the CLI
        // section) it reads none of those closes, so the pool hands such sockets out. The request
        // never reached the server, so it is sent again — on a new connection: the pool may hold
        // more stale sockets than calls (every socket of the CLI section's 66 held sends, taken by
        // its 64 spawn.Close at once), and a retry from it failed again with `socket hang up`.
        // ("socket hang up" is an ECONNRESET; EPIPE: the request written after the close was read.)
        if (req.reusedSocket && !fresh && (err.code === 'ECONNRESET' || err.code === 'EPIPE')) {
          call(method, options, timeoutMs, true).then(res, rej);
        } else rej(err);
      });
      req.end(body);
    });
  }
  return { call, close: () => agent.destroy() };
}

/** Calls `method` and insists on a 200; resolves the result. */
export async function rpcOk(rpc, method, options, timeoutMs) {
  const r = await rpc.call(method, options, timeoutMs);
  if (r.status !== 200) throw new Error(`${method}: ${r.status} ${JSON.stringify(r.body)}`);
  return r.body;
}

/**
 * The sink sessions: `/bin/bash` in raw mode piping its terminal input, unread, to a socket of
 * the benchmark's (the session's id first). Nothing in them answers; the benchmark learns each
 * ticket from the paste lich types (spec/cli.md § The message a target receives) and that the
 * paste was submitted from the Enter that follows it, which lich writes only after the 150 ms
 * submit quiet (wire.md § 9) and until which it types nothing else at that session.
 */
export function sinkHub() {
  const sinks = new Map(); // id → {id, free, onTicket, buf}
  const freeList = [];
  const freeWaiters = [];
  const connectWaiters = new Set();
  const server = createServer((sock) => {
    sock.setEncoding('latin1');
    let head = '';
    let sink = null;
    sock.on('data', (d) => {
      if (!sink) {
        head += d;
        const nl = head.indexOf('\n');
        if (nl < 0) return;
        const id = head.slice(0, nl).trim();
        sink = { id, free: false, onTicket: null, buf: '', inPaste: false };
        sinks.set(id, sink);
        d = head.slice(nl + 1);
        release(sink);
        for (const w of connectWaiters) w();
      }
      feed(sink, d);
    });
    sock.on('error', () => undefined);
  });
  function release(s) {
    if (s.free) return;
    s.free = true;
    const w = freeWaiters.shift();
    if (w) {
      s.free = false;
      w(s);
    } else freeList.push(s);
  }
  function feed(s, d) {
    s.buf += d;
    for (let guard = 0; guard < 10_000; guard++) {
      if (s.inPaste) {
        const e = s.buf.indexOf('\x1b[201~');
        if (e < 0) return;
        const m = /reply ([0-9a-f]{8}) "<your answer>"/.exec(s.buf.slice(0, e));
        s.buf = s.buf.slice(e + 6);
        s.inPaste = false;
        if (m && s.onTicket) s.onTicket(m[1]);
        continue;
      }
      const st = s.buf.indexOf('\x1b[200~');
      const cr = s.buf.indexOf('\r');
      if (cr >= 0 && (st < 0 || cr < st)) {
        s.buf = s.buf.slice(cr + 1);
        release(s);
        continue;
      }
      if (st < 0) {
        s.buf = s.buf.slice(-5);
        return;
      }
      s.buf = s.buf.slice(st + 6);
      s.inPaste = true;
    }
  }
  return {
    sinks,
    listen: () => new Promise((r) => server.listen(0, '127.0.0.1', () => r(server.address().port))),
    close: () => server.close(),
    /** Resolves once `n` sinks have connected, within `timeoutMs`. */
    async connected(n, timeoutMs = 30_000) {
      const deadline = Date.now() + timeoutMs;
      while (sinks.size < n) {
        if (Date.now() > deadline) throw new Error(`only ${sinks.size} of ${n} sink sessions connected`);
        await new Promise((r) => {
          const w = () => {
            connectWaiters.delete(w);
            r();
          };
          connectWaiters.add(w);
          setTimeout(w, 200);
        });
      }
    },
    /** A sink nothing is being typed at; waits for one. */
    acquire() {
      const s = freeList.shift();
      if (s) {
        s.free = false;
        return Promise.resolve(s);
      }
      return new Promise((r) => freeWaiters.push(r));
    },
    /** Resolves the next ticket pasted at `s`. */
    nextTicket(s, timeoutMs = 30_000) {
      return new Promise((res, rej) => {
        const t = setTimeout(() => rej(new Error(`no ticket reached sink ${s.id} in ${timeoutMs} ms`)), timeoutMs);
        s.onTicket = (ticket) => {
          clearTimeout(t);
          s.onTicket = null;
          res(ticket);
        };
      });
    },
  };
}

/**
 * Starts `lich --no-window` as a child process with temp XDG dirs and `LICH_LISTEN_PORT=0`,
 * `providers` written to providers.json first; resolves once runtime.json names its port.
 */
export async function startBackend(providers, extraEnv = {}) {
  const home = mkdtempSync(join(tmpdir(), 'lich-bench-'));
  const config = join(home, 'config');
  const data = join(home, 'data');
  mkdirSync(join(config, 'lich'), { recursive: true });
  writeFileSync(join(config, 'lich', 'providers.json'), JSON.stringify({ providers }));
  const env = { ...cleanEnv, ...extraEnv, XDG_CONFIG_HOME: config, XDG_DATA_HOME: data, LICH_LISTEN_PORT: '0' };
  const child = spawn(process.execPath, [lich, '--no-window'], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (d) => (stderr += d));
  child.stdout.resume();
  const exited = new Promise((r) => child.once('exit', r));
  const runtime = join(config, 'lich', 'runtime.json');
  for (let i = 0; i < 300 && !existsSync(runtime); i++) await sleep(50);
  if (!existsSync(runtime)) {
    child.kill('SIGKILL');
    rmSync(home, { recursive: true, force: true });
    throw new Error(`the backend did not start: ${stderr.trim()}`);
  }
  let info;
  for (let i = 0; i < 50; i++) {
    try {
      info = JSON.parse(readFileSync(runtime, 'utf8'));
      break;
    } catch {
      await sleep(20); // Caught mid-write.
    }
  }
  const clientEnv = { ...cleanEnv, XDG_CONFIG_HOME: config, LICH_PORT: String(info.port), LICH_TOKEN: info.token, LICH_SESSION_ID: '' };
  return { home, pid: child.pid, info, env: clientEnv, child, exited, stderr: () => stderr };
}

/**
 * Ends the backend with `lich quit` (SIGTERM, then SIGKILL, if that fails within 15 s), then
 * every process it left behind, by pid; removes the temp dirs. Resolves what was left over.
 */
export async function stopBackend(b) {
  const kids = descendants(b.pid);
  let how = 'lich quit';
  const q = spawnSync(process.execPath, [lich, 'quit'], { env: b.env, encoding: 'utf8', timeout: 15_000 });
  if (q.status !== 0) {
    how = `lich quit exited ${q.status} (${String(q.stderr).trim()}); SIGTERM`;
    b.child.kill('SIGTERM');
  }
  const gone = await Promise.race([b.exited.then(() => true), sleep(15_000).then(() => false)]);
  if (!gone) {
    how += '; SIGKILL';
    b.child.kill('SIGKILL');
    await b.exited;
  }
  await sleep(300);
  const left = kids.filter(alive);
  for (const p of left) {
    try {
      process.kill(p, 'SIGKILL');
    } catch {
      // Ended meanwhile.
    }
  }
  rmSync(b.home, { recursive: true, force: true });
  return { how, leftOver: left.length };
}

/**
 * Mod sinks: for each session id, a loop holding `GET /mod/commands` open as a Claude Code mod
 * does (spec/mod-control.md), so the relay hands its tasks over as `prompt` commands and types
 * nothing (spec/cli.md § lich send: "A Claude Code session running the lich-plugin mod is not
 * typed at"). Every prompt is acked `ok` (its turn started) and the ticket the message spells out
 * is answered over the RPC (`relay.Reply`). `stop()` ends the loops.
 */
export function modSinks(port, token, ids) {
  const agent = new Agent({ keepAlive: true, maxSockets: 1024 });
  const rpc = rpcClient(port, token);
  let stopped = false;
  const http = (method, path, body) =>
    new Promise((res, rej) => {
      const data = body === undefined ? undefined : JSON.stringify(body);
      const req = request(
        {
          host: '127.0.0.1',
          port,
          path: `${path}${path.includes('?') ? '&' : '?'}token=${token}`,
          method,
          agent,
          headers: { 'X-Lich-Plugin': '0.19.0', ...(data ? { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(data) } : {}) },
        },
        (r) => {
          let text = '';
          r.setEncoding('utf8');
          r.on('data', (d) => (text += d));
          r.on('end', () => res({ status: r.statusCode, text }));
        },
      );
      req.on('error', rej);
      req.end(data);
    });
  let polls = 0;
  const pollers = ids.map(async (id) => {
    let first = true;
    while (!stopped) {
      const poll = http('GET', `/mod/commands?session_id=${id}`).catch(() => null);
      if (first) polls++;
      first = false;
      const r = await poll;
      if (!r || r.status !== 200) {
        await sleep(100);
        continue;
      }
      for (const c of JSON.parse(r.text)) {
        if (c.kind !== 'prompt') continue;
        const ticket = /reply ([0-9a-f]{8}) /.exec(c.text)?.[1];
        // Acked first, as the mod does once the prompt's turn started; the reply does not wait on it.
        void http('POST', '/mod/acks', { session_id: id, id: c.id, kind: 'prompt', ok: true }).catch(() => undefined);
        if (ticket) void rpc.call('relay.Reply', { from: id, ticket, answer: 'ok' }).catch(() => undefined);
      }
    }
  });
  return {
    /** Resolves once every sink has polled at least once (each counts as attached from then on). */
    async attached(timeoutMs = 30_000) {
      const deadline = Date.now() + timeoutMs;
      while (polls < ids.length) {
        if (Date.now() > deadline) throw new Error(`only ${polls} of ${ids.length} mod sinks polled`);
        await sleep(50);
      }
      await sleep(300); // the last polls reach lich
    },
    async stop() {
      stopped = true;
      agent.destroy();
      rpc.close();
      await Promise.allSettled(pollers);
    },
  };
}
