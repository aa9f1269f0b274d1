/**
 * The web view on a whole backend (`startServer`), over the wire a browser uses — plain HTTP and
 * a WebSocket client (`ws`) — with real PTYs: who gets in and who does not, what each answer
 * carries, and what the live connection shows and types. The same behaviour in a real browser
 * is test/web/page.test.ts.
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { HOST_REFUSAL } from '../listener.js';
import { startServer, type RunningServer } from '../server.js';
import { http, rpc, tempLich, until, type TempLich } from '../testing.js';
import { cookieName } from './auth.js';
import type { ServerMessage, WorkspaceView } from './protocol.js';
import { LINK_SPENT, NOT_SIGNED_IN, VIEWS_PER_SECOND } from './web.js';

/** A program that prints its grid as the kernel has it (TIOCGWINSZ) on start and on every SIGWINCH. */
const GRID_PRINTER = `
const show = () => process.stdout.write('grid ' + process.stdout.columns + 'x' + process.stdout.rows + ';');
process.stdout.on('resize', show);
show();
setInterval(() => {}, 1 << 30);
`;

let dirs: TempLich;
let server: RunningServer;
const logged: string[] = [];
let project: string;

beforeAll(async () => {
  dirs = tempLich('lich-web-');
  mkdirSync(dirs.configDir, { recursive: true });
  // A terminal that echoes what is typed at it (the PTY's own echo) and answers nothing.
  writeFileSync(
    join(dirs.configDir, 'providers.json'),
    JSON.stringify({
      // Bracketed paste on, as an agent's TUI has it: lich brackets a paste only for a program that asked.
      providers: {
        echo: { name: 'Echo', command: '/bin/sh', args: ['-c', 'printf "\\033[?2004hecho is ready\\n"; exec cat >/dev/null'], env: {}, reportsState: false, tools: false },
        // Prints its grid as the kernel has it, on start and on every SIGWINCH.
        grid: { name: 'Grid', command: process.execPath, args: ['-e', GRID_PRINTER], env: {}, reportsState: false, tools: false },
      },
    }),
  );
  project = join(dirs.root, 'project');
  mkdirSync(project, { recursive: true });
  server = await startServer({
    configDir: dirs.configDir,
    dataDir: dirs.dataDir,
    port: 0,
    bin: '/usr/local/bin/lich',
    env: { PATH: process.env.PATH, HOME: dirs.root },
    validateResults: true,
    log: (line) => logged.push(line),
  });
});
afterAll(async () => {
  await server?.close();
  dirs?.cleanup();
});

const origin = () => `http://127.0.0.1:${server.port}`;

/** Spends a fresh one-time link; resolves with the cookie pair it sets. */
async function signIn(): Promise<string> {
  const link = new URL(server.web.link(''));
  const r = await http(server.port, 'GET', `${link.pathname}${link.search}`);
  expect(r.status).toBe(303);
  const set = String(r.headers['set-cookie']);
  return set.split(';')[0]!;
}

/** A live connection, and every message it was sent. */
async function live(cookie: string, o: { origin?: string } = {}) {
  const messages: ServerMessage[] = [];
  const ws = new WebSocket(`ws://127.0.0.1:${server.port}/web/live`, { headers: { Cookie: cookie, Origin: o.origin ?? origin() } });
  ws.on('message', (d) => messages.push(JSON.parse(String(d))));
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
  });
  return {
    ws,
    messages,
    send: (m: unknown) => ws.send(JSON.stringify(m)),
    lastView: (): WorkspaceView | undefined => [...messages].reverse().find((m): m is Extract<ServerMessage, { t: 'view' }> => m.t === 'view')?.view,
    output: (id: string) =>
      messages
        .filter((m) => (m.t === 'out' && m.id === id) || (m.t === 'screen' && m.id === id))
        .map((m) => (m.t === 'out' ? m.d : (m as { data: string }).data))
        .join(''),
  };
}

/** The status an upgrade is refused with (0 when it was accepted). */
function upgradeStatus(headers: Record<string, string>): Promise<number> {
  return new Promise((resolve) => {
    const ws = new WebSocket(`ws://127.0.0.1:${server.port}/web/live`, { headers });
    ws.on('unexpected-response', (_req, res) => {
      resolve(res.statusCode ?? -1);
      res.resume();
      ws.terminate();
    });
    ws.on('open', () => {
      ws.close();
      resolve(0);
    });
    ws.on('error', () => {});
  });
}

async function openEcho(): Promise<{ id: string; label: string; page: string }> {
  const r = await rpc(server, 'spawn.Open', [{ from: '', project, kind: 'echo', worktree: '', base: '', model: '', effort: '', folder: '', ultracode: false }]);
  expect(r.status).toBe(200);
  return r.json;
}

describe('without the cookie', () => {
  it('refuses the page, its files and its live connection, and says how to get a link', async () => {
    for (const path of ['/web/', '/web/app.js', '/web/app.css', '/web/icon.svg']) {
      const r = await http(server.port, 'GET', path);
      expect(r.status, path).toBe(401);
      expect(r.body).toBe(`${NOT_SIGNED_IN}\n`);
    }
    expect(await upgradeStatus({ Origin: origin() })).toBe(401);
    expect(await upgradeStatus({ Origin: origin(), Cookie: `${cookieName(server.port)}=${'0'.repeat(32)}` })).toBe(401);
  });

  it('sends / and /web to the page', async () => {
    for (const path of ['/', '/web']) {
      const r = await http(server.port, 'GET', path);
      expect(r.status).toBe(303);
      expect(r.headers.location).toBe('/web/');
    }
  });
});

describe('the one-time link', () => {
  it('sets an HttpOnly, SameSite=Strict cookie for /web and sends the browser away from the code', async () => {
    const link = new URL(server.web.link('abc123'));
    expect(link.origin).toBe(origin());
    expect(link.searchParams.get('code')).toMatch(/^[0-9a-f]{32}$/);
    expect(link.href).not.toContain(server.token);
    const r = await http(server.port, 'GET', `${link.pathname}${link.search}`);
    expect(r.status).toBe(303);
    expect(r.headers.location).toBe('/web/#card=abc123');
    expect(r.headers['set-cookie']).toEqual([expect.stringMatching(new RegExp(`^lich_web_${server.port}=[0-9a-f]{32}; Path=/web; HttpOnly; SameSite=Strict$`))]);
    const cookie = String(r.headers['set-cookie']).split(';')[0]!;
    expect(cookie).not.toContain(link.searchParams.get('code')!);
    expect(cookie).not.toContain(server.token);
  });

  it('works once: the same link again is refused', async () => {
    const link = new URL(server.web.link(''));
    expect((await http(server.port, 'GET', `${link.pathname}${link.search}`)).status).toBe(303);
    const again = await http(server.port, 'GET', `${link.pathname}${link.search}`);
    expect(again.status).toBe(401);
    expect(again.body).toBe(`${LINK_SPENT}\n`);
    expect(again.headers['set-cookie']).toBeUndefined();
  });

  it('does not take the launch token in its place', async () => {
    const r = await http(server.port, 'GET', `/web/in?code=${server.token}`);
    expect(r.status).toBe(401);
    expect((await http(server.port, 'GET', `/web/?token=${server.token}`)).status).toBe(401);
  });
});

describe('with the cookie', () => {
  it('serves the page with a strict policy, no CORS header and no token, and its bundle', async () => {
    const cookie = await signIn();
    const page = await http(server.port, 'GET', '/web/', undefined, { headers: { Cookie: cookie } });
    expect(page.status).toBe(200);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    const csp = String(page.headers['content-security-policy']);
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain('unsafe-inline');
    expect(csp).not.toContain('unsafe-eval');
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain(`connect-src 'self' ws://127.0.0.1:${server.port}`);
    expect(page.headers['access-control-allow-origin']).toBeUndefined();
    expect(page.headers['cache-control']).toBe('no-store');
    expect(page.headers['referrer-policy']).toBe('no-referrer');
    expect(page.body).not.toContain(server.token);
    expect(page.body).not.toMatch(/<script>|<style>| style=/);
    for (const file of ['/web/app.js', '/web/app.css']) {
      const r = await http(server.port, 'GET', file, undefined, { headers: { Cookie: cookie } });
      expect(r.status, file).toBe(200);
      expect(r.body).not.toContain(server.token);
      expect(r.body.length).toBeGreaterThan(1000);
    }
  });

  it('does not hand its files to another origin, nor its page to a frame', async () => {
    const cookie = await signIn();
    const js = await http(server.port, 'GET', '/web/app.js', undefined, { headers: { Cookie: cookie, 'Sec-Fetch-Site': 'same-site' } });
    expect(js.status).toBe(403);
    const framed = await http(server.port, 'GET', '/web/', undefined, { headers: { Cookie: cookie, 'Sec-Fetch-Dest': 'iframe' } });
    expect(framed.status).toBe(403);
  });

  it('answers only GET: nothing on the page changes state over plain HTTP', async () => {
    const cookie = await signIn();
    const r = await http(server.port, 'POST', '/web/', '{}', { headers: { Cookie: cookie, Origin: origin() } });
    expect(r.status).toBe(405);
    expect(r.headers['access-control-allow-origin']).toBeUndefined();
  });
});

describe('the Host rule', () => {
  it('covers the page and its live connection: a foreign name is refused before anything else', async () => {
    const cookie = await signIn();
    const page = await http(server.port, 'GET', '/web/', undefined, { headers: { Cookie: cookie, Host: `rebound.example:${server.port}` } });
    expect(page.status).toBe(403);
    expect(page.body).toBe(`${HOST_REFUSAL}\n`);
    const link = new URL(server.web.link(''));
    const login = await http(server.port, 'GET', `${link.pathname}${link.search}`, undefined, { headers: { Host: `rebound.example:${server.port}` } });
    expect(login.status).toBe(403);
    expect(await upgradeStatus({ Cookie: cookie, Origin: `http://rebound.example:${server.port}`, Host: `rebound.example:${server.port}` })).toBe(403);
  });
});

describe('the live connection', () => {
  it('refuses another origin, and no origin at all, even with the cookie', async () => {
    const cookie = await signIn();
    expect(await upgradeStatus({ Cookie: cookie, Origin: 'http://127.0.0.1:1' })).toBe(403);
    expect(await upgradeStatus({ Cookie: cookie, Origin: `http://localhost:${server.port}` })).toBe(403);
    expect(await upgradeStatus({ Cookie: cookie })).toBe(403);
    expect(await upgradeStatus({ Cookie: cookie, Origin: origin() })).toBe(0);
  });

  it('shows the workspace, a card\'s screen, and what is typed at it from the page', async () => {
    const cookie = await signIn();
    const opened = await openEcho();
    expect(opened.page).toBe(`${origin()}/web/#card=${opened.id}`);
    const page = await live(cookie);
    await until(() => page.lastView()?.projects.some((p) => p.entries.some((e) => 'card' in e && e.card.id === opened.id)) ?? false);
    const card = page
      .lastView()!
      .projects.flatMap((p) => p.entries)
      .flatMap((e) => ('card' in e ? [e.card] : e.folder.cards))
      .find((c) => c.id === opened.id)!;
    expect(card).toMatchObject({ label: opened.label, kind: 'echo', provider: 'Echo', live: true, parked: false, path: project, worktree: '' });
    page.send({ t: 'watch', id: opened.id });
    await until(() => page.output(opened.id).includes('echo is ready'));
    const screen = page.messages.find((m) => m.t === 'screen');
    expect(screen).toMatchObject({ t: 'screen', id: opened.id, cols: 80, rows: 24, live: true });
    page.send({ t: 'in', id: opened.id, d: 'typed from the page\r' });
    await until(() => page.output(opened.id).includes('typed from the page'));
    page.ws.close();
  });

  it('types what the page sends after a relayed message\'s Enter, never between its paste and the Enter', async () => {
    const cookie = await signIn();
    const opened = await openEcho();
    const page = await live(cookie);
    page.send({ t: 'watch', id: opened.id });
    await until(() => page.output(opened.id).includes('echo is ready'));
    // The relay types once the terminal has been quiet 600 ms, then waits 150 ms of quiet after
    // the paste before its Enter: the page types in that gap.
    const sent = rpc(server, 'relay.Send', [{ from: '', target: opened.id, project: '', prompt: 'a relayed task', timeoutSeconds: 1 }]);
    await until(() => page.output(opened.id).includes('^[[201~'), 5000);
    page.send({ t: 'in', id: opened.id, d: 'X' });
    await until(() => page.output(opened.id).includes('X'), 5000);
    const out = page.output(opened.id);
    const end = out.indexOf('^[[201~');
    // The PTY's echo of the Enter (\r\n) comes before the page's X.
    expect(out.slice(end + '^[[201~'.length, out.indexOf('X', end))).toContain('\r\n');
    expect((await sent).json.status).toBe('pending');
    page.ws.close();
  });

  it('lists an errand from its send, and shows it answered with its first line', async () => {
    const cookie = await signIn();
    const opened = await openEcho();
    const page = await live(cookie);
    const sent = await rpc(server, 'relay.Send', [{ from: '', target: opened.id, project: '', prompt: 'summarise\nthe docs', timeoutSeconds: 1 }]);
    const ticket = sent.json.ticket as string;
    await until(() => page.lastView()?.errands.some((e) => e.ticket === ticket) ?? false);
    expect(page.lastView()!.errands.find((e) => e.ticket === ticket)).toMatchObject({ from: '', to: opened.label, toId: opened.id, status: 'pending', asked: 'summarise' });
    expect((await rpc(server, 'relay.Reply', [{ from: opened.id, ticket, answer: 'three pages\nmore detail' }])).status).toBe(200);
    await until(() => page.lastView()?.errands.find((e) => e.ticket === ticket)?.status === 'answered');
    const e = page.lastView()!.errands.find((x) => x.ticket === ticket)!;
    expect(e.answer).toBe('three pages');
    expect(e.endedAt).toBeGreaterThanOrEqual(e.sentAt);
    page.ws.close();
  });

  it('sends at most VIEWS_PER_SECOND views in a storm of changes, the last one true', async () => {
    const cookie = await signIn();
    const opened = await openEcho();
    const page = await live(cookie);
    await until(() => page.lastView()?.projects.some((p) => p.entries.some((e) => 'card' in e && e.card.id === opened.id)) ?? false);
    await new Promise((r) => setTimeout(r, 1100));
    const before = page.messages.filter((m) => m.t === 'view').length;
    const started = Date.now();
    for (let i = 0; i < 40; i++) {
      await http(server.port, 'POST', `/hook?token=${server.token}`, JSON.stringify({ session_id: opened.id, state: i % 2 === 0 ? 'busy' : 'done' }));
    }
    const took = Date.now() - started;
    await new Promise((r) => setTimeout(r, 1100));
    const views = page.messages.filter((m) => m.t === 'view').length - before;
    expect(views).toBeGreaterThan(0);
    expect(views).toBeLessThanOrEqual(VIEWS_PER_SECOND * Math.ceil((took + 1100) / 1000));
    const card = page.lastView()!.projects.flatMap((p) => p.entries).flatMap((e) => ('card' in e ? [e.card] : e.folder.cards)).find((c) => c.id === opened.id)!;
    expect(card.state).toBe('done');
    page.ws.close();
  });

  it('shows the title a session\'s plugin reports (/session-title, a write no RPC makes) as its card\'s label', async () => {
    const cookie = await signIn();
    const opened = await openEcho();
    const page = await live(cookie);
    const cardOf = () => page.lastView()?.projects.flatMap((p) => p.entries).flatMap((e) => ('card' in e ? [e.card] : e.folder.cards)).find((c) => c.id === opened.id);
    await until(() => cardOf() !== undefined);
    const r = await http(server.port, 'POST', `/session-title?token=${server.token}`, JSON.stringify({ session_id: opened.id, title: 'Fix the cart' }));
    expect(r.status).toBe(204);
    await until(() => cardOf()?.label === 'Fix the cart');
    expect(cardOf()).toMatchObject({ label: 'Fix the cart', title: 'Fix the cart' });
    page.ws.close();
  });

  it("shows a parked card whose directory is gone as gone, and answers its Resume with the open's refusal", async () => {
    const dir = join(dirs.root, 'gone-project');
    mkdirSync(dir, { recursive: true });
    const r = await rpc(server, 'spawn.Open', [{ from: '', project: dir, kind: 'echo', worktree: '', base: '', model: '', effort: '', folder: '', ultracode: false }]);
    expect(r.status).toBe(200);
    const s = r.json as { id: string; label: string };
    expect((await rpc(server, 'spawn.Close', [{ from: '', target: s.id, project: '', worktree: '', force: false }])).status).toBe(200);
    rmSync(dir, { recursive: true, force: true });
    const page = await live(await signIn());
    const card = () => page.lastView()?.projects.find((p) => p.path === dir)?.parked.find((c) => c.id === s.id);
    await until(() => card() !== undefined);
    expect(card()).toMatchObject({ live: false, parked: true, gone: true });
    page.send({ t: 'resume', id: s.id });
    await until(() => page.messages.some((m) => m.t === 'note'));
    expect(page.messages.find((m) => m.t === 'note')).toEqual({
      t: 'note',
      text: `"${s.label}" was not resumed: session "${s.label}" was parked in the directory of its project, ${dir}, which is gone, so it cannot be resumed there — restore the directory, or open the project from where it is now with --project <its path>`,
    });
    page.ws.close();
  });

  it('tells a page that typing into a card with no process did nothing', async () => {
    const cookie = await signIn();
    const page = await live(cookie);
    page.send({ t: 'in', id: 'no-such-session', d: 'x' });
    await until(() => page.messages.some((m) => m.t === 'note'));
    expect(page.messages.find((m) => m.t === 'note')).toEqual({ t: 'note', text: '"no-such-session" has no process running, so nothing was typed' });
    page.ws.close();
  });
});

describe("the page's grid (spec/cli.md § Known ceilings, terminal.sizeFor)", () => {
  async function openGrid(): Promise<{ id: string }> {
    const r = await rpc(server, 'spawn.Open', [{ from: '', project, kind: 'grid', worktree: '', base: '', model: '', effort: '', folder: '', ultracode: false }]);
    expect(r.status).toBe(200);
    return r.json;
  }
  const lastScreen = (page: Awaited<ReturnType<typeof live>>, id: string) =>
    [...page.messages].reverse().find((m): m is Extract<ServerMessage, { t: 'screen' }> => m.t === 'screen' && m.id === id);

  it('resizes the card a page views to the grid it reports, sends its screen at that grid, and starts every later session at it', async () => {
    const cookie = await signIn();
    const page = await live(cookie);
    // Opened before any page reported a grid: 80×24.
    const before = await openGrid();
    const other = await live(cookie);
    other.send({ t: 'watch', id: before.id });
    await until(() => other.output(before.id).includes('grid 80x24;'));
    expect(lastScreen(other, before.id)).toMatchObject({ cols: 80, rows: 24 });

    page.send({ t: 'size', id: before.id, cols: 132, rows: 43 });
    page.send({ t: 'watch', id: before.id });
    await until(() => page.output(before.id).includes('grid 132x43;'));
    expect(lastScreen(page, before.id)).toMatchObject({ cols: 132, rows: 43, live: true });
    // A page already watching the card is sent its screen afresh, at the new grid.
    await until(() => lastScreen(other, before.id)?.cols === 132);
    expect(lastScreen(other, before.id)).toMatchObject({ cols: 132, rows: 43 });

    const after = await openGrid();
    page.send({ t: 'watch', id: after.id });
    await until(() => page.output(after.id).includes('grid 132x43;'));
    expect(page.output(after.id)).not.toContain('grid 80x24;');
    expect(lastScreen(page, after.id)).toMatchObject({ cols: 132, rows: 43 });
    page.ws.close();
    other.ws.close();
  });

  it('clamps a grid past the bounds to cols 20–500 and rows 5–200', async () => {
    const cookie = await signIn();
    const page = await live(cookie);
    const opened = await openGrid();
    page.send({ t: 'size', id: opened.id, cols: 5000, rows: 2 });
    page.send({ t: 'watch', id: opened.id });
    await until(() => page.output(opened.id).includes('grid 500x5;'));
    expect(lastScreen(page, opened.id)).toMatchObject({ cols: 500, rows: 5 });
    page.ws.close();
  });

  it('refuses a size for a card this lich does not have with a note, and starts later sessions at the grid it had', async () => {
    const cookie = await signIn();
    const page = await live(cookie);
    page.send({ t: 'size', id: '', cols: 90, rows: 28 });
    page.send({ t: 'size', id: 'no-such-card', cols: 41, rows: 13 });
    await until(() => page.messages.some((m) => m.t === 'note'));
    expect(page.messages.find((m) => m.t === 'note')).toEqual({ t: 'note', text: `lich did not take the page's size: there is no card "no-such-card"` });
    const opened = await openGrid();
    page.send({ t: 'watch', id: opened.id });
    await until(() => page.output(opened.id).includes('grid 90x28;'));
    page.ws.close();
  });

  it('answers a size that is not a grid with a note, and keeps the connection and the grid it had', async () => {
    const cookie = await signIn();
    const page = await live(cookie);
    page.send({ t: 'size', id: '', cols: 100, rows: 30 });
    page.send({ t: 'size', id: '', cols: 'wide', rows: 30 });
    await until(() => page.messages.some((m) => m.t === 'note'));
    expect(page.messages.find((m) => m.t === 'note')).toEqual({
      t: 'note',
      text: 'lich did not take what the page sent: a "size" message needs cols and rows as whole numbers of cells from 1 to 100000, not "wide"×30',
    });
    page.send({ t: 'nonsense', id: '' });
    await until(() => page.messages.filter((m) => m.t === 'note').length === 2);
    expect(page.ws.readyState).toBe(WebSocket.OPEN);
    const opened = await openGrid();
    page.send({ t: 'watch', id: opened.id });
    await until(() => page.output(opened.id).includes('grid 100x30;'));
    page.ws.close();
  });
});

describe('focus', () => {
  it('brings the card to the front of every open page and answers with a one-time link to it', async () => {
    const cookie = await signIn();
    const opened = await openEcho();
    const a = await live(cookie);
    const b = await live(cookie);
    const r = await rpc(server, 'relay.Focus', [{ from: '', target: opened.id, project: '' }]);
    expect(r.status).toBe(200);
    expect(r.json).toMatchObject({ id: opened.id, label: opened.label, pages: 2 });
    expect(r.json.page).toMatch(new RegExp(`^${origin()}/web/in\\?code=[0-9a-f]{32}&card=${opened.id}$`));
    for (const p of [a, b]) await until(() => p.messages.some((m) => m.t === 'focus' && m.id === opened.id));
    a.ws.close();
    b.ws.close();
    await until(async () => (await rpc(server, 'relay.Focus', [{ from: '', target: opened.id, project: '' }])).json.pages === 0);
    // The link it gave is a way in.
    const link = new URL(r.json.page);
    const signin = await http(server.port, 'GET', `${link.pathname}${link.search}`);
    expect(signin.headers.location).toBe(`/web/#card=${opened.id}`);
  });
});

describe('the log', () => {
  it('never holds the token, a code or a cookie', async () => {
    const cookie = await signIn();
    const link = server.web.link('');
    const secrets = [server.token, new URL(link).searchParams.get('code')!, cookie.split('=')[1]!];
    const all = logged.join('\n');
    expect(all).toContain('a browser signed in to the page');
    for (const s of secrets) expect(all).not.toContain(s);
  });
});

describe('lich native', () => {
  it('lets every open page go when the native window takes over (system.CloseWindow)', async () => {
    const cookie = await signIn();
    const page = await live(cookie);
    const closed = new Promise<number>((r) => page.ws.once('close', (code) => r(code)));
    expect((await rpc(server, 'system.CloseWindow', [{}])).status).toBe(200);
    expect(await closed).toBe(1001);
    expect(page.messages.at(-1)).toMatchObject({ t: 'bye' });
  });
});
