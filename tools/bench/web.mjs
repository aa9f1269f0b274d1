// The web view's cost (issue 17; docs/web-view.md § Cost): a card printing as fast as it can
// (`yes | head -c 50M`, over and over) watched by a real page in Debian's chromium must keep the
// relay's reply → send latency within its noise band and the backend's memory bounded.
//
// Three conditions, interleaved in rounds so the machine's drift (two cores, shared) falls on
// all of them alike: quiet; the card flooding with no page open; the card flooding with the page
// open on it. Each window runs the same errands as run.mjs's relay figure. The noise band is
// the spread of the quiet windows' medians; the flood's figures are read against it. The
// backend's RSS is sampled throughout, and its CPU time and Chromium's are read off /proc.
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { descendants, median, now, percentile, rpcOk, rssSampler, sleep, steadyRss } from './lib.mjs';

const CHROMIUM = process.env.LICH_CHROMIUM || '/usr/bin/chromium';
const FLAGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];
const round = (x, d = 1) => (Number.isFinite(x) ? +x.toFixed(d) : null);
const TICK_MS = 1000 / 100; // USER_HZ

/**
 * The provider that floods its PTY: `yes | head -c 50M`, again and again, while the file
 * `$BENCH_FLOOD_ON` exists (the bench removes it and ends the `yes` running to pause it).
 */
export const floodProvider = {
  name: 'Flood',
  command: '/bin/sh',
  args: ['-c', 'while :; do if [ -e "$BENCH_FLOOD_ON" ]; then yes | head -c 52428800; else sleep 0.02; fi; done'],
  env: {},
  reportsState: false,
  tools: false,
};

/** CPU time (user + system) of `pids`, in ms. */
function cpuMs(pids) {
  let ticks = 0;
  for (const pid of pids) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      ticks += Number(f[11]) + Number(f[12]);
    } catch {
      // Gone.
    }
  }
  return ticks * TICK_MS;
}

/**
 * @param o.b the backend (lib.mjs startBackend), o.rpc its client, o.errand one timed errand
 *   (`() => Promise<{replyAcceptedAt, sendReturnedAt}>`), o.project a directory to open in,
 *   o.floodFlag the path the flood provider's `$BENCH_FLOOD_ON` names, o.rounds how many rounds,
 *   o.windowMs how long each condition runs its errands in a round, o.log progress.
 * @returns the figures, or `{skipped}` when chromium is not installed.
 */
export async function benchWeb(o) {
  if (!existsSync(CHROMIUM)) return { skipped: `${CHROMIUM} is not installed (apt-get install chromium)` };
  const { chromium } = await import('playwright-core');
  const conditions = ['quiet', 'floodNoPage', 'floodWithPage'];
  const lat = Object.fromEntries(conditions.map((c) => [c, []]));
  const windows = Object.fromEntries(conditions.map((c) => [c, []]));
  const cpu = Object.fromEntries(conditions.map((c) => [c, { backendMs: 0, chromiumMs: 0, seconds: 0 }]));
  const rss = Object.fromEntries(conditions.map((c) => [c, 0]));
  const rssBefore = round(await steadyRss(o.b.pid, 5));

  const flood = await rpcOk(o.rpc, 'spawn.Open', { from: '', project: o.project, kind: 'flood', worktree: '', base: '', model: '', effort: '', folder: '', ultracode: false });
  const floodOn = async () => {
    writeFileSync(o.floodFlag, '');
    await sleep(300);
  };
  const floodOff = async () => {
    rmSync(o.floodFlag, { force: true });
    for (const pid of descendants(o.b.pid)) {
      try {
        if (readFileSync(`/proc/${pid}/comm`, 'utf8').trim() === 'yes') process.kill(pid, 'SIGTERM');
      } catch {
        // Gone already.
      }
    }
    await sleep(300);
  };

  const browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: FLAGS });
  // Chromium's processes: this bench's descendants that run it (browser, renderer, GPU, utility).
  const chromiumPids = () =>
    descendants(process.pid).filter((pid) => {
      try {
        return /chrom/i.test(readFileSync(`/proc/${pid}/comm`, 'utf8'));
      } catch {
        return false;
      }
    });
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  let chars = 0;
  let frames = 0;
  page.on('websocket', (ws) =>
    ws.on('framereceived', (f) => {
      frames++;
      chars += String(f.payload).length;
    }),
  );
  const focused = await rpcOk(o.rpc, 'relay.Focus', { from: '', target: flood.id, project: '' });
  await page.goto(focused.page);
  const cardUrl = page.url();
  const pageOn = async () => {
    await page.goto(cardUrl);
    await page.waitForFunction((id) => document.querySelector('.term')?.dataset.screen === id, flood.id, { timeout: 20_000 });
    await sleep(300);
  };
  const pageOff = async () => {
    await page.goto('about:blank');
    await sleep(300);
  };

  let drawn = '';
  let pageChars = 0;
  let pageFrames = 0;
  try {
    for (let r = 0; r < o.rounds; r++) {
      for (const c of conditions) {
        if (c === 'quiet') await floodOff();
        if (c === 'floodNoPage') await floodOn();
        if (c === 'floodWithPage') await pageOn();
        const sampler = rssSampler(o.b.pid);
        const b0 = cpuMs([o.b.pid]);
        const c0 = cpuMs(chromiumPids());
        const ch0 = chars;
        const fr0 = frames;
        const t0 = now();
        const xs = [];
        const deadline = Date.now() + o.windowMs;
        while (Date.now() < deadline) {
          const e = await o.errand();
          xs.push(e.sendReturnedAt - e.replyAcceptedAt);
        }
        const secs = (now() - t0) / 1000;
        cpu[c].backendMs += cpuMs([o.b.pid]) - b0;
        cpu[c].chromiumMs += cpuMs(chromiumPids()) - c0;
        cpu[c].seconds += secs;
        rss[c] = Math.max(rss[c], sampler.stop());
        lat[c].push(...xs);
        windows[c].push(round(median(xs), 3));
        if (c === 'floodWithPage') {
          pageChars += chars - ch0;
          pageFrames += frames - fr0;
          drawn = await page.evaluate(() => document.querySelector('.term .xterm-rows')?.textContent ?? '');
          await pageOff();
        }
      }
      o.log(`web: round ${r + 1}/${o.rounds} window medians ${JSON.stringify(Object.fromEntries(conditions.map((c) => [c, windows[c].at(-1)])))}`);
    }
  } finally {
    await browser.close();
    await floodOff();
    await o.rpc.call('spawn.Close', { from: '', target: flood.id, project: '', worktree: '', force: true }, 30_000);
  }
  await sleep(1000);
  const rssAfter = round(await steadyRss(o.b.pid, 5));

  const figure = (c) => ({
    samples: lat[c].length,
    medianMs: round(median(lat[c]), 3),
    p99Ms: round(percentile(lat[c], 99), 3),
    windowMediansMs: windows[c],
    errandsPerSecond: round(lat[c].length / cpu[c].seconds, 0),
    backendCpuPercent: round((100 * cpu[c].backendMs) / (cpu[c].seconds * 1000), 0),
    chromiumCpuPercent: round((100 * cpu[c].chromiumMs) / (cpu[c].seconds * 1000), 0),
    rssPeakMb: round(rss[c]),
  });
  const result = Object.fromEntries(conditions.map((c) => [c, figure(c)]));
  const withPage = result.floodWithPage;
  withPage.pageMbPerSecond = round(pageChars / cpu.floodWithPage.seconds / 1e6, 2);
  withPage.pageMessagesPerSecond = round(pageFrames / cpu.floodWithPage.seconds, 0);
  return {
    ...result,
    // The quiet windows' medians, lowest to highest: how far the same errands drift on their own.
    band: { medianMs: [Math.min(...windows.quiet), Math.max(...windows.quiet)] },
    rssBeforeMb: rssBefore,
    rssAfterMb: rssAfter,
    // The page was drawing the flood: its terminal's rows are `yes`'s lines, nothing else.
    pageShowedFlood: /^y+$/.test(drawn.replace(/\s/g, '')),
  };
}
