// The fake model server: node:http on 127.0.0.1, speaking Anthropic Messages, OpenAI Chat
// Completions and the OpenAI Responses API to real agent clients, answering from a per-test
// script and recording every request (README.md). Test tooling only: nothing in the product
// depends on it.
import { EventEmitter } from 'node:events';
import { createServer } from 'node:http';
import { promisify } from 'node:util';
import { brotliDecompress, gunzip, inflate } from 'node:zlib';
import { errorBody, writeAnswer } from './answer.mjs';
import { normaliseAction, replyScript, toScript } from './script.mjs';
import { makeTurn } from './turn.mjs';

const ROUTES = [
  { protocol: 'anthropic', path: /^\/v1\/messages$/ },
  { protocol: 'chat', path: /^\/v1\/chat\/completions$/ },
  { protocol: 'responses', path: /^\/v1\/responses$/ },
];

/** Header names whose values are credentials: recorded as `***`. */
const SECRET = /^(authorization|proxy-authorization|x-api-key|api-key|cookie|set-cookie)$|key|token|secret/i;

const decoders = { gzip: promisify(gunzip), deflate: promisify(inflate), br: promisify(brotliDecompress) };

const hrNow = () => Number(process.hrtime.bigint()) / 1e6;

/** Headers with credentials masked. */
export function maskHeaders(headers) {
  const out = {};
  for (const [k, v] of Object.entries(headers)) out[k] = SECRET.test(k) ? '***' : v;
  return out;
}

function readBody(req) {
  return new Promise((res, rej) => {
    const chunks = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', () => res(Buffer.concat(chunks)));
    req.on('error', rej);
  });
}

/**
 * A one-shot gate a script's `hold` waits on: `gate.promise` settles on `gate.release()`.
 * @returns {{promise: Promise<void>, release: () => void, released: boolean}}
 */
export function gate() {
  let release;
  const g = { released: false };
  g.promise = new Promise((r) => (release = r));
  g.release = () => {
    g.released = true;
    release();
  };
  return g;
}

/**
 * Starts a fake model server (README.md § API).
 * @param {import('./index.d.mts').FakeModelOptions} [o]
 * @returns {Promise<import('./index.d.mts').FakeModel>}
 */
export async function startFakeModel(o = {}) {
  const events = new EventEmitter();
  events.setMaxListeners(0);
  const requests = [];
  const log = o.log ?? ((line) => process.stderr.write(`fake-model: ${line}\n`));
  let fallback = o.fallback ?? replyScript();
  let script = toScript(o.script, fallback);
  const live = new Set();

  const changed = (rec, what) => {
    events.emit(what, rec);
    events.emit('change', rec);
  };

  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const rec = {
      seq: requests.length,
      method: req.method ?? '',
      path: url.pathname,
      query: Object.fromEntries(url.searchParams),
      headers: maskHeaders(req.headers),
      body: null,
      protocol: null,
      turn: null,
      action: null,
      status: 0,
      receivedAt: Date.now(),
      receivedHr: hrNow(),
      endedHr: null,
      done: false,
      cancelled: false,
      error: null,
    };
    requests.push(rec);
    let raw;
    try {
      raw = await readBody(req);
      const enc = String(req.headers['content-encoding'] ?? '').toLowerCase();
      if (enc && enc !== 'identity') {
        if (!decoders[enc]) throw new Error(`content-encoding ${enc} is not supported`);
        raw = await decoders[enc](raw);
      }
    } catch (err) {
      rec.error = String(err.message ?? err);
      finish(rec, res, 400, { error: { message: rec.error } });
      return;
    }
    const route = req.method === 'POST' ? ROUTES.find((r) => r.path.test(url.pathname)) : undefined;
    if (raw.length > 0) {
      const text = raw.toString('utf8');
      try {
        rec.body = JSON.parse(text);
      } catch {
        rec.body = text;
      }
    }
    if (!route) {
      log(`404 ${rec.method} ${rec.path}`);
      changed(rec, 'request');
      finish(rec, res, 404, { error: { type: 'not_found_error', message: `the fake model serves no ${rec.method} ${rec.path}` } });
      return;
    }
    rec.protocol = route.protocol;
    if (typeof rec.body !== 'object' || rec.body === null) {
      changed(rec, 'request');
      finish(rec, res, 400, errorBody(route.protocol, 400, 'the body is not a JSON object'));
      return;
    }
    let action;
    try {
      rec.turn = makeTurn(route.protocol, rec.body, rec);
      changed(rec, 'request');
      action = normaliseAction(rec.turn, await script(rec.turn));
    } catch (err) {
      rec.error = String(err?.stack ?? err);
      log(`script failed on request ${rec.seq}: ${rec.error}`);
      finish(rec, res, 500, errorBody(route.protocol, 500, `fake-model script failed: ${err?.message ?? err}`));
      return;
    }
    rec.action = action;
    if (action.error) {
      finish(rec, res, action.error.status ?? 500, errorBody(route.protocol, action.error.status ?? 500, action.error.message ?? 'scripted error'));
      return;
    }
    // The client going away before the answer ended is a cancel (an Esc, a killed client).
    let goneResolve;
    const gone = new Promise((r) => (goneResolve = r));
    gone.done = false;
    const markGone = () => {
      if (gone.done) return;
      gone.done = true;
      goneResolve();
    };
    res.on('close', () => {
      live.delete(markGone);
      if (!res.writableFinished && !rec.done) {
        rec.cancelled = true;
        rec.endedHr = hrNow();
        markGone();
        changed(rec, 'cancel');
      }
    });
    live.add(markGone);
    const io = {
      gone,
      sse() {
        rec.status = 200;
        res.writeHead(200, { 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-cache', connection: 'keep-alive' });
        res.flushHeaders();
      },
      json(status, body) {
        finish(rec, res, status, body);
      },
      write(s) {
        if (!gone.done) res.write(s);
      },
      end() {
        if (gone.done) return;
        res.end(() => {
          rec.done = true;
          rec.endedHr = hrNow();
          changed(rec, 'answered');
        });
      },
    };
    try {
      await writeAnswer(io, rec.turn, action);
    } catch (err) {
      rec.error = String(err?.stack ?? err);
      log(`answer failed on request ${rec.seq}: ${rec.error}`);
      res.destroy();
    }
  });

  function finish(rec, res, status, body) {
    rec.status = status;
    const text = JSON.stringify(body);
    res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) });
    res.end(text, () => {
      rec.done = true;
      rec.endedHr = hrNow();
      changed(rec, 'answered');
    });
  }

  await new Promise((res, rej) => {
    server.once('error', rej);
    server.listen(o.port ?? 0, '127.0.0.1', () => {
      server.off('error', rej);
      res();
    });
  });
  const port = server.address().port;

  const fake = {
    port,
    url: `http://127.0.0.1:${port}`,
    requests,
    events,
    setScript(s, fb) {
      if (fb !== undefined) fallback = fb;
      script = toScript(s, fallback);
    },
    mark() {
      return requests.length;
    },
    turns(after = 0) {
      return requests.slice(after).filter((r) => r.turn !== null);
    },
    waitFor(pred, w = {}) {
      const after = w.after ?? 0;
      const timeoutMs = w.timeoutMs ?? 60_000;
      const what = w.what ?? 'a matching request';
      return new Promise((resolve, reject) => {
        const check = () => requests.slice(after).find((r) => {
          try {
            return pred(r);
          } catch {
            return false;
          }
        });
        const hit = check();
        if (hit) return resolve(hit);
        const onChange = () => {
          const h = check();
          if (h) {
            cleanup();
            resolve(h);
          }
        };
        const timer = setTimeout(() => {
          cleanup();
          const seen = requests.slice(after).map((r) => `${r.seq} ${r.method} ${r.path}${r.turn ? ` ${JSON.stringify(r.turn.text.slice(0, 80))}` : ''}`);
          reject(new Error(`fake model: timed out after ${timeoutMs} ms waiting for ${what}; requests since ${after}:\n  ${seen.join('\n  ') || '(none)'}`));
        }, timeoutMs);
        const cleanup = () => {
          clearTimeout(timer);
          events.off('change', onChange);
        };
        events.on('change', onChange);
      });
    },
    waitForTurn(pred, w = {}) {
      return fake.waitFor((r) => r.turn !== null && pred(r.turn), w);
    },
    async close() {
      for (const g of [...live]) g();
      await new Promise((res) => {
        server.close(() => res());
        server.closeAllConnections();
      });
    },
  };
  return fake;
}
