/**
 * The real browser of the web view's tests: Debian's chromium (`/usr/bin/chromium`, or
 * `LICH_CHROMIUM`), driven by playwright-core — nothing is downloaded. `.ci/run` installs the
 * package when it is missing. The flags are the ones that work on this kind of machine (no
 * network but loopback): without the background-networking ones Chromium spends its start
 * failing to reach Google.
 */
import { existsSync, mkdtempSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type BrowserContext } from 'playwright-core';

export const CHROMIUM = process.env.LICH_CHROMIUM || '/usr/bin/chromium';

export const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/**
 * Chromium with a fresh profile of its own (its `--user-data-dir`, which the test may search
 * afterwards: history, cache, cookies).
 * @throws Error naming the package when the browser is not installed.
 */
export async function launch(o: { width?: number; height?: number } = {}): Promise<{ context: BrowserContext; profile: string }> {
  if (!existsSync(CHROMIUM)) throw new Error(`${CHROMIUM} is missing: install Debian's chromium (apt-get install chromium), which .ci/run does`);
  const profile = mkdtempSync(join(tmpdir(), 'lich-chromium-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    args: CHROMIUM_FLAGS,
    viewport: { width: o.width ?? 1280, height: o.height ?? 800 },
  });
  return { context, profile };
}

/** Every file under `dir` (symlinks not followed) whose bytes contain `needle`. */
export function filesContaining(dir: string, needle: string): string[] {
  const hits: string[] = [];
  const bytes = Buffer.from(needle);
  const walk = (d: string) => {
    for (const name of readdirSync(d)) {
      const path = join(d, name);
      let st;
      try {
        st = statSync(path, { throwIfNoEntry: false });
      } catch {
        continue;
      }
      if (!st) continue;
      if (st.isDirectory()) walk(path);
      else if (st.isFile()) {
        try {
          if (readFileSync(path).includes(bytes)) hits.push(path);
        } catch {
          // A file Chromium still holds locked: the others are enough.
        }
      }
    }
  };
  walk(dir);
  return hits;
}
