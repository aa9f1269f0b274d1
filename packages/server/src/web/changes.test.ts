/**
 * How the web view hears that the workspace changed (docs/architecture.md § The backend, Web view): from
 * where each change happens — the store's writes (`Store.onWrite`, tapped only while a page is
 * open), a card's process starting or ending, the relay's errand news, a reported state — never
 * from the RPC dispatcher, and never by looking every second. A real store, a real listener, a
 * real dispatcher and a real WebSocket page; the terminal and the relay are seams these tests are
 * not about (their own taps are proved in terminal.test.ts and relay.onErrand's tests).
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import WebSocket from 'ws';
import { listen, newToken, type Listener } from '../listener.js';
import { RpcDispatcher } from '../rpc.js';
import { Store } from '../store/store.js';
import { http, until } from '../testing.js';
import type { ServerMessage, WorkspaceView } from './protocol.js';
import { VIEW_DELAY_MS, WebView } from './web.js';

const base = { kind: 'echo', folder: '', model: '', originSessionId: '', originLabel: '', confined: false };

/** The terminal seam: which sessions have a process, and its start tap. */
function terminalSeam() {
  const live = new Set<string>();
  const starts = new Set<(id: string) => void>();
  return {
    /** A process starts in `id`, as Terminal.start tells its start listeners. */
    start(id: string): void {
      live.add(id);
      for (const l of starts) l(id);
    },
    isLive: (id: string) => live.has(id),
    size: () => undefined,
    resize: () => undefined,
    windowMeasured: (g: { cols: number; rows: number }) => g,
    write: () => {},
    onOutput: () => () => {},
    onStart: (l: (id: string) => void) => (starts.add(l), () => void starts.delete(l)),
    onExit: () => () => {},
  };
}

let store: Store;
let terminal: ReturnType<typeof terminalSeam>;
let web: WebView;
let dispatcher: RpcDispatcher;
let listener: Listener;
/** How many taps the web view holds on the store's writes right now. */
let taps: number;

beforeEach(async () => {
  store = new Store(':memory:');
  store.insertProject({ id: 'p1', name: 'shop', path: '/src/shop' });
  store.insertSession({ ...base, id: 's1', projectId: 'p1', label: 'docs', path: '/src/shop' });
  terminal = terminalSeam();
  terminal.start('s1');
  taps = 0;
  web = new WebView({
    port: () => listener.port,
    store: {
      get db() {
        return store.db;
      },
      onWrite: (l) => {
        taps++;
        const off = store.onWrite(l);
        let on = true;
        return () => {
          if (on) taps--;
          on = false;
          off();
        };
      },
      projects: () => store.projects(),
      sessions: () => store.sessions(),
      session: (id) => store.session(id),
    },
    terminal,
    relay: { peers: () => [], onErrand: () => () => {}, exclusive: async (_id, write) => write() },
    branch: () => '',
    providerName: (kind) => kind,
    log: () => {},
  });
  // `lich rename`'s method: a write of the store made by an RPC.
  dispatcher = new RpcDispatcher({
    handlers: {
      'spawn.Rename': (o) => {
        const previous = store.session(o.target)!.label;
        store.setLabel(o.target, o.label, false);
        return { id: o.target, project: 'shop', label: o.label, previous };
      },
    },
  });
  listener = await listen(0, newToken(), { rpc: dispatcher, hook: async () => ({ status: 404 }), mod: async () => ({ status: 404 }), web }, () => {});
});

afterEach(async () => {
  vi.useRealTimers();
  web.close();
  await listener.close();
  store.close();
});

const rename = (label: string) =>
  dispatcher.dispatch('spawn.Rename', 'POST', Buffer.from(JSON.stringify([{ from: '', target: 's1', project: '', label }])), new AbortController().signal);

/** A signed-in page's live connection, once its first view has arrived. */
async function openPage() {
  const link = new URL(web.link(''));
  const signIn = await http(listener.port, 'GET', `${link.pathname}${link.search}`);
  const cookie = String(signIn.headers['set-cookie']).split(';')[0]!;
  const views: WorkspaceView[] = [];
  const waiters: Array<() => void> = [];
  const ws = new WebSocket(`ws://127.0.0.1:${listener.port}/web/live`, { headers: { Cookie: cookie, Origin: `http://127.0.0.1:${listener.port}` } });
  ws.on('message', (d) => {
    const m = JSON.parse(String(d)) as ServerMessage;
    if (m.t !== 'view') return;
    views.push(m.view);
    for (const w of waiters.splice(0)) w();
  });
  await new Promise<void>((resolve, reject) => (ws.once('open', () => resolve()), ws.once('error', reject)));
  /** Resolves at the next view the page is sent. */
  const nextView = () => new Promise<WorkspaceView>((resolve) => waiters.push(() => resolve(views.at(-1)!)));
  if (views.length === 0) await nextView();
  const card = (view = views.at(-1)!) => view.projects.flatMap((p) => [...p.entries.flatMap((e) => ('card' in e ? [e.card] : e.folder.cards)), ...p.parked])[0];
  /** Closes the page; resolves once the web view has let it go. */
  const close = () => new Promise<void>((resolve) => (ws.once('close', () => resolve()), ws.close()));
  return { ws, views, nextView, card, close };
}

describe('the web view, told of changes where they happen', () => {
  it('runs nothing for an RPC that writes the store while no page is open: no tap on the store, no timer', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] });
    expect((await rename('api')).status).toBe(200);
    store.setFolder('s1', 'backend');
    expect(store.session('s1')).toMatchObject({ label: 'api', folder: 'backend' });
    expect(taps).toBe(0);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('taps the store with the first page, lets go with the last, and when it closes', async () => {
    const a = await openPage();
    const b = await openPage();
    expect(taps).toBe(1);
    // `focus` answers how many pages the web view holds: once it has let one go, the tap stays.
    await a.close();
    await until(() => web.focus('none') === 1);
    expect(taps).toBe(1);
    await b.close();
    await until(() => web.focus('none') === 0);
    expect(taps).toBe(0);
    // With the last page gone, a write sets nothing going.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] });
    store.setLabel('s1', 'after', false);
    expect(vi.getTimerCount()).toBe(0);
    vi.useRealTimers();
    await openPage();
    expect(taps).toBe(1);
    web.close();
    expect(taps).toBe(0);
  });

  it("sends an open page a write VIEW_DELAY_MS after it, an RPC's or not: no sweep to wait for", async () => {
    const page = await openPage();
    expect(page.card()).toMatchObject({ label: 'docs', live: true });
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] });
    // A write no RPC makes (what /session-title does): one view, on the clock's VIEW_DELAY_MS.
    store.setTitle('s1', 'Fix the cart');
    expect(vi.getTimerCount()).toBe(1);
    let next = page.nextView();
    await vi.advanceTimersByTimeAsync(VIEW_DELAY_MS);
    expect(page.card(await next)).toMatchObject({ label: 'Fix the cart', title: 'Fix the cart' });
    // An RPC's write reaches it the same way: from the store, not from the dispatcher.
    next = page.nextView();
    expect((await rename('cart')).status).toBe(200);
    await vi.advanceTimersByTimeAsync(VIEW_DELAY_MS);
    expect(page.card(await next)).toMatchObject({ label: 'cart' });
    await page.close();
  });

  it('shows a card live when its process starts, which no write of the store says', async () => {
    store.insertSession({ ...base, id: 's2', projectId: 'p1', label: 'tests', path: '/src/shop' });
    const page = await openPage();
    const cards = (view: WorkspaceView) => view.projects[0]!.entries.flatMap((e) => ('card' in e ? [e.card] : []));
    expect(cards(page.views.at(-1)!).map((c) => c.id)).toEqual(['s1']);
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] });
    const next = page.nextView();
    terminal.start('s2');
    await vi.advanceTimersByTimeAsync(VIEW_DELAY_MS);
    expect(cards(await next).map((c) => c.id)).toEqual(['s1', 's2']);
    await page.close();
  });
});
