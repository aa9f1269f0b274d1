/**
 * The web view (docs/web-view.md; docs/architecture.md § The backend, Web view): the window of a headless lich,
 * as a page its own loopback listener serves. It shows the workspace as the window's sidebar
 * does, a live terminal per card, and the errands in flight and recently settled; a person can
 * type into a card's terminal, through the relay's typing queue like `lich insert`.
 *
 * | path | what | without the cookie |
 * |---|---|---|
 * | `GET /` , `GET /web` | 303 → `/web/` | same |
 * | `GET /web/in?code=<32 hex>[&card=<id>]` | spends a one-time code: sets the cookie, 303 → `/web/#card=<id>` | — (it is the way in) |
 * | `GET /web/` | the page (HTML: no data, no token) | 401 text saying how to get a link |
 * | `GET /web/app.js`, `/web/app.css`, `/web/icon.svg` | the bundle `npm run build` writes to `packages/cli/dist/web/` | 401 |
 * | `GET /web/live` + `Upgrade: websocket` | the live connection (web/protocol.ts) | 401; another Origin 403 |
 *
 * Every answer carries a strict Content-Security-Policy and no CORS header. Before any of this the
 * listener refuses a foreign `Host` (listener.ts `hostAllowed`), the page's live connection
 * included. The launch token is never in a page, a URL the page keeps, or a log: the way in is a
 * login code of its own (web/auth.ts).
 */
import { readFile } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type RawData, type WebSocket } from 'ws';
import type { ErrandNews } from '../relay/relay.js';
import type { ProjectRow, SessionRow } from '../store/store.js';
import { DEFAULT_GRID } from '../terminal/grid.js';
import { assetsDir } from './assets.js';
import { setCookie, WebAuth, LINK_TTL_MS, sameOrigin } from './auth.js';
import { ErrandLog } from './errands.js';
import { LiveClient, type LiveScreen } from './live.js';
import { OutputLog } from './output-log.js';
import { MAX_INPUT_CHARS, parsePageMessage, type WorkspaceView } from './protocol.js';
import { buildProjects } from './view.js';

/** The scrollback of this many ended sessions is kept, newest first (a parked card's last screen). */
export const ENDED_KEPT = 16;
/** Coalescing of workspace changes into one view, in ms. */
export const VIEW_DELAY_MS = 10;
/**
 * Most views built in any second: a change after a quiet spell goes out within
 * {@link VIEW_DELAY_MS}, while a storm of errands costs no more than this many a second.
 */
export const VIEWS_PER_SECOND = 10;
/** The largest message a page may send, in bytes. */
export const MAX_MESSAGE_BYTES = 256 * 1024;

/**
 * What the page's Content-Security-Policy allows: its own script and styles, nothing inline but
 * the empty style element xterm.js creates before the page's shim hands its rules to a
 * constructed stylesheet (web/page/csp.ts) — `sha256-47DEQ…` is the hash of the empty string —
 * and a WebSocket to this very host.
 */
export function contentSecurityPolicy(host: string): string {
  return [
    "default-src 'none'",
    "script-src 'self'",
    "style-src 'self' 'sha256-47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU='",
    "img-src 'self'",
    "font-src 'self'",
    `connect-src 'self' ws://${host}`,
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/** The page (no data in it: everything comes over the live connection). */
const PAGE_HTML = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>lich</title>
<link rel="icon" href="/web/icon.svg" type="image/svg+xml">
<link rel="stylesheet" href="/web/app.css">
<script defer src="/web/app.js"></script>
</head>
<body>
<noscript>lich's page needs JavaScript: it draws the cards and their terminals.</noscript>
<div id="app"></div>
</body>
</html>
`;

const ICON_SVG = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 16 16"><rect width="16" height="16" rx="3" fill="#1e1f29"/><path d="M4 3v10h8" stroke="#bd93f9" stroke-width="2" fill="none"/></svg>`;

/** What the 401 says: how a browser gets in. */
export const NOT_SIGNED_IN =
  'This is the page of a running lich, and this browser is not signed in to it. Run "lich focus <session>" in a terminal on this machine: it prints a one-time link that signs a browser in and opens that card. The link "lich --no-window" printed when it started works once too.';
/** What a spent, lapsed or unknown code is told. */
export const LINK_SPENT =
  'This one-time link was used already, or is older than 15 minutes, or belongs to a lich that has since restarted. Run "lich focus <session>" in a terminal on this machine for a new one.';

export interface WebDeps {
  /** The listener's port, once bound. */
  port(): number;
  store: {
    readonly db: { readonly open: boolean };
    /** Every write, after it commits (Store.onWrite): subscribed only while a page is open. */
    onWrite(listener: () => void): () => void;
    projects(): ProjectRow[];
    sessions(): SessionRow[];
    session(id: string): SessionRow | undefined;
  };
  terminal: {
    isLive(id: string): boolean;
    size(id: string): { cols: number; rows: number } | undefined;
    /** Resizes a session's PTY, clamped (Terminal.resize); undefined when it has none. */
    resize(id: string, grid: { cols: number; rows: number }): { cols: number; rows: number } | undefined;
    /** A window measured this grid: later PTYs start at it, clamped (Terminal.windowMeasured). */
    windowMeasured(grid: { cols: number; rows: number }): { cols: number; rows: number };
    write(id: string, data: string): void;
    onOutput(listener: (id: string, data: string) => void): () => void;
    onStart(listener: (id: string) => void): () => void;
    onExit(listener: (id: string) => void): () => void;
  };
  relay: {
    peers(o: { from: string }): Array<{ id: string; state: string }>;
    onErrand(listener: (news: ErrandNews) => void): () => void;
    exclusive<T>(id: string, write: () => T | Promise<T>): Promise<T>;
  };
  /** The branch a session's worktree has checked out (`SessionHost.branch`). */
  branch(id: string): string;
  /** A provider's display name; the id for one not known. */
  providerName(kind: string): string;
  /**
   * Starts parked session `id` again where it stood (`lich open --resume`, Spawn.open): what a
   * page's Resume does. Rejects with the refusal a person reads (a directory gone, a provider
   * missing). Absent: a page's resume is refused.
   */
  resume?(id: string): Promise<unknown>;
  log(line: string): void;
  /** Where the page's bundle is; default {@link assetsDir}. */
  assets?: string;
  now?: () => number;
}

export class WebView {
  private readonly auth: WebAuth;
  private readonly errands: ErrandLog;
  private readonly outputs = new Map<string, OutputLog>();
  private readonly sizes = new Map<string, { cols: number; rows: number }>();
  /** Ended sessions whose scrollback is kept, oldest first. */
  private readonly ended: string[] = [];
  private readonly clients = new Set<LiveClient>();
  /** When each session last reported a state (ms), and the state each card last showed. */
  private readonly reported = new Map<string, number>();
  private readonly shown = new Map<string, { state: string; since: number }>();
  private readonly wss: WebSocketServer;
  private readonly unsubscribe: Array<() => void>;
  private readonly now: () => number;
  private viewTimer: NodeJS.Timeout | undefined;
  /** The store's write tap, held while at least one page is open. */
  private storeTap: (() => void) | undefined;
  private lastView = '';
  /** When the last {@link VIEWS_PER_SECOND} views were built, oldest first. */
  private readonly viewTimes: number[] = [];
  private closed = false;
  private readonly branches = new Map<string, { branch: string; at: number }>();

  constructor(private readonly d: WebDeps) {
    this.now = d.now ?? Date.now;
    this.auth = new WebAuth(this.now);
    this.errands = new ErrandLog((id) => (d.store.db.open ? (d.store.session(id)?.label ?? '') : ''), this.now);
    this.wss = new WebSocketServer({ noServer: true, maxPayload: MAX_MESSAGE_BYTES, perMessageDeflate: false });
    this.unsubscribe = [
      d.terminal.onOutput((id, data) => this.output(id, data)),
      // A card's process runs (a new session, a resume): no write of the store says so.
      d.terminal.onStart(() => this.poke()),
      d.terminal.onExit((id) => this.exited(id)),
      d.relay.onErrand((news) => {
        this.errands.record(news);
        this.poke();
      }),
    ];
  }

  // ——— what the CLI prints ———

  /**
   * A one-time link that signs a browser in and opens `card` (the workspace when `""`):
   * `http://127.0.0.1:<port>/web/in?code=<32 hex>[&card=<id>]`.
   * @param ttlMs how long it works: 15 minutes by default, Infinity for until used (the start line's).
   */
  link(card = '', ttlMs = LINK_TTL_MS): string {
    const code = this.auth.mint(ttlMs);
    return `http://127.0.0.1:${this.d.port()}/web/in?code=${code}${card ? `&card=${encodeURIComponent(card)}` : ''}`;
  }

  /** The card's address on the page, for a browser already signed in: `http://127.0.0.1:<port>/web/#card=<id>`. */
  address(card: string): string {
    return `http://127.0.0.1:${this.d.port()}/web/#card=${encodeURIComponent(card)}`;
  }

  /** `lich focus`: every open page brings the card to the front. Returns how many pages are open. */
  focus(id: string): number {
    for (const c of this.clients) c.send({ t: 'focus', id });
    return this.clients.size;
  }

  // ——— what the backend tells it ———

  /** A session reported a state (`/hook`, an abort's ack): the card's age counts from now. */
  observed(id: string): void {
    this.reported.set(id, this.now());
    this.poke();
  }

  /** Something may have changed in the workspace: the pages get a new view shortly, if it did. */
  poke(): void {
    if (this.closed || this.clients.size === 0 || this.viewTimer) return;
    const wait = this.viewTimes.length < VIEWS_PER_SECOND ? VIEW_DELAY_MS : Math.max(VIEW_DELAY_MS, this.viewTimes[0]! + 1000 - this.now());
    this.viewTimer = setTimeout(() => {
      this.viewTimer = undefined;
      this.broadcastView();
    }, wait);
  }

  /** Lets every page go with `text` (the native window took over, or lich is quitting). */
  dismiss(text: string): void {
    for (const c of [...this.clients]) {
      c.send({ t: 'bye', text });
      c.close();
      c.ws.close(1001, 'going away');
      // A page that does not answer the closing handshake is cut off: the port must close.
      setTimeout(() => c.ws.terminate(), 500).unref();
    }
    this.clients.clear();
    this.untapStore();
  }

  /** Ends the web view: pages let go, codes and cookies void, taps removed. Idempotent. */
  close(): void {
    if (this.closed) return;
    this.closed = true;
    this.dismiss('lich has quit: its sessions have ended.');
    clearTimeout(this.viewTimer);
    this.untapStore();
    for (const u of this.unsubscribe) u();
    this.auth.clear();
    this.wss.close();
  }

  // ——— HTTP ———

  /**
   * A request to `/`, `/web` or under `/web/` whose Host the listener already allowed.
   * Answers every method: GET and HEAD are served, anything else is 405.
   */
  async request(req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
    req.resume();
    const port = this.d.port();
    const host = req.headers.host ?? `127.0.0.1:${port}`;
    secure(res, host);
    const path = url.pathname;
    if (req.method !== 'GET' && req.method !== 'HEAD') return text(res, 405, 'method not allowed: the page only reads; it types over its live connection');
    if (path === '/' || path === '/web') return redirect(res, '/web/');
    if (path === '/web/in') return this.signIn(res, url, port);
    if (!this.auth.signedInRequest(req, port)) return text(res, 401, NOT_SIGNED_IN);
    const fetchSite = req.headers['sec-fetch-site'];
    if (path === '/web/') {
      // Only as a page of its own: a frame or a fetch from another page gets nothing (the
      // policy's frame-ancestors says the same to a browser that ignores this header).
      const dest = req.headers['sec-fetch-dest'];
      if (dest !== undefined && dest !== 'document') return text(res, 403, 'the page opens only as a page of its own, not inside another');
      return body(res, 200, 'text/html; charset=utf-8', PAGE_HTML);
    }
    if (fetchSite !== undefined && fetchSite !== 'same-origin') return text(res, 403, "the page's files are for the page itself");
    if (path === '/web/icon.svg') return body(res, 200, 'image/svg+xml', ICON_SVG);
    if (path === '/web/app.js' || path === '/web/app.css') {
      const dir = this.d.assets ?? assetsDir();
      if (!dir) return text(res, 503, 'the page is not built: run "npm run build"');
      try {
        const data = await readFile(`${dir}/${path.slice('/web/'.length)}`);
        return body(res, 200, path.endsWith('.js') ? 'text/javascript; charset=utf-8' : 'text/css; charset=utf-8', data);
      } catch {
        return text(res, 503, 'the page is not built: run "npm run build"');
      }
    }
    if (path === '/web/live') return text(res, 400, "this is the page's live connection: it takes a WebSocket");
    return text(res, 404, '404 page not found');
  }

  /** An upgrade whose Host the listener already allowed: the live connection, or a refusal. */
  upgrade(req: IncomingMessage, socket: Duplex, head: Buffer): void {
    const path = new URL(req.url ?? '/', 'http://127.0.0.1').pathname;
    if (this.closed) return refuseUpgrade(socket, 503, 'lich is quitting');
    if (path !== '/web/live') return refuseUpgrade(socket, 404, '404 page not found');
    if (!sameOrigin(req)) return refuseUpgrade(socket, 403, "the live connection is for lich's own page, and this one came from another origin");
    if (!this.auth.signedInRequest(req, this.d.port())) return refuseUpgrade(socket, 401, NOT_SIGNED_IN);
    this.wss.handleUpgrade(req, socket, head, (ws) => this.connected(ws));
  }

  private signIn(res: ServerResponse, url: URL, port: number): void {
    const cookie = this.auth.redeem(url.searchParams.get('code') ?? '');
    if (!cookie) return text(res, 401, LINK_SPENT);
    res.setHeader('Set-Cookie', setCookie(port, cookie));
    const card = url.searchParams.get('card') ?? '';
    // Away from the URL that held the code: the page never keeps it.
    redirect(res, card ? `/web/#card=${encodeURIComponent(card)}` : '/web/');
    this.d.log('a browser signed in to the page with a one-time link');
  }

  // ——— the live connection ———

  private connected(ws: WebSocket): void {
    const client = new LiveClient(ws, (id, tail) => this.screen(id, tail), this.now);
    this.clients.add(client);
    // The store tells of its writes only while a page is open: with none, a write runs nothing here.
    this.storeTap ??= this.d.store.onWrite(() => this.poke());
    ws.on('message', (raw, isBinary) => this.message(client, raw, isBinary));
    ws.on('close', () => {
      client.close();
      this.clients.delete(client);
      if (this.clients.size === 0) this.untapStore();
    });
    ws.on('error', () => ws.terminate());
    client.sendRaw(viewMessage(this.now(), JSON.stringify(this.view())));
  }

  /** Stops listening to the store's writes (the last page went, or the view closed); a view on its way is let go. */
  private untapStore(): void {
    this.storeTap?.();
    this.storeTap = undefined;
    clearTimeout(this.viewTimer);
    this.viewTimer = undefined;
  }

  private message(client: LiveClient, raw: RawData, isBinary: boolean): void {
    let json: unknown;
    try {
      if (isBinary) throw new Error('binary');
      json = JSON.parse(raw.toString());
    } catch {
      return client.ws.close(1003, 'JSON text only');
    }
    const m = parsePageMessage(json);
    if ('error' in m) return client.send({ t: 'note', text: `lich did not take what the page sent: ${m.error}` });
    if (m.t === 'watch') return client.watch(m.id);
    if (m.t === 'resume') return void this.resume(client, m.id);
    if (m.t === 'size') return this.sized(client, m.id, { cols: m.cols, rows: m.rows });
    void this.type(client, m.id, m.d);
  }

  /**
   * A page viewing card `id` (`""`: none) measured `grid` (spec/cli.md § Known ceilings,
   * terminal.sizeFor): every later PTY starts at it, and `id`'s PTY, when it runs, is resized to
   * it — its TUI repaints for the new grid, and every page watching it is sent its screen afresh,
   * at that grid. Both clamped to cols 20–500, rows 5–200 (terminal/grid.ts). A size for a card
   * this lich does not have is refused with a note and remembered nowhere: it measured no window
   * of this workspace.
   */
  private sized(client: LiveClient, id: string, grid: { cols: number; rows: number }): void {
    if (id !== '' && !this.d.terminal.isLive(id) && !(this.d.store.db.open && this.d.store.session(id))) {
      client.send({ t: 'note', text: `lich did not take the page's size: there is no card ${JSON.stringify(id.slice(0, 40))}` });
      return;
    }
    const measured = this.d.terminal.windowMeasured(grid);
    if (id === '') return;
    const before = this.d.terminal.size(id);
    const after = this.d.terminal.resize(id, measured);
    if (!after || (before && before.cols === after.cols && before.rows === after.rows)) return;
    if (this.sizes.has(id)) this.sizes.set(id, after);
    for (const c of this.clients) if (c.watching === id) c.watch(id);
  }

  /**
   * A page's Resume of a parked card: the session is started again as `lich open --resume`
   * starts it, and the page that asked is sent its live screen; a refusal reaches that page as a
   * note in the open's own words. Every page sees the card come back to life in the next view.
   */
  private async resume(client: LiveClient, id: string): Promise<void> {
    const label = () => (this.d.store.db.open ? (this.d.store.session(id)?.label ?? id) : id);
    if (!this.d.resume) return client.send({ t: 'note', text: `"${label()}" cannot be resumed from this page` });
    try {
      await this.d.resume(id);
    } catch (err) {
      return client.send({ t: 'note', text: `"${label()}" was not resumed: ${(err as Error)?.message ?? String(err)}` });
    }
    if (client.watching === id) client.watch(id);
  }

  /**
   * Types what a page sent into a card's PTY, in turn with the relay's own typing there
   * (`Relay.exclusive`, as `lich insert`): it never lands between a relayed message and its Enter.
   */
  private async type(client: LiveClient, id: string, data: string): Promise<void> {
    if (data.length === 0) return;
    if (data.length > MAX_INPUT_CHARS) return client.send({ t: 'note', text: `nothing was typed: ${data.length} characters at once is over the ${MAX_INPUT_CHARS} a page may type` });
    const label = () => (this.d.store.db.open ? (this.d.store.session(id)?.label ?? id) : id);
    if (!this.d.terminal.isLive(id)) return client.send({ t: 'note', text: `"${label()}" has no process running, so nothing was typed` });
    try {
      await this.d.relay.exclusive(id, () => this.d.terminal.write(id, data));
    } catch {
      client.send({ t: 'note', text: `"${label()}" ended before what was typed reached it` });
    }
  }

  private screen(id: string, tail?: number): LiveScreen | undefined {
    const live = this.d.terminal.isLive(id);
    const log = this.outputs.get(id);
    if (!live && !log) return this.d.store.db.open && this.d.store.session(id) ? { ...DEFAULT_GRID, live: false, data: '' } : undefined;
    const size = (live ? this.d.terminal.size(id) : undefined) ?? this.sizes.get(id) ?? DEFAULT_GRID;
    return { ...size, live, data: log?.text(tail) ?? '' };
  }

  private output(id: string, data: string): void {
    let log = this.outputs.get(id);
    if (!log) {
      this.outputs.set(id, (log = new OutputLog()));
      const size = this.d.terminal.size(id);
      if (size) this.sizes.set(id, size);
      // A session started again under its id (a resume) is live once more.
      const at = this.ended.indexOf(id);
      if (at >= 0) this.ended.splice(at, 1);
    } else if (this.ended.includes(id)) {
      this.ended.splice(this.ended.indexOf(id), 1);
    }
    log.append(data);
    for (const c of this.clients) c.output(id, data);
  }

  private exited(id: string): void {
    if (this.outputs.has(id)) {
      this.ended.push(id);
      while (this.ended.length > ENDED_KEPT) {
        const gone = this.ended.shift()!;
        this.outputs.delete(gone);
        this.sizes.delete(gone);
      }
    }
    for (const c of this.clients) if (c.watching === id) c.watch(id);
    this.poke();
  }

  // ——— the view ———

  private broadcastView(): void {
    if (this.clients.size === 0 || !this.d.store.db.open) return;
    const view = JSON.stringify(this.view());
    const now = this.now();
    this.viewTimes.push(now);
    if (this.viewTimes.length > VIEWS_PER_SECOND) this.viewTimes.shift();
    if (view === this.lastView) return;
    this.lastView = view;
    const message = viewMessage(now, view);
    for (const c of this.clients) c.sendRaw(message);
  }

  private view(): WorkspaceView {
    const now = this.now();
    if (!this.d.store.db.open) return { projects: [], errands: this.errands.list() };
    const states = new Map(this.d.relay.peers({ from: '' }).map((p) => [p.id, p.state]));
    const projects = buildProjects({
      projects: () => this.d.store.projects(),
      sessions: () => this.d.store.sessions(),
      live: (id) => this.d.terminal.isLive(id),
      states: () => states,
      since: (id) => this.since(id, states.get(id) ?? '', now),
      branch: (id, path) => this.branch(id, path, now),
      providerName: (kind) => this.d.providerName(kind),
    });
    return { projects, errands: this.errands.list() };
  }

  /** When the card's state became what it is: the report that changed it, as the backend heard it. */
  private since(id: string, state: string, now: number): number {
    const was = this.shown.get(id);
    if (was && was.state === state) return was.since;
    // A state reached by a report counts from the report; one reached otherwise (the process
    // ended, say) from now.
    const reported = this.reported.get(id) ?? 0;
    const since = !was || reported > was.since ? reported : now;
    this.shown.set(id, { state, since });
    return since;
  }

  private branch(id: string, path: string, now: number): string {
    const cached = this.branches.get(path);
    if (cached && now - cached.at < 2_000) return cached.branch;
    const branch = this.d.branch(id);
    this.branches.set(path, { branch, at: now });
    return branch;
  }
}

/** A `view` message around a view already serialised: one serialisation for every page. */
function viewMessage(now: number, view: string): string {
  return `{"t":"view","now":${now},"view":${view}}`;
}

/** Headers on every answer of the page's routes. */
function secure(res: ServerResponse, host: string): void {
  res.setHeader('Content-Security-Policy', contentSecurityPolicy(host));
  res.setHeader('X-Content-Type-Options', 'nosniff');
  res.setHeader('X-Frame-Options', 'DENY');
  res.setHeader('Referrer-Policy', 'no-referrer');
  res.setHeader('Cross-Origin-Opener-Policy', 'same-origin');
  res.setHeader('Cross-Origin-Resource-Policy', 'same-origin');
  res.setHeader('Cache-Control', 'no-store');
}

function body(res: ServerResponse, status: number, type: string, data: string | Buffer): void {
  res.statusCode = status;
  res.setHeader('Content-Type', type);
  res.end(res.req.method === 'HEAD' ? undefined : data);
}

function text(res: ServerResponse, status: number, message: string): void {
  body(res, status, 'text/plain; charset=utf-8', `${message}\n`);
}

function redirect(res: ServerResponse, location: string): void {
  res.statusCode = 303;
  res.setHeader('Location', location);
  res.end();
}

function refuseUpgrade(socket: Duplex, status: number, message: string): void {
  const reason = { 401: 'Unauthorized', 403: 'Forbidden', 404: 'Not Found', 503: 'Service Unavailable' }[status] ?? 'Error';
  const payload = `${message}\n`;
  socket.end(
    `HTTP/1.1 ${status} ${reason}\r\nConnection: close\r\nContent-Type: text/plain; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(payload)}\r\n\r\n${payload}`,
  );
}
