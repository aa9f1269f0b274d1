/**
 * lich's page (docs/web-view.md): the sidebar of a headless lich — projects, folders in their
 * colors, cards with their provider, roster name, state and worktree — the terminal of the card
 * in front (xterm.js), which a person can type into, and the errands in flight and recently
 * settled. Everything arrives over one WebSocket to `/web/live` on the page's own origin
 * (../protocol.ts); the page holds no token and keeps no credential but the HttpOnly cookie it
 * cannot read.
 *
 * Bundled by tools/build.mjs into packages/cli/dist/web/app.js (+ app.css).
 */
import '@xterm/xterm/css/xterm.css';
import './style.css';
import { FitAddon } from '@xterm/addon-fit';
import { Terminal } from '@xterm/xterm';
import { routeStylesThroughCssom } from './csp.js';
import type { CardView, ErrandView, PageMessage, ProjectView, ServerMessage, WorkspaceView } from '../protocol.js';
import { GRID_BOUNDS } from '../../terminal/grid.js';

// Before the first terminal is made: xterm.js writes its styles only when it opens one.
routeStylesThroughCssom();

/** Characters written to xterm and not yet drawn, past which output is dropped and the screen fetched again. */
const BACKLOG_LIMIT = 4 * 1024 * 1024;
/** How long the browser window's size must hold before the page reports its new grid, in ms: a drag reports once. */
const RESIZE_SETTLE_MS = 150;

const app = document.getElementById('app')!;
app.replaceChildren();

const el = <K extends keyof HTMLElementTagNameMap>(tag: K, cls?: string, text?: string): HTMLElementTagNameMap[K] => {
  const e = document.createElement(tag);
  if (cls) e.className = cls;
  if (text !== undefined) e.textContent = text;
  return e;
};

// ——— layout ———
const top = el('header', 'top');
const brand = el('span', 'brand', 'lich');
const where = el('span', 'where', location.host);
const status = el('span', 'conn', 'connecting…');
status.dataset.status = 'connecting';
top.append(brand, where, status);

const sidebar = el('nav', 'sidebar');
sidebar.setAttribute('aria-label', 'sessions');
const main = el('main', 'main');
const cardHead = el('div', 'card-head');
const termBox = el('div', 'term');
// What the terminal fits: no padding or border of its own, so the fit addon measures cells, not frame.
const termFit = el('div', 'term-fit');
termBox.append(termFit);
const note = el('div', 'note');
note.hidden = true;
const errandsBox = el('section', 'errands');
const errandsTitle = el('h2', undefined, 'Errands');
const errandsTable = el('table');
const errandsHead = el('thead');
const headRow = el('tr');
for (const h of ['from', 'to', 'ticket', 'status', 'age', 'answer']) headRow.append(el('th', undefined, h));
errandsHead.append(headRow);
const errandsBody = el('tbody');
errandsTable.append(errandsHead, errandsBody);
const noErrands = el('p', 'empty', 'No errands yet: a lich send, or a session asking another, shows here.');
errandsBox.append(errandsTitle, errandsTable, noErrands);
main.append(cardHead, termBox, note, errandsBox);
const body = el('div', 'body');
body.append(sidebar, main);
app.append(top, body);

// ——— the terminal ———
const term = new Terminal({
  cols: 80,
  rows: 24,
  scrollback: 5000,
  fontSize: 13,
  fontFamily: '"DejaVu Sans Mono", "Liberation Mono", monospace',
  cursorBlink: false,
  disableStdin: true,
  theme: { background: '#16171d', foreground: '#e6e6e6', cursor: '#bd93f9' },
});
const fit = new FitAddon();
term.loadAddon(fit);
term.open(termFit);
term.onData((d) => {
  if (watching && cards.get(watching)?.live) send({ t: 'in', id: watching, d });
});

let backlog = 0;
let behind = false;
function write(data: string): void {
  backlog += data.length;
  term.write(data, () => {
    backlog -= data.length;
    if (backlog === 0 && behind) {
      behind = false;
      if (watching) send({ t: 'watch', id: watching });
    }
  });
}

// ——— state ———
let socket: WebSocket | undefined;
let workspace: WorkspaceView | undefined;
let offset = 0;
const cards = new Map<string, CardView>();
let watching = '';
let wanted = cardFromHash();
let dismissed = false;
let failures = 0;

function cardFromHash(): string {
  const m = /(?:^#|&)card=([^&]*)/.exec(location.hash);
  return m ? decodeURIComponent(m[1]!) : '';
}

function send(m: PageMessage): void {
  if (socket?.readyState === WebSocket.OPEN) socket.send(JSON.stringify(m));
}

/**
 * Views card `id`: first the grid this page's terminal box fits (spec/cli.md § Known ceilings,
 * terminal.sizeFor) — the backend resizes that card's PTY to it and starts later ones at it —
 * then the watch, whose screen comes at the grid the PTY has. The terminal here is never fitted
 * to the box itself: it takes the PTY's grid from each `screen`, so what it draws is what the
 * program drew for.
 */
function viewCard(id: string): void {
  measureAfterScreen = true;
  reportGrid(id);
  send({ t: 'watch', id });
}

/** Whether the next screen is the first of a view, after which the grid is measured again. */
let measureAfterScreen = false;

/** The grid last reported, so a resize that changes no cell reports nothing. */
let reported = '';
function reportGrid(id: string): void {
  const g = fit.proposeDimensions();
  if (!g || !Number.isFinite(g.cols) || !Number.isFinite(g.rows)) return;
  // A box too small to hold any terminal (a window squeezed to a strip) measures no window: the
  // agent keeps the grid it has rather than being squashed to the backend's minimum.
  if (g.cols < GRID_BOUNDS.minCols || g.rows < GRID_BOUNDS.minRows) return;
  reported = `${g.cols}x${g.rows}`;
  termBox.dataset.fits = reported;
  send({ t: 'size', id, cols: g.cols, rows: g.rows });
}

/** Reports the grid again if it no longer is what was reported. */
function remeasure(): void {
  const g = fit.proposeDimensions();
  if (!g) return;
  // What the box fits now, reported or not (a box too small is not): the page's tests read it.
  termBox.dataset.measured = `${g.cols}x${g.rows}`;
  if (`${g.cols}x${g.rows}` !== reported) reportGrid(watching);
}

let resizeTimer: number | undefined;
window.addEventListener('resize', () => {
  clearTimeout(resizeTimer);
  resizeTimer = window.setTimeout(remeasure, RESIZE_SETTLE_MS);
});
// The first measure can come before the terminal's font is in and its first frame drawn, when its
// cell size is a guess (measured: a row too many at 1280×800, the bottom row — a TUI's input line —
// cut off): measured again once both are.
void document.fonts.ready.then(remeasure);

function connect(): void {
  const ws = new WebSocket(`ws://${location.host}/web/live`);
  socket = ws;
  ws.onopen = () => {
    failures = 0;
    setStatus('live', 'live');
    // The grid even with no card to view: the next lich open starts at it.
    if (watching) viewCard(watching);
    else reportGrid('');
  };
  ws.onmessage = (ev) => receive(JSON.parse(String(ev.data)) as ServerMessage);
  ws.onclose = () => {
    if (socket !== ws || dismissed) return;
    failures++;
    if (failures > 3) {
      setStatus('out', 'not connected: this lich has quit, or this browser is signed out — run "lich focus <session>" for a new link');
      return;
    }
    setStatus('connecting', 'reconnecting…');
    setTimeout(connect, 1000 * failures);
  };
}

function setStatus(kind: string, text: string): void {
  status.dataset.status = kind;
  status.textContent = text;
}

function receive(m: ServerMessage): void {
  switch (m.t) {
    case 'view':
      workspace = m.view;
      offset = m.now - Date.now();
      renderView();
      return;
    case 'screen':
      if (m.id !== watching) return;
      behind = false;
      backlog = 0;
      term.reset();
      term.resize(m.cols, m.rows);
      termBox.dataset.grid = `${m.cols}x${m.rows}`;
      term.options.disableStdin = !m.live;
      termBox.dataset.live = String(m.live);
      if (m.data) write(m.data);
      termBox.dataset.screen = m.id;
      // Once per view: the first frame at the card's grid is when the cell size is surely known.
      if (measureAfterScreen) {
        measureAfterScreen = false;
        term.write('', remeasure);
      }
      return;
    case 'out':
      if (m.id !== watching) return;
      if (behind) return;
      if (backlog > BACKLOG_LIMIT) {
        behind = true;
        return;
      }
      write(m.d);
      return;
    case 'focus':
      select(m.id, true);
      window.focus();
      return;
    case 'note':
      showNote(m.text);
      return;
    case 'bye':
      dismissed = true;
      setStatus('out', m.text);
      socket?.close();
      return;
  }
}

let noteTimer: number | undefined;
function showNote(text: string): void {
  note.textContent = text;
  note.hidden = false;
  clearTimeout(noteTimer);
  noteTimer = window.setTimeout(() => (note.hidden = true), 6000);
}

// ——— choosing a card ———

function select(id: string, flash = false): void {
  wanted = id;
  const hash = `#card=${encodeURIComponent(id)}`;
  if (location.hash !== hash) history.replaceState(null, '', hash);
  if (!cards.has(id)) {
    renderView();
    return;
  }
  if (watching !== id) {
    watching = id;
    term.reset();
    termBox.dataset.screen = '';
    viewCard(id);
  }
  renderView();
  if (flash) {
    const node = sidebar.querySelector<HTMLElement>(`[data-id="${CSS.escape(id)}"]`);
    node?.classList.add('flash');
    node?.scrollIntoView({ block: 'nearest' });
    setTimeout(() => node?.classList.remove('flash'), 1200);
  }
  term.focus();
}

window.addEventListener('hashchange', () => {
  const id = cardFromHash();
  if (id && id !== watching) select(id);
});

// ——— drawing ———

// "" is "not reported", which is not idle (spec/cli.md § lich sessions): shown as the CLI's `-`.
const STATE_WORDS: Record<string, string> = { busy: 'busy', done: 'done', waiting: 'waiting', idle: 'idle', '': '-' };

/** What the sidebar and the errands were last drawn from: a view that changed neither redraws nothing. */
let drawn = { projects: '', errands: '', watching: '' };

function renderView(): void {
  if (!workspace) return;
  const view = workspace;
  cards.clear();
  for (const p of view.projects) {
    for (const e of p.entries) for (const c of 'folder' in e ? e.folder.cards : [e.card]) cards.set(c.id, c);
    for (const c of p.parked) cards.set(c.id, c);
  }
  if (!watching) {
    const first = wanted && cards.has(wanted) ? wanted : firstLiveCard(view.projects);
    if (first) {
      watching = first;
      viewCard(first);
    }
  } else if (wanted && wanted !== watching && cards.has(wanted)) {
    select(wanted);
    return;
  }
  const projects = JSON.stringify(view.projects);
  const errands = JSON.stringify(view.errands);
  if (projects !== drawn.projects || watching !== drawn.watching) {
    renderSidebar(view.projects);
    renderHead(cards.get(watching));
  }
  if (errands !== drawn.errands || watching !== drawn.watching) renderErrands(view.errands);
  drawn = { projects, errands, watching };
}

function firstLiveCard(projects: ProjectView[]): string {
  for (const p of projects) {
    if (p.active && p.entries.some((e) => ('folder' in e ? e.folder.cards : [e.card]).some((c) => c.id === p.active))) return p.active;
    for (const e of p.entries) {
      const c = 'folder' in e ? e.folder.cards[0] : e.card;
      if (c) return c.id;
    }
  }
  return '';
}

function renderSidebar(projects: ProjectView[]): void {
  const out: HTMLElement[] = [];
  if (projects.length === 0) out.push(el('p', 'empty', 'No sessions yet: lich open starts one.'));
  for (const p of projects) {
    const block = el('section', 'project');
    block.dataset.project = p.name;
    const h = el('h2', undefined, p.name);
    h.title = p.path;
    block.append(h);
    for (const e of p.entries) {
      if ('folder' in e) {
        const f = el('div', 'folder');
        f.dataset.folder = e.folder.name;
        if (e.folder.color) f.dataset.color = e.folder.color;
        f.append(el('div', 'folder-name', e.folder.name));
        for (const c of e.folder.cards) f.append(cardNode(c));
        block.append(f);
      } else {
        block.append(cardNode(e.card));
      }
    }
    if (p.parked.length > 0) {
      const parked = el('details', 'parked');
      parked.append(el('summary', undefined, `parked (${p.parked.length})`));
      for (const c of p.parked) parked.append(cardNode(c));
      block.append(parked);
    }
    out.push(block);
  }
  sidebar.replaceChildren(...out);
}

function cardNode(c: CardView): HTMLElement {
  const b = el('button', 'card');
  b.type = 'button';
  b.dataset.id = c.id;
  b.dataset.label = c.label;
  b.dataset.state = c.state;
  b.dataset.since = String(c.since);
  b.dataset.live = String(c.live);
  if (c.color) b.dataset.color = c.color;
  if (c.id === watching) b.classList.add('selected');
  const row1 = el('div', 'row');
  const dot = el('span', 'dot');
  dot.title = c.live ? STATE_WORDS[c.state] ?? c.state : c.gone ? 'parked, its directory gone' : 'parked';
  row1.append(dot, el('span', 'label', c.label), el('span', 'kind', c.provider));
  const row2 = el('div', 'row sub');
  row2.append(el('span', 'name', c.name), el('span', 'state', c.live ? (STATE_WORDS[c.state] ?? c.state) : c.gone ? 'gone' : 'parked'));
  b.append(row1, row2);
  if (c.worktree) {
    const wt = el('div', 'row sub worktree', c.branch ? `⎇ ${c.branch}` : c.worktree);
    wt.title = c.worktree;
    b.append(wt);
  }
  b.title = c.title ? `${c.title}\n${c.path}` : c.path;
  b.addEventListener('click', () => select(c.id));
  return b;
}

function renderHead(c: CardView | undefined): void {
  if (!c) {
    cardHead.replaceChildren(el('span', 'empty', 'No card open.'));
    return;
  }
  const parts: HTMLElement[] = [
    el('span', 'label', c.label),
    el('span', 'kind', c.provider),
    el('span', 'name', c.name),
    el('span', `state state-${c.live ? c.state || 'unreported' : 'parked'}`, c.live ? (STATE_WORDS[c.state] ?? c.state) : 'parked'),
  ];
  const path = el('span', 'path', c.branch ? `${c.path} (⎇ ${c.branch})` : c.path);
  parts.push(path);
  if (c.live) parts.push(el('span', 'hint', 'click the terminal and type to step in'));
  else if (c.gone) {
    parts.push(el('span', 'hint gone', c.worktree ? 'its checkout is gone: lich open --worktree <its branch> makes it again and resumes it' : 'its directory is gone, so it cannot be resumed there'));
  } else {
    // Starts it again where it stood, as `lich open --resume` does; a refusal comes back as a note.
    const resume = el('button', 'resume', 'Resume');
    resume.type = 'button';
    resume.title = `starts "${c.label}" again in ${c.path}, its conversation picked back up (lich open --resume)`;
    resume.addEventListener('click', () => send({ t: 'resume', id: c.id }));
    parts.push(resume);
  }
  cardHead.replaceChildren(...parts);
  cardHead.dataset.id = c.id;
}

function renderErrands(errands: ErrandView[]): void {
  noErrands.hidden = errands.length > 0;
  errandsTable.hidden = errands.length === 0;
  const rows = errands.map((e) => {
    const tr = el('tr');
    tr.dataset.ticket = e.ticket;
    tr.dataset.status = e.status;
    tr.dataset.sentAt = String(e.sentAt);
    tr.dataset.endedAt = String(e.endedAt);
    const from = el('td', 'from', e.from || 'command line');
    const to = el('td', 'to', e.to);
    const ticket = el('td', 'ticket', e.ticket + (e.private ? ' · private' : '') + (e.subagent ? ' · subagent' : ''));
    const st = el('td', `status status-${e.status}`, e.status === 'pending' ? `pending · ${e.phase}` : e.status);
    const age = el('td', 'age');
    const answer = el('td', 'answer', e.answer || (e.status === 'pending' ? e.asked : ''));
    if (!e.answer && e.status === 'pending') answer.classList.add('asked');
    answer.title = e.asked;
    tr.append(from, to, ticket, st, age, answer);
    for (const [cell, id] of [[from, e.fromId], [to, e.toId]] as const) {
      if (id && cards.has(id)) {
        cell.classList.add('link');
        cell.addEventListener('click', () => select(id, true));
      }
    }
    return tr;
  });
  errandsBody.replaceChildren(...rows);
  tickAges();
}

function ago(ms: number): string {
  const s = Math.max(0, Math.floor(ms / 1000));
  if (s < 60) return `${s}s`;
  if (s < 3600) return `${Math.floor(s / 60)}m ${s % 60}s`;
  return `${Math.floor(s / 3600)}h ${Math.floor((s % 3600) / 60)}m`;
}

function tickAges(): void {
  const now = Date.now() + offset;
  for (const tr of errandsBody.querySelectorAll<HTMLTableRowElement>('tr')) {
    const sent = Number(tr.dataset.sentAt);
    const ended = Number(tr.dataset.endedAt);
    const cell = tr.querySelector('.age');
    if (cell) cell.textContent = ended ? `${ago(now - ended)} ago, after ${ago(ended - sent)}` : ago(now - sent);
  }
}
setInterval(tickAges, 1000);

connect();
