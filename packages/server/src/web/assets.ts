/**
 * Where the page's bundle is: `packages/cli/dist/web/` (`npm run build`, tools/build.mjs), found
 * from this module's own place — beside the backend's bundle (`dist/server.mjs` → `dist/web/`)
 * when it runs built, or across the workspace when it runs from its sources (the tests).
 */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

let found: string | undefined;

/** The directory holding `app.js` and `app.css`; undefined when the page was never built. */
export function assetsDir(): string | undefined {
  if (found) return found;
  for (const candidate of ['./web/', '../../../cli/dist/web/']) {
    let dir: string;
    try {
      dir = fileURLToPath(new URL(candidate, import.meta.url));
    } catch {
      continue;
    }
    if (existsSync(`${dir}app.js`)) return (found = dir.replace(/\/$/, ''));
  }
  return undefined;
}
